/* Shared parts of the homcomp demos (argument parsing, fields, report/CSV rows).
 * Include after homcomp.cuh. */
#ifndef HOMCOMP_DEMO_H
#define HOMCOMP_DEMO_H
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    const char *file;     /* raw float32 file, or NULL for the generated field */
    uint64_t n;           /* generated field size */
    double eb;            /* --eb (ABS) or --rel (REL) value */
    hc_bound bound;
    hc_mode mode;
    hc_dtype dtype;
    int k;                /* fields in the homomorphic sum */
    int csv;
} hcd_args;

static inline void hcd_usage(const char *prog)
{
    printf("usage: %s [FILE.f32] [--n N] [--eb ABS | --rel REL] [--mode plain|outlier] [--dtype f32|f64]\n"
           "          [--k FIELDS] [--csv]\n"
           "  no FILE: a generated smooth field (sum of sines + noise) of N elements (default 2^24)\n", prog);
}

static inline int hcd_parse(int argc, char **argv, hcd_args *a)
{
    a->file = NULL; a->n = 1u << 24; a->eb = 1e-3; a->bound = HC_REL; a->mode = HC_OUTLIER; a->dtype = HC_F32;
    a->k = 4; a->csv = 0;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(s, "--csv")) a->csv = 1;
        else if (!strcmp(s, "--n") && v) { a->n = strtoull(v, 0, 0); i++; }
        else if (!strcmp(s, "--eb") && v) { a->eb = atof(v); a->bound = HC_ABS; i++; }
        else if (!strcmp(s, "--rel") && v) { a->eb = atof(v); a->bound = HC_REL; i++; }
        else if (!strcmp(s, "--mode") && v) { a->mode = strcmp(v, "plain") ? HC_OUTLIER : HC_PLAIN; i++; }
        else if (!strcmp(s, "--dtype") && v) { a->dtype = strcmp(v, "f64") ? HC_F32 : HC_F64; i++; }
        else if (!strcmp(s, "--k") && v) { a->k = atoi(v); i++; }
        else if (!strcmp(s, "-h") || !strcmp(s, "--help")) { hcd_usage(argv[0]); exit(0); }
        else if (s[0] != '-') a->file = s;
        else { hcd_usage(argv[0]); return 1; }
    }
    if (a->k < 1) a->k = 1;
    return 0;
}

/* k fields of n elements (dtype), field j a phase-shifted copy; a file gives field 0 and
 * shifted copies of it for the others. Returns NULL on error. */
static inline void *hcd_fields(const hcd_args *a, uint64_t *n_out)
{
    uint64_t n = a->n;
    float *file = NULL;
    if (a->file) {
        FILE *f = fopen(a->file, "rb");
        if (!f) { fprintf(stderr, "cannot open %s\n", a->file); return NULL; }
        fseek(f, 0, SEEK_END);
        n = (uint64_t)ftell(f) / 4;
        fseek(f, 0, SEEK_SET);
        file = (float *)malloc(n * 4 + 4);
        if (fread(file, 4, n, f) != n) { fclose(f); free(file); return NULL; }
        fclose(f);
    }
    size_t es = a->dtype == HC_F32 ? 4 : 8;
    unsigned char *x = (unsigned char *)malloc((size_t)a->k * n * es + 8);
    uint64_t h = 88172645463325252ull;
    for (int j = 0; j < a->k; j++)
        for (uint64_t i = 0; i < n; i++) {
            double v;
            if (file) v = file[(i + (uint64_t)j * 7) % n];
            else {
                h ^= h << 13; h ^= h >> 7; h ^= h << 17;
                double t = (double)i * 1e-4 + j * 0.7;
                v = sin(t) * 40 + cos(3.7 * t + j) * 7 + sin(i * 3e-7) * 20 + (double)(h >> 11) * (0.05 / 9007199254740992.0);
            }
            if (a->dtype == HC_F32) { float f = (float)v; memcpy(x + ((uint64_t)j * n + i) * 4, &f, 4); }
            else memcpy(x + ((uint64_t)j * n + i) * 8, &v, 8);
        }
    free(file);
    *n_out = n;
    return x;
}

static inline double hcd_get(const void *p, hc_dtype dt, uint64_t i)
{
    if (dt == HC_F32) { float f; memcpy(&f, (const char *)p + 4 * i, 4); return f; }
    double d; memcpy(&d, (const char *)p + 8 * i, 8); return d;
}

static inline double hcd_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static inline void hcd_row(const hcd_args *a, const char *variant, const char *op, uint64_t n, double eb_abs, double ratio,
                    double max_err, double bound, double t, double bytes)
{
    const char *ds = a->file ? strrchr(a->file, '/') ? strrchr(a->file, '/') + 1 : a->file : "smooth";
    int ok = max_err <= bound;
    if (a->csv)
        printf("%s,%s,%s,%llu,%s,%s,%.6g,%.4f,%.6g,%.6g,%.3f,%d\n", variant, op, ds, (unsigned long long)n,
               a->dtype == HC_F32 ? "f32" : "f64", a->mode == HC_PLAIN ? "plain" : "outlier", eb_abs, ratio, max_err, t,
               bytes / t / 1e9, ok);
    else
        printf("  %-22s ratio %8.3f  max err/eb %6.4f  %9.4f ms  %8.3f GB/s  %s\n", op, ratio,
               bound > 0 ? max_err / bound : 0, t * 1e3, bytes / t / 1e9, ok ? "bound held" : "BOUND VIOLATED");
}

/* The homomorphic-sum check both demos print: y (n elements) is the decoded sum of the k fields
 * in x; its distance to the exact sum must stay within k eb plus, for float32, the rounding of
 * the decoded sum. ssz = bytes of the sum stream, t_add = total time of the k - 1 adds. */
static inline double hcd_report_sum(const hcd_args *a, const char *variant, const unsigned char *x,
                                    const unsigned char *y, uint64_t n, size_t es, double eb, size_t ssz, double t_add)
{
    double max_err = 0;
    for (uint64_t i = 0; i < n; i++) {
        double ex = 0;
        for (int j = 0; j < a->k; j++) ex += hcd_get(x + (uint64_t)j * n * es, a->dtype, i);
        max_err = fmax(max_err, fabs(ex - hcd_get(y, a->dtype, i)));
    }
    double bound = a->k * eb * (1 + 1e-12) + (a->dtype == HC_F32 ? 1e-6 * 60.0 * a->k : 0);
    if (a->k > 1)
        hcd_row(a, variant, "homcomp_f_sum", n, eb, (double)(n * es) / ssz, max_err, bound, t_add / (a->k - 1), n * es);
    if (!a->csv)
        printf("  sum of %d fields: max |decoded - exact sum| = %.4g <= %d x eb = %.4g\n", a->k, max_err, a->k, a->k * eb);
    return max_err;
}

static inline void hcd_header(const hcd_args *a, const char *variant, uint64_t n)
{
    if (a->csv) printf("variant,op,dataset,n,dtype,mode,eb_abs,ratio,max_abs_err,time_s,gb_per_s,ok\n");
    else
        printf("%s: %s, n=%llu %s, %s mode, %s %g, homomorphic sum over %d fields\n", variant,
               a->file ? a->file : "generated smooth field", (unsigned long long)n, a->dtype == HC_F32 ? "f32" : "f64",
               a->mode == HC_PLAIN ? "plain" : "outlier", a->bound == HC_REL ? "REL" : "ABS eb", a->eb, a->k);
}
#endif
