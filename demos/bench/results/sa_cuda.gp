# gnuplot sa_cuda.gp  (in demos/bench/results): sa_cuda.png from sa_cuda_h200.csv
set terminal pngcairo noenhanced size 900,480 font ",10"
set output 'sa_cuda.png'
set title "sa_cuda.cuh on an NVIDIA H200 vs sa.h's OpenMP default on its 16 host cores (GB/s, log scale)\n2026-11-23, demos/bench/sa_cuda_gpu_run.sh"
set datafile separator ","
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set logscale y
set yrange [0.01:10]
set ylabel "input GB per second"
set key top right
plot '< head -4 sa_cuda_h200.csv' every ::1 using 7:xtic(1) title "GPU SA incl. copies", \
     '' every ::1 using 12 title "GPU SA+LCP+LRS end to end (best streams)", \
     '' every ::1 using (column(2)/column(13)/1e9) title "sa.h 16 cores, SA"
