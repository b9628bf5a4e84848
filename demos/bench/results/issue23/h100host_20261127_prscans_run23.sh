#!/bin/bash
# issue 23 device run (sacore): A/B of parallel SA-IS (before = e4cf09b's sa.h, new0 = this tree
# with SA__PR_SCANS=0, new = this tree) by phase traces, then this tree's sa.h vs libsais 2.10.4
# (sa_libsais_bench, one process per input, 16/8/2 threads SA only, 1 thread SA + LCP).
set -u
cd "$(dirname "$0")"
O=${OUT:-/tmp/out23}; B=/tmp/sab; mkdir -p "$O" "$B"
exec > >(tee -a "$O/run.log") 2>&1
T0=$(date +%s); el() { echo $(( $(date +%s) - T0 )); }
LIM=${LIM:-165}
date -u +%FT%TZ; lscpu | sed -n 's/^Model name: *//p' | head -1; nproc; free -g | awk '/Mem:/{print $2 " GiB"}'
nvidia-smi -L 2>/dev/null | head -1; cc --version | head -1; cat libsais/VERSION
F="-std=c11 -O3 -fopenmp"
cc -O3 -fopenmp -w -DLIBSAIS_OPENMP -Ilibsais/src -Ilibsais/include -c demos/bench/sa_libsais_wrap.c -o $B/wrap.o
cc $F -DSA_BENCH_LIBSAIS -DLIBSAIS_OPENMP -Ilibsais/include -I. demos/bench/sa_libsais_bench.c $B/wrap.o -o $B/bench_new -lm 2>$B/e1 &
cc $F -I. demos/bench/sa_bench_psais_trace.c -o $B/tr_new &
cc $F -DSA__PR_SCANS=0 -I. demos/bench/sa_bench_psais_trace.c -o $B/tr_new0 &
cc $F -Ibefore -I. demos/bench/sa_bench_psais_trace.c -o $B/tr_before &
cc $F -Itests -I. tests/sa_test_psais.c -o $B/psais -lm &
for j in $(jobs -p); do wait $j; done
cat $B/e1 | head -5
ls $B; echo "build $(el) s"
$B/psais > $O/test_psais.log 2>&1; echo "sa_test_psais exit $?: $(tail -1 $O/test_psais.log)"
hdr=/tmp/hdr.txt; bin=/tmp/bin.bin
find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 50000000 > $hdr
find /usr/bin -maxdepth 1 -type f -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 32000000 > $bin
echo "headers $(stat -c %s $hdr) bytes, bin $(stat -c %s $bin) bytes; $(el) s"
for v in before new0 new; do
  $B/tr_$v $hdr 16 16 8 8 2 > $O/trace_hdr_$v.txt 2>&1; echo "trace hdr $v rc $? $(el) s"
done
for v in before new0 new; do
  $B/tr_$v $bin 16 8 > $O/trace_bin_$v.txt 2>&1; echo "trace bin $v rc $? $(el) s"
done
grep -H "threads:\|SA-IS 1" $O/trace_*.txt | grep -v "^.*:parallel SA-IS, " 
csv=$O/sa_libsais_new.csv; : > $csv; h=
run() { # est, args
  local est=$1; shift
  if [ $(( $(el) + est )) -gt $LIM ]; then echo "SKIPPED $* ($(el) s + $est)"; return; fi
  local s=$(date +%s)
  $B/bench_new "$@" $h >> $csv 2>>$O/bench_err.log; echo "rc $? $(( $(date +%s) - s )) s: $*"
  h=--no-header
}
run 20 $hdr --name usr-include-45MB --threads 16,8,2 --reps 2 --algos default --no-lcp
run 12 $hdr --name usr-include-45MB --threads 1 --reps 2 --algos default
run 30 --gen acgt 67108864 --name acgt-64MiB --threads 16,8,2 --reps 2 --algos default --no-lcp
run 10 --gen fib 16777216 --name fib-16MiB --threads 16,8,2 --reps 2 --algos default --no-lcp
run 6 --gen fib 16777216 --name fib-16MiB --threads 1 --reps 2 --algos default
run 12 $bin --name usr-bin-32MB --threads 16,8,2 --reps 2 --algos default --no-lcp
run 10 $bin --name usr-bin-32MB --threads 1 --reps 2 --algos default
run 10 --gen random 25165824 --name random-24MiB --threads 16,8,2 --reps 2 --algos default --no-lcp
run 10 --gen random 25165824 --name random-24MiB --threads 1 --reps 2 --algos default
run 14 --gen acgt 67108864 --name acgt-64MiB --threads 1 --reps 1 --algos default
cut -d, -f1,3,4,5,6,7,8,9,10,11 $csv
echo "total $(el) s"
