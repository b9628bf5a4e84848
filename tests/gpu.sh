#!/usr/bin/env bash
# tests/gpu.sh - the GPU part, in one call of the device tool on the GPU machine:
# configure and build there (fresh), `meson test` on the suite 'cuda', the GPU benchmarks and
# demos, then the CUDA tests under compute-sanitizer (SANITIZER_TIMEOUT seconds each).
# Logs and CSVs go to $OUT (default ./gpu-out).
#   tests/gpu.sh                 everything
#   tests/gpu.sh spiral sa       only these components' sections (spiral, sa, homcomp)
set -uo pipefail
. "$(dirname "$0")/setup.sh"
OUT=${OUT:-$ROOT/gpu-out}
mkdir -p "$OUT"
only=" ${*:-all} "
want() { [ "$only" = " all " ] || [[ "$only" == *" $1 "* ]]; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1

MESON=meson; command -v meson >/dev/null || MESON="python3 -m mesonbuild.mesonmain"
B="$ROOT/build-gpu"
{
    nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm --format=csv
    nproc; uname -r; nvcc --version | tail -n2; $MESON --version
} >"$OUT/machine.txt" 2>&1
cat "$OUT/machine.txt"

# Always a fresh build directory: meson writes no dependency files for CUDA objects, so a
# directory left on a warm machine could hold objects built from older headers.
rm -rf "$B"
$MESON setup "$B" "$ROOT" -Dcuda=enabled -Dbuildtype=release -Dgpu_arch=${GPU_ARCH:-sm_90} -Dwerror=true \
    >"$OUT/setup.log" 2>&1 || { tail -n 40 "$OUT/setup.log"; exit 1; }
status=0
# -k 0: one component's broken build must not hide another's results.
# GPU_TARGETS="a b": build only these ninja targets (one component's run on a short lease).
if ninja -C "$B" -k 0 ${GPU_TARGETS:-} >"$OUT/build.log" 2>&1; then echo "build ok"
else status=1; echo "build FAILED:"; grep -E 'error|FAILED' "$OUT/build.log" | head -40; fi

# Test names and test programs start with their component: spiral_*, sa_*, homcomp_*.
comp_of() { case $1 in spiral*|test_spiral*) echo spiral;; sa_cuda*|test_sa_cuda*) echo sa_cuda;; sa_*|test_sa_*) echo sa;;
            homcomp*|hc_*|test_homcomp*|test_hc_*) echo homcomp;; ccoll*|test_ccoll*) echo ccoll;; *) echo other;; esac; }
names=()
# The suite 'cuda' tests, read from meson's JSON introspection (its --list format varies by version).
cuda_tests=$($MESON introspect --tests "$B" | python3 -c '
import json, sys
for t in json.load(sys.stdin):
    if "cuda" in t["suite"] or any(s.endswith(":cuda") for s in t["suite"]): print(t["name"])')
for t in $cuda_tests; do
    want "$(comp_of "$t")" && names+=("$t")
done
if [ ${#names[@]} -gt 0 ]; then
    $MESON test -C "$B" --no-rebuild --print-errorlogs "${names[@]}" >"$OUT/test-cuda.log" 2>&1 || status=1
    grep -E '^ *[0-9]+/[0-9]+ |^Ok:|^Fail:|^Skipped:' "$OUT/test-cuda.log"
else
    echo "no cuda tests selected"
fi

# ---- GPU benchmarks (each writes a CSV under $OUT) ---------------------------
# ---- spiral.h
if want spiral; then
    "$B/demos/bench/spiral_bench_gpu" "$OUT/spiral_gpu.csv" 2>&1 | tee "$OUT/spiral_bench_gpu.log" || status=1
    "$B/demos/spiral_cuda" 2>&1 | tee -a "$OUT/spiral_bench_gpu.log" || status=1
fi
# ---- sa.h
if want sa; then
    # The host CPU's 16 cores: SA-IS vs the parallel algorithm at 1-16 threads (CPU only).
    "$B/demos/bench/sa_bench_scaling" --threads 1,2,4,8,16 --reps 2 >"$OUT/sa_scaling.csv" 2>"$OUT/sa_scaling.log" || status=1
    cat "$OUT/sa_scaling.csv"
fi
# ---- sa_cuda.cuh: GPU vs sa.h's OpenMP default (random 256 MB, /usr/include headers, ACGT, batch)
if want sa_cuda; then
    hdr=/tmp/sa_usr_include_50MB.txt
    [ -s $hdr ] || find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 >$hdr
    "$B/demos/bench/sa_cuda_bench" --headers $hdr --csv "$OUT/sa_cuda_bench.csv" >"$OUT/sa_cuda_bench.log" 2>&1 || status=1
    cat "$OUT/sa_cuda_bench.log"
fi
# ---- homcomp.cuh
if want homcomp; then
    if [ -x "$B/demos/bench/homcomp_bench_cuda" ]; then
        "$B/demos/bench/homcomp_bench_cuda" --csv "$OUT/homcomp_bench_cuda.csv" >"$OUT/homcomp_bench_cuda.log" 2>&1 || status=1
        cat "$OUT/homcomp_bench_cuda.log"
    else echo "homcomp_bench_cuda not built"; status=1; fi
fi

# ---- every demo variant on its default input (the CUDA ones run here) --------
if [ "$only" = " all " ]; then
    SETUP_NO_INSTALL=1 BUILD="$B" "$ROOT/demos/run_all.sh" >"$OUT/run_all.txt" 2>"$OUT/run_all.log" || status=1
    cat "$OUT/run_all.txt"
fi

# Last, so the timings above come back even if it runs long: compute-sanitizer (memcheck)
# over the selected components' CUDA test programs.
if command -v compute-sanitizer >/dev/null; then
    : >"$OUT/sanitizer.log"
    for t in $(find "$B/tests" -maxdepth 2 -type f -executable -name '*cuda*'); do
        want "$(comp_of "$(basename "$t")")" || continue
        # MPI programs: tests/gpu_ccoll_cuda.sh runs them under mpiexec + compute-sanitizer
        case $(basename "$t") in ccoll*) continue;; esac
        # memcheck always; racecheck (shared-memory hazards) too with RACECHECK=1.
        for tool in memcheck ${RACECHECK:+racecheck}; do
            if timeout "${SANITIZER_TIMEOUT:-300}" compute-sanitizer --tool $tool --error-exitcode 99 "$t" \
                   >>"$OUT/sanitizer.log" 2>&1; then
                echo "sanitizer $tool ok: $(basename "$t")"
            else
                echo "sanitizer $tool FAIL: $(basename "$t")"; status=1
            fi
        done
    done
fi

exit $status
