/* One vocabulary across the headers (issue 22): the shared status suffixes carry the same value
 * in every header (OK 0, NULL -1, ARG -2, SIZE -3, NOMEM -4, CUDA -5, MPI -6, INTERNAL -7), a
 * header's own codes are <= -16, every status has a string ("ok" for 0, a sentence otherwise),
 * and every header's version macros equal meson.build's project version (passed as
 * VOCAB_VERSION_MAJOR/MINOR/PATCH). Compiled as C (sa.h, spiral.h, homcomp.cuh), with MPI as
 * C (+ ccoll_mpi.h: VOCAB_WITH_CCOLL) and with nvcc (+ sa_cuda.cuh); none needs a GPU or
 * MPI_Init. */
#include <string.h>
#ifdef VOCAB_WITH_CCOLL
#define CCOLL_IMPLEMENTATION /* brings homcomp.cuh's implementation too */
#include "ccoll_mpi.h"
#else
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#endif
#define SA_IMPLEMENTATION
#include "sa.h"
#define SPIRAL_IMPLEMENTATION
#include "spiral.h"
#ifdef __CUDACC__
#define SA_CUDA_IMPLEMENTATION
#include "sa_cuda.cuh"
#endif
#include "check.h"

#if !defined(VOCAB_VERSION_MAJOR) || !defined(VOCAB_VERSION_MINOR) || !defined(VOCAB_VERSION_PATCH)
#error "build with -DVOCAB_VERSION_MAJOR=.. -DVOCAB_VERSION_MINOR=.. -DVOCAB_VERSION_PATCH=.. (meson does)"
#endif

/* The eight shared values, written once; every header is compared with these. */
static const int shared_value[8] = {0, -1, -2, -3, -4, -5, -6, -7};
static const char *const shared_name[8] = {"OK", "NULL", "ARG", "SIZE", "NOMEM", "CUDA", "MPI", "INTERNAL"};

/* A status string: "ok" for 0, else a sentence (at least a few words, not the fallback). */
static void check_string(const char *hdr, int value, const char *s, const char *unknown)
{
    CHECK(s != NULL, "%s: status %d has no string", hdr, value);
    if (!s) return;
    if (value == 0) {
        CHECK(strcmp(s, "ok") == 0, "%s: status 0 reads \"%s\", not \"ok\"", hdr, s);
        return;
    }
    CHECK(strcmp(s, unknown) != 0, "%s: status %d has no string of its own", hdr, value);
    CHECK(strlen(s) >= 16 && strchr(s, ' ') != NULL, "%s: status %d reads \"%s\": not a sentence", hdr, value, s);
}

#define CHECK_SHARED(hdr, P, str, unknown)                                                             \
    do {                                                                                               \
        const int v_[8] = {P##OK, P##ERR_NULL, P##ERR_ARG, P##ERR_SIZE,                                \
                           P##ERR_NOMEM, P##ERR_CUDA, P##ERR_MPI, P##ERR_INTERNAL};                     \
        for (int i_ = 0; i_ < 8; i_++) {                                                               \
            CHECK(v_[i_] == shared_value[i_], "%s: %s is %d, the project's value is %d", hdr,           \
                  shared_name[i_], v_[i_], shared_value[i_]);                                          \
            check_string(hdr, v_[i_], str(v_[i_]), unknown);                                           \
        }                                                                                              \
    } while (0)

#define CHECK_OWN(hdr, str, unknown, ...)                                                              \
    do {                                                                                               \
        const int o_[] = {__VA_ARGS__};                                                                \
        for (size_t i_ = 0; i_ < sizeof o_ / sizeof *o_; i_++) {                                       \
            CHECK(o_[i_] <= -16, "%s: own code %d is not <= -16", hdr, o_[i_]);                         \
            for (size_t j_ = 0; j_ < i_; j_++) CHECK(o_[i_] != o_[j_], "%s: %d twice", hdr, o_[i_]);   \
            check_string(hdr, o_[i_], str(o_[i_]), unknown);                                           \
        }                                                                                              \
    } while (0)

#define CHECK_VERSION(hdr, P)                                                                          \
    CHECK(P##VERSION_MAJOR == VOCAB_VERSION_MAJOR && P##VERSION_MINOR == VOCAB_VERSION_MINOR &&        \
              P##VERSION_PATCH == VOCAB_VERSION_PATCH,                                                 \
          "%s: version %d.%d.%d, meson.build's project is %d.%d.%d", hdr, P##VERSION_MAJOR,             \
          P##VERSION_MINOR, P##VERSION_PATCH, VOCAB_VERSION_MAJOR, VOCAB_VERSION_MINOR, VOCAB_VERSION_PATCH)

static const char *sa_str(int s) { return sa_status_string((sa_status)s); }
static const char *spiral_str(int s) { return spiral_status_string((spiral_status)s); }
static const char *hc_str(int s) { return hc_status_string((hc_status)s); }
#ifdef __CUDACC__
static const char *sa_cuda_str(int s) { return sa_cuda_status_string((sa_cuda_status)s); }
#endif
#ifdef VOCAB_WITH_CCOLL
static const char *ccoll_str(int s) { return ccoll_status_string((ccoll_status)s); }
#endif

int main(int argc, char **argv)
{
    check_init(argc, argv);
    CHECK_SHARED("sa.h", SA_, sa_str, "unknown status");
    CHECK_OWN("sa.h", sa_str, "unknown status", SA_ERR_RANGE, SA_ERR_DUPLICATE, SA_ERR_ORDER);
    CHECK_VERSION("sa.h", SA_);

    CHECK_SHARED("spiral.h", SPIRAL_, spiral_str, "unknown spiral_status");
    CHECK_OWN("spiral.h", spiral_str, "unknown spiral_status", SPIRAL_ERR_EMPTY, SPIRAL_ERR_RANGE);
    CHECK_VERSION("spiral.h", SPIRAL_);

    CHECK_SHARED("homcomp.cuh", HC_, hc_str, "unknown status");
    CHECK_OWN("homcomp.cuh", hc_str, "unknown status", HC_ERR_EB, HC_ERR_NAN, HC_ERR_INF, HC_ERR_OVERFLOW,
              HC_ERR_CAPACITY, HC_ERR_FORMAT, HC_ERR_CORRUPT, HC_ERR_MISMATCH, HC_ERR_SUM_OVERFLOW,
              HC_ERR_WORKSPACE, HC_ERR_ALIGN, HC_ERR_CHECKSUM, HC_ERR_OVERLAP);
    CHECK_VERSION("homcomp.cuh", HOMCOMP_);

#ifdef __CUDACC__
    CHECK_SHARED("sa_cuda.cuh", SA_CUDA_, sa_cuda_str, "unknown sa_cuda_status");
    CHECK_VERSION("sa_cuda.cuh", SA_CUDA_);
#endif

#ifdef VOCAB_WITH_CCOLL
    CHECK_SHARED("ccoll_mpi.h", CCOLL_, ccoll_str, "unknown ccoll status");
    CHECK_OWN("ccoll_mpi.h", ccoll_str, "unknown ccoll status", CCOLL_ERR_EB, CCOLL_ERR_NAN, CCOLL_ERR_OVERFLOW,
              CCOLL_ERR_CORRUPT, CCOLL_ERR_CODEC);
    CHECK_VERSION("ccoll_mpi.h", CCOLL_);
    /* ccoll forwards homcomp's statuses: where the meaning is shared, so is the number */
    CHECK(CCOLL_ERR_EB == (int)HC_ERR_EB && CCOLL_ERR_NAN == (int)HC_ERR_NAN &&
          CCOLL_ERR_OVERFLOW == (int)HC_ERR_OVERFLOW && CCOLL_ERR_CORRUPT == (int)HC_ERR_CORRUPT);
#endif
    /* the fallback of each string function for a value no header uses */
    CHECK(strcmp(sa_str(-100), "unknown status") == 0 && strcmp(hc_str(-100), "unknown status") == 0 &&
          strcmp(spiral_str(-100), "unknown spiral_status") == 0);
    return check_done();
}
