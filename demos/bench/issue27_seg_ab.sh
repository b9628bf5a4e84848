#!/usr/bin/env bash
# issue27_seg_ab.sh BUILD OUT [ROUNDS] - the segment-size A/B of issue 27 on throttled links: the
# HomComp_F ring (allreduce_cpu --algo homcomp_f --segment S, MPI_Allreduce beside it in the same
# run) at S = 65536 (the default) and 131072, alternated within each round (round r starts with the
# other size), on these cases (SEG_CASES, "link:ranks:count:data" words):
#   10gbit:4:16777216:walk 10gbit:2:16777216:normal 1gbit:4:4194304:walk
# Network as allreduce_bench_issue27.sh (namespace cc27s: lo throttled by tbf, MPICH over UCX/TCP,
# MPIR_CVAR_NOLOCAL=1); REL 1e-4, 5 timed calls after 2 untimed ones, median of the slowest rank.
# Needs root. issue27_seg_ab.py OUT prints the paired ratios (131072 / 65536 time, same round).
set -u
BUILD=${1:?BUILD dir}
OUT=${2:?OUT dir}
ROUNDS=${3:-3}
CASES=${SEG_CASES:-10gbit:4:16777216:walk 10gbit:2:16777216:normal 1gbit:4:4194304:walk}
NS=cc27s
[ "$(id -u)" -eq 0 ] || { echo "needs root (ip netns, tc)" >&2; exit 77; }
mkdir -p "$OUT"
csv=$OUT/seg_ab.csv log=$OUT/log.txt
cleanup() { ip netns del $NS 2>/dev/null || true; }
trap cleanup EXIT
{ date -u; uname -m; grep -m1 "model name" /proc/cpuinfo; nproc; uptime; git -C "$(dirname "$0")" rev-parse --short HEAD; } >>"$log"
cur=""
for r in $(seq 1 "$ROUNDS"); do
    for c in $CASES; do
        IFS=: read -r link np count data <<<"$c"
        if [ "$cur" != "$link" ]; then
            cleanup
            ip netns add $NS && ip netns exec $NS ip link set lo up &&
                ip netns exec $NS tc qdisc add dev lo root tbf rate "$link" burst 4mb latency 100ms || exit 1
            cur=$link
        fi
        if [ $((r % 2)) -eq 1 ]; then segs="65536 131072"; else segs="131072 65536"; fi
        for s in $segs; do
            echo "== round $r $c segment $s $(date -u +%T) $(uptime | sed 's/.*load/load/')" >>"$log"
            rows=$(timeout 300 ip netns exec $NS env UCX_TLS=tcp,self UCX_NET_DEVICES=lo MPIR_CVAR_NOLOCAL=1 \
                mpiexec -n "$np" "$BUILD/demos/allreduce_cpu" --csv --count "$count" --data "$data" --rel 1e-4 \
                --iters 5 --warmup 2 --interleave --algo homcomp_f --segment "$s" --fast-exit \
                --per-call "$OUT/percall_r${r}_${link}_${np}_${data}_${s}.csv" 2>>"$log")
            # the header from the first run that printed one (a failed run prints none)
            if [ ! -s "$csv" ] && printf '%s\n' "$rows" | head -1 | grep -q '^algo,'; then
                printf 'round,link,segment,%s\n' "$(printf '%s\n' "$rows" | head -1)" >"$csv"
            fi
            printf '%s\n' "$rows" | grep -E '^(mpi|homcomp_f),' | sed "s/^/$r,$link,$s,/" | tee -a "$csv" >>"$log"
        done
    done
done
{ date -u; uptime; } >>"$log"
