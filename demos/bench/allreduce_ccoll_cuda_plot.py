#!/usr/bin/env python3
"""allreduce_ccoll_cuda_plot.py - the 2-GPU table and plot from allreduce_bench_ccoll_cuda.sh's CSV:
per size (float32 per rank), NCCL, ccoll's one-node path (ArGM over CUDA IPC) and AUTO there, MPI_Allreduce
staged through pinned host memory, and the compressed path with every rank its own node
(CCOLL_RANKS_PER_NODE=1: HomComp_F through staged MPI) on walk and normal data, with the ratios the
issue asks for; AUTO's predicted time next to the measured one; a gnuplot PNG (log-log).

    python3 demos/bench/allreduce_ccoll_cuda_plot.py [results/allreduce_ccoll_cuda_h200x2.csv]
"""
import csv
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, 'results', 'allreduce_ccoll_cuda_h200x2.csv')
rows = list(csv.DictReader(open(path)))


def t(label, algo, mib, data='walk', field='time_s'):
    for r in rows:
        if r['label'] == label and r['algo'] == algo and int(r['bytes_per_rank']) >> 20 == mib and r['data'] == data:
            return float(r[field])
    return None


def ms(x):
    return '-' if x is None else ('%.3g' % (x * 1e3))


def ratio(a, b):
    return '-' if a is None or b is None or b == 0 else '%.1fx' % (a / b)


sizes = sorted({int(r['bytes_per_rank']) >> 20 for r in rows if r['label'] in ('ipc', 'rpn1')})
print('| MiB/rank | NCCL ms | ArGM IPC ms (x NCCL) | AUTO 1 node ms | MPI staged ms | HomComp_F rpn=1 walk ms (MPI/it) |'
      ' normal ms (MPI/it) | AUTO rpn=1 walk / normal ms |')
print('| --- | --- | --- | --- | --- | --- | --- | --- |')
for s in sizes:
    nccl = t('nccl', 'nccl', s)
    ipc = t('ipc', 'argm', s)
    mpi_w = t('rpn1', 'mpi_staged', s)
    mpi_n = t('rpn1', 'mpi_staged', s, 'normal')
    hw = t('rpn1', 'homcomp_f', s)
    hn = t('rpn1', 'homcomp_f', s, 'normal')
    print(f"| {s} | {ms(nccl)} | {ms(ipc)} ({ratio(ipc, nccl)}) | {ms(t('ipc', 'auto', s))} | {ms(mpi_w)} |"
          f" {ms(hw)} ({ratio(mpi_w, hw)}) | {ms(hn)} ({ratio(mpi_n, hn)}) | {ms(t('rpn1', 'auto', s))} / "
          f"{ms(t('rpn1', 'auto', s, 'normal'))} |")

# gnuplot: measured lines and AUTO's predictions
dat = os.path.join(here, 'results', 'allreduce_ccoll_cuda_h200x2.dat')
series = [('nccl', 'nccl', 'walk', 'NCCL (PyTorch)'), ('ipc', 'argm', 'walk', 'ArGM over CUDA IPC (one node)'),
          ('ipc', 'mpi_staged', 'walk', 'MPI\\_Allreduce staged through host'),
          ('rpn1', 'homcomp_f', 'walk', 'HomComp\\_F, rank = node, walk'),
          ('rpn1', 'homcomp_f', 'normal', 'HomComp\\_F, rank = node, normal'),
          ('ipc', 'ring', 'walk', 'ring (staged)'),
          ('ipc', 'auto', 'walk', 'AUTO model x feedback, one node'), ('rpn1', 'auto', 'walk', 'AUTO model x feedback, rank = node')]
with open(dat, 'w') as f:
    for k, (lab, alg, data, title) in enumerate(series):
        f.write(f'# {title}\n')
        for s in sizes:
            field = 'predicted_s' if k >= 6 else 'time_s'
            v = t(lab, alg, s, data, field)
            if v:
                f.write(f'{s} {v * 1e3}\n')
        f.write('\n\n')
png = os.path.join(here, 'results', 'allreduce_ccoll_cuda_h200x2.png')
plot = ', '.join(f"'{dat}' index {k} with {'points pt 6 ps 1.5' if k >= 6 else 'linespoints'} title '{s[3]}'"
                 for k, s in enumerate(series))
gp = f"""set terminal pngcairo size 900,600
set output '{png}'
set logscale xy
set xlabel 'MiB per rank (float32, device buffers)'
set ylabel 'ms per allreduce (median, slowest rank)'
set title 'ccoll\\_mpi.h device plans, 2 ranks on 2 H200 (NV18), OpenMPI 4.1.6 not CUDA-aware, REL 1e-4'
set key bottom right font ',9'
set grid
plot {plot}
"""
try:
    subprocess.run(['gnuplot'], input=gp, text=True, check=True)
    print('wrote', png)
except (OSError, subprocess.CalledProcessError) as e:
    print('gnuplot failed:', e)
