#!/usr/bin/env python3
"""issue27_seg_shares.py OUT - the table of issue27_seg_shares.sh's run: per segment size, the
HomComp_F ring's in-ring codec rates per CPU second (allreduce_cpu core_*: the slowest rank, last
timed call) beside the standalone codec's (homcomp_bench_seg cpu_*, AVX-512 + GFNI, best of its
reps, same segment, same round), median over the rounds, and the shares: compress / compress,
add / the ring's add mix (at p ranks p - 2 hc_add_raw and one hc_add_raw_values per rank: the
harmonic mix of their rates; at 2 ranks add_raw_values alone), decompress / decompress; then the
same shares against the standalone 65536-element row (the yardstick of the README's table)."""
import csv
import statistics
import sys


def rows(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def mix(raw, vals, p):
    if p <= 2:
        return vals
    return 1.0 / ((p - 2) / (p - 1) / raw + 1.0 / (p - 1) / vals)


def main():
    out = sys.argv[1]
    ring, codec = rows(out + '/ring.csv'), rows(out + '/codec.csv')
    segs = sorted({int(r['segment']) for r in ring})
    med = lambda xs: statistics.median(xs) if xs else float('nan')
    tab = {}
    for s in segs:
        rr = [r for r in ring if int(r['segment']) == s]
        cc = [c for c in codec if int(c['segment']) == s]
        p = int(rr[0]['ranks'])
        ring_c = med([float(r['core_compress_gbs']) for r in rr])
        ring_h = med([float(r['core_add_gbs']) for r in rr])
        ring_d = med([float(r['core_decompress_gbs']) for r in rr])
        sc = med([float(c['cpu_compress_gbs']) for c in cc])
        sh = med([mix(float(c['cpu_add_raw_gbs']), float(c['cpu_add_raw_values_gbs']), p) for c in cc])
        sd = med([float(c['cpu_decompress_gbs']) for c in cc])
        t = med([float(r['time_s']) for r in rr])
        tab[s] = (len(rr), p, t, ring_c, ring_h, ring_d, sc, sh, sd)
    print('| segment (elements) | rounds | ranks | HomComp_F s (median) | in-ring c / h / d GB/s per CPU s | standalone c / add mix / d | share, same segment | share vs the 65536 row |')
    print('| --- | --- | --- | --- | --- | --- | --- | --- |')
    ref = tab.get(65536)
    for s in segs:
        n, p, t, rc, rh, rd, sc, sh, sd = tab[s]
        r65 = ('%.0f / %.0f / %.0f %%' % (100 * rc / ref[6], 100 * rh / ref[7], 100 * rd / ref[8])) if ref else '-'
        print('| %d | %d | %d | %.4f | %.2f / %.2f / %.2f | %.2f / %.2f / %.2f | %.0f / %.0f / %.0f %% | %s |' % (
            s, n, p, t, rc, rh, rd, sc, sh, sd, 100 * rc / sc, 100 * rh / sh, 100 * rd / sd, r65))


if __name__ == '__main__':
    main()
