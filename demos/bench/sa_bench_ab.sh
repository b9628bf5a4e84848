#!/usr/bin/env bash
# demos/bench/sa_bench_ab.sh - sa.h as it is now against sa.h at an earlier commit, side by side
# in one run on one machine (for changes that must not change speed).
#   demos/bench/sa_bench_ab.sh [REV]        REV: the baseline commit (default HEAD~1)
#   ROUNDS=r (3)  ARGS="..." (bench_sa_scaling arguments, default: 24 MB random, 20 MB headers,
#   threads 1,2, 1 rep)  CC=cc  CFLAGS="-O3 -fopenmp"
# Builds demos/bench/bench_sa_scaling.c twice with the same compiler and flags, once against
# `git show REV:sa.h` and once against the working tree's sa.h, runs them alternately ROUNDS
# times (old, new, old, new, ...: both see the same machine load) and prints, per row of
# bench_sa_scaling (dataset, algo, threads), the best time of each and new/old. Every run
# checks its SA against SA-IS (same_sa column); a 0 there fails the script.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
rev=${1:-HEAD~1}
rounds=${ROUNDS:-3}
args=${ARGS:---random-mb 24 --text-mb 20 --threads 1,2 --reps 1}
cc=${CC:-cc}
cflags=${CFLAGS:--O3 -fopenmp}
work=$(mktemp -d /tmp/sa_bench_ab.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/old" "$work/new"
git -C "$ROOT" show "$rev:sa.h" >"$work/old/sa.h"
cp "$ROOT/sa.h" "$work/new/sa.h"
for v in old new; do
    # shellcheck disable=SC2086
    $cc -std=c11 $cflags -I"$work/$v" "$ROOT/demos/bench/bench_sa_scaling.c" -o "$work/$v/bench"
done
echo "baseline: $rev ($(git -C "$ROOT" rev-parse --short "$rev")), new: working tree; $rounds rounds of: bench_sa_scaling $args"
echo "machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $($cc --version | head -1); $cflags"
for r in $(seq "$rounds"); do
    for v in old new; do
        # shellcheck disable=SC2086
        "$work/$v/bench" $args | awk -v v="$v" -F, '!/^#/ && $1 != "dataset" { print v "," $0 }' >>"$work/rows.csv"
    done
done
awk -F, '
    { key = $2 "," $4 "," $5; t = $6 + 0
      if (!(key in seen)) { seen[key] = 1; order[++nk] = key }
      if (!((key, $1) in best) || t < best[key, $1]) best[key, $1] = t
      if ($9 != "1" && $9 != "") bad++ }
    END {
      print "dataset,algo,threads,old_best_s,new_best_s,new_over_old"
      for (i = 1; i <= nk; i++) { k = order[i]; o = best[k, "old"]; n = best[k, "new"]
        printf "%s,%.4f,%.4f,%.3f\n", k, o, n, (o > 0 ? n / o : 0) }
      if (bad) { print "FAILED: " bad " rows with same_sa != 1"; exit 1 }
    }' "$work/rows.csv"
