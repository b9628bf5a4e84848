#!/bin/bash
# Lead's final device call: (1) sa.h vs libsais, the whole table on the 16-core host, quiet;
# (2) fresh werror build with CUDA, the whole cuda suite and the nvcc examples.
set -u
L=build-lead-carry
O=${OUT:-/tmp/outlead}; B=/tmp/sab; mkdir -p "$O" "$B"
exec > >(tee -a "$O/run.log") 2>&1
T0=$(date +%s); el() { echo $(( $(date +%s) - T0 )); }
LIM=${LIM:-200}
date -u +%FT%TZ; lscpu | sed -n 's/^Model name: *//p' | head -1; nproc
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader; cc --version | head -1; cat $L/libsais/VERSION
cat $L/HEAD_COMMIT
F="-std=c11 -O3 -fopenmp"
cc -O3 -fopenmp -w -DLIBSAIS_OPENMP -I$L/libsais/src -I$L/libsais/include -c demos/bench/sa_libsais_wrap.c -o $B/wrap.o
cc $F -DSA_BENCH_LIBSAIS -DLIBSAIS_OPENMP -I$L/libsais/include -I. demos/bench/sa_libsais_bench.c $B/wrap.o -o $B/bench -lm || echo "bench build FAILED"
hdr=/tmp/hdr.txt; bin=/tmp/bin.bin
find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 > $hdr
find /usr/bin -maxdepth 1 -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 32000000 > $bin
echo "inputs ready $(el) s"
csv=$O/sa_libsais_final.csv; : > $csv; h=
run() { local est=$1; shift
  if [ $(( $(el) + est )) -gt $LIM ]; then echo "SKIPPED $* ($(el) s + $est)"; return; fi
  local s=$(date +%s); $B/bench "$@" $h >> $csv 2>>$O/bench_err.log; echo "rc $? $(( $(date +%s) - s )) s: $*"; h=--no-header; }
run 20 $hdr --name usr-include-45MB --threads 16,8,2 --reps 2 --algos default --no-lcp
run 12 $hdr --name usr-include-45MB --threads 1 --reps 2 --algos default
run 10 --gen random 25165824 --name random-24MiB --threads 16,8,2,1 --reps 2 --algos default --no-lcp
run 30 --gen acgt 67108864 --name acgt-64MiB --threads 16,8,2 --reps 2 --algos default --no-lcp
run 14 --gen acgt 67108864 --name acgt-64MiB --threads 1 --reps 1 --algos default --no-lcp
run 10 --gen fib 16777216 --name fib-16MiB --threads 16,8,2 --reps 2 --algos default --no-lcp
run 6 --gen fib 16777216 --name fib-16MiB --threads 1 --reps 2 --algos default
run 12 $bin --name usr-bin-32MB --threads 16,8,2 --reps 2 --algos default --no-lcp
run 10 $bin --name usr-bin-32MB --threads 1 --reps 2 --algos default
cut -d, -f1,3,4,5,6,7,8,9,10,11 $csv
echo "bench done $(el) s"
# (2) the cuda suite on a fresh werror build
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
G=/tmp/bg; rm -rf $G
meson setup $G . -Dcuda=enabled -Dbuildtype=release -Dgpu_arch=sm_90 -Dwerror=true -Dbenchmarks=disabled > $O/setup.log 2>&1 || { tail -30 $O/setup.log; }
ninja -C $G -j 16 > $O/build.log 2>&1 && echo "build ok $(el) s" || { echo "build FAILED"; grep -E 'error|FAILED' $O/build.log | head -30; }
meson test -C $G --suite cuda --no-rebuild --print-errorlogs --num-processes 2 > $O/test-cuda.log 2>&1; echo "cuda suite rc $?"
grep -E '^ *[0-9]+/[0-9]+ |^Ok:|^Fail:|^Skipped:|^Timeout:' $O/test-cuda.log
echo "total $(el) s"
