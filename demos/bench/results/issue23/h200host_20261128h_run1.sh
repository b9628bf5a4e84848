#!/bin/bash
# issue 23 device call 1 (sabyte, 2026-11-28 session 4), carry folder: pt.c (= h200host_20261128h_pt.c),
# prof/sa.h (= h200host_20261128h_prof_patch.py applied to main's sa.h); sa.h itself = the device copy of main.
# (1) one-thread SA-IS vs parallel SA-IS at 2/3/4/6 threads (and the doubling where the rule may pick it)
# on five inputs, min of reps; (2) the byte-level scans' profile at 2/8/16 threads (private copy).
set -uo pipefail
T0=$(date +%s)
C=$(cd "$(dirname "$0")" && pwd); cd $C
O=${OUT:-/tmp/o}; mkdir -p $O
{ date -u; lscpu | sed -n 's/^Model name: *//p'; nproc; gcc --version | head -1; uptime; nvidia-smi -L 2>/dev/null | head -1; } > $O/host.txt 2>&1
CF="-O3 -std=c11 -fopenmp -D_POSIX_C_SOURCE=200809L -w"
gcc $CF -I.. pt.c -o pt & p1=$!
gcc $CF -Iprof -I.. pt.c -o ptp & p2=$!
find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 > /tmp/hdr
find /usr/bin -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 32000000 > /tmp/bin
for p in $p1 $p2; do wait $p || { echo "build failed" >> $O/host.txt; exit 1; }; done
echo "built at $(( $(date +%s) - T0 )) s; hdr $(stat -c %s /tmp/hdr) bin $(stat -c %s /tmp/bin)" >> $O/host.txt
./pt /tmp/hdr headers 3 2,3,4,6 | tee -a $O/pt.csv
./pt /tmp/bin bin 3 2,3,4,6 | tee -a $O/pt.csv
./pt gen:fib:16777216 fib 3 2,3,4,6 | tee -a $O/pt.csv
./pt gen:random:25165824 random 2 2,3,4,6 2,3,4 | tee -a $O/pt.csv
echo "pt4 at $(( $(date +%s) - T0 )) s" >> $O/host.txt
./pt gen:acgt:67108864 acgt 2 2,3,4 2,3 | tee -a $O/pt.csv
echo "pt at $(( $(date +%s) - T0 )) s" >> $O/host.txt
SAIS_REPS=1 ./ptp /tmp/hdr headers 2 2,8,16 | tee -a $O/prof.csv
SAIS_REPS=1 ./ptp /tmp/bin bin 2 8,16 | tee -a $O/prof.csv
echo "done at $(( $(date +%s) - T0 )) s" >> $O/host.txt; date -u >> $O/host.txt
