set terminal pngcairo size 900,500 font ",10" noenhanced
set output 'spiral_checksum.png'
set title "spiral.h: XOR checksum of 100000 x 300000 (3e10 cells), cells/s (log scale)\nCPU: 2-core AMD EPYC VM, gcc 12 -O3; GPU: NVIDIA H200, nvcc 13.0; 2026-11-22"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set logscale y
set yrange [1e8:2e13]
set ylabel "cells per second"
set key top left
set xtics rotate by -15
plot 'spiral_plot.dat' using 2:xtic(1) title "row generation (spiral.h)", '' using 3 title "per-cell formula (seed)"
