#!/bin/bash
# Issue 23 A/B (sacore, 2026-11-27 session h): v0 = main b67f9de's sa.h, v1 = v0 + the int levels'
# few-symbol counting (even/odd apart, k <= 1024) and run-wise stage-3 placement (m >= 8k),
# v2 = v0 + byte stage 1's scans in stage 3's loop shape, v3 = both. One thread, taskset -c 2,
# min of REPS, libsais 2.10.4 first each round, variants rotated, SA compared with libsais's.
# Copy this, h200host_20261127h_s1few_ab.c (as abv.c) and _wrap.c (as wrapv.c) beside libsais.c /
# libsais.h and v0..v3/sa.h. Call 1 (REPS=3, all five inputs) ran it before INPUTS and the per-rep
# stderr lines were added; call 2: REPS=7 INPUTS="/tmp/hdr /tmp/bin /tmp/fib16".
set -uo pipefail
cd "$(dirname "$0")"
O=${OUT:-/tmp/o}; mkdir -p $O
{ date -u; lscpu | sed -n 's/^Model name: *//p'; nproc; gcc --version | head -1; uptime; } > $O/host.txt 2>&1
CF="-O3 -std=c11 -D_POSIX_C_SOURCE=200809L -march=x86-64"
rm -f *.o abv
gcc $CF -c libsais.c -o libsais.o & p0=$!
pids=""
for v in 0 1 2 3; do gcc $CF -DVDIR=v$v -DFN=sais_v$v -c wrapv.c -o wrap_v$v.o & pids="$pids $!"; done
wait $p0 || exit 1
for p in $pids; do wait $p || exit 1; done
gcc $CF abv.c wrap_v0.o wrap_v1.o wrap_v2.o wrap_v3.o libsais.o -o abv || exit 1
python3 -c "
a,b=b'a',b'ab'
while len(b)<16777216: a,b=b,b+a
open('/tmp/fib16','wb').write(b[:16777216])"
find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 > /tmp/hdr
find /usr/bin -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 32000000 > /tmp/bin
ls -l /tmp/fib16 /tmp/hdr /tmp/bin >> $O/host.txt
for in in ${INPUTS:-/tmp/fib16 /tmp/hdr /tmp/bin gen:acgt:67108864 gen:random:25165824}; do
  taskset -c 2 ./abv $in ${REPS:-3} 2>&1 | tee -a $O/ab_raw.txt
done
date -u >> $O/host.txt
