#!/usr/bin/env bash
# demos/bench/bwt_cuda_run.sh - issue 26's GPU run in one call: the device BWT tests
# (sa_cuda_bwt_test, and compute-sanitizer memcheck on its --quick inputs, side by side), then
# bwt_cuda_bench on the SA table's five inputs (the /usr/include headers, 64 MiB of /usr/bin,
# 64 MiB random ACGT, 256 MiB random bytes, 16 MiB of the Fibonacci word) against libcubwt 1.6.
#   BIN=dir (bwt_cuda_bench and the tests built elsewhere, e.g. meson with -Dlibcubwt16_dir=PATH;
#   TESTS="names" the test binaries there to run, default the two sa_cuda_bwt ones) or
#   LIBCUBWT16_DIR=path (built here with nvcc)
#   demos/bench/bwt_cuda_run.sh [test] [bench]     (default: both)
# bwt_cuda.csv and the logs (packed: bwt_cuda_logs.tar.gz) under $OUT (default ./gpu-out).
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
L=${LOGS:-/tmp/bwt_cuda_logs}  # packed into $OUT/bwt_cuda_logs.tar.gz after each step (the device tool
mkdir -p "$L"                    # returns a few files only)
pack() { tar czf "$OUT/bwt_cuda_logs.tar.gz" -C "$(dirname "$L")" "$(basename "$L")"; }
B=${B:-/tmp/bwt_cuda_build}
mkdir -p "$B"
what=" ${*:-test bench} "
want() { [[ "$what" == *" $1 "* ]]; }
{ nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv; nproc; date -u; } >"$L/machine.txt" 2>&1
cat "$L/machine.txt"
status=0
runs() { [ -x "$1" ] && ! ldd "$1" 2>&1 | grep -q "not found"; }  # its libraries present here
tests=${TESTS:-sa_cuda_bwt_test sa_cuda_bwt_test_lean_dc3}  # TESTS: binaries in BIN
pids=()
waitall() { for p in "${pids[@]}"; do wait "$p" || status=1; done; pids=(); }  # a failed job fails the run
have=${BIN:+1}
for f in bwt_cuda_bench $tests; do [ -n "$have" ] && runs "$BIN/$f" || have=; done
if [ -n "$have" ]; then
    for f in bwt_cuda_bench $tests; do cp "$BIN/$f" "$B"/; done && echo "using the binaries from $BIN"
else
    tests="sa_cuda_bwt_test sa_cuda_bwt_test_lean_dc3"
    echo "building here"
    NV="nvcc -O3 -arch=${GPU_ARCH:-sm_90} -lineinfo -I. -Itests -Idemos"
    { $NV -o $B/sa_cuda_bwt_test tests/test_sa_cuda_bwt.cu >"$L/build-test.log" 2>&1 || { echo "test build FAILED"; exit 1; }; } &
    pids+=($!)
    { $NV -DSA_CUDA__LEAN_TO_DC3=1 -o $B/sa_cuda_bwt_test_lean_dc3 tests/test_sa_cuda_bwt.cu >"$L/build-test2.log" 2>&1 ||
        { echo "test build FAILED"; exit 1; }; } &
    pids+=($!)
    LC=${LIBCUBWT16_DIR:-}
    ( gcc -std=c11 -O3 -fopenmp -I. -Idemos -c demos/bench/bwt_cuda_bench_cpu.c -o $B/cpu.o &&
      if [ -n "$LC" ]; then $NV -I"$LC" -c "$LC/libcubwt.cu" -o $B/libcubwt.o; fi &&
      $NV ${LC:+-DBWT_BENCH_LIBCUBWT -I"$LC"} -c demos/bench/bwt_cuda_bench.cu -o $B/bench.o &&
      $NV -o $B/bwt_cuda_bench $B/bench.o $B/cpu.o ${LC:+$B/libcubwt.o} -Xcompiler -fopenmp ) >"$L/build-bench.log" 2>&1 ||
        { echo "bench build FAILED"; exit 1; } &
    pids+=($!)
    waitall
fi
hdr=/tmp/sa_usr_include_50MB.txt
bins=/tmp/sa_usr_bin_64MB.bin
if want bench; then  # the inputs of sa_cuda_libcubwt_run.sh
    [ -s $hdr ] || find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 >$hdr
    [ -s $bins ] || find /usr/bin -maxdepth 1 -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 67108864 >$bins
fi
if want test; then
    t1=$(date +%s)
    for t in $tests; do
        { timeout ${TEST_TIMEOUT:-150} $B/$t >"$L/$t.log" 2>&1 || { echo "$t FAILED"; exit 1; }; } &
        pids+=($!)
    done
    { timeout ${TEST_TIMEOUT:-150} compute-sanitizer --tool memcheck --error-exitcode 9 $B/sa_cuda_bwt_test --quick \
        >"$L/memcheck.log" 2>&1 || { echo "MEMCHECK FAILED"; exit 1; }; } &
    pids+=($!)
    waitall
    for t in $tests memcheck; do tail -n 3 "$L/$t.log" | sed "s/^/$t: /"; done
    grep -h "BWT device bytes" "$L/sa_cuda_bwt_test.log"
    echo "tests $(( $(date +%s) - t1 )) s"
    pack
fi
if want bench; then
    t1=$(date +%s)
    csv="$OUT/bwt_cuda.csv"
    : >"$csv"
    run() { timeout ${BENCH_TIMEOUT:-120} $B/bwt_cuda_bench bwt --reps ${REPS:-3} "$@" 2>>"$L/bench.err" | tee -a "$L/bench.log" || status=1; pack; }
    run --file headers=$hdr
    run --file binaries=$bins
    run --acgt --n 67108864
    run --n 268435456
    run --fib --n 16777216
    awk -F, 'NR == 1 || $1 != "op"' "$L/bench.log" >"$csv"
    echo "bench $(( $(date +%s) - t1 )) s"
fi
pack
exit $status
