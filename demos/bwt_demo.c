/* bwt_demo.c - the bwt demo: Burrows-Wheeler transform of a file with sa.h, its inverse, checked.
 *
 *   bwt [FILE] [--threads T] [--aux R] [--csv] [--out F] [--progress]
 *
 * Without FILE: 4 MiB of random bytes. Builds the suffix array (sa_build), the BWT from it (sa_bwt_from_sa, with aux samples every R
 * positions, default 4096, R a power of two >= 2), then inverts it twice: sequentially from the
 * primary index (sa_unbwt) and in parallel from the samples (sa_unbwt_aux). Checks (column ok,
 * exit 1 on a failure): every call returns SA_OK, sa_validate accepts the SA, the BWT equals the
 * one computed here from the SA by its definition (row 0 = text[n-1], row k+1 = text[sa[k]-1]
 * without the $ row), both inverses give the file back. --out F writes the BWT bytes (the
 * primary index is printed). Bad arguments or an unreadable file exit 2. */
#include "demo_common.h"
#define SA_MALLOC(sz) dc_counting_malloc(sz)
#define SA_FREE(p) dc_counting_free(p)
#define SA_IMPLEMENTATION
#include "sa.h"

#define USAGE "[FILE] [--threads T] [--aux R] [--csv] [--out F] [--progress]"

int main(int argc, char **argv)
{
    const char *file = NULL, *out = NULL;
    int csv = 0, progress = 0;
    int64_t r = 4096;
    sa_options opt;
    memset(&opt, 0, sizeof opt);
    dc_init(argc, argv, USAGE);
    for (int i = 1; i < argc; i++) {
        if (dc_is(argv[i], "-h") || dc_is(argv[i], "--help")) dc_help();
        else if (dc_is(argv[i], "--csv")) csv = 1;
        else if (dc_is(argv[i], "--progress")) progress = 1;
        else if (dc_is(argv[i], "--threads")) opt.threads = (int)dc_arg_u64(&i, 0, SA_MAX_THREADS);
        else if (dc_is(argv[i], "--aux")) r = dc_arg_i64(&i, 2, (int64_t)1 << 30);
        else if (dc_is(argv[i], "--out")) out = dc_arg_str(&i);
        else if (argv[i][0] == '-' || file) dc_unknown(i);
        else file = argv[i];
    }
    if (r & (r - 1)) dc_usage_error("--aux %lld is not a power of two", (long long)r);
    unsigned char *text;
    size_t nz;
    /* text (twice while reading), SA, BWT, its inverse and a reference copy, aux; SA-IS's n/4 */
    uint64_t nk = file ? dc_file_size(file) : (uint64_t)1 << 22;
    dc_mem_check(nk * 9 + nk / 4 + nk / (uint64_t)r * 4, "text, SA, BWT, inverse BWT and a reference copy");
    dc_progress_enable(progress, nk, (uint64_t)1 << 26); /* stderr phase lines: --progress, or a terminal and >= 64 MiB */
    dc_progress("%s %s", file ? "reading" : "generating", file ? file : "4 MiB of random bytes");
    if (file) dc_read_file(file, (size_t)INT32_MAX, &text, &nz);
    else { /* the default input: 4 MiB of random bytes */
        nz = (size_t)1 << 22;
        text = (unsigned char *)malloc(nz);
        if (!text) { fprintf(stderr, "%s: out of memory\n", dc_prog()); return DC_EXIT_FAIL; }
        dc_random_bytes(text, nz, 26);
    }
    int32_t n = (int32_t)nz;
    size_t ns = nz ? nz : 1;
    int32_t *sa = (int32_t *)malloc(ns * 4), *aux = (int32_t *)malloc(((ns - 1) / (size_t)r + 1) * 4);
    uint8_t *bwt = (uint8_t *)malloc(ns), *back = (uint8_t *)malloc(ns), *ref = (uint8_t *)malloc(ns);
    if (!sa || !aux || !bwt || !back || !ref) { fprintf(stderr, "%s: out of memory\n", dc_prog()); return DC_EXIT_FAIL; }
    dc_progress("sa_build and sa_validate (%d bytes)", n);
    double t0 = dc_now();
    sa_status st = sa_build(text, sa, n, &opt);
    double t1 = dc_now();
    dc_check(st == SA_OK, "sa_build: %s", sa_status_string(st));
    dc_check(sa_validate(text, sa, n) == SA_OK, "sa_validate rejects the SA");
    dc_progress("sa_bwt_from_sa, checked against the definition");
    double t2 = dc_now();
    st = sa_bwt_from_sa(text, sa, bwt, aux, (int32_t)r, n, &opt);
    double t3 = dc_now();
    dc_check(st == SA_OK, "sa_bwt_from_sa: %s", sa_status_string(st));
    /* the definition, independently of sa.h's pass */
    int32_t p = n > 0 ? -1 : 0;
    if (n > 0) {
        int32_t k = 0;
        ref[k++] = text[n - 1];
        for (int32_t i = 0; i < n; i++) {
            if (sa[i] == 0) p = i + 1;
            else ref[k++] = text[sa[i] - 1];
        }
    }
    dc_check(aux[0] == p && memcmp(bwt, ref, nz) == 0, "the BWT differs from its definition");
    dc_progress("sa_unbwt (sequential)");
    double t4 = dc_now();
    st = sa_unbwt(bwt, back, aux[0], n, &opt);
    double t5 = dc_now();
    dc_check(st == SA_OK && memcmp(back, text, nz) == 0, "sa_unbwt: %s, round trip %s", sa_status_string(st),
             memcmp(back, text, nz) ? "differs" : "ok");
    memset(back, 0, ns);
    dc_progress("sa_unbwt_aux (parallel)");
    double t6 = dc_now();
    st = sa_unbwt_aux(bwt, back, aux, (int32_t)r, n, &opt);
    double t7 = dc_now();
    dc_check(st == SA_OK && memcmp(back, text, nz) == 0, "sa_unbwt_aux: %s", sa_status_string(st));
    if (out) {
        FILE *f = fopen(out, "wb");
        if (!f || fwrite(bwt, 1, nz, f) != nz || fclose(f)) dc_usage_error("cannot write %s", out);
    }
    dc_progress("done");
    int ok = !dc_failed_checks();
    if (csv) {
        printf("variant,n,threads,aux_r,primary,time_sa_s,time_bwt_s,time_unbwt_s,time_unbwt_aux_s,peak_lib_bytes,ok\n");
        printf("bwt,%d,%d,%lld,%d,%.6f,%.6f,%.6f,%.6f,%zu,%d\n", n, sa_effective_threads(&opt), (long long)r, aux[0],
               t1 - t0, t3 - t2, t5 - t4, t7 - t6, dc_peak_bytes(), ok);
    } else {
        printf("bwt: Burrows-Wheeler transform (sa.h)\n");
        printf("  input           %s, %d bytes\n", file ? file : "random bytes (default)", n);
        printf("  threads         %d\n", sa_effective_threads(&opt));
        printf("  primary index   %d (aux samples every %lld)\n", aux[0], (long long)r);
        printf("  SA              %.4f s\n", t1 - t0);
        printf("  BWT from SA     %.4f s\n", t3 - t2);
        printf("  inverse         %.4f s (sequential decode), %.4f s (aux, parallel)\n", t5 - t4, t7 - t6);
        printf("  checks          %s\n", ok ? "ok (SA valid, BWT = definition, both round trips)" : "FAILED");
    }
    free(text), free(sa), free(aux), free(bwt), free(back), free(ref);
    return dc_exit_code();
}
