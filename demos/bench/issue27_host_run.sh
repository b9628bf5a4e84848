#!/usr/bin/env bash
# demos/bench/issue27_host_run.sh - issue 27 on a many-core host without ip/tc (the GPU
# machine's 16-core host; Open MPI or MPICH): the standalone codec per core (every instruction
# set), the ISA test, and ccoll's HomComp_F ring with 4 ranks x 4 codec threads and 4 x 1 on the
# host's shared memory, with its in-ring codec rates (ccoll_info's split) beside them.
#   demos/bench/issue27_host_run.sh OUTDIR        (about a minute on 16 cores)
# Builds with cc/mpicc -O2 directly (no meson), so it runs on a bare machine.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${1:-/tmp/issue27}
mkdir -p "$OUT"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
log=$OUT/host_run.txt
exec > >(tee "$log") 2>&1
echo "# $(date -u +%FT%TZ) $(hostname) $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo)"
echo "# $(uptime)"
grep -o -m1 'avx512f' /proc/cpuinfo || echo "no avx512f"
cc -O2 -I"$ROOT" -o "$OUT/seg" "$ROOT/demos/bench/homcomp_bench_seg.c" -lm || exit 1
cc -O2 -I"$ROOT" -I"$ROOT/tests" -o "$OUT/isa" "$ROOT/tests/test_homcomp_isa.c" -lm || exit 1
mpicc -O2 -fopenmp -I"$ROOT" -I"$ROOT/demos" -o "$OUT/ar" "$ROOT/demos/allreduce_cpu.c" -lm || exit 1
echo "## ISA test"
"$OUT/isa" | tail -2
echo "## standalone codec, one core, 65536-element calls"
for d in walk normal; do "$OUT/seg" --count 16777216 --data $d --rel 1e-4 --csv; done | tee "$OUT/codec.csv"
echo "## the same, 4 processes at once (memory and cache shared as in a 4-rank ring)"
for i in 1 2 3 4; do "$OUT/seg" --count 16777216 --data walk --rel 1e-4 --csv --reps 2 | sed 1d | sed "s/^/conc$i,/" & done | tee "$OUT/codec_conc4.csv"
wait
echo "## ring, shared memory: 2 x 1, 4 ranks x 1 thread, 4 x 4 (segment 262144 = 8 codec chunks), 16 x 1"
for cfg in "2 1 65536" "4 1 65536" "4 4 262144" "16 1 65536"; do
    set -- $cfg
    OMP_NUM_THREADS=$2 timeout 120 mpiexec --bind-to none -n "$1" "$OUT/ar" --csv --count 16777216 --data walk --rel 1e-4 \
        --algo ring,homcomp_f --iters 3 --threads "$2" --segment "$3" | grep -E '^(algo|mpi|ring|homcomp_f),' | sed "s/^/np$1xt$2,/"
done | tee "$OUT/ring.csv"
echo "# $(uptime)"
