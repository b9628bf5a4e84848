/* allreduce_demo.h - what the allreduce_cpu and allreduce_cuda demos share (on top of
 * demo_common.h and ccoll_mpi.h; include after both): the test data, the slowest rank's time,
 * sorting times for the median, and finalizing MPI on a usage error. */
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

#endif
