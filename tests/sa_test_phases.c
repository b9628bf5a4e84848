/* sa_test_phases.c - inputs aimed at single phases of sa.h's SA-IS (issue 23), checked against
 * an independent prefix-doubling oracle (qsort of rank pairs), for sequential SA-IS, parallel
 * SA-IS with blocks of two entries (1, 3, 5 and 7 threads, texts up to 8192), the default, and
 * sa_build_int on the same bytes as integers:
 *  - LMS substrings that agree in their first 8 bytes (or more) and differ later, of equal and
 *    of different lengths (the naming's one-word compare must not call them equal), on both
 *    sides of 65536 (with and without the LMS bit vector);
 *  - reduced strings whose names are all unique (the direct inverse), none unique (periodic:
 *    every LMS substring but the last the same), exactly one repeated (random bytes with one
 *    LMS substring copied), and mostly unique with long runs (the doubling's refusal);
 *  - sizes one off 2^k (k = 1..17) and off the 64-bit words of the LMS bit vector;
 *  - unique-name dropping before each recursion: word texts (many unique names at the deeper
 *    levels), DNA and a long repeat, with the number dropped unlimited, 0, 1 and 3, tried at
 *    every level whatever the share of unique names (at 5 and 7 threads, SA__PR_PAR_T = 4 and up:
 *    unlimited runs sa__drop_par / sa__undrop_par, the caps their one-thread fallback; stage 3's
 *    placing there is sa__pr_place3, blocks of one cache's worth);
 *  - an int level's symbol counts on its threads (sa__pr_count), directly against a plain count.
 * Parallel SA-IS is compiled with a cache of one entry a thread and blocks of two entries (the
 * smallest the scans allow), so every block boundary lies inside these texts. */
#include "check.h"
#define SA__PI_CACHE 1
#define SA__PI_MINB 2
#define SA__PI_MIN 32
#define SA__PR_MIN 16 /* parallel SA-IS: int levels of 16 entries or more on all threads */
#define SA__PI_ADAPT 0
#define SA__GRAIN 16
#define SA_AUTO_MIN 1024
/* unique-name dropping tried at every level, and capped at drop_cap entries when >= 0 */
static long long drop_cap = -1;
#define SA__DROP_DIV (1 << 30)
#define SA__DROP_CAP(n, m) (drop_cap >= 0 && drop_cap < ((n) - 2 * (m)) / 2 ? drop_cap : ((n) - 2 * (m)) / 2)
/* sa_build_int on byte-valued texts stays on the int level (k <= 256 would run the byte level) */
#define SA__INT_BYTES 0
#define SA_IMPLEMENTATION
#include "../sa.h"
/* the template part's constants stay inside the implementation (SA__INT_BYTES too, although this
 * file set it) */
#if defined(SA__S3D) || defined(SA__INT_BYTES)
#define SA_TEST_MACROS_LEFT 1
#else
#define SA_TEST_MACROS_LEFT 0
#endif

typedef struct { int64_t r1, r2; int32_t i; } trip;
static int trip_cmp(const void *x, const void *y)
{
    const trip *a = x, *b = y;
    if (a->r1 != b->r1) return a->r1 < b->r1 ? -1 : 1;
    if (a->r2 != b->r2) return a->r2 < b->r2 ? -1 : 1;
    return 0;
}

/* prefix doubling: sort by (rank[i], rank[i+h] or -1) until every rank is distinct */
static void oracle(const uint8_t *t, int32_t n, int32_t *sa)
{
    trip *v = malloc(sizeof *v * (size_t)(n ? n : 1));
    int64_t *rank = malloc(sizeof *rank * (size_t)(n ? n : 1));
    for (int32_t i = 0; i < n; i++) rank[i] = t[i];
    for (int64_t h = 1;; h *= 2) {
        int all = 1;
        for (int32_t i = 0; i < n; i++) { v[i].r1 = rank[i]; v[i].r2 = i + h < n ? rank[i + h] : -1; v[i].i = i; }
        qsort(v, (size_t)n, sizeof *v, trip_cmp);
        for (int32_t i = 0, g = 0; i < n; i++) {
            if (i > 0 && trip_cmp(&v[i - 1], &v[i]) != 0) g = i;
            else if (i > 0) all = 0;
            rank[v[i].i] = g;
        }
        if (all || h >= n) break;
    }
    for (int32_t i = 0; i < n; i++) sa[i] = v[i].i;
    free(v);
    free(rank);
}

static void check_text(const char *what, const uint8_t *t, int32_t n)
{
    int32_t *ref = malloc(sizeof *ref * (size_t)(n + 1)), *sa = malloc(sizeof *sa * (size_t)(n + 1));
    int32_t *ti = malloc(sizeof *ti * (size_t)(n + 1));
    static const int thr[] = {1, 3, 5, 7};
    oracle(t, n, ref);
    for (int a = 0; a < 3; a++) {
        static const sa_algorithm al[] = {SA_ALGO_SAIS, SA_ALGO_PARALLEL_SAIS, SA_ALGO_DEFAULT};
        /* threads only on the short texts: blocks of two entries cost a barrier each */
        for (int k = 0; k < (a == 0 || n > 8192 ? 1 : 4); k++) {
            sa_options o = {al[a], thr[k], SA_LCP_DEFAULT};
            sa_status st = sa_build(t, sa, n, &o);
            int bad = st != SA_OK ? -2 : -1;
            for (int32_t i = 0; i < n && bad == -1; i++) if (sa[i] != ref[i]) bad = i;
            CHECK(bad == -1, "%s n=%d %s threads=%d: %s at %d", what, (int)n, sa_algorithm_name(al[a]), thr[k],
                  st != SA_OK ? sa_status_string(st) : "SA differs", bad);
        }
    }
    for (int32_t i = 0; i < n; i++) ti[i] = t[i];
    sa_status st = sa_build_int(ti, sa, n, 256, NULL);
    int bad = st != SA_OK ? -2 : -1;
    for (int32_t i = 0; i < n && bad == -1; i++) if (sa[i] != ref[i]) bad = i;
    CHECK(bad == -1, "%s n=%d sa_build_int: differs at %d", what, (int)n, bad);
    free(ref); free(sa); free(ti);
}

/* words "m" + L 'a's + one of few tails + "m": the LMS substrings start at the 'a' runs and share
 * their first L >= 8 bytes; tails of 1 to 3 bytes give equal and unequal lengths */
static void gen_collide(uint8_t *t, int32_t n, int L)
{
    static const char *tails[] = {"b", "c", "bb", "bc", "cb", "bbb", "bcb"};
    int32_t i = 0;
    while (i < n) {
        const char *tl = tails[check_rand_below(7)];
        int len = L - (int)check_rand_below(2); /* a run one shorter now and then */
        if (i < n) t[i++] = 'm';
        for (int j = 0; j < len && i < n; j++) t[i++] = 'a';
        for (const char *c = tl; *c && i < n; c++) t[i++] = (uint8_t)*c;
    }
}

static void check_collisions(void)
{
    static const int Ls[] = {7, 8, 9, 10, 15, 16, 17, 40};
    static const int32_t ns[] = {3000, 66001};
    uint8_t *t = malloc(70001);
    char what[64];
    for (size_t a = 0; a < sizeof Ls / sizeof *Ls; a++)
        for (size_t b = 0; b < (a % 3 == 0 ? 2 : 1); b++) { /* the long texts for three run lengths */
            gen_collide(t, ns[b], Ls[a]);
            snprintf(what, sizeof what, "names beyond 8 bytes (run %d)", Ls[a]);
            check_text(what, t, ns[b]);
        }
    free(t);
}

static void check_reduced(void)
{
    int32_t n = 6000;
    uint8_t *t = malloc((size_t)n);
    /* (3000 + 2000 + 5 fit: the copies below stay inside) */
    for (int32_t i = 0; i < n; i++) t[i] = (uint8_t)check_rand();
    check_text("all names unique (random bytes)", t, n);
    for (int32_t i = 0; i < n; i++) t[i] = (uint8_t)"cab"[i % 3];
    check_text("no name unique (periodic cab)", t, n);
    for (int32_t i = 0; i < n; i++) t[i] = (uint8_t)"zayb"[i % 4];
    check_text("no name unique (periodic zayb)", t, n);
    for (int32_t i = 0; i < n; i++) t[i] = (uint8_t)check_rand();
    memcpy(t + 4000, t + 100, 5); /* one short substring twice */
    t[99] = 250; t[100] = 1; t[101] = 2; t[4000] = 1; t[4001] = 2; t[3999] = 250;
    check_text("one repeated name", t, n);
    for (int32_t i = 0; i < n; i++) t[i] = (uint8_t)check_rand();
    memcpy(t + 3000, t + 200, 2000); /* a long repeat: runs of repeated names */
    check_text("mostly unique, one long run", t, n);
    free(t);
}

static void check_sizes(void)
{
    uint8_t *t = malloc((1 << 17) + 2);
    char what[64];
    for (int k = 1; k <= 17; k++)
        for (int d = -1; d <= 1; d++) {
            int32_t n = (1 << k) + d;
            int kind = (k + d + 3) % 3;
            for (int32_t i = 0; i < n; i++)
                t[i] = kind == 0 ? (uint8_t)check_rand() : kind == 1 ? (uint8_t)"ACGT"[check_rand_below(4)]
                                                                    : (uint8_t)(i % 7 == 0 ? 'b' : 'a');
            snprintf(what, sizeof what, "size 2^%d%+d kind %d", k, d, kind);
            if (n >= 1 && (k <= 12 || (k == 17 && d != 0))) check_text(what, t, n);
        }
    for (int32_t n = 65535; n <= 65537 + 128; n += 65) { /* LMS bits: words and their ends */
        for (int32_t i = 0; i < n; i++) t[i] = (uint8_t)"ab"[check_rand_below(2)];
        check_text("LMS bit words", t, n);
    }
    free(t);
}

/* words from a small random vocabulary: few unique names at the byte level, most of them unique
 * a level or two down (the C headers' shape) */
static void gen_words(uint8_t *t, int32_t n, int vocab)
{
    uint8_t w[64][9];
    int len[64];
    for (int v = 0; v < vocab; v++) {
        len[v] = 2 + (int)check_rand_below(7);
        for (int j = 0; j < len[v]; j++) w[v][j] = (uint8_t)('a' + check_rand_below(6));
    }
    for (int32_t i = 0; i < n;) {
        int v = (int)check_rand_below((uint32_t)vocab);
        for (int j = 0; j < len[v] && i < n; j++) t[i++] = w[v][j];
        if (i < n) t[i++] = check_rand_below(8) ? ' ' : '\n';
    }
}

static void check_drop(void)
{
    static const long long caps[] = {-1, 0, 1, 3};
    static const int32_t ns[] = {777, 5000, 70001};
    uint8_t *t = malloc(70001);
    char what[96];
    for (size_t c = 0; c < sizeof caps / sizeof *caps; c++) {
        drop_cap = caps[c];
        for (size_t b = 0; b < sizeof ns / sizeof *ns; b++) {
            if (ns[b] > 8192 && c > 1) continue; /* the long texts: unlimited and none */
            gen_words(t, ns[b], 40);
            snprintf(what, sizeof what, "dropping (cap %lld): words", caps[c]);
            check_text(what, t, ns[b]);
            for (int32_t i = 0; i < ns[b]; i++) t[i] = (uint8_t)"ACGT"[check_rand_below(4)];
            snprintf(what, sizeof what, "dropping (cap %lld): DNA", caps[c]);
            check_text(what, t, ns[b]);
            for (int32_t i = 0; i < ns[b]; i++) t[i] = (uint8_t)check_rand_below(3);
            memcpy(t + ns[b] / 2, t + 10, (size_t)ns[b] / 3); /* a long repeat beside unique names */
            snprintf(what, sizeof what, "dropping (cap %lld): repeat", caps[c]);
            check_text(what, t, ns[b]);
        }
    }
    drop_cap = -1;
    free(t);
}

/* naive SA of a short text: insertion sort of the suffixes by memcmp */
static void naive_sa(const uint8_t *t, int32_t n, int32_t *sa)
{
    for (int32_t i = 0; i < n; i++) {
        int32_t j = i;
        for (; j > 0; j--) {
            int32_t a = sa[j - 1], la = n - a, lb = n - i;
            int c = memcmp(t + a, t + i, (size_t)(la < lb ? la : lb));
            if (c < 0 || (c == 0 && la < lb)) break;
            sa[j] = a;
        }
        sa[j] = i;
    }
}

/* one-thread byte SA-IS of t in 32- and 64-bit indices against ref (sa, sa64: n entries) */
static int sais_bytes_match(const uint8_t *t, int32_t n, const int32_t *ref, int32_t *sa, int64_t *sa64)
{
    sa_options o = sa_options_default();
    o.algorithm = SA_ALGO_SAIS;
    o.threads = 1;
    sa_status st = sa_build(t, sa, n, &o);
    int ok = st == SA_OK && memcmp(sa, ref, sizeof *sa * (size_t)n) == 0;
    st = sa_build64(t, sa64, n, &o);
    for (int32_t i = 0; i < n && ok; i++) ok = st == SA_OK && sa64[i] == ref[i];
    return ok;
}

/* Stage 1 on bytes (sa__s1_bytes: LL/seed and LS/SS regions, names marked inside the scans):
 * every text over a few letters up to a length, with 32- and 64-bit indices (LMS seeds of
 * neighbouring bytes with no L entry between them, prefixes left of the first LMS position, two
 * LMS positions, the sentinel in either region); then long prefixes without an LMS position
 * (descending runs, one byte repeated) before random and periodic tails. */
static void check_stage1(void)
{
    static const struct { int sigma, maxn; } sets[] = {{2, 16}, {3, 11}, {4, 8}, {6, 6}};
    uint8_t t[64];
    int32_t sa[64], ref[64];
    int64_t sa64[64];
    for (size_t s = 0; s < sizeof sets / sizeof *sets; s++)
        for (int n = 1; n <= sets[s].maxn; n++) {
            long long total = 1;
            for (int i = 0; i < n; i++) total *= sets[s].sigma;
            for (long long x = 0; x < total; x++) {
                long long y = x;
                for (int i = 0; i < n; i++) { t[i] = (uint8_t)('a' + y % sets[s].sigma); y /= sets[s].sigma; }
                naive_sa(t, n, ref);
                if (!CHECK(sais_bytes_match(t, n, ref, sa, sa64), "all texts over %d letters, n=%d: text %.*s", sets[s].sigma, n, n, (const char *)t))
                    return;
            }
        }
    uint8_t *u = malloc(24000);
    char what[64];
    for (int kind = 0; kind < 6; kind++)
        for (int32_t pre = 1; pre <= 20000; pre *= 7) {
            int32_t n = pre + 3000;
            for (int32_t i = 0; i < pre; i++) u[i] = kind < 3 ? (uint8_t)(255 - (int)((int64_t)i * 250 / pre)) : (uint8_t)'z';
            for (int32_t i = pre; i < n; i++)
                u[i] = kind % 3 == 0 ? (uint8_t)check_rand() : kind % 3 == 1 ? (uint8_t)"ACGT"[check_rand_below(4)]
                                                                           : (uint8_t)"abcab"[i % 5];
            snprintf(what, sizeof what, "prefix of %d without LMS, kind %d", (int)pre, kind);
            check_text(what, u, n);
        }
    free(u);
}

/* The induction scans of sa__induce (stage 3, bytes and int levels), sa__induce_lms (stage 1,
 * int levels) and sa__s1_bytes (stage 1, bytes: its L and S scans): a prefetching body two
 * entries a step while the entry 64 (bytes) or 128 (int levels) ahead exists, then a one-entry
 * tail. Every n from 2 to 300 (each body's end on both
 * sides, odd and even n), 32- and 64-bit indices, as bytes and through sa_build_int /
 * sa_build_int64 with k = 257 (the int level on the whole text; k <= 256 runs the byte level),
 * texts whose entries induce or not near the body's end: random bytes, DNA, two letters, one
 * letter, descending and ascending runs, periodic; checked against the naive sort. */
static void check_stage3(void)
{
    uint8_t t[300];
    int32_t sa[300], ref[300], ti[300];
    int64_t sa64[300], ti64[300];
    for (int kind = 0; kind < 7; kind++)
        for (int32_t n = 2; n <= 300; n++) {
            for (int32_t i = 0; i < n; i++)
                t[i] = kind == 0 ? (uint8_t)check_rand() : kind == 1 ? (uint8_t)"ACGT"[check_rand_below(4)]
                     : kind == 2 ? (uint8_t)"ab"[check_rand_below(2)] : kind == 3 ? (uint8_t)'a'
                     : kind == 4 ? (uint8_t)(255 - i % 200) : kind == 5 ? (uint8_t)(i % 67)
                                 : (uint8_t)"abcab"[i % 5];
            naive_sa(t, n, ref);
            int ok = sais_bytes_match(t, n, ref, sa, sa64);
            sa_options o = sa_options_default();
            o.algorithm = SA_ALGO_SAIS;
            o.threads = 1;
            for (int32_t i = 0; i < n; i++) { ti[i] = t[i]; ti64[i] = t[i]; }
            sa_status st = sa_build_int(ti, sa, n, 257, &o);
            ok = ok && st == SA_OK && memcmp(sa, ref, sizeof *sa * (size_t)n) == 0;
            st = sa_build_int64(ti64, sa64, n, 257, &o);
            for (int32_t i = 0; i < n && ok; i++) ok = st == SA_OK && sa64[i] == ref[i];
            if (!CHECK(ok, "induction scans, kind %d, n=%d", kind, (int)n)) return;
        }
}

/* An int level over few symbols (sa__lvl_px; SA__INT_BYTES 0 keeps sa_build_int on the int level
 * for k <= 256): its counts of the text (k <= 1024: even and odd positions counted apart, so odd
 * and even n) and stage 3's placement of the sorted LMS suffixes at their bucket ends (m >= 8k:
 * one symbol's run at a time with its end in a register; below: one counter per entry), with
 * k = 2..9 and 1024 around that threshold: random texts over k symbols, runs of one symbol,
 * and Fibonacci words (two symbols at every level), n = 2..80 and a few thousands, 32- and 64-bit
 * indices, against the prefix-doubling oracle. */
static void check_few_symbols(void)
{
    enum { N = 5000 };
    uint8_t *t = malloc(N);
    int32_t *ti = malloc(sizeof *ti * N), *sa = malloc(sizeof *sa * N), *ref = malloc(sizeof *ref * N);
    int64_t *ti64 = malloc(sizeof *ti64 * N), *sa64 = malloc(sizeof *sa64 * N);
    static const int32_t ks[] = {2, 3, 4, 5, 8, 9, 1024};
    static const int32_t big[] = {257, 1000, 1001, 4095, 4096, 4999};
    sa_options o = sa_options_default();
    o.algorithm = SA_ALGO_SAIS;
    o.threads = 1;
    for (size_t ki = 0; ki < sizeof ks / sizeof *ks; ki++)
        for (int kind = 0; kind < 3; kind++)
            for (int32_t step = 0; step < 79 + (int32_t)(sizeof big / sizeof *big); step++) {
                int32_t k = ks[ki], n = step < 79 ? step + 2 : big[step - 79], run = 1 + (int32_t)check_rand_below(12), ok;
                uint8_t a = 0, b = 1;
                for (int32_t i = 0; i < n; i++) {
                    if (kind == 0) t[i] = (uint8_t)check_rand_below((uint32_t)(k < 256 ? k : 256));
                    else if (kind == 1) t[i] = (uint8_t)((i / run) % (k < 256 ? k : 256));
                }
                if (kind == 2) { /* Fibonacci word over {0, k - 1 or 255}: S(j) = S(j-1) S(j-2) */
                    int32_t la = 1, lb = 2;
                    b = (uint8_t)(k < 256 ? k - 1 : 255);
                    t[0] = b;
                    if (n > 1) t[1] = a;
                    while (lb < n) {
                        int32_t c = lb + la < n ? la : n - lb;
                        memcpy(t + lb, t, (size_t)c);
                        la = lb;
                        lb += c;
                    }
                }
                oracle(t, n, ref);
                for (int32_t i = 0; i < n; i++) { ti[i] = t[i]; ti64[i] = t[i]; }
                ok = sa_build_int(ti, sa, n, k, &o) == SA_OK && memcmp(sa, ref, sizeof *sa * (size_t)n) == 0;
                sa_status st = sa_build_int64(ti64, sa64, n, k, &o);
                for (int32_t i = 0; i < n && ok; i++) ok = st == SA_OK && sa64[i] == ref[i];
                if (!CHECK(ok, "few symbols, k=%d, kind %d, n=%d", (int)k, kind, (int)n)) goto out;
            }
out:
    free(t); free(ti); free(sa); free(ref); free(ti64); free(sa64);
}

/* sa__pr_count (an int level's symbol counts on its threads, per-thread tables in the level's SA)
 * against a plain count: k from 1 to n (n / k tables at most, so k > n / 2: nothing done and 0
 * returned), n = 2..300 and a few thousands, random symbols or runs of one, 1, 2, 3, 5 and 7
 * threads, 32- and 64-bit; SA[n..n + 64) must stay as it was (the tables live in SA[0..n)). */
static void check_pr_count(void)
{
    enum { N = 4100, PAD = 64 };
    int32_t *t = malloc(sizeof *t * N), *sa = malloc(sizeof *sa * (N + PAD)), *cnt = malloc(sizeof *cnt * N);
    int32_t *want = malloc(sizeof *want * N);
    int64_t *t64 = malloc(sizeof *t64 * N), *sa64 = malloc(sizeof *sa64 * (N + PAD)), *cnt64 = malloc(sizeof *cnt64 * N);
    sa__pic32 cache[8];
    sa__pic64 cache64[8];
    int32_t tc[256 * 7];
    int64_t tc64[256 * 7];
    static const int ths[] = {1, 2, 3, 5, 7};
    for (int step = 0; step < 320; step++) {
        int32_t n = step < 300 ? step + 2 : 4000 + (int32_t)check_rand_below(100);
        int32_t k = 1 + (int32_t)check_rand_below((uint64_t)n), run = 1 + (int32_t)check_rand_below(9);
        int th = ths[step % 5], ok = 1, r, r64;
        sa__prx32 px = {th, cache, th, tc};
        sa__prx64 px64 = {th, cache64, th, tc64};
        if (step % 7 == 0) k = n / 2 + (int32_t)check_rand_below(2); /* around the n / k >= 2 limit */
        if (k < 1) k = 1;
        memset(want, 0, sizeof *want * (size_t)k);
        for (int32_t i = 0; i < n; i++) {
            t[i] = step % 3 == 2 ? (int32_t)((i / run) % k) : (int32_t)check_rand_below((uint64_t)k);
            t64[i] = t[i];
            want[t[i]]++;
        }
        for (int32_t i = 0; i < n + PAD; i++) { sa[i] = -7; sa64[i] = -7; }
        r = sa__pr_count32(t, sa, n, k, cnt, &px);
        r64 = sa__pr_count64(t64, sa64, n, k, cnt64, &px64);
        ok = r == (n / k >= 2) && r64 == r;
        for (int32_t c = 0; c < k && ok && r; c++) ok = cnt[c] == want[c] && cnt64[c] == want[c];
        for (int32_t i = n; i < n + PAD && ok; i++) ok = sa[i] == -7 && sa64[i] == -7;
        if (!CHECK(ok, "sa__pr_count n=%d k=%d threads=%d: returned %d/%d", (int)n, (int)k, th, r, r64)) break;
    }
    free(t); free(sa); free(cnt); free(want); free(t64); free(sa64); free(cnt64);
}

int main(int argc, char **argv)
{
    check_init(argc, argv);
    CHECK(!SA_TEST_MACROS_LEFT, "SA__S3D or SA__INT_BYTES defined after the implementation");
    check_pr_count();
    check_stage1();
    check_stage3();
    check_few_symbols();
    check_collisions();
    check_reduced();
    check_sizes();
    check_drop();
    return check_done();
}
