# issue 23 (sacore, 2026-11-28 06:05): sa.h -> sa_blk.h, timers around parallel SA-IS's int-level block
# scans (sa__pr_block: read / one-thread walk / write; sa__pr_serial) summed over the build.
import sys
s = open(sys.argv[1]).read()
def rep(old, new):
    global s
    assert s.count(old) == 1, old
    s = s.replace(old, new)
rep("#define SA__IMPLEMENTED", "#define SA__IMPLEMENTED\ndouble sa_blk_t[5]; long long sa_blk_n[5];")
rep("""    int rtl = kind & 1;
    SA__OMP(omp parallel num_threads(px->nt))
    {
        int t = sa__p_tid(), TT = sa__p_nth();
        SA__I len = hi - lo, a = lo + (SA__I)((uint64_t)len * (uint64_t)t / (uint64_t)TT);""",
"""    int rtl = kind & 1;
    double tb0 = omp_get_wtime(), tb1 = 0, tb2 = 0, tb3;
    SA__OMP(omp parallel num_threads(px->nt))
    {
        int t = sa__p_tid(), TT = sa__p_nth();
        SA__I len = hi - lo, a = lo + (SA__I)((uint64_t)len * (uint64_t)t / (uint64_t)TT);""")
rep("""        for (; i < b; i++) SA__F(sa__pr_rd)(T, SA, ca + (i - lo), i, kind);
        SA__OMP(omp barrier)
        SA__OMP(omp single)
        for (SA__I s = 0, dummy = 0; s < len; s++) {""",
"""        for (; i < b; i++) SA__F(sa__pr_rd)(T, SA, ca + (i - lo), i, kind);
        SA__OMP(omp barrier)
        if (t == 0) tb1 = omp_get_wtime();
        SA__OMP(omp barrier)
        SA__OMP(omp single)
        {
        for (SA__I s = 0, dummy = 0; s < len; s++) {""")
rep("""                e->v = SA__F(sa__pr_left)(kind, v);
            }
        }
        for (i = a; i < b; i++) { /* write */""",
"""                e->v = SA__F(sa__pr_left)(kind, v);
            }
        }
        tb2 = omp_get_wtime();
        }
        for (i = a; i < b; i++) { /* write */""")
rep("""            if (e->c >= 0) SA[e->c] = e->v;
        }
    }
}""", """            if (e->c >= 0) SA[e->c] = e->v;
        }
    }
    tb3 = omp_get_wtime();
    sa_blk_t[0] += tb1 - tb0; sa_blk_t[1] += tb2 - tb1; sa_blk_t[2] += tb3 - tb2; sa_blk_n[0] += hi - lo; sa_blk_n[1]++;
}""")
rep("""            SA__F(sa__pr_serial)(T, SA, B, lo, hi, kind);
            if (probe) {""", """            SA__F(sa__pr_serial)(T, SA, B, lo, hi, kind);
            sa_blk_t[3] += sa__p_now() - t0; sa_blk_n[3] += hi - lo;
            if (probe) {""")
open(sys.argv[2], "w").write(s)
