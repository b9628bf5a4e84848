#!/bin/bash
# lead, 2026-11-28 17:45 UTC (run by build-lead-carry/run.sh after it the GPU check): the README's sa.h-vs-libsais table from one call on main's code (SA only, default
# algorithm, libsais 2.10.4 beside it in one process, every SA compared; 8/16 threads min of 3, 1/2 threads min of 2).
set -uo pipefail
T0=$(date +%s); C=$(cd "$(dirname "$0")" && pwd); cd $C; O=${OUT:-/tmp/o}; mkdir -p $O
{ date -u; lscpu | sed -n 's/^Model name: *//p'; nproc; gcc --version | head -1; uptime; echo "sa.h: main ${SA_COMMIT:-?}"; } > $O/host.txt 2>&1
CF="-O3 -std=c11 -fopenmp -D_POSIX_C_SOURCE=200809L -w"
gcc $CF -DLIBSAIS_OPENMP -Ilbsrc/src -Ilbsrc/include -c ../demos/bench/sa_libsais_wrap.c -o lbw.o & p1=$!
gcc $CF -DSA_BENCH_LIBSAIS -DLIBSAIS_OPENMP -I.. -Ilbsrc/include -c ../demos/bench/sa_libsais_bench.c -o lbb.o & p2=$!
find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 > /tmp/hdr
find /usr/bin -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 32000000 > /tmp/bin
for p in $p1 $p2; do wait $p || { echo "build failed" >> $O/host.txt; exit 1; }; done
gcc -fopenmp lbb.o lbw.o -o lb -lm || exit 1
echo "built at $(( $(date +%s) - T0 )) s" >> $O/host.txt
B=${BUDGET:-175}; first=1
r() { local est=$1; shift; local el=$(( $(date +%s) - T0 )); if [ $(( el + est )) -gt $B ]; then echo "SKIPPED $* (at $el s)" >> $O/host.txt; return; fi
  local h=--no-header; [ $first = 1 ] && h=; first=0; ./lb "$@" --algos default --no-lcp $h >> $O/cells.csv 2>>$O/err.txt; echo "$* rc $? at $(( $(date +%s) - T0 )) s" >> $O/host.txt; }
r 15 /tmp/hdr --name usr-include-46MB --threads 8,16 --reps 3
r 12 /tmp/bin --name usr-bin-32MB --threads 8,16 --reps 3
r 8 --gen fib 16777216 --name fib-16MiB --threads 8,16 --reps 3
r 15 --gen acgt 67108864 --name acgt-64MiB --threads 8,16 --reps 3
r 6 --gen random 25165824 --name random-24MiB --threads 8,16 --reps 3
r 25 /tmp/hdr --name usr-include-46MB --threads 1,2 --reps 2
r 20 /tmp/bin --name usr-bin-32MB --threads 1,2 --reps 2
r 10 --gen fib 16777216 --name fib-16MiB --threads 1,2 --reps 2
r 35 --gen acgt 67108864 --name acgt-64MiB --threads 1,2 --reps 2
r 12 --gen random 25165824 --name random-24MiB --threads 1,2 --reps 2
cat $O/cells.csv; echo "done at $(( $(date +%s) - T0 )) s" >> $O/host.txt; date -u >> $O/host.txt; cat $O/host.txt
