/* CPU benchmark of homcomp.cuh (one core) beside ZFP fixed-accuracy mode at the same absolute
 * bound (when built with zfp), on the real fields and a generated smooth field.
 *   homcomp_bench_cpu DATA_DIR [--csv FILE] [--n N]
 * Columns: variant,op,dataset,n,dtype,mode,eb_rel,eb_abs,ratio,max_abs_err,time_s,gb_per_s,ok */
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#ifdef HC_HAVE_ZFP
#include <zfp.h>
#endif

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static FILE *csv;
static void row(const char *v, const char *op, const char *ds, uint64_t n, const char *mode, double rel, double eb,
                double ratio, double me, double t)
{
    char line[512];
    snprintf(line, sizeof line, "%s,%s,%s,%llu,f32,%s,%g,%.6g,%.4f,%.6g,%.6g,%.4f,%d\n", v, op, ds, (unsigned long long)n,
             mode, rel, eb, ratio, me, t, n * 4.0 / t / 1e9, me <= eb);
    fputs(line, stdout);
    if (csv) fputs(line, csv);
}
/* best of 3 */
#define TIME(t, stmt) do { t = 1e30; for (int r_ = 0; r_ < 3; r_++) { double t0_ = now(); stmt; double d_ = now() - t0_; if (d_ < t) t = d_; } } while (0)

static void bench(const char *ds, const float *x, uint64_t n)
{
    float mn = x[0], mx = x[0];
    for (uint64_t i = 0; i < n; i++) { mn = x[i] < mn ? x[i] : mn; mx = x[i] > mx ? x[i] : mx; }
    size_t cap = hc_compress_bound(n, HC_F32), sz = 0;
    unsigned char *s = malloc(cap);
    float *y = malloc(n * 4 + 4);
    double rels[] = {1e-2, 1e-3, 1e-4};
    for (int ri = 0; ri < 3; ri++) {
        double eb = 0, t, me;
        for (int mode = 0; mode < 2; mode++) {
            hc_config c = hc_config_init(HC_F32, HC_REL, rels[ri]);
            c.mode = (hc_mode)mode;
            c.checksum = 0; /* as the earlier results (the checksum's cost: homcomp_bench_cuda) */
            hc_status st = HC_OK;
            TIME(t, st = hc_compress(&c, x, n, s, cap, &sz, NULL));
            if (st) { fprintf(stderr, "%s: %s\n", ds, hc_status_string(st)); return; }
            hc_info info = {0}; hc_stream_info(s, sz, &info); eb = info.eb;
            double tc = t;
            TIME(t, hc_decompress(s, sz, HC_F32, y, n, NULL));
            me = 0;
            for (uint64_t i = 0; i < n; i++) me = fmax(me, fabs((double)x[i] - y[i]));
            row("homcomp", "compress", ds, n, mode ? "outlier" : "plain", rels[ri], eb, n * 4.0 / sz, me, tc);
            row("homcomp", "decompress", ds, n, mode ? "outlier" : "plain", rels[ri], eb, n * 4.0 / sz, me, t);
        }
#ifdef HC_HAVE_ZFP
        {
            zfp_field *f = zfp_field_1d((void *)x, zfp_type_float, (size_t)n);
            zfp_stream *z = zfp_stream_open(NULL);
            zfp_stream_set_accuracy(z, eb);
            size_t zcap = zfp_stream_maximum_size(z, f);
            void *zb = malloc(zcap);
            bitstream *bs = stream_open(zb, zcap);
            zfp_stream_set_bit_stream(z, bs);
            size_t zs = 0;
            TIME(t, { zfp_stream_rewind(z); zs = zfp_compress(z, f); });
            double tc = t;
            zfp_field *g = zfp_field_1d(y, zfp_type_float, (size_t)n);
            TIME(t, { zfp_stream_rewind(z); zfp_decompress(z, g); });
            me = 0;
            for (uint64_t i = 0; i < n; i++) me = fmax(me, fabs((double)x[i] - y[i]));
            row("zfp", "compress", ds, n, "accuracy", rels[ri], eb, zs ? n * 4.0 / zs : 0, me, tc);
            row("zfp", "decompress", ds, n, "accuracy", rels[ri], eb, zs ? n * 4.0 / zs : 0, me, t);
            zfp_field_free(f); zfp_field_free(g); zfp_stream_close(z); stream_close(bs); free(zb);
        }
#endif
    }
    free(s); free(y);
}

int main(int argc, char **argv)
{
    const char *dir = NULL;
    uint64_t n = 1u << 24;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--csv") && i + 1 < argc) csv = fopen(argv[++i], "w");
        else if (!strcmp(argv[i], "--n") && i + 1 < argc) n = strtoull(argv[++i], 0, 0);
        else dir = argv[i];
    }
#ifdef _OPENMP
    omp_set_num_threads(1); /* one core */
#endif
    const char *hdr = "variant,op,dataset,n,dtype,mode,eb_rel,eb_abs,ratio,max_abs_err,time_s,gb_per_s,ok\n";
    fputs(hdr, stdout);
    if (csv) fputs(hdr, csv);
    float *x = malloc(n * 4);
    for (uint64_t i = 0; i < n; i++) {
        double t = i * 1e-4;
        x[i] = (float)(sin(t) * 40 + cos(3.7 * t) * 7 + sin(i * 3e-7) * 20 + ((i * 2654435761u) >> 8 & 0xffff) * (0.05 / 65536));
    }
    bench("smooth64MiB", x, n);
    free(x);
    static const char *files[] = {"sz3_testfloat_8x8x128.f32", "iris_theta_colpex.f32", "iris_tas_FC167.f32",
                                  "iris_pr_rotpole.f32", "iris_toa_bt_mercator.f32", "eraint_z.f32", "eraint_u.f32", "eraint_v.f32"};
    for (size_t k = 0; dir && k < sizeof files / sizeof *files; k++) {
        char p[1024];
        snprintf(p, sizeof p, "%s/%s", dir, files[k]);
        FILE *f = fopen(p, "rb");
        if (!f) continue;
        fseek(f, 0, SEEK_END);
        uint64_t m = (uint64_t)ftell(f) / 4;
        fseek(f, 0, SEEK_SET);
        float *v = malloc(m * 4);
        if (fread(v, 4, m, f) == m) bench(files[k], v, m);
        fclose(f);
        free(v);
    }
    if (csv) fclose(csv);
    return 0;
}
