import sys
p=sys.argv[1]; s=open(p).read()
old="""static int ccoll__timed(ccoll_plan *P, int op, uint64_t n, double t0, double c0, hc_status s)
{"""
new="""#include <stdio.h>
#include <unistd.h>
double ccdiag_th[3], ccdiag_pr[3], ccdiag_w[3]; long ccdiag_calls[3]; uint64_t ccdiag_b[3];
static double ccdiag_t0, ccdiag_p0;
static double ccdiag_thr(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static double ccdiag_prc(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static void ccdiag_begin(void) { ccdiag_t0 = ccdiag_thr(); ccdiag_p0 = ccdiag_prc(); }
static void ccdiag_end(int op, double w, uint64_t b) { ccdiag_th[op] += ccdiag_thr() - ccdiag_t0; ccdiag_pr[op] += ccdiag_prc() - ccdiag_p0; ccdiag_w[op] += w; ccdiag_b[op] += b; ccdiag_calls[op]++; }
__attribute__((destructor)) static void ccdiag_print(void) { for (int op = 0; op < 3; op++) if (ccdiag_calls[op])
  fprintf(stderr, "DIAG pid %d op %d calls %ld wall %.4f thread %.4f process %.4f  GB/s wall %.3f thread %.3f process %.3f\\n", (int)getpid(), op, ccdiag_calls[op], ccdiag_w[op], ccdiag_th[op], ccdiag_pr[op], ccdiag_b[op]/1e9/ccdiag_w[op], ccdiag_b[op]/1e9/ccdiag_th[op], ccdiag_b[op]/1e9/ccdiag_pr[op]); }
static int ccoll__timed(ccoll_plan *P, int op, uint64_t n, double t0, double c0, hc_status s)
{
    ccdiag_end(op, MPI_Wtime() - t0, n * P->set.esize);"""
assert old in s; s=s.replace(old,new)
s=s.replace("    c0 = ccoll__cpu();\n    return ccoll__timed(", "    c0 = ccoll__cpu();\n    ccdiag_begin();\n    return ccoll__timed(")
s=s.replace("const double t0 = MPI_Wtime(), c0 = ccoll__cpu();\n    return ccoll__timed(","const double t0 = MPI_Wtime(), c0 = ccoll__cpu();\n    ccdiag_begin();\n    return ccoll__timed(")
open(p,'w').write(s)
