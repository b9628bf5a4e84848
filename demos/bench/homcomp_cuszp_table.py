#!/usr/bin/env python3
"""demos/bench/homcomp_cuszp_table.py CSV - the homcomp-vs-cuSZp table from homcomp_cuszp_bench's CSV:
per dataset, mode and REL bound, homcomp's speed over cuSZp's (cuSZp time / homcomp time, > 1: homcomp
faster) for compress at REL (homcomp's device min/max pass included; cuSZp at the same absolute bound,
its range taken on the host as its tool does), compress at ABS and decompress, against cuSZp's kernels
alone and (in brackets) its public entry points; ratio homcomp CR / cuSZp CR; bound violations of both.
Markdown on stdout, then the ranges over all rows."""
import csv
import sys

rows = list(csv.DictReader(open(sys.argv[1])))
by = {}
for r in rows:
    by[(r['dataset'], r['mode'], r['rel'], r['impl'], r['bound'])] = r
keys = []
for r in rows:
    k = (r['dataset'], r['mode'], r['rel'])
    if k not in keys:
        keys.append(k)

print('| dataset | n | mode | REL | compress REL | compress ABS | decompress | CR homcomp / cuSZp | violations homcomp / cuSZp |')
print('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
agg = {'crel': [], 'cabs': [], 'dec': [], 'cr': [], 'crel_api': [], 'cabs_api': [], 'dec_api': []}
viol = [0, 0, 0]
for k in keys:
    try:
        ha, hr = by[k + ('homcomp', 'ABS')], by[k + ('homcomp', 'REL')]
        ck, ca = by[k + ('cuszp_kernel', 'ABS')], by[k + ('cuszp_api', 'ABS')]
    except KeyError:
        continue
    f = lambda a, b, c: float(a[c]) / float(b[c])
    crel, cabs, dec = f(ck, hr, 'compress_s'), f(ck, ha, 'compress_s'), f(ck, ha, 'decompress_s')
    crel_a, cabs_a, dec_a = f(ca, hr, 'compress_s'), f(ca, ha, 'compress_s'), f(ca, ha, 'decompress_s')
    cr = float(ha['ratio']) / float(ck['ratio'])
    for name, v in (('crel', crel), ('cabs', cabs), ('dec', dec), ('cr', cr), ('crel_api', crel_a),
                    ('cabs_api', cabs_a), ('dec_api', dec_a)):
        agg[name].append(v)
    vh = int(ha['violations']) + int(hr['violations'])
    vc = int(ck['violations'])
    viol[0] += vh
    viol[1] += vc
    viol[2] += int(ha['n'])
    print(f"| {k[0]} | {ha['n']} | {k[1]} | {float(k[2]):g} | {crel:.2f} ({crel_a:.2f}) | {cabs:.2f} ({cabs_a:.2f}) | "
          f"{dec:.2f} ({dec_a:.2f}) | {cr:.3f} ({ha['ratio']} / {ck['ratio']}) | {vh} / {vc} (max err/eb {float(ck['max_err_over_eb']):.6f}) |")
print()
for name, v in agg.items():
    if v:
        print(f"{name}: {min(v):.2f} .. {max(v):.2f}")
print(f"violations: homcomp {viol[0]}, cuSZp {viol[1]} (over {viol[2]} values per bound and mode)")
