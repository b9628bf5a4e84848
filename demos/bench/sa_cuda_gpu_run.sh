#!/usr/bin/env bash
# demos/bench/sa_cuda_gpu_run.sh - sa_cuda's development run on the GPU machine, in one call:
# build the test, the benchmark and the demos with nvcc (no meson: quick), run the test, the
# benchmark, then the test under compute-sanitizer memcheck. Logs under $OUT (default ./gpu-out).
#   demos/bench/sa_cuda_gpu_run.sh [test] [bench] [sanitize] [demo] [trace] [meson]   (default: all)
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
B=${B:-/tmp/sa_cuda_build}
mkdir -p "$B"
what=" ${*:-test bench sanitize demo trace meson} "
want() { [[ "$what" == *" $1 "* ]]; }
NV="nvcc -O3 -arch=${GPU_ARCH:-sm_90} -lineinfo -I. -Itests -Idemos"
{ nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm --format=csv; nproc; nvcc --version | tail -n1; } \
    >"$OUT/machine.txt" 2>&1
cat "$OUT/machine.txt"
status=0
t0=$(date +%s)
want test && { $NV -o $B/test_sa_cuda tests/test_sa_cuda.cu >"$OUT/build.log" 2>&1 || { echo "test build FAILED"; status=1; }; } &
if want bench; then
    ( gcc -std=c11 -O3 -fopenmp -D_POSIX_C_SOURCE=200809L -I. -c demos/bench/sa_cuda_bench_cpu.c -o $B/cpu.o &&
      $NV -o $B/sa_cuda_bench demos/bench/sa_cuda_bench.cu $B/cpu.o -Xcompiler -fopenmp ) >>"$OUT/build.log" 2>&1 ||
        { echo "bench build FAILED"; } &
fi
if want demo; then
    ( $NV -o $B/sa_cuda demos/sa_cuda.cu && $NV -DSA_CUDA_DEMO_MS -o $B/sa_cuda_ms demos/sa_cuda.cu ) \
        >>"$OUT/build.log" 2>&1 || { echo "demo build FAILED"; } &
fi
if want trace; then
    $NV -DSA_CUDA_TRACE -o $B/sa_cuda_trace demos/sa_cuda.cu >>"$OUT/build.log" 2>&1 || echo "trace build FAILED" &
fi
hdr=/tmp/sa_usr_include_50MB.txt
if want bench || want trace && [ ! -s $hdr ]; then
    find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 >$hdr
fi
wait
echo "built in $(( $(date +%s) - t0 )) s; headers: $(stat -c %s $hdr) bytes"
if want test && [ -x $B/test_sa_cuda ]; then
    t1=$(date +%s)
    timeout 300 $B/test_sa_cuda >"$OUT/test.log" 2>&1 || { status=1; echo "TEST FAILED"; }
    tail -n 25 "$OUT/test.log"; echo "test: $(( $(date +%s) - t1 )) s"
fi
if want demo && [ -x $B/sa_cuda ]; then
    { $B/sa_cuda --random 5000000 && $B/sa_cuda_ms --random 5000000 --csv && $B/sa_cuda $hdr --csv; } >"$OUT/trace.log" 2>&1 || { status=1; echo "DEMO FAILED"; }
    cat "$OUT/trace.log"
fi
if want trace && [ -x $B/sa_cuda_trace ]; then
    for f in $hdr "--random 268435456"; do $B/sa_cuda_trace $f --csv >/dev/null 2>>"$OUT/trace.log"; $B/sa_cuda_trace $f --csv 2>&1 >/dev/null | tail -n 30; done
fi
if want bench && [ -x $B/sa_cuda_bench ]; then
    timeout 400 $B/sa_cuda_bench --headers $hdr --reps ${REPS:-3} --csv "$OUT/sa_cuda_bench.csv" ${BENCH_ARGS:-} 2>&1 | tee "$OUT/bench.log" || status=1
fi
if want meson; then # the project's build of sa_cuda's targets, its meson tests and the manual's example
    M=/tmp/sa_cuda_meson; rm -rf $M; MESON=meson; command -v meson >/dev/null || MESON="python3 -m mesonbuild.mesonmain"
    { $MESON setup $M . -Dcuda=enabled -Dbuildtype=release && ninja -C $M tests/sa_cuda_test tests/sa_cuda_example \
        demos/sa_cuda demos/sa_cuda_ms demos/bench/sa_cuda_bench && $MESON test -C $M --no-rebuild sa_cuda sa_cuda_example; } \
        >"$OUT/meson.log" 2>&1 || { status=1; echo "MESON FAILED"; }
    grep -E '^ *[0-9]+/[0-9]+ |^Ok:|^Fail:|^Skipped:|rror' "$OUT/meson.log" | head -20
fi
if want sanitize && [ -x $B/test_sa_cuda ]; then
    # memcheck on the whole test (SA_CUDA_TEST_QUICK=0 overrides the test's own sampling under the
    # sanitizer), then racecheck and synccheck on small inputs (SA_CUDA_TEST_QUICK=2)
    t1=$(date +%s)
    for tool in memcheck racecheck synccheck; do
        q=2; [ $tool = memcheck ] && q=${SANITIZE_QUICK:-0}
        if SA_CUDA_TEST_QUICK=$q SA_CUDA_TEST_FORCE=1 timeout ${SANITIZER_TIMEOUT:-300} compute-sanitizer --tool $tool \
               --error-exitcode 99 $B/test_sa_cuda >>"$OUT/sanitizer.log" 2>&1; then echo "$tool ok"
        else status=1; echo "$tool FAILED"; tail -n 30 "$OUT/sanitizer.log"; fi
    done
    grep -E "checks,|ERROR SUMMARY" "$OUT/sanitizer.log"
    echo "sanitizer: $(( $(date +%s) - t1 )) s"
fi
exit $status
