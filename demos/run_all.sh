#!/usr/bin/env bash
# demos/run_all.sh - install what is missing, build, run every demo variant this machine
# supports on its embedded default input, and print one summary table.
#   demos/run_all.sh            (BUILD=dir to use another build directory, MPI_RANKS=n)
# Exit status: non-zero when a demo reports MISMATCH or fails.
set -uo pipefail
. "$(dirname "$0")/../tests/setup.sh"
setup_deps || exit 1
builddir=${BUILD:-$ROOT/build}
ranks=${MPI_RANKS:-2}
setup_build "$builddir" || exit 1
$MESON compile -C "$builddir" >/tmp/run_all-build.log 2>&1 || { cat /tmp/run_all-build.log; exit 1; }

# Registry: "demo|kind|extra arguments"; kind is seq, omp, mpi, mpi4 (4 ranks) or cuda.
DEMOS=(
# ---- spiral.h
"spiral_seq|seq|"
"spiral_omp|omp|"
"spiral_mpi|mpi|"
"spiral_cuda|cuda|"
# ---- sa.h
"sa_seq|seq|"
"sa_omp|omp|"
"sa_seq|seq|--algo mm --random 300000"
"sa_mpi|mpi4|--algo dist"
"sa_mpi|mpi4|--algo gather"
"sa_mpi_omp|mpi4|--algo dist --threads 2"
# ---- sa_cuda.cuh
"sa_cuda|cuda|"
"sa_cuda_ms|cuda|"
# ---- homcomp.cuh
"homcomp_cpu|seq|"
"homcomp_cuda|cuda|"
# ---- ccoll_mpi.h
"allreduce_cpu|mpi4|"
"allreduce_cuda|mpi|"
)

have_gpu=0
command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1 && have_gpu=1
mpiexec=$(command -v mpiexec || command -v mpirun || true)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1

rows=()
status=0
skip() { rows+=("$1|-|-|-|-|skipped: $2"); }

# CSV (header line + rows) -> table rows "variant|size|time|throughput|result|verdict".
parse_csv() {
    awk -F, -v demo="$1" '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    function get(name) { return (name in col) ? $(col[name]) : "" }
    NF > 1 {
        v = demo; if (get("algo") != "") v = v "[" get("algo") "]"; if (get("op") != "") v = v "/" get("op")
        if (get("M") != "") size = get("M") "x" get("N")
        else { size = "n=" get("n"); if (get("dataset") != "") size = get("dataset") " " size }
        t = get("time_s"); if (t == "") t = get("time_total_s")
        if (get("cells_per_s") != "") thr = sprintf("%.3g cells/s", get("cells_per_s"))
        else if (get("throughput_mb_s") != "") thr = sprintf("%.1f MB/s", get("throughput_mb_s"))
        else if (get("gb_per_s") != "") thr = sprintf("%.2f GB/s", get("gb_per_s"))
        else thr = "-"
        if (get("checksum") != "") res = "xor=" get("checksum")
        else if (get("lrs_len") != "") res = "lrs=" get("lrs_len") " x" get("lrs_count")
        else if (get("ratio") != "") res = sprintf("CR=%.2f err/eb=%.3g", get("ratio"), (get("eb_abs") > 0 ? get("max_abs_err") / get("eb_abs") : 0))
        else res = "-"
        ok = tolower(get("ok")); verdict = (ok == "1" || ok == "true" || ok == "ok") ? "OK" : "MISMATCH"
        printf "%s|%s|%s|%s|%s|%s\n", v, size, (t == "" ? "-" : sprintf("%.4g s", t)), thr, res, verdict
    }'
}

for entry in "${DEMOS[@]}"; do
    IFS='|' read -r name kind args <<<"$entry"
    exe="$builddir/demos/$name"
    if [ ! -x "$exe" ]; then
        case $kind in
            omp) skip "$name" "not built (no OpenMP)";;
            mpi|mpi4) skip "$name" "not built (no MPI)";;
            cuda) skip "$name" "not built (no nvcc / CUDA disabled)";;
            *) skip "$name" "not built";;
        esac
        continue
    fi
    cmd=("$exe" --csv)
    # shellcheck disable=SC2206
    [ -n "$args" ] && cmd+=($args)
    case $kind in
        mpi|mpi4) [ -n "$mpiexec" ] || { skip "$name" "no mpiexec"; continue; }
             n=$ranks; [ "$kind" = mpi4 ] && n=4   # mpi4: always 4 ranks (sa_mpi)
             cmd=("$mpiexec" -n "$n" "${cmd[@]}");;
        cuda) [ $have_gpu -eq 1 ] || { skip "$name" "no CUDA device on this machine"; continue; };;
    esac
    echo "== ${cmd[*]}" >&2
    out=$("${cmd[@]}" 2>/tmp/run_all-$name.err); rc=$?
    if [ $rc -eq 77 ]; then skip "$name" "$(tail -n1 /tmp/run_all-$name.err)"; continue; fi
    parsed=$(printf '%s\n' "$out" | parse_csv "$name")
    if [ -z "$parsed" ]; then
        rows+=("$name|-|-|-|-|FAILED (exit $rc): $(tail -n1 /tmp/run_all-$name.err)"); status=1; continue
    fi
    while IFS= read -r r; do
        rows+=("$r"); case $r in *MISMATCH) status=1;; esac
    done <<<"$parsed"
    [ $rc -ne 0 ] && { rows+=("$name|-|-|-|-|FAILED (exit $rc)"); status=1; }
done

printf '\n%-28s %-26s %-12s %-20s %-32s %s\n' variant size time throughput result verdict
printf '%s\n' "$(printf '%.0s-' {1..128})"
for r in "${rows[@]}"; do
    IFS='|' read -r v s t th res verdict <<<"$r"
    printf '%-28s %-26s %-12s %-20s %-32s %s\n' "$v" "$s" "$t" "$th" "$res" "$verdict"
done
exit $status
