#!/usr/bin/env bash
# ccoll27 device call: codec A/B (main = repo root vs branch = new/), standalone at L3/DRAM sizes,
# alone vs two at once, rings 2x1 / 4x1 on shared memory with thread vs process CPU per codec op.
cd "$(dirname "$0")"; C=$PWD; R=$(cd .. && pwd); O=${OUT:-/tmp/out}; mkdir -p $O
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
exec > >(tee $O/ccoll27_device.txt) 2>&1
echo "# $(date -u +%FT%TZ) $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo); $(mpirun --version 2>&1 | head -1); $(gcc --version | head -1)"
echo "# $(uptime)"; echo "# A = ref/ (main 2cf44c0), B = new/ (branch c14f1f6)"
cc -O2 -DAB_ENTRY=a -I$C/ref -c new/demos/bench/issue27_codec_ab.c -o a.o & p1=$!
cc -O2 -DAB_ENTRY=b -I$C/new -c new/demos/bench/issue27_codec_ab.c -o b.o & p2=$!
mpicc -O2 -D_GNU_SOURCE -I$C/diagnew -I$C/new/demos -o ar_new new/demos/allreduce_cpu.c -lm & p3=$!
mpicc -O2 -D_GNU_SOURCE -I$C/diagref -I$C/new/demos -o ar_ref new/demos/allreduce_cpu.c -lm & p4=$!
wait $p1 $p2 $p3 $p4  # (named: a bare wait also waits for the log's tee)
cc -O2 new/demos/bench/issue27_codec_ab.c a.o b.o -lm -o ab || exit 1
echo "## codec A (main) / B (branch), one core, 65536-element calls, walk REL 1e-4, best thread-CPU rate"
taskset -c 2 ./ab 16777216 20 5; taskset -c 2 ./ab 16777216 8 4
echo "## size: 8M (32 MiB a vector) and 64M (256 MiB) elements, GFNI"
taskset -c 2 ./ab 8388608 10 5; taskset -c 2 ./ab 67108864 4 5
echo "## two at once (cores 2 and 3), 16M, GFNI"
taskset -c 2 ./ab 16777216 10 5 > two_a.txt & p5=$!; taskset -c 3 ./ab 16777216 10 5 > two_b.txt; wait $p5; cat two_a.txt two_b.txt
echo "## rings, Open MPI shared memory, 64 MiB walk REL 1e-4, interleaved, DIAG = per codec op: wall, thread CPU, process CPU"
for np in 2 4; do for exe in ar_ref ar_new; do
  echo "### np $np $exe"
  timeout 60 mpirun -n $np ./$exe --csv --count 16777216 --data walk --rel 1e-4 --iters 5 --warmup 3 --interleave --algo ring,homcomp_f
done; done
for seg in 262144; do echo "### np 2 ar_new segment $seg"
  timeout 60 mpirun -n 2 ./ar_new --csv --count 16777216 --data walk --rel 1e-4 --iters 5 --warmup 3 --interleave --algo homcomp_f --segment $seg
done
echo "# $(date -u +%FT%TZ) $(uptime)"
