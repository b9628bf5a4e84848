/* allreduce_cuda_wire_probe.c - the ceiling under the compressed ring on the slow path (issue 28):
 * how many bytes a second one MPI rank moves each way when every rank sends TOTAL bytes to its
 * right neighbour and receives TOTAL bytes from its left one at the same time, in messages of
 * MSG bytes, every receive posted first and every send posted at once (the ring's pattern: each
 * rank's one thread moves its sends and its receives), then waited for in order. Beside
 * it, one thread's memcpy of TOTAL bytes (the copy a TCP byte costs each side). The compressed
 * ring of 2 ranks moves its compressed bytes once each way per hop: its time can not go under
 * compressed bytes / this rate.
 *   mpiexec -n 2 [--mca btl tcp,self ...] allreduce_cuda_wire_probe [TOTAL_MIB,... (8,32,128)] [MSG_KIB,... (1024,4096)] [REPS (5)]
 * Prints CSV: ranks,total_bytes,msg_bytes,seconds,gb_per_s_each_way (median of REPS, slowest
 * rank), and memcpy rows (msg_bytes 0). Buffers are page-aligned host memory, first touched. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int parse_list(const char *s, long *v, int most)
{
    int n = 0;
    while (s && *s && n < most) {
        char *e;
        long x = strtol(s, &e, 10);
        if (e == s || x <= 0) return -1;
        v[n++] = x;
        s = *e == ',' ? e + 1 : e;
        if (*e && *e != ',') return -1;
    }
    return n;
}

int main(int argc, char **argv)
{
    int rank, p, nt, nm, reps, i, j, r, bad = 0;
    long tot[16], msg[16];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    nt = parse_list(argc > 1 ? argv[1] : "8,32,128", tot, 16);
    nm = parse_list(argc > 2 ? argv[2] : "1024,4096", msg, 16);
    reps = argc > 3 ? atoi(argv[3]) : 5;
    if (nt < 1 || nm < 1 || reps < 1 || reps > 64) {
        if (!rank) fprintf(stderr, "usage: allreduce_cuda_wire_probe [TOTAL_MIB,...] [MSG_KIB,...] [REPS 1..64]\n");
        MPI_Finalize();
        return 2;
    }
    if (!rank) printf("ranks,total_bytes,msg_bytes,seconds,gb_per_s_each_way\n");
    for (i = 0; i < nt; i++) {
        const size_t T = (size_t)tot[i] << 20;
        unsigned char *s = NULL, *d = NULL;
        double ts[64], t;
        if (posix_memalign((void **)&s, 4096, T) || posix_memalign((void **)&d, 4096, T)) bad = 1;
        MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        if (bad) {
            if (!rank) fprintf(stderr, "allreduce_cuda_wire_probe: out of memory for %zu bytes\n", T);
            break;
        }
        memset(s, rank + 1, T);
        memset(d, 0, T);
        for (j = 0; j < nm; j++) {
            const size_t M = (size_t)msg[j] << 10;
            const int nmsg = (int)((T + M - 1) / M);
            MPI_Request *q = (MPI_Request *)malloc(2 * (size_t)nmsg * sizeof *q);
            if (!q || M > (size_t)INT32_MAX) MPI_Abort(MPI_COMM_WORLD, 2); /* (no rank goes on alone) */
            for (r = 0; r <= reps; r++) { /* r 0: warm-up (connections, registration) */
                int k;
                MPI_Barrier(MPI_COMM_WORLD);
                const double t0 = MPI_Wtime();
                for (k = 0; k < nmsg; k++) {
                    size_t o = (size_t)k * M, n = T - o < M ? T - o : M;
                    MPI_Irecv(d + o, (int)n, MPI_BYTE, (rank + p - 1) % p, 7, MPI_COMM_WORLD, &q[k]);
                }
                for (k = 0; k < nmsg; k++) {
                    size_t o = (size_t)k * M, n = T - o < M ? T - o : M;
                    MPI_Isend(s + o, (int)n, MPI_BYTE, (rank + 1) % p, 7, MPI_COMM_WORLD, &q[nmsg + k]);
                }
                for (k = 0; k < 2 * nmsg; k++) MPI_Wait(&q[k], MPI_STATUS_IGNORE); /* (MPI_Waitall: GCC's stringop warning on MPICH) */
                t = MPI_Wtime() - t0;
                MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
                if (r) ts[r - 1] = t;
            }
            free(q);
            if (d[0] != (unsigned char)((rank + p - 1) % p + 1) || d[T - 1] != d[0]) bad = 1; /* the left rank's bytes */
            qsort(ts, (size_t)reps, sizeof *ts, cmp);
            t = ts[reps / 2];
            if (!rank) printf("%d,%zu,%zu,%.6g,%.4g\n", p, T, M, t, (double)T / t / 1e9);
        }
        for (r = 0; r < reps; r++) { /* one thread's copy, each rank at once */
            MPI_Barrier(MPI_COMM_WORLD);
            const double t0 = MPI_Wtime();
            memcpy(d, s, T);
            t = MPI_Wtime() - t0;
            MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
            ts[r] = t;
        }
        qsort(ts, (size_t)reps, sizeof *ts, cmp);
        t = ts[reps / 2];
        if (!rank) printf("%d,%zu,0,%.6g,%.4g\n", p, T, t, (double)T / t / 1e9);
        fflush(stdout);
        free(s);
        free(d);
    }
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (bad && !rank) fprintf(stderr, "allreduce_cuda_wire_probe: a received byte was wrong or a buffer was missing\n");
    MPI_Finalize();
    return bad;
}
