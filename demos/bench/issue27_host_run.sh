#!/usr/bin/env bash
# demos/bench/issue27_host_run.sh - issue 27 on a many-core host without ip/tc (the GPU
# machine's 16-core host; Open MPI or MPICH): the standalone codec per core (every instruction
# set), the same 2 and 4 processes at once (the memory and caches shared as in a 2- and 4-rank
# ring: the contention baseline), the ISA test, the scan's vectorisation report, and ccoll's
# HomComp_F ring with 2 x 1, 4 x 1 and 4 ranks x 4 codec threads on the host's shared memory,
# with its in-ring codec rates (ccoll_info's split: core_* = bytes per CPU second; t_wait,
# t_scan) beside them.
#   [REF=/path/to/other/checkout] [COUNT=N] demos/bench/issue27_host_run.sh OUTDIR   (about two minutes)
# REF: the ring runs again with that checkout's allreduce_cpu and headers, interleaved (A/B in
# one run; its CSV may lack the newer columns). COUNT: elements per rank (default 16777216).
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
N=${COUNT:-16777216}
vers="ar"
if [ -n "${REF:-}" ]; then # the reference checkout's own driver and headers
    mpicc -O2 -fopenmp -I"$REF" -I"$REF/demos" -o "$OUT/ar_ref" "$REF/demos/allreduce_cpu.c" -lm && vers="ar ar_ref"
fi
echo "## ISA test"
"$OUT/isa" | tail -2
echo "## vectorisation report (ccoll's input scan)"
"$ROOT/demos/bench/issue27_vec_report.sh"
echo "## standalone codec, one core, 65536-element calls"
for d in walk normal; do "$OUT/seg" --count "$N" --data $d --rel 1e-4 --csv; done | tee "$OUT/codec.csv"
for k in 2 4; do
    echo "## the same, $k processes at once (memory and caches shared as in a $k-rank ring)"
    # (tee ends when every process has: no `wait`, which would also wait for this script's own
    # log tee, started by `exec > >(tee ...)`, and hang)
    for i in $(seq "$k"); do "$OUT/seg" --count "$N" --data walk --rel 1e-4 --csv --reps 2 | sed 1d | sed "s/^/conc$k.$i,/" & done |
        tee "$OUT/codec_conc$k.csv"
done
echo "## ring, shared memory: 2 x 1, 4 ranks x 1 thread, 4 x 4 (segment 262144 = 8 codec chunks)${REF:+; ar_ref = $REF}"
for cfg in "2 1 65536" "4 1 65536" "4 4 262144"; do
    set -- $cfg
    for v in $vers; do
        OMP_NUM_THREADS=$2 timeout 120 mpiexec --bind-to none -n "$1" "$OUT/$v" --csv --count "$N" --data walk --rel 1e-4 \
            --algo ring,homcomp_f --iters 5 --threads "$2" --segment "$3" | grep -E '^(algo|mpi|ring|homcomp_f),' | sed "s/^/$v,np$1xt$2,/"
    done
done | tee "$OUT/ring.csv"
echo "# $(uptime)"
