/* test_ccoll_cuda.cu - ccoll_mpi.h's device plans against its host plans on the same data.
 * Run under mpiexec (suite 'cuda'; exit 77 on every rank when no GPU is visible).
 * Ranks take GPU (node rank % GPUs); CCOLL_TEST_ONE_GPU=1 puts every rank on GPU 0 (ranks
 * sharing a GPU: ArGM stages through the host and says so). CCOLL_RANKS_PER_NODE=1 makes
 * every rank its own node (ArGM = compressed ring between ranks); unset, one node (ArGM's
 * node phases over CUDA IPC when every rank has its own peer-accessible GPU).
 * Checked: every algorithm, counts 0, 1, p-1, 33, 4097, 1000003, float32/float64, ABS/REL,
 * walk/normal, small and default segments, in place: the device result has the host plan's
 * bytes (same status), is identical on every rank and within the documented bound of the
 * exact sum; compressed and raw allgather likewise; NaN on one rank, a stream corrupted in
 * its rate bytes or (checksum on) in its last byte, and a forged header length give the
 * same status on every rank and on both plans; 20 AUTO calls without host allocations;
 * ccoll_plan_info's device fields (CCOLL_TEST_EXPECT_IPC=0/1 checks which ArGM path ran);
 * ArGM over IPC both one-shot (small counts) and two-shot, each on a plan's first call and on
 * later calls (check_argm_screen), and many calls in a row with a NULL buffer on one rank in two
 * of them (check_argm_repeat), and calls back to back with failed ones between, a rank delayed
 * before its release or before its next call (check_argm_race);
 * the pipelined device ring (default) and the one-segment-at-a-time one give the same bytes;
 * the default segment (1M, 4M from count / p = 8M; host 65536) as the settings' agreement sees it;
 * a CUDA failure inside ccoll (cudaMalloc on a full GPU) does not fail later calls. */
#include "failalloc.h"
#include <stdint.h>
#include <stddef.h>
#include <signal.h>
#include <unistd.h>
static int t_rank, t_hook_rank = -1, t_hook_count = -1, t_hook_kind = 0;
/* corrupt the t_hook_count-th stream t_hook_rank sends: kind 0 its first rate byte, 1 its
 * last byte (only a checksum sees it), 2 the header's payload length (a forged size) */
static void t_hook(unsigned char *b, size_t len)
{
    if (t_rank != t_hook_rank || t_hook_count < 0) return;
    if (t_hook_count-- != 0 || len <= 41) return;
    if (t_hook_kind == 1) b[len - 1] ^= 0x5a;
    else if (t_hook_kind == 2) b[39] ^= 0x40; /* payload bytes u64 at 32..39: + 2^62 */
    else b[40] ^= 0x1f;
}
#define CCOLL_TEST_HOOK_SEND(buf, len) t_hook((unsigned char *)(buf), (len))
/* check_argm_race: rank t_delay_rank sleeps before a failed call releases its one-shot waits */
static int t_delay_rank = -1;
static void t_unpush_hook(void)
{
    if (t_rank == t_delay_rank) usleep(100000);
}
#define CCOLL_TEST_HOOK_UNPUSH() t_unpush_hook()
#define CCOLL_MALLOC(sz) fa_malloc(sz)
#define CCOLL_FREE(p) fa_free(p)
/* ArGM over IPC on one node: one-shot up to 64 KiB x (ranks - 1) instead of 8 MiB, so the
 * counts below take both paths (one-shot up to a few thousand elements, two-shot above) */
#define CCOLL_IPC_ONESHOT_BYTES 65536
/* and the two-shot kernel up to 1 MiB (262144 floats): 40000 floats run it, 300007 and 1000003
 * the copies and events */
#define CCOLL_IPC_TWOSHOT_KERNEL_BYTES 1048576
/* and the copies' chunks small (at least 64 KiB, at least 2 from 64 KiB pieces), so that 300007
 * and 1000003 elements run the copies and events pipelined over several chunks (up to 8), as
 * large vectors do */
#define CCOLL__IPC_CHUNK_MIN 65536
#define CCOLL__IPC_CHUNK_TWO 65536
/* and ArGM's sum kernels (3 to 8 node ranks) at most 5 blocks, so that those chunks' blocks
 * (17 to 41 wanted at 3 and 4 ranks) take long uneven ranges, as large vectors' do */
#define CCOLL__SUM_FIT_MOST 5
#define CCOLL_IMPLEMENTATION
#include "ccoll_mpi.h"
#include "check.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int P_, R_;
static int t_pipe = 0; /* config.device_pipeline of the device plans */

#include "ccoll_test_data.h"

static uint64_t fnv(const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ull;
    return h;
}
static int same_everywhere(const void *p, size_t n)
{
    unsigned long long h = fnv(p, n), lo, hi;
    MPI_Allreduce(&h, &lo, 1, MPI_UNSIGNED_LONG_LONG, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&h, &hi, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
    return lo == hi;
}
static int all_same_int(int v)
{
    int lo = 0, hi = 0;
    MPI_Allreduce(&v, &lo, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&v, &hi, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return lo == hi;
}
static int all_ok(int ok)
{
    int g = 0;
    MPI_Allreduce(&ok, &g, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return g;
}

typedef struct {
    ccoll_algo algo;
    int raw_below; /* RECDBL: 1 = compressed leaves, 0 = default (raw below 32768) */
    const char *name;
} variant;
static const variant VARIANTS[] = {
    {CCOLL_ALGO_RING, 0, "ring"},          {CCOLL_ALGO_DOC, 0, "doc"},       {CCOLL_ALGO_HOMCOMP, 0, "homcomp"},
    {CCOLL_ALGO_HOMCOMP_F, 0, "homcomp_f"}, {CCOLL_ALGO_ARGM, 0, "argm"},     {CCOLL_ALGO_RECDBL, 1, "recdbl_comp"},
    {CCOLL_ALGO_RECDBL, 0, "recdbl_raw"},
};
#define NVAR (int)(sizeof VARIANTS / sizeof VARIANTS[0])

static ccoll_config make_cfg(const variant *v, int rel, double eb, uint64_t seg, int device)
{
    ccoll_config c = ccoll_config_init(rel ? CCOLL_REL : CCOLL_ABS, eb);
    c.algo = v->algo;
    c.raw_below = (uint64_t)v->raw_below;
    c.segment = seg;
    c.threads = 1;
    c.memory = device ? CCOLL_MEM_DEVICE : CCOLL_MEM_HOST;
    c.device_pipeline = device ? t_pipe : 0;
    /* the environment mapped onto the config (the library reads none); tests/gpu_ccoll_cuda.sh sets them */
    c.ranks_per_node = getenv("CCOLL_RANKS_PER_NODE") ? atoi(getenv("CCOLL_RANKS_PER_NODE")) : 0;
    c.no_ipc = getenv("CCOLL_NO_IPC") && strcmp(getenv("CCOLL_NO_IPC"), "0") != 0;
    return c;
}

/* one allreduce on a host plan and a device plan; device bytes == host bytes */
static void check_pair(const variant *v, uint64_t n, int f64, int rel, int kind, uint64_t seg, int inplace)
{
    size_t es = f64 ? 8 : 4, bytes = n * es;
    double *x = (double *)malloc((n + 1) * 8), *ref = (double *)malloc((n + 1) * 8), *ax = (double *)malloc((n + 1) * 8),
           *aref = (double *)malloc((n + 1) * 8);
    unsigned char *in = (unsigned char *)malloc(bytes + 1), *hout = (unsigned char *)malloc(bytes + 1),
                  *dres = (unsigned char *)malloc(bytes + 1);
    void *din = NULL, *dout = NULL;
    double eb = rel ? 1e-4 : (kind == 0 ? 1e-2 : 1e-3);
    gen(x, n, kind, R_, n * 7 + (uint64_t)f64 + 3 * (uint64_t)kind);
    for (uint64_t i = 0; i < n; i++) {
        if (!f64) x[i] = (float)x[i];
        ax[i] = fabs(x[i]);
        if (f64) ((double *)in)[i] = x[i];
        else ((float *)in)[i] = (float)x[i];
    }
    MPI_Allreduce(x, ref, (int)n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(ax, aref, (int)n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    CHECK_CUDA(cudaMalloc(&din, bytes + 8));
    CHECK_CUDA(cudaMalloc(&dout, bytes + 8));
    CHECK_CUDA(cudaMemcpy(din, in, bytes, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemset(dout, 0xff, bytes + 8));
    if (inplace) CHECK_CUDA(cudaMemcpy(dout, in, bytes, cudaMemcpyHostToDevice));
    ccoll_config ch = make_cfg(v, rel, eb, seg, 0), cd = make_cfg(v, rel, eb, seg, 1);
    ccoll_plan *H = NULL, *D = NULL;
    int sth = ccoll_plan_create(MPI_COMM_WORLD, n, f64 ? MPI_DOUBLE : MPI_FLOAT, &ch, &H);
    int std_ = ccoll_plan_create(MPI_COMM_WORLD, n, f64 ? MPI_DOUBLE : MPI_FLOAT, &cd, &D);
    CHECK(sth == CCOLL_OK && std_ == CCOLL_OK, "%s create: %s / %s", v->name, ccoll_status_string((ccoll_status)sth),
          ccoll_status_string((ccoll_status)std_));
    if (sth == CCOLL_OK && std_ == CCOLL_OK) {
        if (inplace) memcpy(hout, in, bytes);
        sth = ccoll_allreduce(H, inplace ? MPI_IN_PLACE : in, hout);
        std_ = ccoll_allreduce(D, inplace ? MPI_IN_PLACE : din, dout);
        CHECK(sth == CCOLL_OK && std_ == CCOLL_OK, "%s n=%llu f64=%d rel=%d kind=%d seg=%llu: host %s, device %s", v->name,
              (unsigned long long)n, f64, rel, kind, (unsigned long long)seg, ccoll_status_string((ccoll_status)sth),
              ccoll_status_string((ccoll_status)std_));
        CHECK_CUDA(cudaMemcpy(dres, dout, bytes, cudaMemcpyDeviceToHost));
        ccoll_info I, J;
        memset(&I, 0, sizeof I);
        memset(&J, 0, sizeof J);
        ccoll_plan_info(H, &I);
        ccoll_plan_info(D, &J);
        CHECK(J.device == 1 && I.device == 0, "%s: info.device %d %d", v->name, I.device, J.device);
        CHECK(I.algo == J.algo && I.eb_abs == J.eb_abs, "%s: host ran %s eb %g, device %s eb %g", v->name,
              ccoll_algo_name(I.algo), I.eb_abs, ccoll_algo_name(J.algo), J.eb_abs);
        if (std_ == CCOLL_OK && sth == CCOLL_OK) {
            size_t first = 0;
            while (first < bytes && dres[first] == hout[first]) first++;
            CHECK(first == bytes, "%s n=%llu f64=%d rel=%d kind=%d seg=%llu inplace=%d: device differs from host at byte %zu",
                  v->name, (unsigned long long)n, f64, rel, kind, (unsigned long long)seg, inplace, first);
            CHECK(same_everywhere(dres, bytes), "%s n=%llu: device results differ across ranks", v->name, (unsigned long long)n);
            /* and the bound (the host test checks it at length; here the device result once more) */
            double eps = f64 ? 1.1102230246251565e-16 : 5.960464477539063e-08, worst = 0;
            for (uint64_t i = 0; i < n; i++) {
                double y = f64 ? ((double *)dres)[i] : ((float *)dres)[i];
                double tol = 2.3e-16 * P_ * aref[i] + (J.eb_abs == 0 ? 2 * P_ * eps * aref[i]
                                                                     : P_ * J.eb_abs * (1 + 1e-12) + eps * fabs(y) +
                                                                           2 * P_ * eps * aref[i]);
                double e = fabs(y - ref[i]);
                if (!(e <= tol)) { worst = e; break; }
            }
            CHECK(worst == 0, "%s n=%llu: device |err| %.3g beyond the bound (eb %.3g)", v->name, (unsigned long long)n, worst,
                  J.eb_abs);
            CHECK(J.t_codec >= 0 && J.t_stage >= 0 && J.t_link >= 0 && J.t_wire >= 0);
        }
        if (v->algo == CCOLL_ALGO_ARGM && getenv("CCOLL_TEST_EXPECT_IPC") && P_ > 1 && n > 0) {
            int want = atoi(getenv("CCOLL_TEST_EXPECT_IPC"));
            CHECK(J.ipc == want, "ArGM ipc %d, expected %d (%s)", J.ipc, want, J.ipc_why ? J.ipc_why : "");
        }
    }
    ccoll_plan_free(H);
    ccoll_plan_free(D);
    cudaFree(din);
    cudaFree(dout);
    free(x); free(ref); free(ax); free(aref); free(in); free(hout); free(dres);
}

/* allgather: device bytes == host bytes */
static void check_allgather(uint64_t n, int raw)
{
    size_t part = n * 4, all = part * (size_t)P_;
    double *x = (double *)malloc((n + 1) * 8);
    float *in = (float *)malloc(part + 4);
    unsigned char *hout = (unsigned char *)malloc(all + 1), *dres = (unsigned char *)malloc(all + 1);
    void *din = NULL, *dout = NULL;
    gen(x, n, 0, R_, 555 + n);
    for (uint64_t i = 0; i < n; i++) in[i] = (float)x[i];
    CHECK_CUDA(cudaMalloc(&din, part + 4));
    CHECK_CUDA(cudaMalloc(&dout, all + 4));
    CHECK_CUDA(cudaMemcpy(din, in, part, cudaMemcpyHostToDevice));
    variant v = {raw ? CCOLL_ALGO_RING : CCOLL_ALGO_HOMCOMP_F, 0, raw ? "ag_raw" : "ag_comp"};
    ccoll_config ch = make_cfg(&v, 1, 1e-4, 1024, 0), cd = make_cfg(&v, 1, 1e-4, 1024, 1);
    ccoll_plan *H = NULL, *D = NULL;
    int a = ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &ch, &H), b = ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &cd, &D);
    CHECK(a == CCOLL_OK && b == CCOLL_OK);
    if (a == CCOLL_OK && b == CCOLL_OK) {
        a = ccoll_allgather(H, in, hout);
        b = ccoll_allgather(D, din, dout);
        CHECK(a == CCOLL_OK && b == CCOLL_OK, "allgather %s n=%llu: %d %d", v.name, (unsigned long long)n, a, b);
        CHECK_CUDA(cudaMemcpy(dres, dout, all, cudaMemcpyDeviceToHost));
        CHECK(a || b || memcmp(dres, hout, all) == 0, "allgather %s n=%llu: device differs from host", v.name, (unsigned long long)n);
        CHECK(same_everywhere(dres, all), "allgather %s: differs across ranks", v.name);
    }
    ccoll_plan_free(H);
    ccoll_plan_free(D);
    cudaFree(din);
    cudaFree(dout);
    free(x); free(in); free(hout); free(dres);
}

/* NaN on the last rank, corrupted / forged streams from rank 1: the same status everywhere,
 * on the host plan and on the device plan */
static void check_errors(void)
{
    uint64_t n = 40000;
    size_t bytes = n * 4;
    double *x = (double *)malloc(n * 8);
    float *in = (float *)malloc(bytes), *out = (float *)malloc(bytes);
    void *din = NULL, *dout = NULL;
    CHECK_CUDA(cudaMalloc(&din, bytes));
    CHECK_CUDA(cudaMalloc(&dout, bytes));
    for (int vi = 0; vi < NVAR; vi++) {
        const variant *v = &VARIANTS[vi];
        if (v->algo == CCOLL_ALGO_RING || (v->algo == CCOLL_ALGO_RECDBL && !v->raw_below)) continue; /* raw: nothing to check */
        /* kind 0 NaN; 1 rate byte, 2 last byte (checksum), 3 forged length, all in the first
         * stream rank 1 sends; 4 rate byte of its 4th stream (the pipeline holds segments
         * in flight, sends and receives outstanding, when the error appears) */
        for (int kind = 0; kind < 5; kind++) {
            int st[2];
            for (int dev = 0; dev < 2; dev++) {
                ccoll_config c = make_cfg(v, 0, 1e-2, 4096, dev);
                c.checksum = kind == 2;
                ccoll_plan *P = NULL;
                int s = ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &c, &P);
                CHECK(s == CCOLL_OK);
                if (s) { st[dev] = s; continue; }
                gen(x, n, 0, R_, 99);
                for (uint64_t i = 0; i < n; i++) in[i] = (float)x[i];
                if (kind == 0 && R_ == P_ - 1) in[n / 2] = NAN;
                CHECK_CUDA(cudaMemcpy(din, in, bytes, cudaMemcpyHostToDevice));
                t_hook_rank = kind > 0 && P_ > 1 ? 1 : -1;
                t_hook_count = kind == 4 ? 3 : kind > 0 ? 0 : -1;
                t_hook_kind = kind == 1 || kind == 4 ? 0 : kind == 2 ? 1 : 2;
                s = ccoll_allreduce(P, dev ? din : (void *)in, dev ? dout : (void *)out);
                t_hook_rank = t_hook_count = -1;
                st[dev] = s;
                int lo = 0, hi = 0;
                MPI_Allreduce(&s, &lo, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
                MPI_Allreduce(&s, &hi, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
                CHECK(lo == hi, "%s kind %d dev %d: statuses differ across ranks (%d..%d)", v->name, kind, dev, lo, hi);
                if (kind == 0) CHECK(s == CCOLL_ERR_NAN, "%s dev %d: NaN gave %s", v->name, dev, ccoll_status_string((ccoll_status)s));
                else if (P_ > 1 && v->algo != CCOLL_ALGO_ARGM)
                    CHECK(s == CCOLL_ERR_CORRUPT, "%s kind %d dev %d: a corrupted stream gave %s", v->name, kind, dev,
                          ccoll_status_string((ccoll_status)s));
                /* the plan still works afterwards */
                s = ccoll_allreduce(P, dev ? din : (void *)in, dev ? dout : (void *)out);
                CHECK(all_ok(kind == 0 ? s == CCOLL_ERR_NAN : s == CCOLL_OK), "%s kind %d dev %d: the next call gave %s", v->name,
                      kind, dev, ccoll_status_string((ccoll_status)s));
                ccoll_plan_free(P);
            }
            /* ArGM on one node moves no stream: whatever it returned, host and device agree */
            CHECK(st[0] == st[1], "%s kind %d: host %s, device %s", v->name, kind, ccoll_status_string((ccoll_status)st[0]),
                  ccoll_status_string((ccoll_status)st[1]));
        }
    }
    cudaFree(din);
    cudaFree(dout);
    free(x); free(in); free(out);
}

/* Device plans' default segment: 4M elements where count / p holds two of them, else 1M (host
 * plans 65536), seen through the settings' agreement at plan creation: a rank passing segment
 * 0 agrees with ranks passing the value 0 resolves to, and with no other ("segment"). Before
 * the 4M default, 0 vs 4M at count / p = 8M was a mismatch. */
static void check_seg_default(void)
{
    const uint64_t big = (uint64_t)1 << 22, small = (uint64_t)1 << 20;
    const uint64_t counts[2] = {2 * big * (uint64_t)P_, 2 * big * (uint64_t)P_ - 1}; /* count / p: 8M, 8M - 1 */
    for (int ci = 0; ci < 2; ci++)
        for (int dev = 0; dev < 2; dev++)
            for (int other = 0; other < 3; other++) { /* what ranks 1.. pass: 1M, 4M, 65536 */
                const uint64_t seg = other == 0 ? small : other == 1 ? big : 65536;
                const uint64_t resolved = !dev ? 65536 : ci == 0 ? big : small;
                variant v = {CCOLL_ALGO_HOMCOMP_F, 0, "homcomp_f"};
                ccoll_config c = make_cfg(&v, 0, 1e-2, R_ == 0 ? 0 : seg, dev);
                ccoll_plan *P = NULL;
                ccoll_info info;
                int s = ccoll_plan_create_ex(MPI_COMM_WORLD, counts[ci], MPI_FLOAT, &c, &P, &info);
                const int want_ok = P_ == 1 || seg == resolved;
                CHECK(all_same_int(s), "default segment: ranks disagree");
                if (want_ok) CHECK(s == CCOLL_OK, "default segment: count %llu, %s plan, 0 against %llu: %s (%s)",
                                   (unsigned long long)counts[ci], dev ? "device" : "host", (unsigned long long)seg,
                                   ccoll_status_string((ccoll_status)s), info.mismatch ? info.mismatch : "-");
                else CHECK(s == CCOLL_ERR_ARG && info.mismatch && !strcmp(info.mismatch, "segment"),
                           "default segment: count %llu, %s plan, 0 against %llu should mismatch: %s (%s)",
                           (unsigned long long)counts[ci], dev ? "device" : "host", (unsigned long long)seg,
                           ccoll_status_string((ccoll_status)s), info.mismatch ? info.mismatch : "-");
                ccoll_plan_free(P);
            }
}

/* A CUDA failure inside ccoll must not fail a later call. Here cudaMalloc fails at plan
 * creation (the GPU's memory taken by the test; largest segments); that error once stayed
 * the thread's last error and the next plan's first launch check reported it. */
static void check_recovery(void)
{
    uint64_t n = 40000;
    size_t bytes = n * 4, fr = 0, tot = 0;
    float *in = (float *)malloc(bytes);
    void *din = NULL, *dout = NULL, *hog = NULL;
    CHECK_CUDA(cudaMalloc(&din, bytes));
    CHECK_CUDA(cudaMalloc(&dout, bytes));
    for (uint64_t i = 0; i < n; i++) in[i] = (float)(i % 101) + (float)R_;
    CHECK_CUDA(cudaMemcpy(din, in, bytes, cudaMemcpyHostToDevice));
    /* ranks sharing a GPU take it in turn; whatever is left is less than a plan needs */
    for (int r = 0; r < P_; r++) {
        if (r == R_ && cudaMemGetInfo(&fr, &tot) == cudaSuccess)
            while (fr > ((size_t)256 << 20) && cudaMalloc(&hog, fr - ((size_t)32 << 20)) != cudaSuccess) {
                cudaGetLastError(); /* the test's own failure is not ccoll's */
                hog = NULL;
                fr -= fr / 8;
            }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    {
        variant v = {CCOLL_ALGO_HOMCOMP_F, 0, "homcomp_f"};
        ccoll_config c = make_cfg(&v, 0, 1e-2, (uint64_t)1 << 24, 1);
        ccoll_plan *P = NULL;
        int s = ccoll_plan_create(MPI_COMM_WORLD, (uint64_t)1 << 26, MPI_FLOAT, &c, &P);
        CHECK(all_same_int(s), "plan on a full GPU: ranks disagree");
        if (R_ == 0 && s != CCOLL_ERR_CUDA) printf("check_recovery: the plan on a full GPU gave %s (not exercised)\n",
                                                  ccoll_status_string((ccoll_status)s));
        ccoll_plan_free(P);
    }
    if (hog) cudaFree(hog);
    MPI_Barrier(MPI_COMM_WORLD);
    for (int vi = 1; vi <= 4; vi++) { /* compressed algorithms launch kernels at once */
        ccoll_config c = make_cfg(&VARIANTS[vi], 0, 1e-2, 4096, 1);
        ccoll_plan *P = NULL;
        int s = ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &c, &P);
        if (s == CCOLL_OK) s = ccoll_allreduce(P, din, dout);
        CHECK(all_ok(s == CCOLL_OK), "%s after a CUDA failure: %s", VARIANTS[vi].name, ccoll_status_string((ccoll_status)s));
        ccoll_plan_free(P);
    }
    cudaFree(din);
    cudaFree(dout);
    free(in);
}

/* AUTO: 20 calls, each within the bound and identical across ranks, no host allocation
 * after the first call (the device side allocates at plan creation only, by design) */
static void check_auto(void)
{
    uint64_t n = 300000;
    size_t bytes = n * 4;
    double *x = (double *)malloc(n * 8), *ref = (double *)malloc(n * 8), *ax = (double *)malloc(n * 8), *aref = (double *)malloc(n * 8);
    float *in = (float *)malloc(bytes), *res = (float *)malloc(bytes);
    void *din = NULL, *dout = NULL;
    CHECK_CUDA(cudaMalloc(&din, bytes));
    CHECK_CUDA(cudaMalloc(&dout, bytes));
    gen(x, n, 0, R_, 4242);
    for (uint64_t i = 0; i < n; i++) { in[i] = (float)x[i]; x[i] = in[i]; ax[i] = fabs(x[i]); }
    MPI_Allreduce(x, ref, (int)n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(ax, aref, (int)n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    CHECK_CUDA(cudaMemcpy(din, in, bytes, cudaMemcpyHostToDevice));
    variant v = {CCOLL_ALGO_AUTO, 0, "auto"};
    ccoll_config c = make_cfg(&v, 1, 1e-4, 0, 1);
    ccoll_plan *P = NULL;
    int st = ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &c, &P);
    CHECK(st == CCOLL_OK, "auto create: %s", ccoll_status_string((ccoll_status)st));
    long calls0 = 0;
    int picked[CCOLL_ALGO_COUNT] = {0};
    for (int it = 0; it < 20 && st == CCOLL_OK; it++) {
        if (it == 1) calls0 = fa_calls();
        st = ccoll_allreduce(P, din, dout);
        CHECK(st == CCOLL_OK, "auto call %d: %s", it, ccoll_status_string((ccoll_status)st));
        ccoll_info I;
        memset(&I, 0, sizeof I);
        ccoll_plan_info(P, &I);
        picked[I.algo]++;
        CHECK_CUDA(cudaMemcpy(res, dout, bytes, cudaMemcpyDeviceToHost));
        int bad = 0;
        for (uint64_t i = 0; i < n && !bad; i++) {
            double tol = 2.3e-16 * P_ * aref[i] + P_ * I.eb_abs * (1 + 1e-12) + 6e-8 * fabs(res[i]) + 2 * P_ * 6e-8 * aref[i];
            if (!(fabs(res[i] - ref[i]) <= tol)) bad = 1;
        }
        CHECK(!bad, "auto call %d (%s): beyond the bound", it, ccoll_algo_name(I.algo));
        CHECK(same_everywhere(res, bytes), "auto call %d: differs across ranks", it);
    }
    if (st == CCOLL_OK) CHECK(fa_calls() == calls0, "AUTO allocated %ld times after its first call", fa_calls() - calls0);
    if (R_ == 0) {
        ccoll_info I;
        memset(&I, 0, sizeof I);
        ccoll_plan_info(P, &I);
        printf("auto picks:");
        for (int a = 1; a < CCOLL_ALGO_COUNT; a++)
            if (picked[a]) printf(" %s x%d", ccoll_algo_name((ccoll_algo)a), picked[a]);
        printf("; model c %.3g h %.3g d %.3g s/B, stage %.3g s/B, launch %.3g s, link %.3g s/B, ipc %d (%s)\n", I.model.c,
               I.model.h, I.model.d, I.model.stage, I.model.launch, I.model.link, I.ipc, I.ipc_why ? I.ipc_why : "");
    }
    ccoll_plan_free(P);
    cudaFree(din);
    cudaFree(dout);
    free(x); free(ref); free(ax); free(aref); free(in); free(res);
}

/* An ArGM host plan and device plan on n floats, with their buffers (check_argm_*) */
typedef struct {
    uint64_t n;
    size_t bytes;
    double *x;
    float *in, *hout, *dres;
    void *din, *dout;
    ccoll_plan *H, *D;
} argm_pair;
static void argm_pair_open(argm_pair *a, uint64_t n, int rel, double eb, uint64_t seg)
{
    ccoll_config ch = make_cfg(&VARIANTS[4], rel, eb, seg, 0), cd = make_cfg(&VARIANTS[4], rel, eb, seg, 1);
    memset(a, 0, sizeof *a);
    a->n = n;
    a->bytes = n * 4;
    a->x = (double *)malloc(n * 8);
    a->in = (float *)malloc(a->bytes);
    a->hout = (float *)malloc(a->bytes);
    a->dres = (float *)malloc(a->bytes);
    CHECK_CUDA(cudaMalloc(&a->din, a->bytes));
    CHECK_CUDA(cudaMalloc(&a->dout, a->bytes));
    CHECK(ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &ch, &a->H) == CCOLL_OK);
    CHECK(ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &cd, &a->D) == CCOLL_OK);
}
static void argm_pair_close(argm_pair *a)
{
    ccoll_plan_free(a->H);
    ccoll_plan_free(a->D);
    cudaFree(a->din);
    cudaFree(a->dout);
    free(a->x); free(a->in); free(a->hout); free(a->dres);
}

/* ArGM after its setup (on one node over IPC the NaN/range screen comes from the sum kernels,
 * agreed at the end of the call): good data, NaN on the last rank, values whose sum leaves the
 * codec's integer range, good data again; host and device plans return the same status each
 * time, the same bytes and eb when they succeed. n = 40000 + p: two-shot over IPC (pieces of
 * unequal length); 1000 + p: one-shot up to 16 ranks */
static void check_argm_screen(uint64_t n)
{
    argm_pair a;
    argm_pair_open(&a, n, 0, 1e-3, 4096);
    for (int step = 0; step < 4 && a.H && a.D; step++) {
        static const int want[4] = {CCOLL_OK, CCOLL_ERR_NAN, CCOLL_ERR_OVERFLOW, CCOLL_OK};
        gen(a.x, n, 0, R_, 77 + (uint64_t)step);
        for (uint64_t i = 0; i < n; i++) a.in[i] = step == 2 ? 1e7f + (float)(i % 5) : (float)a.x[i]; /* 2: |x| / step > 2^30 / p */
        if (step == 1 && R_ == P_ - 1) a.in[n - 1] = NAN; /* the last piece: made on the last rank */
        CHECK_CUDA(cudaMemcpy(a.din, a.in, a.bytes, cudaMemcpyHostToDevice));
        int sh = ccoll_allreduce(a.H, a.in, a.hout), sd = ccoll_allreduce(a.D, a.din, a.dout);
        CHECK(all_same_int(sd) && sd == sh, "argm screen n=%llu step %d: host %s, device %s", (unsigned long long)n, step, ccoll_status_string((ccoll_status)sh),
              ccoll_status_string((ccoll_status)sd));
        if (P_ > 1) CHECK(sd == want[step], "argm screen n=%llu step %d: device gave %s", (unsigned long long)n, step, ccoll_status_string((ccoll_status)sd));
        if (sd == CCOLL_OK && sh == CCOLL_OK) {
            ccoll_info ih, id;
            memset(&ih, 0, sizeof ih);
            memset(&id, 0, sizeof id);
            ccoll_plan_info(a.H, &ih);
            ccoll_plan_info(a.D, &id);
            CHECK_CUDA(cudaMemcpy(a.dres, a.dout, a.bytes, cudaMemcpyDeviceToHost));
            CHECK(memcmp(a.dres, a.hout, a.bytes) == 0, "argm screen n=%llu step %d: device bytes differ from the host plan's", (unsigned long long)n, step);
            CHECK(id.eb_abs == ih.eb_abs, "argm screen step %d: eb %g (device) vs %g (host)", step, id.eb_abs, ih.eb_abs);
        }
    }
    argm_pair_close(&a);
}

/* ArGM calls in a row on one plan (one-shot over IPC with 2 to 8 ranks: one kernel per call,
 * flags between the GPUs counting the calls): new data every call, in place every third call,
 * a NULL output on the last rank at calls 0 (refused in the preamble, before any set-up) and
 * 5 (the kernels already launched: that rank's carries flags only, and the agreed error ends
 * every wait); every rank returns CCOLL_ERR_NULL there and nobody waits forever; call 1 sets
 * up and launches after the preamble; every call that succeeds has the host plan's bytes (a
 * stale slot, a flag read too early or a peer's next call overwriting a slot still being read
 * would show as a difference) */
static void check_argm_repeat(uint64_t n, int calls)
{
    argm_pair a;
    argm_pair_open(&a, n, 1, 1e-4, 0);
    for (int c = 0; c < calls && a.H && a.D; c++) {
        const int null_out = (c == 0 || c == 5) && R_ == P_ - 1, inplace = c % 3 == 2;
        gen(a.x, n, c & 1, R_, 500 + (uint64_t)c);
        for (uint64_t i = 0; i < n; i++) a.in[i] = (float)a.x[i];
        CHECK_CUDA(cudaMemcpy(a.din, a.in, a.bytes, cudaMemcpyHostToDevice));
        if (inplace) CHECK_CUDA(cudaMemcpy(a.dout, a.in, a.bytes, cudaMemcpyHostToDevice));
        int sh = ccoll_allreduce(a.H, a.in, null_out ? NULL : a.hout);
        int sd = ccoll_allreduce(a.D, inplace ? MPI_IN_PLACE : a.din, null_out ? NULL : a.dout);
        const int want = c == 0 || c == 5 ? CCOLL_ERR_NULL : CCOLL_OK;
        CHECK(all_same_int(sd) && sd == sh && sd == want, "argm repeat n=%llu call %d: host %s, device %s", (unsigned long long)n, c,
              ccoll_status_string((ccoll_status)sh), ccoll_status_string((ccoll_status)sd));
        if (sd == CCOLL_OK && sh == CCOLL_OK) {
            CHECK_CUDA(cudaMemcpy(a.dres, a.dout, a.bytes, cudaMemcpyDeviceToHost));
            CHECK(memcmp(a.dres, a.hout, a.bytes) == 0, "argm repeat n=%llu call %d: device bytes differ from the host plan's", (unsigned long long)n, c);
        }
    }
    argm_pair_close(&a);
}

/* A failed one-shot ArGM call against a peer's next call (dcbde88): after an agreed error nothing
 * synchronises the node, so a peer returns first and its next call's kernel writes the next
 * epoch into this rank's flags before this rank releases the failed call's waits. Schedule
 * (one node over IPC, D = rank 0, F = the last rank, one-shot kernels launched before the
 * preamble from the second call on):
 *   call e: F passes a NULL output (its kernel writes flags only); the preamble agrees
 *     CCOLL_ERR_NULL; F releases and returns; D sleeps 0.1 s in CCOLL_TEST_HOOK_UNPUSH;
 *   call e + 1 on F, right away (no MPI call between, in the test either): its kernel writes
 *     flag[F] = e + 1 into D's flags, then F waits in the preamble for D;
 *   D's release of call e: storing e (before dcbde88) put flag[F] back to e, and D's kernel of
 *     call e + 1 waited for F's e + 1 forever (an alarm ends the test: exit 3); raising
 *     it (atomicCAS, only flags below e) leaves e + 1.
 * Rounds alternate with F sleeping before its next call instead (D pushes first). The results
 * are kept on the host and checked after the calls: statuses agreed, bytes of the host plan on
 * the same data, the documented bound of the exact sum. */
static void t_alarm(int sig)
{
    static const char m[] = "argm race: a call did not return in time (a one-shot wait that never ends; CCOLL_TEST_RACE_ALARM s, 120 unset)\n";
    (void)sig;
    if (write(2, m, sizeof m - 1) < 0) _exit(3);
    _exit(3);
}
static void check_argm_race(uint64_t n, int rounds)
{
    enum { PER = 4 }; /* a round: good, failed, good, good (in place) */
    const int calls = rounds * PER, F = P_ - 1;
    argm_pair a;
    int *st = (int *)calloc((size_t)calls, sizeof(int));
    float *res = (float *)malloc((size_t)calls * n * 4);
    double *ref = (double *)malloc(n * 8), *ax = (double *)malloc(n * 8), *aref = (double *)malloc(n * 8);
    argm_pair_open(&a, n, 1, 1e-4, 0);
    if (!a.H || !a.D || P_ < 2) {
        argm_pair_close(&a);
        free(st); free(res); free(ref); free(ax); free(aref);
        return;
    }
    signal(SIGALRM, t_alarm);
    alarm(getenv("CCOLL_TEST_RACE_ALARM") ? (unsigned)atoi(getenv("CCOLL_TEST_RACE_ALARM")) : 120u);
    for (int c = 0; c < calls; c++) { /* no MPI call in this loop: only ccoll's */
        const int r = c / PER, k = c % PER, fail = k == 1, inplace = k == 3;
        gen(a.x, n, c & 1, R_, 900 + (uint64_t)c);
        for (uint64_t i = 0; i < n; i++) a.in[i] = (float)a.x[i];
        CHECK_CUDA(cudaMemcpy(inplace ? a.dout : a.din, a.in, a.bytes, cudaMemcpyHostToDevice));
        if (k == 2 && r % 2 == 1 && R_ == F) usleep(100000); /* F late for the call after a failed one */
        t_delay_rank = fail && r % 2 == 0 ? 0 : -1;          /* D late for its release */
        st[c] = ccoll_allreduce(a.D, inplace ? MPI_IN_PLACE : a.din, fail && R_ == F ? NULL : a.dout);
        t_delay_rank = -1;
        if (st[c] == CCOLL_OK) CHECK_CUDA(cudaMemcpy(res + (uint64_t)c * n, a.dout, a.bytes, cudaMemcpyDeviceToHost));
    }
    alarm(0);
    signal(SIGALRM, SIG_DFL);
    if (getenv("CCOLL_TEST_EXPECT_IPC")) { /* the schedule above needs ArGM over IPC */
        ccoll_info j;
        memset(&j, 0, sizeof j);
        ccoll_plan_info(a.D, &j);
        CHECK(j.ipc == atoi(getenv("CCOLL_TEST_EXPECT_IPC")), "argm race: ipc %d (%s)", j.ipc, j.ipc_why ? j.ipc_why : "");
    }
    for (int c = 0; c < calls; c++) {
        const int fail = c % PER == 1, want = fail ? CCOLL_ERR_NULL : CCOLL_OK;
        CHECK(all_same_int(st[c]) && st[c] == want, "argm race n=%llu call %d: device %s, want %s", (unsigned long long)n, c,
              ccoll_status_string((ccoll_status)st[c]), ccoll_status_string((ccoll_status)want));
        if (!all_ok(st[c] == CCOLL_OK) || fail) continue; /* the same on every rank: the host plan's calls below are collective */
        const float *y = res + (uint64_t)c * n;
        gen(a.x, n, c & 1, R_, 900 + (uint64_t)c);
        for (uint64_t i = 0; i < n; i++) a.in[i] = (float)a.x[i], a.x[i] = a.in[i], ax[i] = fabs(a.x[i]);
        CHECK(ccoll_allreduce(a.H, a.in, a.hout) == CCOLL_OK);
        CHECK(memcmp(y, a.hout, a.bytes) == 0, "argm race n=%llu call %d: device bytes differ from the host plan's", (unsigned long long)n, c);
        MPI_Allreduce(a.x, ref, (int)n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        MPI_Allreduce(ax, aref, (int)n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        ccoll_info id; /* the host plan's eb for this data (the device plan's equals it: check_argm_screen) */
        memset(&id, 0, sizeof id);
        ccoll_plan_info(a.H, &id);
        const double eps = 5.960464477539063e-08;
        uint64_t bad = n;
        for (uint64_t i = 0; i < n && bad == n; i++) {
            const double tol = 2.3e-16 * P_ * aref[i] + P_ * id.eb_abs * (1 + 1e-12) + eps * fabs((double)y[i]) + 2 * P_ * eps * aref[i];
            if (!(fabs((double)y[i] - ref[i]) <= tol)) bad = i;
        }
        CHECK(bad == n, "argm race n=%llu call %d: element %llu off the exact sum by %.3g (eb %.3g)", (unsigned long long)n, c,
              (unsigned long long)bad, bad < n ? fabs((double)y[bad] - ref[bad]) : 0.0, id.eb_abs);
    }
    argm_pair_close(&a);
    free(st); free(res); free(ref); free(ax); free(aref);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &R_);
    MPI_Comm_size(MPI_COMM_WORLD, &P_);
    t_rank = R_;
    check_init(argc, argv);
    int ndev = 0;
    if (cudaGetDeviceCount(&ndev) != cudaSuccess) ndev = 0;
    int mind = 0;
    MPI_Allreduce(&ndev, &mind, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (mind == 0) { /* every rank skips together */
        if (R_ == 0) printf("SKIP: no CUDA device\n");
        MPI_Finalize();
        return CHECK_SKIP_CODE;
    }
    {
        MPI_Comm node;
        int lr = 0;
        MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, R_, MPI_INFO_NULL, &node);
        MPI_Comm_rank(node, &lr);
        MPI_Comm_free(&node);
        const char *one = getenv("CCOLL_TEST_ONE_GPU");
        int g = one && atoi(one) ? 0 : lr % ndev;
        CHECK_CUDA(cudaSetDevice(g));
        if (R_ == 0)
            printf("test_ccoll_cuda: %d ranks, %d GPUs visible, %s, CCOLL_RANKS_PER_NODE=%s\n", P_, ndev,
                   one && atoi(one) ? "all on GPU 0" : "GPU = node rank % GPUs",
                   getenv("CCOLL_RANKS_PER_NODE") ? getenv("CCOLL_RANKS_PER_NODE") : "(unset)");
    }
    const uint64_t counts[] = {0, 1, (uint64_t)(P_ > 1 ? P_ - 1 : 2), 33, 4097, 1000003};
    /* CCOLL_TEST_QUICK=1 (under compute-sanitizer): no million-element cases */
    const int quick = getenv("CCOLL_TEST_QUICK") && atoi(getenv("CCOLL_TEST_QUICK"));
    const size_t ncounts = sizeof counts / sizeof counts[0] - (quick ? 1 : 0);
    /* CCOLL_TEST_ARGM_ONLY=1 (under racecheck, which is slow): ArGM's cases only;
     * CCOLL_TEST_RING_ONLY=1 (racecheck of the compressed rings' kernels): DOC, HOMCOMP and
     * HomComp_F pairs only, small and default segments, the one-segment-at-a-time ring too;
     * CCOLL_TEST_RACE_ONLY=1: check_argm_race only */
    if (getenv("CCOLL_TEST_RACE_ONLY") && atoi(getenv("CCOLL_TEST_RACE_ONLY"))) {
        check_argm_race(2000 + (uint64_t)P_, 4);
    } else if (getenv("CCOLL_TEST_RING_ONLY") && atoi(getenv("CCOLL_TEST_RING_ONLY"))) {
        for (int vi = 1; vi <= 3; vi++)
            for (size_t ci = 0; ci < ncounts; ci++) check_pair(&VARIANTS[vi], counts[ci], (int)(ci & 1), 1, (int)(ci & 1), ci & 2 ? 0 : 256, (int)(ci & 1));
        t_pipe = -1;
        check_pair(&VARIANTS[3], 4097, 0, 1, 0, 256, 0);
        t_pipe = 0;
    } else if (getenv("CCOLL_TEST_ARGM_ONLY") && atoi(getenv("CCOLL_TEST_ARGM_ONLY"))) {
        for (size_t ci = 0; ci < ncounts; ci++) check_pair(&VARIANTS[4], counts[ci], 0, 1, 0, 1024, (int)(ci & 1));
        check_argm_screen(40000 + (uint64_t)P_);
        check_argm_screen(1000 + (uint64_t)P_);
        check_argm_repeat(2000 + (uint64_t)P_, 8);
        check_argm_race(2000 + (uint64_t)P_, 2);
        check_argm_race(40000 + (uint64_t)P_, 2);
        check_argm_repeat(300007 + (uint64_t)P_, 2); /* the copies and events (past the kernel's limit) */
    } else {
    for (int vi = 0; vi < NVAR; vi++)
        for (size_t ci = 0; ci < ncounts; ci++) {
            uint64_t n = counts[ci];
            int big = n > 100000;
            check_pair(&VARIANTS[vi], n, 0, 1, 0, big ? 0 : 1024, 0);          /* f32 REL walk */
            check_pair(&VARIANTS[vi], n, 1, 0, 1, big ? 65536 : 256, 0);       /* f64 ABS normal, several segments */
            if (!big) check_pair(&VARIANTS[vi], n, 0, 0, 1, 32, (int)(ci & 1)); /* tiny segments, in place half the time */
        }
    /* the one-segment-at-a-time device ring (config.device_pipeline = -1) gives the same bytes */
    t_pipe = -1;
    for (int vi = 1; vi <= 3; vi++) {
        check_pair(&VARIANTS[vi], 4097, 0, 1, 0, 256, 0);
        check_pair(&VARIANTS[vi], quick ? 70001 : 1000003, 1, 0, 1, 65536, 1);
    }
    check_allgather(5000, 0);
    t_pipe = 0;
    check_pair(&VARIANTS[3], quick ? 70001 : 1000003, 0, 1, 1, 0, 1); /* HomComp_F, in place, default device segments */
    check_pair(&VARIANTS[4], quick ? 70001 : 1000003, 0, 1, 0, 0, 1); /* ArGM, in place */
    for (int raw = 0; raw < 2; raw++) {
        check_allgather(0, raw);
        check_allgather(33, raw);
        check_allgather(5000, raw);
    }
    check_errors();
    check_seg_default();
    check_argm_screen(40000 + (uint64_t)P_);
    check_argm_screen(1000 + (uint64_t)P_);
    check_argm_screen(300007 + (uint64_t)P_); /* the copies and events: the screen from the sum kernels */
    check_argm_repeat(2000 + (uint64_t)P_, quick ? 8 : 40); /* one-shot up to 8 ranks (64 KiB in the test) */
    check_argm_repeat(40000 + (uint64_t)P_, 8);            /* two-shot kernel */
    check_argm_repeat(300007 + (uint64_t)P_, 4);           /* two-shot copies and events (QUICK too) */
    check_pair(&VARIANTS[4], 40000 + (uint64_t)P_, 1, 0, 1, 256, 1); /* two-shot kernel, f64, in place */
    check_pair(&VARIANTS[4], 262144, 0, 1, 0, 0, 0);      /* at the kernel's limit (1 MiB here) */
    check_pair(&VARIANTS[4], 262145, 0, 1, 0, 0, 0);      /* one past it: the copies */
    check_argm_race(2000 + (uint64_t)P_, quick ? 2 : 4);     /* one-shot, failed calls, delayed ranks */
    check_argm_race(40000 + (uint64_t)P_, 2);                /* the same with the two-shot kernel */
    if (!quick) check_recovery(); /* not under compute-sanitizer: it reports the failing cudaMalloc */
    check_auto();
    }
    int rc = check_done();
    int worst = 0;
    MPI_Allreduce(&rc, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return worst;
}
