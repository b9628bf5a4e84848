#!/usr/bin/env bash
# demos/bench/issue27_host_grid.sh - issue 27's ranks x threads grid on a many-core host without
# ip/tc (the GPU machine's 16-core host; Open MPI or MPICH), in one short call: the standalone
# codec on one core (every instruction set, walk and normal, 65536-element calls), then
# allreduce_cpu's MPI_Allreduce, raw ring and HomComp_F rows, interleaved, on the host's shared
# memory for each ranks x threads shape and size, with ccoll_info's in-ring codec rates
# (ring_*_gbs: bytes per wall second of the codec calls, all threads of a rank; core_*: bytes
# per CPU second of the process, spinning OpenMP threads included).
#   [SEG_COUNT=8388608 (the standalone codec's elements)] [GRID="4x4:walk,normal:16777216,67108864 16x1:walk:16777216 2x8:walk:16777216"] [ITERS=3]
#   demos/bench/issue27_host_grid.sh OUTDIR          (about 40 s on 16 cores with the default grid)
# Each GRID item is RANKSxTHREADS:DATA,...:COUNT,... (COUNT: float32 elements per rank). A shape
# with threads > 1 uses 262144-element segments (8 codec chunks), else ccoll's default (65536).
# Builds with cc/mpicc -O2 directly (no meson), so it runs on a bare machine.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${1:-/tmp/issue27_grid}
GRID=${GRID:-"4x4:walk,normal:16777216,67108864 16x1:walk:16777216 2x8:walk:16777216"}
ITERS=${ITERS:-3}
mkdir -p "$OUT"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
log=$OUT/host_grid.txt
exec > >(tee "$log") 2>&1
echo "# $(date -u +%FT%TZ) $(hostname) $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo); $(mpirun --version 2>&1 | head -1)"
echo "# $(uptime)"
echo "# GRID=\"$GRID\" ITERS=$ITERS SEG_COUNT=${SEG_COUNT:-8388608}"
# (waits name their process: a bare `wait` would also wait for this script's log tee and hang)
cc -O2 -I"$ROOT" -o "$OUT/seg" "$ROOT/demos/bench/homcomp_bench_seg.c" -lm &
cc_pid=$!
mpicc -O2 -fopenmp -I"$ROOT" -I"$ROOT/demos" -o "$OUT/ar" "$ROOT/demos/allreduce_cpu.c" -lm || exit 1
wait $cc_pid || exit 1
echo "## standalone codec, one core each (walk and normal run at once on two cores), 65536-element calls"
"$OUT/seg" --count "${SEG_COUNT:-8388608}" --data walk --rel 1e-4 --csv > "$OUT/codec_walk.csv" &
seg_pid=$!
"$OUT/seg" --count "${SEG_COUNT:-8388608}" --data normal --rel 1e-4 --csv > "$OUT/codec_normal.csv"
wait $seg_pid
cat "$OUT/codec_walk.csv" "$OUT/codec_normal.csv" | tee "$OUT/codec.csv"
mpi_opts=(--bind-to none) # MPICH; Open MPI also needs more ranks than it counts slots (hyperthreads) to pass
mpirun --version 2>&1 | grep -q "Open MPI" && mpi_opts+=(--oversubscribe)
echo "## ring on shared memory: MPI_Allreduce, raw ring, HomComp_F interleaved, $ITERS timed rounds"
for item in $GRID; do
    shape=${item%%:*} rest=${item#*:}
    datas=${rest%%:*} counts=${rest#*:}
    np=${shape%x*} nt=${shape#*x}
    seg=65536
    [ "$nt" -gt 1 ] && seg=262144
    for n in ${counts//,/ }; do
        for d in ${datas//,/ }; do
            OMP_NUM_THREADS=$nt timeout 120 mpiexec "${mpi_opts[@]}" -n "$np" "$OUT/ar" --csv --count "$n" \
                --data "$d" --rel 1e-4 --algo ring,homcomp_f --iters "$ITERS" --threads "$nt" --segment "$seg" --interleave |
                grep -E '^(algo|mpi|ring|homcomp_f),' | sed "s/^/np${np}xt${nt},/"
            echo "# ${shape} ${d} n=${n}: rc ${PIPESTATUS[0]}"
        done
    done
done | tee "$OUT/ring.csv"
echo "# $(uptime)"
echo "# GRID=\"$GRID\" ITERS=$ITERS SEG_COUNT=${SEG_COUNT:-8388608}"
