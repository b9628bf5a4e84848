/* allreduce_ccoll_cuda_nccl - ccoll_mpi.h's device plans beside NCCL's allreduce in one MPI
 * program (issue 28): NCCL through its C API (ncclCommInitRank, the unique id broadcast over
 * MPI), ccoll's plans (ArGM over CUDA IPC, HomComp_F, ...) and MPI_Allreduce staged through
 * pinned host memory, on the same float32 (--type f64: float64) device buffers, one GPU per rank where the node has
 * enough. Per row: median over --iters calls of the slowest rank's time (a barrier before each
 * call, the stream synchronised after it), GB/s of the vector, the compression ratio, the max
 * error over p x eb against MPI_Allreduce of the inputs as doubles, OK.
 *   --nccl default   NCCL as it comes (NVLink / shared memory inside a node)
 *   --nccl sockets   NCCL held to its socket transport (NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1
 *                    NCCL_IB_DISABLE=1, set before ncclCommInitRank): the stand-in for a slow
 *                    inter-node link; run ccoll then with --rpn 1 (every rank its own node) and
 *                    OpenMPI over TCP (mpiexec --mca pml ob1 --mca btl tcp,self), the same path
 *   --nccl none      ccoll and staged MPI only
 * BENCH_CALLS=1 in the environment: every timed call's time in call order on stderr ("calls,...", ms);
 * BENCH_CALLS=2 also each ccoll call's info.t_link and t_wire, max over ranks ("calls_link,...",
 * "calls_wire,...", ms; the first 64 calls): whether a slow call's time is the GPU phase or the host's.
 * Exit 1 when a row fails its check, 77 when no GPU is visible. NVLink multicast stays off
 * (NCCL_NVLS_ENABLE=0 unless already set). */
#include <string.h>
#ifdef BENCH_STAMPS
/* The stamps build (allreduce_ccoll_cuda_nccl_stamps*): ArGM over IPC with copies and events, each
 * chunk's points (CCOLL_TEST_HOOK_IPC_STAMP: 0 its pushes done, 1 sum's waits met, 2 sum done, 3 pull's
 * waits met, 4 pull done; with copy engines, 2 ranks, 3 follows the pulls' copies) as CUDA events, in ms after an event recorded on
 * the caller's stream just before the call (each GPU's own clock; a barrier before every call).
 * Every timed call (the first 64) printed per rank to stderr as "stamps,LABEL,ALGO,DATA,N,RANK,CALL,
 * CALL_MS,push=..,sumw=..,sum=..,pullw=..,pull=.." (CALL_MS: the slowest rank's time; a point's
 * values chunk by chunk, separated by '/'). The events themselves cost time: not for the tables. */
#define ST_CH 8
static cudaEvent_t st_ev[5][ST_CH], st_e0;
static int st_on, st_n[5];
static void st_rec(cudaStream_t s, int w, unsigned long long c)
{
    if (!st_on || c >= ST_CH) return;
    cudaEventRecord(st_ev[w][c], s);
    if ((int)c + 1 > st_n[w]) st_n[w] = (int)c + 1;
}
#define CCOLL_TEST_HOOK_IPC_STAMP(stream, what, chunk) st_rec(stream, what, chunk)
#endif
#ifdef BENCH_TRACE
/* The trace build (allreduce_ccoll_cuda_nccl_trace): the device ring's phases summed per call
 * (CCOLL_TEST_HOOK_TRACE), the fastest call's sums printed per rank to stderr as
 * "trace,LABEL,ALGO,DATA,N,RANK,NAME=SECONDS,...". Host waits: recv_wait (a segment's receive),
 * launch (enqueueing upload + kernels), kern_wait (until a segment's kernels end), d2h_wait (its
 * stream down), isend, dec_wait, step_sync, step / step_first (whole steps), evwait_iprobe (the
 * MPI_Iprobe calls inside the GPU waits: MPI progress); GPU event times gpu_up, gpu_kern,
 * gpu_d2h (kernels' end to the copy's end), gpu_dec; d2h_bytes, h2d_bytes; call (the whole call). */
static const char *const tr_names[] = {"recv_wait", "launch", "kern_wait", "d2h_wait", "isend", "dec_wait", "step_sync",
                                       "step_first", "step", "evwait_iprobe", "gpu_up", "gpu_kern", "gpu_d2h", "gpu_dec",
                                       "d2h_bytes", "h2d_bytes", "call"};
#define TR_N ((int)(sizeof tr_names / sizeof *tr_names))
static double tr_sum[TR_N];
static __attribute__((noinline)) void tr_add(const char *w, double s)
{
    for (int i = 0; i < TR_N; i++)
        if (!strcmp(tr_names[i], w)) { tr_sum[i] += s; return; }
}
#define CCOLL_TEST_HOOK_TRACE(what, seconds) tr_add(what, seconds)
#endif
#define CCOLL_IMPLEMENTATION
#include "ccoll_mpi.h"
#include <nccl.h>
#include "../demo_common.h"
#include "../allreduce_demo.h"

static const char *USAGE =
    "[--count N[,N...] (f32 elements per rank, default 16777216)] [--data walk,normal] [--rel R] [--iters N]\n"
    "       [--algo nccl,mpi,argm,homcomp_f,auto,ring,doc,homcomp,recdbl (comma list; default nccl,argm,homcomp_f,mpi)]\n"
    "       [--nccl default|sockets|none] [--rpn D (ccoll ranks per node; 0 = MPI_COMM_TYPE_SHARED)] [--segment ELEMS]\n"
    "       [--label TEXT] [--no-header] [--raw-once (nccl and mpi rows on the first --data only: their time does not\n"
    "       depend on the values)] [--type f32|f64 (elements, default f32)]";

#define CU(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { fprintf(stderr, "%s failed: %s\n", #call, cudaGetErrorString(e_)); MPI_Abort(MPI_COMM_WORLD, 1); } } while (0)
#define NC(call) do { ncclResult_t r_ = (call); if (r_ != ncclSuccess) { fprintf(stderr, "%s failed: %s\n", #call, ncclGetErrorString(r_)); MPI_Abort(MPI_COMM_WORLD, 1); } } while (0)

enum { A_NCCL, A_MPI, A_AUTO, A_RING, A_DOC, A_HOMCOMP, A_HOMCOMP_F, A_ARGM, A_RECDBL, A_N };
static const char *const names[] = {"nccl", "mpi", "auto", "ring", "doc", "homcomp", "homcomp_f", "argm", "recdbl", NULL};

int main(int argc, char **argv)
{
    static const char *const nmodes[] = {"default", "sockets", "none", NULL}, *const types[] = {"f32", "f64", NULL};
    uint64_t counts[32], nc = 0, iters = 5, seg = 0, rpn = 0;
    int rank, p, ndev = 0, nmode = 0, f64 = 0, header = 1, fail = 0, order[A_N], no = 0, datas[2] = {1, 0}, nd = 0, raw_once = 0;
    double rel = 1e-4;
    const char *label = "";
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    dc_set_rank(rank);
    dc_set_exit_hook(finalize);
    dc_init(argc, argv, USAGE);
    for (int i = 1; i < argc; i++) {
        if (dc_is(argv[i], "--count")) {
            char list[512], *tok, *save = NULL;
            snprintf(list, sizeof list, "%s", dc_arg_str(&i));
            for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
                char *end = NULL;
                unsigned long long v = strtoull(tok, &end, 10);
                if (!end || *end || v < 1 || v > ((uint64_t)1 << 31) - 1 || nc == 32) dc_usage_error("bad --count '%s'", tok);
                counts[nc++] = v;
            }
        } else if (dc_is(argv[i], "--data")) {
            char list[64], *tok, *save = NULL;
            snprintf(list, sizeof list, "%s", dc_arg_str(&i));
            nd = 0;
            for (tok = strtok_r(list, ",", &save); tok && nd < 2; tok = strtok_r(NULL, ",", &save)) {
                if (strcmp(tok, "walk") && strcmp(tok, "normal")) dc_usage_error("unknown data '%s'", tok);
                datas[nd++] = !strcmp(tok, "walk");
            }
        } else if (dc_is(argv[i], "--algo")) {
            char list[256], *tok, *save = NULL;
            snprintf(list, sizeof list, "%s", dc_arg_str(&i));
            no = 0;
            for (tok = strtok_r(list, ",", &save); tok && no < A_N; tok = strtok_r(NULL, ",", &save)) {
                int k = 0;
                while (names[k] && strcmp(names[k], tok)) k++;
                if (!names[k]) dc_usage_error("unknown algorithm '%s'", tok);
                order[no++] = k;
            }
        } else if (dc_is(argv[i], "--nccl")) nmode = dc_arg_choice(&i, nmodes);
        else if (dc_is(argv[i], "--rel")) rel = dc_arg_double(&i, 1e-12, 1.0);
        else if (dc_is(argv[i], "--iters")) iters = dc_arg_u64(&i, 1, 1000);
        else if (dc_is(argv[i], "--rpn")) rpn = dc_arg_u64(&i, 0, 1 << 20);
        else if (dc_is(argv[i], "--segment")) seg = dc_arg_u64(&i, 0, 1 << 24);
        else if (dc_is(argv[i], "--label")) label = dc_arg_str(&i);
        else if (dc_is(argv[i], "--no-header")) header = 0;
        else if (dc_is(argv[i], "--raw-once")) raw_once = 1;
        else if (dc_is(argv[i], "--type")) f64 = dc_arg_choice(&i, types);
        else if (dc_is(argv[i], "-h") || dc_is(argv[i], "--help")) dc_help();
        else dc_unknown(i);
    }
    if (!nc) counts[nc++] = 16777216;
    if (!nd) nd = 2;
    if (!no) { order[0] = A_NCCL; order[1] = A_ARGM; order[2] = A_HOMCOMP_F; order[3] = A_MPI; no = 4; }
    if (cudaGetDeviceCount(&ndev) != cudaSuccess) ndev = 0;
    {
        int dev = node_device(rank, ndev);
        if (dev < 0) {
            if (!rank) fprintf(stderr, "allreduce_ccoll_cuda_nccl: no CUDA device, skipped\n");
            MPI_Finalize();
            return DC_EXIT_SKIP;
        }
        CU(cudaSetDevice(dev));
#ifdef BENCH_STAMPS
        CU(cudaEventCreate(&st_e0));
        for (int w = 0; w < 5; w++)
            for (int c = 0; c < ST_CH; c++) CU(cudaEventCreate(&st_ev[w][c]));
#endif
    }
    cudaStream_t stream;
    CU(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    /* NCCL: the settings before the communicator exists (NCCL reads them once per process) */
    ncclComm_t nccl = NULL;
    int nver = 0;
    if (nmode != 2) {
        ncclUniqueId id;
        setenv("NCCL_NVLS_ENABLE", "0", 0);
        if (nmode == 1) {
            setenv("NCCL_P2P_DISABLE", "1", 1);
            setenv("NCCL_SHM_DISABLE", "1", 1);
            setenv("NCCL_IB_DISABLE", "1", 1);
        }
        if (!rank) NC(ncclGetUniqueId(&id));
        MPI_Bcast(&id, (int)sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
        NC(ncclCommInitRank(&nccl, p, id, rank));
        ncclGetVersion(&nver);
    }
    if (!rank && header)
        printf("label,nccl_mode,nccl_version,algo,ran,data,n,bytes_per_rank,ranks,gpus,rpn,iters,time_s,gb_per_s,ratio,"
               "err_over_peb,ipc,t_codec,t_stage,t_link,t_wire,ok\n");
    double *ts = (double *)malloc(iters * sizeof *ts);
    for (uint64_t ci = 0; ci < nc; ci++) {
        const uint64_t n = counts[ci];
        const size_t es = f64 ? 8 : 4, bytes = n * es;
        double *xx = (double *)malloc(n * 16), *ref = (double *)malloc(n * 16), *aref = NULL;
        unsigned char *in = (unsigned char *)malloc(bytes), *out = NULL, *pin = NULL, *din = NULL, *dout = NULL;
        int ok_alloc = xx && ref && in && cudaMallocHost((void **)&out, bytes) == cudaSuccess &&
                       cudaMallocHost((void **)&pin, bytes) == cudaSuccess && cudaMalloc((void **)&din, bytes) == cudaSuccess &&
                       cudaMalloc((void **)&dout, bytes) == cudaSuccess, all_alloc = 0;
        MPI_Allreduce(&ok_alloc, &all_alloc, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        if (!all_alloc) {
            if (!rank) fprintf(stderr, "allreduce_ccoll_cuda_nccl: out of memory for %llu elements\n", (unsigned long long)n);
            fail = 1;
            break;
        }
        aref = ref + n;
        for (int di = 0; di < nd; di++) {
            const int walk = datas[di];
            make_data(xx, n, walk, rank);
            for (uint64_t i = 0; i < n; i++) { /* the inputs as they are in the buffers */
                if (f64) ((double *)in)[i] = xx[i];
                else ((float *)in)[i] = (float)xx[i], xx[i] = ((float *)in)[i];
                xx[n + i] = fabs(xx[i]);
            }
            CU(cudaMemcpy(din, in, bytes, cudaMemcpyHostToDevice));
            /* the oracle: MPI_Allreduce of the inputs (and of |x|, for rounding slack) as doubles, in
             * pieces (an int count) */
            for (uint64_t o = 0; o < 2 * n; o += (uint64_t)1 << 28) {
                uint64_t m = 2 * n - o < ((uint64_t)1 << 28) ? 2 * n - o : (uint64_t)1 << 28;
                MPI_Allreduce(xx + o, ref + o, (int)m, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
            }
            for (int oi = 0; oi < no; oi++) {
                const int a = order[oi];
                if ((a == A_NCCL && !nccl) || ((a == A_NCCL || a == A_MPI) && raw_once && di > 0)) continue;
                ccoll_plan *P = NULL;
                ccoll_info I, best;
                ccoll_status st = CCOLL_OK;
                memset(&I, 0, sizeof I);
                memset(&best, 0, sizeof best);
                const uint64_t its = a == A_AUTO && iters < 4 ? 4 : iters;
                double *tt = its > iters ? (double *)malloc(its * sizeof *tt) : ts;
                if (a != A_NCCL && a != A_MPI) {
                    ccoll_config c = ccoll_config_init(CCOLL_REL, rel);
                    c.algo = (ccoll_algo)(a - A_AUTO);
                    c.threads = 1;
                    c.segment = seg;
                    c.memory = CCOLL_MEM_DEVICE;
                    c.stream = stream;
                    c.ranks_per_node = (int)rpn;
                    st = ccoll_plan_create(MPI_COMM_WORLD, n, f64 ? MPI_DOUBLE : MPI_FLOAT, &c, &P);
                }
                CU(cudaMemset(dout, 0xff, bytes)); /* NaN: every element must be written */
                CU(cudaDeviceSynchronize());
                double tmid = 1e30, cl[64], cw[64];
                uint64_t done = 0; /* timed calls that ran (a failed call ends the row) */
#ifdef BENCH_STAMPS
                static float st_ms[64][5][ST_CH];
                int st_nc[5] = {0};
                memset(st_ms, 0, sizeof st_ms);
#endif
                const int calls2 = getenv("BENCH_CALLS") && atoi(getenv("BENCH_CALLS")) >= 2; /* the same on every rank */
#ifdef BENCH_TRACE
                double tr_best[TR_N] = {0};
#endif
                for (uint64_t it = 0; it <= its && st == CCOLL_OK; it++) { /* it 0: warm-up */
                    MPI_Barrier(MPI_COMM_WORLD);
                    double t0 = MPI_Wtime();
                    if (a == A_NCCL) {
                        NC(ncclAllReduce(din, dout, n, f64 ? ncclDouble : ncclFloat, ncclSum, nccl, stream));
                        CU(cudaStreamSynchronize(stream));
                    } else if (a == A_MPI) { /* down, MPI_Allreduce on pinned memory, up */
                        CU(cudaMemcpyAsync(pin, din, bytes, cudaMemcpyDeviceToHost, stream));
                        CU(cudaStreamSynchronize(stream));
                        MPI_Allreduce(MPI_IN_PLACE, pin, (int)n, f64 ? MPI_DOUBLE : MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
                        CU(cudaMemcpyAsync(dout, pin, bytes, cudaMemcpyHostToDevice, stream));
                        CU(cudaStreamSynchronize(stream));
                    } else {
#ifdef BENCH_TRACE
                        memset(tr_sum, 0, sizeof tr_sum);
#endif
#ifdef BENCH_STAMPS
                        st_on = it >= 1 && it - 1 < 64;
                        memset(st_n, 0, sizeof st_n);
                        if (st_on) CU(cudaEventRecord(st_e0, stream));
#endif
                        st = ccoll_allreduce(P, din, dout);
                        CU(cudaStreamSynchronize(stream));
#ifdef BENCH_STAMPS
                        if (st_on) {
                            CU(cudaDeviceSynchronize());
                            for (int w = 0; w < 5; w++) {
                                for (int c = 0; c < st_n[w]; c++) CU(cudaEventElapsedTime(&st_ms[it - 1][w][c], st_e0, st_ev[w][c]));
                                if (st_n[w] > st_nc[w]) st_nc[w] = st_n[w];
                            }
                        }
                        st_on = 0;
#endif
                    }
#ifdef BENCH_TRACE
                    tr_add("call", MPI_Wtime() - t0);
#endif
                    double t = max_over_ranks(MPI_Wtime() - t0);
                    if (it == 0) continue;
                    tt[it - 1] = t;
                    done = it;
                    if (P) {
                        ccoll_plan_info(P, &I);
                        if (calls2 && it - 1 < 64) cl[it - 1] = max_over_ranks(I.t_link), cw[it - 1] = max_over_ranks(I.t_wire);
                        if (t < tmid) {
                            tmid = t;
                            best = I;
#ifdef BENCH_TRACE
                            memcpy(tr_best, tr_sum, sizeof tr_sum);
#endif
                        }
                    }
                }
#ifdef BENCH_TRACE
                if (P) {
                    double *all = (double *)malloc((size_t)p * TR_N * sizeof *all);
                    MPI_Gather(tr_best, TR_N, MPI_DOUBLE, all, TR_N, MPI_DOUBLE, 0, MPI_COMM_WORLD);
                    for (int r = 0; !rank && all && r < p; r++) {
                        fprintf(stderr, "trace,%s,%s,%s,%llu,%d", label, names[a], walk ? "walk" : "normal", (unsigned long long)n, r);
                        for (int i = 0; i < TR_N; i++) fprintf(stderr, ",%s=%.4g", tr_names[i], all[(size_t)r * TR_N + i]);
                        fprintf(stderr, "\n");
                    }
                    free(all);
                }
#endif
#ifdef BENCH_STAMPS
                if (P) { /* every rank's points, call by call (the chunk counts are the same on every rank) */
                    const int nk = done < 64 ? (int)done : 64;
                    float *all = rank ? NULL : (float *)malloc((size_t)p * sizeof st_ms);
                    int have = rank || all; /* rank 0's buffer, agreed: no gather into NULL */
                    MPI_Bcast(&have, 1, MPI_INT, 0, MPI_COMM_WORLD);
                    static const char *const wn[5] = {"push", "sumw", "sum", "pullw", "pull"};
                    if (have)
                        MPI_Gather(st_ms, (int)(sizeof st_ms / sizeof(float)), MPI_FLOAT, all, (int)(sizeof st_ms / sizeof(float)), MPI_FLOAT,
                                   0, MPI_COMM_WORLD);
                    for (int r = 0; !rank && all && r < p; r++)
                        for (int k = 0; k < nk; k++) {
                            fprintf(stderr, "stamps,%s,%s,%s,%llu,%d,%d,%.4g", label, names[a], walk ? "walk" : "normal", (unsigned long long)n, r, k,
                                    tt[k] * 1e3);
                            for (int w = 0; w < 5; w++) {
                                fprintf(stderr, ",%s=", wn[w]);
                                for (int c = 0; c < st_nc[w]; c++)
                                    fprintf(stderr, "%s%.4g", c ? "/" : "", all[(((size_t)r * 64 + k) * 5 + w) * ST_CH + c]);
                            }
                            fprintf(stderr, "\n");
                        }
                    free(all);
                }
#endif
                if (!rank && getenv("BENCH_CALLS")) { /* every timed call in order (the spread of the median) */
                    fprintf(stderr, "calls,%s,%s,%s,%llu,%d", label, names[a], walk ? "walk" : "normal", (unsigned long long)n, p);
                    for (uint64_t i = 0; i < done; i++) fprintf(stderr, ",%.4g", tt[i] * 1e3);
                    fprintf(stderr, "\n");
                    for (int k = 0; calls2 && P && k < 2; k++) {
                        fprintf(stderr, "calls_%s,%s,%s,%s,%llu,%d", k ? "wire" : "link", label, names[a], walk ? "walk" : "normal",
                                (unsigned long long)n, p);
                        for (uint64_t i = 0; i < done && i < 64; i++) fprintf(stderr, ",%.4g", (k ? cw[i] : cl[i]) * 1e3);
                        fprintf(stderr, "\n");
                    }
                }
                qsort(tt, its, sizeof *tt, cmp_d);
                double t = st == CCOLL_OK ? tt[its / 2] : 0;
                if (tt != ts) free(tt);
                if (P) I = best;
                CU(cudaMemcpy(out, dout, bytes, cudaMemcpyDeviceToHost));
                double worst = 0;
                int compressed = I.eb_abs > 0 && a != A_NCCL && a != A_MPI;
                int ok = check_sum(out, f64, ref, aref, n, p, st == CCOLL_OK, compressed, I.eb_abs, I.algo, &worst);
                if (!ok) fail = 1;
                double tc = max_over_ranks(I.t_codec), tsg = max_over_ranks(I.t_stage), tl = max_over_ranks(I.t_link),
                       tw = max_over_ranks(I.t_wire);
                double eb_abs = I.eb_abs;
                if (!rank) {
                    const char *ran = a == A_NCCL ? (nmode == 1 ? "nccl_sockets" : "nccl") : a == A_MPI ? "mpi_staged" : ccoll_algo_name(I.algo);
                    printf("%s,%s,%d,%s,%s,%s,%llu,%zu,%d,%d,%llu,%llu,%.6g,%.6g,%.4g,%.4g,%d,%.6g,%.6g,%.6g,%.6g,%d\n", label,
                           nmodes[nmode], nver, names[a], ran, walk ? "walk" : "normal", (unsigned long long)n, bytes, p, ndev,
                           (unsigned long long)rpn, (unsigned long long)its, t, t > 0 ? (double)bytes / t / 1e9 : 0,
                           P ? I.ratio : 1.0, eb_abs > 0 && P ? worst / (p * eb_abs) : 0, I.ipc, tc, tsg, tl, tw, ok);
                    if (st) fprintf(stderr, "allreduce_ccoll_cuda_nccl: %s: %s\n", names[a], ccoll_status_string(st));
                    fflush(stdout);
                }
                ccoll_plan_free(P);
            }
        }
        free(xx); free(ref); free(in);
        cudaFreeHost(out); cudaFreeHost(pin); cudaFree(din); cudaFree(dout);
    }
    free(ts);
    if (nccl) ncclCommDestroy(nccl);
    cudaStreamDestroy(stream);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return fail ? DC_EXIT_FAIL : DC_EXIT_OK;
}
