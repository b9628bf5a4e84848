#!/usr/bin/env bash
# bwt_libsais_gsa_ab.sh LIBSAIS_DIR NEW_DIR OLD_DIR OUT_DIR - issue 26's one-thread GSA and
# integer-alphabet A/B in one call: bwt_libsais_bench (NEW_DIR's source) built against NEW_DIR's
# sa.h, OLD_DIR's sa.h (an earlier one) and NEW_DIR's with compile-time settings changed, libsais
# beside each in the same process (ratio = libsais time / sa.h time):
#   new    NEW_DIR's sa.h: gsa, gsa_lcp, gsa_sa (the plain SA on gsa's input), int, int16
#   old    OLD_DIR's sa.h: the same rows (gsa_sa and int: the byte level's SA-IS, its non-GSA
#          path, old against new)
#   seeds1 -DSA__GSA_SEEDS=1: gsa, byte 0's seeds named apart in sa_gsa's SA-IS
#   sais0  -DSA__GSA_SAIS=0: gsa, gsa_lcp through the plain SA and the group pass (old's way)
# (the 22:38 UTC call ran seeds0, -DSA__GSA_SEEDS=0, when 1 was the default)
# (the 19:04 and 19:18 UTC calls ran earlier versions of this script with other variants:
# nosse -DSA__GSA_SSE2=0 and r12 -DSA__GSA_RBITS=12 -DSA__GSA_RADIX_MIN=2048, settings of
# results/issue26_gsa_sse2_radix12_trial.patch)
# The four run at the same time as four processes, each on its own core (taskset; unpinned on a
# machine of fewer than 16 cores), each over the five 16 MiB inputs (random bytes, ACGT, the
# Fibonacci word, this machine's /usr/include headers and /usr/bin executables, sorted by path,
# as bwt_libsais_run.sh makes them), one thread. OUT_DIR/gsa_ab.csv: input, code, then the
# bench's columns. REPS (default 3), N (16777216), SHORT (1: new and old, gsa and gsa_lcp only;
# 2: new, old, new2, old2 (the same two codes again) over gsa, gsa_lcp, gsa_sa and int).
# (The 2026-11-27 19:04 UTC call ran this script's first version: new = the trial patch
# results/issue26_gsa_viaint_trial.patch, old = the same with -DSA__GSA_INT_THREADS=0.)
set -u
L=$1 NEW=$2 OLD=$3 O=$4
reps=${REPS:-3}
N=${N:-16777216}
T=${TMPDIR:-/tmp}/bwt_gsa_ab
mkdir -p "$T" "$O"
src=$NEW/demos/bench/bwt_libsais_bench.c
F="-O3 -std=c11 -D_POSIX_C_SOURCE=200809L -fopenmp -DSA_BENCH_LIBSAIS -DLIBSAIS_OPENMP -I$L/include"
# objects from an earlier run (a warm machine) must not stand in for a compile that failed:
# remove them, and wait on each compile by its pid
rm -f "$T"/*.o
pids=()
gcc -O3 -fopenmp -DLIBSAIS_OPENMP -I"$L/include" -c "$L/src/libsais.c" -o "$T/ls.o" & pids+=($!)
gcc $F -I"$NEW" -c "$src" -o "$T/new.o" & pids+=($!)
gcc $F -I"$OLD" -c "$src" -o "$T/old.o" & pids+=($!)
gcc $F -I"$NEW" -DSA__GSA_SEEDS=1 -c "$src" -o "$T/seeds1.o" & pids+=($!)
gcc $F -I"$NEW" -DSA__GSA_SAIS=0 -c "$src" -o "$T/sais0.o" & pids+=($!)
for p in "${pids[@]}"; do wait "$p" || { echo "bwt_libsais_gsa_ab: a compile failed" >&2; exit 1; }; done
for b in new old seeds1 sais0; do gcc -fopenmp "$T/$b.o" "$T/ls.o" -o "$T/$b" -lm || exit 1; done
dir=$T/inputs
mkdir -p "$dir"
[ -s "$dir/headers" ] || find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c $N >"$dir/headers"
[ -s "$dir/usrbin" ] || find /usr/bin -maxdepth 1 -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c $N >"$dir/usrbin"
args() { case $1 in random | acgt | fib) echo "--$1 $N" ;; *) echo "$dir/$1" ;; esac; }
job() { # job CORE CODE OPS: the one-thread rows of CODE over the five inputs on core CORE
    local core=$1 code=$2 ops=$3 pin=() in
    [ "$(nproc)" -ge 16 ] && pin=(taskset -c "$core")
    for in in acgt fib usrbin headers random; do
        timeout 200 "${pin[@]}" "$T/$code" $(args "$in") --reps "$reps" --threads 1 --ops "$ops" | tail -n +2 | sed "s/^/$in,$code,/"
    done
}
date -u +"start %H:%M:%S"
pids=()
: >"$T/j3"; : >"$T/j4"
if [ "${SHORT:-0}" = 1 ]; then # SHORT=1: new and old, rows gsa and gsa_lcp only
    job 2 new gsa,gsa_lcp >"$T/j1" & pids+=($!)
    job 6 old gsa,gsa_lcp >"$T/j2" & pids+=($!)
elif [ "${SHORT:-0}" = 2 ]; then # SHORT=2: new, old, new, old (two samples of each at once)
    job 2 new gsa,gsa_lcp,gsa_sa,int >"$T/j1" & pids+=($!)
    job 6 old gsa,gsa_lcp,gsa_sa,int >"$T/j2" & pids+=($!)
    job 10 new gsa,gsa_lcp,gsa_sa,int | sed 's/,new,/,new2,/' >"$T/j3" & pids+=($!)
    job 14 old gsa,gsa_lcp,gsa_sa,int | sed 's/,old,/,old2,/' >"$T/j4" & pids+=($!)
else
    job 2 new gsa,gsa_lcp,gsa_sa,int,int16 >"$T/j1" & pids+=($!)
    job 6 old gsa,gsa_lcp,gsa_sa,int,int16 >"$T/j2" & pids+=($!)
    job 10 seeds1 gsa >"$T/j3" & pids+=($!)
    job 14 sais0 gsa,gsa_lcp >"$T/j4" & pids+=($!)
fi
for p in "${pids[@]}"; do wait "$p"; done
{
    echo "input,code,op,threads,n,sa_h_s,libsais_s,ratio,same"
    cat "$T/j1" "$T/j2" "$T/j3" "$T/j4"
} >"$O/gsa_ab.csv"
date -u +"done %H:%M:%S"
