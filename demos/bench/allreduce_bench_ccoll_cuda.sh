#!/usr/bin/env bash
# demos/bench/allreduce_bench_ccoll_cuda.sh - ccoll_mpi.h's device plans on the GPUs of one
# host, side by side in one run: every algorithm, MPI_Allreduce staged through pinned host
# memory (allreduce_cuda's baseline row) and NCCL through PyTorch (a reference line; the
# library never links NCCL). Float32 device buffers per rank, walk and normal data, REL 1e-4.
#   BIN=build/demos/allreduce_cuda demos/bench/allreduce_bench_ccoll_cuda.sh OUT.csv
# Env: COUNTS (elements per rank, comma list; default 4 MiB..1 GiB), NP (ranks, default 2),
# ITERS (default 5), CONFIGS ("ipc rpn1" = one node / every rank its own node), NCCL=0 to skip.
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
for cfg in ${CONFIGS:-ipc rpn1}; do
    for data in walk normal; do
        if [ "$cfg" = rpn1 ]; then export CCOLL_RANKS_PER_NODE=1; else unset CCOLL_RANKS_PER_NODE; fi
        mpiexec -n "$NP" "$BIN" --csv $header --label "$cfg" --count "$COUNTS" --data $data --rel 1e-4 --iters "$ITERS" >>"$out" \
            || status=1
        header=--no-header
    done
done
unset CCOLL_RANKS_PER_NODE
if [ "${NCCL:-1}" = 1 ]; then
    python3 "$here/allreduce_ccoll_cuda_nccl.py" "$NP" "$COUNTS" 20 >>"$out" || status=1
fi
exit $status
