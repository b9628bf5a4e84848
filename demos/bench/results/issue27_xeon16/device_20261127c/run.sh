#!/usr/bin/env bash
# ccoll27 device call 2 (issue 27, 2026-11-27 23:14 UTC; asked for nvidia-h200, ran on the
# nvidia-h100-x1 machine's 16-core Xeon host). A = the repo root = main 582891d (the fused final
# decode already landed), B = new/ = branch ccoll27-model ee3b4f6 (A + AUTO's host model with
# (p-1)/p m d; NOT landed). So HomComp_F and the ring are the same code in A and B: their rows
# show the run-to-run spread; AUTO's rows are the model A/B. Open MPI 4.1.6 shared memory,
# --bind-to core, AUTO, ring and HomComp_F interleaved (--warmup 4 --iters 8), A / B alternated,
# 2 rounds. Log: log.txt beside this file.
cd "$(dirname "$0")"; C=$PWD; R=$(cd .. && pwd); O=${OUT:-/tmp/out}; mkdir -p $O
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMP_NUM_THREADS=1
exec > >(tee $O/ccoll27_device2.txt) 2>&1
echo "# $(date -u +%FT%TZ) $(grep -c ^processor /proc/cpuinfo) vCPUs; $(grep -m1 'model name' /proc/cpuinfo); $(mpirun --version 2>&1 | head -1); $(gcc --version | head -1)"
echo "# $(uptime)"; echo "# A = main ($R), B = branch (new/)"
mpicc -O2 -D_GNU_SOURCE -fopenmp -I$C/new -o ar_new new/demos/allreduce_cpu.c -lm & p2=$!
mpicc -O2 -D_GNU_SOURCE -fopenmp -I$R -o ar_ref new/demos/allreduce_cpu.c -lm & p3=$!
wait $p2; wait $p3
ls -la ar_new ar_ref || exit 1
for round in 1 2; do
  for cfg in "2 walk 1e-4" "4 walk 1e-4" "2 normal 1e-4" "4 walk 1e-3"; do set -- $cfg
    for exe in ar_ref ar_new; do
      echo "### round $round np $1 $2 $3 $exe"
      timeout 60 mpirun --bind-to core -n $1 ./$exe --csv --count 16777216 --data $2 --rel $3 --iters 8 --warmup 4 --interleave --algo auto,ring,homcomp_f
    done
  done
done
echo "# $(date -u +%FT%TZ) $(uptime)"
