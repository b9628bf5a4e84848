#!/usr/bin/env python3
# issue 23 (sabyte): a PRIVATE profiling copy of sa.h (never the repo's: sa.h must not print or keep
# timing globals). Times parallel SA-IS's byte-level scans (sa__pi_walk) by scan kind
# (L1, S1 = stage 1's L and S scans, L3, S3 = stage 3's): the walk's wall time, the parallel blocks
# (count, entries, wall) and inside them the phases (entry into the region, read = the threads'
# cache pass until the slowest is done, imbalance = slowest - mean read, single = one thread's
# offsets, write, exit), and the one-thread runs (count, entries, rdtsc ticks).
#   python3 prof_patch.py ../sa.h prof/sa.h
import sys
s = open(sys.argv[1]).read()
def rep(old, new, count=1):
    global s
    assert s.count(old) == count, (old, s.count(old))
    s = s.replace(old, new)
hdr = '''#ifndef SAPF_DEFINED
#define SAPF_DEFINED
#include <x86intrin.h>
static double sapf_[4][10];
static long long sapn_[4][4];
static double sapf_t_[256][4];
static void sapf_acc(int k, double c, double e, int TT)
{
    double smin = 1e30, rmax = 0, rsum = 0, wmax = 0, g = sapf_t_[0][2];
    for (int u = 0; u < TT; u++) {
        if (sapf_t_[u][0] < smin) smin = sapf_t_[u][0];
        if (sapf_t_[u][1] > rmax) rmax = sapf_t_[u][1];
        rsum += sapf_t_[u][1] - sapf_t_[u][0];
        if (sapf_t_[u][3] > wmax) wmax = sapf_t_[u][3];
    }
    sapf_[k][3] += smin - c;
    sapf_[k][4] += rmax - smin;
    sapf_[k][5] += (rmax - smin) - rsum / TT;
    sapf_[k][6] += g - rmax;
    sapf_[k][7] += wmax - g;
    sapf_[k][8] += e - wmax;
}
#endif
'''
# after the sa__pictx typedef (template part: both widths; the guard keeps one copy)
rep('''    sa__rate rt;                /* the guard (SA__PI_ADAPT): rt.off, one thread from then on */
} SA__F(sa__pictx);
''', '''    sa__rate rt;                /* the guard (SA__PI_ADAPT): rt.off, one thread from then on */
} SA__F(sa__pictx);
''' + hdr)
# sa__pi_block: timestamps
rep('''static void SA__F(sa__pi_block)(SA__F(sa__pictx) *x, SA__I lo, SA__I hi, int dir)
{
    SA__OMP(omp parallel num_threads(x->nt))
    {
''', '''static void SA__F(sa__pi_block)(SA__F(sa__pictx) *x, SA__I lo, SA__I hi, int dir)
{
    double pf_c = sa__p_now(); int pf_T = 1;
    SA__OMP(omp parallel num_threads(x->nt))
    {
        double pf_s = sa__p_now();
''')
rep('''                if (SA__F(sa__pi_sstep)(T, SA, i, &c, &v)) { ca[k].c = c; ca[k].v = v; cnt[c]++; k++; }
            }
        }
        SA__OMP(omp barrier)
        SA__OMP(omp single)
        {
            SA__I *tc = x->tcnt, y;''', '''                if (SA__F(sa__pi_sstep)(T, SA, i, &c, &v)) { ca[k].c = c; ca[k].v = v; cnt[c]++; k++; }
            }
        }
        sapf_t_[t][0] = pf_s; sapf_t_[t][1] = sa__p_now(); if (t == 0) pf_T = TT;
        SA__OMP(omp barrier)
        SA__OMP(omp single)
        {
            SA__I *tc = x->tcnt, y;''')
rep('''        if (dir == 0)
            for (q = 0; q < k; q++) SA[cnt[ca[q].c]++] = ca[q].v;
        else
            for (q = 0; q < k; q++) SA[--cnt[ca[q].c]] = ca[q].v;
    }
}
''', '''        sapf_t_[t][2] = sa__p_now();
        if (dir == 0)
            for (q = 0; q < k; q++) SA[cnt[ca[q].c]++] = ca[q].v;
        else
            for (q = 0; q < k; q++) SA[--cnt[ca[q].c]] = ca[q].v;
        sapf_t_[t][3] = sa__p_now();
    }
    sapf_acc(PFK, pf_c, sa__p_now(), pf_T);
}
''', 2)
# the two bodies differ in their PFK: stage 3's block (first occurrence) and stage 1's
i1 = s.index('sapf_acc(PFK')
s = s[:i1] + 'sapf_acc(2 + dir' + s[i1 + len('sapf_acc(PFK'):]
s = s.replace('sapf_acc(PFK', 'sapf_acc(dir')
rep('''static void SA__F(sa__pi_s1_block)(SA__F(sa__pictx) *x, SA__I lo, SA__I hi, int dir, SA__I *ind, SA__I *dn, SA__I *pd)
{
    SA__OMP(omp parallel num_threads(x->nt))
    {
''', '''static void SA__F(sa__pi_s1_block)(SA__F(sa__pictx) *x, SA__I lo, SA__I hi, int dir, SA__I *ind, SA__I *dn, SA__I *pd)
{
    double pf_c = sa__p_now(); int pf_T = 1;
    SA__OMP(omp parallel num_threads(x->nt))
    {
        double pf_s = sa__p_now();
''')
rep('''        w[2048] = dl;
        SA__OMP(omp barrier)''', '''        w[2048] = dl;
        sapf_t_[t][0] = pf_s; sapf_t_[t][1] = sa__p_now(); if (t == 0) pf_T = TT;
        SA__OMP(omp barrier)''')
# sa__pi_walk: wall, blocks, runs
rep('''    SA__I *SA = x->SA, i = dir ? hi - 1 : lo, e, lim, a, b, maxb = x->rt.off ? 0 : (SA__I)x->nt * SA__PI_CACHE;
    double t0 = 0;
''', '''    SA__I *SA = x->SA, i = dir ? hi - 1 : lo, e, lim, a, b, maxb = x->rt.off ? 0 : (SA__I)x->nt * SA__PI_CACHE;
    double t0 = 0, pf_w0 = sa__p_now();
    int pfk = (ind ? 0 : 2) + dir;
''')
rep('''            sa__rate_block(&x->rt, (double)(b - a), sa__p_now() - t0);
            if (x->rt.off) maxb = 0;''', '''            sa__rate_block(&x->rt, (double)(b - a), sa__p_now() - t0);
            sapf_[pfk][1] += sa__p_now() - t0; sapn_[pfk][0]++; sapn_[pfk][1] += b - a;
            if (x->rt.off) maxb = 0;''')
rep('''        if (timed) t0 = sa__p_now();
        SA__F(sa__pi_run)(x, a, b, lo, hi, dir, ind, dn, d);
        if (timed) sa__rate_one(&x->rt, (double)(b - a), sa__p_now() - t0);
        i = e;
    }
}''', '''        if (timed) t0 = sa__p_now();
        { unsigned long long pf_r0 = __rdtsc();
        SA__F(sa__pi_run)(x, a, b, lo, hi, dir, ind, dn, d);
        sapf_[pfk][2] += (double)(__rdtsc() - pf_r0); }
        sapn_[pfk][2] += b - a; sapn_[pfk][3]++;
        if (timed) sa__rate_one(&x->rt, (double)(b - a), sa__p_now() - t0);
        i = e;
    }
    sapf_[pfk][0] += sa__p_now() - pf_w0;
}''')
open(sys.argv[2], 'w').write(s)
