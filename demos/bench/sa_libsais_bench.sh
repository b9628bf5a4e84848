#!/usr/bin/env bash
# demos/bench/sa_libsais_bench.sh - sa.h against libsais / libsais_omp and libdivsufsort, same
# process, same threads, min of REPS, identical SA and LCP checked (sa_libsais_bench.c).
#
#   LIBSAIS=/path/to/libsais demos/bench/sa_libsais_bench.sh
#
# Environment: LIBSAIS  a libsais source folder (src/libsais.c, include/libsais.h; default
#                       /work/libsais when it exists; none: the libsais rows are skipped)
#              BUILD    build directory (default build-libsais-bench)
#              THREADS  thread counts (default "1,2"), REPS (3), ALGOS (default,parallel)
#              TAG      result names: results/sa_libsais_$TAG.{csv,txt} (default ci2)
#              BIG=1    also 128 MiB of random bytes; INPUTS: a subset of
#                       "hdr acgt fib rnd log bin big"
#              OUT      where to write (default demos/bench/results)
# Inputs (the issue's): 50 MB of concatenated /usr/include headers (this machine's: the bytes
# differ between systems, so compare machines only through ratios), 64 MiB random ACGT, 16 MiB
# Fibonacci word, 24 MiB random bytes, 32 MiB of a generated server log (deterministic, issue 23),
# 32 MB of this machine's /usr/bin executables sorted by path (issue 23; bytes differ between
# systems) (and 128 MiB random with BIG=1).
set -euo pipefail
. "$(dirname "$0")/../../tests/setup.sh"
setup_deps libdivsufsort-dev   # with SETUP_NO_INSTALL=1 it installs nothing but still sets MESON
lib=${LIBSAIS:-}
[ -z "$lib" ] && [ -f /work/libsais/src/libsais.c ] && lib=/work/libsais
builddir=${BUILD:-$ROOT/build-libsais-bench}
setup_build "$builddir" -Dbuildtype=release -Dlibsais_dir="$lib" -Dcuda=disabled -Dmpi=disabled
$MESON configure "$builddir" -Dlibsais_dir="$lib" >/dev/null
ninja -C "$builddir" demos/bench/sa_libsais_bench >/tmp/sa_libsais_build.log 2>&1 || { cat /tmp/sa_libsais_build.log; exit 1; }
bench="$builddir/demos/bench/sa_libsais_bench"
out=${OUT:-$ROOT/demos/bench/results}
tag=${TAG:-ci2}
mkdir -p "$out"
thr=${THREADS:-1,2}
reps=${REPS:-3}
algos=${ALGOS:-default,parallel}
inputs=${INPUTS:-hdr acgt fib rnd log bin}
[ "${BIG:-0}" = 1 ] && inputs="$inputs big"

hdr=${SA_TEXT:-/tmp/sa_usr_include_50MB.txt}
if [ ! -s "$hdr" ]; then
    find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 >"$hdr" || true
fi
bin=${SA_BIN:-/tmp/sa_usr_bin_32MB.bin}
if [ ! -s "$bin" ]; then
    find /usr/bin -maxdepth 1 -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 32000000 >"$bin" || true
fi
# This project's commit, only when ROOT is itself the top of a git work tree: a copy without
# .git (the device tool's) inside some other repository must not report that one's commit.
# SA_COMMIT=<hash> names it from outside; else "unknown" plus the version in meson.build.
sa_lb_commit() {
    if [ -n "${SA_COMMIT:-}" ]; then echo "$SA_COMMIT (given)"; return; fi
    local top
    top=$(git -C "$ROOT" rev-parse --show-toplevel 2>/dev/null || true)
    if [ -e "$ROOT/.git" ] && [ "$top" -ef "$ROOT" ]; then
        echo "$(git -C "$ROOT" rev-parse --short HEAD) $(git -C "$ROOT" diff --quiet -- sa.h || echo '+ uncommitted sa.h edits')"
    else
        echo "unknown (no .git here), version $(sed -n "s/^ *version *: *'\([^']*\)'.*/\1/p" "$ROOT/meson.build" | head -1)"
    fi
}
csv="$out/sa_libsais_$tag.csv"
{
    echo "date:    $(date -u +%Y-%m-%dT%H:%MZ)"
    echo "machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, load $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "command: LIBSAIS=$lib THREADS=$thr REPS=$reps ALGOS=$algos INPUTS='$inputs' OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-} demos/bench/sa_libsais_bench.sh"
    echo "compiler: $(cc --version | head -1)"
    echo "libsais: ${lib:-none} $(cat "$lib/VERSION" 2>/dev/null || true); libdivsufsort: $(pkg-config --modversion libdivsufsort 2>/dev/null || echo none)"
    echo "headers: $hdr, $(stat -c %s "$hdr") bytes (this machine's /usr/include/**/*.h sorted by path)"
    echo "binaries: $bin, $(stat -c %s "$bin") bytes (this machine's /usr/bin/* sorted by path)"
    echo "sa.h: $(sa_lb_commit)"
} | tee "$out/sa_libsais_$tag.txt"
set +e
(
    rc=0
    first=1
    for inp in $inputs; do
        h=; [ $first = 1 ] || h=--no-header
        case $inp in
            hdr) args=("$hdr" --name "usr-include-$(( $(stat -c %s "$hdr") / 1000000 ))MB") ;;
            acgt) args=(--gen acgt 67108864 --name acgt-64MiB) ;;
            fib) args=(--gen fib 16777216 --name fib-16MiB) ;;
            rnd) args=(--gen random 25165824 --name random-24MiB) ;;
            log) args=(--gen log 33554432 --name log-32MiB) ;;
            bin) args=("$bin" --name "usr-bin-$(( $(stat -c %s "$bin") / 1000000 ))MB") ;;
            big) args=(--gen random 134217728 --name random-128MiB) ;;
            *) echo "unknown input $inp" >&2; exit 2 ;;
        esac
        "$bench" "${args[@]}" --threads "$thr" --reps "$reps" --algos "$algos" $h || rc=$?
        first=0
    done
    exit $rc
) | tee "$csv"
rc=${PIPESTATUS[0]}
echo "csv: $csv (exit $rc)"
exit "$rc"
