/* sa.h - suffix array, LCP array and longest repeated substring of arbitrary bytes.
 * v0.1 - public domain-style single-file C11 library, MIT license (see the end of the file).
 *
 * WORK IN PROGRESS (hand-off skeleton): the API below is final; bodies are being filled in.
 */
#ifndef SA_H_INCLUDED
#define SA_H_INCLUDED

#include <stddef.h>
#include <stdint.h>

#ifndef SADEF
#ifdef SA_STATIC
#define SADEF static
#else
#define SADEF extern
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum sa_status {
    SA_OK = 0,
    SA_ERR_NULL = -1,       /* a required pointer argument is NULL */
    SA_ERR_SIZE = -2,       /* n < 0, or n too large for this index width */
    SA_ERR_NOMEM = -3,      /* SA_MALLOC returned NULL */
    SA_ERR_ALGORITHM = -4,  /* unknown algorithm or LCP method in sa_options */
    SA_ERR_THREADS = -5,    /* negative thread count in sa_options */
    SA_ERR_RANGE = -6,      /* validator: an SA entry is outside [0, n) */
    SA_ERR_DUPLICATE = -7,  /* validator: an SA entry occurs twice (not a permutation) */
    SA_ERR_ORDER = -8,      /* validator: two adjacent suffixes are not in increasing order */
    SA_ERR_INTERNAL = -9    /* a bug in sa.h: please report it */
} sa_status;

typedef enum sa_algorithm {
    SA_ALGO_DEFAULT = 0,    /* SA-IS with 1 thread, SA_ALGO_PARALLEL with more */
    SA_ALGO_MM = 1,         /* the seed's Manber-Myers with bucket refinement (baseline) */
    SA_ALGO_SAIS = 2,       /* induced sorting (SA-IS), single thread, the fast default */
    SA_ALGO_PARALLEL = 3    /* OpenMP parallel suffix sorting */
} sa_algorithm;

typedef enum sa_lcp_method {
    SA_LCP_DEFAULT = 0,     /* = SA_LCP_PHI */
    SA_LCP_PHI = 1,         /* Phi / permuted LCP (Kaerkkaeinen, Manzini, Puglisi), 4n extra bytes */
    SA_LCP_KASAI = 2        /* Kasai et al. through the inverse SA (the seed's), 4n extra bytes */
} sa_lcp_method;

/* Zero-initialised = defaults: `sa_options o = {0};` or pass NULL. */
typedef struct sa_options {
    sa_algorithm algorithm; /* SA_ALGO_DEFAULT */
    int threads;            /* 0: omp_get_max_threads() when compiled with OpenMP, else 1 */
    sa_lcp_method lcp;      /* SA_LCP_DEFAULT */
} sa_options;

/* Longest repeated substring: text[pos .. pos+len) occurs count times; sa_index is the smallest
 * k with lcp[k] == len. len == 0 (nothing repeats, or n < 2): sa_index = pos = count = 0. */
typedef struct sa_lrs_result {
    int64_t len;
    int64_t sa_index;
    int64_t pos;
    int64_t count;
} sa_lrs_result;

/* 32-bit index API: 0 <= n < 2^31. */
SADEF sa_status sa_build(const uint8_t *text, int32_t *sa, int32_t n, const sa_options *opt);
SADEF sa_status sa_lcp(const uint8_t *text, const int32_t *sa, int32_t *lcp, int32_t n, const sa_options *opt);
SADEF sa_status sa_lrs(const int32_t *sa, const int32_t *lcp, int32_t n, sa_lrs_result *out, const sa_options *opt);
SADEF sa_status sa_validate(const uint8_t *text, const int32_t *sa, int32_t n);

/* 64-bit index API: 0 <= n < 2^63 (memory permitting). */
SADEF sa_status sa_build64(const uint8_t *text, int64_t *sa, int64_t n, const sa_options *opt);
SADEF sa_status sa_lcp64(const uint8_t *text, const int64_t *sa, int64_t *lcp, int64_t n, const sa_options *opt);
SADEF sa_status sa_lrs64(const int64_t *sa, const int64_t *lcp, int64_t n, sa_lrs_result *out, const sa_options *opt);
SADEF sa_status sa_validate64(const uint8_t *text, const int64_t *sa, int64_t n);

SADEF const char *sa_status_string(sa_status status);
SADEF const char *sa_algorithm_name(sa_algorithm algorithm);
/* Threads a call with these options uses (>= 1), and the algorithm SA_ALGO_DEFAULT resolves to. */
SADEF int sa_effective_threads(const sa_options *opt);
SADEF sa_algorithm sa_effective_algorithm(const sa_options *opt);

#ifdef __cplusplus
}
#endif
#endif /* SA_H_INCLUDED */

/* ============================================================================================ */
#if defined(SA_IMPLEMENTATION) && !defined(SA__IMPLEMENTED)
#define SA__IMPLEMENTED

#include <limits.h>
#include <string.h>
#ifndef SA_MALLOC
#include <stdlib.h>
#define SA_MALLOC(sz) malloc(sz)
#define SA_FREE(p) free(p)
#endif
#ifndef SA_ASSERT
#include <assert.h>
#define SA_ASSERT(x) assert(x)
#endif
#ifdef _OPENMP
#include <omp.h>
#endif

/* ---- shared internal utilities (also used by the parallel section) ---------------------- */
static sa_status sa__sais32(const uint8_t *text, int32_t *sa, int32_t n);
static sa_status sa__sais64(const uint8_t *text, int64_t *sa, int64_t n);

/* ==== BEGIN parallel suffix sorting (sa__build_parallel32/64) ==== */
/* Temporary stand-ins until the parallel algorithm lands: sequential SA-IS. */
static sa_status sa__build_parallel32(const uint8_t *text, int32_t *sa, int32_t n, int threads)
{
    (void)threads;
    return sa__sais32(text, sa, n);
}
static sa_status sa__build_parallel64(const uint8_t *text, int64_t *sa, int64_t n, int threads)
{
    (void)threads;
    return sa__sais64(text, sa, n);
}
/* ==== END parallel suffix sorting ==== */

/* placeholder SA (heap sort of suffixes), replaced by SA-IS */
static int sa__cmp_suf(const uint8_t *t, int64_t n, int64_t a, int64_t b)
{
    int64_t la = n - a, lb = n - b, m = la < lb ? la : lb;
    int c = memcmp(t + a, t + b, (size_t)m);
    if (c) return c;
    return la < lb ? -1 : (la > lb ? 1 : 0);
}
#define SA__PLACEHOLDER(NAME, I)                                                             \
    static sa_status NAME(const uint8_t *text, I *sa, I n)                                  \
    {                                                                                        \
        for (I i = 0; i < n; i++) sa[i] = i;                                                 \
        for (I i = 1; i < n; i++) {                                                          \
            I v = sa[i], j = i;                                                              \
            while (j > 0 && sa__cmp_suf(text, n, sa[j - 1], v) > 0) { sa[j] = sa[j - 1]; j--; } \
            sa[j] = v;                                                                       \
        }                                                                                    \
        return SA_OK;                                                                        \
    }
SA__PLACEHOLDER(sa__sais32, int32_t)
SA__PLACEHOLDER(sa__sais64, int64_t)

SADEF int sa_effective_threads(const sa_options *opt)
{
    int t = opt ? opt->threads : 0;
    if (t > 0) return t;
#ifdef _OPENMP
    t = omp_get_max_threads();
    return t > 0 ? t : 1;
#else
    return 1;
#endif
}

SADEF sa_algorithm sa_effective_algorithm(const sa_options *opt)
{
    sa_algorithm a = opt ? opt->algorithm : SA_ALGO_DEFAULT;
    if (a == SA_ALGO_DEFAULT) a = sa_effective_threads(opt) > 1 ? SA_ALGO_PARALLEL : SA_ALGO_SAIS;
    return a;
}

SADEF sa_status sa_build(const uint8_t *text, int32_t *sa, int32_t n, const sa_options *opt)
{
    if (n < 0) return SA_ERR_SIZE;
    if (n > 0 && (!text || !sa)) return SA_ERR_NULL;
    if (opt && opt->threads < 0) return SA_ERR_THREADS;
    switch (sa_effective_algorithm(opt)) {
    case SA_ALGO_MM:
    case SA_ALGO_SAIS: return sa__sais32(text, sa, n);
    case SA_ALGO_PARALLEL: return sa__build_parallel32(text, sa, n, sa_effective_threads(opt));
    default: return SA_ERR_ALGORITHM;
    }
}

SADEF sa_status sa_build64(const uint8_t *text, int64_t *sa, int64_t n, const sa_options *opt)
{
    if (n < 0) return SA_ERR_SIZE;
    if (n > 0 && (!text || !sa)) return SA_ERR_NULL;
    if (opt && opt->threads < 0) return SA_ERR_THREADS;
    switch (sa_effective_algorithm(opt)) {
    case SA_ALGO_MM:
    case SA_ALGO_SAIS: return sa__sais64(text, sa, n);
    case SA_ALGO_PARALLEL: return sa__build_parallel64(text, sa, n, sa_effective_threads(opt));
    default: return SA_ERR_ALGORITHM;
    }
}

SADEF const char *sa_status_string(sa_status s)
{
    switch (s) {
    case SA_OK: return "success";
    case SA_ERR_NULL: return "a required pointer argument is NULL";
    case SA_ERR_SIZE: return "n is negative or too large for this index width";
    case SA_ERR_NOMEM: return "out of memory (SA_MALLOC returned NULL)";
    case SA_ERR_ALGORITHM: return "unknown algorithm or LCP method";
    case SA_ERR_THREADS: return "negative thread count";
    case SA_ERR_RANGE: return "not a suffix array: an entry is outside [0, n)";
    case SA_ERR_DUPLICATE: return "not a suffix array: an entry occurs twice";
    case SA_ERR_ORDER: return "not a suffix array: adjacent suffixes are out of order";
    case SA_ERR_INTERNAL: return "internal error in sa.h";
    }
    return "unknown status";
}

SADEF const char *sa_algorithm_name(sa_algorithm a)
{
    switch (a) {
    case SA_ALGO_DEFAULT: return "default";
    case SA_ALGO_MM: return "mm";
    case SA_ALGO_SAIS: return "sais";
    case SA_ALGO_PARALLEL: return "parallel";
    }
    return "unknown";
}

#endif /* SA_IMPLEMENTATION */

/*
MIT License

Copyright (c) 2025 the hpc-singlefile authors

Permission is hereby granted, free of charge, to any person obtaining a copy of this software and
associated documentation files (the "Software"), to deal in the Software without restriction,
including without limitation the rights to use, copy, modify, merge, publish, distribute,
sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or
substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT
NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT
OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
*/
