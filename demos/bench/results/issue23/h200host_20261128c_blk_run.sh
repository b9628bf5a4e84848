#!/bin/bash
# issue 23 (sacore 2026-11-28): where parallel SA-IS's int-level block scans spend their time (main 3a7d929
# + timers: read phase / one-thread walk / write phase of sa__pr_block, and one-thread runs), beside libsais_omp.
# Carry folder: h200host_20261128c_blk_patch.py as patch.py, _blk.c as blk.c, main's sa.h as sa_main.h,
# libsais 2.10.4's src/libsais.c and include/libsais.h, this script as run2.sh.
set -uo pipefail
T0=$(date +%s)
C=$(cd "$(dirname "$0")" && pwd); cd $C
O=${OUT:-/tmp/o}; mkdir -p $O
{ date -u; lscpu | sed -n 's/^Model name: *//p'; nproc; uptime; } > $O/host2.txt 2>&1
python3 patch.py sa_main.h sa_blk.h || exit 1
gcc -O3 -std=c11 -fopenmp -D_POSIX_C_SOURCE=200809L -DLIBSAIS_OPENMP -I. blk.c libsais.c -o blk & p0=$!
python3 -c "
a,b=b'a',b'ab'
while len(b)<16777216: a,b=b,b+a
open('/tmp/fib16','wb').write(b[:16777216])" & p1=$!
[ -s /tmp/hdr ] || find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 > /tmp/hdr
[ -s /tmp/bin ] || find /usr/bin -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 32000000 > /tmp/bin
for p in $p0 $p1; do wait $p || exit 1; done
echo "built at $(( $(date +%s) - T0 )) s" >> $O/host2.txt
for a in "/tmp/hdr 16" "/tmp/hdr 8" "/tmp/hdr 2" "/tmp/bin 16" "/tmp/bin 8" "/tmp/fib16 16" "/tmp/fib16 8" "/tmp/fib16 2"; do
  ./blk $a 3 | tee -a $O/blk.csv
done
echo "done at $(( $(date +%s) - T0 )) s" >> $O/host2.txt; date -u >> $O/host2.txt
