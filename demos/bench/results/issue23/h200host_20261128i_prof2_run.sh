#!/bin/bash
# (carry folder: prof.c = h200host_20261128g_prof.c; pm/sa_prof.h = h200host_20261128g_prof_patch.py on main 3b0e8d1's sa.h;
# pb/sa_prof.h = h200host_20261128i_prof2_patch_br.py on branch sacore 07ed1fb (the same patch, one anchor moved); libsais.c/.h 2.10.4)
# issue 23 session 4 device call 2 (sacore, 2026-11-28 16:48 UTC): phase profile beside libsais_omp 2.10.4 of pm (main), pb (branch:
# the int levels' counts on their threads) and pd (= pb with -DSA__PR_BDIV=8, a trial knob since dropped: the split levels' blocks
# at most n/8 slots), two interleaved passes of 2 reps each; headers 16 and 8 threads, /usr/bin 16 threads. Phase numbers of each
# binary's fastest rep of a pass. (The first try named the binaries as the folders pm/pb: link failed at 12 s; this is the rerun.)
set -uo pipefail
T0=$(date +%s)
C=$(cd "$(dirname "$0")" && pwd); cd $C
O=${OUT:-/tmp/o}; mkdir -p $O
{ date -u; lscpu | sed -n 's/^Model name: *//p'; nproc; gcc --version | head -1; uptime; nvidia-smi -L 2>/dev/null | head -1; } > $O/host.txt 2>&1
CF="-O3 -std=c11 -fopenmp -DLIBSAIS_OPENMP -D_POSIX_C_SOURCE=200809L -I. -w"
gcc $CF -c libsais.c -o libsais.o & p0=$!
gcc $CF -Ipm -c prof.c -o pm.o & p1=$!
gcc $CF -Ipb -c prof.c -o pb.o & p2=$!
gcc $CF -Ipb -DSA__PR_BDIV=8 -c prof.c -o pd.o & p3=$!
find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 > /tmp/hdr
find /usr/bin -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 32000000 > /tmp/bin
for p in $p0 $p1 $p2 $p3; do wait $p || { echo "build failed" >> $O/host.txt; exit 1; }; done
for v in pm pb pd; do gcc -fopenmp $v.o libsais.o -o x_$v || exit 1; done
echo "built at $(( $(date +%s) - T0 )) s" >> $O/host.txt
for pass in 1 2; do
  for v in pm pb pd; do
    echo "### pass $pass $v" >> $O/prof.txt
    ./x_$v /tmp/hdr 2 16 8 >> $O/prof.txt 2>&1
    ./x_$v /tmp/bin 2 16 >> $O/prof.txt 2>&1
  done
  echo "pass $pass done at $(( $(date +%s) - T0 )) s" >> $O/host.txt
done
grep -E "^###|^==" $O/prof.txt
echo "done at $(( $(date +%s) - T0 )) s" >> $O/host.txt; date -u >> $O/host.txt; cat $O/host.txt
