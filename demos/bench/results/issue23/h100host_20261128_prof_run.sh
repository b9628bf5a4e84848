#!/bin/bash
# issue 23 profile + A/B call (sacore 2026-11-28): int-level phase times of parallel SA-IS, main's
# sa.h (prof) and the branch's (prof_v1: loop-shaped sa__pr_block read phase / sa__pr_serial),
# alternated, beside libsais_omp
cd "$(dirname "$0")"
O=${OUT:-/tmp/o}; mkdir -p $O
{ date -u; lscpu | sed -n 's/^Model name: *//p'; nproc; gcc --version | head -1; uptime; } > $O/host.txt 2>&1
CF="-O3 -std=c11 -fopenmp -DLIBSAIS_OPENMP -D_POSIX_C_SOURCE=200809L"
gcc $CF -c libsais.c -o libsais.o & p0=$!
gcc $CF -c prof.c -o prof.o & p1=$!
gcc $CF -c prof_v1.c -o prof_v1.o & p3=$!
python3 -c "
a,b=b'a',b'ab'
while len(b)<16777216: a,b=b,b+a
open('/tmp/fib16','wb').write(b[:16777216])" & p2=$!
find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 > /tmp/hdr
find /usr/bin -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 32000000 > /tmp/bin
wait $p0 || exit 1; wait $p1 || exit 1; wait $p3 || exit 1; wait $p2
gcc $CF prof.o libsais.o -o prof || exit 1
gcc $CF prof_v1.o libsais.o -o prof_v1 || exit 1
ls -l /tmp/fib16 /tmp/hdr /tmp/bin >> $O/host.txt
echo "built $(date -u)" >> $O/host.txt
for r in 1 2; do
  for v in prof prof_v1; do
    echo "### $v round $r" | tee -a $O/prof.txt
    ./$v /tmp/hdr 2 16 8 2>&1 | tee -a $O/prof.txt
    ./$v /tmp/bin 1 16 2>&1 | tee -a $O/prof.txt
    ./$v /tmp/fib16 2 16 2>&1 | tee -a $O/prof.txt
  done
done
date -u >> $O/host.txt
