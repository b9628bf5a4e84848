#!/usr/bin/env bash
# tests/gpu_ccoll_cuda.sh - ccoll_mpi.h's device plans on the GPU machine, one call of the
# device tool (kind nvidia-h100-x2 or -x4): build the two programs, run tests/test_ccoll_cuda.cu
# in every placement the GPUs allow (2, 3, 4 and 8 ranks; one GPU per rank, one shared GPU, 3 or 4
# ranks on 2 GPUs, 8 on 4; CCOLL_RANKS_PER_NODE=1, 2, 4 and unset), under compute-sanitizer memcheck (and
# racecheck: step racecheck), the demo, the benchmark
# (demos/bench/allreduce_bench_ccoll_cuda.sh), and ccoll beside NCCL's C API in one
# program (step nccl: demos/bench/allreduce_ccoll_cuda_nccl.sh; NCCL found where torch or the
# nvidia-nccl pip package put it, or NCCL_DIR=PATH). Logs and CSVs under $OUT.
#   STEPS="test memcheck racecheck demo bench nccl probe" tests/gpu_ccoll_cuda.sh
# Narrower runs: TESTS="np2_ipc ..." and MEMCHECKS (placements), NCCL_RUNS="4:node 2:node",
# NODE_COUNTS / NODE_ALGOS (passed on), VARIANTS="twoshot@1048576 chunk4@67108864" (the bench
# built another way beside, see below), RACE_TMO (seconds for racecheck), RACE_ARGM_ONLY=1
# (racecheck on ArGM's cases only: the whole quick test takes minutes under it; RACE_RING=0 skips
# the second racecheck, the compressed rings' cases at rpn 1: CCOLL_TEST_RING_ONLY), FAIL_FAST=1
# (stop at the first failing test: a hang costs one TMO, not every later step's device time),
# REUSE_BUILD=1 (keep build-gpu-ccoll when it is configured: one call that built it already).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${OUT:-$ROOT/gpu-out}
mkdir -p "$OUT" "$OUT/logs"
STEPS=" ${STEPS:-test memcheck demo bench} "
want() { [[ "$STEPS" == *" $1 "* ]]; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
MESON=meson; command -v meson >/dev/null || MESON="python3 -m mesonbuild.mesonmain"
B="$ROOT/build-gpu-ccoll"
{
    date -u; nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv; nvidia-smi topo -m
    nproc; nvcc --version | tail -n2; mpiexec --version 2>&1 | head -2
    ompi_info --parsable --all 2>/dev/null | grep -i "mpi_built_with_cuda_support:value" || true
} >"$OUT/machine.txt" 2>&1
cat "$OUT/machine.txt"
[ -n "${REUSE_BUILD:-}" ] && [ -f "$B/build.ninja" ] || rm -rf "$B"
benchopt=(-Dbenchmarks=disabled)
targets=${BUILD_TARGETS:-tests/ccoll_test_cuda demos/allreduce_cuda}
if want nccl; then
    # an NCCL install with both the header and the library (pip's nvidia/nccl, /usr/local/cuda, ...)
    if [ -z "${NCCL_DIR:-}" ]; then
        for h in $(find / -xdev -name nccl.h -path '*/include/nccl.h' 2>/dev/null); do
            d=$(dirname "$(dirname "$h")")
            ls "$d"/lib/libnccl.so* >/dev/null 2>&1 && { NCCL_DIR=$d; break; }
        done
    fi
    echo "NCCL_DIR=${NCCL_DIR:-} ($(grep -hE 'define NCCL_(MAJOR|MINOR|PATCH) ' "${NCCL_DIR:-/nonexistent}/include/nccl.h" 2>/dev/null | awk '{print $3}' | tr '\n' .))" | tee -a "$OUT/machine.txt"
    [ -n "${NCCL_DIR:-}" ] && { benchopt=(-Dbenchmarks=enabled "-Dnccl_dir=$NCCL_DIR"); targets="$targets demos/bench/allreduce_ccoll_cuda_nccl"; for v in ${VARIANTS:-}; do [ -f "$ROOT/demos/bench/meson.build" ] && grep -q "allreduce_ccoll_cuda_nccl_${v%%@*}'" "$ROOT/demos/bench/meson.build" && targets="$targets demos/bench/allreduce_ccoll_cuda_nccl_${v%%@*}"; done; export LD_LIBRARY_PATH="$NCCL_DIR/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"; }
fi
if want probe; then # the host agreement's cost (demos/bench/allreduce_cuda_sync_probe.c)
    [ "${benchopt[0]}" = -Dbenchmarks=disabled ] && benchopt=(-Dbenchmarks=enabled)
    targets="$targets demos/bench/allreduce_cuda_sync_probe"
fi
[ -f "$B/build.ninja" ] || $MESON setup "$B" "$ROOT" -Dcuda=enabled -Dbuildtype=release -Dgpu_arch=sm_90 "${benchopt[@]}" >"$OUT/setup.log" 2>&1 \
    || { tail -n 40 "$OUT/setup.log"; exit 1; }
ninja -C "$B" $targets >"$OUT/build.log" 2>&1 || { grep -E 'error|FAILED' "$OUT/build.log" | head -30; exit 1; }
echo "build ok"
T="$B/tests/ccoll_test_cuda"
status=0
run() { # name, then env assignments and mpiexec arguments
    local name=$1; shift
    local t0=$SECONDS
    if timeout "${TMO:-150}" env "$@" >"$OUT/t_$name.log" 2>&1; then echo "ok   $name ($((SECONDS - t0)) s): $(grep -E '^auto picks|checks' "$OUT/t_$name.log" | tr '\n' ' ')"
    else echo "FAIL $name ($((SECONDS - t0)) s)"; grep -E 'FAIL|error|Error' "$OUT/t_$name.log" | head -8; status=1
        [ -n "${FAIL_FAST:-}" ] && { echo "FAIL_FAST: stopping at the first failure"; exit 1; }; fi
}
# placements: GPU = node rank % GPUs seen; CUDA_VISIBLE_DEVICES=0,1 makes 3 or 4 ranks share 2
# GPUs on a larger machine; the 4-rank ones run where 4 GPUs are (np4_rpn2 runs on 2 GPUs too)
NGPU=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
P4=""; [ "$NGPU" -ge 4 ] && P4="np3_ipc np4_ipc np4_rpn1 np4_2gpu np4_onegpu np4_noipc"
[ "$NGPU" -ge 8 ] && P4="$P4 np8_ipc np8_rpn4 np8_rpn2 np8_4gpu"
TESTS=" ${TESTS:-np2_ipc np2_rpn1 np2_onegpu np3_2gpu np3_rpn1 np3_onegpu np2_noipc np4_rpn2 $P4} "
run_t() { [[ "$TESTS" == *" $1 "* ]] && run "$@"; }
if want test; then
    run_t np2_ipc      CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 2 "$T"
    run_t np2_rpn1     CCOLL_RANKS_PER_NODE=1 mpiexec -n 2 "$T"
    run_t np2_onegpu   CCOLL_TEST_ONE_GPU=1 CCOLL_TEST_EXPECT_IPC=0 mpiexec -n 2 "$T"
    run_t np3_2gpu     CUDA_VISIBLE_DEVICES=0,1 CCOLL_TEST_EXPECT_IPC=0 mpiexec -n 3 "$T"
    run_t np3_rpn1     CCOLL_RANKS_PER_NODE=1 mpiexec -n 3 "$T"
    run_t np3_onegpu   CCOLL_TEST_ONE_GPU=1 CCOLL_RANKS_PER_NODE=1 mpiexec -n 3 "$T"
    run_t np2_noipc    CCOLL_NO_IPC=1 CCOLL_TEST_EXPECT_IPC=0 mpiexec -n 2 "$T"
    # two simulated nodes of 2 ranks (GPUs 0-3, or 0 and 1 twice): IPC inside each, HomComp_F between
    run_t np4_rpn2     CCOLL_RANKS_PER_NODE=2 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 4 "$T"
    run_t np3_ipc      CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 3 "$T"
    run_t np4_ipc      CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 4 "$T"
    run_t np4_rpn1     CCOLL_RANKS_PER_NODE=1 mpiexec -n 4 "$T"
    run_t np4_2gpu     CUDA_VISIBLE_DEVICES=0,1 CCOLL_TEST_EXPECT_IPC=0 mpiexec -n 4 "$T"
    run_t np4_onegpu   CCOLL_TEST_ONE_GPU=1 CCOLL_TEST_EXPECT_IPC=0 mpiexec -n 4 "$T"
    run_t np4_noipc    CCOLL_NO_IPC=1 CCOLL_TEST_EXPECT_IPC=0 mpiexec -n 4 "$T"
    # 8 GPUs: one node of 8, 2 x 4 and 4 x 2 simulated nodes, 8 ranks on 4 GPUs
    run_t np8_ipc      CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 8 "$T"
    run_t np8_rpn4     CCOLL_RANKS_PER_NODE=4 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 8 "$T"
    run_t np8_rpn2     CCOLL_RANKS_PER_NODE=2 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 8 "$T"
    run_t np8_4gpu     CUDA_VISIBLE_DEVICES=0,1,2,3 CCOLL_TEST_EXPECT_IPC=0 mpiexec -n 8 "$T"
fi
if want demo; then
    for rpn in "" 1; do
        timeout 120 env ${rpn:+CCOLL_RANKS_PER_NODE=$rpn} mpiexec -n 2 "$B/demos/allreduce_cuda" --count ${DEMO_COUNT:-16777216} 2>&1 | tee -a "$OUT/demo.log" || status=1
    done
fi
if want bench; then
    export CONFIGS=${CONFIGS:-"ipc rpn1 rpn1:4194304 rpn2@4 ipc@4"}
    export EXTRA_SETTINGS=${EXTRA_SETTINGS:-'COUNTS_OF[rpn1:4194304]=67108864; ALGOS_OF[rpn1:4194304]=homcomp_f,auto; COUNTS_OF[rpn2@4]=16777216,67108864; COUNTS_OF[ipc@4]=16777216,67108864'}
    BIN="$B/demos/allreduce_cuda" timeout "${BENCH_TMO:-400}" "$ROOT/demos/bench/allreduce_bench_ccoll_cuda.sh" "$OUT/allreduce_ccoll_cuda_h200x2.csv" \
        >"$OUT/bench.log" 2>&1 || status=1
    tail -n 5 "$OUT/bench.log"
    python3 - "$OUT/allreduce_ccoll_cuda_h200x2.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for r in rows:
    print(f"{r['label']:5} {r['data']:6} {int(r['bytes_per_rank'])>>20:5} MiB {r['algo']:10} {r['ran']:10} {float(r['time_s'])*1e3:9.3f} ms"
          f"  CR {r['ratio']:>6}  codec {r['t_codec']:>9} stage {r['t_stage']:>9} link {r['t_link']:>9} wire {r['t_wire']:>9} ok {r['ok']}")
PY
fi
if want nccl; then
    if [ -x "$B/demos/bench/allreduce_ccoll_cuda_nccl" ]; then
        # NCCL_RUNS: ranks:settings per run (settings of allreduce_ccoll_cuda_nccl.sh), one CSV
        for r in ${NCCL_RUNS:-2:node,slow}; do
            t0=$SECONDS
            NP=${r%%:*} SETTINGS="${r#*:}" SETTINGS="${SETTINGS//,/ }" BIN="$B/demos/bench/allreduce_ccoll_cuda_nccl" NCCL_LOGDIR="$OUT/logs" \
                timeout "${NCCL_TMO:-420}" "$ROOT/demos/bench/allreduce_ccoll_cuda_nccl.sh" "$OUT/allreduce_ccoll_cuda_nccl.csv" \
                >>"$OUT/logs/nccl_bench.log" 2>&1 || { echo "FAIL nccl run $r"; status=1; }
            echo "nccl run $r: $((SECONDS - t0)) s"
        done
        # VARIANTS="NAME@COUNTS[@NPS] ...": the node setting again with the bench built another way
        # (demos/bench/meson.build: twoshot = ArGM over IPC never one-shot, chunk4 = IPC chunks of
        # at least 4 MiB, events = one-shot without its kernel, os48 = one-shot up to 48 MiB out of a GPU, blocking = blocking agreements, tsk0 / tskall = two-shot never / always one kernel, mcb16 / mcb64 = copy-kernel blocks a peer, chunk8 = IPC chunks of 8 MiB, onechunk = no 2-chunk floor), label node_NAME, at NPS ranks (a,b; default VARIANT_NP, "4 2"): A/B in
        # the same machine run
        for v in ${VARIANTS:-}; do
            name=${v%%@*} rest=${v#*@} nps=${VARIANT_NP:-4 2}
            [[ "$rest" == *@* ]] && { nps=${rest#*@}; nps=${nps//,/ }; rest=${rest%%@*}; }
            for np in $nps; do
                [ "$np" -le "$NGPU" ] || continue
                NP=$np SETTINGS=node NODE_LABEL=node_$name NODE_COUNTS=$rest NODE_ALGOS=${VARIANT_ALGOS:-nccl,argm} \
                    BIN="$B/demos/bench/allreduce_ccoll_cuda_nccl_$name" timeout "${NCCL_TMO:-420}" \
                    "$ROOT/demos/bench/allreduce_ccoll_cuda_nccl.sh" "$OUT/allreduce_ccoll_cuda_nccl.csv" >>"$OUT/logs/nccl_bench.log" 2>&1 \
                    || { echo "FAIL variant $v at $np ranks"; status=1; }
            done
        done
        tail -n 8 "$OUT/logs/nccl_bench.log"
        grep -h -o -E 'via (NET/[A-Za-z]+|P2P/[A-Za-z/]+|SHM[A-Za-z/]*)' "$OUT"/logs/nccl.*.log 2>/dev/null | sort | uniq -c
        python3 "$ROOT/demos/bench/allreduce_ccoll_cuda_nccl_table.py" "$OUT/allreduce_ccoll_cuda_nccl.csv" | tee "$OUT/nccl_table.md"
    else echo "step nccl: no NCCL (header + libnccl.so*) found: not run"; status=1; fi
fi
if want probe; then
    for np in 2 4; do [ "$np" -le "$NGPU" ] && mpiexec -n $np "$B/demos/bench/allreduce_cuda_sync_probe" 2>&1 | tee -a "$OUT/sync_probe.csv"; done
fi
# last, so the timings above come back even if it runs long
if want memcheck; then
    M4=""; [ "$NGPU" -ge 4 ] && M4="np4_ipc np4_rpn2"; [ "$NGPU" -ge 8 ] && M4="$M4 np8_ipc"
    MEMCHECKS=" ${MEMCHECKS:-np2_ipc np2_rpn1 $M4} "
    run_m() { [[ "$MEMCHECKS" == *" ${1#memcheck_} "* ]] && run "$@"; }
    run_m memcheck_np2_ipc  CCOLL_TEST_QUICK=1 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 2 compute-sanitizer --error-exitcode 1 "$T"
    run_m memcheck_np2_rpn1 CCOLL_TEST_QUICK=1 CCOLL_RANKS_PER_NODE=1 mpiexec -n 2 compute-sanitizer --error-exitcode 1 "$T"
    run_m memcheck_np4_ipc  CCOLL_TEST_QUICK=1 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 4 compute-sanitizer --error-exitcode 1 "$T"
    run_m memcheck_np4_rpn2 CCOLL_TEST_QUICK=1 CCOLL_RANKS_PER_NODE=2 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 4 compute-sanitizer --error-exitcode 1 "$T"
    run_m memcheck_np8_ipc  CCOLL_TEST_QUICK=1 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 8 compute-sanitizer --error-exitcode 1 "$T"
    grep -h "ERROR SUMMARY" "$OUT"/t_memcheck_*.log | sort | uniq -c
fi
if want racecheck; then # shared-memory races in the kernels (slow: the quick cases, 2 ranks)
    TMO=${RACE_TMO:-240} run racecheck_np2_ipc CCOLL_TEST_QUICK=1 CCOLL_TEST_ARGM_ONLY=${RACE_ARGM_ONLY:-0} CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 2 compute-sanitizer --tool racecheck --error-exitcode 1 "$T"
    # the compressed rings' kernels (DOC, HOMCOMP, HomComp_F pairs; every rank its own node)
    [ "${RACE_RING:-1}" = 1 ] && TMO=${RACE_TMO:-240} run racecheck_np2_ring CCOLL_TEST_QUICK=1 CCOLL_TEST_RING_ONLY=1 CCOLL_RANKS_PER_NODE=1 mpiexec -n 2 compute-sanitizer --tool racecheck --error-exitcode 1 "$T"
    grep -h "RACECHECK SUMMARY\|ERROR SUMMARY" "$OUT"/t_racecheck_*.log | sort | uniq -c
fi
exit $status
