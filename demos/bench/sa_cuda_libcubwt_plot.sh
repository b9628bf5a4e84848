#!/usr/bin/env bash
# demos/bench/sa_cuda_libcubwt_plot.sh CSV PNG [TITLE] - bars of sa_cuda's speed over libcubwt 1.0's
# (> 1 = sa_cuda faster), one group per input, from a sa_cuda_bench_libcubwt CSV: the default
# rule, each sorter forced (DC3, doubling) and the 64-bit calls.
set -euo pipefail
csv=$1 png=$2 title=${3:-"sa_cuda SA time vs libcubwt 1.0 (same GPU, copies included)"}
dat=$(mktemp /tmp/sa_cuda_plot.XXXXXX)
trap 'rm -f "$dat"' EXIT
awk -F, 'NR > 1 { if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } v[$1, $3] = $9 }
  END { for (i = 1; i <= n; i++) { k = order[i]
        printf "\"%s\" %s %s %s %s\n", k, v[k, "sa_cuda"], v[k, "sa_cuda_dc3"], v[k, "sa_cuda_dbl"], v[k, "sa_cuda64"] } }' \
    "$csv" >"$dat"
gnuplot <<GP
set terminal pngcairo size 1000,480 font ",10" noenhanced
set output "$png"
set title "$title"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85
set boxwidth 0.9
set ylabel "libcubwt time / sa_cuda time (above 1: sa_cuda faster)"
set yrange [0:*]
set grid ytics
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "red"
set key top left
plot "$dat" using 2:xtic(1) title "sa_cuda default", "" using 3 title "DC3 forced", \
     "" using 4 title "doubling forced", "" using 5 title "64-bit calls"
GP
echo "plot: $png"
