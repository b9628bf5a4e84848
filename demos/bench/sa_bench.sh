#!/usr/bin/env bash
# demos/bench/sa_bench.sh - sa.h against libdivsufsort and the seed's Manber-Myers, in one run.
#   demos/bench/sa_bench.sh          (BUILD=dir for another build directory, REPS=n (5), THREADS=t)
# Installs libdivsufsort-dev when missing (apt-get), builds sa_bench, makes the inputs
# (24 MB of random bytes inside the bench; 50 MB of concatenated /usr/include headers here),
# writes demos/bench/results/sa_bench.csv, sa_bench.txt (machine, command, date) and, when
# gnuplot is present, sa_throughput.png.
set -euo pipefail
. "$(dirname "$0")/../../tests/setup.sh"
setup_deps libdivsufsort-dev
builddir=${BUILD:-$ROOT/build}
setup_build "$builddir"
$MESON compile -C "$builddir" demos/bench/sa_bench >/tmp/sa_bench-build.log 2>&1 || { cat /tmp/sa_bench-build.log; exit 1; }
bench="$builddir/demos/bench/sa_bench"
[ -x "$bench" ] || { echo "sa_bench not built (libdivsufsort missing?)" >&2; exit 1; }

# 50 MB of real text with long repeats: every header under /usr/include, in a fixed order
hdr=${SA_TEXT:-/tmp/sa_usr_include_50MB.txt}
if [ ! -s "$hdr" ]; then
    find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 >"$hdr" || true
fi
res="$ROOT/demos/bench/results"
mkdir -p "$res"
reps=${REPS:-5}
thr=${THREADS:-0}
{
    "$bench" --random 24000000 --name random-24MB --reps "$reps" --mm-prefix 24000000 --threads "$thr"
    "$bench" "$hdr" --name usr-include-$(( $(stat -c %s "$hdr") / 1000000 ))MB --reps "$reps" --mm-prefix 5000000 --threads "$thr" --no-header
} | tee "$res/sa_bench.csv"
{
    echo "date:    $(date -u +%Y-%m-%dT%H:%MZ)"
    echo "machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB"
    echo "command: demos/bench/sa_bench.sh (REPS=$reps THREADS=$thr), compiler: $(cc --version | head -1)"
    echo "libdivsufsort: $(pkg-config --modversion libdivsufsort)"
    echo "text input: $hdr, $(stat -c %s "$hdr") bytes (concatenated /usr/include/**/*.h, sorted by path)"
} | tee "$res/sa_bench.txt"

if command -v gnuplot >/dev/null 2>&1; then
    awk -F, 'NR > 1 { printf "\"%s\\n%s\" %s\n", $3 ($4 > 1 ? " x" $4 : ""), $1, $6 }' "$res/sa_bench.csv" >/tmp/sa_bench.dat
    gnuplot <<GP
set terminal pngcairo size 1100,500 font ",10"
set output "$res/sa_throughput.png"
set title "Suffix array construction, 1 thread unless noted (MB/s, higher is better)"
set style fill solid 0.8
set boxwidth 0.6
set ylabel "MB/s"
set xtics rotate by -30 font ",8"
set grid ytics
unset key
plot "/tmp/sa_bench.dat" using 0:2:xtic(1) with boxes lc rgb "#4477aa", \
     "" using 0:2:(sprintf("%.1f", \$2)) with labels offset 0,0.7
GP
    echo "plot: $res/sa_throughput.png"
fi
