#!/usr/bin/env bash
# demos/bench/issue27_vec_report.sh - what GCC and Clang vectorise in ccoll_mpi.h's plain C host
# input scan (ccoll__scan_f32_c / ccoll__scan_f64_c: the CCOLL_NO_SIMD and non-x86 path) at -O2.
# Compiles demos/allreduce_cpu.c with each compiler's vectorisation report and counts the report's
# lines for the two functions (both are expansions of CCOLL__SCAN_FN, so the report names the
# lines where they are expanded). The count includes the lanes' set-up and final merge: a
# non-zero count does NOT mean the main loop is vector code (GCC 12 -O3 leaves it scalar, see
# objdump), which is why x86-64 builds run the SSE2 scan (ccoll__scan_f32 / _f64).
#   demos/bench/issue27_vec_report.sh     exit 0: every compiler reported vectorised code in both; 1: not
# Needs mpicc (MPICH's -show or Open MPI's --showme gives clang the include flags) and,
# optionally, clang.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
H=$ROOT/ccoll_mpi.h
l32=$(grep -n '^CCOLL__SCAN_FN(ccoll__scan_f32_c' "$H" | cut -d: -f1)
l64=$(grep -n '^CCOLL__SCAN_FN(ccoll__scan_f64_c' "$H" | cut -d: -f1)
[ -n "$l32" ] && [ -n "$l64" ] || { echo "scan functions not found in $H" >&2; exit 2; }
src=$ROOT/demos/allreduce_cpu.c
flags=(-O2 -fopenmp -I"$ROOT" -I"$ROOT/demos" -c "$src" -o /dev/null)
rc=0
report() { # NAME: the report on stdin; one line per function
    local name=$1 rep
    rep=$(grep -E "ccoll_mpi\.h:($l32|$l64):")
    for l in $l32 $l64; do
        local fn=ccoll__scan_f32_c
        [ "$l" = "$l64" ] && fn=ccoll__scan_f64_c
        local n
        n=$(printf '%s\n' "$rep" | grep -c "ccoll_mpi\.h:$l:.*vectorized")
        echo "$name $fn: $n vectorised loops/blocks"
        [ "$n" -gt 0 ] || rc=1
    done
}
mpicc "${flags[@]}" -fopt-info-vec-optimized 2>&1 | report "gcc $(mpicc -dumpfullversion 2>/dev/null) -O2"
if command -v clang >/dev/null; then
    # clang with mpicc's include and library flags
    clang "${flags[@]}" $({ mpicc -show 2>/dev/null || mpicc --showme 2>/dev/null; } | tr ' ' '\n' | grep '^-I' | tr '\n' ' ') \
        -Rpass=loop-vectorize -Rpass=slp-vectorizer 2>&1 | report "$(clang --version | head -1 | sed 's/ version//') -O2"
else
    echo "clang not found: gcc only"
fi
exit $rc
