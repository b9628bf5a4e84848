/* tests/failalloc.h - a failing allocator for the allocation-failure tests of every header.
 *
 * Point a header's allocation macros at it before including the header:
 *     #include "failalloc.h"
 *     #define SA_MALLOC(sz) fa_malloc(sz)
 *     #define SA_FREE(p)    fa_free(p)
 *     #define SA_IMPLEMENTATION
 *     #include "sa.h"
 * then, for k = 1, 2, ...: fa_arm(k) makes the k-th allocation from now return NULL; call the
 * function; check that it returned X_ERR_NOMEM, left its outputs as documented and that
 * fa_live() is back where it was (every block it took was given back). Stop at the first k for
 * which the call succeeded without the failure being injected (fa_fired() == 0): every
 * allocation path has then been failed once. fa_arm(0) disarms.
 *
 * Counters are atomics so OpenMP code that allocates per thread is counted exactly; which
 * thread's allocation is "the k-th" is then timing-dependent, which is fine: every k still
 * fails exactly one allocation.
 */
#ifndef FAILALLOC_H
#define FAILALLOC_H

#include <stdlib.h>
#ifdef __cplusplus
#include <atomic>
#define FA__ATOMIC(T) std::atomic<T>
#else
#include <stdatomic.h>
#define FA__ATOMIC(T) _Atomic T
#endif

static FA__ATOMIC(long) fa__countdown; /* > 0: fail when it reaches 0; 0: disarmed */
static FA__ATOMIC(long) fa__calls;     /* allocations asked for since the last fa_arm */
static FA__ATOMIC(long) fa__live;      /* blocks handed out and not yet freed */
static FA__ATOMIC(int) fa__fired;      /* an injected failure happened since the last fa_arm */

static void fa_arm(long k) { fa__countdown = k; fa__calls = 0; fa__fired = 0; }
static long fa_calls(void) { return fa__calls; }
static long fa_live(void) { return fa__live; }
static int fa_fired(void) { return fa__fired; }

static void *fa_malloc(size_t n)
{
    fa__calls++;
    if (fa__countdown > 0 && --fa__countdown == 0) { fa__fired = 1; return NULL; }
    void *p = malloc(n ? n : 1);
    if (p) fa__live++;
    return p;
}

static void fa_free(void *p)
{
    if (p) { fa__live--; free(p); }
}

/* Silence unused-function warnings in tests that need only part of the interface. */
static inline void fa__use_all(void)
{
    (void)fa_arm; (void)fa_calls; (void)fa_live; (void)fa_fired; (void)fa_malloc; (void)fa_free;
}

#endif /* FAILALLOC_H */
