#!/usr/bin/env bash
# bwt_libsais_variants.sh LIBSAIS_DIR NEW_DIR OLD_DIR OUT_DIR - issue 26's host A/B in one call:
# bwt_libsais_bench built from one bench source against several sa.h builds, libsais beside each
# in the same process (ratio = libsais time / sa.h time). NEW_DIR and OLD_DIR hold an sa.h each
# (OLD: an earlier one); the variants are NEW's sa.h with a compile-time setting changed:
#   pf0 / pf1    -DSA__GSA_PF2=0 / 1: the GSA's direct comparisons without the second prefetch
#                line / with it always (default 2: where the running mean of the lengths reaches it)
#   ways32       -DSA__UB_WAYS=32: 32 interleaved aux pieces a thread instead of 16
#   sigma128     -DSA__UB_BI_SIGMA_MT=128: at 8 and 16 threads texts of 65-128 distinct bytes (the
#                headers) walk bigram psi, as at one thread (default: single-byte psi there)
# (The 2026-11-27 15:58 UTC run, results/issue26_h200_host_variants_p*.csv, had the old defaults
# and the variants pf0, pf2, ways32, sigma64 = -DSA__UB_BI_SIGMA=64.)
# Inputs: 16 MiB (N) of random bytes, ACGT, the Fibonacci word, this machine's /usr/include
# headers and /usr/bin executables (each sorted by path), as bwt_libsais_run.sh makes them.
# Phase 1, the one-thread rows, run as concurrent processes, each on its own core (taskset):
# gsa (+ gsa_sa for new) for new, pf0, pf1; int for new; bwt for new and old (unpinned where
# the machine has fewer than 12 cores). Phase 2 alone, one
# after the other: unbwt_aux and unbwt_aux_ctx at 1, 8, 16 threads (new), at 8, 16 (ways32, and
# sigma128 on the headers), bwt at 16 threads (new, old). CSV per phase in OUT_DIR: input, code,
# then the bench's columns. REPS (default 2).
set -u
L=$1 NEW=$2 OLD=$3 O=$4
reps=${REPS:-2}
N=${N:-16777216}
T=${TMPDIR:-/tmp}/bwt_variants
mkdir -p "$T" "$O"
src=$NEW/demos/bench/bwt_libsais_bench.c
F="-O3 -std=c11 -D_POSIX_C_SOURCE=200809L -fopenmp -DSA_BENCH_LIBSAIS -DLIBSAIS_OPENMP -I$L/include"
# objects from an earlier run (a warm machine) must not stand in for a compile that failed:
# remove them, and wait on each compile by its pid (as bwt_libsais_gsa_ab.sh)
rm -f "$T"/*.o
pids=()
gcc -O3 -fopenmp -DLIBSAIS_OPENMP -I"$L/include" -c "$L/src/libsais.c" -o "$T/ls.o" & pids+=($!)
build() { # build NAME SA_DIR [FLAGS...]
    local name=$1 dir=$2
    shift 2
    gcc $F -I"$dir" "$@" -c "$src" -o "$T/$name.o"
}
build new "$NEW" & pids+=($!); build old "$OLD" & pids+=($!)
build pf0 "$NEW" -DSA__GSA_PF2=0 & pids+=($!); build pf1 "$NEW" -DSA__GSA_PF2=1 & pids+=($!)
build ways32 "$NEW" -DSA__UB_WAYS=32 & pids+=($!); build sigma128 "$NEW" -DSA__UB_BI_SIGMA_MT=128 & pids+=($!)
for p in "${pids[@]}"; do wait "$p" || { echo "bwt_libsais_variants: a compile failed" >&2; exit 1; }; done
for b in new old pf0 pf1 ways32 sigma128; do gcc -fopenmp "$T/$b.o" "$T/ls.o" -o "$T/$b" -lm || exit 1; done
dir=$T/inputs
mkdir -p "$dir"
[ -s "$dir/headers" ] || find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c $N >"$dir/headers"
[ -s "$dir/usrbin" ] || find /usr/bin -maxdepth 1 -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c $N >"$dir/usrbin"
args() { case $1 in random | acgt | fib) echo "--$1 $N" ;; *) echo "$dir/$1" ;; esac; }
row() { # [CORE=C] row INPUT CODE BENCH_ARGS...: the bench's CSV rows, INPUT and CODE in front
    local in=$1 code=$2 pre=()
    shift 2
    [ -n "${CORE:-}" ] && pre=(taskset -c "$CORE")
    timeout 120 "${pre[@]}" "$T/$code" $(args "$in") --reps "$reps" "$@" | tail -n +2 | sed "s/^/$in,$code,/"
}
all="acgt fib usrbin headers random"
hdr="input,code,op,threads,n,sa_h_s,libsais_s,ratio,same"
date -u +"phase 1 start %H:%M:%S"
one() { # one CORE CODE OPS INPUTS...: one-thread rows on core CORE
    local core=$1 code=$2 ops=$3 in
    shift 3
    [ "$(nproc)" -gt "$core" ] || core= # a small machine: unpinned
    for in in "$@"; do CORE=$core row "$in" "$code" --threads 1 --ops "$ops"; done
}
{
    echo "$hdr"
    one 1 new gsa,gsa_sa $all >"$T/j1" &
    one 3 pf0 gsa $all >"$T/j2" &
    one 5 pf1 gsa $all >"$T/j3" &
    one 7 new int random headers acgt >"$T/j4" &
    one 9 new bwt random headers >"$T/j5" &
    one 11 old bwt random headers >"$T/j6" &
    wait
    cat "$T"/j1 "$T"/j2 "$T"/j3 "$T"/j4 "$T"/j5 "$T"/j6
} >"$O/phase1.csv"
date -u +"phase 2 start %H:%M:%S"
{
    echo "$hdr"
    for in in $all; do
        row "$in" new --threads 1,8,16 --ops unbwt_aux,unbwt_aux_ctx
        row "$in" ways32 --threads 8,16 --ops unbwt_aux,unbwt_aux_ctx
        [ "$in" = headers ] && row "$in" sigma128 --threads 8,16 --ops unbwt_aux,unbwt_aux_ctx
        row "$in" new --threads 16 --ops bwt
        row "$in" old --threads 16 --ops bwt
    done
} >"$O/phase2.csv"
date -u +"done %H:%M:%S"
