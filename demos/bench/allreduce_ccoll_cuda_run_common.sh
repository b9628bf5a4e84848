# demos/bench/allreduce_ccoll_cuda_run_common.sh - sourced (never run) by the issue-28 device
# calls allreduce_ccoll_cuda_{table,slow,shm}_run.sh: their common start.
# Before sourcing set BUDGET (s), BUILD_NAME (the build folder under the root; BUILD_DIR, a path,
# overrides it), TARGETS (ninja targets beyond the three every call builds: tests/ccoll_test_cuda,
# demos/bench/allreduce_ccoll_cuda_nccl, demos/bench/allreduce_cuda_wire_probe; EXTRA_TARGETS adds
# more), and optionally a function machine_extra (more lines for machine.txt).
# Sets ROOT, OUT (made, with OUT/logs), B, T, BIN, WP, NGPU, NCCL_DIR, LD_LIBRARY_PATH and the
# exports below; defines left, log, t (a test under timeout), wire_rows (the wire probe's CSV under a
# setting's name into OUT/wire.csv, one header) and rows (the CSV's rows as text).
# Writes OUT/machine.txt, OUT/run.log, OUT/logs/{setup,build}.log; exits 1 when setup or the werror
# build fails. PREAMBLE_ONLY=1 exits 0 after the build (checks a script's start without a run).
# A build folder already configured is reused as it is (not set up again) when its werror, cuda,
# buildtype and nccl_dir match; else the script stops.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
OUT=${OUT:-$ROOT/gpu-out}; mkdir -p "$OUT/logs"
left() { echo $((BUDGET - SECONDS)); }
log() { echo "[$SECONDS s $(date -u +%H:%M:%S)] $*" | tee -a "$OUT/run.log"; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
declare -F machine_extra >/dev/null || machine_extra() { :; }
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvidia-smi topo -m | head -6; nproc
  mpiexec --version | head -1; cat "$ROOT/TREE" 2>/dev/null || git -C "$ROOT" log --oneline -1
  ompi_info --param btl vader --level 9 2>/dev/null | grep -E 'single_copy_mechanism' | sed 's/^ *//'
  machine_extra; } >"$OUT/machine.txt" 2>&1
NCCL_DIR=${NCCL_DIR:-}
[ -n "$NCCL_DIR" ] || for h in $(find / -xdev -name nccl.h -path '*/include/nccl.h' 2>/dev/null); do d=$(dirname "$(dirname "$h")"); ls "$d"/lib/libnccl.so* >/dev/null 2>&1 && { NCCL_DIR=$d; break; }; done
echo "NCCL_DIR=$NCCL_DIR ($(grep -hE 'define NCCL_(MAJOR|MINOR|PATCH) ' "$NCCL_DIR/include/nccl.h" 2>/dev/null | awk '{print $3}' | tr '\n' .))" >>"$OUT/machine.txt"
cat "$OUT/machine.txt"
log start
B=${BUILD_DIR:-$ROOT/${BUILD_NAME:?set BUILD_NAME before sourcing}}
MESON=meson; command -v meson >/dev/null || MESON="python3 -m mesonbuild.mesonmain"
if [ ! -f "$B/build.ninja" ]; then
    $MESON setup "$B" "$ROOT" -Dwerror=true -Dcuda=enabled -Dmpi=enabled -Dbenchmarks=enabled -Dnccl_dir="$NCCL_DIR" -Dbuildtype=release -Dgpu_arch=sm_90 >"$OUT/logs/setup.log" 2>&1 || { tail -20 "$OUT/logs/setup.log"; exit 1; }
else # a folder configured before: its options as they are, checked (werror on, CUDA not off, release,
     # nccl_dir empty = the system's libnccl, or the one found here)
    opts=$($MESON introspect "$B" --buildoptions 2>/dev/null | python3 -c 'import json, sys
o = {x["name"]: x["value"] for x in json.load(sys.stdin)}
print(o.get("werror"), o.get("cuda"), o.get("buildtype"), o.get("nccl_dir") or "-")')
    log "reusing $B (configured before): werror cuda buildtype nccl_dir = $opts"
    set -- $opts
    if [ "${1:-}" != True ] || [ "${2:-}" = disabled ] || [ "${3:-}" != release ] || { [ "${4:-}" != - ] && [ "${4:-}" != "$NCCL_DIR" ]; }; then
        log "$B is not configured as this script would (werror true, cuda enabled, release, nccl_dir $NCCL_DIR): remove it or set BUILD_DIR"; exit 1
    fi
fi
# shellcheck disable=SC2086 # TARGETS / EXTRA_TARGETS are word lists
ninja -C "$B" tests/ccoll_test_cuda demos/bench/allreduce_ccoll_cuda_nccl demos/bench/allreduce_cuda_wire_probe ${TARGETS:-} ${EXTRA_TARGETS:-} >"$OUT/logs/build.log" 2>&1; rc=$?
log "build rc $rc (werror)"; [ $rc = 0 ] || { grep -E "error|warning" "$OUT/logs/build.log" | head -20; exit 1; }
export LD_LIBRARY_PATH="$NCCL_DIR/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
NGPU=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
T=$B/tests/ccoll_test_cuda BIN=$B/demos/bench/allreduce_ccoll_cuda_nccl WP=$B/demos/bench/allreduce_cuda_wire_probe
t() { # name timeout-s env... command: one test, its log under OUT/logs/t_NAME.log
    local name=$1 tmo=$2; shift 2
    timeout "$tmo" env "$@" >"$OUT/logs/t_$name.log" 2>&1
    log "test $name rc $?: $(grep -h 'checks' "$OUT/logs/t_$name.log" | head -1 | sed 's/.*ccoll_test_cuda[a-z0-9_]*: //') $(grep -h 'SUMMARY' "$OUT/logs/t_$name.log" | sort | uniq -c | tr -s ' ' | tr '\n' ' ')"
    grep -h "FAIL" "$OUT/logs/t_$name.log" | head -5
}
wire_rows() { # SETTING FILE: the wire probe's CSV with SETTING as a first column (one header per OUT/wire.csv)
    if [ -s "$OUT/wire.csv" ]; then sed "1d; s/^/$1,/" "$2"; else sed "1s/^/setting,/; 2,\$s/^/$1,/" "$2"; fi
}
rows() { # CSV: one line a row (label, ranks, data, MiB, what ran, ms, ratio, error / p eb, parts)
    python3 - "$1" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(f"{r['label']:16} {r['ranks']} {r['data']:6} {int(r['bytes_per_rank'])>>20:5} MiB {r['ran']:12} {float(r['time_s'])*1e3:9.4f} ms CR {r['ratio']:>6} err {r['err_over_peb']:>6} codec {float(r['t_codec'])*1e3:7.3f} stage {float(r['t_stage'])*1e3:7.3f} link {float(r['t_link'])*1e3:8.4f} wire {float(r['t_wire'])*1e3:8.4f} ok {r['ok']}")
PY
}
if [ "${PREAMBLE_ONLY:-0}" = 1 ]; then log "PREAMBLE_ONLY: B=$B NGPU=$NGPU NCCL_DIR=$NCCL_DIR"; exit 0; fi
