#!/usr/bin/env python3
"""issue27_table.py - the markdown table of an allreduce_bench_issue27.sh run.
    python3 demos/bench/issue27_table.py demos/bench/results/issue27_<host>
One row per mpiexec run (link, ranks, data, REL, MiB per rank): MPI_Allreduce, our raw ring,
HomComp_F (CR) and its speedup over MPI_Allreduce, what AUTO ran, ZCCL's best variant of the same
data (its own run), HomComp_F / ZCCL, and HomComp_F's in-ring codec rates per core (GB/s of input
per CPU second: compress / add / decompress) and its seconds in the input scan and in message
waits (slowest rank; t_scan, t_wait) when the CSV has them; with the run's codec.csv, those rates as
shares of the standalone codec on one core (its avx512gfni row, else its fastest set, same data and
REL): compress / compress, add / the ring's add mix (per rank p - 2 hc_add_raw and one
hc_add_raw_values, the last reduce-scatter step: add_raw_values alone at 2 ranks), decompress /
decompress. (The in-ring rates are the slowest rank's last timed call; codec.csv's are the best of
its reps: the shares lean low. codec.csv has one size (16 Mi elements): a row of another size is
marked "(vs N Mi)", its share being against codec.csv's N Mi-element rates.)"""
import csv
import os
import sys

d = sys.argv[1] if len(sys.argv) > 1 else '.'
rows = [r for r in csv.DictReader(open(os.path.join(d, 'allreduce.csv'))) if r.get('n') and r.get('ok') is not None]
zpath = os.path.join(d, 'zccl.csv')
zrows = [r for r in csv.DictReader(open(zpath))] if os.path.exists(zpath) else []
tpath = os.path.join(d, 'zccl_timeouts.csv')  # ZCCL runs the bench script stopped
zhung = {(r['link'], r['ranks'], r['data'], r['rel'], r['n']): r['limit_s']
         for r in csv.DictReader(open(tpath))} if os.path.exists(tpath) else {}


def key(r):
    return (r['link'], r['ranks'], r['data'], r['rel'], r['n'])


groups, order = {}, []
for r in rows:
    k = key(r)
    if k not in groups:
        groups[k] = {}
        order.append(k)
    groups[k][r['algo']] = r
cpath = os.path.join(d, 'codec.csv')  # the standalone codec of the same run
codec = {}
if os.path.exists(cpath):
    for r in csv.DictReader(open(cpath)):
        if not r.get('cpu_add_raw_values_gbs'):
            continue
        k2 = (r['data'], '%g' % float(r['rel']))
        if r['isa'] == 'avx512gfni' or k2 not in codec or \
                (codec[k2]['isa'] != 'avx512gfni' and float(r['cpu_compress_gbs']) > float(codec[k2]['cpu_compress_gbs'])):
            codec[k2] = r


def shares(hcf, p):
    """in-ring per core / standalone one core, %: compress, add (against the ring's add mix), decompress"""
    c = codec.get((hcf['data'] if 'data' in hcf else '', '%g' % float(hcf['_rel'])))
    if not c or not hcf.get('core_compress_gbs'):
        return ''
    raw, vals = float(c['cpu_add_raw_gbs']), float(c['cpu_add_raw_values_gbs'])
    mix = vals if p <= 2 else 1.0 / ((p - 2) / (p - 1) / raw + 1.0 / (p - 1) / vals)
    ref = (float(c['cpu_compress_gbs']), mix, float(c['cpu_decompress_gbs']))
    got = (float(hcf['core_compress_gbs']), float(hcf['core_add_gbs']), float(hcf['core_decompress_gbs']))
    note = '' if c.get('n') == hcf.get('n') else ' (vs %d Mi)' % (int(c['n']) // 1048576)
    return '%.0f / %.0f / %.0f%s' % (tuple(100 * a / b for a, b in zip(got, ref)) + (note,))


zbest = {}
for r in zrows:
    if r['algo'].startswith('zccl') and r.get('ok') == 'ok':
        k = key(r)
        t = float(r['time_s'])
        zbest[k] = min(zbest.get(k, 1e30), t)

print('| link | ranks | data | REL | MiB/rank | MPI_Allreduce s | ring s | HomComp_F s (CR) | HCF vs MPI | AUTO ran (s) | ZCCL best s | HCF vs ZCCL | in-ring per core c / h / d GB/s | HCF scan / wait s |' +
      (' in-ring % of one core alone c / h (mix) / d |' if codec else ''))
print('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|' + ('---|' if codec else ''))
for k in order:
    g = groups[k]
    mpi, ring, hcf, auto = g.get('mpi'), g.get('ring'), g.get('homcomp_f'), g.get('auto')
    if not (mpi and hcf):
        continue
    tm, th = float(mpi['time_s']), float(hcf['time_s'])
    z = zbest.get(k)
    rates = ''
    if 'core_compress_gbs' in hcf and hcf['core_compress_gbs']:
        rates = '%s / %s / %s' % (hcf['core_compress_gbs'], hcf['core_add_gbs'], hcf['core_decompress_gbs'])
    elif 'ring_compress_gbs' in hcf:
        rates = '(wall, per rank) %s / %s / %s' % (hcf['ring_compress_gbs'], hcf['ring_add_gbs'], hcf['ring_decompress_gbs'])
    split = '%s / %s' % (hcf['t_scan'], hcf['t_wait']) if hcf.get('t_scan') else ''
    hcf = dict(hcf, _rel=k[3])
    share = (' %s |' % shares(hcf, int(k[1]))) if codec else ''
    print(('| %s | %s | %s | %s | %d | %.3f | %s | %.3f (%.1f) | %.2fx | %s | %s | %s | %s | %s |' % (
        k[0], k[1], k[2], k[3], int(k[4]) * 4 // 1048576, tm, '%.3f' % float(ring['time_s']) if ring else '-', th,
        float(hcf['ratio']), tm / th, '%s (%.3f)' % (auto['ran'], float(auto['time_s'])) if auto else '-',
        '%.3f' % z if z else ('no result in %s s' % zhung[k] if k in zhung else '-'),
        '%.1fx' % (z / th) if z else '-', rates, split)) + share)
