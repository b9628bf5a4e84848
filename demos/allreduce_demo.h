/* allreduce_demo.h - what the allreduce_cpu and allreduce_cuda demos share (on top of
 * demo_common.h and ccoll_mpi.h; include after both): the test data, the slowest rank's time,
 * sorting times for the median, the oracle check, the GPU of a rank (nvcc), and finalizing MPI on
 * a usage error. */
#ifndef ALLREDUCE_DEMO_H
#define ALLREDUCE_DEMO_H

static void finalize(int code) { (void)code; MPI_Finalize(); }

/* rank's input: a random walk (smooth, compresses well) or standard normal noise */
static void make_data(double *x, uint64_t n, int walk, int rank)
{
    uint64_t s = 0x1234567ull + 7919ull * (uint64_t)rank;
    double w = 0;
    for (uint64_t i = 0; i < n; i++) {
        double u = (double)(dc_splitmix64(&s) >> 11) * (1.0 / 9007199254740992.0);
        if (walk) x[i] = (w += u - 0.5);
        else {
            double v = (double)(dc_splitmix64(&s) >> 11) * (1.0 / 9007199254740992.0);
            x[i] = sqrt(-2.0 * log(u + 1e-300)) * cos(6.283185307179586 * v);
        }
    }
}

static double max_over_ranks(double v)
{
    double g = v;
    MPI_Allreduce(&v, &g, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return g;
}

static int cmp_d(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }

/* every rank's result against the oracle (ref: the exact sum in double, aref: the sum of |x|):
 * within p x eb plus the output's rounding for a compressed call, within the floating-point sum's
 * error otherwise (DOC and ARGM also round their raw parts). ok: this rank's call succeeded.
 * *worst gets the largest error over all ranks; returns 1 only when every rank passed. */
static int check_sum(const void *out, int f64, const double *ref, const double *aref, uint64_t n, int p,
                     int ok, int compressed, double eb_abs, int algo, double *worst)
{
    double eps = f64 ? 1.1102230246251565e-16 : 5.960464477539063e-08, w = 0;
    int all = 0;
    for (uint64_t i = 0; i < n && ok; i++) {
        double y = f64 ? ((const double *)out)[i] : ((const float *)out)[i], e = fabs(y - ref[i]);
        double tol = 2.3e-16 * p * aref[i] + (compressed ? p * eb_abs * (1 + 1e-12) + eps * fabs(y) : 2 * p * eps * aref[i]);
        if (compressed && (algo == CCOLL_ALGO_DOC || algo == CCOLL_ALGO_ARGM)) tol += 2 * p * eps * aref[i];
        if (!(e <= tol)) ok = 0;
        if (e > w) w = e;
    }
    *worst = max_over_ranks(w);
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return all;
}

#ifdef __CUDACC__
/* the GPU of this rank: one per node rank where there are enough, shared otherwise; -1 on every
 * rank when some rank sees no GPU (the caller skips) */
static int node_device(int rank, int ndev)
{
    int mind = 0, lr = 0;
    MPI_Comm node;
    MPI_Allreduce(&ndev, &mind, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!mind) return -1;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
    MPI_Comm_rank(node, &lr);
    MPI_Comm_free(&node);
    return lr % ndev;
}
#endif

#endif
