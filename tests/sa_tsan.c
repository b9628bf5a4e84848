/* sa_tsan.c - the parallel suffix sort under ThreadSanitizer (issue 14.6), run by tests/sa_tsan.sh.
 * Four inputs that reach the parallel code's paths on 4 threads: 4-letter random text (many
 * small groups: the look-ahead prefetching of phase 1 and 2), random bytes with a long repeat
 * (chains: sa__p_chain_head / sa__p_isgroup), a text of short random runs in a periodic
 * background, and words of a small vocabulary (parallel SA-IS: the int levels' unique-name
 * dropping, sa__drop_par / sa__undrop_par); then the LCP (Phi and Kasai) and the validator,
 * also parallel. Every result is checked with sa_validate; exit 1 on a wrong result (TSan
 * reports make the script fail). The same inputs then go through the block-parallel SA-IS
 * (SA_ALGO_PARALLEL_SAIS, small blocks). */
#define SA__GRAIN 64
#define SA__PI_CACHE 256 /* parallel SA-IS: small blocks, so that most scans run split over threads */
#define SA__PI_MINB 64
#define SA__PI_ADAPT 0
#define SA__PR_MIN 256 /* the int levels' passes and block scans (sa__pr_*) on all threads too */
#define SA_IMPLEMENTATION
#include "sa.h"
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int32_t n = argc > 1 ? atoi(argv[1]) : 100000;
    uint8_t *t = malloc((size_t)n);
    int32_t *sa = malloc(4 * (size_t)n), *lcp = malloc(4 * (size_t)n);
    unsigned long long x = 88172645463325252ull;
    int bad = 0;
    if (!t || !sa || !lcp || n < 16) return 2;
    for (int kind = 0; kind < 4; kind++) {
        for (int32_t i = 0; i < n; i++) {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            t[i] = kind == 0 ? (uint8_t)('a' + x % 4) : kind == 1 ? (uint8_t)x : (uint8_t)('a' + (i % 1000 < 3 ? x % 3 : i % 7));
        }
        if (kind == 3) /* words of a 40-word vocabulary: unique names dropped at the int levels */
            for (int32_t i = 0; i < n;) {
                unsigned w = (unsigned)(x % 40), len = 2 + w % 7;
                x ^= x << 13; x ^= x >> 7; x ^= x << 17;
                for (unsigned j = 0; j < len && i < n; j++) t[i++] = (uint8_t)('a' + (w * 7 + j * 3 + j * w) % 6);
                if (i < n) t[i++] = x % 8 ? ' ' : '\n';
            }
        if (kind == 1) memcpy(t + n / 2, t + n / 8, (size_t)n / 4); /* a long repeat: chains */
        sa_options o = {SA_ALGO_PARALLEL, 4, SA_LCP_PHI}, q = {SA_ALGO_PARALLEL_SAIS, 4, SA_LCP_PHI};
        sa_status st = sa_build(t, sa, n, &q);
        if (st == SA_OK) st = sa_validate(t, sa, n);
        printf("input %d, n = %d, parallel SA-IS: %s\n", kind, n, sa_status_string(st));
        bad |= st != SA_OK;
        st = sa_build(t, sa, n, &o);
        if (st == SA_OK) st = sa_validate(t, sa, n);
        if (st == SA_OK) st = sa_lcp(t, sa, lcp, n, &o);
        o.lcp = SA_LCP_KASAI;
        if (st == SA_OK) st = sa_lcp(t, sa, lcp, n, &o);
        printf("input %d, n = %d: %s\n", kind, n, sa_status_string(st));
        bad |= st != SA_OK;
    }
    free(t); free(sa); free(lcp);
    return bad;
}
