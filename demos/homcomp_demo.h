/* Shared parts of the homcomp demos: arguments (strict, demo_common.h), the k input fields, the
 * report rows and the checks behind the exit code. Include after homcomp.cuh and demo_common.h.
 * Either-or arguments given together (--eb and --rel, FILE and --n) exit 2, as does a run whose
 * host memory estimate exceeds the memory available (demo_common.h's dc_mem_check). */
#ifndef HOMCOMP_DEMO_H
#define HOMCOMP_DEMO_H
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HCD_USAGE "[FILE.f32] [--n N] [--eb ABS | --rel REL] [--mode plain|outlier] [--dtype f32|f64] [--k FIELDS]\n" \
                  "          [--threads T] [--csv] [--progress]   (no FILE: a generated smooth field of N elements, default 2^24)"
#define HCD_MAX_BYTES ((size_t)1 << 36) /* the k fields together: 64 GiB at most */

typedef struct {
    const char *file; /* raw float32 file, or NULL for the generated field */
    uint64_t n;       /* generated field size */
    int n_given, eb_given, rel_given, progress;
    double eb;        /* --eb (ABS) or --rel (REL) value */
    hc_bound bound;
    hc_mode mode;
    hc_dtype dtype;
    int k;            /* fields in the homomorphic sum */
    int csv;
    hc_options opt;   /* CPU threads */
} hcd_args;

/* The host's peak: k fields, the decoded copy, two streams (hc_compress_bound each),
 * the QP array (4n) and, while a file is read, the file itself (4n). */
static void hcd_check_memory(const hcd_args *a, uint64_t n, int from_file)
{
    uint64_t es = a->dtype == HC_F32 ? 4 : 8, raw = n * es;
    uint64_t need = raw * (uint64_t)a->k + raw + 2 * (uint64_t)hc_compress_bound((size_t)n, a->dtype) + 4 * n + (from_file ? 4 * n : 0);
    char what[128];
    snprintf(what, sizeof what, "%d fields of %llu x %d-bit values, their decoded sum and two streams", a->k,
             (unsigned long long)n, (int)(8 * es));
    dc_mem_check(need, what);
}

static void hcd_parse(int argc, char **argv, hcd_args *a)
{
    static const char *const modes[] = {"plain", "outlier", NULL}, *const dtypes[] = {"f32", "f64", NULL};
    memset(a, 0, sizeof *a);
    a->n = 1u << 24; a->eb = 1e-3; a->bound = HC_REL; a->mode = HC_OUTLIER; a->dtype = HC_F32; a->k = 4;
    dc_init(argc, argv, HCD_USAGE);
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (dc_is(s, "--csv")) a->csv = 1;
        else if (dc_is(s, "--progress")) a->progress = 1;
        else if (dc_is(s, "--n")) { a->n = dc_arg_u64(&i, 1, (uint64_t)1 << 32); a->n_given = 1; }
        else if (dc_is(s, "--eb")) { a->eb = dc_arg_double(&i, 1e-300, 1e300); a->bound = HC_ABS; a->eb_given = 1; }
        else if (dc_is(s, "--rel")) { a->eb = dc_arg_double(&i, 1e-300, 1e300); a->bound = HC_REL; a->rel_given = 1; }
        else if (dc_is(s, "--mode")) a->mode = (hc_mode)dc_arg_choice(&i, modes);
        else if (dc_is(s, "--dtype")) a->dtype = (hc_dtype)dc_arg_choice(&i, dtypes);
        else if (dc_is(s, "--k")) a->k = (int)dc_arg_u64(&i, 1, 64);
        else if (dc_is(s, "--threads")) a->opt.threads = (int)dc_arg_u64(&i, 0, 1024);
        else if (dc_is(s, "-h") || dc_is(s, "--help")) dc_help();
        else if (s[0] != '-' && !a->file) a->file = s;
        else dc_unknown(i);
    }
    if (a->eb_given && a->rel_given) dc_usage_error("--eb (absolute) and --rel (relative) are either-or");
    if (a->file && a->n_given) dc_usage_error("FILE and --n are either-or (the file's size is its n)");
    uint64_t n = a->file ? dc_file_size(a->file) / 4 : a->n; /* 0 for a pipe: checked after reading */
    hcd_check_memory(a, n, a->file != NULL);                  /* before any allocation, GPU or not */
    /* phase lines on stderr: --progress, or a terminal and at least 2^28 values in all */
    dc_progress_enable(a->progress, n * (uint64_t)a->k, (uint64_t)1 << 28);
}

/* k fields of n elements (dtype), field j a phase-shifted copy; a file gives field 0 and shifted
 * copies of it for the others. Bad files and impossible sizes end the program (exit 2). */
static void *hcd_fields(hcd_args *a, uint64_t *n_out)
{
    float *file = NULL;
    size_t es = a->dtype == HC_F32 ? 4 : 8, total;
    uint64_t n = a->n;
    dc_progress("%s %d input fields", a->file ? "reading" : "generating", a->k);
    if (a->file) {
        unsigned char *buf;
        size_t bytes;
        dc_read_file(a->file, HCD_MAX_BYTES, &buf, &bytes);
        if (bytes == 0 || bytes % 4) dc_usage_error("%s: %zu bytes is not a whole, non-empty float32 array", a->file, bytes);
        file = (float *)(void *)buf;
        n = bytes / 4;
    }
    if (!dc_mul_size((size_t)n, es * (size_t)a->k, &total) || total > HCD_MAX_BYTES)
        dc_usage_error("%llu elements x %d fields x %zu bytes is more than this demo holds (64 GiB)",
                       (unsigned long long)n, a->k, es);
    hcd_check_memory(a, n, a->file != NULL);
    unsigned char *x = (unsigned char *)malloc(total);
    if (!x) { fprintf(stderr, "%s: out of memory (%zu bytes)\n", dc_prog(), total); dc_exit(DC_EXIT_FAIL); }
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

/* malloc that ends the program (exit 1) when memory runs out */
static void *hcd_alloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p) { fprintf(stderr, "%s: out of memory (%zu bytes)\n", dc_prog(), bytes); dc_exit(DC_EXIT_FAIL); }
    return p;
}

/* a failed codec call ends the run (exit 1) */
static void hcd_status(const char *what, hc_status st)
{
    if (st != HC_OK) { fprintf(stderr, "%s: %s: %s\n", dc_prog(), what, hc_status_string(st)); dc_exit(DC_EXIT_FAIL); }
}

static double hcd_get(const void *p, hc_dtype dt, uint64_t i)
{
    if (dt == HC_F32) { float f; memcpy(&f, (const char *)p + 4 * i, 4); return f; }
    double d; memcpy(&d, (const char *)p + 8 * i, 8); return d;
}

static void hcd_row(const hcd_args *a, const char *variant, const char *op, uint64_t n, double eb_abs, double ratio,
                    double max_err, int ok, double t, double bytes)
{
    const char *ds = a->file ? strrchr(a->file, '/') ? strrchr(a->file, '/') + 1 : a->file : "smooth";
    if (a->csv)
        printf("%s,%s,%s,%llu,%s,%s,%.6g,%.4f,%.6g,%.6g,%.3f,%d\n", variant, op, ds, (unsigned long long)n,
               a->dtype == HC_F32 ? "f32" : "f64", a->mode == HC_PLAIN ? "plain" : "outlier", eb_abs, ratio, max_err, t,
               bytes / t / 1e9, ok);
    else
        printf("  %-22s ratio %8.3f  max err/eb %6.4f  %9.4f ms  %8.3f GB/s  %s\n", op, ratio,
               eb_abs > 0 ? max_err / eb_abs : 0, t * 1e3, bytes / t / 1e9, ok ? "bound held" : "BOUND VIOLATED");
}

/* compress + decompress rows: every decoded value within the stream's eb */
static void hcd_report_roundtrip(const hcd_args *a, const char *variant, const unsigned char *x, const unsigned char *y,
                                 uint64_t n, double eb, size_t sz, double tc, double td)
{
    size_t es = a->dtype == HC_F32 ? 4 : 8;
    double me = 0;
    for (uint64_t i = 0; i < n; i++) me = fmax(me, fabs(hcd_get(x, a->dtype, i) - hcd_get(y, a->dtype, i)));
    int ok = dc_check(me <= eb, "%s: decoded values leave the bound: max error %.6g > eb %.6g", variant, me, eb);
    hcd_row(a, variant, "compress", n, eb, (double)(n * es) / sz, me, ok, tc, (double)(n * es));
    hcd_row(a, variant, "decompress", n, eb, (double)(n * es) / sz, me, ok, td, (double)(n * es));
}

/* The homomorphic-sum check: y is the decoded sum of the k fields in x. The documented bound
 * (homcomp.cuh, ERROR BOUND): |y_i - exact sum_i| <= k eb, plus, for float32 output, half a
 * float32 ulp of y_i (the rounding of the exact quantized sum to float). Checked per element. */
static void hcd_report_sum(const hcd_args *a, const char *variant, const unsigned char *x, const unsigned char *y,
                           uint64_t n, double eb, size_t ssz, double t_add)
{
    size_t es = a->dtype == HC_F32 ? 4 : 8;
    double max_err = 0, max_excess = 0, worst_bound = a->k * eb;
    uint64_t bad = 0;
    for (uint64_t i = 0; i < n; i++) {
        double ex = 0, yi = hcd_get(y, a->dtype, i);
        for (int j = 0; j < a->k; j++) ex += hcd_get(x + (uint64_t)j * n * es, a->dtype, i);
        double err = fabs(ex - yi), half_ulp = 0;
        if (a->dtype == HC_F32) half_ulp = 0.5 * ((double)nextafterf(fabsf((float)yi), INFINITY) - fabs(yi));
        /* + a relative 2^-50 for summing the k inputs in double */
        double bound = a->k * eb + half_ulp + fabs(ex) * 0x1p-50;
        if (err > bound) { bad++; max_excess = fmax(max_excess, err - bound); }
        if (err > max_err) { max_err = err; worst_bound = bound; }
    }
    int ok = dc_check(bad == 0, "%s: the sum of %d fields leaves its bound at %llu elements (by up to %.4g)", variant,
                      a->k, (unsigned long long)bad, max_excess);
    if (a->k > 1)
        hcd_row(a, variant, "homcomp_f_sum", n, eb, (double)(n * es) / ssz, max_err, ok, t_add / (a->k - 1),
                (double)(n * es));
    if (!a->csv)
        printf("  sum of %d fields: max |decoded - exact sum| = %.4g; bound %d x eb%s = %.4g there: %s\n", a->k, max_err,
               a->k, a->dtype == HC_F32 ? " + half a float32 ulp of the sum" : "", worst_bound,
               ok ? "held at every element" : "VIOLATED");
}

static void hcd_header(const hcd_args *a, const char *variant, uint64_t n)
{
    if (a->csv) printf("variant,op,dataset,n,dtype,mode,eb_abs,ratio,max_abs_err,time_s,gb_per_s,ok\n");
    else
        printf("%s: %s, n=%llu %s, %s mode, %s %g, homomorphic sum over %d fields\n", variant,
               a->file ? a->file : "generated smooth field", (unsigned long long)n, a->dtype == HC_F32 ? "f32" : "f64",
               a->mode == HC_PLAIN ? "plain" : "outlier", a->bound == HC_REL ? "REL" : "ABS eb", a->eb, a->k);
}
#endif
