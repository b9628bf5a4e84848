/* Fuzz targets for the CPU codec of homcomp.cuh: hostile bytes where another rank's stream goes.
 * One source, three targets (HC_FUZZ_TARGET):
 *   0  decoder: the stream sizes the buffers (hc_validate's n, at most 2^20), decompress, add to itself
 *   1  caller's dtype and n: input = [flags u8][n u16 LE][stream]; every buffer is sized by the
 *      CALLER's dtype and n (never by the header), exactly, so ASan sees any read or write past it
 *      (the v0.1.0 codec sized hc_qp/hc_add_raw's raw operand by the header's dtype: issue 14.1)
 *   2  two streams: input = [len_a u16 LE][stream a][stream b]; hc_add both ways, in place too
 *   libFuzzer: clang -fsanitize=fuzzer,address,undefined -DHC_FUZZ_LIBFUZZER -DHC_FUZZ_TARGET=1 \
 *              -I. -Itests tests/fuzz_homcomp.c -lm -o fuzz1 && ./fuzz1 -max_total_time=600 CORPUS
 *   replay (test suite): homcomp_fuzz_replay[_dtype|_add] [--mutations K] DIR - every file of DIR
 *   (files named valid_* must be accepted), then K mutations (flips, truncations, splices) of
 *   them from a fixed seed; targets 1 and 2 build their inputs from DIR's streams. */
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef HC_FUZZ_TARGET
#define HC_FUZZ_TARGET 0
#endif

static hc_options hc_fuzz_opt = {1, HC_ISA_AUTO}; /* one thread: sanitizers see every access in order */

static int hc_fuzz_decoder(const uint8_t *data, size_t size)
{
    hc_info info;
    hc_status st = hc_validate(data, size, &info, &hc_fuzz_opt);
    if (st == HC_OK && info.n <= (1u << 20)) {
        size_t es = info.dtype == HC_F32 ? 4 : 8;
        void *out = malloc(info.n * es + 1);
        size_t cap = hc_compress_bound(info.n, info.dtype), sz;
        unsigned char *sum = malloc(cap);
        if (out && sum) {
            st = hc_decompress(data, size, info.dtype, out, info.n, &hc_fuzz_opt);
            (void)hc_add(data, size, data, size, sum, cap, &sz, &hc_fuzz_opt);
            (void)hc_add_raw(data, size, info.dtype, out, info.n, sum, cap, &sz, &hc_fuzz_opt);
        }
        free(out);
        free(sum);
    } else {
        float tmp[64];
        (void)hc_decompress(data, size, HC_F32, tmp, 64, &hc_fuzz_opt);
    }
    return st;
}

/* exact-size heap buffer of the caller's elements (a value pattern that quantizes at any eb
 * the header may claim, or fails with a status: both fine) */
static void *hc_fuzz_raw(hc_dtype dt, uint64_t n)
{
    size_t es = dt == HC_F32 ? 4 : 8;
    unsigned char *p = (unsigned char *)malloc(n ? n * es : 1);
    for (uint64_t i = 0; p && i < n; i++) {
        if (dt == HC_F32) { float v = (float)((int)(i % 17) - 8) * 0.25f; memcpy(p + 4 * i, &v, 4); }
        else { double v = (double)((int)(i % 17) - 8) * 0.25; memcpy(p + 8 * i, &v, 8); }
    }
    return p;
}

static int hc_fuzz_dtype(const uint8_t *data, size_t size)
{
    if (size < 3) return -1;
    hc_dtype dt = (hc_dtype)(data[0] & 1);
    uint64_t n = (uint64_t)data[1] | ((uint64_t)data[2] << 8);
    const uint8_t *s = data + 3;
    size_t len = size - 3, es = dt == HC_F32 ? 4 : 8, cap = hc_compress_bound(n, dt), sz = 0;
    void *raw = hc_fuzz_raw(dt, n), *out = malloc(n ? n * es : 1);
    int32_t *q = (int32_t *)malloc(hc_qp_count(n) * 4 + 4);
    unsigned char *sum = (unsigned char *)malloc(cap);
    hc_status st = HC_ERR_NOMEM;
    if (raw && out && q && sum) {
        st = hc_decompress(s, len, dt, out, n, &hc_fuzz_opt);
        (void)hc_qp(s, len, dt, raw, n, q, &hc_fuzz_opt);
        (void)hc_add_raw(s, len, dt, raw, n, sum, cap, &sz, &hc_fuzz_opt);
        if (hc_qp_eb(0.5, dt, raw, n, q, &hc_fuzz_opt) == HC_OK)
            (void)hc_add_qp(s, len, q, n, sum, cap, &sz, &hc_fuzz_opt);
    }
    free(raw); free(out); free(q); free(sum);
    return st;
}

static int hc_fuzz_add(const uint8_t *data, size_t size)
{
    if (size < 2) return -1;
    size_t la = (size_t)data[0] | ((size_t)data[1] << 8);
    if (la > size - 2) la = size - 2;
    const uint8_t *a = data + 2, *b = data + 2 + la;
    size_t lb = size - 2 - la, sz = 0;
    hc_info ia;
    /* the output capacity from the caller's side: a's n when a is valid, else a fixed size */
    uint64_t n = hc_validate(a, la, &ia, &hc_fuzz_opt) == HC_OK && ia.n <= (1u << 16) ? ia.n : 1000;
    size_t cap = hc_compress_bound(n, HC_F64);
    unsigned char *o = (unsigned char *)malloc(cap), *acc = (unsigned char *)malloc(cap);
    hc_status st = HC_ERR_NOMEM;
    if (o && acc) {
        st = hc_add(a, la, b, lb, o, cap, &sz, &hc_fuzz_opt);
        (void)hc_add(b, lb, a, la, o, cap, &sz, &hc_fuzz_opt);
        /* in place, acc += b: on failure acc must be given back unchanged */
        memcpy(acc, a, la < cap ? la : cap);
        if (la <= cap) {
            hc_status s2 = hc_add(acc, la, b, lb, acc, cap, &sz, &hc_fuzz_opt);
            if (s2 != HC_OK && memcmp(acc, a, la) != 0) abort();
        }
    }
    free(o); free(acc);
    return st;
}

static int hc_fuzz_one(const uint8_t *data, size_t size)
{
    (void)hc_fuzz_decoder; (void)hc_fuzz_dtype; (void)hc_fuzz_add; /* one of the three is used */
#if HC_FUZZ_TARGET == 1
    return hc_fuzz_dtype(data, size);
#elif HC_FUZZ_TARGET == 2
    return hc_fuzz_add(data, size);
#else
    return hc_fuzz_decoder(data, size);
#endif
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    (void)hc_fuzz_one(data, size);
    return 0;
}

#ifndef HC_FUZZ_LIBFUZZER
#include "check.h"
#include <dirent.h>

typedef struct { uint8_t *p; size_t n; int valid; } hc_fuzz_file;

/* the target's input for corpus stream f (and g for the add target); valid_* stay valid */
static uint8_t *hc_fuzz_input(const hc_fuzz_file *f, const hc_fuzz_file *g, int variant, size_t *len)
{
    uint8_t *in;
    (void)g; (void)variant;
#if HC_FUZZ_TARGET == 1
    hc_info info;
    uint64_t n = hc_stream_info(f->p, f->n, &info) == HC_OK && info.n < 65535 ? info.n : 100;
    *len = f->n + 3;
    in = (uint8_t *)malloc(*len);
    /* variant 0: the header's dtype and n; 1: the other dtype (the overflow of issue 14.1); 2: n + 1 */
    in[0] = (uint8_t)(hc_stream_info(f->p, f->n, &info) == HC_OK ? (int)info.dtype ^ (variant == 1) : variant & 1);
    n += variant == 2;
    in[1] = (uint8_t)n; in[2] = (uint8_t)(n >> 8);
    memcpy(in + 3, f->p, f->n);
#elif HC_FUZZ_TARGET == 2
    *len = 2 + f->n + g->n;
    in = (uint8_t *)malloc(*len);
    in[0] = (uint8_t)f->n; in[1] = (uint8_t)(f->n >> 8);
    memcpy(in + 2, f->p, f->n);
    memcpy(in + 2 + f->n, g->p, g->n);
#else
    *len = f->n;
    in = (uint8_t *)malloc(f->n ? f->n : 1);
    memcpy(in, f->p, f->n);
#endif
    return in;
}

int main(int argc, char **argv)
{
    long mutations = 20000;
    const char *dir = "tests/fuzz_corpus_homcomp";
    check_init(argc, argv);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--mutations") == 0 && i + 1 < argc) mutations = atol(argv[++i]);
        else if (strcmp(argv[i], "--seed") == 0) i++;
        else dir = argv[i];
    }
    DIR *d = opendir(dir);
    hc_fuzz_file files[512];
    int nf = 0, valid = 0;
    if (!CHECK(d != NULL, "open %s", dir)) return check_done();
    struct dirent *e;
    while ((e = readdir(d)) != NULL && nf < 512) {
        if (e->d_name[0] == '.') continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "rb");
        if (!f) continue;
        fseek(f, 0, SEEK_END);
        long len = ftell(f);
        fseek(f, 0, SEEK_SET);
        files[nf].p = (uint8_t *)malloc(len > 0 ? (size_t)len : 1);
        files[nf].n = fread(files[nf].p, 1, (size_t)len, f);
        files[nf].valid = strncmp(e->d_name, "valid_", 6) == 0;
        fclose(f);
        nf++;
    }
    closedir(d);
    CHECK(nf >= 10, "only %d corpus files in %s", nf, dir);
    /* every file (every pair with the next valid one for the add target), as is */
    for (int i = 0; i < nf; i++)
        for (int v = 0; v < 3; v++) {
            size_t len;
            const hc_fuzz_file *g = &files[(i + 1) % nf];
            uint8_t *in = hc_fuzz_input(&files[i], g, v, &len);
            int st = hc_fuzz_one(in, len);
            int want_ok = HC_FUZZ_TARGET == 0 ? files[i].valid && v == 0
                          : HC_FUZZ_TARGET == 1 ? files[i].valid && v == 0 : 0;
            if (want_ok) { valid++; CHECK(st == HC_OK, "file %d: %s", i, hc_status_string((hc_status)st)); }
            if (HC_FUZZ_TARGET == 0) v = 3; /* one variant */
            free(in);
        }
    /* mutations from the fixed seed: byte flips, truncations, a random run, a splice of two files */
    uint64_t rs = 0x9E3779B97F4A7C15ull;
    for (long m = 0; m < mutations; m++) {
        rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17;
        const hc_fuzz_file *f = &files[rs % (uint64_t)nf], *g = &files[(rs >> 20) % (uint64_t)nf];
        size_t len;
        uint8_t *in = hc_fuzz_input(f, g, (int)((rs >> 40) % 3), &len);
        int kind = (int)((rs >> 8) & 3), k;
        uint64_t r2 = rs * 0x2545F4914F6CDD1Dull;
        if (len) switch (kind) {
        case 0: for (k = 0; k < 1 + (int)(r2 & 3); k++) { in[(r2 >> (8 + 8 * k)) % len] ^= (uint8_t)(1u << ((r2 >> (4 * k)) & 7)); } break;
        case 1: len = (size_t)((r2 >> 8) % len); break;
        case 2: { size_t at = (size_t)((r2 >> 8) % len); for (k = 0; k < 8 && at + (size_t)k < len; k++) in[at + (size_t)k] = (uint8_t)(r2 >> (8 * k)); } break;
        default: in[(r2 >> 8) % len] = (uint8_t)r2; break;
        }
        (void)hc_fuzz_one(in, len); /* any status: the sanitizers judge */
        free(in);
    }
    for (int i = 0; i < nf; i++) free(files[i].p);
    CHECK(1, "");
    printf("target %d: replayed %d files (%d valid), %ld mutations\n", HC_FUZZ_TARGET, nf, valid, mutations);
    return check_done();
}
#endif
