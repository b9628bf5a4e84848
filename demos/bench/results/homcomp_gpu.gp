# gnuplot demos/bench/results/homcomp_gpu.gp  (from the repository root)
set datafile separator ','
set terminal pngcairo size 900,420
set output 'demos/bench/results/homcomp_gpu.png'
set title 'homcomp.cuh on H200, 1 GiB float32 smooth field, outlier mode (GB/s of input; D2D copy = 2109 GB/s of input)'
set logscale x; set xlabel 'REL bound'; set ylabel 'GB/s'; set key outside
plot for [op in "compress decompress homcomp_f_add_raw add_compressed homcomp_2kernel"] \
  sprintf("< grep ',%s,.*,outlier,' demos/bench/results/homcomp_gpu_h200.csv", op) u 7:12 w lp t op
