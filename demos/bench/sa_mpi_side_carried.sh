#!/usr/bin/env bash
# demos/bench/sa_mpi_side_carried.sh - one device call: sa.h variants (each a folder holding an sa.h)
# and the peer's binary, both carried (no peer build), side by side through sa_mpi_ab.sh (SA only,
# 64-bit, interleaved), then the demo's own check (SA, LCP, LRS against sa_build / sa_lcp / sa_lrs) of
# the first variant on 2 MB of headers and of ACGT at 4 x 1, 3 x 2, 16 x 1 and 4 x 4. Lay it out as build-NAME-carry/
# in the repo root: this script, sa_mpi_ab.sh, cli.gz (the peer's cli, see sa_mpi_peer_side.sh) and
# one folder per variant, then
#   TOTAL=230 VARIANTS="now:@C/now before:@C/before" bash build-NAME-carry/sa_mpi_side_carried.sh
# (@C/ stands for the carry folder; TOTAL: seconds in all). Writes steps.txt, ab.log and
# sa_mpi_ab*.csv/.txt to $OUT.
set -u
C=$(cd "$(dirname "$0")" && pwd); R=$(cd "$C/.." && pwd); O=${OUT:?}
T0=$(date +%s); TOTAL=${TOTAL:-230}
el() { echo $(( $(date +%s) - T0 )); }
{ date -u; lscpu | sed -n 's/^Model name: *//p'; nproc; free -g | awk '/Mem:/{print $2" GiB"}'; mpirun --version 2>&1 | head -1
  gcc --version | head -1; (cd "$R" && git log --oneline -1 2>/dev/null); (cd "$C" && sha256sum ./*/sa.h cli.gz); } >"$O/steps.txt" 2>&1
PB=""
if [ -s "$C/cli.gz" ]; then gunzip -c "$C/cli.gz" >/tmp/sa_mpi_peer_cli && chmod +x /tmp/sa_mpi_peer_cli && PB=/tmp/sa_mpi_peer_cli; fi
VARS=${VARIANTS//@C\//@$C/}
first=${VARS%% *}; first=${first%%:*}
cd "$R"
OUT=$O PEER_BIN=$PB PEER_ALL_REPS=1 VARIANTS="$VARS" RUNS="${RUNS:-headers:16x1 acgt:16x1}" REPS=0 BASE="${BASE-1 16}" \
  SA_ONLY="${SA_ONLY:-headers:16x1 acgt:16x1 headers:4x4 acgt:4x4}" SA_ONLY_ALL=1 SA_REPS=${SA_REPS:-2} TMO=${TMO:-30} \
  BUDGET=$(( TOTAL - $(el) - 20 )) ROOT=$R bash "$C/sa_mpi_ab.sh" >"$O/ab.log" 2>&1 # the carried copy; the tree untouched
echo "ab rc=$? at $(el) s" >>"$O/steps.txt"
head -c 2000000 "${DATA:-/tmp/sa_mpi_bench_data}/headers.txt" >/tmp/h2m.txt
head -c 2000000 "${DATA:-/tmp/sa_mpi_bench_data}/acgt.txt" >/tmp/a2m.txt
for f in h2m a2m; do
  for g in 4x1 3x2 16x1 4x4; do
    r=${g%x*} t=${g#*x}
    v=$(OMP_NUM_THREADS=$t timeout 8 mpirun --allow-run-as-root --oversubscribe --bind-to none -x OMP_NUM_THREADS -np "$r" \
        "${BUILD:-/tmp/sa_mpi_ab_build}/sa_mpi_$first" --threads "$t" /tmp/$f.txt 2>&1 | grep -i verdict)
    echo "check $first $f $g: ${v:-no verdict (rc or timeout)}" >>"$O/steps.txt"
  done
done
echo "done at $(el) s" >>"$O/steps.txt"
cat "$O/steps.txt"; cut -c1-220 "$O/ab.log"
