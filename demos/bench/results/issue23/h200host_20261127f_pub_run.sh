#!/bin/bash
# sacore's second device call (issue 23, 2026-11-27): parallel SA-IS's phases with the int levels'
# block walk on one thread (-DSA__PR_PWALK=0, = main) and on all threads (sa__pr_pwalk) publishing
# progress every 64 slots (the first try, -DSA__PR_PUB=64) or every 1024 (the default of
# h200host_20261127f_pub.patch, applied to d920dce for the call; the log's "main 1bd7e4b" was
# main's head then, not the base);
# headers at 2/8/16 threads, /usr/bin at 8/16, one run of each binary, interleaved. Run from the
# carried tree: bash THIS_SCRIPT.
set -u
O=${OUT:-/tmp/outsacore}; B=/tmp/sab; mkdir -p "$O" "$B"
exec >> "$O/run.log" 2>&1
T0=$(date +%s); el() { echo $(( $(date +%s) - T0 )); }
date -u +%FT%TZ; lscpu | sed -n 's/^Model name: *//p' | head -1; nproc; cc --version | head -1; cat HEAD_COMMIT
F="-std=c11 -O3 -fopenmp -I. demos/bench/sa_bench_psais_trace.c"
( cc $F -DSA__PR_PWALK=0 -o $B/t_one || echo FAILED ) &
( cc $F -DSA__PR_PUB=64 -o $B/t_p64 || echo FAILED ) &
( cc $F -o $B/t_p1024 || echo FAILED ) &
hdr=/tmp/hdr.txt; bin=/tmp/bin.bin
find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 > $hdr &
find /usr/bin -maxdepth 1 -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 32000000 > $bin &
wait
echo "ready $(el) s"
for b in one p1024 p64; do echo "== $b headers"; $B/t_$b $hdr 2 8 16 >> $O/trace_$b.txt 2>&1; grep "parallel SA-IS [0-9]" $O/trace_$b.txt | tail -3; done
for b in one p1024 p64; do echo "== $b bin"; $B/t_$b $bin 8 16 >> $O/trace_$b.txt 2>&1; grep "parallel SA-IS [0-9]" $O/trace_$b.txt | tail -2; done
for b in one p1024 p64; do echo "== $b recursion"; grep -A8 "^parallel SA-IS, " $O/trace_$b.txt | grep recurse | tr '\n' ' '; echo; done
echo "total $(el) s"
