# gnuplot demos/bench/results/homcomp_gpu.gp  (from the repository root)
# data: homcomp_bench_cuda --csv (tests/gpu.sh homcomp); op in column 2, mode 6, eb_rel 7, GB/s 12
set datafile separator ','
set terminal pngcairo size 1000,520 font ",10" noenhanced
set output 'demos/bench/results/homcomp_gpu.png'
set title "homcomp.cuh GPU codec, 1 GiB float32 smooth field, median of 10\nH200, 2026-11-22, tests/gpu.sh homcomp; D2D copy 2109 GB/s of input (solid: outlier mode, dashed: plain)"
set tmargin 4
set rmargin 30
set logscale x
set xrange [6e-5:1.6e-2]
set xtics ("1e-4" 1e-4, "1e-3" 1e-3, "1e-2" 1e-2)
set xlabel 'REL error bound (eb / (max - min))'
set ylabel 'GB/s of input'
set yrange [0:*]
set grid
set key outside right top
ops = "compress_abs compress decompress homcomp_f_add_raw add_compressed homcomp_2kernel"
names = "'compress (ABS)' 'compress (REL, incl. min/max)' 'decompress' 'add_raw (HomComp_F)' 'add (2 streams)' 'HomComp 2-kernel'"
f = 'demos/bench/results/homcomp_gpu_h200.csv'
plot for [i=1:words(ops)] sprintf("< grep ',%s,.*,outlier,' %s", word(ops, i), f) u 7:12 w lp lc i lw 2 pt 7 t word(names, i), \
     for [i=1:words(ops)] sprintf("< grep ',%s,.*,plain,' %s", word(ops, i), f) u 7:12 w lp lc i lw 1 dt 2 pt 6 notitle
