#!/usr/bin/env bash
# issue27_seg_shares.sh BUILD OUT [ROUNDS] [COUNT] [RANKS] - the in-ring codec shares per segment size
# (issue 27): for each segment size, alternated over ROUNDS rounds, the HomComp_F ring on shared
# memory (allreduce_cpu --algo homcomp_f --segment S, RANKS ranks, COUNT float32 per rank, walk REL
# 1e-4) and the standalone codec called the same way (homcomp_bench_seg --segment S --count COUNT,
# AVX-512 + GFNI row), so each in-ring rate has a yardstick of the same segment, data and moment.
# allreduce_cpu's core_* columns are the slowest rank's bytes / CPU seconds of its LAST timed call;
# homcomp_bench_seg's cpu_* columns are the best of its reps: both are written as they come, and
# issue27_seg_shares.py OUT prints the shares (ring add against add_raw_values at 2 ranks, the
# p - 2 : 1 mix of add_raw and add_raw_values beyond).
set -u
BUILD=${1:?BUILD dir}
OUT=${2:?OUT dir}
ROUNDS=${3:-3}
COUNT=${4:-16777216}
NP=${5:-2}
SEGS=${SEGS:-16384 32768 65536 131072 262144}
mkdir -p "$OUT"
ring="$OUT/ring.csv" codec="$OUT/codec.csv" log="$OUT/log.txt"
{ date -u; uname -m; grep -m1 "model name" /proc/cpuinfo; nproc; uptime; } >>"$log"
read -r -a SEGA <<<"$SEGS"
for r in $(seq 1 "$ROUNDS"); do
    # each round starts one size later (round r at size r - 1), so no size always runs first or last
    order=()
    for i in "${!SEGA[@]}"; do order+=("${SEGA[$(((i + r - 1) % ${#SEGA[@]}))]}"); done
    for s in "${order[@]}"; do
        echo "== round $r segment $s $(date -u +%T) $(uptime | sed 's/.*load/load/')" >>"$log"
        rows=$(timeout 300 mpiexec -n "$NP" "$BUILD/demos/allreduce_cpu" --csv --count "$COUNT" --data walk --rel 1e-4 \
            --iters 5 --warmup 2 --algo homcomp_f --segment "$s" --fast-exit 2>>"$log")
        [ -s "$ring" ] || printf 'round,segment,%s\n' "$(printf '%s\n' "$rows" | head -1)" >"$ring"
        printf '%s\n' "$rows" | grep '^homcomp_f,' | sed "s/^/$r,$s,/" | tee -a "$ring" >>"$log"
        rows=$(timeout 300 "$BUILD/demos/bench/homcomp_bench_seg" --count "$COUNT" --segment "$s" --data walk --rel 1e-4 \
            --reps 3 --csv 2>>"$log")
        [ -s "$codec" ] || printf 'round,%s\n' "$(printf '%s\n' "$rows" | head -1)" >"$codec"
        printf '%s\n' "$rows" | grep '^avx512gfni,' | sed "s/^/$r,/" | tee -a "$codec" >>"$log"
    done
done
date -u >>"$log"
