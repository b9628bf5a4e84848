# issue 23 profile (sacore 2026-11-28): sa.h -> sa_prof.h, timers in sa__lvl_g (int levels) per depth.
#   python3 h100host_20261128_prof_patch.py sa.h sa_prof.h   (prof_v1.c = prof.c including sa_prof_v1.h)
import sys
s = open(sys.argv[1]).read()
def ins_before(anchor, text, count=1):
    global s
    assert s.count(anchor) == count, (anchor, s.count(anchor))
    s = s.replace(anchor, text + anchor)
def ins_after(anchor, text, count=1):
    global s
    assert s.count(anchor) == count, (anchor, s.count(anchor))
    s = s.replace(anchor, anchor + text)
hdr = '''#ifndef SA__PROF_ONCE
#define SA__PROF_ONCE
double sa_prof[64][16], sa_prof_info[64][8]; int sa_prof_dep;
#endif
'''
ins_before("static sa_status SA__FC(sa__lvl_g)(const SA__C *T, SA__I *SA, SA__I n, SA__I k, SA__I *ws, SA__I wsize,\n                                   const SA__F(sa__prx) *px, int gsa)\n{", hdr)
start = '''#undef SA__PT
#if !SA__BYTE
    int dep_ = sa_prof_dep++; double t0_ = omp_get_wtime();
#define SA__PT(k) do { double t1_ = omp_get_wtime(); sa_prof[dep_][k] += t1_ - t0_; t0_ = t1_; } while (0)
#else
#define SA__PT(k) ((void)0)
#endif
'''
ins_before("#if !SA__BYTE\n    if (cnt && k <= 1024) {", start)
ins_before("    /* stage 1: sort the LMS substrings */", "    SA__PT(0);\n")
ins_before("    if (m > 1) {\n        SA__I *RA = SA + n - m;\n#if SA__BYTE\n        name = SA__F(sa__s1_bytes)", "    SA__PT(1);\n")
ins_before("        for (i = 0, j = 0; i < n; i++) { /* branch-free: j <= i, SA[i] already read */", "        SA__PT(2);\n")
ins_after("        SA_ASSERT(j == m);\n", "        SA__PT(3);\n")
ins_before("        if (px) name = SA__FC(sa__pr_names)", "        SA__PT(4);\n")
ins_before("        /* the reduced string (names - 1, in text order) goes to the end of SA */", "        SA__PT(5);\n")
ins_before("        /* stage 2: the SA of the reduced string, recursively unless the names are unique */", "        SA__PT(6);\n")
ins_before("            st = SA__CAT(SA__CAT(sa__lvl_px, SA__W), i)(SA + n - m + f", "            SA__PT(7);\n")
ins_after("            /* (NULL: this level's guard found the threads waiting on each other) */\n            if (st != SA_OK) goto done;\n", "            SA__PT(8);\n")
ins_after("            if (f > 0) SA__F(sa__undrop_unique)(SA, n, m, f);\n", "            SA__PT(9);\n")
ins_before("        /* reduced-string indices to text positions: RA[j] = the j-th LMS position */", "        SA__PT(7);\n")
ins_before("    /* stage 3: sorted LMS suffixes to their bucket ends (in order), then induce */", "    SA__PT(10);\n")
ins_before("#if !SA__BYTE\n    if (px && SA__PR_SCANS) SA__F(sa__pr_induce)(T, SA, n, k, cnt, B, px, &rt, 3);", "    SA__PT(11);\n")
end = '''#if !SA__BYTE
    SA__PT(12);
    sa_prof_info[dep_][0] = n; sa_prof_info[dep_][1] = m; sa_prof_info[dep_][2] = name; sa_prof_info[dep_][3] = k;
    sa_prof_info[dep_][4] = px != NULL; sa_prof_info[dep_][5] = rt.off; sa_prof_info[dep_][6] += 1; sa_prof_dep--;
#endif
'''
ins_after("    SA__FC(sa__induce)(T, SA, n, k, cnt, B);\ndone:\n", end)
open(sys.argv[2], "w").write(s)
