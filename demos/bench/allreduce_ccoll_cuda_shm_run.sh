#!/usr/bin/env bash
# demos/bench/allreduce_ccoll_cuda_shm_run.sh - issue 28, one device call (nvidia-h100-x4 or -x2):
# the staged-MPI goals on the transport the issue's baseline used (every rank its own node,
# OpenMPI's default transports on one host: shared memory, btl vader), the 4-rank CCOLL__SUM_PRIO
# A/B, and the sanitizers.
#  1. werror build: ccoll_test_cuda (+ _sumprio), allreduce_ccoll_cuda_nccl (+ _sumprio, _trace),
#     allreduce_cuda_wire_probe
#  2. tests: np2_ipc, np2_rpn1, np4_ipc (4 GPUs), the same of the sumprio build
#  3. compute-sanitizer memcheck (np2_ipc, np2_rpn1, np4_ipc; sumprio np4_ipc) and racecheck
#     (np2_ipc on ArGM's cases, both builds)
#  4. the wire probe on shared memory (2 ranks, the ring's pattern) under vader's single-copy
#     mechanisms (default, cma, none)
#  5. shm rows, 2 ranks on GPUs 0-1: HomComp_F with --rpn 1 beside MPI_Allreduce staged through
#     pinned memory, both on OpenMPI's defaults (no --mca), walk and normal at SHM_COUNTS; HomComp_F
#     with 4M segments; both again with the single-copy mechanism that the default is not; the
#     trace build at 256 MiB (where the ring's time goes on shared memory)
#  6. 4 ranks (4 GPUs), node: ArGM beside NCCL, default / sumprio / default / sumprio, AB_COUNTS,
#     15 calls (BENCH_CALLS=2: each call's GPU phase and host part too)
#  7. racecheck np2_rpn1 (the compressed rings' cases only: CCOLL_TEST_RING_ONLY=1; the whole quick
#     test did not finish in 60 s) with what time is left (at most 60 s)
# Every timed call kept (BENCH_CALLS=1: "calls," lines in calls.txt). BUDGET (s) skips what would
# not fit. Writes under $OUT: run.log, nccl.csv, wire.csv, calls.txt, trace.txt, table.md,
# machine.txt, logs.tgz. The start (build, machine.txt, tests' helper) is
# allreduce_ccoll_cuda_run_common.sh.
: "${BUDGET:=230}"; BUILD_NAME=build-shm
TARGETS="tests/ccoll_test_cuda_sumprio demos/bench/allreduce_ccoll_cuda_nccl_sumprio demos/bench/allreduce_ccoll_cuda_nccl_trace"
machine_extra() {
  lscpu | grep -E 'Model name|^Socket|NUMA node\(s\)'
  echo "ptrace_scope $(cat /proc/sys/kernel/yama/ptrace_scope 2>/dev/null || echo none)"
  ompi_info 2>/dev/null | grep -E 'MCA (btl|smsc)' | sed 's/^ *//'
  ompi_info --param btl vader --level 9 2>/dev/null | grep -E 'eager_limit|max_send_size|fbox_size|segment_size' | sed 's/^ *//'
}
# shellcheck source=allreduce_ccoll_cuda_run_common.sh
. "$(dirname "$0")/allreduce_ccoll_cuda_run_common.sh"
TS=$B/tests/ccoll_test_cuda_sumprio
CS="compute-sanitizer --error-exitcode 1"
t np2_ipc 90 CUDA_VISIBLE_DEVICES=0,1 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 2 "$T"
t np2_rpn1 90 CUDA_VISIBLE_DEVICES=0,1 CCOLL_RANKS_PER_NODE=1 mpiexec -n 2 "$T"
[ "$NGPU" -ge 4 ] && t np4_ipc 90 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 4 "$T"
t sumprio_np2_ipc 90 CUDA_VISIBLE_DEVICES=0,1 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 2 "$TS"
t sumprio_np2_rpn1 90 CUDA_VISIBLE_DEVICES=0,1 CCOLL_RANKS_PER_NODE=1 mpiexec -n 2 "$TS"
[ "$NGPU" -ge 4 ] && t sumprio_np4_ipc 90 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 4 "$TS"
t memcheck_np2_ipc 60 CUDA_VISIBLE_DEVICES=0,1 CCOLL_TEST_QUICK=1 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 2 $CS "$T"
t memcheck_np2_rpn1 60 CUDA_VISIBLE_DEVICES=0,1 CCOLL_TEST_QUICK=1 CCOLL_RANKS_PER_NODE=1 mpiexec -n 2 $CS "$T"
[ "$NGPU" -ge 4 ] && t memcheck_np4_ipc 60 CCOLL_TEST_QUICK=1 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 4 $CS "$T"
[ "$NGPU" -ge 4 ] && t memcheck_sumprio_np4_ipc 60 CCOLL_TEST_QUICK=1 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 4 $CS "$TS"
t racecheck_np2_ipc 60 CUDA_VISIBLE_DEVICES=0,1 CCOLL_TEST_QUICK=1 CCOLL_TEST_ARGM_ONLY=1 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 2 $CS --tool racecheck "$T"
t racecheck_sumprio_np2_ipc 60 CUDA_VISIBLE_DEVICES=0,1 CCOLL_TEST_QUICK=1 CCOLL_TEST_ARGM_ONLY=1 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 2 $CS --tool racecheck "$TS"
# 4. the wire on shared memory: no --mca (OpenMPI picks vader on one host), then each single-copy mechanism
WIRE="$OUT/wire.csv"
for m in default cma none; do
    args=""; [ $m = default ] || args="--mca btl_vader_single_copy_mechanism $m"
    [ "$(left)" -gt 20 ] || { log "skipped wire $m"; continue; }
    timeout 40 mpiexec -n 2 $args "$WP" 32,128 256,1024,4096 5 >"$OUT/logs/wire_$m.csv" 2>"$OUT/logs/wire_$m.err"
    log "wire shm $m rc $?: $(head -3 "$OUT/logs/wire_$m.err" | tr '\n' ' ')"; wire_rows "shm_$m" "$OUT/logs/wire_$m.csv" | tee -a "$WIRE"
done
# 5. shm rows
CSV="$OUT/nccl.csv"; : >"$OUT/logs/bench.err"
hdr() { [ -s "$CSV" ] && echo --no-header; }
shm() { # need-s tmo label mca-args binary args...
    local need=$1 tmo=$2 lab=$3 mca=$4 bin=$5; shift 5
    if [ "$(left)" -gt "$need" ]; then
        BENCH_CALLS=1 CUDA_VISIBLE_DEVICES=0,1 timeout "$tmo" mpiexec -n 2 -x LD_LIBRARY_PATH -x BENCH_CALLS -x CUDA_VISIBLE_DEVICES $mca \
            "$bin" $(hdr) --label "$lab" --nccl none --rpn 1 --data walk,normal --iters 5 "$@" >>"$CSV" 2>>"$OUT/logs/bench_$lab.err"
        log "$lab rc $?"; cat "$OUT/logs/bench_$lab.err" >>"$OUT/logs/bench.err"
    else log "skipped $lab"; fi
}
SC=${SHM_COUNTS:-16777216,67108864,268435456}
shm 40 120 shm "" "$BIN" --count "$SC" --algo homcomp_f,mpi --raw-once
shm 25 60 shm_seg4M "" "$BIN" --count "$SC" --algo homcomp_f --segment 4194304
shm 25 60 shm_trace "" "$B/demos/bench/allreduce_ccoll_cuda_nccl_trace" --count 67108864 --algo homcomp_f
shm 25 60 shm_trace_seg4M "" "$B/demos/bench/allreduce_ccoll_cuda_nccl_trace" --count 67108864 --algo homcomp_f --segment 4194304
DEFSC=$(ompi_info --param btl vader --level 9 2>/dev/null | grep -o 'single_copy_mechanism" (current value: "[a-z]*' | sed 's/.*"//')
OTHER=none; [ "$DEFSC" = none ] && OTHER=cma
shm 30 60 "shm_sc_$OTHER" "--mca btl_vader_single_copy_mechanism $OTHER" "$BIN" --count 67108864 --algo homcomp_f,mpi --raw-once
grep -h '^trace,' "$OUT"/logs/bench_shm_trace*.err >"$OUT/trace.txt" 2>/dev/null
# 6. 4 ranks: sumprio A/B (A, B, A)
node() { # label binary
    local lab=$1 bin=$2
    [ "$NGPU" -ge 4 ] || return 0
    if [ "$(left)" -gt 25 ]; then
        BENCH_CALLS=2 timeout 60 mpiexec -n 4 -x LD_LIBRARY_PATH -x NCCL_NVLS_ENABLE -x BENCH_CALLS "$bin" $(hdr) --label "$lab" --nccl default --data walk \
            --count "${AB_COUNTS:-67108864,268435456}" --iters 15 --algo nccl,argm >>"$CSV" 2>>"$OUT/logs/bench_$lab.err"
        log "node 4 $lab rc $?"; cat "$OUT/logs/bench_$lab.err" >>"$OUT/logs/bench.err"
    else log "skipped node 4 $lab"; fi
}
node node4_a "$BIN"; node node4_sumprio "$B/demos/bench/allreduce_ccoll_cuda_nccl_sumprio"; node node4_a2 "$BIN"
node node4_sumprio2 "$B/demos/bench/allreduce_ccoll_cuda_nccl_sumprio"
# 7. racecheck of the compressed ring (2 ranks, rank its own node) with the time left
RT=$(( $(left) - 10 )); [ "$RT" -gt 60 ] && RT=60
if [ "$RT" -ge 15 ]; then t racecheck_np2_rpn1 "$RT" CUDA_VISIBLE_DEVICES=0,1 CCOLL_TEST_QUICK=1 CCOLL_TEST_RING_ONLY=1 CCOLL_RANKS_PER_NODE=1 mpiexec -n 2 $CS --tool racecheck "$T"
else log "skipped racecheck_np2_rpn1"; fi
grep -h '^calls' "$OUT/logs/bench.err" >"$OUT/calls.txt"
rows "$CSV" | tee "$OUT/table.md"
cat "$OUT/trace.txt" "$OUT/calls.txt"
log end
cd "$OUT" && tar czf logs.tgz logs && rm -rf logs
