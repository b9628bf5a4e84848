#!/bin/bash
# sacore's device call (issue 23, 2026-11-27, second session): (1) A/B of parallel SA-IS's phases,
# main at e09c25e (ab/sa.h: the int levels' block walk on one thread) against this tree (the walk on
# all threads, sa__pr_pwalk): headers at 2/8/16 threads and /usr/bin at 8/16, each binary once;
# (2) sa.h vs libsais 2.10.4, the whole table on the GPU machine's 16-core host (headers, random,
# ACGT, Fibonacci, /usr/bin; 16/8/2 threads SA only, 1 thread SA + LCP; --reps 2, ACGT and /usr/bin
# 1t --reps 1). LIM: seconds after which no bench row starts. Run from the carried tree: bash THIS_SCRIPT.
set -u
O=${OUT:-/tmp/outsacore}; B=/tmp/sab; mkdir -p "$O" "$B"
exec >> "$O/run.log" 2>&1   # (no process substitution: bash's wait hung on one last session)
T0=$(date +%s); el() { echo $(( $(date +%s) - T0 )); }
LIM=${LIM:-150}
date -u +%FT%TZ; lscpu | sed -n 's/^Model name: *//p' | head -1; nproc
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader; cc --version | head -1; cat libsais/VERSION
cat HEAD_COMMIT
F="-std=c11 -O3 -fopenmp"
( cc -O3 -fopenmp -w -DLIBSAIS_OPENMP -Ilibsais/src -Ilibsais/include -c demos/bench/sa_libsais_wrap.c -o $B/wrap.o &&
  cc $F -DSA_BENCH_LIBSAIS -DLIBSAIS_OPENMP -Ilibsais/include -I. demos/bench/sa_libsais_bench.c $B/wrap.o -o $B/bench -lm ||
  echo "bench build FAILED" ) &
( cc $F -I. demos/bench/sa_bench_psais_trace.c -o $B/trace_new || echo "trace build FAILED" ) &
( cc $F -Iab demos/bench/sa_bench_psais_trace.c -o $B/trace_main || echo "trace (main) build FAILED" ) &
hdr=/tmp/hdr.txt; bin=/tmp/bin.bin
find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 > $hdr &
find /usr/bin -maxdepth 1 -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 32000000 > $bin &
wait
echo "inputs ready $(el) s"
for b in main new; do
  echo "== trace_$b headers"; $B/trace_$b $hdr 2 8 16 >> $O/trace_$b.txt 2>&1; tail -3 $O/trace_$b.txt
done
for b in main new; do
  echo "== trace_$b /usr/bin"; $B/trace_$b $bin 8 16 >> $O/trace_$b.txt 2>&1; tail -2 $O/trace_$b.txt
done
echo "A/B done $(el) s"
csv=$O/sa_libsais_pwalk.csv; : > $csv; h=
run() { local est=$1; shift
  if [ $(( $(el) + est )) -gt $LIM ]; then echo "SKIPPED $* ($(el) s + $est)"; return; fi
  local s=$(date +%s); $B/bench "$@" $h >> $csv 2>>$O/bench_err.log; echo "rc $? $(( $(date +%s) - s )) s: $*"; h=--no-header; }
run 16 $hdr --name usr-include-45MB --threads 16,8,2 --reps 2 --algos default --no-lcp
run 11 $bin --name usr-bin-32MB --threads 16,8,2 --reps 2 --algos default --no-lcp
run 5 --gen fib 16777216 --name fib-16MiB --threads 16,8,2 --reps 2 --algos default --no-lcp
run 23 --gen acgt 67108864 --name acgt-64MiB --threads 16,8,2 --reps 2 --algos default --no-lcp
run 15 --gen random 25165824 --name random-24MiB --threads 16,8,2,1 --reps 2 --algos default --no-lcp
run 12 $hdr --name usr-include-45MB --threads 1 --reps 2 --algos default
run 4 --gen fib 16777216 --name fib-16MiB --threads 1 --reps 2 --algos default
run 4 $bin --name usr-bin-32MB --threads 1 --reps 1 --algos default
run 7 --gen acgt 67108864 --name acgt-64MiB --threads 1 --reps 1 --algos default --no-lcp
cut -d, -f1,3,4,5,6,7,8,9,10,11 $csv
echo "total $(el) s"
