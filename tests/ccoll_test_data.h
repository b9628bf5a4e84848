/* ccoll_test_data.h - the input both ccoll tests (test_ccoll_mpi.c, test_ccoll_cuda.cu) feed
 * their plans; include after check.h (check_seed) and <math.h>. */
#ifndef CCOLL_TEST_DATA_H
#define CCOLL_TEST_DATA_H
/* rank j's input, reproducible on every rank: walk (smooth) or normal (noisy) */
static void gen(double *x, uint64_t n, int kind, int j, uint64_t salt)
{
    uint64_t s = check_seed() * 31 + (uint64_t)j * 1000003 + salt;
    double w = 10.0 * j;
    for (uint64_t i = 0; i < n; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        double u = (double)(s >> 11) * (1.0 / 9007199254740992.0);
        if (kind == 0) x[i] = (w += u - 0.5);
        else {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            double v = (double)(s >> 11) * (1.0 / 9007199254740992.0);
            x[i] = 10.0 * sqrt(-2.0 * log(u + 1e-300)) * cos(6.283185307179586 * v);
        }
    }
}
#endif
