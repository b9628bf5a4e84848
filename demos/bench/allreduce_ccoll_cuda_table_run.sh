#!/usr/bin/env bash
# demos/bench/allreduce_ccoll_cuda_table_run.sh - issue 28, one device call (nvidia-h100-x4 or
# -x2): the README's device table from one run. 2 ranks on GPUs 0 and 1 (node: NCCL, ArGM over
# IPC, staged MPI; slow: NCCL on sockets, HomComp_F every rank its own node, staged MPI over
# OpenMPI TCP on lo; allreduce_ccoll_cuda_nccl.sh's settings), the wire probe beside them, the
# 2-rank node rows at 4 and 256 MiB again with ITERS_SPREAD calls (shm: HomComp_F and staged MPI
# on OpenMPI's shared memory, the issue's staged baseline; SHM=0 skips it); then, where 4 GPUs are, the
# 4-rank node rows (ITERS_SPREAD calls) and the 4-rank slow and 2 x 2 hier rows. Every timed
# call's time kept (BENCH_CALLS=1, "calls," lines in calls.txt; the 4-rank node rows BENCH_CALLS=2:
# each call's GPU phase and host part too, "calls_link," / "calls_wire,"). BUDGET (s) skips what would not
# fit, in that order (TWO=0 skips the 2-rank rows). Writes under $OUT: run.log, nccl.csv, wire.csv, calls.txt, table.md,
# machine.txt, logs.tgz.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${OUT:-$ROOT/gpu-out}; mkdir -p "$OUT/logs"
BUDGET=${BUDGET:-240}
left() { echo $((BUDGET - SECONDS)); }
log() { echo "[$SECONDS s $(date -u +%H:%M:%S)] $*" | tee -a "$OUT/run.log"; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 BENCH_CALLS=1
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvidia-smi topo -m | head -6; nproc
  mpiexec --version | head -1; cat "$ROOT/TREE" 2>/dev/null || git -C "$ROOT" log --oneline -1; } >"$OUT/machine.txt" 2>&1
NCCL_DIR=${NCCL_DIR:-}
[ -n "$NCCL_DIR" ] || for h in $(find / -xdev -name nccl.h -path '*/include/nccl.h' 2>/dev/null); do d=$(dirname "$(dirname "$h")"); ls "$d"/lib/libnccl.so* >/dev/null 2>&1 && { NCCL_DIR=$d; break; }; done
echo "NCCL_DIR=$NCCL_DIR ($(grep -hE 'define NCCL_(MAJOR|MINOR|PATCH) ' "$NCCL_DIR/include/nccl.h" | awk '{print $3}' | tr '\n' .))" >>"$OUT/machine.txt"
cat "$OUT/machine.txt"
log start
B=$ROOT/build-table
MESON=meson; command -v meson >/dev/null || MESON="python3 -m mesonbuild.mesonmain"
$MESON setup "$B" "$ROOT" -Dwerror=true -Dcuda=enabled -Dmpi=enabled -Dbenchmarks=enabled -Dnccl_dir="$NCCL_DIR" -Dbuildtype=release -Dgpu_arch=sm_90 >"$OUT/logs/setup.log" 2>&1 || { tail -20 "$OUT/logs/setup.log"; exit 1; }
ninja -C "$B" tests/ccoll_test_cuda demos/bench/allreduce_ccoll_cuda_nccl demos/bench/allreduce_cuda_wire_probe ${EXTRA_TARGETS:-} >"$OUT/logs/build.log" 2>&1; rc=$?
log "build rc $rc (werror)"; [ $rc = 0 ] || { grep -E "error|warning" "$OUT/logs/build.log" | head -20; exit 1; }
export LD_LIBRARY_PATH="$NCCL_DIR/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
NGPU=$(nvidia-smi -L | grep -c '^GPU')
T=$B/tests/ccoll_test_cuda BIN=$B/demos/bench/allreduce_ccoll_cuda_nccl WP=$B/demos/bench/allreduce_cuda_wire_probe
t() { local name=$1; shift; timeout 90 env "$@" >"$OUT/logs/t_$name.log" 2>&1; log "test $name rc $?: $(grep -h 'checks' "$OUT/logs/t_$name.log" | head -1 | sed 's/.*ccoll_test_cuda: //')"; grep -h "FAIL" "$OUT/logs/t_$name.log" | head -5; }
t np2_ipc CUDA_VISIBLE_DEVICES=0,1 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 2 "$T"
t np2_rpn1 CUDA_VISIBLE_DEVICES=0,1 CCOLL_RANKS_PER_NODE=1 mpiexec -n 2 "$T"
# a variant's test binary (EXTRA_TESTS="NAME ...": tests/ccoll_test_cuda_NAME) at 2 ranks IPC and rpn 1, 4 ranks IPC
for v in ${EXTRA_TESTS:-}; do
    TV=$B/tests/ccoll_test_cuda_$v
    t "${v}_np2_ipc" CUDA_VISIBLE_DEVICES=0,1 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 2 "$TV"
    t "${v}_np2_rpn1" CUDA_VISIBLE_DEVICES=0,1 CCOLL_RANKS_PER_NODE=1 mpiexec -n 2 "$TV"
    [ "$NGPU" -ge 4 ] && t "${v}_np4_ipc" CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 4 "$TV"
done
CSV="$OUT/nccl.csv"; ERR="$OUT/logs/bench.err"; : >"$ERR"
nb() { # need-s tmo what, env...
    local need=$1 tmo=$2 what=$3; shift 3
    if [ "$(left)" -gt "$need" ]; then env BIN="$BIN" NCCL_LOGDIR="$OUT/logs" "$@" timeout "$tmo" "$ROOT/demos/bench/allreduce_ccoll_cuda_nccl.sh" "$CSV" >>"$OUT/logs/bench.log" 2>>"$ERR"; log "$what rc $?"
    else log "skipped $what"; fi
}
if [ "${TWO:-1}" = 1 ]; then # TWO=0: only the tests and the 4-rank rows (an A/B call)
nb 60 150 "2 node+slow" CUDA_VISIBLE_DEVICES=0,1 NP=2 SETTINGS="node slow" NODE_COUNTS=1048576,16777216,67108864,268435456 SLOW_COUNTS=16777216,67108864,268435456
[ "${SHM:-1}" = 1 ] && nb 50 100 "2 shm" CUDA_VISIBLE_DEVICES=0,1 NP=2 SETTINGS=shm SLOW_COUNTS=16777216,67108864,268435456
# SEGAB=1 (with EXTRA_TARGETS=demos/bench/allreduce_ccoll_cuda_nccl_seg1m): device plans' default
# segment (4M from count / p = 8M) against 1M everywhere, HomComp_F on both transports, alternated
if [ -n "${SEGAB:-}" ]; then
    for rep in a b; do
        nb 25 60 "2 shm seg1m $rep" CUDA_VISIBLE_DEVICES=0,1 NP=2 SETTINGS=shm SHM_LABEL=shm_seg1m_$rep SHM_ALGOS=homcomp_f \
            BIN=$B/demos/bench/allreduce_ccoll_cuda_nccl_seg1m SLOW_COUNTS=16777216,67108864,268435456
        nb 25 60 "2 shm default $rep" CUDA_VISIBLE_DEVICES=0,1 NP=2 SETTINGS=shm SHM_LABEL=shm_default_$rep SHM_ALGOS=homcomp_f SLOW_COUNTS=16777216,67108864,268435456
        nb 25 60 "2 tcp seg 1M $rep" CUDA_VISIBLE_DEVICES=0,1 NP=2 SETTINGS=slowseg SLOW_SEG=1048576 SLOW_COUNTS=16777216,67108864,268435456
        nb 25 60 "2 tcp seg 4M $rep" CUDA_VISIBLE_DEVICES=0,1 NP=2 SETTINGS=slowseg SLOW_SEG=4194304 SLOW_COUNTS=16777216,67108864,268435456
    done
fi
timeout 40 mpiexec -n 2 --mca pml ob1 --mca btl tcp,self --mca btl_tcp_if_include lo "$WP" 32,128 1024,4096 5 >"$OUT/wire.csv" 2>>"$ERR"; log "wire rc $?"; cat "$OUT/wire.csv"
nb 20 40 "2 node spread" CUDA_VISIBLE_DEVICES=0,1 NP=2 SETTINGS=node NODE_LABEL=node_spread NODE_COUNTS=1048576,67108864 NODE_ALGOS=nccl,argm ITERS=${ITERS_SPREAD:-15}
fi
if [ "$NGPU" -ge 4 ]; then
    nb 25 60 "4 node" BENCH_CALLS=2 NP=4 SETTINGS=node NODE_COUNTS=1048576,16777216,67108864,268435456 NODE_ALGOS=nccl,argm,mpi ITERS=${ITERS_SPREAD:-15}
    # VARIANTS="NAME ..." (demos/bench/allreduce_ccoll_cuda_nccl_NAME): the 4-rank node rows from
    # 64 MiB again, then the default once more (A, B, A in one machine run)
    for v in ${VARIANTS:-}; do
        nb 20 40 "4 node $v" BENCH_CALLS=2 NP=4 SETTINGS=node NODE_LABEL=node_$v BIN=$B/demos/bench/allreduce_ccoll_cuda_nccl_$v NODE_COUNTS=16777216,67108864,268435456 NODE_ALGOS=nccl,argm ITERS=${ITERS_SPREAD:-15}
        nb 20 40 "4 node again" BENCH_CALLS=2 NP=4 SETTINGS=node NODE_LABEL=node_again NODE_COUNTS=16777216,67108864,268435456 NODE_ALGOS=nccl,argm ITERS=${ITERS_SPREAD:-15}
    done
    nb 45 120 "4 slow+hier" NP=4 SETTINGS="slow hier" SLOW_COUNTS=16777216,67108864
fi
grep -h '^calls' "$ERR" >"$OUT/calls.txt"
python3 "$ROOT/demos/bench/allreduce_ccoll_cuda_nccl_table.py" "$CSV" >"$OUT/table.md" 2>&1
python3 - "$CSV" <<'PY' | tee -a "$OUT/table.md"
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(f"{r['label']:12} {r['ranks']} {r['data']:6} {int(r['bytes_per_rank'])>>20:5} MiB {r['ran']:12} {float(r['time_s'])*1e3:9.4f} ms CR {r['ratio']:>6} err {r['err_over_peb']:>6} codec {float(r['t_codec'])*1e3:7.3f} stage {float(r['t_stage'])*1e3:7.3f} link {float(r['t_link'])*1e3:8.4f} wire {float(r['t_wire'])*1e3:8.4f} ok {r['ok']}")
PY
cat "$OUT/table.md" | head -60 >/dev/null
cat "$OUT/calls.txt"
log end
cd "$OUT" && tar czf logs.tgz logs && rm -rf logs
