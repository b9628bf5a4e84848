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
# Writes under $OUT: run.log, nccl.csv, wire.csv, calls.txt, table.md, logs.tgz. BUDGET (s) skips
# steps that would not fit.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${OUT:-$ROOT/gpu-out}; mkdir -p "$OUT/logs"
BUDGET=${BUDGET:-230}
left() { echo $((BUDGET - SECONDS)); }
log() { echo "[$SECONDS s $(date -u +%H:%M:%S)] $*" | tee -a "$OUT/run.log"; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvidia-smi topo -m | head -6; nproc
  mpiexec --version | head -1; cat "$ROOT/TREE" 2>/dev/null || git -C "$ROOT" log --oneline -1
  ompi_info --param btl tcp --level 9 2>/dev/null | grep -E 'sndbuf|rcvbuf|max_send_size|eager_limit|links|progress|pipeline' | sed 's/^ *//'
  sysctl net.core.wmem_max net.core.rmem_max net.ipv4.tcp_wmem net.ipv4.tcp_rmem 2>/dev/null; ip link show lo 2>/dev/null | head -1; } >"$OUT/machine.txt" 2>&1
NCCL_DIR=${NCCL_DIR:-}
[ -n "$NCCL_DIR" ] || for h in $(find / -xdev -name nccl.h -path '*/include/nccl.h' 2>/dev/null); do d=$(dirname "$(dirname "$h")"); ls "$d"/lib/libnccl.so* >/dev/null 2>&1 && { NCCL_DIR=$d; break; }; done
echo "NCCL_DIR=$NCCL_DIR ($(grep -hE 'define NCCL_(MAJOR|MINOR|PATCH) ' "$NCCL_DIR/include/nccl.h" | awk '{print $3}' | tr '\n' .))" >>"$OUT/machine.txt"
cat "$OUT/machine.txt"
log start
B=$ROOT/build-slow
MESON=meson; command -v meson >/dev/null || MESON="python3 -m mesonbuild.mesonmain"
$MESON setup "$B" "$ROOT" -Dwerror=true -Dcuda=enabled -Dmpi=enabled -Dbenchmarks=enabled -Dnccl_dir="$NCCL_DIR" -Dbuildtype=release -Dgpu_arch=sm_90 >"$OUT/logs/setup.log" 2>&1 || { tail -20 "$OUT/logs/setup.log"; exit 1; }
ninja -C "$B" tests/ccoll_test_cuda demos/bench/allreduce_ccoll_cuda_nccl demos/bench/allreduce_cuda_wire_probe ${EXTRA_TARGETS:-} >"$OUT/logs/build.log" 2>&1; rc=$?
log "build rc $rc (werror)"; [ $rc = 0 ] || { grep -E "error|warning" "$OUT/logs/build.log" | head -20; exit 1; }
export LD_LIBRARY_PATH="$NCCL_DIR/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
NGPU=$(nvidia-smi -L | grep -c '^GPU')
T=$B/tests/ccoll_test_cuda BIN=$B/demos/bench/allreduce_ccoll_cuda_nccl WP=$B/demos/bench/allreduce_cuda_wire_probe
t() { local name=$1; shift; timeout 90 env "$@" >"$OUT/logs/t_$name.log" 2>&1; log "test $name rc $?: $(grep -h 'checks' "$OUT/logs/t_$name.log" | head -1 | sed 's/.*ccoll_test_cuda: //')"; grep -h "FAIL" "$OUT/logs/t_$name.log" | head -5; }
for tn in ${TESTS-np2_rpn1 np4_ipc}; do
    case $tn in
    np2_rpn1) t np2_rpn1 CCOLL_RANKS_PER_NODE=1 mpiexec -n 2 "$T";;
    np2_ipc) t np2_ipc CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 2 "$T";;
    np4_ipc) [ "$NGPU" -ge 4 ] && t np4_ipc CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 4 "$T";;
    np4_rpn2) [ "$NGPU" -ge 4 ] && t np4_rpn2 CCOLL_RANKS_PER_NODE=2 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 4 "$T";;
    memcheck_np2_rpn1) t memcheck_np2_rpn1 CCOLL_TEST_QUICK=1 CCOLL_RANKS_PER_NODE=1 mpiexec -n 2 compute-sanitizer --error-exitcode 1 "$T";;
    memcheck_np2_ipc) t memcheck_np2_ipc CCOLL_TEST_QUICK=1 CCOLL_TEST_EXPECT_IPC=1 mpiexec -n 2 compute-sanitizer --error-exitcode 1 "$T";;
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
    log "wire $name rc $?"; sed "s/^/$name,/" "$OUT/logs/wire_$name.csv" | tee -a "$WIRE"
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
python3 - "$CSV" <<'PY' | tee -a "$OUT/table.md"
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(f"{r['label']:16} {r['ranks']} {r['data']:6} {int(r['bytes_per_rank'])>>20:5} MiB {r['ran']:12} {float(r['time_s'])*1e3:9.4f} ms CR {r['ratio']:>6} codec {float(r['t_codec'])*1e3:7.3f} stage {float(r['t_stage'])*1e3:7.3f} link {float(r['t_link'])*1e3:8.4f} wire {float(r['t_wire'])*1e3:8.4f} ok {r['ok']}")
PY
cat "$OUT/calls.txt"
log end
cd "$OUT" && tar czf logs.tgz logs && rm -rf logs
