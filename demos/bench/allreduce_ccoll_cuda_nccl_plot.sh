#!/usr/bin/env bash
# allreduce_ccoll_cuda_nccl_plot.sh [CSV [PNG]] - the GPU ccoll plot from the CSV of
# allreduce_ccoll_cuda_nccl.sh (tests/gpu_ccoll_cuda.sh nccl): time per call against MiB per
# rank, log-log, for NCCL and ArGM over IPC (one node), NCCL on sockets, staged MPI over TCP and
# HomComp_F walk / normal (slow link), and where run, 2 x 2 simulated nodes (hier: NCCL with
# NCCL_HOSTID, ArGM). Env: RANKS (plot only rows of this rank count; default all), LATER (a CSV
# of a later run whose node rows are drawn as their own series, "later run"), TITLE. Needs gnuplot.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
csv=${1:-$here/results/allreduce_ccoll_cuda_nccl_h100x2.csv}
png=${2:-${csv%.csv}.png}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# one file per series: MiB/rank, ms (columns: label, ..., ran, data, ..., bytes_per_rank, ranks, ..., time_s)
series_of() { awk -F, -v d="$tmp" -v p="${RANKS:-}" -v pre="$2" \
    '$1 != "label" && (p == "" || $9 == p) { f = d "/" pre $1 "_" $5 "_" $6 ".dat"; print $8 / 1048576, $13 * 1e3 > f }' "$1"; }
series_of "$csv" ""
[ -n "${LATER:-}" ] && series_of "$LATER" "later_"
series=(node_nccl_walk node_argm_walk later_node_argm_walk slow_nccl_sockets_walk slow_mpi_staged_walk slow_homcomp_f_walk
        slow_homcomp_f_normal hier_nccl_walk hier_argm_walk hier_argm_normal)
titles=("NCCL (NVLink)" "ccoll ArGM over IPC" "ccoll ArGM over IPC, later run" "NCCL on sockets (lo)" "MPI staged over TCP (lo)"
        "ccoll HomComp_F walk (TCP)" "ccoll HomComp_F normal (TCP)" "NCCL 2 x 2 nodes (NVLink + sockets)" "ccoll ArGM 2 x 2 walk (IPC + TCP)"
        "ccoll ArGM 2 x 2 normal (IPC + TCP)")
plot=""
for i in "${!series[@]}"; do
    f=$tmp/${series[$i]}.dat
    [ -s "$f" ] || continue
    style="linespoints lw 2"; [[ ${series[$i]} == later_* ]] && style="points pt 7 ps 1.6" # (only the sizes it ran)
    plot+="${plot:+, }'$f' using 1:2 with $style title '${titles[$i]}'"
done
gnuplot <<GP
set terminal pngcairo size 900,560 noenhanced font 'sans,11'
set output '$png'
set title "${TITLE:-ccoll on 2 H100 (float32, REL 1e-4, 2 ranks): one node beside NCCL, slow link beside NCCL sockets}" noenhanced
set logscale xy
set xlabel 'MiB per rank'
set ylabel 'ms per allreduce (median of 5, slowest rank)'
set key left top
set grid
set xtics (4, 64, 256, 1024)
plot $plot
GP
echo "$png"
