#!/usr/bin/env bash
# demos/bench/allreduce_bench_issue27.sh - issue 27's measurement in one command: ccoll_mpi.h's
# host allreduce (HomComp_F, raw ring, AUTO) beside MPI_Allreduce in the same run, and ZCCL
# beside them on the same data, at 10 Gbit/s, 1 Gbit/s and on shared memory, with 2 and 4 ranks;
# and the standalone codec per segment (every instruction set) in the same session.
#   sudo ZCCL=/path/to/zccl-source demos/bench/allreduce_bench_issue27.sh [full|focus|quick|rates]
# Needs root (ip netns, tc), MPICH (UCX over TCP), a configured ./build (BUILD=dir). ZCCL
# (xuanwu02/zccl, a source folder; optional; needs autoconf, automake, libtool): its library is
# built here with its autotools into $BUILD/zccl-build (nothing is vendored), its allreduce driven
# by demos/bench/allreduce_zccl.c.
# Results: $OUT (default demos/bench/results/issue27_<host>) gets every CSV row, uptime lines
# and the codec rates. full (default): every goal combination (64 and 256 MiB per rank, walk and
# normal, REL 1e-4 and 1e-3, 2 and 4 ranks; about an hour on a quiet 2-core box); focus: the
# goal rows at 64 MiB (256 MiB at 1 Gbit/s); quick: a 16 MiB smoke test; rates: 10 Gbit/s walk,
# 2 and 4 ranks, for the in-ring rates per core (CPU seconds) beside the standalone codec's.
# Network: namespace cc27 (own name: other benchmarks use ccnet), lo throttled by
#   tc qdisc add dev lo root tbf rate 10gbit|1gbit burst 4mb latency 100ms
# and MPICH over UCX/TCP with MPIR_CVAR_NOLOCAL=1, so every byte crosses the throttled device
# (the ranks share it: one shared 10 or 1 Gbit/s medium). Timings: median of --iters calls of
# the slowest rank after 4 untimed calls per plan where ITERS >= 3 (AUTO explores in about its
# first 4 calls: the timed ones are its steady state; 1 at 1 Gbit/s, where a raw call takes 13 s);
# where ITERS >= 3 the timed calls are interleaved (allreduce_cpu --interleave: each round calls
# MPI_Allreduce and every algorithm once, round i starting at row i mod 4), so a row group's
# rows share the machine's moments and places in the order; compare ratios within a row group
# (same mpiexec run). The shared-memory row takes 8 rounds (its calls are short and noisy).
# ZCCL's run gets 3 x the ccoll run's wall time (at least 120 s): one that gives no result by
# then is stopped (its process group, KILL 10 s later) and listed in $OUT/zccl_timeouts.csv.
set -uo pipefail
. "$(dirname "$0")/../../tests/setup.sh"
BUILD=${BUILD:-$ROOT/build}
OUT=${OUT:-$ROOT/demos/bench/results/issue27_$(hostname -s)}
NS=cc27
MODE=${1:-full}
mkdir -p "$OUT"
[ "$(id -u)" -eq 0 ] || { echo "needs root (ip netns, tc)" >&2; exit 77; }
ninja -C "$BUILD" demos/allreduce_cpu demos/bench/homcomp_bench_seg >/dev/null || exit 2
exe=$BUILD/demos/allreduce_cpu
log=$OUT/log.txt
csv=$OUT/allreduce.csv
zcsv=$OUT/zccl.csv
: >"$log"
note() { echo "$*" | tee -a "$log" >&2; }
cleanup() { ip netns del $NS 2>/dev/null || true; }
trap cleanup EXIT

note "# issue 27 bench $(date -u +%FT%TZ) host $(hostname -s) $(nproc) cores; git $(git -C "$ROOT" rev-parse --short HEAD)"
note "# $(uptime)"

# ---- ZCCL from its source folder ----------------------------------------------------------
zexe=""
if [ -n "${ZCCL:-}" ]; then
    zb=$BUILD/zccl-build
    zl=$zb/src/ZCCL/.libs
    if [ ! -f "$zl/libZCCL.so" ]; then
        rm -rf "$zb" && mkdir -p "$zb/src" && cp -r "$ZCCL"/. "$zb/src/"
        note "# building ZCCL from $ZCCL"
        # the library only: at xuanwu02/zccl 47bc397 its examples do not link (ZCCL_ring.c calls
        # SZp_decompress3D_fast, defined nowhere); the allreduce variants used here never call it
        (cd "$zb/src" && ./autogen.sh && ./configure --enable-openmp CC=mpicc && make -C ZCCL -j"$(nproc)") \
            >"$zb/build.log" 2>&1 || note "# ZCCL build failed: see $zb/build.log"
    fi
    if [ -f "$zl/libZCCL.so" ]; then
        zexe=$zb/allreduce_zccl
        mpicc -O2 -fopenmp -I"$zb/src/ZCCL/include" -o "$zexe" "$ROOT/demos/bench/allreduce_zccl.c" -L"$zl" \
            -Wl,-rpath,"$zl" -Wl,--allow-shlib-undefined -lZCCL -lm >>"$zb/build.log" 2>&1 ||
            { note "# ZCCL driver did not build"; zexe=""; }
    fi
fi

# ---- the standalone codec, one core, per segment, every instruction set ---------------------
note "# standalone codec (homcomp_bench_seg, one core, 65536-element calls)"
rm -f "$OUT/codec.csv.tmp"
for data in walk normal; do
    for rel in 1e-4 1e-3; do
        "$BUILD/demos/bench/homcomp_bench_seg" --count 16777216 --data $data --rel $rel --csv | tee -a "$log" >"$OUT/codec.one.tmp"
        [ -s "$OUT/codec.csv.tmp" ] || head -1 "$OUT/codec.one.tmp" >"$OUT/codec.csv.tmp" # the program's own header
        sed 1d "$OUT/codec.one.tmp" >>"$OUT/codec.csv.tmp"
    done
done
mv "$OUT/codec.csv.tmp" "$OUT/codec.csv"
rm -f "$OUT/codec.one.tmp"

netns() { # a fresh namespace with lo throttled to $1
    cleanup
    ip netns add $NS && ip netns exec $NS ip link set lo up &&
        ip netns exec $NS tc qdisc add dev lo root tbf rate "$1" burst 4mb latency 100ms
}

# run LINK RANKS COUNT DATA REL ITERS: ccoll (auto, ring, homcomp_f) + MPI_Allreduce, then ZCCL
run() {
    local link=$1 np=$2 count=$3 data=$4 rel=$5 iters=$6 pre=() inter=()
    [ "$iters" -ge 3 ] && inter=(--interleave)
    [ "$link" != shm ] && pre=(ip netns exec $NS env UCX_TLS=tcp,self UCX_NET_DEVICES=lo MPIR_CVAR_NOLOCAL=1)
    note "== $link np=$np count=$count data=$data rel=$rel $(date -u +%T) $(uptime | sed 's/.*load/load/')"
    local rows t0=$SECONDS zlim zrc
    rows=$(timeout 900 "${pre[@]}" mpiexec -n "$np" "$exe" --csv --count "$count" --data "$data" --rel "$rel" \
        --iters "$iters" --warmup $((iters >= 3 ? 4 : 1)) "${inter[@]}" --algo auto,ring,homcomp_f --fast-exit 2>>"$log")
    [ -s "$csv" ] || printf 'link,rel,%s\n' "$(printf '%s\n' "$rows" | head -1)" >"$csv"
    printf '%s\n' "$rows" | tail -n +2 | grep -E '^[a-z_]+,[a-z_]+,[0-9]+,' | sed "s/^/$link,$rel,/" | tee -a "$csv" >>"$log"
    if [ -n "$zexe" ]; then
        zlim=$((3 * (SECONDS - t0) > 120 ? 3 * (SECONDS - t0) : 120))
        rows=$(OMP_NUM_THREADS=1 timeout -k 10 "$zlim" "${pre[@]}" mpiexec -n "$np" "$zexe" --csv --count "$count" \
            --data "$data" --rel "$rel" --iters "$iters" 2>>"$log")
        zrc=$?
        if [ "$zrc" -eq 124 ] || [ "$zrc" -eq 137 ]; then
            note "# ZCCL gave no result within $zlim s: stopped (zccl_timeouts.csv)"
            [ -s "$OUT/zccl_timeouts.csv" ] || echo "link,ranks,data,rel,n,limit_s" >"$OUT/zccl_timeouts.csv"
            echo "$link,$np,$data,$rel,$count,$zlim" >>"$OUT/zccl_timeouts.csv"
        fi
        [ -s "$zcsv" ] || printf 'link,rel,%s\n' "$(printf '%s\n' "$rows" | head -1)" >"$zcsv"
        printf '%s\n' "$rows" | tail -n +2 | grep -E '^[a-z_]+,[a-z_]+,[0-9]+,' | sed "s/^/$link,$rel,/" | tee -a "$zcsv" >>"$log"
    fi
}

case $MODE in
quick) # a smoke test: 16 MiB per rank
    netns 10gbit || exit 1
    run 10gbit 4 4194304 walk 1e-4 3
    netns 1gbit || exit 1
    run 1gbit 4 4194304 walk 1e-4 1
    cleanup
    run shm 4 4194304 walk 1e-4 3;;
focus) # the issue's goal rows, 64 MiB per rank (and 256 MiB at 1 Gbit/s)
    netns 10gbit || exit 1
    for np in 2 4; do for data in walk normal; do run 10gbit $np 16777216 $data 1e-4 3; done; done
    run 10gbit 4 16777216 walk 1e-3 3
    netns 1gbit || exit 1
    run 1gbit 4 16777216 walk 1e-4 1
    run 1gbit 4 67108864 walk 1e-4 1
    cleanup
    run shm 4 16777216 walk 1e-4 8;; # 8 rounds: each of the 4 rows twice at each place in the order
full) # every goal combination: 64 and 256 MiB per rank, walk and normal, REL 1e-4 and 1e-3
    netns 10gbit || exit 1
    for np in 2 4; do for count in 16777216 67108864; do for data in walk normal; do for rel in 1e-4 1e-3; do
        run 10gbit $np $count $data $rel 3
    done; done; done; done
    netns 1gbit || exit 1
    for count in 16777216 67108864; do run 1gbit 4 $count walk 1e-4 1; run 1gbit 2 $count walk 1e-4 1; done
    run 1gbit 4 16777216 normal 1e-4 1
    cleanup
    for count in 16777216 67108864; do run shm 4 $count walk 1e-4 3; run shm 2 $count walk 1e-4 3; done;;
rates) # in-ring codec rates per core beside the standalone ones (codec.csv), 10 Gbit/s walk
    netns 10gbit || exit 1
    for np in 2 4; do run 10gbit $np 16777216 walk 1e-4 3; done;;
*) echo "unknown mode $MODE (quick, focus, full, rates)" >&2; exit 2;;
esac
note "# $(uptime)"
note "# done $(date -u +%FT%TZ): $csv $zcsv $OUT/codec.csv"
