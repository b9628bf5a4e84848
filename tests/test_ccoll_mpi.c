/* test_ccoll_mpi.c - ccoll_mpi.h against an independent oracle: MPI_Allreduce of the inputs
 * as doubles. Run under mpiexec with 1-5 ranks. Every algorithm, counts 0, 1, p-1, 31, 33,
 * 4097, 1000003, float32/float64, ABS/REL, walk/normal data, in place or not, pipelined in
 * small and default segments; results hashed and compared across ranks (bitwise identical);
 * NaN/Inf/overflow on one rank and a corrupted stream give the same status everywhere;
 * two sub-communicators at once; 100 calls of one plan without CCOLL_MALLOC; a failing
 * allocator on one rank; config misuse; compressed and raw allgather; the eb guess of
 * repeated calls against fresh plans. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include "failalloc.h"
#include <stdint.h>
#include <stddef.h>
static int t_rank, t_hook_rank = -1, t_hook_count = -1, t_hook_tail = 0;
/* corrupt the t_hook_count-th stream t_hook_rank sends: its first rate byte (payload total
 * no longer matches the header), or, with t_hook_tail, its last byte (only a checksum sees it) */
static void t_hook(unsigned char *b, size_t len)
{
    if (t_rank != t_hook_rank || t_hook_count < 0) return;
    if (t_hook_count-- != 0 || len <= 41) return;
    if (t_hook_tail) b[len - 1] ^= 0x5a;
    else b[40] ^= 0x1f;
}
#define CCOLL_TEST_HOOK_SEND(buf, len) t_hook((unsigned char *)(buf), (len))
#define CCOLL_MALLOC(sz) fa_malloc(sz)
#define CCOLL_FREE(p) fa_free(p)
/* the codec's allocations count too: a call after the first allocates nothing at all */
#define HOMCOMP_MALLOC(sz) fa_malloc(sz)
#define HOMCOMP_FREE(p) fa_free(p)
#define CCOLL_IMPLEMENTATION
#include "ccoll_mpi.h"
#include "check.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int P_, R_;
static double t_start;

#include "ccoll_test_data.h"

/* the test's own collectives yield the core too (4 ranks share 2 busy cores) */
static void t_allreduce(const void *in, void *out, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    MPI_Request r;
    MPI_Iallreduce(in, out, n, t, op, c, &r);
    ccoll__wait(&r, MPI_STATUS_IGNORE);
}

static uint64_t fnv(const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

/* every rank holds the same bits */
static int same_everywhere(MPI_Comm c, const void *p, size_t n)
{
    unsigned long long h = fnv(p, n), lo, hi;
    t_allreduce(&h, &lo, 1, MPI_UNSIGNED_LONG_LONG, MPI_MIN, c);
    t_allreduce(&h, &hi, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, c);
    return lo == hi;
}

static int all_same_int(MPI_Comm c, int v)
{
    int lo, hi;
    t_allreduce(&v, &lo, 1, MPI_INT, MPI_MIN, c);
    t_allreduce(&v, &hi, 1, MPI_INT, MPI_MAX, c);
    return lo == hi;
}

typedef struct {
    ccoll_algo algo;
    int whole, rpn, raw_below; /* HOMCOMP whole-buffer QP; ArGM ranks per node; RECDBL threshold */
    const char *name;
} variant;

static const variant VARIANTS[] = {
    {CCOLL_ALGO_RING, 0, 0, 0, "ring"},
    {CCOLL_ALGO_DOC, 0, 0, 0, "doc"},
    {CCOLL_ALGO_HOMCOMP, 0, 0, 0, "homcomp_ahead"},
    {CCOLL_ALGO_HOMCOMP, 1, 0, 0, "homcomp_whole"},
    {CCOLL_ALGO_HOMCOMP_F, 0, 0, 0, "homcomp_f"},
    {CCOLL_ALGO_ARGM, 0, 1, 0, "argm_rpn1"},
    {CCOLL_ALGO_ARGM, 0, 2, 0, "argm_rpn2"},
    {CCOLL_ALGO_RECDBL, 0, 0, 1, "recdbl_comp"},
    {CCOLL_ALGO_RECDBL, 0, 0, 0, "recdbl_default"},
    {CCOLL_ALGO_AUTO, 0, 0, 0, "auto"},
};
#define NVAR (int)(sizeof VARIANTS / sizeof VARIANTS[0])

/* codec threads per rank of check_allreduce's plans (main cycles it through 1-3) */
static int t_threads = 1;

static ccoll_config make_cfg(const variant *v, int rel, double eb, uint64_t seg)
{
    ccoll_config c = ccoll_config_init(rel ? CCOLL_REL : CCOLL_ABS, eb);
    c.algo = v->algo;
    c.homcomp_qp_whole = v->whole;
    c.ranks_per_node = v->rpn;
    c.raw_below = (uint64_t)v->raw_below;
    c.segment = seg;
    c.threads = t_threads;
    return c;
}

/* The host's input scan (ccoll__scan_host: min, max, NaN/Inf flag; its SSE2 path on x86-64)
 * and the plain C scan (ccoll__scan_f32_c / _f64_c, the CCOLL_NO_SIMD path) against an element
 * loop in double, on random data with adversarial values (NaN, +-Inf, +-FLT_MAX or DBL_MAX,
 * -0.0, denormals) at random places, the head and the tail included; every length 0..80,
 * pieces' borders, 1-3 threads, the input 0-3 elements off the allocation's alignment. The flag
 * must match; min and max must when it is clear; n = 0 leaves them untouched. */
static void check_scan(void)
{
    static const uint64_t lens[] = {16383, 16384, 16385, 32768 + 19, 100003};
    double *d0 = malloc((100003 + 3) * sizeof(double));
    float *f0 = malloc((100003 + 3) * sizeof(float));
    int fails = 0;
    for (int rep = 0; rep < 400 && fails < 5; rep++) {
        uint64_t n = rep < 324 ? (uint64_t)(rep % 81) : lens[rep % 5];
        int f64 = rep & 1, nt = 1 + rep % 3, kind = (rep / 2) % 4, off = (rep / 3) % 4;
        double *d = d0 + off;
        float *f = f0 + off;
        for (uint64_t i = 0; i < n; i++) d[i] = (check_rand_unit() - 0.5) * (kind == 3 ? 1e300 : 1e3);
        /* 0-2 special values: 0 NaN, 1 +Inf, 2 -Inf, 3 +-BIG, 4 -0.0, 5 a denormal */
        for (int k = 0, ns = (int)check_rand_below(3); k < ns && n; k++) {
            uint64_t at = check_rand_below(4) == 0 ? n - 1 - check_rand_below(n < 4 ? n : 4) : check_rand_below(n);
            int what = (int)check_rand_below(6);
            double big = f64 ? DBL_MAX : FLT_MAX;
            d[at] = what == 0 ? NAN : what == 1 ? INFINITY : what == 2 ? -INFINITY : what == 3 ? (check_rand() & 1 ? big : -big)
                  : what == 4 ? -0.0 : (f64 ? 4.9e-324 : 1.4e-45);
        }
        double omn = DBL_MAX, omx = -DBL_MAX, mn = DBL_MAX, mx = -DBL_MAX, cmn = DBL_MAX, cmx = -DBL_MAX;
        int obad = 0, bad = 0, cbad = 0;
        for (uint64_t i = 0; i < n; i++) {
            double e = f64 ? d[i] : (double)(float)d[i];
            if (!f64) f[i] = (float)d[i];
            if (isnan(e) || isinf(e)) obad = 1;
            else { omn = e < omn ? e : omn; omx = e > omx ? e : omx; }
        }
        ccoll__scan_host(f64 ? (const void *)d : (const void *)f, n, f64 ? HC_F64 : HC_F32, nt, &mn, &mx, &bad);
        if (n && f64) ccoll__scan_f64_c(d, (int64_t)n, &cmn, &cmx, &cbad); /* (its callers skip n = 0) */
        else if (n) ccoll__scan_f32_c(f, (int64_t)n, &cmn, &cmx, &cbad);
        int ok = bad == obad && (obad || (mn == omn && mx == omx));
        int cok = cbad == obad && (obad || (cmn == omn && cmx == omx));
        if (!ok || !cok) fails++;
        CHECK(ok, "scan n=%llu f64=%d threads %d off %d: flag %d/%d min %.17g/%.17g max %.17g/%.17g", (unsigned long long)n,
              f64, nt, off, bad, obad, mn, omn, mx, omx);
        CHECK(cok, "plain C scan n=%llu f64=%d off %d: flag %d/%d min %.17g/%.17g max %.17g/%.17g", (unsigned long long)n,
              f64, off, cbad, obad, cmn, omn, cmx, omx);
    }
    free(d0);
    free(f0);
}

/* The last call's time split: the message waits and the input scan are parts of t_wire,
 * counted for this call only; a compressed call scans its input, a raw one does not (AUTO
 * may scan and then pick a raw algorithm); with several ranks and data every algorithm
 * waits on messages. */
static void check_split(const ccoll_info *I, const char *name, uint64_t n, int p, int raw, int is_auto)
{
    CHECK(I->t_wait >= 0 && I->t_scan >= 0 && I->t_wait + I->t_scan <= I->t_wire * (1 + 1e-9) + 1e-9,
          "%s n=%llu: t_wait %.3g + t_scan %.3g > t_wire %.3g", name, (unsigned long long)n, I->t_wait, I->t_scan, I->t_wire);
    if (raw && !is_auto) CHECK(I->t_scan == 0, "%s n=%llu: raw call with t_scan %.3g", name, (unsigned long long)n, I->t_scan);
    else if (n >= 4096) CHECK(I->t_scan > 0, "%s n=%llu: compressed call without t_scan", name, (unsigned long long)n);
    if (p > 1 && n >= 4096) CHECK(I->t_wait > 0, "%s n=%llu: %d ranks and no t_wait", name, (unsigned long long)n, p);
}

/* One allreduce checked against MPI_Allreduce of doubles. */
static void check_allreduce(MPI_Comm comm, const variant *v, uint64_t n, int f64, int rel, int kind, uint64_t seg,
                            int inplace)
{
    int p, r;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &r);
    size_t es = f64 ? 8 : 4;
    double *x = malloc((n + 1) * 8), *ref = malloc((n + 1) * 8), *ax = malloc((n + 1) * 8), *aref = malloc((n + 1) * 8);
    unsigned char *in = malloc(n * es + 1), *out = malloc(n * es + 1);
    double ebarg = rel ? 1e-4 : (kind == 0 ? 1e-2 : 1e-3);
    gen(x, n, kind, r, n * 7 + (uint64_t)f64);
    for (uint64_t i = 0; i < n; i++) {
        if (!f64) x[i] = (float)x[i];
        ax[i] = fabs(x[i]);
        if (f64) ((double *)in)[i] = x[i];
        else ((float *)in)[i] = (float)x[i];
    }
    t_allreduce(x, ref, (int)n, MPI_DOUBLE, MPI_SUM, comm);
    t_allreduce(ax, aref, (int)n, MPI_DOUBLE, MPI_SUM, comm);
    ccoll_config c = make_cfg(v, rel, ebarg, seg);
    if (getenv("T_VERBOSE"))
        fprintf(stderr, "%d case %s n=%llu f64=%d rel=%d kind=%d seg=%llu inplace=%d threads=%d\n", r, v->name,
                (unsigned long long)n, f64, rel, kind, (unsigned long long)seg, inplace, t_threads);
    ccoll_plan *P = NULL;
    int st = ccoll_plan_create(comm, n, f64 ? MPI_DOUBLE : MPI_FLOAT, &c, &P);
    CHECK(st == CCOLL_OK, "%s create: %s", v->name, ccoll_status_string(st));
    if (st == CCOLL_OK) {
        if (inplace) memcpy(out, in, n * es);
        st = ccoll_allreduce(P, inplace ? MPI_IN_PLACE : in, out);
        CHECK(st == CCOLL_OK, "%s n=%llu f64=%d rel=%d kind=%d seg=%llu: %s", v->name, (unsigned long long)n, f64, rel, kind,
              (unsigned long long)seg, ccoll_status_string(st));
        ccoll_info I;
        memset(&I, 0, sizeof I);
        ccoll_plan_info(P, &I);
        double eps = f64 ? 1.1102230246251565e-16 : 5.960464477539063e-08, worst = 0;
        uint64_t wi = 0;
        int raw = I.eb_abs == 0;
        for (uint64_t i = 0; i < n && st == CCOLL_OK; i++) {
            double y = f64 ? ((double *)out)[i] : ((float *)out)[i];
            double tol = 2.3e-16 * p * aref[i];                    /* the oracle's own rounding */
            if (raw) tol += 2 * p * eps * aref[i];                 /* summation order */
            else {
                tol += p * I.eb_abs * (1 + 1e-12) + eps * fabs(y); /* p eb + half an ulp (x2 margin) */
                /* DOC and ArGM add rounded partial sums */
                if (I.algo == CCOLL_ALGO_DOC || I.algo == CCOLL_ALGO_ARGM) tol += 2 * p * eps * aref[i];
            }
            double e = fabs(y - ref[i]);
            if (!(e <= tol)) { worst = e; wi = i; break; }
        }
        CHECK(worst == 0, "%s n=%llu f64=%d rel=%d kind=%d threads=%d: |err| %.3g at %llu (eb %.3g)", v->name,
              (unsigned long long)n, f64, rel, kind, t_threads, worst, (unsigned long long)wi, I.eb_abs);
        CHECK(same_everywhere(comm, out, n * es), "%s n=%llu: results differ across ranks", v->name, (unsigned long long)n);
        check_split(&I, v->name, n, p, raw, v->algo == CCOLL_ALGO_AUTO);
        if (v->algo != CCOLL_ALGO_AUTO && !(v->algo == CCOLL_ALGO_ARGM && I.algo == CCOLL_ALGO_HOMCOMP_F))
            CHECK(I.algo == v->algo, "%s ran %s", v->name, ccoll_algo_name(I.algo));
    }
    ccoll_plan_free(P);
    free(x); free(ref); free(ax); free(aref); free(in); free(out);
}

/* NaN / Inf / overflow on one rank, and a corrupted stream: same status on every rank */
static void check_errors(void)
{
    uint64_t n = 4097;
    float *x = malloc(n * 4), *y = malloc(n * 4);
    double *d = malloc(n * 8);
    for (int vi = 0; vi < NVAR; vi++) {
        const variant *v = &VARIANTS[vi];
        ccoll_config c = make_cfg(v, 0, 1e-2, 256);
        ccoll_plan *P = NULL;
        int st = ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &c, &P);
        CHECK(st == CCOLL_OK);
        if (st) continue;
        for (int kind = 0; kind < 5; kind++) {
            gen(d, n, 0, R_, 99);
            for (uint64_t i = 0; i < n; i++) x[i] = (float)d[i];
            if (R_ == P_ - 1) {
                if (kind == 0) x[n / 2] = NAN;
                if (kind == 1) x[7] = INFINITY;
            }
            if (kind == 2 && R_ == 0) x[n - 1] = 1e30f; /* |x| / step far beyond 2^30 */
            if (kind == 3) { t_hook_rank = 0; t_hook_count = 2; t_hook_tail = 0; }
            st = ccoll_allreduce(P, x, y);
            t_hook_rank = -1;
            ccoll_info I;
        memset(&I, 0, sizeof I);
            ccoll_plan_info(P, &I);
            int raw = v->algo == CCOLL_ALGO_RING || (v->algo == CCOLL_ALGO_RECDBL && !v->raw_below) ||
                      (v->algo == CCOLL_ALGO_AUTO && I.algo == CCOLL_ALGO_RING);
            CHECK(all_same_int(MPI_COMM_WORLD, st), "%s kind %d: ranks disagree", v->name, kind);
            int want = raw || kind == 4 ? CCOLL_OK : kind < 2 ? CCOLL_ERR_NAN : kind == 2 ? CCOLL_ERR_OVERFLOW : CCOLL_ERR_CORRUPT;
            if (kind == 3 && (P_ == 1 || v->algo == CCOLL_ALGO_AUTO)) want = CCOLL_OK; /* nothing sent / raw chosen */
            if (kind == 3 && v->algo == CCOLL_ALGO_ARGM && P_ <= v->rpn) want = CCOLL_OK; /* one node: no streams */
            /* kind 4: the plan still works after the errors */
            CHECK(st == want, "%s kind %d: %s, want %s", v->name, kind, ccoll_status_string(st),
                  ccoll_status_string((ccoll_status)want));
        }
        ccoll_plan_free(P);
    }
    /* with checksums a flipped payload byte is caught too */
    if (P_ > 1) {
        variant v = {CCOLL_ALGO_HOMCOMP_F, 0, 0, 0, "homcomp_f+checksum"};
        ccoll_config c = make_cfg(&v, 0, 1e-2, 256);
        c.checksum = 1;
        ccoll_plan *P = NULL;
        gen(d, n, 1, R_, 5);
        for (uint64_t i = 0; i < n; i++) x[i] = (float)d[i];
        CHECK(ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &c, &P) == CCOLL_OK);
        CHECK(ccoll_allreduce(P, x, y) == CCOLL_OK);
        t_hook_rank = P_ - 1; t_hook_count = 1; t_hook_tail = 1;
        int st = ccoll_allreduce(P, x, y);
        t_hook_rank = -1;
        CHECK(st == CCOLL_ERR_CORRUPT, "checksum: %s", ccoll_status_string(st));
        ccoll_plan_free(P);
    }
    free(x); free(y); free(d);
}

/* 100 calls of one plan: no CCOLL_MALLOC after the first, the same result every time */
static void check_no_alloc(void)
{
    uint64_t n = 5000;
    double *d = malloc(n * 8);
    float *x = malloc(n * 4), *y = malloc(n * 4), *y0 = malloc(n * 4), *g = malloc(n * 4 * (size_t)P_);
    gen(d, n, 0, R_, 3);
    for (uint64_t i = 0; i < n; i++) x[i] = (float)d[i];
    for (int vi = 0; vi <= NVAR; vi++) {
        variant ag = {CCOLL_ALGO_HOMCOMP_F, 0, 0, 0, "allgather"};
        const variant *v = vi < NVAR ? &VARIANTS[vi] : &ag;
        ccoll_config c = make_cfg(v, 1, 1e-3, 512);
        ccoll_plan *P = NULL;
        CHECK(ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &c, &P) == CCOLL_OK);
        int st = vi < NVAR ? ccoll_allreduce(P, x, y0) : ccoll_allgather(P, x, g);
        CHECK(st == CCOLL_OK, "%s: %s", v->name, ccoll_status_string(st));
        fa_arm(0);
        int calls = v->algo == CCOLL_ALGO_HOMCOMP_F && vi < NVAR ? 100 : 5; /* collectives are slow on 2 busy cores */
        for (int it = 0; it < calls && st == CCOLL_OK; it++) {
            st = vi < NVAR ? ccoll_allreduce(P, x, y) : ccoll_allgather(P, x, g);
            /* (AUTO may switch algorithms while it learns: other summation order) */
            if (vi < NVAR && v->algo != CCOLL_ALGO_AUTO && memcmp(y, y0, n * 4) != 0) st = -100;
            if (vi < NVAR && !same_everywhere(MPI_COMM_WORLD, y, n * 4)) st = -101;
        }
        CHECK(st == CCOLL_OK, "%s: repeated calls: %d", v->name, st);
        CHECK(fa_calls() == 0, "%s: %ld CCOLL_MALLOC/HOMCOMP_MALLOC calls after the first call", v->name, fa_calls());
        ccoll_plan_free(P);
    }
    free(d); free(x); free(y); free(y0); free(g);
}

/* AUTO over many calls of a vector large enough to consider compression: it may switch
 * (model, exploration, then the raw fast path without the data scan) but every call is
 * right, identical on every rank, and allocates nothing after the first */
static void check_auto_calls(void)
{
    uint64_t n = 300000;
    double *d = malloc(n * 8), *ref = malloc(n * 8), *ab = malloc(n * 8);
    float *x = malloc(n * 4), *y = malloc(n * 4);
    gen(d, n, 0, R_, 11);
    for (uint64_t i = 0; i < n; i++) x[i] = (float)d[i], d[i] = x[i];
    t_allreduce(d, ref, (int)n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    for (uint64_t i = 0; i < n; i++) d[i] = fabs(d[i]);
    t_allreduce(d, ab, (int)n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    variant v = {CCOLL_ALGO_AUTO, 0, 0, 0, "auto_calls"};
    ccoll_config c = make_cfg(&v, 1, 1e-4, 0);
    ccoll_plan *P = NULL;
    CHECK(ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &c, &P) == CCOLL_OK);
    for (int it = 0; it < 20 && P; it++) {
        if (it == 1) fa_arm(0);
        int st = ccoll_allreduce(P, x, y);
        ccoll_info I;
        memset(&I, 0, sizeof I);
        ccoll_plan_info(P, &I);
        CHECK(st == CCOLL_OK, "auto call %d: %s", it, ccoll_status_string(st));
        uint64_t bad = n;
        for (uint64_t i = 0; i < n; i++) {
            double tol = 2.3e-16 * P_ * ab[i] + (I.eb_abs > 0 ? P_ * I.eb_abs * (1 + 1e-12) + 6e-8 * fabs(y[i]) : 2 * P_ * 6e-8 * ab[i]);
            if (!(fabs(y[i] - ref[i]) <= tol)) { bad = i; break; }
        }
        CHECK(bad == n, "auto call %d (%s): element %llu off", it, ccoll_algo_name(I.algo), (unsigned long long)bad);
        CHECK(same_everywhere(MPI_COMM_WORLD, y, n * 4), "auto call %d: ranks differ", it);
    }
    CHECK(fa_calls() == 0, "auto: %ld CCOLL_MALLOC/HOMCOMP_MALLOC calls after the first call", fa_calls());
    ccoll_plan_free(P);
    free(d); free(ref); free(ab); free(x); free(y);
}

/* AUTO on the rates measured inside the ring: after a HomComp_F call, the next call's model c,
 * h, d are that call's in-ring seconds per byte (info.t_* / b_*, slowest rank), except a
 * constant the config fixed. A slow wire fixed in config.model.beta makes HomComp_F the pick. */
static void check_auto_ring_model(void)
{
    const uint64_t n = 300000;
    float *x = malloc(n * 4), *y = malloc(n * 4);
    double *d = malloc(n * 8);
    if (P_ < 2) { free(x); free(y); free(d); return; } /* one rank: no model (RING) */
    gen(d, n, 0, R_, 5);
    for (uint64_t i = 0; i < n; i++) x[i] = (float)d[i];
    for (int fix_h = 0; fix_h < 2; fix_h++) {
        variant v = {CCOLL_ALGO_AUTO, 0, 0, 0, "auto_ring_model"};
        ccoll_config c = make_cfg(&v, 1, 1e-4, 0);
        ccoll_plan *P = NULL;
        c.model.beta = 1e-3;
        if (fix_h) c.model.h = 5e-9;
        CHECK(ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &c, &P) == CCOLL_OK);
        double want[3] = {0, 0, 0}, first[3] = {0, 0, 0};
        for (int it = 0; it < 4 && P; it++) {
            ccoll_info I;
            int st = ccoll_allreduce(P, x, y);
            memset(&I, 0, sizeof I);
            ccoll_plan_info(P, &I);
            CHECK(st == CCOLL_OK && I.algo == CCOLL_ALGO_HOMCOMP_F, "auto_ring_model call %d: %s, ran %s", it,
                  ccoll_status_string(st), ccoll_algo_name(I.algo));
            if (it == 0) first[0] = I.model.c, first[1] = I.model.h, first[2] = I.model.d;
            /* the first call (buffers made and first touched) is not fed back: call 1 keeps the
             * plan's constants; from call 2 on they are the previous call's in-ring ones */
            if (it == 1)
                CHECK(I.model.c == first[0] && I.model.h == first[1] && I.model.d == first[2],
                      "call 1: model c %.4g h %.4g d %.4g, the plan's %.4g %.4g %.4g (first call fed back)", I.model.c,
                      I.model.h, I.model.d, first[0], first[1], first[2]);
            if (it > 1 && want[0] > 0 && want[1] > 0 && want[2] > 0) {
                CHECK(I.model.c == want[0] && I.model.d == want[2], "call %d: model c %.4g d %.4g, in-ring %.4g %.4g", it,
                      I.model.c, I.model.d, want[0], want[2]);
                CHECK(I.model.h == (fix_h ? 5e-9 : want[1]), "call %d (h fixed %d): model h %.4g, in-ring %.4g", it, fix_h,
                      I.model.h, want[1]);
            }
            double mine[3] = {I.b_compress ? I.t_compress / (double)I.b_compress : 0,
                              I.b_add ? I.t_add / (double)I.b_add : 0,
                              I.b_decompress ? I.t_decompress / (double)I.b_decompress : 0};
            t_allreduce(mine, want, 3, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        }
        ccoll_plan_free(P);
    }
    free(x); free(y); free(d);
}

/* The eb guess (ccoll__spec_agree): a plan's HomComp_F or AUTO call after a compressed call
 * quantizes with that call's eb and checks it before the allgather. Every call of one plan is
 * compared with a fresh plan's first call (no guess) on the same data: the same status, the
 * same eb and the same result bits; info.eb_guess says whether the guess held (1) or the ring
 * ran again (2: the range moved the step, here x 3 and back). In place too: the second run
 * needs the input the first one must not have overwritten. NaN and overflow on one rank give
 * the screen's status, as without a guess. The guessed ring's range comes from its codec calls
 * (folded) and scans, each own element once (spec.folded + spec.scanned = n). */
static void check_eb_guess(void)
{
    const uint64_t n = 5003;
    double *d = malloc(n * 8);
    unsigned char *x = malloc(n * 8), *y = malloc(n * 8), *z = malloc(n * 8), *io = malloc(n * 8);
    /* scale of each call's data; 0: NaN on the last rank; -1: 1e30 on rank 0 (overflow); -2:
     * both on rank 0, the 1e30 in the block its ring reads first, the NaN in a later one (the
     * codec fails first, the scan must go on: NaN wins, as without a guess) */
    static const double scale[] = {1, 1, 3, 3, 3, 1, 0, 1, -1, 1.01, 1, -2, 1, 3};
    const int ncall = (int)(sizeof scale / sizeof scale[0]);
    if (P_ < 2) { free(d); free(x); free(y); free(z); free(io); return; } /* one rank: nothing to guess */
    gen(d, n, 0, R_, 21);
    for (int cfg = 0; cfg < 8; cfg++) {
        const int f64 = cfg & 1, rel = (cfg >> 1) & 1, in_place = (cfg >> 2) & 1;
        const size_t es = f64 ? 8 : 4;
        variant v = {cfg == 2 ? CCOLL_ALGO_AUTO : CCOLL_ALGO_HOMCOMP_F, 0, 0, 0, "eb_guess"};
        ccoll_config c = make_cfg(&v, rel, rel ? 1e-4 : 1e-3, 512);
        c.threads = 1 + cfg % 3;
        if (v.algo == CCOLL_ALGO_AUTO) c.model.beta = 1e-3; /* a slow wire: HomComp_F */
        ccoll_plan *P = NULL;
        double prev_eb = 0;
        int redo = 0, prev_miss = 0;
        CHECK(ccoll_plan_create(MPI_COMM_WORLD, n, f64 ? MPI_DOUBLE : MPI_FLOAT, &c, &P) == CCOLL_OK);
        for (int k = 0; k < ncall && P; k++) {
            for (uint64_t i = 0; i < n; i++) {
                double e = d[i] * (scale[k] > 0 ? scale[k] : 1);
                if (scale[k] == 0 && R_ == P_ - 1 && i == n / 3) e = NAN;
                if (scale[k] < 0 && R_ == 0 && i == (scale[k] == -1 ? n - 2 : 1)) e = 1e30;
                if (scale[k] == -2 && R_ == 0 && i == n - 2) e = NAN;
                if (f64) ((double *)x)[i] = e;
                else ((float *)x)[i] = (float)e;
            }
            ccoll_plan *Q = NULL; /* the reference: a fresh plan's first call */
            CHECK(ccoll_plan_create(MPI_COMM_WORLD, n, f64 ? MPI_DOUBLE : MPI_FLOAT, &c, &Q) == CCOLL_OK);
            int want = Q ? ccoll_allreduce(Q, x, z) : -100;
            ccoll_info I, J;
            memset(&I, 0, sizeof I);
            memset(&J, 0, sizeof J);
            if (Q) ccoll_plan_info(Q, &J);
            memcpy(io, x, n * es);
            int st = ccoll_allreduce(P, in_place ? MPI_IN_PLACE : x, in_place ? io : y);
            const unsigned char *out = in_place ? io : y;
            ccoll_plan_info(P, &I);
            CHECK(st == want, "eb_guess cfg %d call %d: %s, without the guess %s", cfg, k, ccoll_status_string(st),
                  ccoll_status_string((ccoll_status)want));
            CHECK(J.eb_guess == 0, "eb_guess cfg %d call %d: a first call guessed", cfg, k);
            if (st == CCOLL_OK && want == CCOLL_OK && I.algo == J.algo) { /* (AUTO may explore) */
                int e0 = 0, e1 = 0;
                CHECK(I.eb_abs == J.eb_abs, "eb_guess cfg %d call %d: eb %.17g, without the guess %.17g", cfg, k, I.eb_abs,
                      J.eb_abs);
                CHECK(memcmp(out, z, n * es) == 0, "eb_guess cfg %d call %d (guess %d): result bits differ from the unguessed",
                      cfg, k, I.eb_guess);
                CHECK(same_everywhere(MPI_COMM_WORLD, out, n * es), "eb_guess cfg %d call %d: ranks differ", cfg, k);
                /* a guess follows every successful compressed call; it misses where the step
                 * (eb's binary exponent) moved */
                (void)frexp(prev_eb, &e0);
                (void)frexp(I.eb_abs, &e1);
                if (prev_eb > 0 && I.algo == CCOLL_ALGO_HOMCOMP_F) { /* (right after a miss: no guess) */
                    const int g = prev_miss ? 0 : e0 != e1 ? 2 : 1;
                    CHECK(I.eb_guess == g, "eb_guess cfg %d call %d: info.eb_guess %d, want %d", cfg, k, I.eb_guess, g);
                    redo += I.eb_guess == 2;
                }
                /* the guessed ring's screen: every own element's range once, from the codec
                 * (hc_compress_range / hc_add_raw_range) or a scan; step 0's first compress
                 * always runs before any wait could scan, so the codec gives some */
                /* AUTO's scan term is learned from calls that scanned first only (a guessed
                 * call's t_scan is what little was scanned apart: review 2026-11-28, item 3) */
                if (I.eb_guess) CHECK(P->au.ring[3] == 0, "eb_guess cfg %d call %d: scan term %g learned from a guessed call",
                                      cfg, k, P->au.ring[3]);
                if (I.eb_guess && I.algo == CCOLL_ALGO_HOMCOMP_F)
                    CHECK(P->spec.folded > 0 && P->spec.folded + P->spec.scanned == n,
                          "eb_guess cfg %d call %d: %llu elements from the codec + %llu scanned, want > 0 + ... = %llu", cfg, k,
                          (unsigned long long)P->spec.folded, (unsigned long long)P->spec.scanned, (unsigned long long)n);
                else if (I.eb_guess) CHECK(I.t_scan > 0, "eb_guess cfg %d call %d: no scan time", cfg, k);
            }
            if (st == CCOLL_OK && I.eb_abs > 0) prev_eb = I.eb_abs, prev_miss = I.eb_guess == 2;
            ccoll_plan_free(Q);
        }
        if (rel && v.algo == CCOLL_ALGO_HOMCOMP_F) CHECK(redo >= 2, "eb_guess cfg %d: %d second runs, want 2 or more", cfg, redo);
        ccoll_plan_free(P);
    }
    free(d); free(x); free(y); free(z); free(io);
}

/* The eb guess's edges (review of 2026-11-27). (a) float64 below the codec's smallest step:
 * call 1's eb 2e-308 (step exponent -1022, accepted), call 2's 1e-308 (-1023, which the codec
 * refuses): the guessed call 2 must fail as an unguessed one does, not pass under call 1's
 * step (the old lower clamp of ccoll__step_exp at -1022 returned CCOLL_OK). (b) AUTO's raw pick
 * on a guessed call (call 0 runs HomComp_F, the model putting it within 4x of the raw ring;
 * then the test makes HomComp_F's measured correction huge, so call 1 takes the raw ring under
 * call 0's guess): info.eb_abs is 0 as for an unguessed raw call, and the result is the raw
 * ring's. */
static void check_eb_guess_edges(void)
{
    if (P_ < 2) return;
    {
        const uint64_t n = 5003;
        double *x = malloc(n * 8), *y = malloc(n * 8), *z = malloc(n * 8);
        variant v = {CCOLL_ALGO_HOMCOMP_F, 0, 0, 0, "eb_tiny"};
        ccoll_config c = make_cfg(&v, 1, 1e-8, 512);
        ccoll_plan *P = NULL;
        static const double top[] = {2e-300, 1e-300, 2e-300};
        CHECK(ccoll_plan_create(MPI_COMM_WORLD, n, MPI_DOUBLE, &c, &P) == CCOLL_OK);
        for (int k = 0; k < 3 && P; k++) {
            for (uint64_t i = 0; i < n; i++) x[i] = top[k] * (double)((i * 7 + (uint64_t)R_) % 1001) / 1000.0;
            ccoll_plan *Q = NULL;
            CHECK(ccoll_plan_create(MPI_COMM_WORLD, n, MPI_DOUBLE, &c, &Q) == CCOLL_OK);
            int want = Q ? ccoll_allreduce(Q, x, z) : -100;
            int st = ccoll_allreduce(P, x, y);
            ccoll_info I, J;
            memset(&I, 0, sizeof I);
            memset(&J, 0, sizeof J);
            ccoll_plan_info(P, &I);
            if (Q) ccoll_plan_info(Q, &J);
            CHECK(want == (k == 1 ? CCOLL_ERR_EB : CCOLL_OK), "eb_tiny call %d: unguessed %s", k,
                  ccoll_status_string((ccoll_status)want));
            CHECK(st == want, "eb_tiny call %d (guess %d): %s, without the guess %s", k, I.eb_guess, ccoll_status_string(st),
                  ccoll_status_string((ccoll_status)want));
            if (st == CCOLL_OK && want == CCOLL_OK) {
                CHECK(I.eb_abs == J.eb_abs, "eb_tiny call %d: eb %.17g, without the guess %.17g", k, I.eb_abs, J.eb_abs);
                CHECK(memcmp(y, z, n * 8) == 0, "eb_tiny call %d: result bits differ from the unguessed", k);
            }
            ccoll_plan_free(Q);
        }
        ccoll_plan_free(P);
        free(x); free(y); free(z);
    }
    {
        const uint64_t n = 262144; /* 1 MiB of float: AUTO samples the ratio, HomComp_F is a candidate */
        float *x = malloc(n * 4), *y = malloc(n * 4), *z = malloc(n * 4);
        variant v = {CCOLL_ALGO_AUTO, 0, 0, 0, "eb_auto_raw"}, vr = {CCOLL_ALGO_RING, 0, 0, 0, "ring"};
        ccoll_config c = make_cfg(&v, 1, 1e-4, 65536), cr = make_cfg(&vr, 1, 1e-4, 65536);
        ccoll_plan *P = NULL, *Q = NULL;
        int raw_guessed = 0, prev_hcf = 0;
        /* the raw ring ~0.053 s (its adds), HomComp_F ~0.105 s (its decode) + the measured scan:
         * the ring is best and HomComp_F within 4x down to a 10 MB/s scan (ASan, a loaded box) */
        c.model.alpha = 1e-6;
        c.model.beta = 1e-10;
        c.model.gamma = 1e-7;
        c.model.c = c.model.h = 5e-11;
        c.model.d = 1e-7;
        for (uint64_t i = 0; i < n; i++) x[i] = (float)(sin((double)i * 1e-3) + 0.01 * (double)R_);
        CHECK(ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &c, &P) == CCOLL_OK);
        CHECK(ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &cr, &Q) == CCOLL_OK);
        if (Q) CHECK(ccoll_allreduce(Q, x, z) == CCOLL_OK);
        for (int k = 0; k < 6 && P && Q; k++) {
            ccoll_info I;
            int st = ccoll_allreduce(P, x, y);
            memset(&I, 0, sizeof I);
            ccoll_plan_info(P, &I);
            CHECK(st == CCOLL_OK, "eb_auto_raw call %d: %s", k, ccoll_status_string(st));
            if (getenv("T_VERBOSE") && !R_)
                fprintf(stderr, "eb_auto_raw call %d: algo %d eb %g guess %d predicted ring %g homcomp_f %g\n", k, (int)I.algo,
                        I.eb_abs, I.eb_guess, I.predicted[CCOLL_ALGO_RING], I.predicted[CCOLL_ALGO_HOMCOMP_F]);
            if (st == CCOLL_OK && I.algo == CCOLL_ALGO_RING) {
                CHECK(I.eb_abs == 0, "eb_auto_raw call %d: the raw ring reports eb %g (guessed call: %d)", k, I.eb_abs, prev_hcf);
                CHECK(memcmp(y, z, n * 4) == 0, "eb_auto_raw call %d: not the raw ring's result", k);
                /* a raw pick under the guess scans nothing (it scanned the whole input before
                 * 2026-11-28: a fifth of a shared-memory ring) */
                if (prev_hcf) CHECK(I.t_scan == 0, "eb_auto_raw call %d: the guessed raw pick scanned (%g s)", k, I.t_scan);
                raw_guessed += prev_hcf;
            }
            prev_hcf = st == CCOLL_OK && I.algo == CCOLL_ALGO_HOMCOMP_F && I.eb_abs > 0 && I.eb_guess != 2;
            /* after the first (cold, not fed back) HomComp_F call, HomComp_F looks 1e6x slower
             * (the same on every rank): call 1 takes the raw ring, under the guess call 0 left */
            if (k == 0) P->au.corr[CCOLL_ALGO_HOMCOMP_F] = 1e6;
        }
        CHECK(raw_guessed > 0, "eb_auto_raw: AUTO never picked the raw ring right after a HomComp_F call");
        ccoll_plan_free(P);
        P = NULL;
        /* the same under the guess with a NaN on the last rank: the raw pick behaves like RING
         * (CCOLL_OK, NaN summed: the raw ring's bits), the same status on every rank; the next
         * call without the NaN picks the ring again (settled) and is the raw ring's too */
        CHECK(ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &c, &P) == CCOLL_OK);
        if (P && Q) {
            ccoll_info I;
            int st = ccoll_allreduce(P, x, y);
            memset(&I, 0, sizeof I);
            ccoll_plan_info(P, &I);
            CHECK(st == CCOLL_OK && I.algo == CCOLL_ALGO_HOMCOMP_F, "eb_auto_nan call 0: %s, ran %s", ccoll_status_string(st),
                  ccoll_algo_name(I.algo));
            P->au.corr[CCOLL_ALGO_HOMCOMP_F] = 1e6;
            const float keep = x[n / 3];
            if (R_ == P_ - 1) x[n / 3] = NAN;
            CHECK(ccoll_allreduce(Q, x, z) == CCOLL_OK);
            st = ccoll_allreduce(P, x, y);
            memset(&I, 0, sizeof I);
            ccoll_plan_info(P, &I);
            CHECK(all_same_int(MPI_COMM_WORLD, st), "eb_auto_nan: ranks disagree");
            CHECK(st == CCOLL_OK && I.algo == CCOLL_ALGO_RING, "eb_auto_nan call 1: %s, ran %s (want the raw ring, OK)",
                  ccoll_status_string(st), ccoll_algo_name(I.algo));
            if (st == CCOLL_OK) {
                CHECK(isnan(y[n / 3]) && memcmp(y, z, n * 4) == 0, "eb_auto_nan call 1: not the raw ring's result");
                CHECK(I.t_scan == 0 && I.eb_abs == 0 && I.eb_guess == 0, "eb_auto_nan call 1: scan %g s, eb %g, guess %d",
                      I.t_scan, I.eb_abs, I.eb_guess);
            }
            x[n / 3] = keep;
            CHECK(ccoll_allreduce(Q, x, z) == CCOLL_OK);
            st = ccoll_allreduce(P, x, y);
            memset(&I, 0, sizeof I);
            ccoll_plan_info(P, &I);
            CHECK(st == CCOLL_OK && I.algo == CCOLL_ALGO_RING && memcmp(y, z, n * 4) == 0,
                  "eb_auto_nan call 2: %s, ran %s", ccoll_status_string(st), ccoll_algo_name(I.algo));
        }
        ccoll_plan_free(P);
        ccoll_plan_free(Q);
        free(x); free(y); free(z);
    }
}

/* AUTO's feedback on host plans (ccoll__preamble): from an algorithm's third measured call on,
 * its correction is the median of its last three measured / model ratios, the same on every
 * rank (the slowest rank's time counts). Driven through the preamble itself with set times
 * (rank 0's): ratios 2, 3, 10 give 2, 3, then 3 (the latest alone: 10), then 2.5 -> 3 (median
 * of 3, 10, 2.5), 9 -> 9 (10, 2.5, 9). */
static void check_auto_median(void)
{
    const uint64_t n = 4096;
    variant v = {CCOLL_ALGO_AUTO, 0, 0, 0, "auto_median"};
    ccoll_config c = make_cfg(&v, 0, 1e-3, 512);
    ccoll_plan *P = NULL;
    static const double t[] = {2, 3, 10, 2.5, 9}, want[] = {2, 3, 3, 3, 9};
    CHECK(ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &c, &P) == CCOLL_OK);
    for (int k = 0; k < 5 && P; k++) {
        P->au.cold = 0;
        P->au.last_algo = CCOLL_ALGO_RING;
        P->au.last_pred = 0.5;
        P->au.last_time = R_ == 0 ? 0.5 * t[k] : 0.25 * t[k]; /* the slowest rank's counts */
        CHECK(ccoll__preamble(P, NULL, 0, 0, 1) == CCOLL_OK, "auto_median call %d: preamble failed", k);
        CHECK(P->au.corr[CCOLL_ALGO_RING] == want[k], "auto_median call %d: corr %g, want %g", k, P->au.corr[CCOLL_ALGO_RING],
              want[k]);
    }
    ccoll_plan_free(P);
}

/* a failing CCOLL_MALLOC on the last rank: every rank returns the same status, no leak;
 * a plan whose call failed works when called again */
static void check_failalloc(void)
{
    uint64_t n = 3001;
    float *x = malloc(n * 4), *y = malloc(n * 4);
    for (uint64_t i = 0; i < n; i++) x[i] = (float)(i % 17) + (float)R_;
    static const variant vs[] = {{CCOLL_ALGO_HOMCOMP, 1, 0, 0, "homcomp_whole"}, {CCOLL_ALGO_RECDBL, 0, 0, 1, "recdbl"},
                                 {CCOLL_ALGO_ARGM, 0, 2, 0, "argm"}, {CCOLL_ALGO_AUTO, 0, 0, 0, "auto"}};
    for (size_t vi = 0; vi < sizeof vs / sizeof vs[0]; vi++) {
        for (long k = 1; k < 200; k++) {
            long live0 = fa_live();
            ccoll_config c = make_cfg(&vs[vi], 0, 1e-2, 500);
            ccoll_plan *P = NULL;
            if (getenv("T_VERBOSE") && !R_) fprintf(stderr, "failalloc %s k=%ld\n", vs[vi].name, k);
            fa_arm(R_ == P_ - 1 ? k : 0);
            int st = ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &c, &P);
            if (st == CCOLL_OK) st = ccoll_allreduce(P, x, y);
            int fired = fa_fired(), anyfired = 0;
            fa_arm(0);
            t_allreduce(&fired, &anyfired, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
            CHECK(all_same_int(MPI_COMM_WORLD, st), "%s k=%ld: ranks disagree", vs[vi].name, k);
            CHECK(anyfired ? st == CCOLL_ERR_NOMEM : st == CCOLL_OK, "%s k=%ld: %s", vs[vi].name, k, ccoll_status_string(st));
            if (P && st != CCOLL_OK) {
                /* the plan survived a failed call: the same call again, with memory, works */
                st = ccoll_allreduce(P, x, y);
                CHECK(all_same_int(MPI_COMM_WORLD, st) && st == CCOLL_OK, "%s k=%ld: retry: %s", vs[vi].name, k,
                      ccoll_status_string(st));
            }
            ccoll_plan_free(P);
            CHECK(fa_live() == live0, "%s k=%ld: %ld blocks leaked", vs[vi].name, k, fa_live() - live0);
            if (!anyfired) break;
        }
    }
    free(x); free(y);
}

/* two disjoint sub-communicators run at once */
static void check_subcomms(void)
{
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, R_ % 2, R_, &half);
    check_allreduce(half, &VARIANTS[4], 4097, 0, 1, 0, 300, 0); /* homcomp_f */
    check_allreduce(half, &VARIANTS[7], 4097, 1, 0, 1, 300, 1); /* recdbl */
    check_allreduce(half, &VARIANTS[0], 4097, 0, 0, 1, 300, 0); /* ring */
    MPI_Comm_free(&half);
}

static void check_misuse(void)
{
    ccoll_plan *P = NULL;
    ccoll_config zero;
    memset(&zero, 0, sizeof zero);
    zero.algo = CCOLL_ALGO_HOMCOMP_F; /* no error bound: must not default to 0 */
    CHECK(ccoll_plan_create(MPI_COMM_WORLD, 10, MPI_FLOAT, &zero, &P) == CCOLL_ERR_ARG && !P);
    ccoll_config c = ccoll_config_init(CCOLL_ABS, -1.0);
    CHECK(ccoll_plan_create(MPI_COMM_WORLD, 10, MPI_FLOAT, &c, &P) == CCOLL_ERR_EB);
    c = ccoll_config_init(CCOLL_ABS, 1e-3);
    CHECK(ccoll_plan_create(MPI_COMM_WORLD, 10, MPI_INT, &c, &P) == CCOLL_ERR_ARG);
    CHECK(ccoll_plan_create(MPI_COMM_WORLD, 10, MPI_FLOAT, NULL, &P) == CCOLL_ERR_NULL);
    int st = ccoll_plan_create(MPI_COMM_WORLD, 10 + (uint64_t)(R_ == 0 && P_ > 1), MPI_FLOAT, &c, &P);
    CHECK(st == (P_ > 1 ? CCOLL_ERR_ARG : CCOLL_OK), "different counts: %s", ccoll_status_string(st));
    ccoll_plan_free(P);
    P = NULL;
    /* device plans need nvcc (this test is C); an unknown memory kind; kinds differing by rank */
    c.memory = CCOLL_MEM_DEVICE;
    CHECK(ccoll_plan_create(MPI_COMM_WORLD, 10, MPI_FLOAT, &c, &P) == CCOLL_ERR_ARG && !P);
    c.memory = (ccoll_memory)7;
    CHECK(ccoll_plan_create(MPI_COMM_WORLD, 10, MPI_FLOAT, &c, &P) == CCOLL_ERR_ARG && !P);
    c.memory = R_ == 0 ? CCOLL_MEM_DEVICE : CCOLL_MEM_HOST;
    st = ccoll_plan_create(MPI_COMM_WORLD, 10, MPI_FLOAT, &c, &P);
    CHECK(st == CCOLL_ERR_ARG && !P, "memory kinds differ: %s", ccoll_status_string(st));
    c.memory = CCOLL_MEM_HOST;
    /* a NULL buffer on one rank: everybody hears of it */
    float x[10] = {0}, y[10];
    CHECK(ccoll_plan_create(MPI_COMM_WORLD, 10, MPI_FLOAT, &c, &P) == CCOLL_OK);
    st = ccoll_allreduce(P, R_ == P_ - 1 ? NULL : x, y);
    CHECK(st == CCOLL_ERR_NULL, "%s", ccoll_status_string(st));
    CHECK(ccoll_allreduce(P, x, y) == CCOLL_OK);
    ccoll_plan_free(P);
    CHECK(ccoll_allreduce(NULL, x, y) == CCOLL_ERR_NULL);
    CHECK(strcmp(ccoll_status_string(CCOLL_OK), "ok") == 0);
}

static void check_allgather(void)
{
    static const uint64_t counts[] = {0, 1, 33, 4097};
    for (size_t ci = 0; ci < 4; ci++)
        for (int f64 = 0; f64 < 2; f64++)
            for (int raw = 0; raw < 2; raw++) {
                uint64_t n = counts[ci];
                size_t es = f64 ? 8 : 4;
                double *d = malloc((n + 1) * 8);
                unsigned char *in = malloc(n * es + 1), *out = malloc((size_t)P_ * n * es + 1);
                variant v = {raw ? CCOLL_ALGO_RING : CCOLL_ALGO_HOMCOMP_F, 0, 0, 0, "allgather"};
                ccoll_config c = make_cfg(&v, 1, 1e-4, 64 + 32 * ci);
                ccoll_plan *P = NULL;
                int inplace = (int)ci % 2, st;
                gen(d, n, 1, R_, 77);
                for (uint64_t i = 0; i < n; i++)
                    if (f64) ((double *)in)[i] = d[i]; else ((float *)in)[i] = (float)d[i];
                if (inplace) memcpy(out + (size_t)R_ * n * es, in, n * es);
                CHECK(ccoll_plan_create(MPI_COMM_WORLD, n, f64 ? MPI_DOUBLE : MPI_FLOAT, &c, &P) == CCOLL_OK);
                st = ccoll_allgather(P, inplace ? MPI_IN_PLACE : in, out);
                CHECK(st == CCOLL_OK, "allgather n=%llu: %s", (unsigned long long)n, ccoll_status_string(st));
                ccoll_info I;
        memset(&I, 0, sizeof I);
                ccoll_plan_info(P, &I);
                for (int j = 0; j < P_ && st == CCOLL_OK; j++) {
                    gen(d, n, 1, j, 77);
                    for (uint64_t i = 0; i < n; i++) {
                        double want = f64 ? d[i] : (double)(float)d[i];
                        double got = f64 ? ((double *)out)[(size_t)j * n + i] : ((float *)out)[(size_t)j * n + i];
                        double tol = raw ? 0 : I.eb_abs;
                        if (!CHECK(fabs(got - want) <= tol, "allgather rank %d elem %llu: %g vs %g", j, (unsigned long long)i,
                                   got, want))
                            break;
                    }
                }
                CHECK(same_everywhere(MPI_COMM_WORLD, out, (size_t)P_ * n * es));
                ccoll_plan_free(P);
                free(d); free(in); free(out);
            }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &R_);
    MPI_Comm_size(MPI_COMM_WORLD, &P_);
    t_rank = R_;
    t_start = MPI_Wtime();
    check_init(argc, argv);
    {   /* every rank must use rank 0's seed */
        unsigned long long s = check_seed();
        MPI_Bcast(&s, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
        check__ctx.seed = check__ctx.state = s;
    }
    uint64_t counts[] = {0, 1, (uint64_t)P_ - 1, 31, 33, 4097};
    /* every variant x every count; dtype, bound, data, in place, segment size and codec threads
     * (1-3 per rank) cycle */
    int c = 0;
    for (size_t ci = 0; ci < sizeof counts / sizeof counts[0]; ci++)
        for (int vi = 0; vi < NVAR; vi++, c++) {
            int combo = (c * 3 + (int)ci) % 8;
            t_threads = 1 + c % 3;
            check_allreduce(MPI_COMM_WORLD, &VARIANTS[vi], counts[ci], combo & 1, (combo >> 1) & 1, (combo >> 2) & 1,
                            c % 2 ? 64 : 0, c % 3 == 0);
        }
    if (!R_) fprintf(stderr, "small done %.2f s\n", MPI_Wtime() - t_start);
    /* 1000003 elements: every variant once with 1 thread a rank, once with 2 or 3 (the codec's
     * chunks, the raw adds and the scan split between threads only from 65536 elements on).
     * The threaded pass flips the parity w that picks dtype, bound, data and in place, so each
     * variant runs both settings, and its thread count (3, 3, 2, 2, ...) does not follow w */
    for (int vi = 0; vi < 2 * NVAR; vi++) {
        const int w = vi + vi / NVAR;
        t_threads = vi < NVAR ? 1 : 2 + (vi / 2) % 2;
        check_allreduce(MPI_COMM_WORLD, &VARIANTS[vi % NVAR], 1000003, w % 2, 1 - w % 2, w % 2, vi % 3 ? 0 : 100000, w % 2);
    }
    t_threads = 1;
    if (!R_) fprintf(stderr, "matrix done %.2f s\n", MPI_Wtime() - t_start);
    check_scan();
    check_errors();
    if (!R_) fprintf(stderr, "errors done %.2f s\n", MPI_Wtime() - t_start);
    check_no_alloc();
    check_auto_calls();
    check_auto_ring_model();
    check_eb_guess();
    check_eb_guess_edges();
    check_auto_median();
    if (!R_) fprintf(stderr, "noalloc done %.2f s\n", MPI_Wtime() - t_start);
    check_failalloc();
    if (!R_) fprintf(stderr, "failalloc done %.2f s\n", MPI_Wtime() - t_start);
    if (P_ > 1) check_subcomms();
    check_misuse();
    check_allgather();
    /* the library reads no environment: CCOLL_RANKS_PER_NODE set here changes nothing (the
       config's ranks_per_node, as variant argm_rpn2 above, is the only way) */
    setenv("CCOLL_RANKS_PER_NODE", "2", 1);
    {
        variant v = {CCOLL_ALGO_ARGM, 0, 0, 0, "argm_env_ignored"};
        check_allreduce(MPI_COMM_WORLD, &v, 4097, 0, 1, 0, 100, 0);
    }
    int fails = (int)check_failures(), all = 0;
    t_allreduce(&fails, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    CHECK(all == 0, "failures on other ranks: %d", all - fails);
    int rc = check_done();
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return rc;
}
