#!/bin/bash
# (carry folder: prof.c = h200host_20261128g_prof.c, sa_prof.h = h200host_20261128g_prof_patch.py applied to main 2ac18d4 sa.h, libsais.c/.h 2.10.4)
# issue 23 device call 1 (sacore, 2026-11-28 session 3): phase profile of main 2ac18d4's default build at 8/16
# threads (headers, /usr/bin) beside libsais_omp 2.10.4, and a 4-thread trial of SA__PR_OWN_T=4 (prof4).
set -uo pipefail
T0=$(date +%s)
C=$(cd "$(dirname "$0")" && pwd); cd $C
O=${OUT:-/tmp/o}; mkdir -p $O
{ date -u; lscpu | sed -n 's/^Model name: *//p'; nproc; gcc --version | head -1; uptime; nvidia-smi -L 2>/dev/null | head -1; } > $O/host.txt 2>&1
CF="-O3 -std=c11 -fopenmp -DLIBSAIS_OPENMP -D_POSIX_C_SOURCE=200809L -I. -w"
gcc $CF -c libsais.c -o libsais.o & p0=$!
gcc $CF -c prof.c -o prof.o & p1=$!
gcc $CF -DSA__PR_OWN_T=4 -c prof.c -o prof4.o & p2=$!
find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 > /tmp/hdr
find /usr/bin -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 32000000 > /tmp/bin
for p in $p0 $p1 $p2; do wait $p || exit 1; done
gcc -fopenmp prof.o libsais.o -o prof || exit 1
gcc -fopenmp prof4.o libsais.o -o prof4 || exit 1
ls -l /tmp/hdr /tmp/bin >> $O/host.txt
echo "built at $(( $(date +%s) - T0 )) s" >> $O/host.txt
./prof /tmp/hdr 3 16 8 2>&1 | tee -a $O/prof.txt
./prof /tmp/bin 3 16 8 2>&1 | tee -a $O/prof.txt
echo "prof done at $(( $(date +%s) - T0 )) s" >> $O/host.txt
echo "### prof (OWN_T 8) then prof4 (OWN_T 4), 4 threads, hdr" | tee -a $O/prof.txt
./prof /tmp/hdr 2 4 2>&1 | tee -a $O/prof.txt
./prof4 /tmp/hdr 2 4 2>&1 | tee -a $O/prof.txt
echo "done at $(( $(date +%s) - T0 )) s" >> $O/host.txt; date -u >> $O/host.txt
