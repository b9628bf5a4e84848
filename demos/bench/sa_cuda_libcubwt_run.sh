#!/usr/bin/env bash
# demos/bench/sa_cuda_libcubwt_run.sh - issue 25's run on the GPU machine, in one call: build (nvcc,
# no meson) the merged test (both index widths, once more with SA_CUDA_NARROW64=0: the ...64
# calls on 64-bit words, and with DC3's recursion forced: test_sa_cuda_rec) and
# sa_cuda_bench_libcubwt (libcubwt 1.0 from LIBCUBWT_DIR), run the tests, the benchmark on the
# issue's inputs (the /usr/include headers, 64 MiB ACGT, 256 MiB random bytes, 16 MiB Fibonacci,
# 64 MB of /usr/bin binaries) and compute-sanitizer on small inputs. Logs and the CSV under $OUT (default ./gpu-out).
#   LIBCUBWT_DIR=peer/libcubwt demos/bench/sa_cuda_libcubwt_run.sh [quick] [test] [bench] [sanitize] [profile] [widen] [meson]
#   (default: test bench sanitize; quick = the test with SA_CUDA_TEST_QUICK=1; profile = ncu kernel times;
#   widen = sa_cuda_widen_probe, the int64 SA's ways to the host;
#   meson = the meson build of the sa_cuda targets and `meson test sa_cuda sa_cuda64 sa_cuda64_wide sa_cuda_rec sa_cuda_example`)
# BIN=dir: use binaries built elsewhere when they run here (else they are rebuilt).
# OLD=file: an older sa_cuda.cuh (e.g. `git show main:sa_cuda.cuh > old/sa_cuda.cuh`): bench also
#   builds the benchmark against it and runs the two in turn (old, new, old, new; --no-cpu, the
#   CSVs ab_old_R.csv / ab_new_R.csv): an A/B on one card in one call.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
B=${B:-/tmp/sa_cuda_build}
mkdir -p "$B"
what=" ${*:-test bench sanitize} "
want() { [[ "$what" == *" $1 "* ]]; }
LIBCUBWT_DIR=${LIBCUBWT_DIR:-}
NV="nvcc -O3 -arch=${GPU_ARCH:-sm_90} -lineinfo -I. -Itests -Idemos"
{ nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm --format=csv; nproc; nvcc --version | tail -n1;
  date -u; git log -1 --format='%h %s' 2>/dev/null; } >"$OUT/machine.txt" 2>&1
cat "$OUT/machine.txt"
status=0
t0=$(date +%s)
if [ -n "${BIN:-}" ] && [ -x "$BIN/test_sa_cuda" ] && "$BIN/sa_cuda_bench_libcubwt" --acgt-mb 0 --random-mb 0 --fib-mb 0 >/dev/null 2>&1; then
    cp "$BIN"/* "$B"/ && echo "using the binaries from $BIN"
else
    $NV -o $B/test_sa_cuda tests/test_sa_cuda.cu >"$OUT/build.log" 2>&1 || { echo "test build FAILED"; status=1; } &
    $NV -DSA_CUDA_NARROW64=0 -o $B/test_sa_cuda_wide tests/test_sa_cuda.cu >"$OUT/build-wide.log" 2>&1 ||
        { echo "wide test build FAILED"; status=1; } &
    # DC3's recursion after round 0 on every level that fits (meson test sa_cuda_rec)
    $NV -DSA_CUDA__REC_MIN=16 -DSA_CUDA__REC_ALWAYS=1 -DSA_CUDA_NARROW64=0 -o $B/test_sa_cuda_rec tests/test_sa_cuda.cu \
        >"$OUT/build-rec.log" 2>&1 || { echo "rec test build FAILED"; status=1; } &
    $NV -Xcompiler -fopenmp -o $B/sa_cuda_widen_probe demos/bench/sa_cuda_widen_probe.cu >"$OUT/build-probe.log" 2>&1 ||
        { echo "probe build FAILED"; status=1; } &
    if [ -n "$LIBCUBWT_DIR" ] && [ -n "${OLD:-}" ]; then
        mkdir -p $B/old && cp "$OLD" $B/old/sa_cuda.cuh &&  # -I$B/old before -I.: found before ./sa_cuda.cuh
        ${NV/ -I. / -I$B/old -I. } -I"$LIBCUBWT_DIR" -c demos/bench/sa_cuda_bench_libcubwt.cu -o $B/bench_old.o >"$OUT/build-old.log" 2>&1 ||
            { echo "old bench build FAILED"; status=1; } &
    fi
    if [ -n "$LIBCUBWT_DIR" ]; then
        ( gcc -std=c11 -O3 -fopenmp -D_POSIX_C_SOURCE=200809L -I. -c demos/bench/sa_cuda_bench_cpu.c -o $B/cpu.o &&
          $NV -I"$LIBCUBWT_DIR" -Idemos/bench -c demos/bench/sa_cuda_bench_libcubwt_peer.cu -o $B/peer.o &&
          $NV -I"$LIBCUBWT_DIR" -c demos/bench/sa_cuda_bench_libcubwt.cu -o $B/bench.o &&
          $NV -o $B/sa_cuda_bench_libcubwt $B/bench.o $B/peer.o $B/cpu.o -Xcompiler -fopenmp ) >>"$OUT/build.log" 2>&1 ||
            { echo "bench build FAILED"; status=1; } &
    fi
    wait
    if [ -s $B/bench_old.o ] && [ -s $B/peer.o ]; then
        $NV -o $B/sa_cuda_bench_libcubwt_old $B/bench_old.o $B/peer.o $B/cpu.o -Xcompiler -fopenmp >>"$OUT/build-old.log" 2>&1 ||
            { echo "old bench link FAILED"; status=1; }
    fi
fi
hdr=/tmp/sa_usr_include_50MB.txt
bins=/tmp/sa_usr_bin_64MB.bin
if want bench || want profile; then
    [ -s $hdr ] || find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 >$hdr
    [ -s $bins ] || find /usr/bin -maxdepth 1 -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 67108864 >$bins
fi
echo "ready in $(( $(date +%s) - t0 )) s; headers $(stat -c %s $hdr 2>/dev/null) bytes, binaries $(stat -c %s $bins 2>/dev/null) bytes"
if want quick && [ -x $B/test_sa_cuda ]; then
    t1=$(date +%s)
    SA_CUDA_TEST_QUICK=1 timeout ${TEST_TIMEOUT:-200} $B/test_sa_cuda >>"$OUT/tests.log" 2>&1 || { status=1; echo "QUICK TEST FAILED"; }
    tail -n 25 "$OUT/tests.log"; echo "quick test $(( $(date +%s) - t1 )) s"
fi
if want bench && [ -x $B/sa_cuda_bench_libcubwt ]; then
    t1=$(date +%s)
    timeout ${BENCH_TIMEOUT:-300} $B/sa_cuda_bench_libcubwt --headers $hdr --file binaries=$bins --reps ${REPS:-5} \
        --csv "$OUT/sa_cuda_libcubwt.csv" ${BENCH_ARGS:-} 2>&1 | tee "$OUT/bench.log" || status=1
    echo "bench $(( $(date +%s) - t1 )) s"
    if [ -n "${OLD:-}" ] && [ -x $B/sa_cuda_bench_libcubwt_old ]; then
        for r in 1 2; do
            for v in old new; do
                bb=$B/sa_cuda_bench_libcubwt; [ $v = old ] && bb=${bb}_old
                timeout ${BENCH_TIMEOUT:-300} $bb --headers $hdr --file binaries=$bins --reps 3 --no-cpu --no-64 \
                    --csv "$OUT/ab_${v}_$r.csv" >"$OUT/ab_${v}_$r.log" 2>&1 || { status=1; echo "A/B $v $r FAILED"; }
            done
        done
        for f in "$OUT"/ab_*.csv; do echo "== $(basename $f)"; cut -d, -f1,3,4,9,14 "$f"; done
    fi
fi
if want test && [ -x $B/test_sa_cuda ]; then
    t1=$(date +%s)
    for w in 32 64 wide rec; do
        echo "== test --width $w" >>"$OUT/tests.log"
        tb=$B/test_sa_cuda; [ $w = wide ] && tb="$B/test_sa_cuda_wide" && w=64  # the ...64 sorter on 64-bit words
        [ $w = rec ] && tb="$B/test_sa_cuda_rec" && w=0  # DC3's recursion everywhere, both widths
        timeout ${TEST_TIMEOUT:-200} $tb --width $w >"$OUT/t.log" 2>&1 || { status=1; echo "TEST $tb w$w FAILED"; }
        cat "$OUT/t.log" >>"$OUT/tests.log"; tail -n 8 "$OUT/t.log"; rm -f "$OUT/t.log"
    done
    echo "test $(( $(date +%s) - t1 )) s"
fi
if want sanitize && [ -x $B/test_sa_cuda ]; then
    for tool in memcheck synccheck memcheck_rec; do
        t1=$(date +%s)
        tb=$B/test_sa_cuda; [ $tool = memcheck_rec ] && tb=$B/test_sa_cuda_rec
        if SA_CUDA_TEST_QUICK=2 SA_CUDA_TEST_FORCE=1 timeout ${SANITIZER_TIMEOUT:-150} compute-sanitizer --tool ${tool%_rec} \
               --error-exitcode 99 $tb >"$OUT/s.log" 2>&1; then echo "$tool ok ($(( $(date +%s) - t1 )) s)"
        else status=1; echo "$tool FAILED (rc $?)"; tail -n 30 "$OUT/s.log"; fi
        { echo "== $tool"; cat "$OUT/s.log"; } >>"$OUT/sanitizer.log"; rm -f "$OUT/s.log"
    done
fi
if want widen && [ -x $B/sa_cuda_widen_probe ]; then
    timeout ${WIDEN_TIMEOUT:-60} $B/sa_cuda_widen_probe --reps ${REPS:-5} --csv "$OUT/sa_cuda_widen.csv" 2>&1 | tee "$OUT/widen.log" ||
        { status=1; echo "WIDEN PROBE FAILED"; }
fi
# the project's meson build of these targets and its tests (sa_cuda = --width 32, sa_cuda64, sa_cuda64_wide, the manual's example)
if want meson; then
    t1=$(date +%s); M=/tmp/sa_cuda_meson; rm -rf $M; MESON=meson; command -v meson >/dev/null || MESON="python3 -m mesonbuild.mesonmain"
    { $MESON setup $M . -Dcuda=enabled -Dbuildtype=release ${LIBCUBWT_DIR:+-Dlibcubwt_dir=$PWD/$LIBCUBWT_DIR} &&
      ninja -C $M tests/sa_cuda_test tests/sa_cuda_test_wide tests/sa_cuda_test_rec tests/sa_cuda_example demos/sa_cuda demos/bench/sa_cuda_bench \
          ${LIBCUBWT_DIR:+demos/bench/sa_cuda_bench_libcubwt} &&
      $MESON test -C $M --no-rebuild sa_cuda sa_cuda64 sa_cuda64_wide sa_cuda_rec sa_cuda_example; } >"$OUT/meson.log" 2>&1 || { status=1; echo "MESON FAILED"; }
    grep -E '^ *[0-9]+/[0-9]+ |^Ok:|^Fail:|FAILED|error' "$OUT/meson.log" | head -20; echo "meson $(( $(date +%s) - t1 )) s"
fi
# where the time goes: every kernel's duration by ncu (clocks left alone), summed by name
if want profile && [ -x $B/sa_cuda_bench_libcubwt ]; then
    for spec in ${PROFILE_SPECS:-headers:sa_cuda_dc3 random:sa_cuda_dbl headers:libcubwt}; do
        inp=${spec%%:*}; var=${spec#*:}
        args="--acgt-mb 0 --random-mb 0 --fib-mb 0"
        case $inp in headers) args="$args --headers $hdr";; random) args="--acgt-mb 0 --fib-mb 0";;
                     acgt) args="--random-mb 0 --fib-mb 0";; fibonacci) args="--acgt-mb 0 --random-mb 0";; esac
        timeout ${PROFILE_TIMEOUT:-120} ncu --clock-control none --metrics gpu__time_duration.sum --csv --print-units base \
            $B/sa_cuda_bench_libcubwt $args --reps 0 --no-cpu --no-64 --variants $var >"$OUT/ncu.csv" 2>/dev/null
        python3 - "$OUT/ncu.csv" "$inp $var" >>"$OUT/profile.txt" <<'PY'
import csv, sys, re, collections
rows = [r for r in csv.reader(open(sys.argv[1], errors='replace')) if len(r) > 10]
if not rows: print(sys.argv[2], ': no ncu rows'); sys.exit()
h = rows[0]; k = h.index('Kernel Name'); v = h.index('Metric Value')
tot = collections.defaultdict(float); cnt = collections.Counter()
for r in rows[1:]:
    name = re.sub(r'<.*', '', r[k]).replace('void ', '').split('(')[0]
    try: tot[name] += float(r[v].replace(',', '')) * 1e-6
    except ValueError: pass
    cnt[name] += 1
print('==', sys.argv[2], ': %.2f ms in %d kernels' % (sum(tot.values()), sum(cnt.values())))
for n, t in sorted(tot.items(), key=lambda x: -x[1])[:25]: print('  %8.3f ms %5d  %s' % (t, cnt[n], n))
PY
    done
    rm -f "$OUT/ncu.csv"; cat "$OUT/profile.txt"
fi
echo "total $(( $(date +%s) - t0 )) s, status $status"
exit $status
