/* Fuzz target for the CPU decoder of homcomp.cuh.
 *   libFuzzer: clang -fsanitize=fuzzer,address,undefined -DHC_FUZZ_LIBFUZZER -I. -Itests \
 *              tests/fuzz_homcomp.c -lm -o fuzz_homcomp && ./fuzz_homcomp tests/fuzz_corpus_homcomp
 *   replay (unit suite): homcomp_fuzz_replay DIR  - runs every file of DIR through the target;
 *   files named valid_* must decode with HC_OK, the others must not crash (ASan/UBSan builds
 *   catch any out-of-bounds access). */
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int hc_fuzz_one(const uint8_t *data, size_t size)
{
    hc_info info;
    hc_status st = hc_validate(data, size, &info);
    if (st == HC_OK && info.n <= (1u << 20)) {
        size_t es = info.dtype == HC_F32 ? 4 : 8;
        void *out = malloc(info.n * es + 1);
        size_t cap = hc_compress_bound(info.n, info.dtype), sz;
        unsigned char *sum = malloc(cap);
        if (out && sum) {
            st = hc_decompress(data, size, info.dtype, out, info.n);
            /* the sum of a stream with itself must not crash either */
            (void)hc_add(data, size, data, size, sum, cap, &sz);
            (void)hc_add_raw(data, size, out, info.n, sum, cap, &sz);
        }
        free(out);
        free(sum);
    } else {
        /* also exercise decompress directly on unvalidated input */
        float tmp[64];
        (void)hc_decompress(data, size, HC_F32, tmp, 64);
    }
    return st;
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
int main(int argc, char **argv)
{
    check_init(argc, argv);
    const char *dir = argc > 1 ? argv[argc - 1] : "tests/fuzz_corpus_homcomp";
    DIR *d = opendir(dir);
    int files = 0;
    if (!CHECK(d != NULL, "open %s", dir)) return check_done();
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "rb");
        if (!f) continue;
        fseek(f, 0, SEEK_END);
        long len = ftell(f);
        fseek(f, 0, SEEK_SET);
        /* exact-size heap copy so ASan sees any read past the end */
        uint8_t *buf = malloc(len > 0 ? (size_t)len : 1);
        size_t got = fread(buf, 1, (size_t)len, f);
        fclose(f);
        int st = hc_fuzz_one(buf, got);
        if (strncmp(e->d_name, "valid_", 6) == 0) CHECK(st == HC_OK, "%s: %s", e->d_name, hc_status_string((hc_status)st));
        else CHECK(1, "");
        free(buf);
        files++;
    }
    closedir(d);
    CHECK(files >= 10, "only %d corpus files in %s", files, dir);
    printf("replayed %d files\n", files);
    return check_done();
}
#endif
