#!/usr/bin/env bash
# demos/bench/sa_libsais_run.sh - the issue-15 measurement on a many-core host (the GPU machine's
# 16-core Xeon), in one call: builds sa_libsais_bench with meson against a copy of libsais's
# source (not vendored: build-libsais-src/ is an ignored folder made from a libsais checkout:
#   mkdir -p build-libsais-src/src build-libsais-src/include
#   cp $LIBSAIS/src/libsais.c build-libsais-src/src/; cp $LIBSAIS/include/libsais.h build-libsais-src/include/
#   cp $LIBSAIS/VERSION $LIBSAIS/LICENSE build-libsais-src/
# and carried to the machine), runs the parallel SA-IS tests at this host's thread counts, then
# sa.h vs libsais / libsais_omp at 1, 8 and 16 threads on the issue's inputs (min of REPS,
# identical SA and LCP checked), writing to $OUT: sa_libsais_host.csv, sa_libsais_host.txt,
# build and test logs. Inputs run in priority order and a time guard (BUDGET_S, default 400 s
# after the build: 360 s) skips what would not fit; the log says what was skipped.
#   OUT=/tmp/x [SA_COMMIT=hash] demos/bench/sa_libsais_run.sh
# The headers text is this machine's /usr/include (on Ubuntu its bytes differ from Debian's:
# compare the machines through ratios only).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
OUT=${OUT:-/tmp/sa_libsais_out}
mkdir -p "$OUT"
log="$OUT/sa_libsais_host.txt"
csv="$OUT/sa_libsais_host.csv"
reps=${REPS:-3}
budget=${BUDGET_S:-360}
lib=${LIBSAIS:-build-libsais-src}
B=build-sa-libsais-host
t0=$(date +%s)
# This project's commit: SA_COMMIT=<hash> when given (do so on the device tool's copy: its .git
# may be stale; 2026-11-27 23:03 it printed b67f9de for other code), else git's, only when ROOT
# is itself the top of a git work tree (as in sa_libsais_bench.sh), else "unknown".
sa_run_commit() {
    local top
    if [ -n "${SA_COMMIT:-}" ]; then echo "$SA_COMMIT (given)"; return; fi
    top=$(git -C "$ROOT" rev-parse --show-toplevel 2>/dev/null || true)
    if [ -e "$ROOT/.git" ] && [ "$top" -ef "$ROOT" ]; then
        echo "$(git -C "$ROOT" rev-parse --short HEAD)$(git -C "$ROOT" diff --quiet -- sa.h || echo ' + uncommitted sa.h edits')"
    else
        echo "unknown (no .git here; SA_COMMIT= names it)"
    fi
}
{
    echo "date:    $(date -u +%Y-%m-%dT%H:%MZ)"
    echo "machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB"
    echo "compiler: $(cc --version | head -1); meson $(meson --version 2>/dev/null)"
    echo "libsais: $lib $(cat "$lib/VERSION" 2>/dev/null)"
    echo "sa.h: $(sa_run_commit) (working tree as sent)"
    echo "command: OUT=\$OUT demos/bench/sa_libsais_run.sh (REPS=$reps BUDGET_S=$budget)"
} | tee "$log"
if ! { meson setup "$B" . -Dbuildtype=release -Dlibsais_dir="$lib" -Dcuda=disabled -Dmpi=disabled \
        -Dbenchmarks=enabled && ninja -C "$B" demos/bench/sa_libsais_bench tests/sa_test_psais; } >"$OUT/build.log" 2>&1; then
    tail -30 "$OUT/build.log"
    exit 1
fi
echo "build: $(( $(date +%s) - t0 )) s" | tee -a "$log"
"$B/tests/sa_test_psais" >"$OUT/test_psais.log" 2>&1
echo "sa_test_psais: exit $? ($(tail -1 "$OUT/test_psais.log"))" | tee -a "$log"

hdr=/tmp/sa_usr_include_50MB.txt
find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 >"$hdr"
echo "headers: $(stat -c %s "$hdr") bytes of this machine's /usr/include/**/*.h sorted by path" | tee -a "$log"
bench="$B/demos/bench/sa_libsais_bench"
tb=$(date +%s)
rc=0
first=1
run() { # name, est. seconds, args...
    local name=$1 est=$2; shift 2
    local el=$(( $(date +%s) - tb ))
    if [ $(( el + est )) -gt "$budget" ]; then
        echo "SKIPPED $name (elapsed $el s + estimate $est s > $budget s)" | tee -a "$log"
        return
    fi
    local h=--no-header; [ $first = 1 ] && h=
    first=0
    local s=$(date +%s)
    "$bench" "$@" --reps "$reps" --algos "${algos:-default,psais,parallel}" $h >>"$csv" 2>>"$log" || rc=1
    echo "$name: $(( $(date +%s) - s )) s" | tee -a "$log"
}
: >"$csv"
run headers 80 "$hdr" --name "usr-include-$(( $(stat -c %s "$hdr") / 1000000 ))MB" --threads 1,8,16
run acgt 110 --gen acgt 67108864 --name acgt-64MiB --threads 1,8,16
run fib 40 --gen fib 16777216 --name fib-16MiB --threads 1,8,16
run random 40 --gen random 25165824 --name random-24MiB --threads 1,16,8
# 2 threads of this idle host: the closest to the 2-core CI class without its neighbours' load
algos=default,psais run headers-2t 25 "$hdr" --name "usr-include-$(( $(stat -c %s "$hdr") / 1000000 ))MB" --threads 2
# where parallel SA-IS's time goes (phase times), 50 MB headers at 2, 8 and 16 threads
if [ $(( $(date +%s) - tb + 30 )) -le "$budget" ] &&
   cc -std=c11 -O3 -fopenmp -I. demos/bench/sa_bench_psais_trace.c -o "$B/psais_trace" 2>>"$log"; then
    "$B/psais_trace" "$hdr" 2 8 16 >"$OUT/psais_trace.txt" 2>&1 || rc=1
    echo "psais trace: $(grep -c 'threads:' "$OUT/psais_trace.txt") runs" | tee -a "$log"
else
    echo "SKIPPED psais trace" | tee -a "$log"
fi
reps=2 run random-128 70 --gen random 134217728 --name random-128MiB --threads 16,1 --no-lcp
algos=default,psais reps=2 run acgt-2t 30 --gen acgt 67108864 --name acgt-64MiB --threads 2 --no-lcp
algos=default,psais reps=2 run fib-2t 10 --gen fib 16777216 --name fib-16MiB --threads 2 --no-lcp
algos=default,psais reps=2 run random-2t 10 --gen random 25165824 --name random-24MiB --threads 2 --no-lcp
echo "total: $(( $(date +%s) - t0 )) s, exit $rc" | tee -a "$log"
cat "$csv"
exit $rc
