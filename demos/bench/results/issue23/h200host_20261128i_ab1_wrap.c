/* one sa.h variant: -DVDIR=v1 -DFN=sa_v1 [-DSA__PR_...=x]; default algorithm at the given threads
 * (sa_build_ex: which algorithm ran) */
#define SA_IMPLEMENTATION
#define SA_STATIC
#define STR2(x) #x
#define STR(x) STR2(x)
#include STR(VDIR/sa.h)
int FN(const uint8_t *t, int32_t *sa, int32_t n, int threads, int *algo);
int FN(const uint8_t *t, int32_t *sa, int32_t n, int threads, int *algo)
{
    sa_options o = SA_OPTIONS_INIT;
    sa_build_info info;
    int st;
    o.threads = threads;
    st = sa_build_ex(t, sa, n, &o, &info);
    *algo = (int)info.algorithm;
    return st;
}
