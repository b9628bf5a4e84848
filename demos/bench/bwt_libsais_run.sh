#!/usr/bin/env bash
# bwt_libsais_run.sh NEW_BENCH [OLD_BENCH] > CSV - issue 26's host table: bwt_libsais_bench over
# five 16 MiB inputs (random bytes, ACGT, the Fibonacci word, the first 16 MiB of this machine's
# /usr/include headers and of its /usr/bin executables, each sorted by path), sa.h against libsais
# in one process. NEW_BENCH runs the inverse with aux samples, with and without a context, at 1, 8
# and 16 threads, and GSA (with gsa_sa, the plain SA it starts from) at 1 thread; OLD_BENCH (an
# earlier sa.h in the same bench, optional) runs unbwt_aux, unbwt_aux_ctx and gsa right after each
# input's new rows, so a change is compared within one run. Columns: input, code (new/old), then the bench's.
# REPS (default 2), THREADS (default 8,16: the multi-thread columns), N (input bytes, 16777216).
set -u
new=$1
old=${2:-}
reps=${REPS:-2}
threads=${THREADS:-8,16}
N=${N:-16777216}
dir=${TMPDIR:-/tmp}/bwt_libsais_inputs
mkdir -p "$dir"
[ -s "$dir/headers" ] || find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c $N >"$dir/headers"
[ -s "$dir/usrbin" ] || find /usr/bin -maxdepth 1 -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c $N >"$dir/usrbin"
echo "input,code,op,threads,n,sa_h_s,libsais_s,ratio,same"
row() { # row INPUT CODE BENCH ARGS...: the bench's CSV without its header, INPUT and CODE in front
    local in=$1 code=$2
    shift 2
    "$@" | tail -n +2 | sed "s/^/$in,$code,/"
}
for in in acgt fib usrbin headers random; do
    case $in in
    random | acgt | fib) a=(--$in $N) ;;
    *) a=("$dir/$in") ;;
    esac
    row $in new "$new" "${a[@]}" --threads 1 --reps "$reps" --ops unbwt_aux,unbwt_aux_ctx,gsa,gsa_sa
    row $in new "$new" "${a[@]}" --threads "$threads" --reps "$reps" --ops unbwt_aux,unbwt_aux_ctx
    if [ -n "$old" ]; then
        row $in old "$old" "${a[@]}" --threads 1 --reps "$reps" --ops unbwt_aux,unbwt_aux_ctx,gsa
        row $in old "$old" "${a[@]}" --threads "$threads" --reps "$reps" --ops unbwt_aux,unbwt_aux_ctx
    fi
done
