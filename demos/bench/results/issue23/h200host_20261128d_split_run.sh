#!/bin/bash
# Issue 23 A/B (sacore, 2026-11-28 06:20): v0 = main's sa.h (8d6fdc6), v1 = 5ac5a48's (the int levels'
# block-scan cache as two arrays: the one-thread walk streams the buckets only; _split.patch). Default
# algorithm, 16/8/2 threads beside libsais_omp 2.10.4, one process per input, variants rotated, min of
# the rounds. ab.c / wrap.c = h200host_20261128_pr_ab.c / _pr_wrap.c. Carry folder: v0/sa.h, v1/sa.h,
# libsais.c, libsais.h (libsais 2.10.4), ab.c, wrap.c, this script as run3.sh.
set -uo pipefail
T0=$(date +%s)
C=$(cd "$(dirname "$0")" && pwd); cd $C
O=${OUT:-/tmp/o}; mkdir -p $O
{ date -u; lscpu | sed -n 's/^Model name: *//p'; nproc; gcc --version | head -1; uptime; } > $O/host3.txt 2>&1
CF="-O3 -std=c11 -fopenmp -D_POSIX_C_SOURCE=200809L"
gcc $CF -DLIBSAIS_OPENMP -c libsais.c -o libsais.o & p0=$!
gcc $CF -DVDIR=v0 -DFN=sa_v0 -c wrap.c -o w0.o & p1=$!
gcc $CF -DVDIR=v1 -DFN=sa_v1 -c wrap.c -o w1.o & p2=$!
python3 -c "
a,b=b'a',b'ab'
while len(b)<16777216: a,b=b,b+a
open('/tmp/fib16','wb').write(b[:16777216])" & p3=$!
find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 > /tmp/hdr
find /usr/bin -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 32000000 > /tmp/bin
for p in $p0 $p1 $p2 $p3; do wait $p || exit 1; done
gcc $CF -DLIBSAIS_OPENMP -I. ab.c w0.o w1.o libsais.o -o ab || exit 1
echo "built at $(( $(date +%s) - T0 )) s" >> $O/host3.txt
echo "input,n,threads,rounds,libsais_omp_s,v0_s,v1_s,lib/v0,lib/v1,v1_speedup_vs_v0,v0_algo,v1_algo" | tee $O/ab3.csv
./ab /tmp/hdr 16 4 8 4 2 2 2>>$O/ab3_reps.txt | tee -a $O/ab3.csv
./ab /tmp/bin 16 4 8 3 2>>$O/ab3_reps.txt | tee -a $O/ab3.csv
./ab /tmp/fib16 16 5 8 4 2>>$O/ab3_reps.txt | tee -a $O/ab3.csv
echo "done at $(( $(date +%s) - T0 )) s" >> $O/host3.txt; date -u >> $O/host3.txt
