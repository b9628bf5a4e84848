/* Thread counts (issues 21 and 22): every header takes threads = 0 .. 1024 and refuses a
 * negative count or one above 1024 with its X_ERR_ARG status, before any work (sa.h, spiral.h,
 * homcomp.cuh here; ccoll_mpi.h in test_ccoll_hostile.c, where every rank must agree). The
 * limits are literal on purpose: the same number in every header. */
#define SPIRAL_IMPLEMENTATION
#include "spiral.h"
#define SA_IMPLEMENTATION
#include "sa.h"
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"

#include "check.h"

static const int BAD[] = {-1, 1025, 4096, 100000, 2147483647};
#define NBAD (int)(sizeof BAD / sizeof BAD[0])

static void check_sa(void)
{
    const uint8_t text[] = "mississippi";
    int32_t sa[11], lcp[11];
    sa_options o = {SA_ALGO_DEFAULT, 0, SA_LCP_DEFAULT};
    CHECK(SA_MAX_THREADS == 1024);
    for (int i = 0; i < NBAD; i++) {
        o.threads = BAD[i];
        sa[0] = -5;
        CHECK(sa_build(text, sa, 11, &o) == SA_ERR_ARG && sa[0] == -5, "sa_build threads %d", BAD[i]);
        o.algorithm = SA_ALGO_PARALLEL_SAIS;
        CHECK(sa_build(text, sa, 11, &o) == SA_ERR_ARG, "sa_build psais threads %d", BAD[i]);
        o.algorithm = SA_ALGO_DEFAULT;
    }
    for (int t = 1023; t <= 1024; t++) {
        o.threads = t;
        CHECK(sa_build(text, sa, 11, &o) == SA_OK && sa_validate(text, sa, 11) == SA_OK, "threads %d", t);
        CHECK(sa_lcp(text, sa, lcp, 11, &o) == SA_OK && lcp[0] == 0, "sa_lcp threads %d", t);
    }
}

static void check_spiral(void)
{
    uint64_t v = 0, buf[9];
    spiral_options o = {0};
    CHECK(SPIRAL_MAX_THREADS == 1024);
    for (int i = 0; i < NBAD; i++) {
        o.threads = BAD[i];
        v = 7;
        CHECK(spiral_checksum(3, 3, &v, &o) == SPIRAL_ERR_ARG && v == 0, "spiral threads %d", BAD[i]);
        CHECK(spiral_fill_rows(3, 3, 0, 1, buf, &o) == SPIRAL_ERR_ARG, "spiral_fill_rows threads %d", BAD[i]);
    }
    o.threads = 1024;
    CHECK(spiral_checksum(3, 3, &v, &o) == SPIRAL_OK && v == 1);
    CHECK(spiral_fill_rows(3, 3, 0, 3, buf, &o) == SPIRAL_OK && buf[8] == 5);
}

static void check_homcomp(void)
{
    float x[100], y[100];
    unsigned char s[2048];
    size_t len = 0;
    hc_config c = hc_config_init(HC_F32, HC_ABS, 1e-3);
    hc_options o = {0, HC_ISA_AUTO};
    for (int i = 0; i < 100; i++) x[i] = (float)i * 0.01f;
    CHECK(HC_MAX_THREADS == 1024);
    for (int i = 0; i < NBAD; i++) {
        o.threads = BAD[i];
        len = 12345;
        CHECK(hc_compress(&c, x, 100, s, sizeof s, &len, &o) == HC_ERR_ARG, "hc_compress threads %d", BAD[i]);
    }
    o.threads = 0;
    CHECK(hc_compress(&c, x, 100, s, sizeof s, &len, &o) == HC_OK);
    for (int i = 0; i < NBAD; i++) {
        o.threads = BAD[i];
        CHECK(hc_decompress(s, len, HC_F32, y, 100, &o) == HC_ERR_ARG, "hc_decompress threads %d", BAD[i]);
        CHECK(hc_validate(s, len, NULL, &o) == HC_ERR_ARG, "hc_validate threads %d", BAD[i]);
    }
    o.threads = 1024;
    CHECK(hc_compress(&c, x, 100, s, sizeof s, &len, &o) == HC_OK);
    CHECK(hc_decompress(s, len, HC_F32, y, 100, &o) == HC_OK && fabsf(y[50] - x[50]) <= 1e-3f);
}

int main(int argc, char **argv)
{
    check_init(argc, argv);
    check_sa();
    check_spiral();
    check_homcomp();
    return check_done();
}
