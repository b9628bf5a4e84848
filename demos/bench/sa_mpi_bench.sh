#!/usr/bin/env bash
# demos/bench/sa_mpi_bench.sh - sa.h's SA_MPI variants (dist, gather) over a ranks x threads grid,
# beside sa.h's one-thread SA-IS and its OpenMP default at the same core counts, in one run.
#   demos/bench/sa_mpi_bench.sh            (OUT=dir for the CSVs, default demos/bench/results)
# Knobs: GRID="2x4 2x8 4x2 4x4 8x2 16x1" (ranks x threads), BASE_THREADS="8 16", RANDOM_N=24000000,
#   TEXT_N=50000000 (bytes of concatenated /usr/include headers, as sa_bench.sh builds them),
#   BIG_N (a large random text for dist only at BIG_GRID, default none), WEAK="1 2 4 8 16" ranks at
#   WEAK_N bytes per rank (one thread), TMO seconds per run (default 120), ALGOS="dist gather",
#   TEXT_GATHER_GRID="16x1" (where the gather variant runs on the text).
# Builds with mpicc/cc directly (-O3 -fopenmp; no meson needed), runs with mpirun (Open MPI:
# --allow-run-as-root --oversubscribe --bind-to none) or mpiexec (MPICH). Every run's SA is
# gathered and hashed: the sa_fnv1a64 column must equal the sequential sa_omp row's.
# Writes $OUT/sa_mpi_bench.csv (MPI runs: dataset, then the demo's CSV), sa_mpi_bench_base.csv
# (sa_omp runs) and sa_mpi_bench.txt (machine, versions, command).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${OUT:-$ROOT/demos/bench/results}
B=${BUILD:-/tmp/sa_mpi_bench_build}
GRID=${GRID:-"2x4 2x8 4x2 4x4 8x2 16x1"}
BASE_THREADS=${BASE_THREADS:-"8 16"}
RANDOM_N=${RANDOM_N:-24000000}
TEXT_N=${TEXT_N:-50000000}
BIG_N=${BIG_N:-0}
BIG_GRID=${BIG_GRID:-"16x1 4x4"}
WEAK=${WEAK:-"1 2 4 8 16"}
WEAK_N=${WEAK_N:-2000000}
TMO=${TMO:-120}
ALGOS=${ALGOS:-"dist gather"}
mkdir -p "$B" "$OUT"
flags="-O3 -std=c11 -D_POSIX_C_SOURCE=200809L -fopenmp -I$ROOT -I$ROOT/demos"
${MPICC:-mpicc} $flags "$ROOT/demos/sa_mpi.c" -o "$B/sa_mpi_omp" -lm || exit 1
${CC:-cc} $flags "$ROOT/demos/sa_demo.c" -o "$B/sa_omp" -lm || exit 1

if mpirun --version 2>&1 | grep -q "Open MPI"; then
    launch() { local r=$1 t=$2; shift 2; OMP_NUM_THREADS=$t mpirun --allow-run-as-root --oversubscribe --bind-to none \
               -x OMP_NUM_THREADS -np "$r" "$@"; }
else
    launch() { local r=$1 t=$2; shift 2; OMP_NUM_THREADS=$t mpiexec -n "$r" "$@"; }
fi

hdr=${SA_TEXT:-/tmp/sa_usr_include_50MB.txt}
if [ ! -s "$hdr" ]; then
    find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c "$TEXT_N" >"$hdr" || true
fi
mpi_csv="$OUT/sa_mpi_bench.csv"
base_csv="$OUT/sa_mpi_bench_base.csv"
: >"$mpi_csv"
: >"$base_csv"

# one MPI run: dataset ranks threads algo input-args...
mpi_run() {
    local ds=$1 r=$2 t=$3 a=$4; shift 4
    local out rc
    out=$(timeout "$TMO" bash -c "$(declare -f launch); launch $r $t $B/sa_mpi_omp --csv --no-check --algo $a --threads $t $*" 2>/tmp/sa_mpi_bench.err)
    rc=$?
    [ -s "$mpi_csv" ] || printf '%s\n' "$out" | head -n1 | sed 's/^/dataset,exit,/' >>"$mpi_csv"
    if [ $rc -eq 0 ] && [ -n "$out" ]; then
        printf '%s\n' "$out" | tail -n1 | sed "s/^/$ds,0,/" >>"$mpi_csv"
    else
        echo "$ds,$rc,sa_mpi_omp,$a,,,,$t,$r (exit $rc: timeout ${TMO}s or failure; $(tail -c 200 /tmp/sa_mpi_bench.err | tr '\n,' '  '))" >>"$mpi_csv"
    fi
    tail -n1 "$mpi_csv"
}
base_run() {
    local ds=$1 t=$2 a=$3; shift 3
    local out rc
    out=$(timeout "$TMO" "$B/sa_omp" --csv --algo "$a" --threads "$t" "$@" 2>/tmp/sa_mpi_bench.err)
    rc=$?
    [ -s "$base_csv" ] || printf '%s\n' "$out" | head -n1 | sed 's/^/dataset,exit,/' >>"$base_csv"
    if [ $rc -eq 0 ] && [ -n "$out" ]; then printf '%s\n' "$out" | tail -n1 | sed "s/^/$ds,0,/" >>"$base_csv"
    else echo "$ds,$rc,sa_omp,$a,,,$t (exit $rc)" >>"$base_csv"; fi
    tail -n1 "$base_csv"
}

datasets=("random-$((RANDOM_N / 1000000))MB|--random $RANDOM_N")
[ -s "$hdr" ] && datasets+=("headers-$(( $(stat -c %s "$hdr") / 1000000 ))MB|$hdr")
for d in "${datasets[@]}"; do
    ds=${d%%|*}; args=${d#*|}
    base_run "$ds" 1 sais $args
    for t in $BASE_THREADS; do base_run "$ds" "$t" default $args; done
    for g in $GRID; do
        for a in $ALGOS; do
            # the seed's merge compares bytes: on long repeats it takes minutes, so text runs it
            # only at TEXT_GATHER_GRID (default 16x1)
            case $ds in headers*) [ "$a" = gather ] && [[ " ${TEXT_GATHER_GRID:-16x1} " != *" $g "* ]] && continue;; esac
            mpi_run "$ds" "${g%x*}" "${g#*x}" "$a" $args
        done
    done
done
# weak scaling: WEAK_N random bytes per rank, one thread per rank
for r in $WEAK; do mpi_run "weak-$((WEAK_N / 1000000))MB-per-rank" "$r" 1 dist --random $((WEAK_N * r)); done
for r in $WEAK; do base_run "weak-$((WEAK_N / 1000000))MB-per-rank" 1 sais --random $((WEAK_N * r)); done
if [ "$BIG_N" -gt 0 ]; then
    ds="random-$((BIG_N / 1000000))MB"
    base_run "$ds" 16 default --random "$BIG_N"
    for g in $BIG_GRID; do mpi_run "$ds" "${g%x*}" "${g#*x}" dist --random "$BIG_N"; done
fi
{
    echo "date:    $(date -u +%Y-%m-%dT%H:%MZ)"
    echo "machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB"
    echo "mpi:     $(mpirun --version 2>&1 | head -n1)"
    echo "command: demos/bench/sa_mpi_bench.sh GRID='$GRID' BASE_THREADS='$BASE_THREADS' RANDOM_N=$RANDOM_N BIG_N=$BIG_N WEAK='$WEAK' WEAK_N=$WEAK_N TMO=$TMO"
    echo "compiler: $(${CC:-cc} --version | head -n1), flags $flags"
    echo "text input: $hdr, $(stat -c %s "$hdr" 2>/dev/null) bytes (concatenated /usr/include/**/*.h, sorted by path)"
} | tee "$OUT/sa_mpi_bench.txt"
