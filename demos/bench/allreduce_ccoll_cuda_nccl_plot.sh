#!/usr/bin/env bash
# allreduce_ccoll_cuda_nccl_plot.sh [CSV [PNG]] - the README's GPU ccoll plot from the CSV of
# allreduce_ccoll_cuda_nccl.sh (tests/gpu_ccoll_cuda.sh nccl): time per call against MiB per
# rank, log-log, for NCCL and ArGM over IPC (one node), NCCL on sockets, staged MPI over TCP and
# HomComp_F walk / normal (slow link). Needs gnuplot.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
csv=${1:-$here/results/allreduce_ccoll_cuda_nccl_h100x2.csv}
png=${2:-${csv%.csv}.png}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# one file per series: MiB/rank, ms (columns: label, ..., ran, data, ..., bytes_per_rank, ..., time_s)
awk -F, -v d="$tmp" 'NR > 1 { f = d "/" $1 "_" $5 "_" $6 ".dat"; print $8 / 1048576, $13 * 1e3 > f }' "$csv"
series=(node_nccl_walk node_argm_walk slow_nccl_sockets_walk slow_mpi_staged_walk slow_homcomp_f_walk slow_homcomp_f_normal)
titles=("NCCL (NVLink)" "ccoll ArGM over IPC" "NCCL on sockets (lo)" "MPI staged over TCP (lo)" "ccoll HomComp_F walk (TCP)" "ccoll HomComp_F normal (TCP)")
plot=""
for i in "${!series[@]}"; do
    f=$tmp/${series[$i]}.dat
    [ -s "$f" ] || continue
    plot+="${plot:+, }'$f' using 1:2 with linespoints lw 2 title '${titles[$i]}'"
done
gnuplot <<GP
set terminal pngcairo size 900,520 noenhanced font 'sans,11'
set output '$png'
set title "ccoll on 2 H100 (float32, REL 1e-4, 2 ranks): one node beside NCCL, slow link beside NCCL sockets" noenhanced
set logscale xy
set xlabel 'MiB per rank'
set ylabel 'ms per allreduce (median of 5, slowest rank)'
set key left top
set grid
set xtics (4, 64, 256, 1024)
plot $plot
GP
echo "$png"
