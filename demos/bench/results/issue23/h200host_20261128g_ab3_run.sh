#!/bin/bash
# (carry folder: v0/sa.h main 2ac18d4, v1/sa.h branch d93da56, ab.c / wrap.c = h200host_20261128_pr_ab.c / _pr_wrap.c, lbsrc/ = libsais 2.10.4)
# issue 23 device call 3 (sacore, 2026-11-28 session 3): A/B main (v0, 2ac18d4) / branch sacore (v1 = d93da56: the int levels'
# one-thread phases on all threads: unique-name drop/undrop, stage-3 placing; counting stays on one thread) in one process per input
# beside libsais_omp 2.10.4 (ab.c, min of rounds, variants rotated, every SA compared with libsais's); then the
# branch's cells with the repo's sa_libsais_bench (default algorithm, SA only, min of 3).
set -uo pipefail
T0=$(date +%s)
C=$(cd "$(dirname "$0")" && pwd); cd $C
O=${OUT:-/tmp/o}; mkdir -p $O
{ date -u; lscpu | sed -n 's/^Model name: *//p'; nproc; gcc --version | head -1; uptime; nvidia-smi -L 2>/dev/null | head -1; } > $O/host.txt 2>&1
CF="-O3 -std=c11 -fopenmp -D_POSIX_C_SOURCE=200809L -w"
gcc $CF -DLIBSAIS_OPENMP -c libsais.c -o libsais.o & p0=$!
gcc $CF -DVDIR=v0 -DFN=sa_v0 -c wrap.c -o w0.o & p1=$!
gcc $CF -DVDIR=v1 -DFN=sa_v1 -c wrap.c -o w1.o & p2=$!
gcc $CF -DLIBSAIS_OPENMP -Ilbsrc/src -Ilbsrc/include -c ../demos/bench/sa_libsais_wrap.c -o lbw.o & p4=$!
gcc $CF -DSA_BENCH_LIBSAIS -DLIBSAIS_OPENMP -Iv1 -I.. -Ilbsrc/include -c ../demos/bench/sa_libsais_bench.c -o lbb.o & p5=$!
find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 > /tmp/hdr
find /usr/bin -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 32000000 > /tmp/bin
python3 -c "
a,b=b'a',b'ab'
while len(b)<16777216: a,b=b,b+a
open('/tmp/fib16','wb').write(b[:16777216])"
for p in $p0 $p1 $p2 $p4 $p5; do wait $p || { echo "build failed" >> $O/host.txt; exit 1; }; done
gcc -fopenmp -DLIBSAIS_OPENMP -I. ab.c w0.o w1.o libsais.o -o ab || exit 1
gcc -fopenmp lbb.o lbw.o -o lb -lm || exit 1
echo "built at $(( $(date +%s) - T0 )) s" >> $O/host.txt
echo "input,n,threads,rounds,libsais_omp_s,v0_s,v1_s,lib/v0,lib/v1,v1_speedup_vs_v0,v0_algo,v1_algo" | tee $O/ab.csv
./ab /tmp/hdr 16 4 8 5 4 2 2>>$O/ab_reps.txt | tee -a $O/ab.csv
./ab /tmp/bin 16 3 8 4 2>>$O/ab_reps.txt | tee -a $O/ab.csv
./ab /tmp/fib16 16 2 8 2 2>>$O/ab_reps.txt | tee -a $O/ab.csv
echo "ab done at $(( $(date +%s) - T0 )) s" >> $O/host.txt
echo "prof done at $(( $(date +%s) - T0 )) s" >> $O/host.txt
{ ./lb /tmp/hdr --name usr-include-46MB --threads 8,16 --reps 3 --algos default --no-lcp
  ./lb /tmp/bin --name usr-bin-32MB --threads 8,16 --reps 3 --algos default --no-lcp --no-header
  true; } > $O/cells.csv 2>$O/cells_err.txt
cat $O/cells.csv
echo "done at $(( $(date +%s) - T0 )) s" >> $O/host.txt; date -u >> $O/host.txt
