# gnuplot demos/bench/results/homcomp_cpu.gp  (from the repository root)
set datafile separator ','
set terminal pngcairo size 1000,420
set output 'demos/bench/results/homcomp_cpu.png'
set multiplot layout 1,2 title 'homcomp.cuh CPU (1 core) vs ZFP fixed-accuracy, smooth 64 MiB field'
set logscale x; set xlabel 'REL bound'; set ylabel 'GB/s'; set key top left
plot "< grep 'homcomp,compress,smooth.*,plain,' demos/bench/results/homcomp_cpu.csv" u 7:12 w lp t 'homcomp plain comp', \
     "< grep 'homcomp,compress,smooth.*,outlier,' demos/bench/results/homcomp_cpu.csv" u 7:12 w lp t 'homcomp outlier comp', \
     "< grep 'homcomp,decompress,smooth.*,outlier,' demos/bench/results/homcomp_cpu.csv" u 7:12 w lp t 'homcomp outlier decomp', \
     "< grep 'zfp,compress,smooth' demos/bench/results/homcomp_cpu.csv" u 7:12 w lp t 'zfp comp', \
     "< grep 'zfp,decompress,smooth' demos/bench/results/homcomp_cpu.csv" u 7:12 w lp t 'zfp decomp'
set ylabel 'compression ratio'
plot "< grep 'homcomp,compress,smooth.*,plain,' demos/bench/results/homcomp_cpu.csv" u 7:9 w lp t 'homcomp plain', \
     "< grep 'homcomp,compress,smooth.*,outlier,' demos/bench/results/homcomp_cpu.csv" u 7:9 w lp t 'homcomp outlier', \
     "< grep 'zfp,compress,smooth' demos/bench/results/homcomp_cpu.csv" u 7:9 w lp t 'zfp accuracy'
unset multiplot
