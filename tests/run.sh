#!/usr/bin/env bash
# tests/run.sh - install what is missing, configure (or reuse) a build, run `meson test`.
#   tests/run.sh                     all suites this machine can run, in ./build
#   tests/run.sh --sanitize          the same under AddressSanitizer + UBSan, in ./build-san
#   tests/run.sh --suite unit ...    extra arguments go to `meson test`
# Exits non-zero on any failure; failing tests print their logs.
set -euo pipefail
. "$(dirname "$0")/setup.sh"
setup_deps

builddir="$ROOT/build"
opts=()
tmul=1
if [ "${1:-}" = "--sanitize" ]; then
    shift
    builddir="$ROOT/build-san"
    # CUDA is left out: nvcc objects do not mix with the host sanitizers; compute-sanitizer
    # covers the GPU side (tests/gpu.sh).
    opts=(-Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debugoptimized -Dcuda=disabled)
    export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1}
    export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$ROOT/tests/lsan.supp:print_suppressions=0}
    export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
    # ASan + UBSan run the MPI suites 2-3x slower (sa_mpi_np5 takes ~160 s of its 240 s plain)
    tmul=3
fi
setup_build "$builddir" "${opts[@]}"
$MESON compile -C "$builddir"
$MESON test -C "$builddir" --print-errorlogs --num-processes "$(nproc)" --timeout-multiplier "$tmul" "$@"
