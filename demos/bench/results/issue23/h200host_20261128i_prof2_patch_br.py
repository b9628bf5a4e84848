# issue 23 profile (sacore 2026-11-28 session 3): sa.h -> sa_prof.h: timers per int level (sa__lvl_g),
# and the phases of sa__pr_own / sa__pr_block (wall by thread 0 after each barrier, busy per thread).
#   python3 prof_patch.py sa.h sa_prof.h
import sys, re
s = open(sys.argv[1]).read()
def rep(old, new, count=1):
    global s
    assert s.count(old) == count, (old, s.count(old))
    s = s.replace(old, new)
def ins_before(anchor, text, count=1): rep(anchor, text + anchor, count)
def ins_after(anchor, text, count=1): rep(anchor, anchor + text, count)
hdr = '''#ifndef SA__PROF_ONCE
#define SA__PROF_ONCE
double sa_prof[64][16], sa_prof_info[64][8]; int sa_prof_dep;
double sa_own[8][8], sa_ownb[8][128][4], sa_ownc[8][8], sa_blk[8][6], sa_blkb[8][128][3];
#define SA__DP (sa_prof_dep > 0 ? (sa_prof_dep - 1 < 8 ? sa_prof_dep - 1 : 7) : 0)
#endif
'''
ins_before("/* One block SA[lo..hi) of a scan (see above). */", hdr)
# ---- sa__pr_block
a = s.index("static void SA__F(sa__pr_block)(")
b = s.index("/* The block walk split by bucket", a)
f = s[a:b]
def frep(old, new):
    global f
    assert f.count(old) == 1, (old, f.count(old))
    f = f.replace(old, new)
frep("    int rtl = kind & 1;\n    SA__OMP(omp parallel num_threads(px->nt))\n    {\n        int t = sa__p_tid(), TT = sa__p_nth();\n",
     "    int rtl = kind & 1, dp_ = SA__DP;\n    double tf_ = omp_get_wtime();\n    SA__OMP(omp parallel num_threads(px->nt))\n    {\n        int t = sa__p_tid(), TT = sa__p_nth();\n        double w_ = omp_get_wtime(), b_ = w_, x_;\n        if (t == 0) sa_blk[dp_][0] += w_ - tf_;\n")
frep("        for (; i < b; i++) SA__F(sa__pr_rd)(T, SA, ca + (i - lo), i, kind);\n        SA__OMP(omp barrier)\n",
     "        for (; i < b; i++) SA__F(sa__pr_rd)(T, SA, ca + (i - lo), i, kind);\n        x_ = omp_get_wtime(); sa_blkb[dp_][t][0] += x_ - b_;\n        SA__OMP(omp barrier)\n        if (t == 0) { x_ = omp_get_wtime(); sa_blk[dp_][1] += x_ - w_; w_ = x_; }\n")
frep("        for (i = a; i < b; i++) { /* write */",
     "        if (t == 0) { x_ = omp_get_wtime(); sa_blk[dp_][2] += x_ - w_; w_ = x_; }\n        b_ = omp_get_wtime();\n        for (i = a; i < b; i++) { /* write */")
frep("            if (e->c >= 0) SA[e->c] = e->v;\n        }\n    }\n}",
     "            if (e->c >= 0) SA[e->c] = e->v;\n        }\n        x_ = omp_get_wtime(); sa_blkb[dp_][t][2] += x_ - b_;\n        if (t == 0) sa_blk[dp_][3] += x_ - w_;\n    }\n    sa_blk[dp_][4] += omp_get_wtime() - tf_; sa_blk[dp_][5] += 1;\n}")
s = s[:a] + f + s[b:]
# ---- sa__pr_own
a = s.index("static void SA__F(sa__pr_own)(")
b = s.index("/* The slots SA[lo..hi) of a scan of kind 0-3 on one thread", a)
f = s[a:b]
frep("    int rtl = kind & 1;\n    SA__OMP(omp parallel num_threads(px->nt))\n    {\n        int t = sa__p_tid(), TT = sa__p_nth(), u, o;\n",
     "    int rtl = kind & 1, dp_ = SA__DP;\n    double tf_ = omp_get_wtime();\n    SA__OMP(omp parallel num_threads(px->nt))\n    {\n        int t = sa__p_tid(), TT = sa__p_nth(), u, o;\n        double w_ = omp_get_wtime(), b_ = w_, x_;\n        if (t == 0) sa_own[dp_][0] += w_ - tf_;\n")
frep("            if (c >= 0) my[(rtl ? c > cut : c < cut) ? nt : tab[c >> sh]]++;\n        }\n        SA__OMP(omp barrier)\n",
     "            if (c >= 0) my[(rtl ? c > cut : c < cut) ? nt : tab[c >> sh]]++;\n        }\n        x_ = omp_get_wtime(); sa_ownb[dp_][t][0] += x_ - b_;\n        SA__OMP(omp barrier)\n        if (t == 0) { x_ = omp_get_wtime(); sa_own[dp_][1] += x_ - w_; w_ = x_; }\n")
frep("            os[nt + 1] = os[nt + 2] = s;\n        }\n",
     "            os[nt + 1] = os[nt + 2] = s;\n        }\n        if (t == 0) { x_ = omp_get_wtime(); sa_own[dp_][2] += x_ - w_; w_ = x_; }\n        b_ = omp_get_wtime();\n")
frep("            if (c >= 0) L[my[(rtl ? c > cut : c < cut) ? nt : tab[c >> sh]]++] = i - lo;\n        }\n        SA__OMP(omp barrier)\n",
     "            if (c >= 0) L[my[(rtl ? c > cut : c < cut) ? nt : tab[c >> sh]]++] = i - lo;\n        }\n        x_ = omp_get_wtime(); sa_ownb[dp_][t][1] += x_ - b_;\n        SA__OMP(omp barrier)\n        if (t == 0) { x_ = omp_get_wtime(); sa_own[dp_][3] += x_ - w_; w_ = x_; }\n")
frep("            os[nt + 2] = late_end;\n        }\n",
     "            os[nt + 2] = late_end;\n            { SA__I mx = 0; for (int q = 0; q < nt; q++) if (os[q + 1] - os[q] > mx) mx = os[q + 1] - os[q];\n              sa_ownc[dp_][0] += os[nt]; sa_ownc[dp_][1] += hot_end - os[nt]; sa_ownc[dp_][2] += late_end - hot_end;\n              sa_ownc[dp_][3] += mx; sa_ownc[dp_][4] += len; }\n        }\n        if (t == 0) { x_ = omp_get_wtime(); sa_own[dp_][4] += x_ - w_; w_ = x_; }\n        b_ = omp_get_wtime();\n")
frep("                SA_ASSERT(rtl ? d < lo : d >= hi);\n                e->c = d;\n            }\n        }\n        SA__OMP(omp barrier)\n",
     "                SA_ASSERT(rtl ? d < lo : d >= hi);\n                e->c = d;\n            }\n        }\n        x_ = omp_get_wtime(); sa_ownb[dp_][t][2] += x_ - b_;\n        SA__OMP(omp barrier)\n        if (t == 0) { x_ = omp_get_wtime(); sa_own[dp_][5] += x_ - w_; w_ = x_; }\n        b_ = x_;\n")
frep("            if (e->c >= 0) SA[e->c] = e->v;\n        }\n    }\n}",
     "            if (e->c >= 0) SA[e->c] = e->v;\n        }\n        x_ = omp_get_wtime(); sa_ownb[dp_][t][3] += x_ - b_;\n        if (t == 0) sa_own[dp_][6] += x_ - w_;\n    }\n    sa_own[dp_][7] += omp_get_wtime() - tf_; sa_ownc[dp_][5] += 1;\n}")
s = s[:a] + f + s[b:]
# ---- sa__lvl_g timers (int levels)
start = '''#undef SA__PT
#if !SA__BYTE
    int dep_ = sa_prof_dep++; double t0_ = omp_get_wtime();
#define SA__PT(k) do { double t1_ = omp_get_wtime(); sa_prof[dep_][k] += t1_ - t0_; t0_ = t1_; } while (0)
#else
#define SA__PT(k) ((void)0)
#endif
'''
ins_before("#if !SA__BYTE\n    if (cnt && px && SA__F(sa__pr_count)", start)
ins_before("    /* stage 1: sort the LMS substrings */", "    SA__PT(0);\n")
ins_before("    if (m > 1) {\n        SA__I *RA = SA + n - m;\n#if SA__BYTE\n        name = SA__F(sa__s1_bytes)", "    SA__PT(1);\n")
ins_after("        else SA__FC(sa__induce_lms)(T, SA, n, k, cnt, B);\n", "        SA__PT(2);\n")
ins_after("        SA_ASSERT(j == m);\n", "        SA__PT(3);\n")
ins_before("        if (px) name = SA__FC(sa__pr_names)", "        SA__PT(4);\n")
ins_before("        /* the reduced string (names - 1, in text order) goes to the end of SA */", "        SA__PT(5);\n")
ins_before("        /* stage 2: the SA of the reduced string, recursively unless the names are unique */", "        SA__PT(6);\n")
ins_before("            st = SA__CAT(SA__CAT(sa__lvl_px, SA__W), i)(SA + n - m + f", "            SA__PT(7);\n")
ins_after("            /* (NULL: this level's guard found the threads waiting on each other) */\n            if (st != SA_OK) goto done;\n", "            SA__PT(8);\n")
ins_before("        /* reduced-string indices to text positions: RA[j] = the j-th LMS position */", "        SA__PT(7);\n")
ins_before("    /* stage 3: sorted LMS suffixes to their bucket ends (in order), then induce */", "    SA__PT(9);\n")
ins_before("#if !SA__BYTE\n    if (px && SA__PR_SCANS) SA__F(sa__pr_induce)(T, SA, n, k, cnt, B, px, &rt, 3);", "    SA__PT(10);\n")
end = '''#if !SA__BYTE
    SA__PT(11);
    sa_prof_info[dep_][0] = n; sa_prof_info[dep_][1] = m; sa_prof_info[dep_][2] = name; sa_prof_info[dep_][3] = k;
    sa_prof_info[dep_][4] = px != NULL; sa_prof_info[dep_][5] = rt.off; sa_prof_info[dep_][6] += 1; sa_prof_dep--;
#endif
'''
ins_after("    SA__FC(sa__induce)(T, SA, n, k, cnt, B);\ndone:\n", end)
open(sys.argv[2], "w").write(s)
