#!/usr/bin/env bash
# ccoll27 device call (issue 27, 2026-11-27 22:46 UTC, nvidia-h200's 16-core Xeon host): the fused
# final decode. Ran from build-ccoll27-carry/ in a copy of main (d.. = main 972a724's headers = A);
# new/ = the branch's ccoll_mpi.h, homcomp.cuh and demos/{allreduce_cpu.c, demo_common.h,
# allreduce_demo.h, issue27_fused_final.c} (B, commit 69279e6). Log: log.txt beside this file.
# 1. one core: add_raw + decompress vs add_raw_values (issue27_fused_final), AUTO (GFNI) and AVX2.
# 2. rings, Open MPI shared memory, 64 MiB walk REL 1e-4, ring + HomComp_F interleaved in each run,
#    main / branch alternated, 3 rounds, 2 and 4 ranks (bound to cores).
cd "$(dirname "$0")"; C=$PWD; R=$(cd .. && pwd); O=${OUT:-/tmp/out}; mkdir -p $O
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMP_NUM_THREADS=1
exec > >(tee $O/ccoll27_device.txt) 2>&1
echo "# $(date -u +%FT%TZ) $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo); $(mpirun --version 2>&1 | head -1); $(gcc --version | head -1)"
echo "# $(uptime)"; echo "# A = main ($R), B = branch (new/)"
cc -O2 -I$C/new $C/new/demos/issue27_fused_final.c -lm -o ff & p1=$!
mpicc -O2 -D_GNU_SOURCE -fopenmp -I$C/new -o ar_new new/demos/allreduce_cpu.c -lm & p2=$!
mpicc -O2 -D_GNU_SOURCE -fopenmp -I$R -o ar_ref new/demos/allreduce_cpu.c -lm & p3=$!
wait $p1; wait $p2; wait $p3
ls -la ff ar_new ar_ref || exit 1
echo "## one core (core 2): add_raw + decompress vs add_raw_values, 16 Mi walk REL 1e-4, best of 10"
taskset -c 2 ./ff 16777216 10 0; taskset -c 2 ./ff 16777216 10 3
echo "## rings (Open MPI shm, --bind-to core), 64 MiB walk REL 1e-4, iters 5 warmup 3 interleave ring,homcomp_f"
for round in 1 2 3; do for np in 2 4; do for exe in ar_ref ar_new; do
  echo "### round $round np $np $exe"
  timeout 60 mpirun --bind-to core -n $np ./$exe --csv --count 16777216 --data walk --rel 1e-4 --iters 5 --warmup 3 --interleave --algo ring,homcomp_f
done; done; done
echo "# $(date -u +%FT%TZ) $(uptime)"
