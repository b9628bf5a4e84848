#!/usr/bin/env bash
# demos/bench/sa_mpi_peer_side.sh - one device call: builds the distributed DCX peer (sa_mpi_peer_build.sh,
# J=16, MARCH=native, in the background while the 46 MB inputs are made), checks it (--check, 4 ranks,
# 2 MB), then times this tree's DCX, sa_omp (SA-IS 1 thread, OpenMP 16) and the peer side by side
# (sa_mpi_ab.sh, SA only, 64-bit). Lay it out as build-NAME-carry/ in the repo root with this script,
# sa_mpi_ab.sh, sa_mpi_peer_build.sh and deps/ (the peer's sources, see sa_mpi_peer_build.sh), then
#   TOTAL=248 BMAX=185 bash build-NAME-carry/sa_mpi_peer_side.sh      (seconds in all / for the build)
# Writes steps.txt (machine, build, check), peer_cli.gz (reusable: PEER_BIN), ab.log and
# sa_mpi_ab*.csv/.txt to $OUT. 2026-11-28 02:01 on the H100 machine's host: build 183 s, runs 60 s.
set -u -m
C=$(cd "$(dirname "$0")" && pwd); R=$(cd "$C/.." && pwd); O=${OUT:?}
T0=$(date +%s); TOTAL=${TOTAL:-250}; BMAX=${BMAX:-185}
el() { echo $(( $(date +%s) - T0 )); }
{ date -u; lscpu | sed -n 's/^Model name: *//p'; nproc; free -g | awk '/Mem:/{print $2" GiB"}'; mpirun --version 2>&1 | head -1; cmake --version | head -1; gcc --version | head -1; (cd "$R" && git log --oneline -1 2>/dev/null); sha256sum "$R/sa.h"; } >"$O/steps.txt" 2>&1
J=16 MARCH=native PEERS=$C/deps W=/tmp/sa_mpi_peer bash "$C/sa_mpi_peer_build.sh" >"$O/peer_build.log" 2>&1 &
BP=$!
cp "$C/sa_mpi_ab.sh" "$R/demos/bench/sa_mpi_ab.sh"
D=/tmp/sa_mpi_bench_data; mkdir -p $D
find /usr/include -type f -name '*.h' -print0 | LC_ALL=C sort -z | xargs -0 cat 2>/dev/null | head -c 46000000 >$D/headers.txt
acgt_map=$(printf 'ACGT%.0s' $(seq 64)); head -c 46000000 /dev/urandom | LC_ALL=C tr '\000-\377' "$acgt_map" >$D/acgt.txt
head -c 2000000 $D/headers.txt >/tmp/h2m.txt
ls -la $D >>"$O/steps.txt"
while kill -0 $BP 2>/dev/null && [ "$(el)" -lt "$BMAX" ]; do sleep 1; done
if kill -0 $BP 2>/dev/null; then kill -TERM -- -$BP; sleep 1; echo "peer build stopped at $(el) s" >>"$O/steps.txt"
else wait $BP; echo "peer build rc=$? at $(el) s" >>"$O/steps.txt"; fi
P=/tmp/sa_mpi_peer/build/cli; PB=""
[ -x $P ] && PB=$P
PA="--dcx dc39 --atomic-sorter ams --discarding-threshold 0.7 --ams-levels 2 --splitter-sampling random --splitter-sorting central --use-random-sampling-splitters --num-samples-splitters 20000 --buckets-sample-phase 16,16 --buckets-merging-phase 64,64,16 --use-binary-search-for-splitters --use-randomized-chunks --avg-chunks-pe 10000 --use-char-packing-samples --use-char-packing-merging --buckets-phase3 1 --samples-buckets-phase3 10000 --rearrange-buckets-balanced --use-compressed-buckets --pack-extra-words 0"
if [ -n "$PB" ]; then
  timeout 20 mpirun --allow-run-as-root --oversubscribe --bind-to none -np 4 $PB --input /tmp/h2m.txt --textsize 2000000 $PA --check >/tmp/peer_check.txt 2>&1
  echo "peer check rc=$? $(grep -i 'correct' /tmp/peer_check.txt | head -3) at $(el) s" >>"$O/steps.txt"
  gzip -c $P >"$O/peer_cli.gz"
fi
cd "$R"
OUT=$O PEER_BIN=$PB PEER_ALL_REPS=1 VARIANTS="main:" RUNS="headers:16x1 acgt:16x1" REPS=0 BASE="1 16" \
  SA_ONLY="headers:16x1 acgt:16x1 headers:4x4 acgt:4x4" SA_REPS=2 TMO=40 BUDGET=$(( TOTAL - $(el) )) \
  bash demos/bench/sa_mpi_ab.sh >"$O/ab.log" 2>&1
echo "ab rc=$? at $(el) s" >>"$O/steps.txt"
{ echo "--- peer check tail"; tail -c 1500 /tmp/peer_check.txt 2>/dev/null; echo "--- peer build tail"; tail -c 3000 "$O/peer_build.log"; } >>"$O/steps.txt"; gzip -f "$O/peer_build.log"
cat "$O/steps.txt"; cut -c1-200 "$O/ab.log"
