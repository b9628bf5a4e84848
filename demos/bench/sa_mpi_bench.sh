#!/usr/bin/env bash
# demos/bench/sa_mpi_bench.sh - sa.h's SA_MPI_DIST (the distributed DCX) over ranks x threads, beside
# sa.h's one-thread SA-IS and its OpenMP default on the same node, in one run within a time budget.
#   demos/bench/sa_mpi_bench.sh            (OUT=dir for the CSVs, default demos/bench/results)
# Inputs (files, read collectively): TEXT_N bytes of concatenated /usr/include headers (as
# sa_libsais_bench.sh builds them), N random bytes, N random ACGT; weak scaling on WEAK_N ACGT
# bytes per rank. Knobs: GRID_TEXT="1x1 2x1 4x1 8x1 16x1 4x4" (ranks x threads, headers),
# GRID_OTHER="1x1 16x1 4x4" (random, ACGT), COVERS="3 13" (the other DCX covers at COVER_GRID=16x1
# on the headers), GATHERS="0 2" (other SA_MPI_DCX_GATHER limits, also at COVER_GRID on the headers),
# EXTRA_GRID (more headers runs at the end), BEFORE=dir holding another sa.h (built as sa_mpi_omp_before
# and run at BEFORE_GRID, default "16x1 4x4", on the headers and ACGT: the same run's A/B),
# GCORES_GRID (the headers and ACGT with SA__MPI_GATHER_CORES=1: the gather limit per core),
# DATASETS="headers random acgt weak covers gathers before gcores more"
# (which parts, in this order), SA_ONLY_GRID="16x1" (SA alone, 64-bit: memory per input byte beside the peer),
# WEAK="1 4 16", BASE_THREADS=16, BASE_ONE=1 (0: no one-thread SA-IS row), TMO=90 s per run, BUDGET=170 s for the whole script (later runs
# are skipped and said so), PEER_BIN (the peer's cli, built by demos/bench/sa_mpi_peer_build.sh:
# run at PEER_GRID="16x1" on the same files with PEER_ARGS, its README's configuration by default;
# PEER_CHECK=1 adds its own SA check; $OUT/sa_mpi_bench_peer.csv).
# Builds with mpicc/cc directly (-O3 -fopenmp), runs with mpirun (Open MPI: --allow-run-as-root
# --oversubscribe --bind-to none) or mpiexec (MPICH). Every run's SA is gathered and hashed: the
# sa_fnv1a64 column must equal the sequential rows'.
# Writes $OUT/sa_mpi_bench.csv (MPI runs: dataset, exit, then the demo's CSV),
# $OUT/sa_mpi_bench_base.csv (sa_omp runs) and $OUT/sa_mpi_bench.txt (machine, versions, command).
set -uo pipefail
T_START=$(date +%s)
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${OUT:-$ROOT/demos/bench/results}
B=${BUILD:-/tmp/sa_mpi_bench_build}
TEXT_N=${TEXT_N:-46000000}
N=${N:-46000000}
GRID_TEXT=${GRID_TEXT:-"1x1 2x1 4x1 8x1 16x1 4x4"}
GRID_OTHER=${GRID_OTHER:-"1x1 16x1 4x4"}
COVERS=${COVERS:-"3 13"}
GATHERS=${GATHERS:-"0 2"}
COVER_GRID=${COVER_GRID:-"16x1"}
SA_ONLY_GRID=${SA_ONLY_GRID:-"16x1"}
WEAK=${WEAK:-"1 4 16"}
WEAK_N=${WEAK_N:-16000000}
BASE_THREADS=${BASE_THREADS:-16}
TMO=${TMO:-90}
BUDGET=${BUDGET:-170}
DATASETS=${DATASETS:-"headers random acgt weak covers more"}
mkdir -p "$B" "$OUT"
flags="-O3 -std=c11 -D_POSIX_C_SOURCE=200809L -fopenmp -I$ROOT -I$ROOT/demos"
${MPICC:-mpicc} $flags "$ROOT/demos/sa_mpi.c" -o "$B/sa_mpi_omp" -lm || exit 1
for x in $COVERS; do ${MPICC:-mpicc} $flags -DSA_MPI_DCX="$x" "$ROOT/demos/sa_mpi.c" -o "$B/sa_mpi_omp_dc$x" -lm & done
for x in $GATHERS; do ${MPICC:-mpicc} $flags -DSA_MPI_DCX_GATHER="$x" "$ROOT/demos/sa_mpi.c" -o "$B/sa_mpi_omp_g$x" -lm & done
[ -n "${BEFORE:-}" ] && ${MPICC:-mpicc} ${flags/-I$ROOT /-I$BEFORE -I$ROOT } "$ROOT/demos/sa_mpi.c" -o "$B/sa_mpi_omp_before" -lm &
[ -n "${GCORES_GRID:-}" ] && ${MPICC:-mpicc} $flags -DSA__MPI_GATHER_CORES=1 "$ROOT/demos/sa_mpi.c" -o "$B/sa_mpi_omp_gc" -lm &
${CC:-cc} $flags "$ROOT/demos/sa_demo.c" -o "$B/sa_omp" -lm || exit 1
wait

if mpirun --version 2>&1 | grep -q "Open MPI"; then
    launch() { local r=$1 t=$2; shift 2; OMP_NUM_THREADS=$t mpirun --allow-run-as-root --oversubscribe --bind-to none \
               -x OMP_NUM_THREADS -np "$r" "$@"; }
else
    launch() { local r=$1 t=$2; shift 2; OMP_NUM_THREADS=$t mpiexec -n "$r" "$@"; }
fi

D=${DATA:-/tmp/sa_mpi_bench_data}
mkdir -p "$D"
hdr=$D/headers.txt
[ -s "$hdr" ] || find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c "$TEXT_N" >"$hdr"
acgt_map=$(printf 'ACGT%.0s' $(seq 64))
[ -s "$D/random.bin" ] || head -c "$N" /dev/urandom >"$D/random.bin"
[ -s "$D/acgt.txt" ] || head -c "$N" /dev/urandom | LC_ALL=C tr '\000-\377' "$acgt_map" >"$D/acgt.txt"
mpi_csv="$OUT/sa_mpi_bench.csv"
base_csv="$OUT/sa_mpi_bench_base.csv"
: >"$mpi_csv"
: >"$base_csv"
skipped=""
left() { echo $(( BUDGET - ($(date +%s) - T_START) )); }

# one MPI run: dataset ranks threads binary input-args...
mpi_run() {
    local ds=$1 r=$2 t=$3 bin=$4; shift 4
    local out rc tmo=$TMO
    if [ "$(left)" -le 5 ]; then skipped="$skipped $ds:${r}x$t:$(basename "$bin")"; return; fi
    [ "$(left)" -lt "$tmo" ] && tmo=$(left)
    out=$(timeout "$tmo" bash -c "$(declare -f launch); launch $r $t $bin --csv --no-check --threads $t $*" 2>/tmp/sa_mpi_bench.err)
    rc=$?
    [ -s "$mpi_csv" ] || printf '%s\n' "$out" | head -n1 | sed 's/^/dataset,exit,binary,/' >>"$mpi_csv"
    if [ $rc -eq 0 ] && [ -n "$out" ]; then
        printf '%s\n' "$out" | tail -n1 | sed "s/^/$ds,0,$(basename "$bin"),/" >>"$mpi_csv"
    else
        echo "$ds,$rc,$(basename "$bin"),sa_mpi_omp,dist,,,,$t,$r (exit $rc: timeout ${tmo}s or failure; $(tail -c 200 /tmp/sa_mpi_bench.err | tr '\n,' '  '))" >>"$mpi_csv"
    fi
    tail -n1 "$mpi_csv"
}
base_run() {
    local ds=$1 t=$2 a=$3; shift 3
    local out rc tmo=$TMO
    if [ "$(left)" -le 5 ]; then skipped="$skipped $ds:sa_omp-$a-$t"; return; fi
    [ "$(left)" -lt "$tmo" ] && tmo=$(left)
    out=$(OMP_NUM_THREADS=$t timeout "$tmo" "$B/sa_omp" --csv --algo "$a" --threads "$t" "$@" 2>/tmp/sa_mpi_bench.err)
    rc=$?
    [ -s "$base_csv" ] || printf '%s\n' "$out" | head -n1 | sed 's/^/dataset,exit,/' >>"$base_csv"
    if [ $rc -eq 0 ] && [ -n "$out" ]; then printf '%s\n' "$out" | tail -n1 | sed "s/^/$ds,0,/" >>"$base_csv"
    else echo "$ds,$rc,sa_omp,$a,,,$t (exit $rc)" >>"$base_csv"; fi
    tail -n1 "$base_csv"
}
mb() { echo $(( $(stat -c %s "$1") / 1000000 )); }
# the peer (PEER_BIN, the distributed DCX's cli) on one file: its log to $OUT, one CSV row (its own
# total_time, the largest max RSS of a PE and that times the ranks over the input size, SA_ok when
# PEER_CHECK=1) to $OUT/sa_mpi_bench_peer.csv
PEER_ARGS=${PEER_ARGS:-"--dcx dc39 --atomic-sorter ams --discarding-threshold 0.7 --ams-levels 2 --splitter-sampling random --splitter-sorting central --use-random-sampling-splitters --num-samples-splitters 20000 --buckets-sample-phase 16,16 --buckets-merging-phase 64,64,16 --use-binary-search-for-splitters --use-randomized-chunks --avg-chunks-pe 10000 --use-char-packing-samples --use-char-packing-merging --buckets-phase3 1 --samples-buckets-phase3 10000 --rearrange-buckets-balanced --use-compressed-buckets --pack-extra-words 0"}
peer_run() {
    local ds=$1 r=$2 t=$3 f=$4 log rc tmo=$TMO tt rss ok sz
    if [ "$(left)" -le 5 ]; then skipped="$skipped $ds:peer-${r}x$t"; return; fi
    [ "$(left)" -lt "$tmo" ] && tmo=$(left)
    log=$OUT/sa_mpi_bench_peer_${ds}_${r}x$t.txt
    sz=$(stat -c %s "$f")
    timeout "$tmo" bash -c "$(declare -f launch); launch $r $t $PEER_BIN --input $f --textsize $sz $PEER_ARGS \
        ${PEER_CHECK:+--check} --json-output-path $OUT/sa_mpi_bench_peer_json_${ds}_${r}x$t" >"$log" 2>&1
    rc=$?
    tt=$(grep -o 'root\.total_time:max=\[[0-9.e+-]*\]' "$log" | tail -n1 | grep -o '[0-9.e+-]*\]$' | tr -d ']')
    rss=$(grep -o 'max_rss_pe=[0-9]*' "$log" | tail -n1 | cut -d= -f2)
    ok=$(grep -o 'SA_ok=[01]' "$log" | tail -n1 | cut -d= -f2)
    [ -s "$OUT/sa_mpi_bench_peer.csv" ] || echo "dataset,exit,ranks,threads,n,total_time_s,max_rss_pe_bytes,rss_x_ranks_per_byte,sa_ok" >"$OUT/sa_mpi_bench_peer.csv"
    echo "$ds,$rc,$r,$t,$sz,${tt:-},${rss:-},$([ -n "$rss" ] && awk -v a="$rss" -v r="$r" -v n="$sz" 'BEGIN{printf "%.1f", a*r/n}'),${ok:-}" \
        >>"$OUT/sa_mpi_bench_peer.csv"
    tail -n1 "$OUT/sa_mpi_bench_peer.csv"
}

for set in $DATASETS; do
    case $set in
    headers) f=$hdr; ds="headers-$(mb "$f")MB"; grid=$GRID_TEXT;;
    random) f=$D/random.bin; ds="random-$(mb "$f")MB"; grid=$GRID_OTHER;;
    acgt) f=$D/acgt.txt; ds="acgt-$(mb "$f")MB"; grid=$GRID_OTHER;;
    covers) # the other DCX covers on the headers
        for g in $COVER_GRID; do for x in $COVERS; do mpi_run "headers-$(mb "$hdr")MB" "${g%x*}" "${g#*x}" "$B/sa_mpi_omp_dc$x" "$hdr"; done; done
        continue;;
    gathers) # other SA_MPI_DCX_GATHER limits (0: the recursion stays distributed) on the headers
        for g in $COVER_GRID; do for x in $GATHERS; do mpi_run "headers-$(mb "$hdr")MB" "${g%x*}" "${g#*x}" "$B/sa_mpi_omp_g$x" "$hdr"; done; done
        continue;;
    before|gcores) # another sa.h (BEFORE) or the gather limit per core, on the headers and ACGT
        [ "$set" = before ] && { [ -n "${BEFORE:-}" ] || continue; bin=$B/sa_mpi_omp_before; gg=${BEFORE_GRID:-"16x1 4x4"}; }
        [ "$set" = gcores ] && { bin=$B/sa_mpi_omp_gc; gg=${GCORES_GRID:-}; }
        for f in "$hdr" "$D/acgt.txt"; do
            for g in $gg; do mpi_run "$(basename "${f%.*}")-$(mb "$f")MB" "${g%x*}" "${g#*x}" "$bin" "$f"; done
        done
        continue;;
    more) # more grid points on the headers (EXTRA_GRID), last because they are the slow ones
        for g in ${EXTRA_GRID:-}; do mpi_run "headers-$(mb "$hdr")MB" "${g%x*}" "${g#*x}" "$B/sa_mpi_omp" "$hdr"; done
        continue;;
    weak)
        for r in $WEAK; do
            w=$D/weak_$r.txt
            [ -s "$w" ] || head -c $((WEAK_N * r)) /dev/urandom | LC_ALL=C tr '\000-\377' "$acgt_map" >"$w"
            mpi_run "weak-acgt-$((WEAK_N / 1000000))MB-per-rank" "$r" 1 "$B/sa_mpi_omp" "$w"
            rm -f "$w"
        done
        continue;;
    esac
    [ "${BASE_ONE:-1}" = 1 ] && base_run "$ds" 1 sais "$f"
    for t in $BASE_THREADS; do base_run "$ds" "$t" default "$f"; done
    for g in $grid; do mpi_run "$ds" "${g%x*}" "${g#*x}" "$B/sa_mpi_omp" "$f"; done
    for g in $SA_ONLY_GRID; do mpi_run "$ds" "${g%x*}" "${g#*x}" "$B/sa_mpi_omp" --sa-only --64 "$f"; done
    [ -n "${PEER_BIN:-}" ] && for g in ${PEER_GRID:-16x1}; do peer_run "$ds" "${g%x*}" "${g#*x}" "$f"; done
done
{
    echo "date:    $(date -u +%Y-%m-%dT%H:%MZ)"
    echo "machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB"
    echo "mpi:     $(mpirun --version 2>&1 | head -n1)"
    echo "command: demos/bench/sa_mpi_bench.sh DATASETS='$DATASETS' GRID_TEXT='$GRID_TEXT' GRID_OTHER='$GRID_OTHER' COVERS='$COVERS' GATHERS='$GATHERS' BEFORE_GRID='${BEFORE_GRID:-}' GCORES_GRID='${GCORES_GRID:-}' WEAK='$WEAK' WEAK_N=$WEAK_N TEXT_N=$TEXT_N N=$N BUDGET=$BUDGET"
    echo "compiler: $(${CC:-cc} --version | head -n1), flags $flags"
    echo "inputs:  $hdr (concatenated /usr/include/**/*.h, sorted by path), random bytes and random ACGT from /dev/urandom"
    echo "elapsed: $(( $(date +%s) - T_START )) s; skipped (budget):${skipped:- none}"
} | tee "$OUT/sa_mpi_bench.txt"
