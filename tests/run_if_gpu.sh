#!/bin/sh
# tests/run_if_gpu.sh PROGRAM [ARGS...] - run PROGRAM where an NVIDIA GPU is present, else exit 77
# (meson's SKIP). For programs that are not test programs (a manual's example) and so cannot call
# check_cuda_device_or_skip() themselves.
if ! nvidia-smi -L >/dev/null 2>&1; then
    echo "no NVIDIA GPU here: skipped"
    exit 77
fi
exec "$@"
