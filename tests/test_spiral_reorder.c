/* test_spiral_reorder.c - payload reordering against the per-cell formula: to spiral order
 * out[value(r,c)-1] == in[r*N+c] for every cell, and the round trip back, on odd shapes and
 * element sizes 1, 2, 3, 4, 7, 8, 12, 16, 33. */
#define SPIRAL_IMPLEMENTATION
#include "spiral.h"
#include "check.h"

static void one(uint64_t M, uint64_t N, size_t es)
{
    size_t bytes = (size_t)(M * N) * es;
    unsigned char *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
    uint64_t r, col;
    int bad = 0;
    for (size_t i = 0; i < bytes; i++) a[i] = (unsigned char)check_rand();
    memset(b, 0xEE, bytes);
    CHECK(spiral_reorder(M, N, es, a, b, SPIRAL_TO_SPIRAL, NULL) == SPIRAL_OK);
    for (r = 0; r < M && !bad; r++)
        for (col = 0; col < N; col++) {
            uint64_t k = spiral_value(M, N, r, col) - 1;
            if (!CHECK(memcmp(b + k * es, a + (r * N + col) * es, es) == 0, "%llux%llu es=%zu cell (%llu,%llu)",
                       (unsigned long long)M, (unsigned long long)N, es, (unsigned long long)r,
                       (unsigned long long)col)) { bad = 1; break; }
        }
    memset(c, 0x11, bytes);
    CHECK(spiral_reorder(M, N, es, b, c, SPIRAL_TO_ROWMAJOR, NULL) == SPIRAL_OK);
    CHECK(memcmp(a, c, bytes) == 0, "round trip %llux%llu es=%zu", (unsigned long long)M, (unsigned long long)N, es);
    free(a); free(b); free(c);
}

int main(int argc, char **argv)
{
    static const uint64_t shapes[][2] = {{1, 1}, {1, 2}, {2, 1}, {1, 97}, {97, 1}, {2, 2}, {3, 3}, {4, 5},
                                         {5, 4}, {63, 65}, {65, 63}, {64, 64}, {129, 127}, {7, 300}, {300, 7},
                                         {200, 201}};
    static const size_t sizes[] = {1, 2, 3, 4, 7, 8, 12, 16, 33};
    check_init(argc, argv);
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
        for (size_t e = 0; e < sizeof sizes / sizeof sizes[0]; e++) one(shapes[s][0], shapes[s][1], sizes[e]);
    for (int t = 0; t < 20; t++) /* random shapes */
        one(1 + check_rand_below(300), 1 + check_rand_below(300), sizes[check_rand_below(9)]);
    return check_done();
}
