#!/usr/bin/env bash
# demos/bench/allreduce_bench_ccoll.sh - ccoll_mpi.h allreduce vs MPI_Allreduce on a throttled
# network, reproduced on one host: 4 ranks inside a network namespace whose loopback is
# limited by tc (tbf), MPICH over UCX/TCP with shared memory switched off, so every byte
# goes through the throttled device (all 4 ranks share its rate, like a shared link).
#   demos/bench/allreduce_bench_ccoll.sh [phase...]    (root; BUILD=dir, default ./build)
#   phases: shm 1gbit 10gbit mixed (default: all). Appends to results/allreduce_ccoll.csv
# Each run is one allreduce_cpu invocation: every chosen algorithm and MPI_Allreduce on the
# same data in the same run. Then allreduce_ccoll_plot.py fits the cost model and plots.
set -uo pipefail
. "$(dirname "$0")/../../tests/setup.sh"
BUILD=${BUILD:-$ROOT/build}
exe=$BUILD/demos/allreduce_cpu
out=$ROOT/demos/bench/results/allreduce_ccoll.csv
NS=ccnet
[ -x "$exe" ] || { echo "build $exe first (ninja -C $BUILD demos/allreduce_cpu)" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "needs root (ip netns, tc)" >&2; exit 77; }
cleanup() { ip netns del $NS 2>/dev/null || true; }
trap cleanup EXIT

netns() { # netns RATE: a fresh namespace with lo throttled to RATE
    cleanup
    ip netns add $NS && ip netns exec $NS ip link set lo up &&
        ip netns exec $NS tc qdisc add dev lo root tbf rate "$1" burst 4mb latency 100ms
}

# run LINK COUNT DATA REL ITERS ALGOS
run() {
    local link=$1 count=$2 data=$3 rel=$4 iters=$5 algos=$6 pre=()
    [ "$link" != shm ] && pre=(ip netns exec $NS env UCX_TLS=tcp,self UCX_NET_DEVICES=lo MPIR_CVAR_NOLOCAL=1)
    echo "== $link count=$count data=$data rel=$rel iters=$iters algos=$algos $(date -u +%H:%M:%S)" >&2
    local csv
    csv=$(timeout 900 "${pre[@]}" mpiexec -n 4 "$exe" --csv --count "$count" --data "$data" --rel "$rel" \
        --iters "$iters" --algo "$algos" --fast-exit 2>/dev/null)
    [ -s "$out" ] || printf 'link,rel,%s\n' "$(printf '%s\n' "$csv" | head -1)" >"$out"
    # (--fast-exit makes mpiexec print a termination banner: keep only the CSV rows)
    printf '%s\n' "$csv" | tail -n +2 | grep -E '^[a-z_]+,[a-z_]+,[0-9]+,' | sed "s/^/$link,$rel,/" | tee -a "$out" >&2
}

ALL=auto,ring,doc,homcomp,homcomp_f,argm,recdbl
phases=${*:-shm 1gbit 10gbit mixed}
for ph in $phases; do
    case $ph in
    shm)
        run shm 1048576 walk 1e-4 3 $ALL
        run shm 4194304 walk 1e-4 2 $ALL
        run shm 16777216 walk 1e-4 1 $ALL
        run shm 67108864 walk 1e-4 1 auto,ring,homcomp_f;;
    1gbit|10gbit)
        netns $ph || exit 1
        run $ph 1048576 walk 1e-4 2 $ALL
        run $ph 4194304 walk 1e-4 1 $ALL
        run $ph 16777216 walk 1e-4 1 $ALL
        run $ph 67108864 walk 1e-4 1 auto,ring,homcomp_f;;
    mixed)
        for link in 1gbit 10gbit; do
            netns $link || exit 1
            run $link 16777216 normal 1e-4 1 auto,ring,homcomp,homcomp_f,recdbl
            run $link 16777216 walk 1e-3 1 auto,ring,homcomp,homcomp_f,recdbl
            run $link 16777216 normal 1e-3 1 auto,ring,homcomp,homcomp_f,recdbl
        done;;
    *) echo "unknown phase $ph" >&2; exit 2;;
    esac
done
