#!/usr/bin/env bash
# demos/bench/sa_libsais_plot.sh CSV PNG TITLE - bars of sa.h's SA speed over libsais's at the
# same thread count (libsais_omp above 1 thread; > 1 = sa.h faster), one group per input and
# thread count, from a sa_libsais_bench CSV: the default, parallel SA-IS and parallel doubling.
set -euo pipefail
csv=$1 png=$2 title=${3:-"sa.h SA time vs libsais (same threads)"}
dat=$(mktemp /tmp/sa_libsais_plot.XXXXXX)
trap 'rm -f "$dat"' EXIT
awk -F, 'NR > 1 && $3 ~ /^sa\.h-/ {
    k = $1 " x" $4; if (!(k in seen)) { seen[k] = 1; order[++nk] = k }
    v[k, $3] = $8 }
  END { for (i = 1; i <= nk; i++) { k = order[i]; d = v[k, "sa.h-default"]; p = v[k, "sa.h-psais"]; q = v[k, "sa.h-parallel"]
        printf "\"%s\" %s %s %s\n", k, d == "" ? "-" : d, p == "" ? "-" : p, q == "" ? "-" : q } }' "$csv" >"$dat"
gnuplot <<GP
set terminal pngcairo size 1200,560 font ",10" noenhanced
set output "$png"
set title "$title"
set datafile missing "-"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85
set boxwidth 0.9
set ylabel "libsais time / sa.h time (above 1: sa.h faster)"
set xlabel "input x threads (libsais_omp above 1 thread)"
set bmargin 7
set xtics rotate by -30 font ",8"
set grid ytics
set yrange [0:*]
set key top left
set arrow from graph 0, first 1 to graph 1, first 1 nohead lc rgb "#aa3333" dt 2
plot "$dat" using 2:xtic(1) title "sa.h default" lc rgb "#4477aa", \
     "" using 3 title "parallel SA-IS" lc rgb "#66ccee", \
     "" using 4 title "parallel doubling" lc rgb "#ccbb44"
GP
echo "plot: $png"
