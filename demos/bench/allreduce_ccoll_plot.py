#!/usr/bin/env python3
"""allreduce_ccoll_plot.py - the alpha-beta-gamma cost model (seed 2.5, 6.4) against the
measurements of allreduce_bench_ccoll.sh: per link (shm, 1gbit, 10gbit) the constants alpha,
beta, gamma, c, h, d that AUTO measured at plan creation (in the run with the largest vector), the model's time
for ring (= MPI_Allreduce's algorithm) and HomComp_F at every measured size, the crossover
size where HomComp_F starts to win (model and measured), a markdown table on stdout and a
gnuplot PNG (predicted lines, measured points).

    python3 demos/bench/allreduce_ccoll_plot.py [results/allreduce_ccoll.csv]
"""
import csv
import math
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, 'results', 'allreduce_ccoll.csv')
rows = [r for r in csv.DictReader(open(path)) if r.get('n') and r.get('ok') is not None]  # skip mpiexec noise
P = 4


def model(link_consts, m, cr, p=P, seg_bytes=65536 * 4):
    """seconds for ring and homcomp_f: the thesis's sums (compute and wire add up) and the
    pipelined form of our segmented ring (max of codec and wire, plus one segment's worth)"""
    a, b, g, c, h, d = (link_consts[k] for k in ('alpha', 'beta', 'gamma', 'c', 'h', 'd'))
    nseg = max(1.0, math.ceil(m / p / seg_bytes))
    ring = 2 * (p - 1) * nseg * a + 2 * (p - 1) / p * m * b + (p - 1) / p * m * g
    wire_c = 2 * (p - 1) * nseg * a + 2 * (p - 1) / p * m * b / cr
    codec = m / p * c + (p - 1) / p * m * h + m * d
    return ring, wire_c + codec, max(wire_c, codec) + (c + h + d + 2 * b / cr) * min(m / p, seg_bytes)


consts = {}
for r in rows:
    if r['algo'] == 'auto' and float(r['alpha']) > 0:
        key = (r['link'], r['n'], r['data'], r['rel'])
        consts[key] = {k: float(r[k]) for k in ('alpha', 'beta', 'gamma', 'c', 'h', 'd')}

# one constant set per link: the one measured with the largest vector (4 MiB link probes)
link_consts = {}
for key in sorted(consts, key=lambda k: int(k[1])):
    link_consts[key[0]] = consts[key]

# one line per (link, size, data, rel): measured times of mpi, ring, homcomp_f, auto, best
groups = {}
for r in rows:
    key = (r['link'], r['n'], r['data'], r['rel'])
    groups.setdefault(key, {})[r['algo']] = r

print('| link | data | rel | MiB/rank | MPI_Allreduce s | ring s | HomComp_F s (CR) | speedup HCF | best (s) | AUTO ran (s) | AUTO/best | model ring s | model HCF sum s | model HCF pipelined s |')
print('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
plotdat = {}
for key in sorted(groups, key=lambda k: (k[0], k[2], k[3], int(k[1]))):
    g = groups[key]
    link, n, data, rel = key
    mib = int(n) * 4 / 2**20
    t = {a: float(r['time_s']) for a, r in g.items()}
    best_a = min((a for a in t if a != 'auto'), key=lambda a: t[a])
    hcf = g.get('homcomp_f')
    cr = float(hcf['ratio']) if hcf else float('nan')
    k = link_consts.get(link)
    mr = mh = mp = float('nan')
    if k and hcf:
        mr, mh, mp = model(k, int(n) * 4, cr)
    auto = g.get('auto')
    print('| %s | %s | %s | %g | %.3f | %s | %s | %s | %s %.3f | %s | %s | %.3f | %.3f | %.3f |' % (
        link, data, rel, mib, t['mpi'], '%.3f' % t['ring'] if 'ring' in t else '-',
        '%.3f (%.1f)' % (t['homcomp_f'], cr) if hcf else '-',
        '%.2fx' % (t['mpi'] / t['homcomp_f']) if hcf else '-', best_a, t[best_a],
        '%s (%.3f)' % (auto['ran'], t['auto']) if auto else '-',
        '%.2f' % (t['auto'] / t[best_a]) if auto else '-', mr, mh, mp))
    if data == 'walk' and rel == '1e-4':
        plotdat.setdefault(link, []).append((mib, t['mpi'], t.get('ring'), t.get('homcomp_f'), t.get('auto'), mr, mh, mp, cr, k))

# crossover: sizes where the model's HomComp_F (pipelined) equals ring; CR of the largest size
print()
for link, pts in sorted(plotdat.items()):
    pts.sort()
    last = [q for q in pts if q[9]]
    if not last:
        continue
    k, cr = last[-1][9], last[-1][8]
    xs = [2 ** (e / 8) for e in range(-16, 100)]  # MiB per rank
    lo = model(k, 2**18, cr)
    hi = model(k, 2**32, cr)
    # both times are linear in m (plus per-segment alpha): the sign of the slope difference decides
    if (hi[2] - lo[2]) < (hi[0] - lo[0]):
        xs = [2 ** (e / 8) for e in range(-16, 104)]
        model_x = next((x for x in xs if model(k, x * 2**20, cr)[2] < model(k, x * 2**20, cr)[0]), None)
        mtxt = 'HomComp_F (pipelined) beats ring from %s MiB/rank' % ('%.2f' % model_x if model_x else '?')
    else:
        mtxt = 'HomComp_F never beats ring (codec slower than the wire it saves)'
    meas = ', '.join('%g MiB: %.2fx vs MPI, %.2fx vs ring' % (q[0], q[1] / q[3], q[2] / q[3]) for q in pts if q[3] and q[2])
    print('%s: model (measured constants, CR %.1f): %s; measured HomComp_F speedup: %s'
          ' [alpha %.3g s, beta %.3g s/B = %.0f MB/s per rank, gamma %.3g, c %.3g, h %.3g, d %.3g s/B]' % (
              link, cr, mtxt, meas, k['alpha'], k['beta'], 1e-6 / k['beta'], k['gamma'], k['c'], k['h'], k['d']))

# gnuplot: one panel per link, time vs size, measured points and model lines
png = os.path.join(here, 'results', 'allreduce_ccoll.png')
script = ['set terminal pngcairo size 1500,480 font ",10"', "set output '%s'" % png,
          'set multiplot layout 1,%d title "ccoll allreduce, 4 ranks, walk f32, REL 1e-4: measured (points) vs alpha-beta-gamma model (lines)"' % len(plotdat),
          'set logscale xy', 'set xlabel "MiB per rank"', 'set ylabel "seconds per allreduce"', 'set key top left', 'set grid']
for link, pts in sorted(plotdat.items()):
    pts.sort()
    dat = os.path.join(here, 'results', 'allreduce_ccoll_%s.dat' % link)
    with open(dat, 'w') as f:
        for q in pts:
            f.write(' '.join('%g' % (v if v is not None and not (isinstance(v, float) and math.isnan(v)) else float('nan'))
                             for v in q[:8]) + '\n')
    script.append('set title "%s"' % link)
    script.append(("plot '{d}' u 1:2 w p pt 7 t 'MPI\\_Allreduce', '' u 1:3 w p pt 5 t 'ring', '' u 1:4 w p pt 9 t 'HomComp\\_F', "
                   "'' u 1:5 w p pt 1 ps 2 t 'AUTO', '' u 1:6 w l dt 2 t 'model ring', '' u 1:7 w l dt 3 t 'model HCF (sum)', "
                   "'' u 1:8 w l t 'model HCF (pipelined)'").format(d=dat))
script.append('unset multiplot')
try:
    subprocess.run(['gnuplot'], input='\n'.join(script), text=True, check=True)
    print('\nplot:', os.path.relpath(png, os.path.join(here, '..', '..')))
except (OSError, subprocess.CalledProcessError) as e:
    print('\n(no plot: %s)' % e)
