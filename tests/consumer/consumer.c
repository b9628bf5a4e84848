/* tests/consumer/consumer.c - what a user project compiles: every host header's implementation
 * in one translation unit, found through the project's Meson dependencies (as a subproject) or
 * through pkg-config after `meson install`. CONSUMER_CCOLL adds ccoll_mpi.h (run it under
 * mpiexec -n 1). Exit 0 when every result is right. */
#define SA_IMPLEMENTATION
#include "sa.h"
#define SPIRAL_IMPLEMENTATION
#include "spiral.h"
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#ifdef CONSUMER_CCOLL
#define CCOLL_IMPLEMENTATION
#include "ccoll_mpi.h"
#endif
#include <math.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int bad = 0;
    (void)argc;
    (void)argv;
    /* sa.h: the suffix array of "banana" is 5 3 1 0 4 2 */
    const uint8_t text[] = "banana";
    int32_t sa[6];
    const int32_t want[6] = {5, 3, 1, 0, 4, 2};
    sa_status ss = sa_build(text, sa, 6, NULL);
    for (int i = 0; ss == SA_OK && i < 6; i++) bad |= sa[i] != want[i];
    if (ss != SA_OK || bad) { fprintf(stderr, "sa.h: %s\n", sa_status_string(ss)); return 1; }
    /* spiral.h: 19 sits at (2, 2) of the 4 x 5 spiral */
    uint64_t r = 0, c = 0;
    spiral_status ps = spiral_coord(4, 5, 19, &r, &c);
    if (ps != SPIRAL_OK || r != 2 || c != 2) { fprintf(stderr, "spiral.h: %s\n", spiral_status_string(ps)); return 1; }
    /* homcomp.cuh: a round trip within the absolute bound (needs -lm) */
    enum { N = 1000 };
    static float x[N], y[N];
    static unsigned char buf[16384];
    for (int i = 0; i < N; i++) x[i] = sinf(0.01f * (float)i);
    hc_config cfg = hc_config_init(HC_F32, HC_ABS, 1e-3);
    size_t len = 0;
    hc_status hs = hc_compress_bound(N, HC_F32) <= sizeof buf ? HC_OK : HC_ERR_SIZE;
    if (hs == HC_OK) hs = hc_compress(&cfg, x, N, buf, sizeof buf, &len, NULL);
    if (hs == HC_OK) hs = hc_decompress(buf, len, HC_F32, y, N, NULL);
    for (int i = 0; hs == HC_OK && i < N; i++) bad |= fabs((double)y[i] - x[i]) > 1e-3;
    if (hs != HC_OK || bad) { fprintf(stderr, "homcomp.cuh: %s\n", hc_status_string(hs)); return 1; }
#ifdef CONSUMER_CCOLL
    /* ccoll_mpi.h: an allreduce over the ranks it runs on */
    int p = 1;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    ccoll_config cc = ccoll_config_init(CCOLL_ABS, 1e-3);
    ccoll_plan *plan = NULL;
    ccoll_status cs = ccoll_plan_create(MPI_COMM_WORLD, N, MPI_FLOAT, &cc, &plan);
    if (cs == CCOLL_OK) cs = ccoll_allreduce(plan, x, y);
    for (int i = 0; cs == CCOLL_OK && i < N; i++) bad |= fabs((double)y[i] - p * (double)x[i]) > p * 1e-3 + 1e-5;
    ccoll_plan_free(plan);
    MPI_Finalize();
    if (cs != CCOLL_OK || bad) { fprintf(stderr, "ccoll_mpi.h: %s\n", ccoll_status_string(cs)); return 1; }
#endif
    printf("consumer: sa.h, spiral.h, homcomp.cuh%s ok\n",
#ifdef CONSUMER_CCOLL
           ", ccoll_mpi.h"
#else
           ""
#endif
    );
    return 0;
}
