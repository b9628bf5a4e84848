/* allreduce_cuda - ccoll_mpi.h's device plans: every algorithm on device buffers, and
 * MPI_Allreduce staged through pinned host memory, on the same data in one run
 * (mpiexec -n P allreduce_cuda; one GPU per rank where the node has enough, else shared).
 * Per algorithm: time per call (median over --iters, slowest rank), GB/s of the vector,
 * bytes this rank put on the wire, compression ratio, speedup over staged MPI_Allreduce,
 * the time split of the median call (codec kernels, host<->device copies, the GPU-to-GPU
 * phase of ArGM over CUDA IPC, and the rest: MPI waits and agreement), max error / (p eb)
 * against MPI_Allreduce of the inputs as doubles, and OK. --count takes a comma list (one
 * process sweeps sizes: the benchmark's use). Default: a random walk of 4 MiB of float32 per
 * rank, REL 1e-4, 5 timed calls after a warm-up. Exit 1 when a row fails its check, 77 when
 * no GPU is visible. Environment (mapped onto the config here; the library reads none):
 * CCOLL_RANKS_PER_NODE=d -> config.ranks_per_node (1 makes every rank its own node),
 * CCOLL_NO_IPC=1 -> config.no_ipc (ArGM's node phases staged through the host). */
#define CCOLL_IMPLEMENTATION
#include "ccoll_mpi.h"
#include "demo_common.h"
#include "allreduce_demo.h"

static const char *USAGE =
    "[--count N[,N...] (elements per rank, default 1048576 = 4 MiB of f32)] [--dtype f32|f64] [--rel R | --eb E]\n"
    "       [--algo all|auto,ring,doc,homcomp,homcomp_f,argm,recdbl (a comma list; mpi always runs)] [--data walk|normal]\n"
    "       [--iters N] [--segment ELEMS] [--no-pipeline (device ring one segment at a time)] [--csv] [--no-header]\n"
    "       [--label TEXT (first CSV column)]";

#define CU(call) do { if ((call) != cudaSuccess) { fprintf(stderr, "allreduce_cuda: %s failed\n", #call); MPI_Abort(MPI_COMM_WORLD, 1); } } while (0)

int main(int argc, char **argv)
{
    static const char *const algos[] = {"all", "mpi", "auto", "ring", "doc", "homcomp", "homcomp_f", "argm", "recdbl", NULL};
    static const char *const dtypes[] = {"f32", "f64", NULL};
    uint64_t counts[32], nc = 0, iters = 5, seg = 0;
    int f64 = 0, csv = 0, header = 1, algo = 0, rank, p, rel = 1, fail = 0, ndev = 0, pipeline = 0;
    double eb = 1e-4;
    const char *data = "walk", *label = "";
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    dc_set_rank(rank);
    dc_set_exit_hook(finalize);
    int bound_args = 0; /* --rel 1, --eb 2 */
    dc_init(argc, argv, USAGE);
    counts[0] = 1048576;
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
        }
        else if (dc_is(argv[i], "--dtype")) f64 = dc_arg_choice(&i, dtypes);
        else if (dc_is(argv[i], "--rel")) { eb = dc_arg_double(&i, 1e-12, 1.0); rel = 1; bound_args |= 1; }
        else if (dc_is(argv[i], "--eb")) { eb = dc_arg_double(&i, 1e-300, 1e300); rel = 0; bound_args |= 2; }
        else if (dc_is(argv[i], "--algo")) {
            char list[256], *tok, *save = NULL;
            snprintf(list, sizeof list, "%s", dc_arg_str(&i));
            algo = 0;
            for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
                int k = 0;
                while (algos[k] && strcmp(algos[k], tok)) k++;
                if (!algos[k]) dc_usage_error("unknown algorithm '%s'", tok);
                algo |= k == 0 ? 0 : 1 << k;
            }
        }
        else if (dc_is(argv[i], "--data")) { static const char *const d[] = {"walk", "normal", NULL}; data = d[dc_arg_choice(&i, d)]; }
        else if (dc_is(argv[i], "--iters")) iters = dc_arg_u64(&i, 1, 1000);
        else if (dc_is(argv[i], "--segment")) seg = dc_arg_u64(&i, 0, 1 << 24);
        else if (dc_is(argv[i], "--csv")) csv = 1;
        else if (dc_is(argv[i], "--no-pipeline")) pipeline = -1;
        else if (dc_is(argv[i], "--no-header")) header = 0;
        else if (dc_is(argv[i], "--label")) label = dc_arg_str(&i);
        else if (dc_is(argv[i], "-h") || dc_is(argv[i], "--help")) dc_help();
        else dc_unknown(i);
    }
    if (bound_args == 3) dc_usage_error("--rel and --eb are either-or");
    if (!nc) nc = 1;
    /* one GPU per node rank where there are enough, shared otherwise; no GPU: skip */
    if (cudaGetDeviceCount(&ndev) != cudaSuccess) ndev = 0;
    {
        int dev = node_device(rank, ndev);
        if (dev < 0) {
            if (!rank) fprintf(stderr, "allreduce_cuda: no CUDA device, skipped\n");
            MPI_Finalize();
            return DC_EXIT_SKIP;
        }
        CU(cudaSetDevice(dev));
    }
    cudaStream_t stream;
    CU(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    const size_t es = f64 ? 8 : 4;
    const char *rpn = getenv("CCOLL_RANKS_PER_NODE"), *noipc = getenv("CCOLL_NO_IPC");
    if (!rank && csv && header)
        printf("label,algo,ran,n,bytes_per_rank,dtype,ranks,gpus,rpn,data,eb_abs,time_s,gb_per_s,bytes_sent,ratio,speedup_vs_mpi,"
               "t_codec,t_stage,t_link,t_wire,ipc,err_over_peb,predicted_s,c,h,d,stage,launch,link,ok\n");
    double *ts = (double *)malloc((iters < 4 ? 4 : iters) * sizeof *ts);
    for (uint64_t ci = 0; ci < nc; ci++) {
        const uint64_t n = counts[ci];
        const size_t bytes = n * es;
        double *x = (double *)malloc(n * 8), *ref = (double *)malloc(n * 8), *aref = (double *)malloc(n * 8);
        unsigned char *in = (unsigned char *)malloc(bytes), *out = NULL, *pin = NULL;
        void *din = NULL, *dout = NULL;
        int ok_alloc = x && ref && aref && in && cudaMallocHost((void **)&out, bytes) == cudaSuccess &&
                       cudaMallocHost((void **)&pin, bytes) == cudaSuccess && cudaMalloc(&din, bytes) == cudaSuccess &&
                       cudaMalloc(&dout, bytes) == cudaSuccess, all_alloc = 0;
        MPI_Allreduce(&ok_alloc, &all_alloc, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        if (!all_alloc) {
            if (!rank) fprintf(stderr, "allreduce_cuda: out of memory for %llu elements\n", (unsigned long long)n);
            fail = 1;
            break;
        }
        make_data(x, n, strcmp(data, "walk") == 0, rank);
        for (uint64_t i = 0; i < n; i++) {
            if (f64) ((double *)in)[i] = x[i];
            else { ((float *)in)[i] = (float)x[i]; x[i] = (float)x[i]; }
        }
        CU(cudaMemcpy(din, in, bytes, cudaMemcpyHostToDevice));
        /* the oracle: MPI_Allreduce of the inputs as doubles (and of |x| for rounding slack) */
        MPI_Allreduce(x, ref, (int)n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        for (uint64_t i = 0; i < n; i++) x[i] = fabs(x[i]);
        MPI_Allreduce(x, aref, (int)n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        if (!csv && !rank)
            printf("allreduce_cuda: %d ranks on %d GPUs, %llu %s per rank (%.1f MiB) on the device, data %s, %s %.3g, %llu iters "
                   "(median, slowest rank), CCOLL_RANKS_PER_NODE=%s\n"
                   "%-10s %-10s %9s %8s %12s %6s %8s %8s %8s %8s %8s %4s %10s %s\n",
                   p, ndev, (unsigned long long)n, f64 ? "f64" : "f32", (double)bytes / 1048576.0, data, rel ? "REL" : "ABS", eb,
                   (unsigned long long)iters, rpn ? rpn : "(unset)", "algo", "ran", "time_ms", "GB/s", "wire_B/rank", "CR",
                   "speedup", "codec_ms", "stage_ms", "link_ms", "wire_ms", "ipc", "err/(p eb)", "check");
        double t_mpi = 0;
        for (int a = 1; algos[a]; a++) {
            if (algo && a != 1 && !(algo & (1 << a))) continue; /* staged MPI_Allreduce always runs: the baseline */
            ccoll_plan *P = NULL;
            ccoll_info I, best;
            memset(&I, 0, sizeof I);
            memset(&best, 0, sizeof best);
            ccoll_status st = CCOLL_OK;
            const int is_mpi = a == 1;
            const uint64_t its = a == 2 && iters < 4 ? 4 : iters; /* AUTO learns in its first calls */
            if (!is_mpi) {
                ccoll_config c = ccoll_config_init(rel ? CCOLL_REL : CCOLL_ABS, eb);
                c.algo = (ccoll_algo)(a - 2);
                c.threads = 1;
                c.segment = seg;
                c.memory = CCOLL_MEM_DEVICE;
                c.stream = stream;
                c.device_pipeline = pipeline;
                c.ranks_per_node = rpn && *rpn ? atoi(rpn) : 0;
                c.no_ipc = noipc && *noipc && strcmp(noipc, "0") != 0;
                st = ccoll_plan_create(MPI_COMM_WORLD, n, f64 ? MPI_DOUBLE : MPI_FLOAT, &c, &P);
                if (st == CCOLL_OK) st = ccoll_allreduce(P, din, dout); /* warm-up */
            }
            double tmid = 1e30;
            for (uint64_t it = 0; it < its; it++) ts[it] = 0;
            if (is_mpi) { /* warm-up, as the plans had theirs */
                CU(cudaMemcpy(pin, din, bytes, cudaMemcpyDeviceToHost));
                MPI_Allreduce(MPI_IN_PLACE, pin, (int)n, f64 ? MPI_DOUBLE : MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
            }
            for (uint64_t it = 0; it < its && st == CCOLL_OK; it++) {
                MPI_Barrier(MPI_COMM_WORLD);
                double t0 = MPI_Wtime();
                if (is_mpi) { /* the baseline: down, MPI_Allreduce on pinned memory, up */
                    CU(cudaMemcpyAsync(pin, din, bytes, cudaMemcpyDeviceToHost, stream));
                    CU(cudaStreamSynchronize(stream));
                    MPI_Allreduce(MPI_IN_PLACE, pin, (int)n, f64 ? MPI_DOUBLE : MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
                    CU(cudaMemcpyAsync(dout, pin, bytes, cudaMemcpyHostToDevice, stream));
                    CU(cudaStreamSynchronize(stream));
                } else
                    st = ccoll_allreduce(P, din, dout);
                double t = max_over_ranks(MPI_Wtime() - t0);
                ts[it] = t;
                if (P) {
                    ccoll_plan_info(P, &I);
                    if (t < tmid) { tmid = t; best = I; } /* the breakdown of the fastest call */
                }
            }
            qsort(ts, its, sizeof *ts, cmp_d);
            double t = st == CCOLL_OK ? ts[its / 2] : 0;
            if (P) I = best;
            if (is_mpi) { t_mpi = t; I.bytes_sent = 2 * (uint64_t)(p - 1) * bytes / (uint64_t)p; I.ratio = 1; }
            /* check against the oracle */
            CU(cudaMemcpy(out, dout, bytes, cudaMemcpyDeviceToHost));
            double worst = 0;
            int compressed = I.eb_abs > 0;
            int ok = check_sum(out, f64, ref, aref, n, p, st == CCOLL_OK, compressed, I.eb_abs, I.algo, &worst);
            if (!ok) fail = 1;
            double tc = max_over_ranks(I.t_codec), tsg = max_over_ranks(I.t_stage), tl = max_over_ranks(I.t_link),
                   tw = max_over_ranks(I.t_wire);
            double rel_err = compressed ? worst / (p * I.eb_abs) : 0;
            double pred = I.predicted[I.algo > 0 && I.algo < CCOLL_ALGO_COUNT ? I.algo : 0];
            const char *ran = is_mpi ? "mpi_staged" : ccoll_algo_name(I.algo);
            if (!rank) {
                if (csv)
                    printf("%s,%s,%s,%llu,%zu,%s,%d,%d,%s,%s,%.6g,%.6g,%.6g,%llu,%.4g,%.4g,%.6g,%.6g,%.6g,%.6g,%d,%.4g,%.6g,%.4g,%.4g,"
                           "%.4g,%.4g,%.4g,%.4g,%d\n",
                           label, is_mpi ? "mpi_staged" : algos[a], ran, (unsigned long long)n, bytes, f64 ? "f64" : "f32", p, ndev,
                           rpn ? rpn : "", data, I.eb_abs, t, t > 0 ? (double)bytes / t / 1e9 : 0, (unsigned long long)I.bytes_sent,
                           I.ratio, t > 0 ? t_mpi / t : 0, tc, tsg, tl, tw, I.ipc, rel_err, pred, I.model.c, I.model.h, I.model.d,
                           I.model.stage, I.model.launch, I.model.link, ok);
                else
                    printf("%-10s %-10s %9.3f %8.2f %12llu %6.2f %8.2f %8.3f %8.3f %8.3f %8.3f %4d %10.3g %s%s%s\n",
                           is_mpi ? "mpi_staged" : algos[a], ran, t * 1e3, t > 0 ? (double)bytes / t / 1e9 : 0,
                           (unsigned long long)I.bytes_sent, I.ratio, t > 0 ? t_mpi / t : 0, tc * 1e3, tsg * 1e3, tl * 1e3,
                           tw * 1e3, I.ipc, rel_err, ok ? "OK" : "FAIL", st ? ": " : "", st ? ccoll_status_string(st) : "");
                fflush(stdout);
            }
            ccoll_plan_free(P);
        }
        free(x); free(ref); free(aref); free(in);
        cudaFreeHost(out); cudaFreeHost(pin); cudaFree(din); cudaFree(dout);
    }
    free(ts);
    cudaStreamDestroy(stream);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return fail ? DC_EXIT_FAIL : DC_EXIT_OK;
}
