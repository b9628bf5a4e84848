/* homcomp.cuh: the stream format is frozen. Streams of deterministic inputs (integer
 * generators only, no libm) hash to the values the first codec (v0.1.0, one thread per block,
 * per-bit planes) wrote; the decoded values too. Any optimization must keep these. */
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#include "check.h"
#include <stdlib.h>

static uint64_t fnv(const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 1099511628211ull; }
    return h;
}

static uint64_t xs = 88172645463325252ull;
static uint32_t rnd(void) { xs ^= xs << 13; xs ^= xs >> 7; xs ^= xs << 17; return (uint32_t)(xs >> 32); }

/* kind 0: random walk (smooth), 1: uniform noise, 2: walk with spikes, 3: wide magnitudes */
static void gen(int kind, float *x, uint64_t n)
{
    int64_t w = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint32_t r = rnd();
        if (kind == 0) { w += (int64_t)(r % 201) - 100; x[i] = (float)w * 0.01f; }
        else if (kind == 1) x[i] = (float)((int32_t)r) * 4.656612873e-10f * 1000.0f;
        else if (kind == 2) { w += (int64_t)(r % 21) - 10; x[i] = (float)w * 0.1f + ((r >> 8) % 97 == 0 ? 5000.0f : 0.0f); }
        else x[i] = (float)((int32_t)(r >> 8) - (1 << 23)) * (float)(1u << (r & 15)) * 1e-3f;
    }
}

int main(int argc, char **argv)
{
    /* hash of the stream, hash of the decoded floats, per (kind, mode, eb) */
    static const uint64_t want[24][2] = {
        {0xbeccb2a48fa58bc9ull, 0x59b739759a584fc6ull},
        {0xc5f70ea2c6a49777ull, 0x8559defdcb9f9a3eull},
        {0xd6bde3fdd9ca85f6ull, 0x4dd2ac1d33bda0deull},
        {0xc260cfed908eb236ull, 0x59b739759a584fc6ull},
        {0xb33cfa7986270a59ull, 0x8559defdcb9f9a3eull},
        {0x9cb179c673a23de5ull, 0x4dd2ac1d33bda0deull},
        {0x9989d941df302d64ull, 0xd6e8d9d7e1a181b2ull},
        {0xb6e150e62175cf24ull, 0x369cfd977c8be2baull},
        {0x3af80480e1750452ull, 0x265812cd2e204bb0ull},
        {0x09fc61421237f809ull, 0xd6e8d9d7e1a181b2ull},
        {0x2d79f6eda6b245a1ull, 0x369cfd977c8be2baull},
        {0x12f4d9b44979c267ull, 0x265812cd2e204bb0ull},
        {0x9d58396269d180c3ull, 0x4e7dcfbd99b8f24cull},
        {0x241a6796c3f6fe34ull, 0x6c0788bd7190625bull},
        {0xdffd9a269704a375ull, 0x86a404752e171411ull},
        {0xb43720e44c312fb6ull, 0x4e7dcfbd99b8f24cull},
        {0x6a18b4a6c4786c80ull, 0x6c0788bd7190625bull},
        {0x8a2e167c14014ceeull, 0x86a404752e171411ull},
        {0x6b079199487bd152ull, 0x2efbcbe705671647ull},
        {0x5b5e96091a1e4ab1ull, 0xf5bd1aa214ecd47cull},
        {0x80ca75fea828e8d8ull, 0x772c87894d3b543cull},
        {0x76694c60b4f6abc2ull, 0x2efbcbe705671647ull},
        {0xae73946c7eca9edeull, 0xf5bd1aa214ecd47cull},
        {0xdf84a94b1324ad4dull, 0x772c87894d3b543cull},
    };
    const double ebs[3] = {1e-1, 1e-3, 3e-5};
    const uint64_t n = 20011;
    float *x = (float *)malloc(n * 4), *y = (float *)malloc(n * 4);
    size_t cap = hc_compress_bound(n, HC_F32), sz = 0;
    unsigned char *s = (unsigned char *)malloc(cap);
    int print = argc > 1 && !strcmp(argv[1], "--print");
    check_init(print ? 1 : argc, argv);
    for (int k = 0; k < 4; k++) {
        gen(k, x, n);
        for (int m = 0; m < 2; m++)
            for (int e = 0; e < 3; e++) {
                hc_config c = hc_config_init(HC_F32, HC_REL, ebs[e]);
                c.mode = (hc_mode)m;
                c.checksum = 0; /* v0.1.0 streams had none */
                CHECK(hc_compress(&c, x, n, s, cap, &sz, NULL) == HC_OK, "compress kind %d mode %d eb %g", k, m, ebs[e]);
                CHECK(hc_decompress(s, sz, HC_F32, y, n, NULL) == HC_OK, "decompress");
                uint64_t hs = fnv(s, sz), hy = fnv(y, n * 4);
                if (print) printf("{0x%016llxull, 0x%016llxull},\n", (unsigned long long)hs, (unsigned long long)hy);
                else {
                    CHECK(hs == want[(k * 2 + m) * 3 + e][0], "stream hash kind %d mode %d eb %g: %016llx", k, m, ebs[e], (unsigned long long)hs);
                    CHECK(hy == want[(k * 2 + m) * 3 + e][1], "decoded hash kind %d mode %d eb %g", k, m, ebs[e]);
                }
            }
    }
    free(x); free(y); free(s);
    return print ? 0 : check_done();
}
