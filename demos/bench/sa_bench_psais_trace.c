/* sa_bench_psais_trace.c - where parallel SA-IS (SA_ALGO_PARALLEL_SAIS) spends its time: sa_build_ex
 * reports each phase's seconds in sa_build_info.phase_seconds; this runs one-thread SA-IS and
 * parallel SA-IS at the given thread counts on one file, prints the phases to stderr, and checks
 * that both give the same SA. Not a meson target:
 *   cc -std=c11 -O3 -fopenmp -I. demos/bench/sa_bench_psais_trace.c -o trace
 *   ./trace FILE [threads...]      (default 2 8 16)
 * Phases (sa_phase): types = chunk types; place = LMS positions gathered, classes counted;
 * induce1 = stage 1's two scans and the naming (compact, lengths, naming: 0, done inside them);
 * name = the reduced string; recurse = SA-IS of the reduced string; map = reduced indices to
 * positions; place3, L3, S3 = stage 3. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>
#define SA_IMPLEMENTATION
#include "sa.h"

int main(int argc, char **argv)
{
    FILE *f;
    long n;
    uint8_t *t;
    int32_t *a, *b;
    static const char *const phase[SA_PHASE_COUNT] = {"types", "place", "induce1", "compact", "lengths",
        "naming", "name", "recurse", "map", "place3", "L3", "S3"};
    sa_build_info info;
    int i, p, bad = 0;
    double t0, ts;
    if (argc < 2 || !(f = fopen(argv[1], "rb"))) { fprintf(stderr, "usage: %s FILE [threads...]\n", argv[0]); return 2; }
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    rewind(f);
    t = malloc((size_t)n);
    a = malloc((size_t)n * 4);
    b = malloc((size_t)n * 4);
    if (!t || !a || !b || n < 2 || n > INT32_MAX || fread(t, 1, (size_t)n, f) != (size_t)n) return 2;
    fclose(f);
    t0 = omp_get_wtime();
    if (sa_build(t, a, (int32_t)n, &(sa_options){SA_ALGO_SAIS, 1, SA_LCP_DEFAULT}) != SA_OK) return 1;
    ts = omp_get_wtime() - t0;
    printf("%s: n=%ld, SA-IS 1 thread %.3f s\n", argv[1], n, ts);
    for (i = argc > 2 ? 2 : 0; i < (argc > 2 ? argc : 3); i++) {
        int th = argc > 2 ? atoi(argv[i]) : (int[]){2, 8, 16}[i];
        fprintf(stderr, "parallel SA-IS, %d threads:\n", th);
        t0 = omp_get_wtime();
        if (sa_build_ex(t, b, (int32_t)n, &(sa_options){SA_ALGO_PARALLEL_SAIS, th, SA_LCP_DEFAULT}, &info) != SA_OK)
            return 1;
        t0 = omp_get_wtime() - t0;
        for (p = 0; p < SA_PHASE_COUNT; p++) fprintf(stderr, "  %-8s %.3f\n", phase[p], info.phase_seconds[p]);
        bad |= memcmp(a, b, (size_t)n * 4) != 0;
        printf("parallel SA-IS %d threads: %.3f s (%.2fx SA-IS)%s\n", th, t0, ts / t0, bad ? " MISMATCH" : "");
        fflush(stdout);
    }
    free(t); free(a); free(b);
    return bad;
}
