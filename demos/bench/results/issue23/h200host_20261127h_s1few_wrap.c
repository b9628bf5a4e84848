/* one sa.h variant: -DVDIR=v1 -DFN=sais_v1 */
#define SA_IMPLEMENTATION
#define SA_STATIC
#define STR2(x) #x
#define STR(x) STR2(x)
#include STR(VDIR/sa.h)
int FN(const uint8_t *t, int32_t *sa, int32_t n);
int FN(const uint8_t *t, int32_t *sa, int32_t n) { sa_options o = SA_OPTIONS_INIT; o.algorithm = SA_ALGO_SAIS; o.threads = 1; return sa_build(t, sa, n, &o); }
