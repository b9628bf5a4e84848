#!/bin/bash
# (carry folder: ab.c, wrap.c (these files), v0/sa.h = main 3b0e8d1, v1/sa.h = branch sacore 001181c, libsais.c/.h 2.10.4)
# issue 23 session 4 (sacore, device call 1, 2026-11-28 16:43 UTC): A/B in one process per input beside libsais_omp 2.10.4
# (ab.c: min of rounds, variants rotated, every SA compared with libsais's). v0 = main 3b0e8d1's sa.h,
# v1 = branch sacore (int levels: counts on the level's threads, sa__pr_own counting in its read pass),
# v2 = v1 -DSA__PR_PAR_T=2, v3 = v1 -DSA__PR_PAR_T=8, v4 = v1 -DSA__PR_BDIV=8, v5 = v1 -DSA__PR_FUSE=0.
set -uo pipefail
T0=$(date +%s)
C=$(cd "$(dirname "$0")" && pwd); cd $C
O=${OUT:-/tmp/o}; mkdir -p $O
{ date -u; lscpu | sed -n 's/^Model name: *//p'; nproc; gcc --version | head -1; uptime; nvidia-smi -L 2>/dev/null | head -1; } > $O/host.txt 2>&1
CF="-O3 -std=c11 -fopenmp -D_POSIX_C_SOURCE=200809L -w"
gcc $CF -DLIBSAIS_OPENMP -I. -c libsais.c -o libsais.o & p0=$!
gcc $CF -DVDIR=v0 -DFN=sa_v0 -c wrap.c -o w0.o & p1=$!
gcc $CF -DVDIR=v1 -DFN=sa_v1 -c wrap.c -o w1.o & p2=$!
gcc $CF -DVDIR=v1 -DFN=sa_v2 -DSA__PR_PAR_T=2 -c wrap.c -o w2.o & p3=$!
gcc $CF -DVDIR=v1 -DFN=sa_v3 -DSA__PR_PAR_T=8 -c wrap.c -o w3.o & p4=$!
gcc $CF -DVDIR=v1 -DFN=sa_v4 -DSA__PR_BDIV=8 -c wrap.c -o w4.o & p5=$!
gcc $CF -DVDIR=v1 -DFN=sa_v5 -DSA__PR_FUSE=0 -c wrap.c -o w5.o & p6=$!
find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 > /tmp/hdr
find /usr/bin -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 32000000 > /tmp/bin
python3 -c "
a,b=b'a',b'ab'
while len(b)<16777216: a,b=b,b+a
open('/tmp/fib16','wb').write(b[:16777216])"
for p in $p0 $p1 $p2 $p3 $p4 $p5 $p6; do wait $p || { echo "build failed" >> $O/host.txt; exit 1; }; done
gcc -fopenmp -DLIBSAIS_OPENMP -I. ab.c w0.o w1.o w2.o w3.o w4.o w5.o libsais.o -o ab || exit 1
echo "built at $(( $(date +%s) - T0 )) s; sizes $(stat -c %s /tmp/hdr /tmp/bin /tmp/fib16 | tr '\n' ' ')" >> $O/host.txt
echo "input,n,threads,rounds,libsais_omp_s,[v,s,lib/v,v0/v]..." > $O/ab.csv
# masks: 51 = v0 v1 v4 v5 (8/16 threads), 11 = v0 v1 v3 (4), 7 = v0 v1 v2 (2)
./ab /tmp/hdr 16 4 51 8 4 51 4 2 11 2 2 7 2>>$O/ab_reps.txt | tee -a $O/ab.csv
echo "hdr done at $(( $(date +%s) - T0 )) s" >> $O/host.txt
./ab /tmp/bin 16 3 51 8 3 51 2>>$O/ab_reps.txt | tee -a $O/ab.csv
./ab /tmp/fib16 16 3 51 8 3 51 2>>$O/ab_reps.txt | tee -a $O/ab.csv
echo "done at $(( $(date +%s) - T0 )) s" >> $O/host.txt; date -u >> $O/host.txt
cat $O/host.txt
