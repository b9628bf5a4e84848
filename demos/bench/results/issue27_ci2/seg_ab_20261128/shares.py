#!/usr/bin/env python3
"""shares.py RUN: in-ring per-core rates (each rank's median over all its timed calls of every round,
the slowest rank) against the standalone codec (codec_standalone.txt: homcomp_bench_seg, GFNI, per
CPU second, best of 3), the add against the ring's mix (add_raw_values at 2 ranks; p - 2 add_raw and
one add_raw_values a rank beyond)."""
import csv, glob, statistics as st, re, sys
run = sys.argv[1]
hdr = next(l for l in open('codec_standalone.txt') if ',isa,' in l).strip().split(',')
cod = {}
for l in open('codec_standalone.txt'):
    if l.startswith(('walk,', 'normal,')) and ',isa,' not in l:
        f = dict(zip(['data0', 'seg0'] + hdr[2:], l.strip().split(',')))
        cod[(f['data0'], f['seg0'])] = f
cases = {}
for f in sorted(glob.glob(run + '/percall_r*')):
    link, np_, data, seg = re.match(r'.*percall_r\d+_(\w+?)_(\d+)_(\w+)_(\d+)\.csv$', f).groups()
    for r in csv.DictReader(open(f)):
        cases.setdefault((link, np_, data, seg), {}).setdefault(r['rank'], []).append(r)
print('| case | segment | standalone c / h (mix) / d | slowest rank\'s median c / h / d | share c / h / d |')
print('| --- | --- | --- | --- | --- |')
for k, ranks in sorted(cases.items()):
    link, np_, data, seg = k
    c, p = cod[(data, seg)], int(np_)
    sc, sr, sv, sd = (float(c['cpu_%s_gbs' % o]) for o in ('compress', 'add_raw', 'add_raw_values', 'decompress'))
    sh = sv if p == 2 else 1 / (((p - 2) / sr + 1 / sv) / (p - 1))
    med = [min(st.median([float(r['core_%s_gbs' % o]) for r in rows if float(r['core_%s_gbs' % o]) > 0]) for rows in ranks.values())
           for o in ('compress', 'add', 'decompress')]
    print('| %s %s ranks %s | %s | %.2f / %.2f / %.2f | %.2f / %.2f / %.2f | %d / %d / %d %% |' %
          (link, np_, data, seg, sc, sh, sd, *med, *(round(100 * m / s) for m, s in zip(med, (sc, sh, sd)))))
