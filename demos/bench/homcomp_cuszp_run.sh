#!/usr/bin/env bash
# demos/bench/homcomp_cuszp_run.sh - homcomp against cuSZp on a GPU machine, in one call: a fresh
# meson build of homcomp_cuszp_bench against a cuSZp source folder, then the bench on a folder of
# raw float32 fields plus the 1 GiB synthetic field. Logs and the CSV go to $OUT (default ./gpu-out).
#   CUSZP_DIR=build-cuszp-carry/cuSZp DATA=build-cuszp-carry/data demos/bench/homcomp_cuszp_run.sh
# CUSZP_DIR: a cuSZp checkout (absolute, or relative to the repository root); DATA: a folder of
# *.f32 files (e.g. a copy of the shared test fields; carried as an ignored folder to a machine
# without network); REPS (10), ARGS (more bench arguments, e.g. "--n 0"), GPU_ARCH (sm_90),
# BUILD (build directory, default build-cuszp). Uses the first visible GPU.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${OUT:-$ROOT/gpu-out}
mkdir -p "$OUT"
MESON=meson; command -v meson >/dev/null || MESON="python3 -m mesonbuild.mesonmain"
B=${BUILD:-$ROOT/build-cuszp}
: "${CUSZP_DIR:?CUSZP_DIR must name a cuSZp source folder}" "${DATA:?DATA must name a folder of .f32 fields}"
{
    date -u +%Y-%m-%dT%H:%MZ
    nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm --format=csv
    echo "host: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores"
    nvcc --version | tail -n2; echo "meson $($MESON --version)"
    echo "cuSZp: $CUSZP_DIR $(sed -n 's/^project(cuSZp VERSION \([0-9.]*\).*/\1/p' "$CUSZP_DIR/CMakeLists.txt" 2>/dev/null)"
    echo "data: $(ls "$DATA" | tr '\n' ' ')"
    echo "command: CUSZP_DIR=$CUSZP_DIR DATA=$DATA REPS=${REPS:-10} ARGS='${ARGS:-}' demos/bench/homcomp_cuszp_run.sh"
} >"$OUT/machine.txt" 2>&1
cat "$OUT/machine.txt"
rm -rf "$B"   # meson writes no dependency files for nvcc objects: always a fresh build
$MESON setup "$B" "$ROOT" -Dcuda=enabled -Dmpi=disabled -Dbuildtype=release -Dgpu_arch="${GPU_ARCH:-sm_90}" \
    -Dcuszp_dir="$CUSZP_DIR" >"$OUT/setup.log" 2>&1 || { tail -n 40 "$OUT/setup.log"; exit 1; }
t0=$(date +%s)
ninja -C "$B" demos/bench/homcomp_cuszp_bench >"$OUT/build.log" 2>&1 || { tail -n 40 "$OUT/build.log"; exit 1; }
echo "built in $(( $(date +%s) - t0 )) s"
"$B/demos/bench/homcomp_cuszp_bench" --data "$DATA" --reps "${REPS:-10}" --csv "$OUT/homcomp_cuszp.csv" ${ARGS:-} \
    >"$OUT/bench.log" 2>&1
rc=$?
tail -n 5 "$OUT/bench.log"
echo "bench exit $rc"
exit $rc
