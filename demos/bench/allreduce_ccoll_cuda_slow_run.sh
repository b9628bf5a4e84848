#!/usr/bin/env bash
# demos/bench/allreduce_ccoll_cuda_slow_run.sh - issue 28, one device call (nvidia-h100-x4 or -x2):
# what bounds the compressed ring against staged MPI on the slow path, and the node rows' spread.
#  1. werror build of ccoll_test_cuda, allreduce_ccoll_cuda_nccl, allreduce_cuda_wire_probe
#  2. TESTS (default np2_rpn1 np4_ipc: the slow path's ring, the node's IPC path)
#  3. the wire probe (2 ranks, OpenMPI ob1/tcp on lo, as the slow setting) under each MCA set of
#     MCAS ("name=args;..."): bytes a second each way with every send and receive posted at once
#  4. slow setting (NCCL sockets, HomComp_F with 1M segments, staged MPI) at SLOW_COUNTS, then
#     HomComp_F with SEG2 (4M) segments, twice alternated; each MCA set: HomComp_F + staged MPI
#  5. node setting, NODE_NPS ranks, NODE_COUNTS, ITERS_NODE calls, twice, every call's time kept
#     (BENCH_CALLS=1: "calls," lines in logs/calls.txt)
# Writes under $OUT: run.log, nccl.csv, wire.csv, calls.txt, table.md, machine.txt, logs.tgz. BUDGET (s)
# skips steps that would not fit. The start (build, machine.txt, tests' helper) is
# allreduce_ccoll_cuda_run_common.sh.
: "${BUDGET:=230}"; BUILD_NAME=build-slow; TARGETS=""
machine_extra() {
  ompi_info --param btl tcp --level 9 2>/dev/null | grep -E 'sndbuf|rcvbuf|max_send_size|eager_limit|links|progress|pipeline' | sed 's/^ *//'
  sysctl net.core.wmem_max net.core.rmem_max net.ipv4.tcp_wmem net.ipv4.tcp_rmem 2>/dev/null; ip link show lo 2>/dev/null | head -1
}
# shellcheck source=allreduce_ccoll_cuda_run_common.sh
. "$(dirname "$0")/allreduce_ccoll_cuda_run_common.sh"
for tn in ${TESTS-np2_rpn1 np4_ipc}; do
    case $tn in
    np2_rpn1) t np2_rpn1 90 CCOLL_RANKS_PER_NODE=1 mpiexec -n 2 "$T";;
    np2_ipc) t np2_ipc 90 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 2 "$T";;
    np4_ipc) [ "$NGPU" -ge 4 ] && t np4_ipc 90 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 4 "$T";;
    np4_rpn2) [ "$NGPU" -ge 4 ] && t np4_rpn2 90 CCOLL_RANKS_PER_NODE=2 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 4 "$T";;
    memcheck_np2_rpn1) t memcheck_np2_rpn1 90 CCOLL_TEST_QUICK=1 CCOLL_RANKS_PER_NODE=1 mpiexec -n 2 compute-sanitizer --error-exitcode 1 "$T";;
    memcheck_np2_ipc) t memcheck_np2_ipc 90 CCOLL_TEST_QUICK=1 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 2 compute-sanitizer --error-exitcode 1 "$T";;
    esac
done
TCP=(--mca pml ob1 --mca btl tcp,self --mca btl_tcp_if_include lo)
MCAS=${MCAS:-"sock16m=--mca btl_tcp_sndbuf 16777216 --mca btl_tcp_rcvbuf 16777216;send4m=--mca btl_tcp_max_send_size 4194304;links2=--mca btl_tcp_links 2;pthread=--mca btl_tcp_progress_thread 1"}
IFS=';' read -r -a MC <<<"default=;$MCAS"
WIRE="$OUT/wire.csv"
for m in "${MC[@]}"; do
    name=${m%%=*} args=${m#*=}
    [ "$(left)" -gt 20 ] || { log "skipped wire $name"; continue; }
    timeout 40 mpiexec -n 2 "${TCP[@]}" $args "$WP" ${WIRE_TOTALS:-32,128} ${WIRE_MSGS:-256,1024,4096} 5 >"$OUT/logs/wire_$name.csv" 2>"$OUT/logs/wire_$name.err"
    log "wire $name rc $?"; wire_rows "$name" "$OUT/logs/wire_$name.csv" | tee -a "$WIRE"
done
CSV="$OUT/nccl.csv"; : >"$OUT/logs/bench.err"
hdr() { [ -s "$CSV" ] && echo --no-header; }
slow() { # need-s tmo label mca-args -- binary args
    local need=$1 tmo=$2 lab=$3 mca=$4; shift 4
    if [ "$(left)" -gt "$need" ]; then
        BENCH_CALLS=1 NCCL_SOCKET_IFNAME=lo timeout "$tmo" mpiexec -n 2 -x LD_LIBRARY_PATH -x NCCL_SOCKET_IFNAME -x BENCH_CALLS "${TCP[@]}" $mca \
            "$BIN" $(hdr) --label "$lab" --rpn 1 --data walk,normal --iters 5 "$@" >>"$CSV" 2>>"$OUT/logs/bench.err"
        log "$lab rc $?"
    else log "skipped $lab"; fi
}
SC=${SLOW_COUNTS:-16777216,67108864}
slow 40 90 slow "" --nccl sockets --count "$SC" --algo nccl,homcomp_f,mpi --raw-once
for rep in a b; do
    slow 25 60 "slow_seg${SEG2:=4194304}_$rep" "" --nccl none --count "$SC" --algo homcomp_f --segment "$SEG2"
    slow 25 60 "slow_seg1M_$rep" "" --nccl none --count "$SC" --algo homcomp_f --segment 1048576
done
for m in "${MC[@]:1}"; do
    name=${m%%=*} args=${m#*=}
    slow 30 60 "slow_$name" "$args" --nccl none --count "${MC_COUNTS:-67108864}" --algo homcomp_f,mpi --raw-once
done
node() { # np label
    local np=$1 lab=$2
    [ "$np" -le "$NGPU" ] || return 0
    if [ "$(left)" -gt 25 ]; then
        BENCH_CALLS=1 timeout 60 mpiexec -n "$np" -x LD_LIBRARY_PATH -x NCCL_NVLS_ENABLE -x BENCH_CALLS "$BIN" $(hdr) --label "$lab" --nccl default --data walk \
            --count "${NODE_COUNTS:-1048576,67108864}" --iters "${ITERS_NODE:-15}" --algo nccl,argm >>"$CSV" 2>>"$OUT/logs/bench.err"
        log "node $np $lab rc $?"
    else log "skipped node $np $lab"; fi
}
for np in ${NODE_NPS:-4 2}; do node "$np" node_a; node "$np" node_b; done
[ -n "${SLOW_BIG:-}" ] && slow 60 120 slow_big "" --nccl none --count "$SLOW_BIG" --algo homcomp_f,mpi --raw-once
grep -h '^calls,' "$OUT/logs/bench.err" >"$OUT/calls.txt"
python3 "$ROOT/demos/bench/allreduce_ccoll_cuda_nccl_table.py" "$CSV" >"$OUT/table.md" 2>&1
rows "$CSV" | tee -a "$OUT/table.md"
cat "$OUT/calls.txt"
log end
cd "$OUT" && tar czf logs.tgz logs && rm -rf logs
