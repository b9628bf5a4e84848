#!/usr/bin/env bash
# bwt_libsais_unbwt_ab.sh LIBSAIS_DIR SRC_DIR OUT_DIR - issue 26's inverse BWT, compile-time variants
# of one sa.h side by side, ROUNDS rounds (the variants' order rotated each round), each process
# timing sa.h and libsais in turn (ratio = libsais time / sa.h time, libsais_unbwt(_aux)(_omp),
# same threads, same aux sampling r = 4096; every output compared with the text).
#   VARIANTS  "name:flags ..." (flags comma-separated -D options; base = none: SRC_DIR's defaults)
#   CELLS     "input:threads:variant+variant ..." (threads comma-separated)
#   OPS (unbwt_aux,unbwt_aux_ctx), REPS (2, min of REPS within a process), ROUNDS (3), N (16777216),
#   LIMIT (seconds per process, 30), DEADLINE (seconds after start: no new process after it, 0 off)
#   EXTRA     "variant:input:threads:ops:reps ..." one process each after the rounds (deadline too)
#   PREBUILT  a folder holding the variants' binaries, named as VARIANTS names them (built
#             elsewhere with the flags below): nothing is compiled
# Inputs as bwt_libsais_run.sh makes them (16 MiB: random bytes, ACGT, the Fibonacci word,
# /usr/include headers and /usr/bin executables sorted by path). One process at a time.
# OUT_DIR/unbwt_ab.csv: round, input, variant, then the bench's columns; OUT_DIR/extra.csv;
# OUT_DIR/stderr.txt: the processes' stderr.
set -u
L=$1 S=$2 O=$3
reps=${REPS:-2} N=${N:-16777216} ops=${OPS:-unbwt_aux,unbwt_aux_ctx} lim=${LIMIT:-30} rounds=${ROUNDS:-3}
dl=${DEADLINE:-0}
variants=${VARIANTS:-base: bi:-DSA__UB_BI_SIGMA=256 w8:-DSA__UB_WAYS=8}
cells=${CELLS:-fib:8,16:base+w8 usrbin:1:base+bi usrbin:8,16:base+w8 random:1:base+bi}
T=${TMPDIR:-/tmp}/bwt_unbwt_ab
mkdir -p "$T" "$O"
t_start=$(date +%s)
pre=${PREBUILT:-}
F="-O3 -std=c11 -D_POSIX_C_SOURCE=200809L -fopenmp -DSA_BENCH_LIBSAIS -DLIBSAIS_OPENMP -I$L/include -I$S"
if [ -n "$pre" ]; then
    for v in $variants; do cp "$pre/${v%%:*}" "$T/" || exit 1; done
else
    pids=()
    gcc -O3 -fopenmp -DLIBSAIS_OPENMP -I"$L/include" -c "$L/src/libsais.c" -o "$T/ls.o" & pids+=($!)
    names=()
    for v in $variants; do
        name=${v%%:*} flags=${v#*:}
        names+=("$name")
        gcc ${flags//,/ } $F -c "$S/demos/bench/bwt_libsais_bench.c" -o "$T/$name.o" & pids+=($!)
    done
    for p in "${pids[@]}"; do wait "$p" || { echo "bwt_libsais_unbwt_ab: a compile failed" >&2; exit 1; }; done
    for b in "${names[@]}"; do gcc -fopenmp "$T/$b.o" "$T/ls.o" -o "$T/$b" -lm || exit 1; done
fi
dir=$T/inputs
mkdir -p "$dir"
[ -s "$dir/headers" ] || find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c $N >"$dir/headers"
[ -s "$dir/usrbin" ] || find /usr/bin -maxdepth 1 -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c $N >"$dir/usrbin"
args() { case $1 in random | acgt | fib) echo "--$1 $N" ;; *) echo "$dir/$1" ;; esac; }
late() { [ "$dl" -gt 0 ] && [ $(($(date +%s) - t_start)) -ge "$dl" ]; }
date -u +"start %H:%M:%S (compiled after $(($(date +%s) - t_start)) s)"
echo "round,input,variant,op,threads,n,sa_h_s,libsais_s,ratio,same" >"$O/unbwt_ab.csv"
: >"$O/stderr.txt"
for ((r = 0; r < rounds; r++)); do
    for c in $cells; do
        in=${c%%:*} rest=${c#*:}
        th=${rest%%:*} vs=${rest#*:}
        IFS=+ read -r -a vl <<<"$vs"
        k=${#vl[@]}
        for ((i = 0; i < k; i++)); do
            late && break 3
            v=${vl[$(((i + r) % k))]}
            timeout "$lim" "$T/$v" $(args "$in") --reps "$reps" --threads "$th" --ops "$ops" \
                2>>"$O/stderr.txt" | tail -n +2 | sed "s/^/$r,$in,$v,/" >>"$O/unbwt_ab.csv"
        done
    done
    date -u +"round $r done %H:%M:%S"
done
echo "variant,input,op,threads,n,sa_h_s,libsais_s,ratio,same" >"$O/extra.csv"
for e in ${EXTRA:-}; do
    late && break
    IFS=: read -r v in th eops ereps <<<"$e"
    timeout "$lim" "$T/$v" $(args "$in") --reps "$ereps" --threads "$th" --ops "$eops" \
        2>>"$O/stderr.txt" | tail -n +2 | sed "s/^/$v,$in,/" >>"$O/extra.csv"
    date -u +"extra $e done %H:%M:%S"
done
date -u +"end %H:%M:%S ($(($(date +%s) - t_start)) s)"
