# gnuplot demos/bench/results/sa_scaling.gp  (run from the repository root)
# Speedup of SA_ALGO_PARALLEL over single-thread SA-IS, from sa_scaling_xeon16.csv.
set terminal pngcairo size 800,520 font ",11"
set output 'demos/bench/results/sa_scaling.png'
set datafile separator ','
set title "sa.h SA\\_ALGO\\_PARALLEL vs 1-thread SA-IS (16-core Xeon host)"
set xlabel 'OpenMP threads'
set ylabel 'speedup over SA-IS, 1 thread'
set logscale x 2
set logscale y 2
set xrange [0.8:20]
set yrange [0.125:32]
set xtics (1, 2, 4, 8, 16)
set ytics (0.125, 0.25, 0.5, 1, 2, 4, 6, 8, 16, 32)
set grid
set key top left
f = 'demos/bench/results/sa_scaling_xeon16.csv'
plot f using ((strcol(1) eq 'random' && strcol(3) eq 'parallel') ? $4 : 1/0):7 with linespoints lw 2 pt 7 title '24 MB random bytes', \
     f using ((strcol(1) eq 'headers' && strcol(3) eq 'parallel') ? $4 : 1/0):7 with linespoints lw 2 pt 5 title '46 MB /usr/include headers', \
     6 with lines dt 2 lc rgb 'gray40' title 'goal: 6x at 16 threads', \
     1 with lines dt 3 lc rgb 'black' title 'SA-IS, 1 thread'
