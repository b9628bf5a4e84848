#!/usr/bin/env bash
# tests/test_demo_args.sh DEMO_DIR - the demo command lines of issues 21 and 22, each of which
# misbehaved before: a parallel SA-IS choice, either-or arguments given together (exit 2), --gen
# into a missing directory (exit 2), a memory estimate that refuses too large a run before
# allocating (exit 2; DEMO_MEM_AVAILABLE pretends a small machine), progress on stderr.
# Demos not built here (no OpenMP, MPI or nvcc) are left out.
set -uo pipefail
d=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
# under AddressSanitizer (tests/run.sh --sanitize) an address-space cap stops the program from
# starting, and MPI's own leaks need the MPI tests' settings: those two cases run in the plain build
asan=0
ldd "$d/sa_seq" 2>/dev/null | grep -q libasan && asan=1
# expect CODE 'STDERR/STDOUT PATTERN' -- command...: exit code and (when not '') a grep pattern
expect() {
    local want=$1 pat=$2; shift 3
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -ne "$want" ] || { [ -n "$pat" ] && ! grep -qE "$pat" "$tmp/out" "$tmp/err"; }; then
        echo "FAIL (exit $rc, want $want${pat:+, output matching '$pat'}): $*"
        sed 's/^/  | /' "$tmp/err" | head -n 5
        fails=$((fails + 1))
    else
        echo "ok   (exit $rc): $*"
    fi
}
if [ -x "$d/sa_seq" ]; then
    sa=$d/sa_seq
    # one thread: parallel SA-IS may report the SA-IS it falls back to
    expect 0 'algorithm +(parallel-)?sais' -- "$sa" --random 100000 --algo psais
    expect 0 'algorithm +(parallel-)?sais' -- "$sa" --random 100000 --algo parallel-sais --64
    printf 'abracadabra' >"$tmp/in.txt"
    expect 2 'either-or' -- "$sa" "$tmp/in.txt" --random 10
    expect 2 'either-or' -- "$sa" --random 10 "$tmp/in.txt"
    expect 0 '' -- "$sa" "$tmp/in.txt"
    expect 2 'not an existing directory' -- "$sa" --gen "$tmp/missing/dir"
    # the estimate: 200000 bytes need ~2.6 MB; 3e9 bytes (64-bit indices) ~75 GB. Under a 2 GB
    # address-space cap a run that allocated before checking fails without the estimate.
    expect 2 'needs about' -- env DEMO_MEM_AVAILABLE=1000000 "$sa" --random 200000
    [ $asan = 1 ] || expect 2 'needs about 7[0-9]\.[0-9]+ GB' -- bash -c 'ulimit -v 2000000; DEMO_MEM_AVAILABLE=8000000000 exec "$0" --random 3000000000' "$sa"
    expect 2 'needs about' -- env DEMO_MEM_AVAILABLE=1000 "$sa" "$tmp/in.txt"
    expect 0 'random bytes' -- env DEMO_MEM_AVAILABLE=100000000 "$sa" --random 200000
    # progress: on with --progress; off when stderr is not a terminal
    expect 0 'sa_build: suffix array' -- "$sa" --random 100000 --progress
    "$sa" --random 100000 >/dev/null 2>"$tmp/err2"
    if grep -q 'sa_build: suffix array' "$tmp/err2"; then echo "FAIL: progress lines without --progress on a non-terminal"; fails=$((fails + 1)); fi
fi
if [ -x "$d/sa_omp" ]; then
    expect 0 'algorithm +parallel-sais' -- "$d/sa_omp" --random 300000 --algo psais --threads 2
fi
for hc in homcomp_cpu homcomp_cuda; do
    [ -x "$d/$hc" ] || continue
    expect 2 'either-or' -- "$d/$hc" --eb 0.1 --rel 0.01
    expect 2 'either-or' -- "$d/$hc" --rel 0.01 --eb 0.1
    expect 2 'either-or' -- "$d/$hc" "$tmp/in.txt" --n 100
    expect 2 'needs about' -- env DEMO_MEM_AVAILABLE=1000000 "$d/$hc" --n 1000000
done
if [ -x "$d/homcomp_cpu" ]; then
    expect 0 'bound held' -- "$d/homcomp_cpu" --n 10000 --eb 0.01
    expect 0 'homomorphic sum of 4 fields' -- "$d/homcomp_cpu" --n 10000 --progress
fi
head -c 300000 /dev/zero | tr '\0' 'a' >"$tmp/a.txt"
if [ -x "$d/bwt" ]; then
    expect 2 'needs about' -- env DEMO_MEM_AVAILABLE=1000000 "$d/bwt" "$tmp/a.txt"
    expect 0 'sa_unbwt_aux \(parallel\)' -- "$d/bwt" "$tmp/a.txt" --progress
fi
[ -x "$d/sa_grep" ] && expect 2 'needs about' -- env DEMO_MEM_AVAILABLE=1000000 "$d/sa_grep" "$tmp/a.txt" aaa
mpiexec=$(command -v mpiexec || command -v mpirun || true)
if [ -x "$d/sa_mpi" ] && [ -n "$mpiexec" ] && [ $asan = 0 ]; then
    expect 2 'either-or' -- env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 "$mpiexec" -n 1 \
        "$d/sa_mpi" "$tmp/in.txt" --random 10
    expect 0 'sa_mpi_build on 2 ranks' -- env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
        OMPI_MCA_rmaps_base_oversubscribe=1 "$mpiexec" -n 2 "$d/sa_mpi" --random 100000 --progress
    expect 2 'needs about' -- env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
        OMPI_MCA_rmaps_base_oversubscribe=1 DEMO_MEM_AVAILABLE=1000000 "$mpiexec" -n 2 "$d/sa_mpi" --random 100000
fi
if [ -x "$d/sa_cuda" ]; then
    expect 2 'either-or' -- "$d/sa_cuda" "$tmp/in.txt" --random 10
    expect 2 'needs about' -- env DEMO_MEM_AVAILABLE=1000000 "$d/sa_cuda" --random 1000000
fi
for ar in allreduce_cpu allreduce_cuda; do
    [ -x "$d/$ar" ] && [ -n "$mpiexec" ] && [ $asan = 0 ] || continue
    expect 2 'either-or' -- env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 "$mpiexec" -n 1 \
        "$d/$ar" --rel 0.01 --eb 0.1
done
if [ -x "$d/allreduce_cpu" ] && [ -n "$mpiexec" ] && [ $asan = 0 ]; then
    expect 2 'needs about' -- env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
        OMPI_MCA_rmaps_base_oversubscribe=1 DEMO_MEM_AVAILABLE=1000000 "$mpiexec" -n 2 "$d/allreduce_cpu"
    # --interleave: every row its own output, each checked against the oracle (exit 1 if not)
    expect 0 'homcomp_f +homcomp_f' -- env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
        OMPI_MCA_rmaps_base_oversubscribe=1 "$mpiexec" -n 2 "$d/allreduce_cpu" --count 5003 --iters 3 --warmup 1 \
        --algo auto,ring,homcomp_f --interleave
    # --per-call into a missing directory: every rank leaves with a usage error (rank 0 alone
    # did, and the other ranks hung); then a whole file: its header and 2 ranks x 3 calls, also
    # with --fast-exit (rank 0 lost its last rows when the other ranks left first)
    expect 2 'cannot open' -- timeout 60 env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
        OMPI_MCA_rmaps_base_oversubscribe=1 "$mpiexec" -n 2 "$d/allreduce_cpu" --count 5003 --per-call "$tmp/missing/pc.csv"
    expect 0 'homcomp_f +homcomp_f' -- env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
        OMPI_MCA_rmaps_base_oversubscribe=1 "$mpiexec" -n 2 "$d/allreduce_cpu" --count 5003 --iters 3 --warmup 1 \
        --algo homcomp_f --per-call "$tmp/pc.csv" --fast-exit
    expect 0 '^7$' -- sh -c 'grep -c "" "$1"' sh "$tmp/pc.csv"
fi
[ $fails -eq 0 ] && echo "all demo command lines behaved" || echo "$fails failed"
exit $((fails > 0))
