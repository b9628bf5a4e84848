#!/bin/bash
# Issue 23 A/B of sa.h variants against libsais 2.10.4 at one thread (sacore, 2026-11-27, the H200
# machine's 16-core Xeon host): copy this file, h200host_20261127g_scans_ab.c (as abv.c) and
# _wrap.c (as wrapv.c) into a folder beside libsais.c / libsais.h (from a libsais checkout) and
# v0/sa.h .. v3/sa.h (v0 = main 2cf44c0, v1 = 904b832's byte stage 3 (ae2b0cd before its rebase), v2 = v1 + the int levels'
# stage 3 scans, v3 = v2 + their stage 1 scans; call 1 had 3 variants: v2 was then v1 + a
# branch-free bucket prefetch at distance 32), carry it to the device and run OUT=... bash this.
set -uo pipefail
cd "$(dirname "$0")"
O=${OUT:-/tmp/o}; mkdir -p $O
{ date -u; lscpu | sed -n 's/^Model name: *//p'; nproc; gcc --version | head -1; uptime; } > $O/host.txt 2>&1
CF="-O3 -std=c11 -D_POSIX_C_SOURCE=200809L -march=x86-64"
gcc $CF -c libsais.c -o libsais.o || exit 1
for v in 0 1 2 3; do gcc $CF -DVDIR=v$v -DFN=sais_v$v -c wrapv.c -o wrap_v$v.o || exit 1; done
gcc $CF abv.c wrap_v0.o wrap_v1.o wrap_v2.o wrap_v3.o libsais.o -o abv || exit 1
python3 -c "
a,b=b'a',b'ab'
while len(b)<16777216: a,b=b,b+a
open('/tmp/fib16','wb').write(b[:16777216])"
find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 > /tmp/hdr
find /usr/bin -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 32000000 > /tmp/bin
ls -l /tmp/fib16 /tmp/hdr /tmp/bin >> $O/host.txt
for in in /tmp/hdr gen:acgt:67108864 /tmp/fib16 /tmp/bin gen:random:25165824; do
  taskset -c 2 ./abv $in ${REPS:-3} 2>&1 | tee -a $O/ab_raw.txt
done
date -u >> $O/host.txt
