#!/usr/bin/env bash
# demos/bench/sa_mpi_ab.sh - A/B of sa.h's distributed DCX builds with repeats, interleaved in one run
# (variant 1, 2, ..., then again), so each pair shares the machine's moments; beside it, optional
# weak scaling with per-phase times and the peer on the same files.
#   VARIANTS="now: k1:-DSA__MPI_MERGE_ROUNDS=1 before:@/path/to/dir" demos/bench/sa_mpi_ab.sh
# VARIANTS: name:flags (extra cc flags; empty = this tree's sa.h as is) or name:@dir (dir's sa.h).
# RUNS="headers:16x1 acgt:16x1 acgt:4x4" (input:ranksxthreads; SA + LCP + LRS, 32-bit), REPS=2,
# SA_ONLY="headers:16x1" (SA alone, 64-bit, the first variant only, or every variant interleaved with
# SA_ONLY_ALL=1, SA_REPS=1 times; PEER_BIN's peer runs beside it once at grids of one thread a
# rank, or in every repeat with PEER_ALL_REPS=1),
# WEAK="1 2 4 8 16" at WEAK_N ACGT bytes a rank (first variant; per-phase times are in the CSV),
# PEER_WEAK=1 runs the peer (SA only) at every WEAK point too; BASE="1 16": sa.h's one-thread SA-IS
# and its OpenMP default at 16 threads (sa_omp) on each RUNS input once, first; TMO=40 s a run;
# BUDGET=150 s in all (later runs are skipped and said so).
# Inputs as sa_mpi_bench.sh makes them (TEXT_N bytes of /usr/include headers, N random ACGT).
# Writes $OUT/sa_mpi_ab.csv (build = the variant's name, input, repeat, exit, then the demo's CSV), the peer's rows to
# $OUT/sa_mpi_ab_peer.csv and the machine, command and timings' context to $OUT/sa_mpi_ab.txt.
set -uo pipefail
T_START=$(date +%s)
ROOT=${ROOT:-$(cd "$(dirname "$0")/../.." && pwd)} # the repo (ROOT=... when this copy runs from elsewhere)
OUT=${OUT:-$ROOT/demos/bench/results}
B=${BUILD:-/tmp/sa_mpi_ab_build}
D=${DATA:-/tmp/sa_mpi_bench_data}
TEXT_N=${TEXT_N:-46000000}
N=${N:-46000000}
VARIANTS=${VARIANTS:-"now:"}
RUNS=${RUNS:-"headers:16x1 acgt:16x1"}
REPS=${REPS:-2}
SA_ONLY=${SA_ONLY:-""}
WEAK=${WEAK:-""}
WEAK_N=${WEAK_N:-4000000}
TMO=${TMO:-40}
BUDGET=${BUDGET:-150}
mkdir -p "$B" "$OUT" "$D"
flags="-O3 -std=c11 -D_POSIX_C_SOURCE=200809L -fopenmp -I$ROOT/demos"
names=""
pids=""
for v in $VARIANTS; do
    name=${v%%:*} arg=${v#*:}
    names="$names $name"
    if [ "${arg#@}" != "$arg" ]; then inc="-I${arg#@}"; arg=""; else inc="-I$ROOT"; fi
    rm -f "$B/sa_mpi_$name" # a failed build must not leave an older run's binary to be timed
    # shellcheck disable=SC2086
    ${MPICC:-mpicc} $flags $inc $arg "$ROOT/demos/sa_mpi.c" -o "$B/sa_mpi_$name" -lm &
    pids="$pids $!"
done
rm -f "$B/sa_omp"
${CC:-cc} $flags -I"$ROOT" "$ROOT/demos/sa_demo.c" -o "$B/sa_omp" -lm & # beside the variants' builds
pids="$pids $!"
acgt_map=$(printf 'ACGT%.0s' $(seq 64))
# the inputs while the builds run
[ -s "$D/headers.txt" ] || find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null \
    | head -c "$TEXT_N" >"$D/headers.txt"
[ -s "$D/acgt.txt" ] || head -c "$N" /dev/urandom | LC_ALL=C tr '\000-\377' "$acgt_map" >"$D/acgt.txt"
for p in $pids; do wait "$p"; done # each pid (a bare wait once hung on a device host)
[ -x "$B/sa_omp" ] || { echo "build of sa_omp failed" >&2; exit 1; }
for name in $names; do [ -x "$B/sa_mpi_$name" ] || { echo "build of $name failed" >&2; exit 1; }; done

if mpirun --version 2>&1 | grep -q "Open MPI"; then
    launch() { local r=$1 t=$2; shift 2; OMP_NUM_THREADS=$t mpirun --allow-run-as-root --oversubscribe --bind-to none \
               -x OMP_NUM_THREADS -np "$r" "$@"; }
else
    launch() { local r=$1 t=$2; shift 2; OMP_NUM_THREADS=$t mpiexec -n "$r" "$@"; }
fi
csv=$OUT/sa_mpi_ab.csv
pcsv=$OUT/sa_mpi_ab_peer.csv
: >"$csv"
skipped=""
left() { echo $(( BUDGET - ($(date +%s) - T_START) )); }
# one run: variant input-label repeat ranks threads args...
run() {
    local name=$1 ds=$2 rep=$3 r=$4 t=$5 out rc tmo=$TMO; shift 5
    if [ "$(left)" -le 3 ]; then skipped="$skipped $name:$ds:${r}x$t"; return; fi
    [ "$(left)" -lt "$tmo" ] && tmo=$(left)
    out=$(timeout "$tmo" bash -c "$(declare -f launch); launch $r $t $B/sa_mpi_$name --csv --no-check --threads $t $*" \
          2>/tmp/sa_mpi_ab.err)
    rc=$?
    [ -s "$csv" ] || printf '%s\n' "$out" | head -n1 | sed 's/^/build,input,rep,exit,/' >>"$csv"
    if [ $rc -eq 0 ] && [ -n "$out" ]; then printf '%s\n' "$out" | tail -n1 | sed "s/^/$name,$ds,$rep,0,/" >>"$csv"
    else echo "$name,$ds,$rep,$rc,(${r}x$t: exit $rc, timeout ${tmo}s or failure: $(tail -c 160 /tmp/sa_mpi_ab.err | tr '\n,' '  '))" >>"$csv"; fi
    tail -n1 "$csv" | cut -c1-160
}
PEER_ARGS=${PEER_ARGS:-"--dcx dc39 --atomic-sorter ams --discarding-threshold 0.7 --ams-levels 2 --splitter-sampling random --splitter-sorting central --use-random-sampling-splitters --num-samples-splitters 20000 --buckets-sample-phase 16,16 --buckets-merging-phase 64,64,16 --use-binary-search-for-splitters --use-randomized-chunks --avg-chunks-pe 10000 --use-char-packing-samples --use-char-packing-merging --buckets-phase3 1 --samples-buckets-phase3 10000 --rearrange-buckets-balanced --use-compressed-buckets --pack-extra-words 0"}
peer() { # input-label ranks file rep: its total time and largest PE's max RSS (times the ranks, per byte)
    local ds=$1 r=$2 f=$3 rep=${4:-1} log tt rss sz tmo=$TMO
    if [ "$(left)" -le 3 ]; then skipped="$skipped peer:$ds:$r"; return; fi
    [ "$(left)" -lt "$tmo" ] && tmo=$(left)
    sz=$(stat -c %s "$f")
    log=/tmp/sa_mpi_ab_peer_${ds}_${r}_$rep.txt
    timeout "$tmo" bash -c "$(declare -f launch); launch $r 1 $PEER_BIN --input $f --textsize $sz $PEER_ARGS" >"$log" 2>&1
    tt=$(grep -o 'root\.total_time:max=\[[0-9.e+-]*\]' "$log" | tail -n1 | grep -o '[0-9.e+-]*\]$' | tr -d ']')
    rss=$(grep -o 'max_rss_pe=[0-9]*' "$log" | tail -n1 | cut -d= -f2)
    [ -s "$pcsv" ] || echo "input,ranks,rep,n,total_time_s,max_rss_pe_bytes,rss_x_ranks_per_byte" >"$pcsv"
    echo "$ds,$r,$rep,$sz,${tt:-},${rss:-},$([ -n "$rss" ] && awk -v a="$rss" -v r="$r" -v n="$sz" 'BEGIN{printf "%.1f", a*r/n}')" >>"$pcsv"
    tail -n1 "$pcsv"
}
file_of() { case $1 in headers) echo "$D/headers.txt";; acgt) echo "$D/acgt.txt";; *) echo "$1";; esac; }
first=${names# }; first=${first%% *}
bcsv=$OUT/sa_mpi_ab_base.csv
: >"$bcsv"
done_base=""
for x in $RUNS; do # sa_omp once per input: BASE threads (1: SA-IS, else the default)
    case " $done_base " in *" ${x%%:*} "*) continue;; esac
    done_base="$done_base ${x%%:*}"
    for t in ${BASE:-}; do
        a=default; [ "$t" = 1 ] && a=sais
        out=$(OMP_NUM_THREADS=$t timeout "$TMO" "$B/sa_omp" --csv --algo $a --threads "$t" "$(file_of "${x%%:*}")" 2>/dev/null)
        [ -s "$bcsv" ] || printf '%s\n' "$out" | head -n1 | sed 's/^/input,/' >>"$bcsv"
        printf '%s\n' "$out" | tail -n1 | sed "s/^/${x%%:*},/" >>"$bcsv"
        tail -n1 "$bcsv" | cut -c1-120
    done
done
for rep in $(seq "$REPS"); do
    for x in $RUNS; do
        g=${x#*:} f=$(file_of "${x%%:*}")
        for name in $names; do run "$name" "${x%%:*}" "$rep" "${g%x*}" "${g#*x}" "$f"; done
    done
done
sa_names=$first; [ "${SA_ONLY_ALL:-0}" = 1 ] && sa_names=$names
for rep in $(seq "${SA_REPS:-1}"); do
    for x in $SA_ONLY; do
        g=${x#*:} f=$(file_of "${x%%:*}")
        for name in $sa_names; do run "$name" "${x%%:*}-sa-only-64" "$rep" "${g%x*}" "${g#*x}" --sa-only --64 "$f"; done
        # the peer (one thread a rank) only beside the grids of one thread a rank
        if [ -n "${PEER_BIN:-}" ] && [ "${g#*x}" = 1 ] && { [ "$rep" = 1 ] || [ "${PEER_ALL_REPS:-0}" = 1 ]; }; then
            peer "${x%%:*}" "${g%x*}" "$f" "$rep"
        fi
    done
done
for r in $WEAK; do
    w=$D/weak_$r.txt
    [ -s "$w" ] || head -c $((WEAK_N * r)) /dev/urandom | LC_ALL=C tr '\000-\377' "$acgt_map" >"$w"
    run "$first" "weak-acgt-$((WEAK_N / 1000000))MB-a-rank" 1 "$r" 1 "$w"
    [ -n "${PEER_BIN:-}" ] && [ "${PEER_WEAK:-0}" = 1 ] && peer "weak-$((WEAK_N / 1000000))MB" "$r" "$w"
    rm -f "$w"
done
{
    echo "date:    $(date -u +%Y-%m-%dT%H:%MZ)"
    echo "machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB"
    echo "mpi:     $(mpirun --version 2>&1 | head -n1)"
    echo "command: VARIANTS='$VARIANTS' RUNS='$RUNS' REPS=$REPS BASE='${BASE:-}' SA_ONLY='$SA_ONLY' SA_ONLY_ALL=${SA_ONLY_ALL:-0} SA_REPS=${SA_REPS:-1} PEER_ALL_REPS=${PEER_ALL_REPS:-0} WEAK='$WEAK' WEAK_N=$WEAK_N PEER_WEAK=${PEER_WEAK:-0} TEXT_N=$TEXT_N N=$N BUDGET=$BUDGET demos/bench/sa_mpi_ab.sh"
    echo "elapsed: $(( $(date +%s) - T_START )) s; skipped (budget):${skipped:- none}"
} | tee "$OUT/sa_mpi_ab.txt"
