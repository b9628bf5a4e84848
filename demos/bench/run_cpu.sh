#!/usr/bin/env bash
# demos/bench/run_cpu.sh - every CPU benchmark of the README, side by side with its baseline,
# regenerating the CSVs, logs and plots under demos/bench/results/ (machine and date inside).
# Installs the benchmark-only peers when missing: libdivsufsort-dev, libzfp-dev, gnuplot-nox.
#   demos/bench/run_cpu.sh            (BUILD=dir for another build directory)
# The GPU benchmarks run from tests/gpu.sh on the GPU machine.
set -euo pipefail
. "$(dirname "$0")/../../tests/setup.sh"
setup_deps libdivsufsort-dev libzfp-dev gnuplot-nox
builddir=${BUILD:-$ROOT/build}
setup_build "$builddir"
$MESON compile -C "$builddir" >/tmp/bench-build.log 2>&1 || { tail -n 30 /tmp/bench-build.log; exit 1; }
b="$builddir/demos/bench"
res="$ROOT/demos/bench/results"
cd "$res"

echo "== spiral.h: row generation vs per-cell formula, 1 and 2 threads"
"$b/spiral_bench_cpu" spiral_cpu_native.csv | tee spiral_cpu_native.log
"$b/spiral_bench_cpu_portable" spiral_cpu_portable.csv | tee spiral_cpu_portable.log
echo "   (plot: update spiral_plot.dat from the CSVs, then gnuplot spiral_plot.gp)"

echo "== sa.h: SA-IS vs libdivsufsort vs Manber-Myers"
BUILD="$builddir" "$ROOT/demos/bench/sa_bench.sh"
echo "== sa.h: parallel doubling and the default's dispatch at 1..$(nproc) threads"
"$b/sa_bench_scaling" --reps 2 --text "${SA_TEXT:-/tmp/sa_usr_include_50MB.txt}" | tee sa_scaling_local.csv

echo "== homcomp.cuh: CPU codec vs ZFP, real fields"
"$b/homcomp_bench_cpu" "$ROOT/tests/data" --csv homcomp_cpu.csv
echo "results in $res"
