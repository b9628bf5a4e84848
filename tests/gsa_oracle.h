/* tests/gsa_oracle.h - the GSA tests' oracle and text generator (sa_test_bwt.c, sa_test_gsa_par.c),
 * written without sa.h: include after check.h.
 *   naive_gsa(t, n, sa, lcp)   qsort with a comparison that stops at each string's 0 and orders
 *                              equal strings by position (libsais_gsa's order); lcp by direct
 *                              comparison, never counting a 0
 *   gsa_strings(t, n, mode)    0-terminated strings, none empty, t[n - 1] = 0 (n >= 2), mode <
 *                              GSA_MODES: 0 prefixes of each other ("a", "ab", ...), 1 one string
 *                              many times, 2 one-byte strings, 3 short over a tiny alphabet, 4 every
 *                              nonzero byte, 5 long and periodic, 6 DNA-like */
#ifndef GSA_ORACLE_H
#define GSA_ORACLE_H
static const uint8_t *go_text;
static int go_cmp(const void *a, const void *b)
{
    int32_t i = *(const int32_t *)a, j = *(const int32_t *)b, i0 = i, j0 = j;
    for (;;) {
        if (go_text[i] != go_text[j]) return go_text[i] < go_text[j] ? -1 : 1;
        if (go_text[i] == 0) return i0 < j0 ? -1 : 1;
        i++, j++;
    }
}
static void naive_gsa(const uint8_t *t, int32_t n, int32_t *sa, int32_t *lcp)
{
    for (int32_t i = 0; i < n; i++) sa[i] = i;
    go_text = t;
    qsort(sa, (size_t)n, sizeof *sa, go_cmp);
    for (int32_t k = 0; k < n; k++) {
        int32_t l = 0;
        if (k > 0)
            while (t[sa[k] + l] == t[sa[k - 1] + l] && t[sa[k] + l] != 0) l++;
        lcp[k] = l;
    }
}
#define GSA_MODES 7
static void gsa_strings(uint8_t *t, int32_t n, int mode)
{
    int32_t i = 0, len = 1;
    while (i < n) {
        int32_t l;
        switch (mode) {
        case 0: l = 1 + (int32_t)check_rand_below((uint64_t)len + 1); break; /* prefixes: "a", "ab", ... */
        case 1: l = 7; break;                                                 /* one string many times */
        case 2: l = 1; break;                                                 /* one-byte strings */
        case 3: l = 1 + (int32_t)check_rand_below(3); break;                  /* short strings, tiny alphabet */
        case 4: l = 1 + (int32_t)check_rand_below(60); break;                 /* every nonzero byte */
        case 5: l = 1 + (int32_t)check_rand_below(400); break;                /* long, periodic */
        default: l = 1 + (int32_t)check_rand_below(30); break;                /* DNA-like */
        }
        for (int32_t q = 0; q < l && i < n; q++)
            t[i++] = mode == 0 ? (uint8_t)("abcab"[q % 5]) : mode == 1 ? (uint8_t)("abaabab"[q])
                   : mode == 2 || mode == 3 ? (uint8_t)(1 + check_rand_below(2))
                   : mode == 4 ? (uint8_t)(1 + check_rand_below(255)) : mode == 5 ? (uint8_t)('a' + (q % 3 == 2))
                   : (uint8_t)"ACGT"[check_rand_below(4)];
        if (i < n) t[i++] = 0;
        len = l;
    }
    if (n >= 2 && t[n - 2] == 0) t[n - 2] = 'z'; /* no empty last string */
    t[n - 1] = 0;
}
#endif
