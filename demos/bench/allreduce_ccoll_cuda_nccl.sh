#!/usr/bin/env bash
# demos/bench/allreduce_ccoll_cuda_nccl.sh - ccoll's device plans beside NCCL (C API, same
# program: allreduce_ccoll_cuda_nccl) on the GPUs of one host, in two settings (issue 28):
#   node  NCCL as it comes; ccoll's ArGM over CUDA IPC; MPI_Allreduce staged (OpenMPI's default
#         transports)
#   slow  NCCL held to its socket transport (NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1
#         NCCL_IB_DISABLE=1) over loopback; ccoll with every rank its own node (--rpn 1: the
#         compressed HomComp_F ring) and staged MPI, OpenMPI over TCP on loopback
#         (--mca pml ob1 --mca btl tcp,self --mca btl_tcp_if_include lo): the same slow path
#   shm   the issue's staged baseline: HomComp_F with every rank its own node (--rpn 1) beside
#         MPI_Allreduce staged through pinned memory, both on OpenMPI's defaults (no --mca: shared
#         memory, btl vader, on one host); SLOW_COUNTS, SHM_ALGOS (homcomp_f,mpi), SHM_LABEL (shm)
#   slowseg  HomComp_F alone on the slow path with --segment $SLOW_SEG (default 4194304)
#   hier  NP / HIER_RPN simulated nodes of HIER_RPN ranks (default 2; NP=4: 2 x 2): NCCL with
#         NCCL_HOSTID set per simulated node (NVLink inside, its socket transport on lo between,
#         NCCL_IB_DISABLE=1) beside ccoll's ArGM with --rpn HIER_RPN (CUDA IPC inside, HomComp_F
#         over OpenMPI's TCP on lo between); SLOW_COUNTS
#   BIN=build/demos/bench/allreduce_ccoll_cuda_nccl demos/bench/allreduce_ccoll_cuda_nccl.sh OUT.csv
# Env: NP (ranks, default 2), ITERS (5), NODE_COUNTS / SLOW_COUNTS (f32 elements per rank),
# SETTINGS ("node slow"), NODE_ALGOS / SLOW_ALGOS / HIER_ALGOS, HIER_RPN, NODE_LABEL (node), NODE_EXTRA (more
# arguments for the node rows, e.g. "--type f64"; NODE_COUNTS then counts float64 elements), NCCL_LOGDIR
# (NCCL_DEBUG=INFO logs there), MPIEXEC_EXTRA. LD_LIBRARY_PATH must find libnccl.so.2. The slow
# and hier settings time NCCL and staged MPI on the walk data only (--raw-once: their time does
# not depend on the values).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-allreduce_ccoll_cuda_nccl.csv}
BIN=${BIN:-$here/../../build/demos/bench/allreduce_ccoll_cuda_nccl}
NP=${NP:-2}
ITERS=${ITERS:-5}
NODE_COUNTS=${NODE_COUNTS:-1048576,16777216,67108864,268435456}
SLOW_COUNTS=${SLOW_COUNTS:-16777216,67108864,268435456}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
if [ -n "${NCCL_LOGDIR:-}" ]; then mkdir -p "$NCCL_LOGDIR"; export NCCL_DEBUG=INFO NCCL_DEBUG_FILE="$NCCL_LOGDIR/nccl.%h.%p.log"; fi
xenv=(-x LD_LIBRARY_PATH -x NCCL_NVLS_ENABLE ${NCCL_DEBUG:+-x NCCL_DEBUG -x NCCL_DEBUG_FILE})
status=0
header=""; [ -s "$out" ] && header=--no-header # appending to an earlier run's CSV
for s in ${SETTINGS:-node slow}; do
    case $s in
    node) mpiexec -n "$NP" "${xenv[@]}" ${MPIEXEC_EXTRA:-} "$BIN" $header --label "${NODE_LABEL:-node}" --nccl default --data walk \
              --count "$NODE_COUNTS" --iters "$ITERS" --algo "${NODE_ALGOS:-nccl,argm,mpi}" ${NODE_EXTRA:-} >>"$out" || status=1;;
    slow) NCCL_SOCKET_IFNAME=lo mpiexec -n "$NP" "${xenv[@]}" -x NCCL_SOCKET_IFNAME --mca pml ob1 --mca btl tcp,self \
              --mca btl_tcp_if_include lo ${MPIEXEC_EXTRA:-} "$BIN" $header --label slow --nccl sockets --rpn 1 \
              --data walk,normal --count "$SLOW_COUNTS" --iters "$ITERS" --algo "${SLOW_ALGOS:-nccl,homcomp_f,mpi}" --raw-once >>"$out" || status=1;;
    hier) NCCL_SOCKET_IFNAME=lo NCCL_IB_DISABLE=1 mpiexec -n "$NP" "${xenv[@]}" -x NCCL_SOCKET_IFNAME -x NCCL_IB_DISABLE --mca pml ob1 \
              --mca btl tcp,self --mca btl_tcp_if_include lo ${MPIEXEC_EXTRA:-} \
              sh -c 'export NCCL_HOSTID=ccoll_node$((${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-0}} / $0)); exec "$@"' "${HIER_RPN:=2}" "$BIN" $header --label hier \
              --nccl default --rpn "$HIER_RPN" --data walk,normal --count "$SLOW_COUNTS" --iters "$ITERS" \
              --algo "${HIER_ALGOS:-nccl,argm}" --raw-once >>"$out" || status=1;;
    shm) mpiexec -n "$NP" "${xenv[@]}" ${MPIEXEC_EXTRA:-} "$BIN" $header --label "${SHM_LABEL:-shm}" --nccl none --rpn 1 --data walk,normal \
              --count "$SLOW_COUNTS" --iters "$ITERS" --algo "${SHM_ALGOS:-homcomp_f,mpi}" --raw-once >>"$out" || status=1;;
    slowseg) mpiexec -n "$NP" "${xenv[@]}" --mca pml ob1 --mca btl tcp,self --mca btl_tcp_if_include lo ${MPIEXEC_EXTRA:-} \
              "$BIN" $header --label slow_seg${SLOW_SEG:=4194304} --nccl none --rpn 1 --data walk,normal --count "$SLOW_COUNTS" \
              --iters "$ITERS" --algo homcomp_f --segment "$SLOW_SEG" >>"$out" || status=1;;
    *) echo "unknown setting $s" >&2; status=2;;
    esac
    header=--no-header
done
exit $status
