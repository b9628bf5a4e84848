/* test_spiral.c - spiral.h against independent oracles: a brute-force walk of the spiral,
 * the per-cell formula, the closed-form XOR; round trips of the inverse on huge matrices;
 * row/tile/band generation on random rows of huge matrices; checksums of whole matrices and
 * bands (small and medium shapes around the lane lengths, bands with coordinates near 2^64);
 * no count wraps; statuses for bad input. Runs in well under a second (also under ASan/UBSan).
 * SPIRAL_TEST_BIG=1 also checksums 100000 x 300000 by generating all 3e10 values. */
#define SPIRAL_IMPLEMENTATION
#include "spiral.h"
#include "check.h"
#if defined(__unix__) || defined(__APPLE__)
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

/* Walk the spiral the slow way (direction turns at walls and visited cells). */
static void walk(uint64_t M, uint64_t N, uint64_t *m)
{
    static const int dr[4] = {0, 1, 0, -1}, dc[4] = {1, 0, -1, 0};
    uint64_t k;
    int64_t r = 0, c = 0;
    int dir = 0;
    memset(m, 0, M * N * sizeof *m);
    for (k = 1; k <= M * N; k++) {
        m[r * (int64_t)N + c] = k;
        if (k == M * N) break;
        for (;;) {
            int64_t nr = r + dr[dir], nc = c + dc[dir];
            if (nr >= 0 && nc >= 0 && nr < (int64_t)M && nc < (int64_t)N && !m[nr * (int64_t)N + nc]) {
                r = nr; c = nc; break;
            }
            dir = (dir + 1) & 3;
        }
    }
}

static void test_small_exhaustive(void)
{
    enum { MAXD = 40 };
    static uint64_t m[MAXD * MAXD], row[MAXD], tile[MAXD * MAXD];
    uint64_t M, N, r, c, x, xf;
    for (M = 1; M <= MAXD; M++)
        for (N = 1; N <= MAXD; N++) {
            long before = check_failures();
            walk(M, N, m);
            for (r = 0; r < M; r++) {
                CHECK(spiral_row(M, N, r, 0, N, row) == SPIRAL_OK);
                for (c = 0; c < N; c++) {
                    uint64_t k = m[r * N + c], rr = ~0ull, cc = ~0ull, v = 0;
                    CHECK(spiral_value(M, N, r, c) == k, "%llux%llu (%llu,%llu): %llu != walk %llu",
                          (unsigned long long)M, (unsigned long long)N, (unsigned long long)r,
                          (unsigned long long)c, (unsigned long long)spiral_value(M, N, r, c),
                          (unsigned long long)k);
                    CHECK(row[c] == k, "row %llux%llu (%llu,%llu)", (unsigned long long)M,
                          (unsigned long long)N, (unsigned long long)r, (unsigned long long)c);
                    CHECK(spiral_value_at(M, N, r, c, &v) == SPIRAL_OK && v == k);
                    CHECK(spiral_coord(M, N, k, &rr, &cc) == SPIRAL_OK && rr == r && cc == c,
                          "coord %llux%llu k=%llu -> (%llu,%llu)", (unsigned long long)M,
                          (unsigned long long)N, (unsigned long long)k, (unsigned long long)rr,
                          (unsigned long long)cc);
                }
            }
            /* every sub-row piece and a few tiles */
            for (r = 0; r < M; r++)
                for (c = 0; c <= N; c++) {
                    uint64_t len = (r * 7 + c * 3) % (N - c + 1);
                    CHECK(spiral_row(M, N, r, c, len, row) == SPIRAL_OK);
                    for (uint64_t i = 0; i < len; i++) CHECK(row[i] == m[r * N + c + i]);
                }
            for (int t = 0; t < 8; t++) {
                uint64_t r0 = check_rand_below(M), c0 = check_rand_below(N);
                uint64_t h = 1 + check_rand_below(M - r0), w = 1 + check_rand_below(N - c0), ld = w + t;
                CHECK(spiral_tile(M, N, r0, c0, h, w, tile, ld) == SPIRAL_OK);
                for (uint64_t i = 0; i < h; i++)
                    for (uint64_t j = 0; j < w; j++) CHECK(tile[i * ld + j] == m[(r0 + i) * N + c0 + j]);
            }
            CHECK(spiral_fill_rows(M, N, 0, M, tile, NULL) == SPIRAL_OK);
            CHECK(memcmp(tile, m, M * N * sizeof *m) == 0, "fill %llux%llu", (unsigned long long)M,
                  (unsigned long long)N);
            CHECK(spiral_checksum(M, N, &x, NULL) == SPIRAL_OK && x == spiral_xor_1_to(M * N));
            CHECK(spiral_checksum_formula_rows(M, N, 0, M, &xf, NULL) == SPIRAL_OK && xf == x);
            if (check_failures() > before + 5) return;
        }
}

/* Cells on ring boundaries: the four corners of random layers, and neighbours. */
static void check_cell(uint64_t M, uint64_t N, uint64_t r, uint64_t c)
{
    uint64_t k = spiral_value(M, N, r, c), rr = ~0ull, cc = ~0ull, row[3];
    spiral_status s = spiral_coord(M, N, k, &rr, &cc);
    CHECK(s == SPIRAL_OK && rr == r && cc == c,
          "M=%llu N=%llu (%llu,%llu) k=%llu -> (%llu,%llu) %s", (unsigned long long)M, (unsigned long long)N,
          (unsigned long long)r, (unsigned long long)c, (unsigned long long)k, (unsigned long long)rr,
          (unsigned long long)cc, spiral_status_string(s));
    CHECK(k >= 1 && k <= M * N);
    /* neighbours along the row through row generation */
    if (N >= 3 && c <= N - 3) {
        CHECK(spiral_row(M, N, r, c, 3, row) == SPIRAL_OK);
        for (int i = 0; i < 3; i++) CHECK(row[i] == spiral_value(M, N, r, c + i));
    }
}

static void test_huge(void)
{
    static const uint64_t sizes[][2] = {
        {1ull << 32, 1ull << 31}, {1ull << 31, 1ull << 32}, {4294967295ull, 4294967297ull},
        {100000, 300000}, {300000, 100000}, {1, 18446744073709551615ull}, {18446744073709551615ull, 1},
        {3, 6148914691236517205ull}, {2, 9223372036854775807ull}, {4294967296ull, 4294967295ull},
        {12345678901ull, 1494000001ull}, {7, 7}, {1ull << 20, 1ull << 43}};
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        uint64_t M = sizes[si][0], N = sizes[si][1], a = M < N ? M : N, Lmax = (a - 1) / 2;
        CHECK(spiral_check_size(M, N) == SPIRAL_OK);
        for (int t = 0; t < 2000; t++) { /* random cells */
            uint64_t r = check_rand_below(M), c = check_rand_below(N);
            check_cell(M, N, r, c);
        }
        for (int t = 0; t < 500; t++) { /* corners and edges of random layers */
            uint64_t L = t < 4 ? (t < 2 ? (uint64_t)t : Lmax - (uint64_t)(t - 2)) : check_rand_below(Lmax + 1);
            if (L > Lmax) L = Lmax;
            uint64_t top = L, bot = M - 1 - L, lef = L, rig = N - 1 - L;
            uint64_t cells[8][2] = {{top, lef}, {top, rig}, {bot, rig}, {bot, lef},
                                    {top + (bot > top), lef}, {top, rig - (rig > lef)},
                                    {bot - (bot > top), rig}, {bot, lef + (rig > lef)}};
            for (int q = 0; q < 8; q++) check_cell(M, N, cells[q][0], cells[q][1]);
        }
        for (int t = 0; t < 200; t++) { /* values near ring starts: k = S(L) + {-1, 0, 1} */
            uint64_t L = check_rand_below(Lmax + 1), w = N - 2 * L, h = M - 2 * L, S = M * N - w * h + 1;
            for (int q = -1; q <= 1; q++) {
                uint64_t k = S + (uint64_t)(int64_t)q, r, c;
                if (k < 1 || k > M * N) continue;
                CHECK(spiral_coord(M, N, k, &r, &c) == SPIRAL_OK && spiral_value(M, N, r, c) == k,
                      "M=%llu N=%llu k=%llu", (unsigned long long)M, (unsigned long long)N, (unsigned long long)k);
            }
            uint64_t k = 1 + check_rand_below(M * N), r, c;
            CHECK(spiral_coord(M, N, k, &r, &c) == SPIRAL_OK && r < M && c < N && spiral_value(M, N, r, c) == k);
        }
        /* random row pieces of the huge matrix against the formula */
        for (int t = 0; t < 200; t++) {
            uint64_t buf[700];
            uint64_t r = check_rand_below(M), len = 1 + check_rand_below(N < 700 ? N : 700);
            uint64_t c0 = check_rand_below(N - len + 1);
            if (t & 1) { /* pieces across the regime borders of the row */
                uint64_t rt = r < M - 1 - r ? r : M - 1 - r, b = rt < N ? rt : N - 1;
                c0 = b > len / 2 ? b - len / 2 : 0;
                if (c0 > N - len) c0 = N - len;
                if (t & 2) { c0 = N - 1 - b; c0 = c0 > len / 2 ? c0 - len / 2 : 0; if (c0 > N - len) c0 = N - len; }
            }
            CHECK(spiral_row(M, N, r, c0, len, buf) == SPIRAL_OK);
            for (uint64_t i = 0; i < len; i++)
                if (!CHECK(buf[i] == spiral_value(M, N, r, c0 + i), "M=%llu N=%llu r=%llu c=%llu",
                           (unsigned long long)M, (unsigned long long)N, (unsigned long long)r,
                           (unsigned long long)(c0 + i)))
                    break;
        }
        /* a random tile */
        {
            uint64_t buf[40 * 40], h = M < 40 ? M : 40, w = N < 40 ? N : 40;
            uint64_t r0 = check_rand_below(M - h + 1), c0 = check_rand_below(N - w + 1);
            CHECK(spiral_tile(M, N, r0, c0, h, w, buf, w) == SPIRAL_OK);
            for (uint64_t i = 0; i < h; i++)
                for (uint64_t j = 0; j < w; j++) CHECK(buf[i * w + j] == spiral_value(M, N, r0 + i, c0 + j));
        }
    }
}

/* Band checksum by row generation against the per-cell formula (the oracle). */
static void check_band(uint64_t M, uint64_t N, uint64_t r0, uint64_t n)
{
    uint64_t a = 1, b = 2;
    CHECK(spiral_checksum_rows(M, N, r0, n, &a, NULL) == SPIRAL_OK);
    CHECK(spiral_checksum_formula_rows(M, N, r0, n, &b, NULL) == SPIRAL_OK);
    CHECK(a == b, "band r0=%llu n=%llu of %llux%llu", (unsigned long long)r0, (unsigned long long)n,
          (unsigned long long)M, (unsigned long long)N);
}

static void test_checksums(void)
{
    uint64_t x = 12345, xs = 0, ch;
    CHECK(spiral_checksum(3, 3, &x, NULL) == SPIRAL_OK && x == 1);
    CHECK(spiral_checksum(5, 2, &x, NULL) == SPIRAL_OK && x == 11);
    CHECK(spiral_checksum(5, 3, &x, NULL) == SPIRAL_OK && x == 0);
    CHECK(spiral_xor_1_to(9) == 1 && spiral_xor_1_to(10) == 11 && spiral_xor_1_to(15) == 0);
    CHECK(spiral_xor_1_to(100000ull * 300000ull) == 30000000000ull);
    CHECK(spiral_xor_1_to(~0ull) == 0 && spiral_xor_1_to(~0ull - 1) == ~0ull && spiral_xor_1_to(~0ull - 2) == 1);
    for (uint64_t K = 0; K < 1000; K++) {
        CHECK(spiral_xor_1_to(K) == xs);
        xs ^= K + 1;
    }
    /* Rows long enough for every lane count (2K = 16..64 values per progression piece) and one
     * off those lengths, tall and wide: whole matrices against the closed form, bands XOR
     * together to the whole for random band splits, the per-cell formula on the whole. */
    {
        static const uint64_t sizes[][2] = {{1, 1}, {1, 63}, {63, 1}, {2, 64}, {64, 2}, {65, 65}, {66, 67},
                                            {129, 127}, {3, 700}, {700, 3}, {257, 1023}, {1023, 257}};
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0] + 6; i++) {
            uint64_t M = i < sizeof sizes / sizeof sizes[0] ? sizes[i][0] : 1 + check_rand_below(600);
            uint64_t N = i < sizeof sizes / sizeof sizes[0] ? sizes[i][1] : 1 + check_rand_below(600);
            uint64_t r = 0, acc = 0, b;
            CHECK(spiral_checksum(M, N, &x, NULL) == SPIRAL_OK && x == spiral_xor_1_to(M * N), "%llux%llu",
                  (unsigned long long)M, (unsigned long long)N);
            while (r < M) {
                uint64_t n = 1 + check_rand_below(M - r);
                CHECK(spiral_checksum_rows(M, N, r, n, &b, NULL) == SPIRAL_OK);
                acc ^= b; r += n;
            }
            CHECK(acc == spiral_xor_1_to(M * N), "bands %llux%llu", (unsigned long long)M, (unsigned long long)N);
            CHECK(spiral_checksum_formula_rows(M, N, 0, M, &b, NULL) == SPIRAL_OK && b == acc);
        }
    }
    /* A whole medium matrix by row generation (2.6e6 values) against the closed form. */
    CHECK(spiral_checksum(1999, 1301, &ch, NULL) == SPIRAL_OK && ch == spiral_xor_1_to(1999ull * 1301ull));
    /* Bands of the seed's 100000 x 300000 (top, a random one, the middle rows, the bottom)
     * and of matrices with huge coordinates (values near 2^64: M = 2^40 with short rows,
     * M near 2^63 with one or two columns), row generation against the per-cell formula. */
    check_band(100000, 300000, 0, 2);
    check_band(100000, 300000, check_rand_below(100000 - 3), 3);
    check_band(100000, 300000, 49999, 2);
    check_band(100000, 300000, 99998, 2);
    {
        static const uint64_t huge[][2] = {{1ull << 40, 3001}, {(1ull << 40) + 1, 2048}, {1ull << 63, 1},
                                           {(1ull << 62) + 3, 3}, {~0ull, 1}, {3, 4097}};
        for (size_t i = 0; i < sizeof huge / sizeof huge[0]; i++) {
            uint64_t M = huge[i][0], N = huge[i][1], n = N < 100 ? 200 : 3;
            if (n > M) n = M;
            check_band(M, N, 0, n);
            check_band(M, N, M - n, n);
            check_band(M, N, (M - n) / 2, n);
            check_band(M, N, check_rand_below(M - n + 1), n);
        }
    }
    {
        const char *big = getenv("SPIRAL_TEST_BIG");
        if (big && *big == '1') { /* all 3e10 values of the seed's matrix (about 10 s on one core) */
            CHECK(spiral_checksum(100000, 300000, &ch, NULL) == SPIRAL_OK && ch == 30000000000ull);
        }
    }
}

/* Issue 14.7: the chunk count of a band of nearly 2^64 rows (N = 1) wrapped to 0, so
 * spiral_checksum(M, 1) returned SPIRAL_OK at once with a wrong value. Such a band takes
 * forever to generate, so the public check runs in a child process: if it returns within
 * the grace period, its value must be right (the old code returned 0 instead of 2^64 - 1);
 * if it is still generating, that is the correct behaviour and the child is stopped. The
 * chunking helper itself is checked directly at the extremes. */
static void test_no_wrap(void)
{
    static const uint64_t rows[] = {1, 2, 65535, 65536, 65537, ~0ull - 65536, ~0ull - 65535, ~0ull - 1, ~0ull};
    static const uint64_t cols[] = {1, 2, 3, 65535, 65536, 65537, 1ull << 40};
    uint64_t buf[4] = {1, 2, 3, 4};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        for (size_t j = 0; j < sizeof cols / sizeof cols[0]; j++) {
            uint64_t rpc = 0, n = spiral__chunks(rows[i], cols[j], &rpc);
            CHECK(rpc >= 1 && n >= 1 && (n - 1) * rpc < rows[i] && rows[i] - (n - 1) * rpc <= rpc,
                  "chunks(%llu, %llu) = %llu x %llu", (unsigned long long)rows[i], (unsigned long long)cols[j],
                  (unsigned long long)n, (unsigned long long)rpc);
        }
    CHECK(spiral__ceil_div(~0ull, 65536) == 1ull << 48 && spiral__ceil_div(~0ull, 2) == 1ull << 63 && spiral__ceil_div(~0ull - 1, 2) == (1ull << 63) - 1);
    CHECK(spiral__ceil_div(0, 7) == 0 && spiral__ceil_div(7, 7) == 1 && spiral__ceil_div(8, 7) == 2);
    /* spiral_tile with w = 0, h >= 2, ld = 0 divided by zero (SIGFPE); now nothing to write */
    CHECK(spiral_tile(3, 3, 0, 0, 2, 0, buf, 0) == SPIRAL_OK && buf[0] == 1 && buf[3] == 4);
    CHECK(spiral_tile(3, 3, 0, 3, 3, 0, buf, 0) == SPIRAL_OK);
    CHECK(spiral_tile(3, 3, 3, 0, 0, 3, NULL, 0) == SPIRAL_OK);
    CHECK(spiral_tile(3, 3, 0, 0, 2, 1, buf, 0) == SPIRAL_ERR_ARG);
#if defined(__unix__) || defined(__APPLE__)
    {
        const uint64_t M = ~0ull - 1; /* 1 ^ ... ^ (2^64 - 2) = 2^64 - 1 */
        int fd[2];
        pid_t pid;
        CHECK(pipe(fd) == 0);
        fflush(NULL);
        pid = fork();
        CHECK(pid >= 0);
        if (pid == 0) {
            uint64_t res[2] = {0, 0};
            res[0] = (uint64_t)(int64_t)spiral_checksum(M, 1, &res[1], NULL);
            if (write(fd[1], res, sizeof res) != (ssize_t)sizeof res) _exit(3);
            _exit(0);
        } else if (pid > 0) {
            int st = 0, done = 0;
            close(fd[1]);
            for (int t = 0; t < 40 && !done; t++) { /* 200 ms grace */
                struct timespec ts = {0, 5000000};
                done = waitpid(pid, &st, WNOHANG) == pid;
                if (!done) nanosleep(&ts, NULL);
            }
            if (done) {
                uint64_t res[2] = {1, 0};
                CHECK(read(fd[0], res, sizeof res) == (ssize_t)sizeof res);
                CHECK((int64_t)res[0] == SPIRAL_OK && res[1] == ~0ull,
                      "spiral_checksum(2^64-2, 1) returned at once: status %lld, x = %llu (want 2^64-1)",
                      (long long)(int64_t)res[0], (unsigned long long)res[1]);
            } else {
                kill(pid, SIGKILL);
                waitpid(pid, &st, 0);
            }
            close(fd[0]);
        }
    }
#endif
}

static void test_statuses(void)
{
    uint64_t v = 7, r = 0, c = 0, buf[4] = {0};
    unsigned char pay[16] = {0}, pay2[16] = {0};
    CHECK(spiral_check_size(0, 5) == SPIRAL_ERR_EMPTY);
    CHECK(spiral_check_size(5, 0) == SPIRAL_ERR_EMPTY);
    CHECK(spiral_check_size(1ull << 32, 1ull << 32) == SPIRAL_ERR_SIZE);
    CHECK(spiral_check_size(4294967296ull, 4294967295ull) == SPIRAL_OK);
    CHECK(spiral_check_size(4294967297ull, 4294967297ull) == SPIRAL_ERR_SIZE);
    CHECK(spiral_checksum(0, 10, &v, NULL) == SPIRAL_ERR_EMPTY && v == 0);
    v = 7;
    CHECK(spiral_checksum(1ull << 33, 1ull << 33, &v, NULL) == SPIRAL_ERR_SIZE && v == 0);
    CHECK(spiral_checksum(3, 3, NULL, NULL) == SPIRAL_ERR_NULL);
    CHECK(spiral_checksum_rows(3, 3, 2, 2, &v, NULL) == SPIRAL_ERR_RANGE);
    CHECK(spiral_checksum_rows(3, 3, 3, 0, &v, NULL) == SPIRAL_OK && v == 0);
    CHECK(spiral_checksum_rows(3, 3, ~0ull, 2, &v, NULL) == SPIRAL_ERR_RANGE);
    CHECK(spiral_value_at(3, 3, 3, 0, &v) == SPIRAL_ERR_RANGE);
    CHECK(spiral_value_at(3, 3, 0, 0, NULL) == SPIRAL_ERR_NULL);
    CHECK(spiral_value_at(0, 3, 0, 0, &v) == SPIRAL_ERR_EMPTY);
    CHECK(spiral_coord(3, 3, 0, &r, &c) == SPIRAL_ERR_RANGE);
    CHECK(spiral_coord(3, 3, 10, &r, &c) == SPIRAL_ERR_RANGE);
    CHECK(spiral_coord(3, 3, 5, NULL, &c) == SPIRAL_ERR_NULL);
    CHECK(spiral_coord(0, 0, 1, &r, &c) == SPIRAL_ERR_EMPTY);
    CHECK(spiral_coord(1ull << 40, 1ull << 40, 1, &r, &c) == SPIRAL_ERR_SIZE);
    CHECK(spiral_row(3, 3, 0, 2, 2, buf) == SPIRAL_ERR_RANGE);
    CHECK(spiral_row(3, 3, 3, 0, 1, buf) == SPIRAL_ERR_RANGE);
    CHECK(spiral_row(3, 3, 0, 0, 1, NULL) == SPIRAL_ERR_NULL);
    CHECK(spiral_row(3, 3, 0, 3, 0, NULL) == SPIRAL_OK);
    CHECK(spiral_tile(3, 3, 0, 0, 2, 2, buf, 1) == SPIRAL_ERR_ARG);
    CHECK(spiral_tile(3, 3, 2, 0, 2, 2, buf, 2) == SPIRAL_ERR_RANGE);
    CHECK(spiral_fill_rows(3, 3, 0, 4, buf, NULL) == SPIRAL_ERR_RANGE);
    CHECK(spiral_fill_rows(3, 3, 0, 1, NULL, NULL) == SPIRAL_ERR_NULL);
    CHECK(spiral_fill_rows(0, 3, 0, 0, NULL, NULL) == SPIRAL_ERR_EMPTY);
    CHECK(spiral_reorder(2, 2, 4, pay, pay2, SPIRAL_TO_SPIRAL, NULL) == SPIRAL_OK);
    CHECK(spiral_reorder(2, 2, 0, pay, pay2, SPIRAL_TO_SPIRAL, NULL) == SPIRAL_ERR_ARG);
    CHECK(spiral_reorder(2, 2, 4, pay, pay2, (spiral_direction)7, NULL) == SPIRAL_ERR_ARG);
    CHECK(spiral_reorder(2, 2, 4, NULL, pay2, SPIRAL_TO_SPIRAL, NULL) == SPIRAL_ERR_NULL);
    CHECK(spiral_reorder(0, 2, 4, pay, pay2, SPIRAL_TO_SPIRAL, NULL) == SPIRAL_ERR_EMPTY);
    CHECK(spiral_reorder(1ull << 31, 1ull << 31, 8, pay, pay2, SPIRAL_TO_SPIRAL, NULL) == SPIRAL_ERR_SIZE);
    { /* overlapping payload buffers are refused (the tile copy would read what it wrote) */
        unsigned char big[64] = {0};
        CHECK(spiral_reorder(2, 2, 4, big, big, SPIRAL_TO_SPIRAL, NULL) == SPIRAL_ERR_ARG);
        CHECK(spiral_reorder(2, 2, 4, big, big + 15, SPIRAL_TO_SPIRAL, NULL) == SPIRAL_ERR_ARG);
        CHECK(spiral_reorder(2, 2, 4, big + 15, big, SPIRAL_TO_ROWMAJOR, NULL) == SPIRAL_ERR_ARG);
        CHECK(spiral_reorder(2, 2, 4, big, big + 16, SPIRAL_TO_SPIRAL, NULL) == SPIRAL_OK);
        CHECK(spiral_reorder(2, 2, 4, big + 16, big, SPIRAL_TO_ROWMAJOR, NULL) == SPIRAL_OK);
    }
    { /* thread counts: negative or absurd ones are refused by every [omp] function */
        spiral_options bad[2] = {{-1}, {SPIRAL_MAX_THREADS + 1}}, ok = {SPIRAL_MAX_THREADS};
        for (int i = 0; i < 2; i++) {
            v = 7;
            CHECK(spiral_checksum(3, 3, &v, &bad[i]) == SPIRAL_ERR_ARG && v == 0);
            CHECK(spiral_checksum_rows(3, 3, 0, 1, &v, &bad[i]) == SPIRAL_ERR_ARG);
            CHECK(spiral_checksum_formula_rows(3, 3, 0, 1, &v, &bad[i]) == SPIRAL_ERR_ARG);
            CHECK(spiral_fill_rows(3, 3, 0, 1, buf, &bad[i]) == SPIRAL_ERR_ARG);
            CHECK(spiral_reorder(2, 2, 4, pay, pay2, SPIRAL_TO_SPIRAL, &bad[i]) == SPIRAL_ERR_ARG);
        }
        CHECK(spiral_checksum(3, 3, &v, &ok) == SPIRAL_OK && v == 1); /* capped by the work */
    }
    const spiral_status all[] = {SPIRAL_OK, SPIRAL_ERR_NULL, SPIRAL_ERR_ARG, SPIRAL_ERR_SIZE, SPIRAL_ERR_NOMEM,
                                 SPIRAL_ERR_CUDA, SPIRAL_ERR_MPI, SPIRAL_ERR_INTERNAL, SPIRAL_ERR_EMPTY,
                                 SPIRAL_ERR_RANGE};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++) {
        const char *m = spiral_status_string(all[i]);
        CHECK(m && *m && strcmp(m, "unknown spiral_status") != 0, "%d", (int)all[i]);
    }
    CHECK(strcmp(spiral_status_string(SPIRAL_OK), "ok") == 0);
    CHECK(SPIRAL_ERR_NULL == -1 && SPIRAL_ERR_ARG == -2 && SPIRAL_ERR_SIZE == -3 && SPIRAL_ERR_NOMEM == -4 &&
          SPIRAL_ERR_CUDA == -5 && SPIRAL_ERR_MPI == -6 && SPIRAL_ERR_INTERNAL == -7);
    CHECK(strcmp(spiral_status_string((spiral_status)-99), "unknown spiral_status") == 0);
}

int main(int argc, char **argv)
{
    check_init(argc, argv);
    test_statuses();
    test_small_exhaustive();
    test_huge();
    test_checksums();
    test_no_wrap();
    return check_done();
}
