#!/usr/bin/env bash
# tests/test_consumer.sh MODE SOURCE_ROOT - a user project consumes this one (issue 22):
#   subproject  tests/consumer/subproject pulls SOURCE_ROOT in through subprojects/*.wrap
#               ([provide] names), builds and runs consumer.c; the parent must see no test,
#               demo or benchmark of ours
#   pkgconfig   `meson install` of SOURCE_ROOT into a temporary prefix, then consumer.c built
#               through pkg-config: a Meson project, a plain cc line, and CMake's
#               pkg_check_modules when cmake is present
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail
mode=$1
src=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
. "$here/setup.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
log=$tmp/log
fail() { echo "FAIL: $*"; [ -f "$log" ] && tail -n 40 "$log"; exit 1; }
run() { "$@" >"$log" 2>&1 || fail "$*"; }
# this project's own options stay at their defaults, except no CUDA detection (not needed
# for header-only packaging, and slow); werror off as a parent project gets it
names='sa, sa-omp, sa-mpi, sa-cuda, spiral, spiral-omp, spiral-mpi, spiral-cuda, homcomp, homcomp-omp, homcomp-cuda, ccoll, ccoll-cuda, hpc-singlefile, hpc-singlefile-omp, hpc-singlefile-mpi'

case $mode in
subproject)
    c=$tmp/consumer
    cp -r "$here/consumer/subproject" "$c"
    cp "$here/consumer/consumer.c" "$c/"
    mkdir "$c/subprojects"
    ln -s "$src" "$c/subprojects/hpc-singlefile"
    printf '[wrap-file]\ndirectory = hpc-singlefile\n\n[provide]\ndependency_names = %s\n' "$names" \
        >"$c/subprojects/hpc-singlefile.wrap"
    run $MESON setup "$tmp/b" "$c"
    grep -q "sa_omp_dep found" "$log" || fail "the parent could not read sa_omp_dep"
    run $MESON compile -C "$tmp/b"
    run $MESON test -C "$tmp/b" --print-errorlogs
    grep -q "ccoll_mpi.h ok" "$tmp/b/meson-logs/testlog.txt" && with=", ccoll under mpiexec" || with=""
    # the parent sees one test (its own) and builds only its own program
    tests=$($MESON introspect --tests "$tmp/b" | python3 -c 'import json,sys; print(" ".join(t["name"] for t in json.load(sys.stdin)))')
    [ "$tests" = "consumer" ] || fail "tests registered in the parent: '$tests' (want 'consumer')"
    targets=$($MESON introspect --targets "$tmp/b" | python3 -c 'import json,sys; print(" ".join(sorted(t["name"] for t in json.load(sys.stdin))))')
    [ "$targets" = "consumer" ] || fail "targets in the parent: '$targets' (want 'consumer')"
    werror=$($MESON introspect --buildoptions "$tmp/b" | python3 -c 'import json,sys
print([o["value"] for o in json.load(sys.stdin) if o["name"] == "hpc-singlefile:werror"][0])')
    [ "$werror" = "False" ] || fail "the subproject forces werror=$werror"
    # variants switched off in the subproject: not-found under their names, no warning
    run $MESON setup "$tmp/b2" "$c" -Dhpc-singlefile:openmp=disabled -Dhpc-singlefile:mpi=disabled
    grep -q "sa-omp found: NO" "$log" || fail "sa-omp with OpenMP disabled is not a not-found dependency"
    ! grep -q "WARNING: Subproject 'hpc-singlefile' did not override" "$log" || fail "a variant is not overridden"
    run $MESON compile -C "$tmp/b2"
    run $MESON test -C "$tmp/b2"
    echo "ok: subproject via wrap: consumer built and ran (sa, spiral, homcomp$with); no test, demo or benchmark of ours in the parent"
    ;;
pkgconfig)
    pkgconf=$(command -v pkg-config || command -v pkgconf) || { echo "SKIP: no pkg-config"; exit 77; }
    prefix=$tmp/prefix
    run $MESON setup "$tmp/p" "$src" --prefix="$prefix" -Dcuda=disabled -Dbenchmarks=disabled
    # header-only: nothing to build for the install (headers and .pc files only)
    run $MESON install -C "$tmp/p" --no-rebuild
    for h in sa.h sa_cuda.cuh spiral.h homcomp.cuh ccoll_mpi.h; do
        [ -f "$prefix/include/hpc-singlefile/$h" ] || fail "$h not installed under include/hpc-singlefile"
    done
    pc=$(find "$prefix" -name hpc-singlefile.pc | head -n 1)
    [ -n "$pc" ] || fail "no hpc-singlefile.pc installed"
    export PKG_CONFIG_PATH=$(dirname "$pc")
    # Meson
    c=$tmp/consumer
    cp -r "$here/consumer/pkgconfig" "$c"
    cp "$here/consumer/consumer.c" "$c/"
    # MPI through pkg-config only where an mpiexec can run it
    withmpi=false
    command -v mpiexec >/dev/null && withmpi=true
    run $MESON setup "$tmp/b" "$c" -Dwith_mpi=$withmpi
    run $MESON compile -C "$tmp/b"
    what="meson"
    if grep -q CONSUMER_CCOLL "$tmp/b/build.ninja"; then
        OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 run mpiexec -n 1 "$tmp/b/consumer"
        what="meson with hpc-singlefile-mpi"
    else
        run "$tmp/b/consumer"
    fi
    [ ! -x "$tmp/b/consumer_omp" ] || { run "$tmp/b/consumer_omp"; what="$what and -omp"; }
    # a plain compile line
    run cc -std=c11 -Wall -Wextra -Werror -o "$tmp/cc_consumer" "$here/consumer/consumer.c" \
        $($pkgconf --cflags --libs hpc-singlefile)
    run "$tmp/cc_consumer"
    what="$what, cc"
    # CMake's pkg_check_modules
    if command -v cmake >/dev/null; then
        mkdir "$tmp/cm" && cp "$here/consumer/cmake/CMakeLists.txt" "$here/consumer/consumer.c" "$tmp/cm/"
        run cmake -S "$tmp/cm" -B "$tmp/cmb"
        run cmake --build "$tmp/cmb"
        run "$tmp/cmb/consumer"
        what="$what, cmake"
    fi
    echo "ok: installed into a temporary prefix; consumer found it through pkg-config ($what)"
    ;;
*) echo "usage: $0 subproject|pkgconfig SOURCE_ROOT"; exit 2 ;;
esac
