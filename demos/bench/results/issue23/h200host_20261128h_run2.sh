#!/bin/bash
# issue 23 device call 2 (sabyte, 2026-11-28 session 4): A/B in one process (ab.c / wrap.c =
# h200host_20261128_pr_ab.c / _pr_wrap.c: libsais_omp 2.10.4 first each round, then v0 / v1 rotated,
# min of rounds, every SA compared with libsais's), SA_ALGO_DEFAULT at the given threads:
# v0 = main's sa.h (3b0e8d1), v1 = branch sabyte 28cadd3 (stage 3's L scan over msb-filled S slots; the
# thread rule refit), v2 = v1 + the blocks' run-finding on the block's threads (sa__pi_cut).
# ab.c = h200host_20261128h_ab3.c (three variants).
set -uo pipefail
T0=$(date +%s)
C=$(cd "$(dirname "$0")" && pwd); cd $C
O=${OUT:-/tmp/o}; mkdir -p $O
{ date -u; lscpu | sed -n 's/^Model name: *//p'; nproc; gcc --version | head -1; uptime; nvidia-smi -L 2>/dev/null | head -1; } > $O/host.txt 2>&1
CF="-O3 -std=c11 -fopenmp -D_POSIX_C_SOURCE=200809L -w"
gcc $CF -DLIBSAIS_OPENMP -Ilb -c lb/libsais.c -o libsais.o & p0=$!
gcc $CF -DVDIR=v0 -DFN=sa_v0 -c wrap.c -o w0.o & p1=$!
gcc $CF -DVDIR=v1 -DFN=sa_v1 -c wrap.c -o w1.o & p2=$!
gcc $CF -DVDIR=v2 -DFN=sa_v2 -c wrap.c -o w2.o & p3=$!
find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 > /tmp/hdr
find /usr/bin -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 32000000 > /tmp/bin
for p in $p0 $p1 $p2 $p3; do wait $p || { echo "build failed" >> $O/host.txt; exit 1; }; done
gcc -fopenmp -DLIBSAIS_OPENMP -Ilb ab.c w0.o w1.o w2.o libsais.o -o ab || exit 1
echo "built at $(( $(date +%s) - T0 )) s" >> $O/host.txt
echo "input,n,threads,rounds,libsais_omp_s,v0_s,v1_s,v2_s,lib/v0,lib/v1,lib/v2,v1_speedup_vs_v0,v2_speedup_vs_v0,v0_algo,v1_algo,v2_algo" | tee $O/ab.csv
./ab /tmp/hdr 16 3 8 2 2>>$O/ab_reps.txt | tee -a $O/ab.csv
echo "hdr at $(( $(date +%s) - T0 )) s" >> $O/host.txt
./ab /tmp/bin 16 2 2>>$O/ab_reps.txt | tee -a $O/ab.csv
echo "done at $(( $(date +%s) - T0 )) s" >> $O/host.txt; date -u >> $O/host.txt
