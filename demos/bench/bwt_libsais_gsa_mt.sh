#!/usr/bin/env bash
# bwt_libsais_gsa_mt.sh LIBSAIS_DIR SRC_DIR OUT_DIR - issue 26's GSA at threads > 1, per input:
# sa_gsa's paths, each beside libsais_gsa_omp in the same process and threads (ratio = libsais
# time / sa.h time):
#   new    SRC_DIR's sa.h, default options: parallel SA-IS in the GSA order (sa__psais_gsa) where
#          sa_build's rule picks parallel SA-IS, else the doubling's plain SA and the group pass
#   old    the same sa.h with -DSA__GSA_PSAIS=0: the rule's plain SA (parallel SA-IS or the
#          doubling) and the group pass, always (sa_gsa before this change)
#   newp   new with --algo psais: parallel SA-IS in the GSA order whatever the rule says (run only
#          on the inputs where the rule picked something else at some thread count)
# and the pick of the default's rule (bench stderr "pick,THREADS,ALGORITHM"). One process at a
# time on all cores, inputs as bwt_libsais_run.sh makes them (16 MiB: random bytes, ACGT, the
# Fibonacci word, /usr/include headers and /usr/bin executables sorted by path), cut into
# strings by the bench (at '\n', else every 64 bytes). THREADS (8,16), REPS (3), N (16777216),
# OPS (gsa), INPUTS (acgt fib usrbin headers random), LIMIT (seconds per process, 60).
# OUT_DIR/gsa_mt.csv: input, code, then the bench's columns; OUT_DIR/gsa_mt_pick.csv.
set -u
L=$1 S=$2 O=$3
reps=${REPS:-3} N=${N:-16777216} th=${THREADS:-8,16} ops=${OPS:-gsa} lim=${LIMIT:-60}
T=${TMPDIR:-/tmp}/bwt_gsa_mt
mkdir -p "$T" "$O"
rm -f "$T"/*.o "$T/new" "$T/old"
F="-O3 -std=c11 -D_POSIX_C_SOURCE=200809L -fopenmp -DSA_BENCH_LIBSAIS -DLIBSAIS_OPENMP -I$L/include -I$S"
pids=()
gcc -O3 -fopenmp -DLIBSAIS_OPENMP -I"$L/include" -c "$L/src/libsais.c" -o "$T/ls.o" & pids+=($!)
gcc $F -c "$S/demos/bench/bwt_libsais_bench.c" -o "$T/new.o" & pids+=($!)
gcc $F -DSA__GSA_PSAIS=0 -c "$S/demos/bench/bwt_libsais_bench.c" -o "$T/old.o" & pids+=($!)
for p in "${pids[@]}"; do wait "$p" || { echo "bwt_libsais_gsa_mt: a compile failed" >&2; exit 1; }; done
for b in new old; do gcc -fopenmp "$T/$b.o" "$T/ls.o" -o "$T/$b" -lm || exit 1; done
dir=$T/inputs
mkdir -p "$dir"
[ -s "$dir/headers" ] || find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c $N >"$dir/headers"
[ -s "$dir/usrbin" ] || find /usr/bin -maxdepth 1 -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c $N >"$dir/usrbin"
args() { case $1 in random | acgt | fib) echo "--$1 $N" ;; *) echo "$dir/$1" ;; esac; }
date -u +"start %H:%M:%S"
echo "input,code,op,threads,n,sa_h_s,libsais_s,ratio,same" >"$O/gsa_mt.csv"
echo "input,threads,pick" >"$O/gsa_mt_pick.csv"
for in in ${INPUTS:-acgt fib usrbin headers random}; do
    for code in new old newp; do
        b=$code a=default
        [ $code = newp ] && b=new a=psais
        # newp is new wherever the rule picked parallel SA-IS at every thread count: skipped
        [ $code = newp ] && ! grep "^$in," "$O/gsa_mt_pick.csv" | grep -vq ',parallel-sais$' && continue
        timeout "$lim" "$T/$b" $(args "$in") --reps "$reps" --threads "$th" --ops "$ops" --algo "$a" \
            2>"$T/err" | tail -n +2 | sed "s/^/$in,$code,/" >>"$O/gsa_mt.csv"
        [ "$code" = new ] && grep '^pick,' "$T/err" | sed "s/^pick,/$in,/" >>"$O/gsa_mt_pick.csv"
        grep -v '^pick,' "$T/err" >&2
    done
    date -u +"$in done %H:%M:%S"
done
cat "$O/gsa_mt.csv" "$O/gsa_mt_pick.csv"
