#!/bin/bash
# Issue 23 A/B (sacore, 2026-11-28 session 3): v0 = main's sa.h (3a7d929), v1 = branch d2ab623's
# (parallel SA-IS int levels: landing-free stretches of each block scan placed on all threads,
# sa__pr_place; h200host_20261128b_free.patch). Default algorithm, 16/8/2 threads, beside
# libsais_omp 2.10.4, one process per input, variants rotated each round, min of the rounds; then
# the branch's README-table cells with sa_libsais_bench (--threads 2,8,16 --reps 3 --algos default
# --no-lcp). ab.c / wrap.c = h200host_20261128_pr_ab.c / _pr_wrap.c. Carry folder: v0/sa.h, v1/sa.h,
# sa_sacore.h (= v1), libsais.c, libsais.h, libsais-src/ (src, include), ab.c, wrap.c, this script.
set -uo pipefail
T0=$(date +%s)
C=$(cd "$(dirname "$0")" && pwd); cd $C
O=${OUT:-/tmp/o}; mkdir -p $O
{ date -u; lscpu | sed -n 's/^Model name: *//p'; nproc; gcc --version | head -1; uptime; } > $O/host.txt 2>&1
CF="-O3 -std=c11 -fopenmp -D_POSIX_C_SOURCE=200809L"
gcc $CF -DLIBSAIS_OPENMP -c libsais.c -o libsais.o & p0=$!
gcc $CF -DVDIR=v0 -DFN=sa_v0 -c wrap.c -o w0.o & p1=$!
gcc $CF -DVDIR=v1 -DFN=sa_v1 -c wrap.c -o w1.o & p2=$!
python3 -c "
a,b=b'a',b'ab'
while len(b)<16777216: a,b=b,b+a
open('/tmp/fib16','wb').write(b[:16777216])" & p3=$!
( cd $C/.. && cp $C/sa_sacore.h sa.h && meson setup B . -Dbuildtype=release -Dlibsais_dir=$C/libsais-src -Dcuda=disabled -Dmpi=disabled -Dbenchmarks=enabled > $O/meson.txt 2>&1 && ninja -C B demos/bench/sa_libsais_bench >> $O/meson.txt 2>&1 ) & p4=$!
find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 > /tmp/hdr
find /usr/bin -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 32000000 > /tmp/bin
for p in $p0 $p1 $p2 $p3; do wait $p || exit 1; done
wait $p4; echo "meson rc $?" >> $O/host.txt
gcc $CF -DLIBSAIS_OPENMP -I. ab.c w0.o w1.o libsais.o -o ab || exit 1
ls -l /tmp/fib16 /tmp/hdr /tmp/bin >> $O/host.txt
echo "built $(date -u) at $(( $(date +%s) - T0 )) s" >> $O/host.txt
echo "input,n,threads,rounds,libsais_omp_s,v0_s,v1_s,lib/v0,lib/v1,v1_speedup_vs_v0,v0_algo,v1_algo" | tee $O/ab.csv
./ab /tmp/fib16 16 6 8 6 2 3 2>>$O/ab_reps.txt | tee -a $O/ab.csv
./ab /tmp/hdr 16 4 8 3 2 2 2>>$O/ab_reps.txt | tee -a $O/ab.csv
./ab /tmp/bin 16 3 8 3 2 2 2>>$O/ab_reps.txt | tee -a $O/ab.csv
echo "ab done at $(( $(date +%s) - T0 )) s" >> $O/host.txt
BB=$C/../B/demos/bench/sa_libsais_bench
if [ -x $BB ]; then
  $BB --gen fib 16777216 --name fib-16MiB --threads 2,8,16 --reps 3 --algos default --no-lcp > $O/cells.csv 2>$O/cells_err.txt
  echo "fib cells at $(( $(date +%s) - T0 )) s" >> $O/host.txt
  if [ $(( $(date +%s) - T0 )) -lt 150 ]; then
    $BB /tmp/hdr --name usr-include-46MB --threads 2,8,16 --reps 3 --algos default --no-lcp --no-header >> $O/cells.csv 2>>$O/cells_err.txt
    echo "hdr cells at $(( $(date +%s) - T0 )) s" >> $O/host.txt
  fi
  if [ $(( $(date +%s) - T0 )) -lt 170 ]; then
    $BB /tmp/bin --name usr-bin-32MB --threads 2,8,16 --reps 3 --algos default --no-lcp --no-header >> $O/cells.csv 2>>$O/cells_err.txt
    echo "bin cells at $(( $(date +%s) - T0 )) s" >> $O/host.txt
  fi
fi
date -u >> $O/host.txt
