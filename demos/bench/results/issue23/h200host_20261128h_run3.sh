#!/bin/bash
# issue 23 device call 3 (sabyte, 2026-11-28 session 4): the default at 2 and 4 threads, A/B in one process
# (ab.c / wrap.c = h200host_20261128_pr_ab.c / _pr_wrap.c: libsais_omp 2.10.4 first each round, then v0 / v1
# rotated, min of rounds, every SA compared with libsais's), SA_ALGO_DEFAULT:
# v0 = main's sa.h (3b0e8d1), v1 = branch sabyte 3a45743 (the rule: SA-IS at 2 threads; msb slots; sa__pi_cut).
set -uo pipefail
T0=$(date +%s)
C=$(cd "$(dirname "$0")" && pwd); cd $C
O=${OUT:-/tmp/o}; mkdir -p $O
{ date -u; lscpu | sed -n 's/^Model name: *//p'; nproc; gcc --version | head -1; uptime; nvidia-smi -L 2>/dev/null | head -1; } > $O/host.txt 2>&1
CF="-O3 -std=c11 -fopenmp -D_POSIX_C_SOURCE=200809L -w"
gcc $CF -DLIBSAIS_OPENMP -Ilb -c lb/libsais.c -o libsais.o & p0=$!
gcc $CF -DVDIR=v0 -DFN=sa_v0 -c wrap.c -o w0.o & p1=$!
gcc $CF -DVDIR=v2 -DFN=sa_v1 -c wrap.c -o w1.o & p2=$!
find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 > /tmp/hdr
for p in $p0 $p1 $p2; do wait $p || { echo "build failed" >> $O/host.txt; exit 1; }; done
gcc -fopenmp -DLIBSAIS_OPENMP -Ilb ab2.c w0.o w1.o libsais.o -o ab || exit 1
echo "built at $(( $(date +%s) - T0 )) s" >> $O/host.txt
echo "input,n,threads,rounds,libsais_omp_s,v0_s,v1_s,lib/v0,lib/v1,v1_speedup_vs_v0,v0_algo,v1_algo" | tee $O/ab.csv
./ab /tmp/hdr 2 2 4 2 2>>$O/ab_reps.txt | tee -a $O/ab.csv
echo "hdr at $(( $(date +%s) - T0 )) s" >> $O/host.txt
./ab gen:acgt:67108864 2 1 2>>$O/ab_reps.txt | tee -a $O/ab.csv
echo "done at $(( $(date +%s) - T0 )) s" >> $O/host.txt; date -u >> $O/host.txt
