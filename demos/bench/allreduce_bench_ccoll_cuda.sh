#!/usr/bin/env bash
# demos/bench/allreduce_bench_ccoll_cuda.sh - ccoll_mpi.h's device plans on the GPUs of one
# host, side by side in one run: every algorithm, MPI_Allreduce staged through pinned host
# memory (allreduce_cuda's baseline row) and NCCL through PyTorch (a reference line; the
# library never links NCCL). Float32 device buffers per rank, walk and normal data, REL 1e-4.
#   BIN=build/demos/allreduce_cuda demos/bench/allreduce_bench_ccoll_cuda.sh OUT.csv
# Env: COUNTS (elements per rank, comma list; default 4 MiB..1 GiB), NP (ranks, default 2),
# ITERS (default 5), CONFIGS ("ipc rpn1" = one node / every rank its own node; see below),
# EXTRA_SETTINGS (bash run first, e.g. 'COUNTS_OF[rpn2@4]=67108864'), NCCL=0 to skip.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-allreduce_ccoll_cuda.csv}
BIN=${BIN:-$here/../../build/demos/allreduce_cuda}
COUNTS=${COUNTS:-1048576,4194304,16777216,67108864,268435456}
NP=${NP:-2}
ITERS=${ITERS:-5}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
status=0
header=""
# per-config sizes and algorithms (the bash associative arrays COUNTS_OF / ALGOS_OF may be
# filled by a caller that sources this file's settings; unset = COUNTS / all)
declare -A COUNTS_OF ALGOS_OF
eval "${EXTRA_SETTINGS:-}"
# a config: ipc (one node: ArGM over CUDA IPC), rpnD (CCOLL_RANKS_PER_NODE=D), each with an
# optional @NP (ranks) and :SEG (--segment), e.g. rpn2@4 or rpn1:4194304
for cfg in ${CONFIGS:-ipc rpn1}; do
    np=$NP; seg=0; name=${cfg%%[@:]*}
    [[ "$cfg" == *@* ]] && { np=${cfg#*@}; np=${np%%:*}; }
    [[ "$cfg" == *:* ]] && seg=${cfg#*:}
    for data in walk normal; do
        case $name in rpn*) export CCOLL_RANKS_PER_NODE=${name#rpn};; *) unset CCOLL_RANKS_PER_NODE;; esac
        mpiexec -n "$np" "$BIN" --csv $header --label "$cfg" --count "${COUNTS_OF[$cfg]:-$COUNTS}" --data $data --rel 1e-4 \
            --iters "$ITERS" --segment "$seg" ${ALGOS_OF[$cfg]:+--algo ${ALGOS_OF[$cfg]}} >>"$out" || status=1
        header=--no-header
    done
done
unset CCOLL_RANKS_PER_NODE
if [ "${NCCL:-1}" = 1 ]; then
    python3 "$here/allreduce_ccoll_cuda_nccl.py" "$NP" "$COUNTS" 20 >>"$out" || status=1
fi
exit $status
