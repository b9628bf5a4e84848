/* homcomp.cuh with a failing allocator (tests/failalloc.h): every HOMCOMP_MALLOC of every CPU
 * call is failed once (k = 1, 2, ... until the call needs no more). Each failure must give
 * HC_ERR_NOMEM, leave no block behind, and leave the outputs as documented: a compress/add
 * output and *out_size untouched (the allocations come before any write), an in-place add's
 * accumulator as it was. */
#include "failalloc.h"
#define HOMCOMP_MALLOC(n) fa_malloc(n)
#define HOMCOMP_FREE(p) fa_free(p)
#define HOMCOMP_TABLE_LOCAL 2 /* N spans 3 chunks: every table comes from the allocator */
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#include "check.h"
#include <math.h>

enum { N = 70000 }; /* several chunks of 1024 blocks */
static float x[N], y[N];
static unsigned char a[HC_HEADER_BYTES + 4096 + 128 * 4096], b[sizeof a], out[sizeof a], acc[sizeof a], keep[sizeof a];
static int32_t q[N + 32];

/* runs op (which = 0..8) with the k-th allocation failed, for every k */
static hc_status op(int which, size_t na, size_t nb, size_t *sz)
{
    const size_t cap = sizeof out;
    switch (which) {
    case 0: { hc_config c = hc_config_init(HC_F32, HC_REL, 1e-3); return hc_compress(&c, x, N, out, cap, sz, NULL); }
    case 1: return hc_decompress(a, na, HC_F32, y, N, NULL);
    case 2: return hc_validate(a, na, NULL, NULL);
    case 3: return hc_add(a, na, b, nb, out, cap, sz, NULL);
    case 4: return hc_add_raw(a, na, HC_F32, x, N, out, cap, sz, NULL);
    case 5: return hc_add_qp(a, na, q, N, out, cap, sz, NULL);
    case 7: { double r[2]; hc_config c = hc_config_init(HC_F32, HC_REL, 1e-3); return hc_compress_range(&c, x, N, out, cap, sz, r, NULL); }
    case 8: { double r[2]; return hc_add_raw_range(a, na, HC_F32, x, N, out, cap, sz, NULL, r, NULL); }
    default: memcpy(acc, a, na); return hc_add(acc, na, b, nb, acc, cap, sz, NULL); /* in place */
    }
}

int main(int argc, char **argv)
{
    static const char *names[] = {"compress", "decompress", "validate", "add", "add_raw", "add_qp", "add in place",
                                  "compress_range", "add_raw_range"};
    size_t na = 0, nb = 0;
    check_init(argc, argv);
    for (int i = 0; i < N; i++) { x[i] = (float)sin(i * 0.001) * 100; y[i] = (float)cos(i * 0.002) * 50; }
    hc_config c = hc_config_init(HC_F32, HC_ABS, 1e-2);
    CHECK(hc_compress(&c, x, N, a, sizeof a, &na, NULL) == HC_OK, "a");
    CHECK(hc_compress(&c, y, N, b, sizeof b, &nb, NULL) == HC_OK, "b");
    CHECK(hc_qp(a, na, HC_F32, y, N, q, NULL) == HC_OK, "qp");
    for (int w = 0; w < 9; w++) {
        long k, live0 = fa_live();
        for (k = 1; k < 100; k++) {
            size_t sz = 12345;
            memset(out, 0xA5, sizeof out);
            fa_arm(k);
            hc_status st = op(w, na, nb, &sz);
            int fired = fa_fired();
            fa_arm(0);
            CHECK(fa_live() == live0, "%s, allocation %ld failed: %ld blocks leaked", names[w], k, fa_live() - live0);
            if (!fired) {
                CHECK(st == HC_OK, "%s without a failure: %s", names[w], hc_status_string(st));
                break;
            }
            CHECK(st == HC_ERR_NOMEM, "%s, allocation %ld failed: %s", names[w], k, hc_status_string(st));
            CHECK(sz == 12345, "%s wrote *out_size on failure", names[w]);
            if (w == 0 || (w >= 3 && w <= 5) || w >= 7) {
                memset(keep, 0xA5, sizeof keep);
                CHECK(memcmp(out, keep, sizeof out) == 0, "%s wrote its output on failure", names[w]);
            }
            if (w == 6) CHECK(memcmp(acc, a, na) == 0, "in-place add lost the accumulator on failure");
        }
        CHECK(k > 1 && k < 100, "%s: %ld allocations", names[w], k - 1);
    }
    return check_done();
}
