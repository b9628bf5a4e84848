#!/usr/bin/env python3
"""issue27_seg_ab.py OUT - issue27_seg_ab.sh's table: per case (link, ranks, count, data) and segment,
the HomComp_F time (median of 5 calls, slowest rank) and its speed-up over MPI_Allreduce in the same
run, medians over rounds; then the paired ratio t(131072) / t(65536) of each round (same round, the
two runs back to back: below 1 = 131072 faster), and the in-ring rates per core (med_core_*: each
rank's median over its calls, slowest rank) per segment."""
import csv
import statistics as st
import sys

out = sys.argv[1]
rows = list(csv.DictReader(open(out + '/seg_ab.csv')))
cases = {}
for r in rows:
    key = (r['link'], r['ranks'], r['n'], r['data'])
    cases.setdefault(key, {}).setdefault(r['round'], {}).setdefault(r['segment'], {})[r['algo']] = r
print('| link | ranks | n/rank | data | seg | HomComp_F s (med) | speed-up vs MPI | med_core c / h / d GB/s | t131072/t65536 per round |')
print('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
for key, rounds in sorted(cases.items()):
    ratios = []
    for rd, segs in sorted(rounds.items()):
        a, b = segs.get('65536', {}).get('homcomp_f'), segs.get('131072', {}).get('homcomp_f')
        if a and b and a['ok'] == '1' and b['ok'] == '1':
            ratios.append(float(b['time_s']) / float(a['time_s']))
    for seg in ('65536', '131072'):
        hs = [s[seg]['homcomp_f'] for s in rounds.values() if seg in s and 'homcomp_f' in s[seg]]
        if not hs:
            continue
        t = st.median(float(h['time_s']) for h in hs)
        sp = st.median(float(h['speedup']) for h in hs)
        rates = ' / '.join('%.2f' % st.median(float(h['med_core_%s_gbs' % o]) for h in hs)
                           for o in ('compress', 'add', 'decompress'))
        bad = sum(h['ok'] != '1' for h in hs)
        print('| %s | %s | %s | %s | %s | %.4f%s | %.2fx | %s | %s |' % (key[0], key[1], key[2], key[3], seg, t,
              ' (%d FAIL)' % bad if bad else '', sp, rates,
              ' '.join('%.3f' % x for x in ratios) + (' (median %.3f)' % st.median(ratios) if ratios else '')
              if seg == '131072' else ''))
