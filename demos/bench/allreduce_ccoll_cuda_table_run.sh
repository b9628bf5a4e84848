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
# fit, in that order (TWO=0 skips the 2-rank rows, SPREAD=0 the spread rows; CMA=1 adds the shm rows with
# vader's single copy cma, RACE=1 the racecheck of the compressed rings before the 4-rank rows; NODE4_COUNTS,
# NODE4_ALGOS, NODE4_SLOW, VARIANTS / VARIANT_COUNTS / AGAIN, F64_COUNTS / F32_COUNTS, STAMPS / STAMP_COUNTS, EXTRA_TESTS
# (EXTRA_NP3, EXTRA_RPN2), MEMCHECK; TWO_SETTINGS: the first 2-rank rows' settings, "node slow", at TWO_NODE_COUNTS / TWO_SLOW_COUNTS; SHM_COUNTS). The start (build, machine.txt, tests' helper) is allreduce_ccoll_cuda_run_common.sh.
# Writes under $OUT: run.log, nccl.csv, wire.csv, calls.txt, stamps.txt, table.md, machine.txt, logs.tgz.
: "${BUDGET:=240}"; BUILD_NAME=build-table; TARGETS=""
# shellcheck source=allreduce_ccoll_cuda_run_common.sh
. "$(dirname "$0")/allreduce_ccoll_cuda_run_common.sh"
export BENCH_CALLS=1
if [ "${TESTS_NP2:-1}" = 1 ]; then # TESTS_NP2=0: not the default binary's 2-rank runs
    t np2_ipc 90 CUDA_VISIBLE_DEVICES=0,1 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 2 "$T"
    t np2_rpn1 90 CUDA_VISIBLE_DEVICES=0,1 CCOLL_RANKS_PER_NODE=1 mpiexec -n 2 "$T"
fi
# a variant's test binary (EXTRA_TESTS="NAME ...": tests/ccoll_test_cuda_NAME; default: the default binary,
# whose 2-rank runs above are not repeated) at 2 ranks IPC and rpn 1, 4 ranks IPC (EXTRA_RPN2=1: and 4 ranks
# as 2 x 2 nodes, IPC inside; EXTRA_NP3=1: and 3 ranks IPC on 3 GPUs)
for v in ${EXTRA_TESTS:-}; do
    TV=$B/tests/ccoll_test_cuda_$v; [ "$v" = default ] && TV=$T
    if [ "$v" != default ]; then
        t "${v}_np2_ipc" 90 CUDA_VISIBLE_DEVICES=0,1 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 2 "$TV"
        t "${v}_np2_rpn1" 90 CUDA_VISIBLE_DEVICES=0,1 CCOLL_RANKS_PER_NODE=1 mpiexec -n 2 "$TV"
    fi
    [ "$NGPU" -ge 3 ] && [ "${EXTRA_NP3:-0}" = 1 ] && t "${v}_np3_ipc" 90 CUDA_VISIBLE_DEVICES=0,1,2 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 3 "$TV"
    [ "$NGPU" -ge 4 ] && t "${v}_np4_ipc" 90 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 4 "$TV"
    [ "$NGPU" -ge 4 ] && [ "${EXTRA_RPN2:-0}" = 1 ] && t "${v}_np4_rpn2" 90 CCOLL_RANKS_PER_NODE=2 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 4 "$TV"
done
# MEMCHECK="NAME ...": compute-sanitizer memcheck of tests/ccoll_test_cuda_NAME (default: the
# default test binary) at the quick counts, 2 ranks IPC (MEMCHECK_NP2=0: not) and, where 4 GPUs are, 4 ranks IPC
for v in ${MEMCHECK:-}; do
    TV=$B/tests/ccoll_test_cuda_$v; [ "$v" = default ] && TV=$T
    [ "${MEMCHECK_NP2:-1}" = 1 ] && t "memcheck_${v}_np2_ipc" 60 CUDA_VISIBLE_DEVICES=0,1 CCOLL_TEST_QUICK=1 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 2 compute-sanitizer --error-exitcode 1 "$TV"
    [ "$NGPU" -ge 4 ] && t "memcheck_${v}_np4_ipc" 60 CCOLL_TEST_QUICK=1 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 4 compute-sanitizer --error-exitcode 1 "$TV"
done
CSV="$OUT/nccl.csv"; ERR="$OUT/logs/bench.err"; : >"$ERR"
nb() { # need-s tmo what, env...
    local need=$1 tmo=$2 what=$3; shift 3
    if [ "$(left)" -gt "$need" ]; then env BIN="$BIN" NCCL_LOGDIR="$OUT/logs" "$@" timeout "$tmo" "$ROOT/demos/bench/allreduce_ccoll_cuda_nccl.sh" "$CSV" >>"$OUT/logs/bench.log" 2>>"$ERR"; log "$what rc $?"
    else log "skipped $what"; fi
}
if [ "${TWO:-1}" = 1 ]; then # TWO=0: only the tests and the 4-rank rows (an A/B call)
nb 60 150 "2 ${TWO_SETTINGS:-node slow}" CUDA_VISIBLE_DEVICES=0,1 NP=2 SETTINGS="${TWO_SETTINGS:-node slow}" NODE_COUNTS=${TWO_NODE_COUNTS:-1048576,16777216,67108864,268435456} SLOW_COUNTS=${TWO_SLOW_COUNTS:-16777216,67108864,268435456}
[ "${SHM:-1}" = 1 ] && nb 50 100 "2 shm" CUDA_VISIBLE_DEVICES=0,1 NP=2 SETTINGS=shm SLOW_COUNTS=${SHM_COUNTS:-16777216,67108864,268435456}
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
timeout 40 mpiexec -n 2 --mca pml ob1 --mca btl tcp,self --mca btl_tcp_if_include lo "$WP" 32,128 1024,4096 5 >"$OUT/logs/wire_tcp.csv" 2>>"$ERR"; log "wire rc $?"
wire_rows tcp_lo "$OUT/logs/wire_tcp.csv" | tee -a "$OUT/wire.csv"
[ "${SPREAD:-1}" = 1 ] && nb 20 40 "2 node spread" CUDA_VISIBLE_DEVICES=0,1 NP=2 SETTINGS=node NODE_LABEL=node_spread NODE_COUNTS=1048576,67108864 NODE_ALGOS=nccl,argm ITERS=${ITERS_SPREAD:-15}
fi
# RACE=1: compute-sanitizer racecheck of the compressed rings (CCOLL_TEST_RING_ONLY=1: DOC / HOMCOMP /
# HomComp_F pairs at the quick counts), 2 ranks each its own node, at most RACE_S (60) s of what is
# left less RACE_RESERVE (what the rows after it need: 4 node's 30 s + 4 slow+hier's 50 where 4 GPUs
# are, 5 else; plus 40 for CMA=1's rows where they run, TWO=1)
if [ "${RACE:-0}" = 1 ]; then
    RT=$(( $(left) - ${RACE_RESERVE:-$(( (NGPU >= 4 ? 80 : 5) + (${CMA:-0} == 1 && ${TWO:-1} == 1 ? 40 : 0) ))} )); [ "$RT" -gt "${RACE_S:-60}" ] && RT=${RACE_S:-60}
    if [ "$RT" -ge 15 ]; then t racecheck_ring_np2_rpn1 "$RT" CUDA_VISIBLE_DEVICES=0,1 CCOLL_TEST_QUICK=1 CCOLL_TEST_RING_ONLY=1 CCOLL_RANKS_PER_NODE=1 \
        mpiexec -n 2 compute-sanitizer --error-exitcode 1 --tool racecheck "$T"
    else log "skipped racecheck_ring_np2_rpn1"; fi
fi
# CMA=1: the shm rows (HomComp_F and staged MPI both) again with vader's single-copy mechanism cma
# (the device image's environment sets none: copy-in/copy-out) at CMA_COUNTS; then the wire probe
# (ring pattern) on shared memory under none and cma
if [ "${CMA:-0}" = 1 ] && [ "${TWO:-1}" = 1 ]; then
    nb 35 100 "2 shm cma" CUDA_VISIBLE_DEVICES=0,1 NP=2 SETTINGS=shm SHM_LABEL=shm_cma \
        MPIEXEC_EXTRA="--mca btl_vader_single_copy_mechanism cma" SLOW_COUNTS=${CMA_COUNTS:-16777216,67108864,268435456}
    for m in none cma; do
        [ "$(left)" -gt 30 ] || { log "skipped wire shm $m"; continue; }
        timeout 30 mpiexec -n 2 --mca btl_vader_single_copy_mechanism $m "$WP" 32,128 1024,4096 5 >"$OUT/logs/wire_shm_$m.csv" 2>>"$ERR"; log "wire shm $m rc $?"
        wire_rows "shm_$m" "$OUT/logs/wire_shm_$m.csv" >>"$OUT/wire.csv"
    done
fi
if [ "$NGPU" -ge 4 ]; then
    nb 25 60 "4 node" BENCH_CALLS=2 NP=4 SETTINGS=node NODE_COUNTS=${NODE4_COUNTS:-1048576,16777216,67108864,268435456} NODE_ALGOS=${NODE4_ALGOS:-nccl,argm,mpi} ITERS=${ITERS_SPREAD:-15}
    # VARIANTS="NAME ..." (demos/bench/allreduce_ccoll_cuda_nccl_NAME): the 4-rank node rows at
    # VARIANT_COUNTS (64 MiB-1 GiB) again, then the default once more (A, B, A in one machine run;
    # AGAIN=last: the default once, after the last variant: A, B, C, A)
    VC=${VARIANT_COUNTS:-16777216,67108864,268435456}; nv=0; set -- ${VARIANTS:-}
    for v in ${VARIANTS:-}; do
        nv=$((nv + 1))
        nb 20 40 "4 node $v" BENCH_CALLS=2 NP=4 SETTINGS=node NODE_LABEL=node_$v BIN=$B/demos/bench/allreduce_ccoll_cuda_nccl_$v NODE_COUNTS=$VC NODE_ALGOS=nccl,argm ITERS=${ITERS_SPREAD:-15}
        [ "${AGAIN:-each}" = last ] && [ "$nv" -lt $# ] && continue
        nb 20 40 "4 node again" BENCH_CALLS=2 NP=4 SETTINGS=node NODE_LABEL=node_again_$v NODE_COUNTS=$VC NODE_ALGOS=nccl,argm ITERS=${ITERS_SPREAD:-15}
    done
    # NODE4_SLOW=0: no 4-rank slow and 2 x 2 hier rows (an A/B call of the node rows)
    [ "${NODE4_SLOW:-1}" = 1 ] && nb 45 120 "4 slow+hier" NP=4 SETTINGS="slow hier" SLOW_COUNTS=16777216,67108864
fi
# F64_COUNTS (float64 elements a rank, e.g. 8388608,33554432 = 64 and 256 MiB): the node rows NCCL and
# ArGM on float64 (--type f64), the default build, on 4 GPUs where there are, else 2
NPF=2; [ "$NGPU" -ge 4 ] && NPF=4
# F32_COUNTS: the same rows on float32 beside them (e.g. twice F64_COUNTS: the same bytes)
[ -n "${F32_COUNTS:-}" ] && nb 20 40 "$NPF node f32" BENCH_CALLS=2 NP=$NPF SETTINGS=node NODE_LABEL=node_f32 \
    NODE_COUNTS=$F32_COUNTS NODE_ALGOS=nccl,argm ITERS=${ITERS_SPREAD:-15}
[ -n "${F64_COUNTS:-}" ] && nb 20 40 "$NPF node f64" BENCH_CALLS=2 NP=$NPF SETTINGS=node NODE_LABEL=node_f64 NODE_EXTRA="--type f64" \
    NODE_COUNTS=$F64_COUNTS NODE_ALGOS=nccl,argm ITERS=${ITERS_SPREAD:-15}
# STAMPS="NAME ..." (demos/bench/allreduce_ccoll_cuda_nccl_NAME, a stamps build): ArGM's chunk
# pipeline per call at STAMP_COUNTS (256 MiB), as many ranks, "stamps," lines into OUT/stamps.txt
for v in ${STAMPS:-}; do # (built here when EXTRA_TARGETS did not name it)
    ninja -C "$B" "demos/bench/allreduce_ccoll_cuda_nccl_$v" >>"$OUT/logs/build.log" 2>&1 || { log "build of allreduce_ccoll_cuda_nccl_$v failed (werror): skipped"; continue; }
    nb 15 40 "$NPF node $v" NP=$NPF SETTINGS=node NODE_LABEL=node_$v BIN=$B/demos/bench/allreduce_ccoll_cuda_nccl_$v \
        NODE_COUNTS=${STAMP_COUNTS:-67108864} NODE_ALGOS=nccl,argm ITERS=${ITERS_SPREAD:-15}
done
grep -h '^calls' "$ERR" >"$OUT/calls.txt"
grep -h '^stamps' "$ERR" >"$OUT/stamps.txt"
python3 "$ROOT/demos/bench/allreduce_ccoll_cuda_nccl_table.py" "$CSV" >"$OUT/table.md" 2>&1
rows "$CSV" | tee -a "$OUT/table.md"
cat "$OUT/calls.txt"
log end
cd "$OUT" && tar czf logs.tgz logs && rm -rf logs
