/* sa.h - suffix array, LCP array and longest repeated substring (LRS) of arbitrary bytes.
 * v1.0.0 - single-file C11 library, MIT license (see the end of the file).
 *
 * WHAT IT DOES
 *   Sorts all suffixes of n bytes (values 0..255 compared unsigned, NUL allowed, no sentinel
 *   needed: a suffix that is a prefix of another sorts first), computes the LCP array
 *   (lcp[0] = 0, lcp[k] = longest common prefix of the suffixes at sa[k-1] and sa[k]), finds the
 *   longest repeated substring, and checks in linear time that an array is the suffix array of
 *   a text. Sequential, or parallel with OpenMP. 32-bit indices for n < 2^31, 64-bit beyond.
 *
 * USAGE (in exactly one C file define SA_IMPLEMENTATION before the include; the example below
 * is compiled and run by the tests)
 *
 *   [example:begin]
 *   #define SA_IMPLEMENTATION
 *   #include "sa.h"
 *   #include <stdio.h>
 *   int main(void) {
 *       const uint8_t text[] = "mississippi";
 *       int32_t n = 11, sa[11], lcp[11];
 *       sa_options opt = sa_options_default();      // defaults: SA-IS / parallel, all threads
 *       sa_lrs_result r;
 *       sa_status st = sa_build(text, sa, n, &opt);
 *       if (st == SA_OK) st = sa_lcp(text, sa, lcp, n, &opt);
 *       if (st == SA_OK) st = sa_lrs(sa, lcp, n, &r, &opt);
 *       if (st == SA_OK) st = sa_validate(text, sa, n);
 *       if (st != SA_OK) {
 *           fprintf(stderr, "sa.h: %s\n", sa_status_string(st));
 *           return 1;
 *       }
 *       printf("LRS \"%.*s\" x%lld at %lld\n", (int)r.len, (const char *)text + r.pos,
 *              (long long)r.count, (long long)r.pos);    // LRS "issi" x2 at 1
 *       return r.len == 4 && r.count == 2 && r.pos == 1 ? 0 : 1;
 *   }
 *   [example:end]
 *
 *   cc -std=c11 -O3 app.c            (sequential)      cc -std=c11 -O3 -fopenmp app.c   (OpenMP)
 *   With SA_STATIC, every file that includes sa.h must also define SA_IMPLEMENTATION (each gets
 *   its own static copy; two such files link together).
 *
 * COMPILE-TIME OPTIONS (define before the include)
 *   SA_IMPLEMENTATION    compile the implementation in this file
 *   SA_STATIC            make every function static (SA_DEF = static)
 *   SA_DEF               the storage class of the public functions (default extern, or static
 *                        with SA_STATIC); define it yourself to override
 *   SA_MALLOC(sz)/SA_FREE(p)   allocator (default malloc/free); define both or neither
 *   SA_ASSERT(x)         internal assertions (default assert)
 *   SA_MAX_THREADS       the largest sa_options.threads accepted (default 1024; above it a call
 *                        returns SA_ERR_ARG)
 *   SA_AUTO_MIN          texts shorter than this (default 2^20 bytes) use SA-IS under
 *                        SA_ALGO_DEFAULT whatever the thread count
 *   SA_SELF              the name this file is included under (default "sa.h"): the
 *                        implementation includes itself once per index width; set it if you
 *                        rename the file
 *   SA_NO_HUGEPAGE       no madvise(MADV_HUGEPAGE) hint on the BWT/GSA workspaces (Linux)
 *
 * API (every function returns SA_OK = 0 or a negative sa_status; sa_status_string explains it;
 * opt may be NULL for the defaults; 64-bit twins end in 64 and take int64_t arrays; arguments
 * in the order inputs, outputs, n, options)
 *   sa_build(text, sa, n, opt)         suffix array into the caller's sa[n]
 *   sa_build_ex(text, sa, n, opt, &info)   the same, and which algorithm ran (sa_build_info)
 *   sa_lcp(text, sa, lcp, n, opt)      LCP array into the caller's lcp[n]
 *   sa_lrs(sa, lcp, n, &result, opt)   longest repeated substring (see sa_lrs_result)
 *   sa_validate(text, sa, n)           SA_OK, or SA_ERR_RANGE / _DUPLICATE / _ORDER
 *   sa_build_int(T, sa, n, k, opt)     suffix array of an int32_t string over 0..k-1 (any k >= 1)
 *   sa_effective_threads(opt), sa_effective_algorithm(opt), sa_algorithm_name(a)
 *   sa_options_default()               the defaults (the same as a zeroed struct or NULL);
 *                                      SA_OPTIONS_INIT for static initialisers (C, C++, CUDA)
 *
 * ALGORITHMS (sa_options.algorithm; all give the same SA) and the memory they need beyond the
 * caller's arrays (n bytes of text, 4n of SA and 4n of LCP; double the index sizes for 64-bit)
 *   SA_ALGO_DEFAULT   SA-IS with 1 thread; with more, SA_ALGO_PARALLEL_SAIS, SA_ALGO_PARALLEL or
 *                     SA-IS, whichever a rule on the text predicts fastest (see DEFAULT DISPATCH)
 *   SA_ALGO_SAIS      induced sorting (Nong, Zhang, Chan 2009, with the in-place layout of Yuta
 *                     Mori's sais): the reduced problem lives inside SA; extra: a few KB per
 *                     recursion level, for texts of 64 KiB or more one bit per text byte
 *                     marking the LMS positions (n/8 bytes), a sort buffer of at most n/8
 *                     bytes for the doubling below, and bucket arrays for a reduced alphabet only
 *                     when it does not fit the free part of SA (rare; at most 4n bytes): SA
 *                     alone peaks at 5.12n bytes with text and SA (64 MiB of DNA, 50 MB of C
 *                     headers, Fibonacci, random bytes). Reduced strings whose names are mostly
 *                     unique (random-like text, DNA's first level) are finished by
 *                     Larsson-Sadakane doubling unless long repeats would make it slow.
 *   SA_ALGO_MM        the seed's Manber-Myers with bucket refinement, O(n log n), the baseline:
 *                     3 index arrays + 2n bytes (14n extra)
 *   SA_ALGO_PARALLEL  OpenMP parallel prefix doubling (see its section below for its memory:
 *                     about 4n + 2.5 MB per thread beyond SA and text); fast on random-like data
 *   SA_ALGO_PARALLEL_SAIS  OpenMP block-parallel SA-IS: the top level's passes and induction
 *                     scans split over the threads, and so are the reduced string's levels of
 *                     at least SA__PR_MIN names (smaller ones by sequential SA-IS);
 *                     extra: ~200 KB per thread plus SA-IS's recursion (usually none); texts
 *                     under 64 KiB or one thread: SA-IS. About 1.1 of SA-IS's time at 2 threads
 *                     (measured before stage 3's msb slots and sa__pi_cut), 0.5-0.6 at 8-16
 *                     (timings: demos/bench/README.md); on a machine with more
 *                     runnable threads than cores it finishes its scans on one thread (timing
 *                     decides only that)
 * LCP (sa_options.lcp): SA_LCP_PHI (default; Phi/PLCP, Kaerkkaeinen-Manzini-Puglisi) or
 *   SA_LCP_KASAI (the seed's); both need one extra index array (4n bytes) and run in parallel
 *   by splitting text positions into one chunk per thread.
 * With the default, SA + LCP peak at 13n bytes including text, SA and LCP.
 *
 * DEFAULT DISPATCH (SA_ALGO_DEFAULT, threads > 1, n >= SA_AUTO_MIN): parallel prefix doubling
 *   does n log(lcp) work, so on text with long repeats it loses to induced sorting; parallel
 *   SA-IS does linear work but keeps about a quarter of it sequential and costs more passes
 *   (about 1.1 of SA-IS's time at 2 threads). Before sorting, one parallel pass over the text predicts the doubling's work
 *   from its long repeats (content-defined chunks that occur twice or more) and its round-0
 *   buckets; parallel SA-IS's time is a fixed function of the thread count. The doubling runs
 *   when it is predicted at least 5 % faster than both others, else parallel SA-IS when it is
 *   predicted 5 % faster than one-thread SA-IS, else SA-IS. Deterministic (no timing): the
 *   same text and thread count always take the same branch; the SA is the same either way.
 *   Random-like bytes: the doubling from 2 threads; DNA-like text: SA-IS at 2 threads, parallel
 *   SA-IS at 3-4, the doubling from 5; C headers and repetitive text: SA-IS at 2 threads,
 *   parallel SA-IS from 3. It costs one parallel pass over the text and no
 *   memory beyond the SA array (scratch) and 256 KB. Details: "default dispatch" in the parallel
 *   section; how its constants were fitted: demos/bench/README.md, "Calibration notes". An algorithm asked for explicitly always runs.
 *
 * LRS TIE-BREAK (the same in every variant of this project): len = max lcp; sa_index = the
 *   smallest k with lcp[k] = len (so the lexicographically smallest such substring); pos = the
 *   smallest text position where it occurs; count = how many times it occurs (the run of SA
 *   entries sharing those len bytes). Nothing repeats (or n < 2): all four are 0.
 *
 * THREADS: threads = 0 means omp_get_max_threads() when compiled with OpenMP, else 1; at most
 *   SA_MAX_THREADS (1024; more is refused with SA_ERR_ARG), and a call on n elements runs at
 *   most one thread per 16384 of them (100 bytes with threads = 1000 run on one thread; what
 *   ran: sa_build_ex's info.threads). No global state: calls on different data may run
 *   concurrently. sa_validate uses all threads.
 *
 * BWT, GSA AND SEARCH (32-bit indices, n < 2^31; declarations in the "BWT" block below)
 *   sa_bwt(text, bwt, &primary, n, opt)      Burrows-Wheeler transform, libsais's convention:
 *                                       the BWT of text + $ ($ below every byte) without the $;
 *                                       primary = 1 + SA rank of suffix 0 (n = 0: 0); bwt may be text
 *   sa_bwt_aux(text, bwt, aux, r, n, opt)    and aux[j] = 1 + SA rank of suffix j*r for
 *                                       j <= (n-1)/r (r a power of two >= 2; aux[0] = primary)
 *   sa_bwt_from_sa(text, sa, bwt, aux, r, n, opt)   from an SA you have (r = 0: primary only)
 *   sa_unbwt(bwt, text, primary, n, opt), sa_unbwt_aux(bwt, text, aux, r, n, opt)   inverse;
 *                                       with aux the (n-1)/r + 1 pieces decode in parallel
 *   sa_gsa(text, sa, lcp, n, opt)       generalized SA (+ LCP if lcp != NULL) of the 0-terminated
 *                                       strings in text (text[n-1] = 0): suffixes compare up to and
 *                                       including their own terminator, equal ones by position
 *                                       (libsais_gsa's order); LCP never counts a terminator
 *   sa_search(text, sa, n, pat, m, &lo, &count)   count and locate: the suffixes starting with
 *                                       pat are sa[lo .. lo+count); m = 0 matches all n
 *   sa_search_many(text, sa, n, pats, off, npat, lo, count, opt)   many patterns, OpenMP
 *   sa_context_create(max_n, opt, &ctx), sa_context_bwt / _unbwt / _gsa(ctx, ...),
 *   sa_context_destroy(ctx)             the same with the workspace allocated once (about 9 max_n bytes)
 *   Hostile input: a primary index or aux sample outside [1, n], or r not a power of two, is
 *   SA_ERR_ARG before anything is written; a sample that is in range but wrong is found after
 *   decoding (a piece does not end at the next sample's row: SA_ERR_ARG, text unspecified);
 *   no input makes these functions read or write outside the arrays. Memory beyond the caller's
 *   arrays: BWT 4n (the SA) + sa_build's; inverse BWT 4n with aux samples, 8n with the primary
 *   index alone, + 257 KB a thread + 384 KB; GSA 4.25n + sa_build's (no empty string and no
 *   LCP: sa_build's alone, unless the rule picks the doubling); search none.
 *   Algorithms: the BWT is one parallel pass over the SA of sa_build (not yet fused into the SA
 *   construction); the inverse walks bigram psi (the inverse of LF, two steps at a time: two
 *   bytes per dependent read, libsais_unbwt's idea), with aux samples 16 pieces interleaved per
 *   thread (single-byte psi for texts of more than 128 distinct bytes, more than 64 from 8
 *   threads on), with the primary index alone psi forward and bigram LF backward at once; the
 *   GSA of a text without empty strings is SA-IS with the terminators as unique symbols ordered
 *   by position (libsais_gsa's way). Its LCP then comes from the neighbour comparisons described
 *   next, without the re-sort. With more threads it is parallel SA-IS in that order, where
 *   sa_build's rule (same threads) picks parallel SA-IS for the text. Otherwise (empty strings,
 *   or the rule picks the doubling) it is sa_build's SA with each run of suffixes equal up to their terminator re-sorted by
 *   position, the runs found by comparing SA neighbours up to their terminators (a pair still
 *   equal after 64 bytes is finished by Phi in text order, as PLCP; either gives the LCP);
 *   search is binary search with Manber and Myers' simple acceleration (comparisons start at
 *   the smaller of the two bounds' common prefixes with the pattern), O(m log n) per pattern.
 *
 * MPI (define SA_MPI before the include, compile with mpicc; declarations and layout in the
 *   "#ifdef SA_MPI" block below): sa_mpi_build / sa_mpi_build64(comm, algo, block, block_len,
 *   sa, lcp, cap, &lrs, opt, &info) are collective; each rank passes its block of the text (any
 *   lengths, in rank order; sa_mpi_read_file reads a file with MPI_File_read_at_all) and gets
 *   its block of the SA and LCP (rank r: indices [r*c, min(n, (r+1)*c)), c = ceil(n/P),
 *   sa_mpi_block), the same LRS and the same status on every rank (SA_ERR_MPI: an MPI call
 *   failed; a bad argument on one rank fails all). Every rank must pass the same algo and the
 *   same LCP wish (lcp or lrs given, or neither) and sa_mpi_gather the same root: ranks that
 *   differ get SA_ERR_ARG on every rank (info.mismatch names the first difference); lengths and
 *   opt (threads) may differ per rank. SA_MPI_DIST: a distributed difference-cover
 *   sorter (DCX: the byte level uses the cover period SA_MPI_DCX, 13 unless defined as 3 or 7;
 *   names by a global sample sort, recursion while names repeat; a level of at most
 *   SA_MPI_DCX_BASE (2^18) characters, or a recursion level whose names left after discarding
 *   (those that repeat and the unique ones right after them) are at most SA_MPI_DCX_GATHER (2)
 *   times the byte level's block, is gathered on rank 0 and sorted there by SA-IS; then all
 *   suffixes placed by one more distributed sort), Phi/PLCP for the LCP with the long comparisons batched into all-to-all
 *   rounds (no one-sided reads: nothing waits on a busy rank's progress), LRS by reductions;
 *   no rank but rank 0 (the gathered level) holds more than about n/P of anything (info.peak_bytes:
 *   what this rank's call allocated at most). SA_MPI_GATHER: the seed's
 *   design made exact (local sorts in the order of the whole suffixes, k-way merge, sa_lcp and
 *   sa_lrs on rank 0, which holds the whole text, SA and LCP; n < 2^31). opt->threads is per
 *   rank (MPI+OpenMP: init MPI with at least MPI_THREAD_FUNNELED). sa_mpi_gather/_gather64
 *   collect a distributed array on one rank. Exchanges larger than 2^31 bytes go pairwise in
 *   pieces (SA_MPI_XCHG_BYTES).
 *
 * LIMITS AND PRECONDITIONS
 *   n: 0 <= n <= 2^31 - 1 for the 32-bit API (tested at n = 2^31 - 1 under UBSan), n < 2^63 for
 *   the 64-bit one; n < 0 is SA_ERR_SIZE. n = 0 needs no arrays (NULL is fine). The arrays must
 *   hold n elements each and must not overlap (sa_build writes sa; sa_lcp writes lcp).
 *   sa_lcp needs sa to be the suffix array of text: it checks in O(n), within its own passes,
 *   that sa is a permutation of 0..n-1 (SA_ERR_RANGE: an entry outside [0, n); SA_ERR_DUPLICATE:
 *   an entry twice) and then leaves lcp untouched; a permutation that is not the suffix array
 *   gives meaningless LCP values (never an out-of-bounds access): call sa_validate to know.
 *   sa_lrs reads sa and lcp as given (no index is taken from them).
 *   Errors: on SA_ERR_NOMEM (or any error) sa_build leaves sa[] unspecified (it is used as
 *   scratch), sa_lcp leaves lcp[] untouched, sa_lrs leaves *result untouched unless SA_OK;
 *   nothing leaks and nothing aborts (tests/sa_test_failalloc.c fails every allocation once).
 *
 * VERSION HISTORY
 *   1.0.0 sa_options_default()/SA_OPTIONS_INIT; parallel SA-IS phase times in sa_build_info (the
 *        SA__PI_TRACE fprintf is gone); unique-name dropping before each recursion
 *   0.9.0 SA_ERR_ALGORITHM and SA_ERR_THREADS are SA_ERR_ARG; statuses renumbered (shared values
 *        OK 0 .. INTERNAL -7 as in every header, RANGE/DUPLICATE/ORDER -16..-18); SA_DEF (was SADEF);
 *        SA_VERSION_*; the LICENSE text at the end
 *   0.3  house conventions (SA_H guard, "ok", SA_ERR_MPI), one template mechanism (self-include;
 *        plain public definitions), sa_lcp checks its sa, thread limits, no overflow at 2^31 - 1,
 *        no data race in the parallel sort's prefetching, allocation failures tested
 *   0.2  SA-IS, Manber-Myers, Phi and Kasai LCP, LRS, validator, 64-bit API
 *   0.1  API skeleton
 */
#ifndef SA_H
#define SA_H

/* The project version (meson.build's project(version:)); every header carries the same. */
#define SA_VERSION_MAJOR 1
#define SA_VERSION_MINOR 0
#define SA_VERSION_PATCH 0

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define SA__UNUSED __attribute__((unused))
#else
#define SA__UNUSED
#endif
#ifndef SA_DEF
#ifdef SA_STATIC
#define SA_DEF static SA__UNUSED
#else
#define SA_DEF extern
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum sa_status {
    SA_OK = 0,
    SA_ERR_NULL = -1,       /* a required pointer argument is NULL */
    SA_ERR_ARG = -2,        /* an invalid value: unknown algorithm or LCP method, thread count negative or
                               above SA_MAX_THREADS, a root rank outside the communicator */
    SA_ERR_SIZE = -3,       /* n < 0, or n too large for this index width */
    SA_ERR_NOMEM = -4,      /* SA_MALLOC returned NULL */
    SA_ERR_CUDA = -5,       /* (never returned: sa.h has no CUDA code; sa_cuda.cuh uses the same value) */
    SA_ERR_MPI = -6,        /* an MPI call failed (the SA_MPI functions) */
    SA_ERR_INTERNAL = -7,   /* a bug in sa.h: please report it */
    SA_ERR_RANGE = -16,     /* validator: an SA entry is outside [0, n) */
    SA_ERR_DUPLICATE = -17, /* validator: an SA entry occurs twice (not a permutation) */
    SA_ERR_ORDER = -18      /* validator: two adjacent suffixes are not in increasing order */
} sa_status;

typedef enum sa_algorithm {
    SA_ALGO_DEFAULT = 0,    /* SA-IS with 1 thread; with more, parallel SA-IS, parallel doubling or SA-IS by a rule on the text */
    SA_ALGO_MM = 1,         /* the seed's Manber-Myers with bucket refinement (baseline) */
    SA_ALGO_SAIS = 2,       /* induced sorting (SA-IS), single thread, the fast default */
    SA_ALGO_PARALLEL = 3,   /* OpenMP parallel prefix doubling */
    SA_ALGO_PARALLEL_SAIS = 4 /* OpenMP block-parallel SA-IS (induced sorting), 5.0-5.25n bytes peak */
} sa_algorithm;

typedef enum sa_lcp_method {
    SA_LCP_DEFAULT = 0,     /* = SA_LCP_PHI */
    SA_LCP_PHI = 1,         /* Phi / permuted LCP (Kaerkkaeinen, Manzini, Puglisi), 4n extra bytes */
    SA_LCP_KASAI = 2        /* Kasai et al. through the inverse SA (the seed's), 4n extra bytes */
} sa_lcp_method;

/* Zero-initialised = defaults, or pass NULL. In C, C++ and CUDA alike (`= {0}` is not C++:
 * the first member is an enum): `sa_options o = sa_options_default();` or `= SA_OPTIONS_INIT;`. */
typedef struct sa_options {
    sa_algorithm algorithm; /* SA_ALGO_DEFAULT */
    int threads;            /* 0: omp_get_max_threads() when compiled with OpenMP, else 1 */
    sa_lcp_method lcp;      /* SA_LCP_DEFAULT */
} sa_options;
#define SA_OPTIONS_INIT {SA_ALGO_DEFAULT, 0, SA_LCP_DEFAULT}

/* Longest repeated substring: text[pos .. pos+len) occurs count times; sa_index is the smallest
 * k with lcp[k] == len. len == 0 (nothing repeats, or n < 2): sa_index = pos = count = 0. */
typedef struct sa_lrs_result {
    int64_t len;
    int64_t sa_index;
    int64_t pos;
    int64_t count;
} sa_lrs_result;

/* Phases of parallel SA-IS (indices into sa_build_info.phase_seconds): chunk types; the LMS
 * positions gathered and the position classes counted; stage 1's two scans with the naming
 * (COMPACT, LENGTHS and NAMING are 0 since stage 1 names inside its scans); the reduced string;
 * SA-IS of the reduced string; reduced indices to positions; stage 3's placement, L-scan and
 * S-scan. */
typedef enum sa_phase {
    SA_PHASE_TYPES = 0, SA_PHASE_PLACE, SA_PHASE_INDUCE1, SA_PHASE_COMPACT, SA_PHASE_LENGTHS, SA_PHASE_NAMING,
    SA_PHASE_NAME, SA_PHASE_RECURSE, SA_PHASE_MAP, SA_PHASE_PLACE3, SA_PHASE_L3, SA_PHASE_S3, SA_PHASE_COUNT
} sa_phase;

/* What a build did (sa_build_ex): SA_ALGO_DEFAULT with more than one thread picks parallel
 * SA-IS, the parallel doubling or SA-IS from the text (see DEFAULT DISPATCH in the manual). */
typedef struct sa_build_info {
    sa_algorithm algorithm; /* the algorithm that built the SA: SA_ALGO_MM, _SAIS, _PARALLEL or _PARALLEL_SAIS */
    int threads;            /* threads it used (1 for SA-IS and Manber-Myers) */
    int predicted;          /* 1 when the default's rule looked at the text (threads > 1, n >= SA_AUTO_MIN,
                               compiled with OpenMP; without OpenMP the default is always SA-IS) */
    double repeat_rounds;   /* the rule's R: predicted doubling rounds per suffix from long repeats */
    double predicted_ratio; /* the rule's predicted parallel time / single-thread SA-IS time */
    double phase_seconds[SA_PHASE_COUNT]; /* parallel SA-IS (else 0): wall seconds of each phase; needs OpenMP */
} sa_build_info;

/* 32-bit index API: 0 <= n < 2^31. */
SA_DEF sa_status sa_build(const uint8_t *text, int32_t *sa, int32_t n, const sa_options *opt);
/* sa_build that also says which algorithm ran (info may be NULL). */
SA_DEF sa_status sa_build_ex(const uint8_t *text, int32_t *sa, int32_t n, const sa_options *opt, sa_build_info *info);
SA_DEF sa_status sa_lcp(const uint8_t *text, const int32_t *sa, int32_t *lcp, int32_t n, const sa_options *opt);
SA_DEF sa_status sa_lrs(const int32_t *sa, const int32_t *lcp, int32_t n, sa_lrs_result *out, const sa_options *opt);
SA_DEF sa_status sa_validate(const uint8_t *text, const int32_t *sa, int32_t n);

/* 64-bit index API: 0 <= n < 2^63 (memory permitting). */
SA_DEF sa_status sa_build64(const uint8_t *text, int64_t *sa, int64_t n, const sa_options *opt);
SA_DEF sa_status sa_build64_ex(const uint8_t *text, int64_t *sa, int64_t n, const sa_options *opt, sa_build_info *info);
SA_DEF sa_status sa_lcp64(const uint8_t *text, const int64_t *sa, int64_t *lcp, int64_t n, const sa_options *opt);
SA_DEF sa_status sa_lrs64(const int64_t *sa, const int64_t *lcp, int64_t n, sa_lrs_result *out, const sa_options *opt);
SA_DEF sa_status sa_validate64(const uint8_t *text, const int64_t *sa, int64_t n);

/* Suffix array of an integer string T[0..n) over the alphabet 0..k-1 (k >= 1; a suffix that is
 * a prefix of another sorts first, as for bytes). SA_ERR_ARG when k < 1 or a symbol lies outside
 * [0, k) (checked before anything is written: sa untouched). Any k up to the index type's
 * maximum: an alphabet larger than n is first renamed to the ranks of the distinct symbols
 * (n extra index entries while it runs). Sequential SA-IS: k <= 256 (or at most 256 distinct
 * symbols in a larger alphabet, renamed to their ranks), the symbols copied into n
 * bytes and sorted by the byte API's SA-IS (SA_ALGO_SAIS, its memory; where the copy cannot be
 * allocated, as for larger k); larger k, the byte API's int levels, extra memory up to
 * 2 * min(k, n) index entries of bucket arrays, plus the LMS bits (n/8 bytes). */
SA_DEF sa_status sa_build_int(const int32_t *T, int32_t *sa, int32_t n, int32_t k, const sa_options *opt);
SA_DEF sa_status sa_build_int64(const int64_t *T, int64_t *sa, int64_t n, int64_t k, const sa_options *opt);

SA_DEF const char *sa_status_string(sa_status status);
SA_DEF sa_options sa_options_default(void);
SA_DEF const char *sa_algorithm_name(sa_algorithm algorithm);
/* Threads a call with these options uses (>= 1), and the algorithm SA_ALGO_DEFAULT starts from
 * without looking at the text: SA-IS with one thread, else SA_ALGO_PARALLEL_SAIS, which sa_build
 * may still replace by SA-IS (at 2 threads always, unless the doubling wins) or the doubling
 * (sa_build_ex's info says what ran). */
SA_DEF int sa_effective_threads(const sa_options *opt);
SA_DEF sa_algorithm sa_effective_algorithm(const sa_options *opt);

/* ---- BWT, inverse BWT, generalized SA, pattern search, reusable context ------------------
 * (see "BWT, GSA AND SEARCH" in the manual; 32-bit indices: 0 <= n < 2^31) */
/* Burrows-Wheeler transform with libsais's conventions: bwt[0..n) is the BWT of text + $ (a
 * virtual sentinel smaller than every byte) with the $ left out, *primary = 1 + the SA rank of
 * suffix 0 (the row the $ would occupy); n = 0 gives primary 0, n = 1 primary 1. bwt may equal
 * text (in place, one n-byte buffer more). */
SA_DEF sa_status sa_bwt(const uint8_t *text, uint8_t *bwt, int32_t *primary, int32_t n, const sa_options *opt);
/* The same with aux samples: r a power of two >= 2, aux[(n-1)/r + 1] (one entry for n = 0):
 * aux[j] = 1 + the SA rank of suffix j*r, so aux[0] is the primary index (libsais_bwt_aux). */
SA_DEF sa_status sa_bwt_aux(const uint8_t *text, uint8_t *bwt, int32_t *aux, int32_t r, int32_t n, const sa_options *opt);
/* BWT from a suffix array the caller already has (one parallel pass, no allocation unless bwt
 * == text): r = 0 writes only the primary index to aux[0], else as sa_bwt_aux. sa must be the
 * SA of text (an entry outside [0, n) gives SA_ERR_RANGE, bwt then unspecified). */
SA_DEF sa_status sa_bwt_from_sa(const uint8_t *text, const int32_t *sa, uint8_t *bwt, int32_t *aux, int32_t r,
                               int32_t n, const sa_options *opt);
/* Inverse BWT: text[0..n) from sa_bwt's output. text may equal bwt. A primary index outside
 * [1, n] (0 for n = 0) is SA_ERR_ARG with text untouched; an index that does not decode to a
 * whole text is SA_ERR_ARG found after decoding (text unspecified). Decoding is two walks (from
 * both ends); with threads, the counting and the successor table run in parallel. */
SA_DEF sa_status sa_unbwt(const uint8_t *bwt, uint8_t *text, int32_t primary, int32_t n, const sa_options *opt);
/* Inverse BWT from aux samples (r and aux as sa_bwt_aux): the (n-1)/r + 1 pieces decode in
 * parallel. A sample outside [1, n] or r not a power of two >= 2: SA_ERR_ARG, text untouched; a
 * piece that does not end where the next sample starts: SA_ERR_ARG after decoding. */
SA_DEF sa_status sa_unbwt_aux(const uint8_t *bwt, uint8_t *text, const int32_t *aux, int32_t r, int32_t n,
                             const sa_options *opt);
/* Generalized suffix array of the strings in text[0..n): every byte 0 ends a string (text[n-1]
 * must be 0, else SA_ERR_ARG; "" strings allowed), the strings contain no 0. Suffixes compare
 * up to and including their own string's terminator; two that are equal that far (the same
 * tail of different strings) sort by position. The terminators' suffixes come first, by
 * position. This is libsais_gsa's order (libsais_gsa refuses empty strings, two adjacent 0s;
 * sa_gsa takes them). lcp (may be NULL): lcp[0] = 0, lcp[k] = common prefix
 * of the suffixes at sa[k-1], sa[k] not counting terminators (they never match). */
SA_DEF sa_status sa_gsa(const uint8_t *text, int32_t *sa, int32_t *lcp, int32_t n, const sa_options *opt);
/* Pattern search in text with its suffix array sa (of sa_build, or sa_gsa for a string set:
 * then patterns must not contain 0, past a terminator the GSA is ordered by position): the
 * suffixes starting with pat[0..m) are sa[*lo .. *lo + *count) (count and locate). m = 0 matches all n suffixes
 * (lo 0); no match: count 0 and lo = the number of suffixes smaller than pat. m > n is fine.
 * An SA entry outside [0, n) met on the way: SA_ERR_RANGE. */
SA_DEF sa_status sa_search(const uint8_t *text, const int32_t *sa, int32_t n, const uint8_t *pat, int64_t m,
                          int32_t *lo, int32_t *count);
/* npat patterns at once (OpenMP over patterns): pattern i is pats[off[i] .. off[i+1]), off[0]
 * >= 0 and non-decreasing (else SA_ERR_ARG before any search); results in lo[i], count[i]. */
SA_DEF sa_status sa_search_many(const uint8_t *text, const int32_t *sa, int32_t n, const uint8_t *pats,
                               const int64_t *off, int64_t npat, int32_t *lo, int32_t *count, const sa_options *opt);

/* Reusable context: the workspace of the functions above for every n <= max_n, allocated once
 * (SA_MALLOC; 9 max_n bytes + 384 KB + 257 KB per thread) and the options copied. sa_build's own scratch (see
 * ALGORITHMS) is still allocated per call. One context serves one call at a time. */
typedef struct sa_context sa_context;
SA_DEF sa_status sa_context_create(int32_t max_n, const sa_options *opt, sa_context **ctx);
SA_DEF void sa_context_destroy(sa_context *ctx);
/* As sa_bwt_aux (r = 0: primary index only, into aux[0]); n > max_n: SA_ERR_SIZE. */
SA_DEF sa_status sa_context_bwt(sa_context *ctx, const uint8_t *text, uint8_t *bwt, int32_t *aux, int32_t r, int32_t n);
/* As sa_unbwt_aux (r = 0: aux[0] is the primary index). */
SA_DEF sa_status sa_context_unbwt(sa_context *ctx, const uint8_t *bwt, uint8_t *text, const int32_t *aux, int32_t r,
                                 int32_t n);
/* As sa_gsa. */
SA_DEF sa_status sa_context_gsa(sa_context *ctx, const uint8_t *text, int32_t *sa, int32_t *lcp, int32_t n);

#ifdef SA_MPI
/* ---- MPI (define SA_MPI before the include; see "MPI" in the manual) ----------------------
 * Layout of every block-distributed array (text after the input step, SA, LCP): with n the
 * whole text's length and P ranks, c = ceil(n / P); rank r owns indices
 * [r*c, min(n, (r+1)*c)) (empty for trailing ranks when n < P*c; sa_mpi_block computes it).
 * The input blocks may have any lengths (concatenated in rank order they form the text).
 * Limits: n < 2^57 (SA_MPI_DIST); SA_MPI_GATHER needs n < 2^31 (rank 0 holds everything).
 * Memory per rank (SA_MPI_DIST): about 16-20 bytes per suffix of its block at the peak for the SA
 * alone (the merge's records, 48-56 bytes with DC13 on bytes (the bytes that occur renumbered
 * in byte order: 48 where at most 31 distinct bytes occur), travel in SA__MPI_MERGE_ROUNDS rounds; the
 * byte level's sample sort and the recursion's texts and SA blocks hold about as much; measured
 * peaks: demos/bench/README.md, "sa.h MPI"), about 34-37 with the LCP (phi's
 * exchange and the first phase's text windows in 4 rounds; the later rounds, which grow with the
 * suffixes sharing 16 or more bytes, and the final fetch are not bounded); the 32-bit API adds
 * 8 + 8 for the int64 SA and LCP blocks it narrows from;
 * rank 0 also holds the gathered level: its kept names (8 bytes each; a share of the samples,
 * which are 4/13 of the positions at DC13, 3/7 at DC7), their SA (4 or 8 bytes each) and the
 * sort's counts (2 entries of 4 or 8 bytes a distinct name); every rank also gathers the merge's
 * splitter sample: at most a 16th of a block in all, but at least 4 draws for each of the K x P
 * buckets (K rounds, P ranks; with many ranks and small blocks 4 x K x P records of 56 bytes and
 * 16 of index each);
 * info.peak_bytes says what a call took (not what SA-IS allocates inside on rank 0 besides).
 * Threads (opt->threads per rank) run the local sorts, the record passes and the merge; rank 0's
 * sort of a gathered level is SA-IS with parallel SA-IS's threaded int-level passes and
 * induction scans, on the threads of every rank of its node (their opt->threads summed) as far
 * as rank 0's affinity mask allows: a launcher that binds each rank to one core (Open MPI's
 * default for 2 ranks or fewer) leaves it its own; `mpirun --bind-to none` lets it borrow. */
#ifdef __cplusplus
} /* mpi.h outside extern "C": its C++ bindings */
#endif
#include <mpi.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef enum sa_mpi_algorithm {
    SA_MPI_DIST = 0,   /* distributed difference cover (DCX): no rank holds the whole text, SA or LCP */
    SA_MPI_GATHER = 1  /* the seed's design, exact: local sorts, k-way merge, LCP and LRS on rank 0 */
} sa_mpi_algorithm;

/* What a distributed build did, on this rank (sa_mpi_build's info, may be NULL). */
typedef struct sa_mpi_info {
    int64_t n;          /* the whole text's length */
    int64_t lo, count;  /* this rank's block of SA and LCP: global indices [lo, lo + count) */
    int rounds;         /* DCX levels (SA_MPI_DIST; 1: no recursion) or window retries (SA_MPI_GATHER) */
    int cover;          /* SA_MPI_DIST: the byte level's difference cover period (3, 7 or 13; 0: the
                           text was small enough to sort on one rank) */
    int64_t peak_bytes; /* the most bytes this rank's call held at once: everything it allocated
                           (text copy, sample, records, exchange buffers); not the caller's block,
                           sa and lcp arrays, nor MPI's own buffers */
    int64_t comm_bytes; /* bytes this rank sent in all-to-all exchanges (to itself included) */
    int64_t collectives; /* collective MPI calls this rank made (the latency term) */
    double time_sa;     /* seconds for the suffix array (including its communication) */
    double time_lcp;    /* seconds for the LCP array */
    double time_lrs;    /* seconds for the LRS */
    double time_comm;   /* seconds this rank spent inside MPI calls (part of the three above) */
    double time_phase[4]; /* SA_MPI_DIST's time_sa split on this rank: [0] the byte level's sample sort
                             and naming, [1] the recursion (every deeper level, gathered or not),
                             [2] of [1], rank 0's sort of a gathered level (SA-IS; 0 elsewhere),
                             [3] the byte level's merge (the final distributed sort) */
    const char *mismatch; /* SA_ERR_ARG because ranks disagreed: the first differing choice
                             ("algorithm" or "lcp wanted"), the same on every rank; else NULL */
} sa_mpi_info;

/* Rank `rank` of `nranks` owns global indices [*lo, *lo + *count) of a length-n array. */
SA_DEF void sa_mpi_block(int64_t n, int nranks, int rank, int64_t *lo, int64_t *count);
/* Collective over comm. block: this rank's block_len bytes of the text. sa (and lcp, may be
 * NULL) receive this rank's block of the SA (LCP) in the layout above; cap is their capacity in
 * elements (SA_ERR_SIZE when smaller than the block). lrs (may be NULL; then the LCP is not
 * needed unless lcp is given) receives the same result on every rank. Every rank returns the
 * same status. Every rank must pass the same algo and the same LCP wish (lcp and lrs both NULL,
 * or not): ranks that differ get SA_ERR_ARG on every rank, info->mismatch naming the first
 * difference (options such as threads and the lengths may differ per rank). */
SA_DEF sa_status sa_mpi_build64(MPI_Comm comm, sa_mpi_algorithm algo, const uint8_t *block, int64_t block_len,
                               int64_t *sa, int64_t *lcp, int64_t cap, sa_lrs_result *lrs,
                               const sa_options *opt, sa_mpi_info *info);
/* The same with 32-bit indices: the whole text must be shorter than 2^31 (else SA_ERR_SIZE). */
SA_DEF sa_status sa_mpi_build(MPI_Comm comm, sa_mpi_algorithm algo, const uint8_t *block, int32_t block_len,
                             int32_t *sa, int32_t *lcp, int32_t cap, sa_lrs_result *lrs,
                             const sa_options *opt, sa_mpi_info *info);
/* Collective: concatenates every rank's count elements, in rank order, into root's out
 * (out_cap elements; SA_ERR_SIZE when the total does not fit; other ranks' out is unused).
 * Every rank must pass the same root (else SA_ERR_ARG on every rank). */
SA_DEF sa_status sa_mpi_gather64(MPI_Comm comm, int root, const int64_t *local, int64_t count,
                                int64_t *out, int64_t out_cap);
SA_DEF sa_status sa_mpi_gather(MPI_Comm comm, int root, const int32_t *local, int32_t count,
                              int32_t *out, int32_t out_cap);
/* Collective: reads this rank's block (layout above) of the file with MPI_File_read_at_all into
 * *block (allocated with SA_MALLOC; release with sa_mpi_free), its length into *block_len and
 * the file's length into *n. path must name a regular file (a directory, FIFO or device is
 * SA_ERR_ARG, checked with stat() before opening where the system has it) of at most
 * SA_MPI_MAX_FILE bytes (2^62; larger, or a size the MPI cannot report, is SA_ERR_SIZE); a file
 * MPI cannot open is SA_ERR_MPI. */
#define SA_MPI_MAX_FILE ((int64_t)1 << 62)
SA_DEF sa_status sa_mpi_read_file(MPI_Comm comm, const char *path, uint8_t **block, int64_t *block_len, int64_t *n);
SA_DEF void sa_mpi_free(void *p);
SA_DEF const char *sa_mpi_algorithm_name(sa_mpi_algorithm algo);
#endif /* SA_MPI */

#ifdef __cplusplus
}
#endif
#endif /* SA_H */

/* ============================================================================================ */
#if defined(SA_IMPLEMENTATION) && !defined(SA__IMPLEMENTED)
#define SA__IMPLEMENTED

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#if defined(SA_MALLOC) != defined(SA_FREE)
#error "sa.h: define both SA_MALLOC and SA_FREE, or neither"
#endif
#ifndef SA_MALLOC
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
/* The file name this header includes itself under (it compiles its templates that way). */
#ifndef SA_SELF
#define SA_SELF "sa.h"
#endif
/* SA__OMP(omp ...): an OpenMP pragma when compiled with OpenMP, nothing otherwise. */
#ifdef _OPENMP
#define SA__OMP(x) _Pragma(#x)
#else
#define SA__OMP(x)
#endif
/* Loops shorter than this stay on one thread. */
#ifndef SA__PAR_MIN
#define SA__PAR_MIN 65536
#endif
#if defined(__GNUC__) || defined(__clang__)
#define SA__PF(addr) __builtin_prefetch(addr)
#else
#define SA__PF(addr) ((void)0)
#endif
#define SA__PREFETCH 32 /* induced sorting: prefetch T[SA[i +- 32] - 1] */
#define SA__LCP_PF 64   /* LCP passes: prefetch the line touched 64 iterations ahead */
/* index of the lowest set bit of x != 0 (SA-IS's LMS bit vector) */
static int sa__ctz64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    int r = 0;
    while (!(x & 1)) { x >>= 1; r++; }
    return r;
#endif
}
/* Small helpers of hot loops: gcc does not inline them on its own inside the big SA-IS level
   functions (SA-IS runs much slower without it), so ask for it. */
#if defined(__GNUC__) || defined(__clang__)
#define SA__INLINE static inline __attribute__((always_inline))
#else
#define SA__INLINE static inline
#endif

/* Sequential SA-IS, the building block every algorithm may call (extra memory: see below). */
static sa_status sa__sais32(const uint8_t *text, int32_t *sa, int32_t n);
static sa_status sa__sais64(const uint8_t *text, int64_t *sa, int64_t n);
/* The same in sa_gsa's order (issue 26, see sa__sais_gsa): a text of 0-terminated strings, none
 * empty (text[0] != 0, no two adjacent zeros, text[n - 1] == 0, n >= 2) */
static sa_status sa__sais_gsa32(const uint8_t *text, int32_t *sa, int32_t n);
/* ... and on threads > 1 (parallel SA-IS in that order; one thread below SA__PI_MIN) */
static sa_status sa__psais_gsa32(const uint8_t *text, int32_t *sa, int32_t n, int threads);

/* ==== BEGIN parallel suffix sorting (sa__build_parallel32/64) ==== */
/* Parallel prefix doubling (SA_ALGO_PARALLEL). The seed's OpenMP version (chapter 2) kept
 * Manber-Myers' serial core and only parallelised the trivial loops (no speedup); here every
 * step is parallel and the work shrinks round by round:
 *  - round 0: parallel counting sort of all suffixes by their first two bytes (per-thread
 *    histograms, 65536 buckets), then every bucket is sorted by a 52-bit key holding bytes
 *    2..7 and min(length, 8), so key order is exactly suffix order on the first 8 bytes
 *    (a suffix that ends sorts before any longer one sharing its bytes, NUL included).
 *  - rounds h = 8, 16, 32, ... (Larsson-Sadakane): rank[i] = SA index of the last member of
 *    i's group; only groups that are not singletons (a list of segments) are re-sorted, by
 *    rank[i + h] + 1, or 0 past the end. Short segments are sorted by one thread each
 *    (dynamic schedule, MSD radix on (key, index) pairs in a private buffer); segments longer
 *    than SA__P_BIG by all threads (parallel MSD radix partitioning, recursing).
 *  - each round has two phases so that no thread reads a rank another one is writing:
 *    phase 1 sorts and marks the end of every run of equal keys in the sign bit of SA (~i);
 *    phase 2 clears the marks, writes the new ranks and collects next round's segments.
 *    Stops when no segment is left (at most ceil(log2(longest repeat / 8)) + 1 rounds).
 *  - chains (from h = SA__P_CHAIN_H on, once a round finished less than a quarter of the unsorted
 *    suffixes; groups of <= SA__P_CHAIN_G members): a repeat of length
 *    L copied g times gives L consecutive groups G, G+1, ..., all ordered like the suffixes just
 *    past the repeat, so one pass (sa__p_chain_head, two-phase too) finishes or refines them all
 *    instead of re-sorting them in log2(L/h) more rounds.
 * Memory beyond the caller's SA and text (w = 4 bytes for the 32-bit API, 8 for 64-bit):
 * rank array w*n; per thread 65536*w histogram and 2 * SA__P_BIG * 16 bytes of pair buffer;
 * (w + 1) bytes per element of the longest segment over SA__P_BIG (0 on random bytes, up to
 * (w + 1) * n on a text of one repeated byte); 2w bytes per unsorted group (segment lists).
 * Typical total with SA: 32-bit API 8n + 2.5 MB * threads, 64-bit API 16n + 2.5 MB * threads.
 * SA_ALGO_DEFAULT runs it only where the rule at the end of this section ("default dispatch",
 * sa__p_auto) predicts it to be clearly faster than one-thread SA-IS on this text. */
#ifdef _OPENMP
static int sa__p_tid(void) { return omp_get_thread_num(); }
static int sa__p_nth(void) { return omp_get_num_threads(); }
static int sa__p_threads(int t) { return t > 0 ? t : omp_get_max_threads(); }
#else
static int sa__p_tid(void) { return 0; }
static int sa__p_nth(void) { return 1; }
static int sa__p_threads(int t) { (void)t; return 1; }
#endif
/* This thread's balanced share [*lo, *hi) of [0, n) inside a parallel region ([0, n) outside
 * one, or without OpenMP): the text-order LCP passes split positions this way. */
static void sa__thread_range(int64_t n, int64_t *lo, int64_t *hi)
{
    int64_t tn = sa__p_nth(), ti = sa__p_tid();
    *lo = n / tn * ti + (ti < n % tn ? ti : n % tn);
    *hi = *lo + n / tn + (ti < n % tn);
}

/* Segments longer than this are sorted by all threads together (parallel MSD
   radix partitioning); shorter ones by one thread in a private pair buffer. */
#define SA__P_BIG 65536
/* Chunk length when a long segment's ranks are rewritten by several threads. */
#define SA__P_CHUNK 32768

#if defined(__GNUC__) || defined(__clang__)
#define SA__P_PF(a) __builtin_prefetch(a)
#define SA__P_PFW(a) __builtin_prefetch(a, 1)
#else
#define SA__P_PF(a) ((void)0)
#define SA__P_PFW(a) ((void)0)
#endif

/* Chains of repeated groups (sa__p_isgroup): groups of at most SA__P_CHAIN_G members, from
   doubling step SA__P_CHAIN_H on (when doubling stalls); SA__P_PIECE groups per work item. */
#define SA__P_CHAIN_G 30
#define SA__P_CHAIN_H 64
#define SA__P_PIECE 4096

/* Parallel SA-IS (SA_ALGO_PARALLEL_SAIS, "parallel SA-IS" in the template part): entries each
   thread caches per block of an induction scan, the shortest block split over the threads
   (shorter runs of filled entries are scanned by one thread), and the shortest text it runs
   on (shorter: sequential SA-IS). */
#ifndef SA__PI_CACHE /* (the tests set all three small to cross many blocks on short texts) */
#define SA__PI_CACHE 24576 /* libsais's sizes: blocks are parallel regions, so fewer is better */
#endif
#ifndef SA__PI_MINB
#define SA__PI_MINB 16384
#endif
#ifndef SA__PI_MIN
#define SA__PI_MIN 65536
#endif
#define SA__PI_S1W 2049 /* parallel SA-IS stage 1's counters a thread (sa__pi_s1_block) */
/* The reduced string's int levels of at least this many entries run on all threads (the tests:
   fewer). */
#ifndef SA__PR_MIN
#define SA__PR_MIN 65536
#endif
/* 1: those levels' induction scans run on all threads too (sa__pr_induce); 0: on one thread
   (the A/B of demos/bench; the tests run both). */
#ifndef SA__PR_SCANS
#define SA__PR_SCANS 1
#endif
/* 1: a build whose parallel blocks run under half the one-thread rate per entry (threads
   that wait on each other, as on a machine with more runnable threads than cores) scans the
   rest on one thread; an int level that finds so (sa__pr_scan) runs the rest of its scans, and
   the levels below it, on one thread (the byte level that finds so: the whole reduced string,
   as sequential SA-IS's int level; both decide after stage 1 at the latest). Only the
   split of the work depends on the clock, never the result. The tests set 0 to keep every
   block parallel (and -1 for one-thread scans throughout). */
#ifndef SA__PI_ADAPT
#define SA__PI_ADAPT 1
#endif
/* Int levels of more buckets than SA__PR_OWN_K, on SA__PR_OWN_T..128 threads, split each block's
   walk by bucket (sa__pr_own): the entries whose bucket cannot land inside the block go to the
   threads owning their buckets, one thread walks only the rest. Fewer threads: sa__pr_block
   (the split was measured to gain at 16 threads, about even at 8; below 8 only an earlier
   design was measured, slower: demos/bench/README.md). The tests point SA__PR_OWN_K at a
   variable (both paths) and set SA__PR_OWN_T 2. */
#ifndef SA__PR_OWN_K
#define SA__PR_OWN_K 256
#endif
#ifndef SA__PR_OWN_T
#define SA__PR_OWN_T 8
#endif
/* The int levels' unique-name drop / undrop and stage 3's placing run on the level's threads from
 * SA__PR_PAR_T threads (sa__drop_par, sa__undrop_par, sa__pr_place3); fewer keep the one-thread
 * passes. Measured to gain at 8 and 16 threads; at 2 and 4 threads (the gate at 2 / 8 against 4) no
 * difference is shown either way (demos/bench/README.md): 4 is a choice, not a measurement. */
#ifndef SA__PR_PAR_T
#define SA__PR_PAR_T 4
#endif
/* The guard's one-thread probes, in slots: at the start of the byte level's first scan
   (sa__pi_walk) and of each int level's first four scans (sa__pr_scan). */
#ifndef SA__PR_PROBE
#define SA__PR_PROBE 16384
#endif
/* The tests' clock-free guard: the byte level (SA__PI_TRIP) or each int level (SA__PR_TRIP) of a
   parallel SA-IS build switches its blocks off after that many parallel blocks, whatever the
   clock says (0: the clock decides, as above). A test points them at variables, so that a whole
   build trips where it wants, the hand-offs to one thread included. */
#ifndef SA__PI_TRIP
#define SA__PI_TRIP 0
#endif
#ifndef SA__PR_TRIP
#define SA__PR_TRIP 0
#endif
#ifdef _OPENMP
static double sa__p_now(void) { return omp_get_wtime(); }
#else
static double sa__p_now(void) { return 0; }
#endif

/* That guard's record (parallel SA-IS's byte-level scans, and each int level's block scans in
   sa__pr_induce): entries and seconds in parallel blocks (pe, pt) and in one-thread runs (se, st).
   guard: it may switch the blocks off; off: no more parallel blocks; trip > 0: off after that
   many blocks, the clock ignored (SA__PI_TRIP, SA__PR_TRIP). */
typedef struct {
    double pe, pt, se, st;
    int nblk, nprobe, guard, off, trip; /* nprobe: sa__pr_scan's one-thread probes */
} sa__rate;
static void sa__rate_init(sa__rate *r, int trip)
{
    memset(r, 0, sizeof *r);
    r->guard = SA__PI_ADAPT > 0 || trip > 0;
    r->off = SA__PI_ADAPT < 0; /* (-1: the tests' all-one-thread scans) */
    r->trip = trip;
}
/* A one-thread run of e entries took dt seconds. */
static void sa__rate_one(sa__rate *r, double e, double dt)
{
    r->se += e;
    r->st += dt;
}
/* A parallel block of e entries took dt seconds: the blocks go off when, over at least 4 blocks
   and SA__PR_PROBE one-thread entries, they ran fewer than half as many entries per second as one
   thread (clearly slower: the one-thread rate comes from a few short runs, and a block rate
   near it is no reason to give up the threads for the whole build). */
static void sa__rate_block(sa__rate *r, double e, double dt)
{
    r->pe += e;
    r->pt += dt;
    r->nblk++;
    if (r->trip > 0) r->off |= r->nblk >= r->trip;
    else if (r->guard && r->nblk >= 4 && r->se >= SA__PR_PROBE && 2 * r->pe * r->st < r->se * r->pt) r->off = 1;
}

/* Big-endian 8-byte load: byte 0 is the most significant. */
static inline uint64_t sa__p_be64(const uint8_t *p)
{
    uint64_t v;
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
    memcpy(&v, p, 8);
    v = __builtin_bswap64(v);
#else
    int k;
    v = 0;
    for (k = 0; k < 8; k++) v = (v << 8) | p[k];
#endif
    return v;
}

/* Round-0 key of the suffix at i, inside its bucket of equal first two bytes:
   bytes i+2..i+7 (zero padded past the end) in bits 51..4 and min(n - i, 8) in
   bits 3..0. Key order = order of the suffixes' first 8 bytes, a suffix shorter
   than 8 sorting before every longer one that shares its bytes (padding with 0
   alone would tie "a" with "a\0"); two keys tie only when both suffixes have at
   least 8 bytes and the same first 8. */
static inline uint64_t sa__p_tkey(const uint8_t *t, uint64_t i, uint64_t n)
{
    uint64_t v, len = n - i;
    if (len >= 8) {
        v = sa__p_be64(t + i);
        len = 8;
    } else {
        uint64_t k;
        v = 0;
        for (k = 0; k < len; k++) v |= (uint64_t)t[i + k] << (8 * (7 - k));
    }
    return ((v << 16) >> 12) | len;
}

/* Index of the highest set bit of x != 0. */
static inline int sa__p_hibit(uint64_t x)
{
#if defined(__GNUC__)
    return 63 - __builtin_clzll(x);
#else
    int b = 0;
    while (x >>= 1) b++;
    return b;
#endif
}

typedef struct { uint64_t key; uint64_t idx; } sa__ppair;

/* Dynamic scheduling that knows this thread's next items, for look-ahead prefetching: reading
   the SA entries of a segment another thread is sorting would be a data race. A thread takes
   chunks of `chunk` items from the shared counter *next and always holds the chunk after the
   one it works on, so sa__p_ahead(w, q, d) (d <= chunk) is its own item d steps after q, or -1. */
typedef struct { long long cur, end, nxt, nend, chunk, tot, *next; } sa__pwork;
static long long sa__p_take(sa__pwork *w)
{
    long long q;
    SA__OMP(omp atomic capture)
    { q = *w->next; *w->next += w->chunk; }
    return q < w->tot ? q : w->tot;
}
static void sa__p_work_init(sa__pwork *w, long long *next, long long chunk, long long tot)
{
    w->next = next;
    w->chunk = chunk;
    w->tot = tot;
    w->cur = w->end = 0;
    w->nxt = sa__p_take(w);
    w->nend = w->nxt + chunk < tot ? w->nxt + chunk : tot;
}
/* Moves to the next chunk [w->cur, w->end); 0 when the work is done. */
static int sa__p_work_chunk(sa__pwork *w)
{
    w->cur = w->nxt;
    w->end = w->nend;
    if (w->cur >= w->end) return 0;
    w->nxt = sa__p_take(w);
    w->nend = w->nxt + w->chunk < w->tot ? w->nxt + w->chunk : w->tot;
    return 1;
}
SA__INLINE long long sa__p_ahead(const sa__pwork *w, long long q, long long d)
{
    long long a = q + d < w->end ? q + d : w->nxt + (q + d - w->end);
    return a < w->nend ? a : -1;
}

static void sa__p_isort(sa__ppair *a, size_t m)
{
    size_t i, j;
    for (i = 1; i < m; i++) {
        sa__ppair x = a[i];
        for (j = i; j > 0 && a[j - 1].key > x.key; j--) a[j] = a[j - 1];
        a[j] = x;
    }
}

/* MSD radix sort of pairs by key, 8-bit digits from bit `shift` down; all keys
   agree above shift + 8. b is scratch of the same length. */
static void sa__p_msd(sa__ppair *a, sa__ppair *b, size_t m, int shift)
{
    size_t cnt[256], off[256], k, s;
    int d;
    for (;;) {
        if (m <= 32) { sa__p_isort(a, m); return; }
        memset(cnt, 0, sizeof cnt);
        for (k = 0; k < m; k++) cnt[(a[k].key >> shift) & 255]++;
        for (d = 0; d < 256 && cnt[d] == 0; d++) {}
        if (cnt[d] == m) {               /* one digit value: go down a digit */
            if (shift == 0) return;
            shift -= 8;
            continue;
        }
        for (s = 0, d = 0; d < 256; d++) { off[d] = s; s += cnt[d]; }
        for (k = 0; k < m; k++) b[off[(a[k].key >> shift) & 255]++] = a[k];
        memcpy(a, b, m * sizeof *a);
        if (shift == 0) return;
        for (s = 0, d = 0; d < 256; d++) {
            if (cnt[d] > 1) sa__p_msd(a + s, b + s, cnt[d], shift - 8);
            s += cnt[d];
        }
        return;
    }
}

/* The width-generic part (sa__p_build32/64 and its helpers) is in the template part at the
   end of this file ("parallel prefix doubling, width-generic"), compiled once per index width. */

/* ---- SA_ALGO_DEFAULT with more than one thread: parallel doubling, parallel SA-IS or SA-IS? ----
   Prefix doubling does n log(lcp) work: on text with long repeats it loses to single-thread
   SA-IS unless there are many threads, while on random-like text it wins from 2 threads on. The rule predicts the
   doubling's work from the text before sorting anything (no timing; deterministic for a
   given text and thread count; the same for both index widths):
    - long repeats, by content-defined chunking as in deduplication: a cut after position p
      when a gear hash of the 32 bytes ending at p has its low 6 bits zero (chunks of
      SA__P_MINC..SA__P_MAXC bytes, every 1 MiB piece of text on its own, in parallel), so
      that all copies of a repeat longer than about 100 bytes are cut into the same chunks. A
      chunk whose 64-bit hash occurs twice or more is repeated; a run of repeated chunks of L
      bytes stands for suffixes with lcp L, L - 1, ..., 1, and a suffix with lcp l stays in an
      unsorted group for #{k >= 0 : 8 * 2^k <= l} rounds. When every chunk of the run occurs
      at most SA__P_CHAIN_G times and was cut by content, the chain pass finishes it after
      round h = 2 * SA__P_CHAIN_H. R = those rounds summed over all suffixes, divided by n

    - round 0's cost: b = the fraction of suffixes whose first two bytes are shared by more
      than SA__P_BIG suffixes (every 64th position sampled): those buckets take several
      parallel radix passes (random bytes: b = 0; DNA-like 4-letter text: b = 1).
   Predicted one-thread doubling time, in units of single-thread SA-IS time on the same text:
   W = SA__P_AUTO_C0 + SA__P_AUTO_CB * b + SA__P_AUTO_C1 * R, and with nt threads
   W f(nt), f(nt) = (1 + 0.06 (nt - 1)) / nt (the doubling's speedup curve). Parallel
   SA-IS's time, in the same units: sa__pi_ratio(nt) = A (S + (1 - S) f(nt)), its extra passes
   (A = SA__PI_AUTO_A) and the share that stays sequential (S = SA__PI_AUTO_SEQ: mostly the
   reduced string's SA-IS); with these constants it is predicted 9 % slower than SA-IS at 2
   threads (1.09: SA-IS runs there unless the doubling wins), 13 % faster at 3, 40 % at 8. The
   constants are fitted to measured times on five inputs (C headers, Fibonacci, /usr/bin,
   random ACGT, random bytes) at 2 to 16 threads, of parallel SA-IS before stage 3's msb slots
   and sa__pi_cut (which gained 1.17-1.21x at 8-16 threads; not re-measured at 2-3); the data
   and the fit: demos/bench/README.md,
   "Calibration notes". sa__p_choose: the doubling
   when its prediction is below SA__P_AUTO_TIE (0.95) times both others', else parallel SA-IS
   when its prediction is below 0.95 (of SA-IS's), else SA-IS: within 5 % the algorithm that
   needs less memory wins (SA-IS 5n-7n, parallel SA-IS ~5.1n, doubling 9n-10n with text and
   SA). Texts under SA_AUTO_MIN bytes use SA-IS. Cost of the prediction: one parallel pass over
   the text; memory: the caller's SA array as scratch (at most 2.5n of its 4n bytes) and a
   256 KB histogram, all before the chosen algorithm allocates anything, so the peak is that
   algorithm's own. */
#ifndef SA_AUTO_MIN
#define SA_AUTO_MIN ((int64_t)1 << 20)
#endif
#define SA__P_MINC 32
#define SA__P_MAXC 1024
#define SA__P_PIECEB ((uint64_t)1 << 20)
#define SA__P_AUTO_C0 1.0
#define SA__P_AUTO_CB 1.6
#define SA__P_AUTO_C1 1.5
#define SA__P_AUTO_TIE 0.95
#define SA__P_AUTO_LOWENT 20.0
#define SA__PI_AUTO_A 1.75
#define SA__PI_AUTO_SEQ 0.20
typedef struct { uint64_t h, len; } sa__pchunk;

/* Fills rounds (R) and bigfrac (b); 0, or -1 when the scratch is too small or out of memory. */
static int sa__p_profile(const uint8_t *text, uint64_t n, void *scratch, size_t scratch_bytes, int nt,
                         double *rounds, double *bigfrac)
{
    uint32_t gear[256], *h2;
    uint64_t np = (n + SA__P_PIECEB - 1) / SA__P_PIECEB, capf = SA__P_PIECEB / SA__P_MINC + 2;
    uint64_t sum = 0, big = 0, seed = 0x5a17u, i, lenb = 0;
    size_t m, q, tabn;
    sa__pchunk *rec = (sa__pchunk *)scratch, *tab;
    long long p;
    int b;
    (void)nt;
    if (n == 0 || ((np - 1) * capf + (n - (np - 1) * SA__P_PIECEB) / SA__P_MINC + 2) * sizeof *rec > scratch_bytes)
        return -1;
    for (b = 0; b < 256; b++) { /* splitmix64 */
        uint64_t z = (seed += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        gear[b] = (uint32_t)(z ^ (z >> 31));
    }
    /* chunks of each piece at rec + p * capf; the piece's count in its first record's slot
       past the last one (cnt < cap); a chunk cut by length gets len | 2^63 */
    SA__OMP(omp parallel for num_threads(nt) schedule(dynamic, 1))
    for (p = 0; p < (long long)np; p++) {
        uint64_t lo = (uint64_t)p * SA__P_PIECEB, hi = lo + SA__P_PIECEB < n ? lo + SA__P_PIECEB : n, j, last = lo;
        uint64_t cap = (hi - lo) / SA__P_MINC + 2, cnt = 0;
        uint32_t g = 0;
        sa__pchunk *out = rec + (size_t)p * capf;
        for (j = lo >= 32 ? lo - 32 : 0; j < lo; j++) g = (g << 1) + gear[text[j]];
        for (j = lo; j < hi; j++) {
            uint64_t len = j + 1 - last;
            g = (g << 1) + gear[text[j]];
            if ((len >= SA__P_MINC && (g & 63) == 0) || len >= SA__P_MAXC || j + 1 == hi) {
                /* the chunk's hash, 8 bytes at a time (multiply-xorshift), then its length */
                uint64_t ch = 0x9E3779B97F4A7C15ull, w, k;
                for (k = last; k + 8 <= j + 1; k += 8) {
                    memcpy(&w, text + k, 8);
                    ch = (ch ^ w) * 0xBF58476D1CE4E5B9ull;
                    ch ^= ch >> 29;
                }
                for (w = 0; k <= j; k++) w = w << 8 | text[k];
                ch = ((ch ^ w) * 0x94D049BB133111EBull) ^ len;
                ch = (ch ^ (ch >> 31)) * 0xBF58476D1CE4E5B9ull;
                out[cnt].h = ch | 1;
                out[cnt].len = len | (len >= SA__P_MAXC ? (uint64_t)1 << 63 : 0);
                cnt++;
                last = j + 1;
            }
        }
        out[cap - 1].h = cnt;
    }
    for (m = 0, q = 0; q < np; q++) { /* compact */
        uint64_t lo = (uint64_t)q * SA__P_PIECEB, hi = lo + SA__P_PIECEB < n ? lo + SA__P_PIECEB : n;
        size_t c = (size_t)rec[q * capf + (hi - lo) / SA__P_MINC + 1].h;
        memmove(rec + m, rec + q * capf, c * sizeof *rec);
        m += c;
    }
    for (tabn = 1024; tabn < 2 * m; tabn *= 2) {}
    if ((m + tabn) * sizeof *rec > scratch_bytes) return -1;
    tab = rec + m; /* open addressing: hash, count */
    memset(tab, 0, tabn * sizeof *tab);
    for (q = 0; q < m; q++) {
        size_t s = (size_t)(rec[q].h >> 17) & (tabn - 1);
        while (tab[s].h && tab[s].h != rec[q].h) s = (s + 1) & (tabn - 1);
        tab[s].h = rec[q].h;
        tab[s].len++;
    }
    for (q = 0; q < m;) { /* runs of repeated chunks */
        uint64_t L = 0, d;
        int chained = 1;
        for (; q < m; q++) {
            size_t s = (size_t)(rec[q].h >> 17) & (tabn - 1);
            while (tab[s].h != rec[q].h) s = (s + 1) & (tabn - 1);
            if (tab[s].len < 2) break;
            L += rec[q].len & ~((uint64_t)1 << 63);
            chained &= tab[s].len <= SA__P_CHAIN_G && !(rec[q].len >> 63);
        }
        for (d = 8; d <= L && (!chained || d <= 2 * SA__P_CHAIN_H); d *= 2) sum += L - d + 1;
        if (L == 0) q++;
    }
    /* low-entropy text (periodic, Fibonacci, one byte repeated) has no content cut points: its
       chunks are all cut by length, at positions that need not line up between copies, so the
       runs above may see no repeat at all (a 200 KB Fibonacci word: R = 0). Such bytes count
       as SA__P_AUTO_LOWENT rounds each (what the longest such inputs measure). */
    for (q = 0; q < m; q++)
        if (rec[q].len >> 63) lenb += rec[q].len & ~((uint64_t)1 << 63);
    *rounds = (double)sum / (double)n;
    if ((double)lenb / (double)n * SA__P_AUTO_LOWENT > *rounds) *rounds = (double)lenb / (double)n * SA__P_AUTO_LOWENT;
    /* round 0's large buckets, from every 64th position */
    if (n > SA__P_BIG) {
        h2 = (uint32_t *)SA_MALLOC(65536 * sizeof *h2);
        if (!h2) return -1;
        memset(h2, 0, 65536 * sizeof *h2);
        for (i = 0; i + 1 < n; i += 64) h2[(unsigned)text[i] << 8 | text[i + 1]]++;
        for (i = 0; i < 65536; i++)
            if ((uint64_t)h2[i] * 64 > SA__P_BIG) big += h2[i];
        SA_FREE(h2);
    }
    *bigfrac = (double)big * 64 / (double)n;
    if (*bigfrac > 1) *bigfrac = 1;
    return 0;
}

/* Parallel SA-IS's predicted time over one-thread SA-IS's with nt threads: its extra passes
   (SA__PI_AUTO_A) times a part that stays sequential (SA__PI_AUTO_SEQ: mostly the reduced
   string's SA-IS) plus the rest split over the threads, with the doubling's overhead per
   thread (f(nt) above, "default dispatch"). */
static double sa__pi_ratio(int nt)
{
    return SA__PI_AUTO_A * (SA__PI_AUTO_SEQ + (1 - SA__PI_AUTO_SEQ) * (1 + 0.06 * (nt - 1)) / nt);
}

/* The choice from the predicted doubling ratio wd (0: none) with nt threads: the doubling when
   it is predicted faster than both others by SA__P_AUTO_TIE, else parallel SA-IS when it is
   predicted faster than one-thread SA-IS by that margin, else SA-IS (near a tie the one that
   needs less memory wins: SA-IS, parallel SA-IS, doubling, in that order). */
static sa_algorithm sa__p_choose(double wd, int nt)
{
    double wp = nt > 1 ? sa__pi_ratio(nt) : 1;
    if (nt > 1 && wd > 0 && wd < SA__P_AUTO_TIE * (wp < 1 ? wp : 1)) return SA_ALGO_PARALLEL;
    return wp < SA__P_AUTO_TIE ? SA_ALGO_PARALLEL_SAIS : SA_ALGO_SAIS;
}

/* The rule (see above): the algorithm the default runs with nt threads. ratio: the predicted
   doubling time over SA-IS's (0 when not predicted). sa: the caller's SA array, as scratch. */
static sa_algorithm sa__p_auto(const uint8_t *text, uint64_t n, void *sa, size_t sa_bytes, int nt,
                               double *ratio, double *rounds)
{
    double R = 0, b = 0, w;
    *ratio = 0;
    *rounds = 0;
    nt = sa__p_threads(nt); /* 1 without OpenMP: every algorithm would run on one thread */
    if (nt <= 1 || n < (uint64_t)SA_AUTO_MIN) return SA_ALGO_SAIS;
    if (sa__p_profile(text, n, sa, sa_bytes, nt, &R, &b)) return SA_ALGO_SAIS;
    w = SA__P_AUTO_C0 + SA__P_AUTO_CB * b + SA__P_AUTO_C1 * R;
    *ratio = w * (1 + 0.06 * (nt - 1)) / nt;
    *rounds = R;
    return sa__p_choose(*ratio, nt);
}

/* ==== END parallel suffix sorting ==== */

/* ---- options (used by the templates' API bodies below) ---------------------------------- */
/* Limits on sa_options.threads: above SA_MAX_THREADS a call returns SA_ERR_ARG; a call
 * on a short input runs at most one thread per SA__GRAIN elements (a thread's fixed cost,
 * its histograms and buffers, would exceed its share of the work). */
#ifndef SA_MAX_THREADS
#define SA_MAX_THREADS 1024
#endif
#ifndef SA__GRAIN
#define SA__GRAIN 16384
#endif

static sa_status sa__check_opt(const sa_options *opt)
{
    if (!opt) return SA_OK;
    if (opt->threads < 0 || opt->threads > SA_MAX_THREADS) return SA_ERR_ARG;
    if ((unsigned)opt->algorithm > (unsigned)SA_ALGO_PARALLEL_SAIS) return SA_ERR_ARG;
    if ((unsigned)opt->lcp > (unsigned)SA_LCP_KASAI) return SA_ERR_ARG;
    return SA_OK;
}

/* Threads for a call on n elements: sa_effective_threads, at most one per SA__GRAIN. */
static int sa__threads_for(const sa_options *opt, int64_t n)
{
    int t = sa_effective_threads(opt);
    int64_t w = n / SA__GRAIN;
    if (w < t) t = w < 1 ? 1 : (int)w;
    return t;
}

/* ---- instantiate the templates (sa.h includes itself; see SA_SELF) ------------------------ */
#define SA__CAT2(a, b) a##b
#define SA__CAT(a, b) SA__CAT2(a, b)
#define SA__TEMPLATE
#define SA__I int32_t
#define SA__W 32
#define SA__C uint8_t
#define SA__CS b
#define SA__BYTE 1
#include SA_SELF
#undef SA__C
#undef SA__CS
#undef SA__BYTE
#define SA__C int32_t
#define SA__CS i
#define SA__BYTE 0
#include SA_SELF
#undef SA__I
#undef SA__W
#undef SA__C
#undef SA__CS
#undef SA__BYTE
#define SA__I int64_t
#define SA__W 64
#define SA__C uint8_t
#define SA__CS b
#define SA__BYTE 1
#include SA_SELF
#undef SA__C
#undef SA__CS
#undef SA__BYTE
#define SA__C int64_t
#define SA__CS i
#define SA__BYTE 0
#include SA_SELF
#undef SA__I
#undef SA__W
#undef SA__C
#undef SA__CS
#undef SA__BYTE
#undef SA__TEMPLATE

/* ---- public functions: plain definitions; the width-generic bodies (sa__api_*32/64) are in
 * the template part at the end of this file ------------------------------------------------- */
SA_DEF int sa_effective_threads(const sa_options *opt)
{
    int t = opt && opt->threads > 0 ? opt->threads : sa__p_threads(0); /* omp_get_max_threads() or 1 */
    return t < 1 ? 1 : t > SA_MAX_THREADS ? SA_MAX_THREADS : t;
}

SA_DEF sa_algorithm sa_effective_algorithm(const sa_options *opt)
{
    sa_algorithm a = opt ? opt->algorithm : SA_ALGO_DEFAULT;
    /* with threads, the default's usual choice; its rule may pick SA-IS or the doubling instead
       (sa_build_ex's info says what ran) */
    if (a == SA_ALGO_DEFAULT) a = sa_effective_threads(opt) > 1 ? SA_ALGO_PARALLEL_SAIS : SA_ALGO_SAIS;
    return a;
}

SA_DEF sa_status sa_build(const uint8_t *text, int32_t *sa, int32_t n, const sa_options *opt)
{
    return sa__api_build32(text, sa, n, opt, NULL);
}

SA_DEF sa_status sa_build_ex(const uint8_t *text, int32_t *sa, int32_t n, const sa_options *opt, sa_build_info *info)
{
    return sa__api_build32(text, sa, n, opt, info);
}

SA_DEF sa_status sa_lcp(const uint8_t *text, const int32_t *sa, int32_t *lcp, int32_t n, const sa_options *opt)
{
    return sa__api_lcp32(text, sa, lcp, n, opt);
}

SA_DEF sa_status sa_lrs(const int32_t *sa, const int32_t *lcp, int32_t n, sa_lrs_result *out, const sa_options *opt)
{
    return sa__api_lrs32(sa, lcp, n, out, opt);
}

SA_DEF sa_status sa_validate(const uint8_t *text, const int32_t *sa, int32_t n)
{
    return sa__api_validate32(text, sa, n);
}

SA_DEF sa_status sa_build64(const uint8_t *text, int64_t *sa, int64_t n, const sa_options *opt)
{
    return sa__api_build64(text, sa, n, opt, NULL);
}

SA_DEF sa_status sa_build64_ex(const uint8_t *text, int64_t *sa, int64_t n, const sa_options *opt, sa_build_info *info)
{
    return sa__api_build64(text, sa, n, opt, info);
}

SA_DEF sa_status sa_lcp64(const uint8_t *text, const int64_t *sa, int64_t *lcp, int64_t n, const sa_options *opt)
{
    return sa__api_lcp64(text, sa, lcp, n, opt);
}

SA_DEF sa_status sa_lrs64(const int64_t *sa, const int64_t *lcp, int64_t n, sa_lrs_result *out, const sa_options *opt)
{
    return sa__api_lrs64(sa, lcp, n, out, opt);
}

SA_DEF sa_status sa_validate64(const uint8_t *text, const int64_t *sa, int64_t n)
{
    return sa__api_validate64(text, sa, n);
}

SA_DEF sa_status sa_build_int(const int32_t *T, int32_t *sa, int32_t n, int32_t k, const sa_options *opt)
{
    return sa__api_build_int32(T, sa, n, k, opt);
}

SA_DEF sa_status sa_build_int64(const int64_t *T, int64_t *sa, int64_t n, int64_t k, const sa_options *opt)
{
    return sa__api_build_int64(T, sa, n, k, opt);
}

SA_DEF sa_options sa_options_default(void)
{
    sa_options o = SA_OPTIONS_INIT;
    return o;
}

SA_DEF const char *sa_status_string(sa_status s)
{
    switch (s) {
    case SA_OK: return "ok";
    case SA_ERR_NULL: return "a required pointer argument is NULL: pass text, sa (and lcp) buffers";
    case SA_ERR_ARG: return "an argument has an invalid value: check the algorithm, LCP method, thread count "
                            "(0 .. SA_MAX_THREADS) or root rank";
    case SA_ERR_SIZE: return "n is negative or too large for this index width: use the 64-bit calls for n >= 2^31";
    case SA_ERR_NOMEM: return "out of memory (SA_MALLOC returned NULL): free memory or use a smaller input";
    case SA_ERR_CUDA: return "a CUDA call failed (sa.h itself never returns this)";
    case SA_ERR_MPI: return "an MPI call failed: check the communicator and the MPI installation";
    case SA_ERR_INTERNAL: return "internal error in sa.h (a bug: please report it with the input)";
    case SA_ERR_RANGE: return "not a suffix array: an entry is outside [0, n)";
    case SA_ERR_DUPLICATE: return "not a suffix array: an entry occurs twice";
    case SA_ERR_ORDER: return "not a suffix array: adjacent suffixes are out of order";
    }
    return "unknown status";
}

SA_DEF const char *sa_algorithm_name(sa_algorithm a)
{
    switch (a) {
    case SA_ALGO_DEFAULT: return "default";
    case SA_ALGO_MM: return "mm";
    case SA_ALGO_SAIS: return "sais";
    case SA_ALGO_PARALLEL: return "parallel";
    case SA_ALGO_PARALLEL_SAIS: return "parallel-sais";
    }
    return "unknown";
}

/* ==== BEGIN BWT, GSA and search ==== */
/* BWT, inverse BWT, generalized SA, pattern search and the reusable context. Everything here
 * uses the core only through its public functions (sa_build, sa_effective_threads) and works on
 * 32-bit indices. Conventions (libsais's, so outputs compare byte for byte): the BWT is that of
 * text + $ with the $ left out; row 0 of the sorted rotations is the $ suffix, row k + 1 the
 * suffix sa[k]; primary = the row of suffix 0; aux[j] = the row of suffix j*r. */
#ifndef SA__UB_TBL /* (the tests shrink it: longer scans past the table's entry) */
#define SA__UB_TBL 65536 /* inverse BWT: entries of the first-byte or first-bigram table */
#endif
struct sa_context {
    int32_t cap;    /* largest n */
    sa_options opt;
    uint8_t *ws;    /* one block: the parts below */
    int32_t *iw;    /* 2 (cap + 1) int32: the SA (BWT, GSA's Phi) or psi and LF (inverse BWT) */
    uint8_t *bw;    /* cap bytes: the BWT of an in-place call */
    uint32_t *cnt;  /* counts and bigram buckets, sa__ub_cnt_words (inverse BWT) */
    uint16_t *tbl;  /* SA__UB_TBL + 1 first bytes or bigrams (inverse BWT) */
};

static sa_status sa__bw_opt(const sa_options *opt)
{
    if (opt && (opt->threads < 0 || opt->threads > SA_MAX_THREADS)) return SA_ERR_ARG;
    return SA_OK;
}

/* Threads for a pass over n elements: at most one per SA__BW_GRAIN (memory-bound passes). */
#ifndef SA__BW_GRAIN
#define SA__BW_GRAIN 65536
#endif
static int sa__bw_threads(const sa_options *opt, int64_t n)
{
    int t = sa_effective_threads(opt);
    int64_t w = n / SA__BW_GRAIN;
    if (w < t) t = w < 1 ? 1 : (int)w;
    return t;
}

static int sa__bw_pow2(int32_t r) { return r >= 2 && (r & (r - 1)) == 0; }

/* Transparent huge pages for the large randomly read workspaces (psi, LF, Phi, the BWT's own
 * SA, the context's block): on Linux, madvise(MADV_HUGEPAGE) over the 2 MiB-aligned interior of
 * the allocation. Where the host's THP mode is "madvise" (the usual default) the first touch then
 * faults 2 MiB pages instead of 4 KiB ones and the random walks miss the TLB far less. Only a
 * hint: memory that is not an anonymous mapping (an SA_MALLOC of your own) makes madvise fail,
 * ignored.
 * <sys/mman.h> declares madvise and MADV_HUGEPAGE only with _DEFAULT_SOURCE or _GNU_SOURCE (one
 * guard for both); a C build with a strict -D_POSIX_C_SOURCE gets the prototype below instead
 * (glibc, musl and bionic export madvise either way; 14 is Linux's ABI value). The caller's
 * feature macros are left alone. Define SA_NO_HUGEPAGE to leave the hint out. */
#if defined(__linux__) && !defined(SA_NO_HUGEPAGE)
#include <sys/mman.h>
#ifdef MADV_HUGEPAGE
#define SA__MADV_HUGEPAGE MADV_HUGEPAGE
#elif !defined(__cplusplus) /* g++/clang++ define _GNU_SOURCE: there MADV_HUGEPAGE is visible */
int madvise(void *addr, size_t len, int advice);
#define SA__MADV_HUGEPAGE 14
#endif
#endif
#define SA__HUGE ((size_t)2 << 20)
static void *sa__bw_alloc(size_t bytes)
{
    void *p = SA_MALLOC(bytes);
#ifdef SA__MADV_HUGEPAGE
    uintptr_t a = ((uintptr_t)p + SA__HUGE - 1) & ~(uintptr_t)(SA__HUGE - 1);
    uintptr_t e = ((uintptr_t)p + bytes) & ~(uintptr_t)(SA__HUGE - 1);
    if (p && e > a) (void)madvise((void *)a, (size_t)(e - a), SA__MADV_HUGEPAGE);
#endif
    return p;
}

/* One parallel pass: bwt from sa (bwt != text), primary into aux[0], samples when r > 0.
 * Row k + 1 (suffix sa[k]) holds text[sa[k] - 1], written at k + 1 before the $ row and at k
 * after it; the loop writes every row at k + 1 and one memmove closes the $ gap. */
static sa_status sa__bwt_pass(const uint8_t *text, const int32_t *sa, uint8_t *bwt, int32_t *aux, int32_t r,
                              int32_t n, int nt)
{
    int32_t pk = -1;   /* SA index of suffix 0 */
    int bad = 0;
    int32_t last = n - 1;
    (void)nt;
    SA__OMP(omp parallel for num_threads(nt) schedule(static) reduction(max : pk) reduction(| : bad))
    for (int32_t k = 0; k < last; k++) {
        int32_t p = sa[k];
        if (p <= 0 || p >= n) {
            if (p == 0) pk = k; else bad = 1;
            bwt[k + 1] = 0;
            continue;
        }
        bwt[k + 1] = text[p - 1];
        if (r > 0 && (p & (r - 1)) == 0) aux[p / r] = k + 1;
    }
    if (bad) return SA_ERR_RANGE;
    int32_t p = sa[last];
    if (p < 0 || p >= n) return SA_ERR_RANGE;
    if (p == 0) pk = last;
    else if (r > 0 && (p & (r - 1)) == 0) aux[p / r] = last + 1;
    if (pk < 0) return SA_ERR_RANGE; /* no suffix 0: not a permutation */
    if (pk < last) {
        memmove(bwt + pk + 1, bwt + pk + 2, (size_t)(last - 1 - pk));
        bwt[last] = text[p - 1];
    }
    bwt[0] = text[n - 1];
    aux[0] = pk + 1;
    return SA_OK;
}

/* BWT with the SA in sa_ws (n int32) and, for bwt == text, n bytes in tmp_ws (NULL: allocate). */
static sa_status sa__bwt_run(const uint8_t *text, const int32_t *sa_in, uint8_t *bwt, int32_t *aux, int32_t r,
                             int32_t n, const sa_options *opt, int32_t *sa_ws, uint8_t *tmp_ws)
{
    sa_status st = sa__bw_opt(opt);
    if (st != SA_OK) return st;
    if (n < 0) return SA_ERR_SIZE;
    if (!aux || (n > 0 && (!text || !bwt))) return SA_ERR_NULL;
    if (r != 0 && !sa__bw_pow2(r)) return SA_ERR_ARG;
    if (n <= 1) {
        if (n == 1) bwt[0] = text[0];
        aux[0] = n;
        return SA_OK;
    }
    int32_t *sa = (int32_t *)sa_in, *own_sa = NULL;
    uint8_t *out = bwt, *own_tmp = NULL;
    if (!sa) {
        /* sa_build writes it at random (the induced sorting's buckets): the huge-page hint */
        sa = sa_ws ? sa_ws : (own_sa = (int32_t *)sa__bw_alloc((size_t)n * sizeof(int32_t)));
        if (!sa) return SA_ERR_NOMEM;
    }
    if (bwt == text) {
        out = tmp_ws ? tmp_ws : (own_tmp = (uint8_t *)SA_MALLOC((size_t)n));
        if (!out) { SA_FREE(own_sa); return SA_ERR_NOMEM; }
    }
    if (!sa_in) st = sa_build(text, sa, n, opt);
    if (st == SA_OK) st = sa__bwt_pass(text, sa, out, aux, r, n, sa__bw_threads(opt, n));
    if (st == SA_OK && out != bwt) memcpy(bwt, out, (size_t)n);
    SA_FREE(own_tmp);
    SA_FREE(own_sa);
    return st;
}

SA_DEF sa_status sa_bwt(const uint8_t *text, uint8_t *bwt, int32_t *primary, int32_t n, const sa_options *opt)
{
    return sa__bwt_run(text, NULL, bwt, primary, 0, n, opt, NULL, NULL);
}

SA_DEF sa_status sa_bwt_aux(const uint8_t *text, uint8_t *bwt, int32_t *aux, int32_t r, int32_t n, const sa_options *opt)
{
    if (r == 0) return SA_ERR_ARG;
    return sa__bwt_run(text, NULL, bwt, aux, r, n, opt, NULL, NULL);
}

SA_DEF sa_status sa_bwt_from_sa(const uint8_t *text, const int32_t *sa, uint8_t *bwt, int32_t *aux, int32_t r,
                               int32_t n, const sa_options *opt)
{
    if (n > 0 && !sa) return SA_ERR_NULL;
    if (n == 0) sa = (const int32_t *)aux; /* any non-NULL pointer: nothing is read */
    return sa__bwt_run(text, sa, bwt, aux, r, n, opt, NULL, NULL);
}

/* Inverse BWT through bigram psi (libsais_unbwt's idea): psi2[row of suffix i] = row of suffix
 * i + 2 (psi, the inverse of LF, applied twice), and each row's first two bytes come from the
 * bigram bucket it lies in, so one dependent random read decodes two bytes. Rows 0..n: row 0 is
 * the $ suffix, row p (the primary index) suffix 0, row S = C[bwt[0]] = LF(0) the suffix n - 1
 * (the one row whose second byte is $, first of its byte's rows), then the bigram buckets (a, b)
 * in order. A row's bigram: a table on its top bits gives the first candidate, then a short scan
 * of the bucket ends. psi2 comes from one pass over the rows i in order (libsais's biPSI): j =
 * LF(i) by counting, a = L(j) (256 sequential read streams), psi2[next row of bucket (a, L(i))] =
 * i and, for the primary index alone, LF2(i) = that row. Only the bigrams the text has take part
 * in the bucket prefix (its loops skip absent bytes).
 * Decoding: with the primary index alone, psi2 forward from suffix 0 and LF2 backward from the
 * $ row on each thread at once, meeting in the middle; with aux samples, the pieces between
 * samples, SA__UB_WAYS interleaved on each thread (their reads overlap in the memory system).
 * With aux samples and more than SA__UB_BI_SIGMA distinct bytes (SA__UB_BI_SIGMA_MT from
 * SA__UB_BI_MT threads on) the pieces walk single-byte psi instead (sa__unbwt_psi1 below): there
 * the bigram fill writes to up to 65536 buckets at once, and on the Xeon hosts it was slower than
 * the single-byte walk it saves (2026-11-27; the headers' 124 distinct bytes: bigram psi faster
 * at one thread, single-byte psi at 8 and 16).
 * psi2 and LF2 are exactly psi o psi and LF o LF for any input (psi being LF^-1 of the counting),
 * so every row read lies in [0, n] and corrupted indices cannot reach outside the arrays; a
 * walk that lands on row 0 or row p where it must not, or ends elsewhere, gives SA_ERR_ARG. That
 * rules out a psi cycle through row 0 shorter than n + 1 although a psi2 walk sees every other
 * row only: psi(0) = p, so such a cycle's length L divides n + 1 (L <= (n + 1) / 2); L odd puts
 * row 0 at the even distance L - 1 < n from p, L even puts row p at the even distance L. */
#define SA__UB_B2 65536 /* bigram buckets */
#ifndef SA__UB_WAYS
#define SA__UB_WAYS 16
#endif
#ifndef SA__UB_BI_SIGMA
#define SA__UB_BI_SIGMA 128
#endif
#ifndef SA__UB_BI_MT
#define SA__UB_BI_MT 8
#endif
#ifndef SA__UB_BI_SIGMA_MT
#define SA__UB_BI_SIGMA_MT 64
#endif
/* 1: with r a multiple of 4096, the single-byte walk's pieces write their bytes through a 64-byte
 * line each on the stack, copied out whole every 64 steps. Pieces 4096 bytes apart put the
 * SA__UB_WAYS output lines written byte by byte into one L1 set (64 sets of 64-byte lines: 48 KiB
 * 12-way on the Xeon hosts), where they evict each other: cachegrind counts one L1 write miss per
 * step without the staging, one per 32 with it (demos/bench README, issue 26). Smaller r spreads
 * the lines over r / 64 sets and does not stage. The bigram walk showed no gain from it. */
#ifndef SA__UB_STAGE
#define SA__UB_STAGE 1
#endif
/* c[x] += how often x occurs in s[0..len): four interleaved counters, so a run of one byte
 * (ACGT, the Fibonacci word) does not wait on one counter's previous increment */
static void sa__ub_hist(const uint8_t *s, uint32_t len, uint32_t *c)
{
    uint32_t i = 0;
    if (len >= 1024) {
        uint32_t h[4][256];
        memset(h, 0, sizeof h);
        for (; i + 4 <= len; i += 4) {
            h[0][s[i]]++;
            h[1][s[i + 1]]++;
            h[2][s[i + 2]]++;
            h[3][s[i + 3]]++;
        }
        for (int b = 0; b < 256; b++) c[b] += h[0][b] + h[1][b] + h[2][b] + h[3][b];
    }
    for (; i < len; i++) c[s[i]]++;
}
/* hb[L(j)]++ for the rows j in [js, je) (L(j) = bwt[j] before row p, bwt[j - 1] after it; row
 * p's L is $, not counted) */
static void sa__ub_hist_rows(const uint8_t *bwt, uint32_t p, uint32_t js, uint32_t je, uint32_t *hb)
{
    if (js >= je) return;
    if (js < p) sa__ub_hist(bwt + js, (je < p ? je : p) - js, hb);
    if (je > p + 1) {
        uint32_t j = js > p + 1 ? js : p + 1;
        sa__ub_hist(bwt + j - 1, je - j, hb);
    }
}
/* After each of the T threads counted the bytes of its slice of bwt into its 256 words of cnt:
 * one thread turns them into each thread's first row per byte (rows in byte order, threads in
 * order; row 0 is $) and the bucket starts C[0..256] (C[256] = n + 1). */
static void sa__ub_starts(uint32_t *cnt, int T, uint32_t *C)
{
    uint32_t sum = 1; /* row 0: $ */
    for (int b = 0; b < 256; b++) {
        C[b] = sum;
        for (int q = 0; q < T; q++) {
            uint32_t x = cnt[(size_t)q * 256 + b];
            cnt[(size_t)q * 256 + b] = sum;
            sum += x;
        }
    }
    C[256] = sum;
}
/* cnt: per thread 256 byte counts and 65536 bigram counts, then the 65536 bucket ends */
static size_t sa__ub_cnt_words(int nt) { return (size_t)nt * (256 + SA__UB_B2) + SA__UB_B2; }
static inline uint32_t sa__ub_w(const uint32_t *E, const uint16_t *tbl, int shift, uint32_t row)
{
    uint32_t w = tbl[row >> shift];
    while (E[w] <= row) w++;
    return w;
}
/* Called by every thread t of the T in the parallel region, each thread's bigram counts in
 * h2[t * SA__UB_B2 + (a << 8 | b)] (a the first byte, b the second): each count becomes that
 * thread's first row of bucket (a, b), the buckets in (a, b, thread) order after row 0 and row
 * S (first of the rows of byte a = lastc), and E[a << 8 | b] the bucket's end. In parallel:
 * thread t sums, then places, the first bytes a in [a0, a1); bytes absent from the text (C)
 * are skipped, their buckets being empty. Barriers before, inside and after. */
static void sa__ub_bi_starts(uint32_t *h2, uint32_t *E, uint32_t *part, int t, int T, unsigned lastc,
                             const uint32_t *C)
{
    uint8_t has[256];
    int nb = 0;
    for (int b = 0; b < 256; b++)
        if (C[b + 1] > C[b]) has[nb++] = (uint8_t)b;
    SA__OMP(omp barrier)
    uint32_t a0 = (uint32_t)(256 * t / T), a1 = (uint32_t)(256 * (t + 1) / T), sum = 0;
    for (uint32_t a = a0; a < a1; a++) {
        sum += a == lastc;
        if (C[a + 1] == C[a]) continue;
        for (int q = 0; q < T; q++) {
            const uint32_t *x = h2 + (size_t)q * SA__UB_B2 + (a << 8);
            for (int i = 0; i < nb; i++) sum += x[has[i]];
        }
    }
    part[t] = sum;
    SA__OMP(omp barrier)
    sum = 1; /* row 0: $ */
    for (int q = 0; q < t; q++) sum += part[q];
    for (uint32_t a = a0; a < a1; a++) {
        sum += a == lastc; /* row S */
        uint32_t *e = E + (a << 8);
        if (C[a + 1] == C[a]) {
            for (int b = 0; b < 256; b++) e[b] = sum;
            continue;
        }
        for (int b = 0, i = 0; b < 256; b++) {
            if (i < nb && has[i] == b) {
                for (int q = 0; q < T; q++) {
                    uint32_t *x = h2 + (size_t)q * SA__UB_B2 + (a << 8 | (uint32_t)b);
                    uint32_t v = *x;
                    *x = sum;
                    sum += v;
                }
                i++;
            }
            e[b] = sum;
        }
    }
    SA__OMP(omp barrier)
}
/* tbl[v] = the bucket of row v << shift (rows 0..n; sa__ub_w scans on from there) */
static void sa__ub_bi_tbl(const uint32_t *E, uint16_t *tbl, uint32_t un, int shift)
{
    uint32_t w = 0;
    for (uint32_t v = 0; v <= (un >> shift); v++) {
        while (E[w] <= (v << shift)) w++;
        tbl[v] = (uint16_t)w;
    }
}

/* Primary index alone: text[0 .. h) forward from row p, text[h .. n) backward from row 0 (text[j]
 * and text[j + 1] from the bigram of the row of suffix j, so bwt is not read: text may be bwt);
 * both must reach the row of suffix h and pass neither row 0 nor row p. n >= 4. */
static int sa__ub_walk_primary(uint8_t *text, uint32_t un, uint32_t p, uint32_t S, unsigned lastc,
                               const uint32_t *psi, const uint32_t *lf, const uint32_t *E, const uint16_t *tbl,
                               int shift)
{
    uint32_t h = 2 * (un / 4), rf = p, rb = 0, jb = un, hits = 0;
    if ((un - h) & 1) { text[--jb] = (uint8_t)lastc; rb = S; hits += S == p; }
    for (uint32_t i = 0; i < h; i += 2) { /* n - h >= h: the backward walk has at least as many steps */
        uint32_t wf = sa__ub_w(E, tbl, shift, rf);
        rb = lf[rb];
        uint32_t wb = sa__ub_w(E, tbl, shift, rb);
        rf = psi[rf];
        text[i] = (uint8_t)(wf >> 8);
        text[i + 1] = (uint8_t)wf;
        text[jb - 2] = (uint8_t)(wb >> 8);
        text[jb - 1] = (uint8_t)wb;
        jb -= 2;
        hits += (rf == 0) + (rf == p) + (rb == 0) + (rb == p);
    }
    while (jb > h) {
        rb = lf[rb];
        uint32_t wb = sa__ub_w(E, tbl, shift, rb);
        text[jb - 2] = (uint8_t)(wb >> 8);
        text[jb - 1] = (uint8_t)wb;
        jb -= 2;
        hits += (rb == 0) + (rb == p);
    }
    return rf != rb || hits;
}

/* One step of an aux piece: the two bytes of *row's bigram to out[0..1], *row = psi2(*row);
 * returns 1 when the new row is row 0 or row p (checked by the caller). */
static inline uint32_t sa__ub_step(const uint32_t *E, const uint16_t *tbl, int shift, const uint32_t *psi2, uint32_t p,
                                   uint32_t *row, uint8_t *out)
{
    uint32_t w = sa__ub_w(E, tbl, shift, *row);
    out[0] = (uint8_t)(w >> 8);
    out[1] = (uint8_t)w;
    *row = psi2[*row];
    return (*row == 0) + (*row == p);
}
/* Aux samples: piece j (text[j r .. (j + 1) r)) from row aux[j], r / 2 steps of psi2, must end at
 * row aux[j + 1]; the text's last piece ends at row 0 (even length) or at row S (odd: its last
 * byte is S's first, lastc). No step may land on row p, none but that last one on row 0. */
static int sa__ub_walk_aux(uint8_t *text, const int32_t *aux, int32_t r, uint32_t un, uint32_t S, unsigned lastc,
                           const uint32_t *psi2, const uint32_t *E, const uint16_t *tbl, int shift, int nt)
{
    const uint32_t p = (uint32_t)aux[0];
    int64_t nseg = (int64_t)(un - 1) / r + 1, ngrp = (nseg + SA__UB_WAYS - 1) / SA__UB_WAYS;
    int bad = 0;
    (void)nt;
    SA__OMP(omp parallel for num_threads(nt) schedule(dynamic, 4) reduction(| : bad))
    for (int64_t g = 0; g < ngrp; g++) {
        int64_t j0 = g * SA__UB_WAYS, k = nseg - j0 < SA__UB_WAYS ? nseg - j0 : SA__UB_WAYS;
        uint32_t row[SA__UB_WAYS], hits = 0;
        uint8_t *o[SA__UB_WAYS];
        for (int64_t q = 0; q < k; q++) {
            row[q] = (uint32_t)aux[j0 + q];
            o[q] = text + (j0 + q) * (int64_t)r;
        }
        int last = j0 + k == nseg; /* the text's last piece, maybe shorter, is this group's last */
        int64_t full = last ? k - 1 : k, steps = r / 2;
        if (full == SA__UB_WAYS) /* the common case, in lockstep with a constant trip count */
            for (int64_t i = 0; i < steps; i++)
                for (int q = 0; q < SA__UB_WAYS; q++) hits += sa__ub_step(E, tbl, shift, psi2, p, &row[q], o[q] + 2 * i);
        else
            for (int64_t i = 0; i < steps; i++)
                for (int64_t q = 0; q < full; q++) hits += sa__ub_step(E, tbl, shift, psi2, p, &row[q], o[q] + 2 * i);
        for (int64_t q = 0; q < full; q++)
            if (row[q] != (uint32_t)aux[j0 + q + 1]) bad = 1;
        if (last) {
            int64_t len = (int64_t)un - (nseg - 1) * (int64_t)r;
            uint32_t x = row[full];
            uint8_t *out = o[full];
            for (int64_t i = 0; i + 1 < len; i += 2) hits += sa__ub_step(E, tbl, shift, psi2, p, &x, out + i);
            if (len & 1) {
                out[len - 1] = (uint8_t)lastc;
                if (x != S) bad = 1;
            } else if (x == 0) hits--; /* the one allowed landing on row 0 */
            else bad = 1;
        }
        if (hits) bad = 1;
    }
    return bad;
}

/* The inverse through bigram psi, n >= 2, every index in [1, n] (checked by the caller); r = 0:
 * aux[0] alone (n >= 4). ws: (n + 1) words, 2 (n + 1) for r = 0 (psi2, then LF2); cnt_ws:
 * sa__ub_cnt_words(nt); tbl_ws: SA__UB_TBL + 1. */
static sa_status sa__unbwt_bi(const uint8_t *bwt, uint8_t *text, const int32_t *aux, int32_t r, int32_t n, int nt,
                              uint32_t *ws, uint32_t *cnt_ws, uint16_t *tbl_ws)
{
    size_t words = ((size_t)n + 1) * (r == 0 ? 2 : 1);
    uint32_t *psi2 = ws ? ws : (uint32_t *)sa__bw_alloc(words * sizeof(uint32_t));
    uint32_t *cnt = cnt_ws ? cnt_ws : (uint32_t *)SA_MALLOC(sa__ub_cnt_words(nt) * sizeof(uint32_t));
    uint16_t *tbl = tbl_ws ? tbl_ws : (uint16_t *)SA_MALLOC((SA__UB_TBL + 1) * sizeof(uint16_t));
    if (!psi2 || !cnt || !tbl) {
        if (!ws) SA_FREE(psi2);
        if (!cnt_ws) SA_FREE(cnt);
        if (!tbl_ws) SA_FREE(tbl);
        return SA_ERR_NOMEM;
    }
    uint32_t *lf = r == 0 ? psi2 + (size_t)n + 1 : NULL; /* LF2 (primary index alone) */
    uint32_t *h2 = cnt + (size_t)nt * 256;               /* per thread: bigram (a << 8 | b) starts */
    uint32_t *E = h2 + (size_t)nt * SA__UB_B2;           /* bigram (a << 8 | b) ends */
    uint32_t C[257], part[SA_MAX_THREADS];
    const uint32_t un = (uint32_t)n, p = (uint32_t)aux[0];
    const unsigned lastc = bwt[0];
    int shift = 0;
    while (((uint64_t)un >> shift) >= SA__UB_TBL) shift++;
    SA__OMP(omp parallel num_threads(nt))
    {
        const int t = sa__p_tid(), T = sa__p_nth();
        /* this thread's slice bwt[lo..hi): rows u < p ? u : u + 1 */
        uint32_t lo = (uint32_t)((uint64_t)un * (uint64_t)t / (uint64_t)T);
        uint32_t hi = (uint32_t)((uint64_t)un * (uint64_t)(t + 1) / (uint64_t)T);
        uint32_t *c = cnt + (size_t)t * 256, *h = h2 + (size_t)t * SA__UB_B2;
        memset(c, 0, 256 * sizeof *c);
        sa__ub_hist(bwt + lo, hi - lo, c);
        SA__OMP(omp barrier)
        SA__OMP(omp single)
        {
            sa__ub_starts(cnt, T, C);
        }
        /* this thread's rows i take LF(i) from [c[b], the next thread's c[b]): their bigrams
         * (L(LF(i)), b) */
        memset(h, 0, SA__UB_B2 * sizeof *h);
        for (uint32_t b = 0; b < 256; b++) {
            uint32_t la[256];
            uint32_t js = c[b], je = t + 1 < T ? cnt[(size_t)(t + 1) * 256 + b] : C[b + 1];
            if (js >= je) continue;
            memset(la, 0, sizeof la);
            sa__ub_hist_rows(bwt, p, js, je, la);
            for (uint32_t a = 0; a < 256; a++) h[a << 8 | b] += la[a];
        }
        sa__ub_bi_starts(h2, E, part, t, T, lastc, C);
        SA__OMP(omp single nowait)
        {
            sa__ub_bi_tbl(E, tbl, un, shift);
        }
        for (uint32_t u = lo; u < hi; u++) {
            uint32_t i = u < p ? u : u + 1, b = bwt[u], j1 = c[b]++;
            if (j1 == p) { /* i is the row of suffix 1: psi2(0) = i, LF2(i) = LF(p) = 0 */
                psi2[0] = i;
                if (lf) lf[i] = 0;
                continue;
            }
            uint32_t a = bwt[j1 - (j1 > p)], k = h[a << 8 | b]++;
            psi2[k] = i;
            if (lf) lf[i] = k;
        }
    }
    const uint32_t S = C[lastc];
    psi2[S] = p;       /* psi(S) = 0, psi(0) = p */
    if (lf) lf[p] = S; /* LF(p) = 0, LF(0) = S */
    int bad = r == 0 ? sa__ub_walk_primary(text, un, p, S, lastc, psi2, lf, E, tbl, shift)
                     : sa__ub_walk_aux(text, aux, r, un, S, lastc, psi2, E, tbl, shift, nt);
    if (!ws) SA_FREE(psi2);
    if (!cnt_ws) SA_FREE(cnt);
    if (!tbl_ws) SA_FREE(tbl);
    return bad ? SA_ERR_ARG : SA_OK;
}

/* Aux samples over a large alphabet: the pieces walk single-byte psi (psi[row of suffix i] = row
 * of suffix i + 1), one dependent read per byte; F(row), a row's first byte, from the bucket
 * starts C[] through a 65536-entry table on the row's top bits, then a short scan. psi's 256
 * write streams keep its construction cheap. Every value read from psi lies in [0, n]; a walk
 * that enters row 0 before the text's end, or a piece that does not end at the next sample's
 * row, gives SA_ERR_ARG (the samples then chain into a cycle shorter than n + 1). ws: n + 1
 * words, cnt_ws: 256 per thread, tbl16_ws: SA__UB_TBL + 1 bytes used. */
static inline unsigned sa__ub_f(const uint32_t *C, const uint8_t *tbl, int shift, uint32_t row)
{
    unsigned b = tbl[row >> shift];
    while (C[b + 1] <= row) b++;
    return b;
}
/* The single-byte walk: piece j (text[j r .. (j + 1) r), the last one shorter) from row aux[j]
 * through psi, SA__UB_WAYS pieces interleaved on each thread; returns 1 when a piece does not end
 * at the next sample's row or row 0 is entered anywhere but at the text's end. (Its own function
 * so that demos/bench/bwt_unbwt_walk_diag.c times this walk, not a copy.) */
static int sa__ub_walk_psi1(uint8_t *text, const int32_t *aux, int32_t r, int32_t n, const uint32_t *psi,
                            const uint32_t *C, const uint8_t *tbl, int shift, int nt)
{
    int64_t nseg = (int64_t)(n - 1) / r + 1, ngrp = (nseg + SA__UB_WAYS - 1) / SA__UB_WAYS;
    int bad = 0;
    (void)nt;
    SA__OMP(omp parallel for num_threads(nt) schedule(dynamic, 4) reduction(| : bad))
    for (int64_t g = 0; g < ngrp; g++) {
        int64_t j0 = g * SA__UB_WAYS, k = nseg - j0 < SA__UB_WAYS ? nseg - j0 : SA__UB_WAYS;
        uint32_t row[SA__UB_WAYS];
        uint8_t *o[SA__UB_WAYS];
        int64_t full = k; /* pieces of length r come first; only the text's last may be shorter */
        for (int64_t q = 0; q < k; q++) {
            row[q] = (uint32_t)aux[j0 + q];
            o[q] = text + (j0 + q) * (int64_t)r;
            if ((int64_t)n - (j0 + q) * (int64_t)r < r) full = q;
        }
        /* zeros: how often row 0 was entered; only the text's last piece may, at its end
         * (else the samples chain into a cycle shorter than n + 1: not this BWT's text) */
        uint32_t zeros = 0;
        if (full == SA__UB_WAYS && SA__UB_STAGE && r % 4096 == 0) { /* the common case, staged */
            uint8_t st[SA__UB_WAYS][64];
            for (int32_t i0 = 0; i0 < r; i0 += 64) {
                for (int i = 0; i < 64; i++)
                    for (int q = 0; q < SA__UB_WAYS; q++) {
                        st[q][i] = (uint8_t)sa__ub_f(C, tbl, shift, row[q]);
                        row[q] = psi[row[q]];
                        zeros += row[q] == 0;
                    }
                for (int q = 0; q < SA__UB_WAYS; q++) memcpy(o[q] + i0, st[q], 64);
            }
        } else if (full == SA__UB_WAYS) /* the common case, in lockstep with a constant trip count */
            for (int32_t i = 0; i < r; i++)
                for (int q = 0; q < SA__UB_WAYS; q++) {
                    o[q][i] = (uint8_t)sa__ub_f(C, tbl, shift, row[q]);
                    row[q] = psi[row[q]];
                    zeros += row[q] == 0;
                }
        else {
            for (int32_t i = 0; i < r; i++)
                for (int64_t q = 0; q < full; q++) {
                    o[q][i] = (uint8_t)sa__ub_f(C, tbl, shift, row[q]);
                    row[q] = psi[row[q]];
                    zeros += row[q] == 0;
                }
            for (int64_t q = full; q < k; q++) {
                int64_t len = (int64_t)n - (j0 + q) * (int64_t)r;
                for (int64_t i = 0; i < len; i++) {
                    o[q][i] = (uint8_t)sa__ub_f(C, tbl, shift, row[q]);
                    row[q] = psi[row[q]];
                    zeros += row[q] == 0;
                }
            }
        }
        if (zeros != (uint32_t)(j0 + k == nseg)) bad = 1;
        for (int64_t q = 0; q < k; q++) {
            uint32_t want = j0 + q + 1 < nseg ? (uint32_t)aux[j0 + q + 1] : 0;
            if (row[q] != want) bad = 1;
        }
    }
    return bad;
}
static sa_status sa__unbwt_psi1(const uint8_t *bwt, uint8_t *text, const int32_t *aux, int32_t r, int32_t n, int nt,
                                uint32_t *ws, uint32_t *cnt_ws, uint16_t *tbl16_ws)
{
    uint8_t *tbl_ws = (uint8_t *)tbl16_ws;
    size_t words = (size_t)n + 1;
    uint32_t *psi = ws ? ws : (uint32_t *)sa__bw_alloc(words * sizeof(uint32_t));
    uint32_t *cnt = cnt_ws ? cnt_ws : (uint32_t *)SA_MALLOC((size_t)nt * 256 * sizeof(uint32_t));
    uint8_t *tbl = tbl_ws ? tbl_ws : (uint8_t *)SA_MALLOC(SA__UB_TBL + 1);
    if (!psi || !cnt || !tbl) {
        if (!ws) SA_FREE(psi);
        if (!cnt_ws) SA_FREE(cnt);
        if (!tbl_ws) SA_FREE(tbl);
        return SA_ERR_NOMEM;
    }
    uint32_t C[257];
    const uint32_t p = (uint32_t)aux[0];
    const uint32_t un = (uint32_t)n;
    SA__OMP(omp parallel num_threads(nt))
    {
        const int t = sa__p_tid(), T = sa__p_nth();
        uint32_t lo = (uint32_t)((uint64_t)un * (uint64_t)t / (uint64_t)T);
        uint32_t hi = (uint32_t)((uint64_t)un * (uint64_t)(t + 1) / (uint64_t)T);
        uint32_t *c = cnt + (size_t)t * 256;
        memset(c, 0, 256 * sizeof *c);
        sa__ub_hist(bwt + lo, hi - lo, c);
        SA__OMP(omp barrier)
        SA__OMP(omp single)
        {
            sa__ub_starts(cnt, T, C);
            psi[0] = p;
        }
        /* bwt[u] sits in row u (u < p) or u + 1 (u >= p) */
        for (uint32_t u = lo; u < hi; u++) psi[c[bwt[u]]++] = u < p ? u : u + 1;
    }
    int shift = 0;
    while (((uint64_t)un >> shift) >= SA__UB_TBL) shift++;
    {
        int b = 0;
        for (uint32_t i = 0; i <= (un >> shift); i++) {
            uint32_t row = i << shift;
            while (b < 255 && C[b + 1] <= row) b++;
            tbl[i] = (uint8_t)b;
        }
    }
    int bad = sa__ub_walk_psi1(text, aux, r, n, psi, C, tbl, shift, nt);
    if (!ws) SA_FREE(psi);
    if (!cnt_ws) SA_FREE(cnt);
    if (!tbl_ws) SA_FREE(tbl);
    return bad ? SA_ERR_ARG : SA_OK;
}

/* Distinct bytes in at most 16384 samples of bwt (the choice between the walks; a byte the
 * samples miss only changes which correct walk runs) */
static int sa__ub_sigma(const uint8_t *bwt, uint32_t n)
{
    uint8_t seen[256];
    uint32_t step = (n >> 14) | 1;
    int sigma = 0;
    memset(seen, 0, sizeof seen);
    for (uint32_t i = 0; i < n; i += step)
        if (!seen[bwt[i]]) seen[bwt[i]] = 1, sigma++;
    return sigma;
}

static sa_status sa__unbwt_run(const uint8_t *bwt, uint8_t *text, const int32_t *aux, int32_t r, int32_t n,
                               const sa_options *opt, uint32_t *ws, uint32_t *cnt_ws, uint16_t *tbl16_ws)
{
    sa_status st = sa__bw_opt(opt);
    if (st != SA_OK) return st;
    if (n < 0) return SA_ERR_SIZE;
    if (!aux || (n > 0 && (!bwt || !text))) return SA_ERR_NULL;
    if (r != 0 && !sa__bw_pow2(r)) return SA_ERR_ARG;
    int64_t nseg = r == 0 || n == 0 ? 1 : (int64_t)(n - 1) / r + 1;
    if (n == 0) return aux[0] == 0 ? SA_OK : SA_ERR_ARG;
    for (int64_t j = 0; j < nseg; j++)
        if (aux[j] < 1 || aux[j] > n) return SA_ERR_ARG;
    if (n == 1) { text[0] = bwt[0]; return SA_OK; }
    int nt = sa__bw_threads(opt, n);
    if (r == 0 && n < 4) r = 4; /* one piece */
    if (r > 0 && sa__ub_sigma(bwt, (uint32_t)n) > (nt >= SA__UB_BI_MT ? SA__UB_BI_SIGMA_MT : SA__UB_BI_SIGMA))
        return sa__unbwt_psi1(bwt, text, aux, r, n, nt, ws, cnt_ws, tbl16_ws);
    return sa__unbwt_bi(bwt, text, aux, r, n, nt, ws, cnt_ws, tbl16_ws);
}

SA_DEF sa_status sa_unbwt(const uint8_t *bwt, uint8_t *text, int32_t primary, int32_t n, const sa_options *opt)
{
    return sa__unbwt_run(bwt, text, &primary, 0, n, opt, NULL, NULL, NULL);
}

SA_DEF sa_status sa_unbwt_aux(const uint8_t *bwt, uint8_t *text, const int32_t *aux, int32_t r, int32_t n,
                             const sa_options *opt)
{
    if (r == 0) return SA_ERR_ARG;
    return sa__unbwt_run(bwt, text, aux, r, n, opt, NULL, NULL, NULL);
}

/* In-place sort of distinct int32 (a GSA group's positions): quicksort, insertion sort below 16,
 * heapsort past 2 log2 n levels (no quadratic case). */
static void sa__gsa_sift(int32_t *a, int64_t i, int64_t n)
{
    for (;;) {
        int64_t c = 2 * i + 1;
        if (c >= n) return;
        if (c + 1 < n && a[c + 1] > a[c]) c++;
        if (a[i] >= a[c]) return;
        int32_t x = a[i]; a[i] = a[c]; a[c] = x;
        i = c;
    }
}
static void sa__gsa_sort(int32_t *a, int64_t n, int depth)
{
    while (n > 16) {
        if (depth-- <= 0) {
            for (int64_t i = n / 2 - 1; i >= 0; i--) sa__gsa_sift(a, i, n);
            for (int64_t e = n - 1; e > 0; e--) {
                int32_t x = a[0]; a[0] = a[e]; a[e] = x;
                sa__gsa_sift(a, 0, e);
            }
            return;
        }
        int32_t x = a[0], y = a[n / 2], z = a[n - 1];
        int32_t piv = x < y ? (y < z ? y : x < z ? z : x) : (x < z ? x : y < z ? z : y);
        int64_t i = 0, j = n - 1;
        for (;;) {
            while (a[i] < piv) i++;
            while (a[j] > piv) j--;
            if (i >= j) break;
            int32_t s = a[i]; a[i] = a[j]; a[j] = s;
            i++; j--;
        }
        /* [0, j] <= piv <= [j + 1, n) */
        if (j + 1 < n - j - 1) { sa__gsa_sort(a, j + 1, depth); a += j + 1; n -= j + 1; }
        else { sa__gsa_sort(a + j + 1, n - j - 1, depth); n = j + 1; }
    }
    for (int64_t i = 1; i < n; i++) {
        int32_t x = a[i];
        int64_t j = i;
        while (j > 0 && a[j - 1] > x) { a[j] = a[j - 1]; j--; }
        a[j] = x;
    }
}

/* Sorts a[0..g) (distinct non-negative int32) through tmp[0..g): LSD radix sort on the bytes of
 * a[i] - min, a pass skipped where every entry has the same byte. A large group of equal strings
 * (the Fibonacci word or random bytes cut every 64 bytes: groups of thousands) costs a few
 * sequential passes here, where quicksort's comparisons mispredict at every level. */
#ifndef SA__GSA_RADIX_MIN
#define SA__GSA_RADIX_MIN 256 /* smaller groups: sa__gsa_sort */
#endif
static void sa__gsa_radix(int32_t *a, int64_t g, int32_t *tmp)
{
    int32_t mn = a[0], mx = a[0];
    for (int64_t i = 1; i < g; i++) {
        mn = a[i] < mn ? a[i] : mn;
        mx = a[i] > mx ? a[i] : mx;
    }
    uint32_t range = (uint32_t)(mx - mn), cnt[4][256];
    int passes = 0;
    while (passes < 4 && (uint64_t)range >> (8 * passes)) passes++;
    memset(cnt, 0, sizeof cnt);
    for (int64_t i = 0; i < g; i++) {
        uint32_t v = (uint32_t)(a[i] - mn);
        for (int d = 0; d < passes; d++) cnt[d][(v >> (8 * d)) & 255]++;
    }
    int32_t *src = a, *dst = tmp;
    for (int d = 0; d < passes; d++) {
        uint32_t *c = cnt[d], sum = 0;
        if (c[((uint32_t)(a[0] - mn) >> (8 * d)) & 255] == (uint32_t)g) continue; /* one byte value */
        for (int b = 0; b < 256; b++) {
            uint32_t x = c[b];
            c[b] = sum;
            sum += x;
        }
        for (int64_t i = 0; i < g; i++) {
            int32_t v = src[i];
            dst[c[((uint32_t)(v - mn) >> (8 * d)) & 255]++] = v;
        }
        int32_t *x = src;
        src = dst;
        dst = x;
    }
    if (src != a) memcpy(a, src, (size_t)g * sizeof *a);
}

/* GSA from the plain SA: the plain order differs from the GSA order only inside groups of
 * suffixes that are equal up to and including their terminator (they follow each other in the
 * plain SA, ordered by what comes after the terminator). For each SA index k the common prefix
 * of sa[k - 1] and sa[k], stopped at terminators, says whether both reached a terminator (same
 * group); it is also the GSA's LCP at k: inside a group every member shares the whole string
 * tail, and at a group's first index the value to the previous group is the same for every
 * member. Then each group is sorted by position (radix sort for large groups, phi the buffer).
 * The common prefixes come from direct comparisons in SA order, one random text read per index,
 * up to SA__GSA_CAP bytes. A pair that is still equal there (long repeated lines, runs of one
 * byte: direct comparisons would cost up to the square of a run's length) is deferred: its
 * later suffix j gets Phi, phi[j] = the earlier one, and a bit in a bitmap over text positions.
 * A pass over the set bits in text order then finishes those pairs as PLCP does (a position's
 * value is at least the previous position's minus one, and at least SA__GSA_CAP), never
 * comparing more than 2n bytes in all, and a pass in SA order reads the deferred results back.
 * Only the deferred pairs pay the random accesses of Phi. */
#ifndef SA__GSA_CAP
#define SA__GSA_CAP 64
#endif
#define SA__GSA_PF 16 /* direct comparisons: prefetch the text at sa[k + 16] and 64 bytes on */
/* The line 64 bytes on: 0 never, 1 always, 2 where the running mean of the comparisons' lengths
 * says a comparison starting at that byte of its line would reach it (2026-11-27, H200 host, one
 * thread, the five 16 MiB inputs: 2 beat 1 on all five, 0 on four of them) */
#ifndef SA__GSA_PF2
#define SA__GSA_PF2 2
#endif
/* Common prefix of the suffixes at i and j stopped at the first 0 (both end with one: text[n-1]
 * is 0), counted on from l (their first l bytes are known equal and not 0) up to cap: cap when
 * their first cap bytes are equal and not 0. Eight bytes at a time on little-endian machines. */
static inline int32_t sa__gsa_lcp(const uint8_t *text, int32_t n, int32_t i, int32_t j, int32_t l, int32_t cap)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t lo7 = 0x7f7f7f7f7f7f7f7fULL, ones = 0x0101010101010101ULL, hi = 0x8080808080808080ULL;
    int32_t far = i > j ? i : j;
    while (l < cap && far + l <= n - 8) {
        uint64_t a, b;
        memcpy(&a, text + i + l, 8);
        memcpy(&b, text + j + l, 8);
        uint64_t x = a ^ b;
        /* high bit of each byte that differs, or (lowest one exact) that is 0 in a */
        uint64_t m = ((((x & lo7) + lo7) | x) & hi) | ((a - ones) & ~a & hi);
        if (m) {
            l += sa__ctz64(m) / 8;
            return l < cap ? l : cap;
        }
        l += 8;
    }
#else
    (void)n;
#endif
    while (l < cap && text[i + l] == text[j + l] && text[i + l] != 0) l++;
    return l < cap ? l : cap;
}
/* ws: n int32 (Phi, or the radix sort's buffer) and after them two bitmaps of ceil(n / 32) words
 * (the deferred pairs by text position and by SA index), later the group sort's chunk bounds
 * (nc + 1 where nc = 64 T < n chunks, T <= nt threads): at most 2 n + 2 in all (the context's) */
static size_t sa__gsa_ws_words(int32_t n, int nt)
{
    size_t bits = 2 * (((size_t)n + 31) / 32), chunks = (64 * (size_t)nt < (size_t)n ? 64 * (size_t)nt : (size_t)n) + 1;
    return (size_t)n + (bits > chunks ? bits : chunks);
}
/* 1 when text[0..n) (n >= 2, text[n - 1] == 0) holds no empty string: text[0] != 0 and no two
 * adjacent zeros (sa__sais_gsa's input). Eight bytes at a time on little-endian machines. */
static int sa__gsa_no_empty(const uint8_t *text, int32_t n)
{
    int32_t i = 0;
    if (text[0] == 0) return 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t lo7 = 0x7f7f7f7f7f7f7f7fULL;
    uint64_t carry = 0; /* 1 when the byte before this word is 0 */
    for (; i <= n - 8; i += 8) { /* not i + 8 <= n: it overflows for n within 7 of 2^31 */
        uint64_t w;
        memcpy(&w, text + i, 8);
        uint64_t z = ~((((w & lo7) + lo7) | w) | lo7); /* high bit of each zero byte, exact */
        if ((z & ((z << 8) | carry)) != 0) return 0;
        carry = z >> 56;
    }
    if (carry && i < n && text[i] == 0) return 0;
#endif
    for (i = i > 0 ? i : 1; i < n; i++)
        if (text[i] == 0 && text[i - 1] == 0) return 0;
    return 1;
}

/* Thread t's part of [0, n) for the deferred pairs: whole 32-entry words of the bitmaps */
static int32_t sa__gsa_cut(int32_t n, int t, int T) { return t >= T ? n : (int32_t)((int64_t)n * t / T) & ~31; }
#ifndef SA__GSA_SAIS
#define SA__GSA_SAIS 1
#endif
/* threads > 1 and no empty string: 1, parallel SA-IS in the GSA's order (sa__psais_gsa) where
 * sa_build's rule (sa__p_auto) picks parallel SA-IS for the text, or SA_ALGO_PARALLEL_SAIS is
 * asked for (the rule's SA-IS pick: one-thread SA-IS in that order); 0, always the parallel plain
 * SA and the group pass (the A/B's old path) */
#ifndef SA__GSA_PSAIS
#define SA__GSA_PSAIS 1
#endif
/* sa_gsa's SA in the GSA's order: parallel SA-IS on nt threads (par), else SA-IS */
static sa_status sa__gsa_sorted(const uint8_t *text, int32_t *sa, int32_t n, int par, int nt)
{
    return par ? sa__psais_gsa32(text, sa, n, nt) : sa__sais_gsa32(text, sa, n);
}
static sa_status sa__gsa_run(const uint8_t *text, int32_t *sa, int32_t *lcp, int32_t n, const sa_options *opt,
                             int32_t *ws)
{
    sa_status st = sa__bw_opt(opt);
    if (st != SA_OK) return st;
    if (n < 0) return SA_ERR_SIZE;
    if (n == 0) return SA_OK;
    if (!text || !sa) return SA_ERR_NULL;
    if (text[n - 1] != 0) return SA_ERR_ARG;
    int nt = sa__bw_threads(opt, n);
    sa_algorithm algo = opt ? opt->algorithm : SA_ALGO_DEFAULT;
    /* one thread and no empty string: SA-IS in the GSA's order at once; the LCP (if wanted) by
     * the neighbour comparisons below, without the group marks and sort (sorted = 1). Their
     * deferred pairs' carry holds in that order too: it is the lexicographic order of the text
     * whose zeros are unique symbols ordered by position, and the GSA's LCP is that text's LCP
     * (two suffixes never meet the same zero at the same offset). (SA__GSA_SAIS 0: always the
     * plain SA and the group pass.) 2026-11-27 23:00 UTC, H200 host, one thread, 16 MiB: Phi in
     * text order (3 random passes) instead of the comparisons was slower on 4 of 5 inputs. */
    int sorted = SA__GSA_SAIS && n >= 2 && (algo == SA_ALGO_SAIS || (algo == SA_ALGO_DEFAULT && nt == 1)) &&
                 sa__gsa_no_empty(text, n);
    /* more threads (snt: sa_build's count for the SA, not nt, the passes' below): parallel SA-IS
     * in the GSA's order (par) unless the rule picks the doubling (then sa_build below runs it
     * without a second profile); the rule's SA-IS pick: SA-IS in that order, one thread */
    int par = 0, snt = sa__threads_for(opt, n);
    sa_options po = SA_OPTIONS_INIT;
    if (opt) po = *opt;
    if (SA__GSA_SAIS && SA__GSA_PSAIS && !sorted && snt > 1 && n >= 2 &&
        (algo == SA_ALGO_PARALLEL_SAIS || algo == SA_ALGO_DEFAULT) && sa__gsa_no_empty(text, n)) {
        double ratio, rounds;
        po.algorithm = algo == SA_ALGO_DEFAULT ? sa__p_auto(text, (uint64_t)n, sa, (size_t)n * sizeof *sa, snt, &ratio, &rounds)
                                               : SA_ALGO_PARALLEL_SAIS;
        sorted = po.algorithm != SA_ALGO_PARALLEL;
        par = po.algorithm == SA_ALGO_PARALLEL_SAIS;
    }
    if (sorted && !lcp) return sa__gsa_sorted(text, sa, n, par, snt);
    int32_t *phi = ws ? ws : (int32_t *)sa__bw_alloc(sa__gsa_ws_words(n, nt) * sizeof(int32_t));
    if (!phi) return SA_ERR_NOMEM;
    const int32_t nwords = (int32_t)(((int64_t)n + 31) / 32);
    uint32_t *by_pos = (uint32_t *)(phi + n); /* bit j: suffix j's pair (with phi[j]) is deferred */
    uint32_t *by_k = by_pos + nwords;         /* bit k: the pair ending at SA index k is deferred */
    int32_t *bound = phi + n;                 /* the group sort's chunk starts (after the bitmaps' use) */
    st = sorted ? sa__gsa_sorted(text, sa, n, par, snt) : sa_build(text, sa, n, &po);
    if (st != SA_OK) { if (!ws) SA_FREE(phi); return st; }
    int64_t ndef = 0; /* deferred pairs */
    (void)nt;
    SA__OMP(omp parallel num_threads(nt) reduction(+ : ndef))
    {
        const int t = sa__p_tid(), T = sa__p_nth();
        int32_t lo = sa__gsa_cut(n, t, T), hi = sa__gsa_cut(n, t + 1, T);
        int32_t prev = lo > 0 ? sa[lo - 1] : -1; /* read before any thread marks it */
        memset(by_pos + lo / 32, 0, (size_t)((hi + 31) / 32 - lo / 32) * sizeof *by_pos);
        memset(by_k + lo / 32, 0, (size_t)((hi + 31) / 32 - lo / 32) * sizeof *by_k);
        SA__OMP(omp barrier)
        if (lo == 0 && hi > 0) {
            if (lcp) lcp[0] = 0;
            prev = sa[0];
            lo = 1;
        }
        int32_t avg = 16 * 16; /* SA__GSA_PF2 2: the running mean, in 1/16 bytes */
        (void)avg;
        for (int32_t k = lo; k < hi; k++) {
            if (k < hi - SA__GSA_PF) {
                int32_t q = sa[k + SA__GSA_PF];
                SA__PF(text + q);
#if SA__GSA_PF2 == 1 /* a comparison often reads into the next cache line */
                if (q < n - 64) SA__PF(text + q + 64);
#elif SA__GSA_PF2 == 2 /* branch-free: the next line, or this one again */
                int32_t far = (int32_t)((uintptr_t)(text + q) & 63) + (avg >> 4) + 8 > 64;
                SA__PF(text + q + (far & (q < n - 64)) * 64);
#endif
            }
            int32_t i = prev, j = sa[k], l = sa__gsa_lcp(text, n, i, j, 0, SA__GSA_CAP);
#if SA__GSA_PF2 == 2
            avg += l - (avg >> 4);
#endif
            prev = j;
            if (l == SA__GSA_CAP) {
                phi[j] = i;
                by_k[k >> 5] |= (uint32_t)1 << (k & 31); /* this thread's words */
                if (T == 1) by_pos[j >> 5] |= (uint32_t)1 << (j & 31);
                else {
                    SA__OMP(omp atomic)
                    by_pos[j >> 5] |= (uint32_t)1 << (j & 31);
                }
                ndef++;
                continue;
            }
            if (lcp) lcp[k] = l;
            if (text[i + l] == 0 && text[j + l] == 0 && !sorted) sa[k] = j | INT32_MIN;
        }
    }
    SA__OMP(omp parallel num_threads(nt))
    {
        if (ndef > 0) {
            const int t = sa__p_tid(), T = sa__p_nth();
            int32_t wlo = sa__gsa_cut(n, t, T) / 32, whi = (sa__gsa_cut(n, t + 1, T) + 31) / 32;
            /* the deferred pairs in text order: phi[j] = their common prefix | same group << 31 */
            int32_t last = -2, l = 0;
            for (int32_t w = wlo; w < whi; w++)
                for (uint32_t bits = by_pos[w]; bits; bits &= bits - 1) {
                    int32_t j = w * 32 + sa__ctz64(bits), i = phi[j];
                    l = j == last + 1 && l - 1 > SA__GSA_CAP ? l - 1 : SA__GSA_CAP;
                    l = sa__gsa_lcp(text, n, i, j, l, INT32_MAX);
                    phi[j] = l | (int32_t)((uint32_t)(text[i + l] == 0 && text[j + l] == 0) << 31);
                    last = j;
                }
            SA__OMP(omp barrier)
            /* in SA order: their LCP, and the group mark in sa's sign bit (sa[k] is unmarked there) */
            for (int32_t w = wlo; w < whi; w++)
                for (uint32_t bits = by_k[w]; bits; bits &= bits - 1) {
                    int32_t k = w * 32 + sa__ctz64(bits), j = sa[k], v = phi[j];
                    if (lcp) lcp[k] = v & INT32_MAX;
                    if (v < 0 && !sorted) sa[k] = j | INT32_MIN;
                }
            SA__OMP(omp barrier)
        }
        int T = 1;
#ifdef _OPENMP
        T = omp_get_num_threads();
#endif
        /* sort each group (a run of marked entries and the unmarked one before it). Chunk c
         * owns the runs that start in [a_c, a_c+1) where a_c is the first run start at or after
         * its nominal beginning: found first (read only), then sorted (phi is free now: a
         * group [s, k) sorts through phi[s, k)) */
        int nc = T == 1 || 64 * T >= n ? 1 : 64 * T;
        if (!sorted) { /* (the same branch in every thread) */
        SA__OMP(omp for schedule(static))
        for (int c = 0; c <= nc; c++) {
            int64_t k = (int64_t)n * c / nc;
            while (k < n && k > 0 && sa[k] < 0) k++;
            if (nc > 1) bound[c] = (int32_t)k;
        }
        SA__OMP(omp for schedule(dynamic, 1))
        for (int c = 0; c < nc; c++) {
            int64_t k = nc > 1 ? bound[c] : 0, b = nc > 1 ? bound[c + 1] : n;
            while (k < b) {
                int64_t s = k++;
                while (k < b && sa[k] < 0) { sa[k] &= INT32_MAX; k++; }
                if (k - s >= SA__GSA_RADIX_MIN) sa__gsa_radix(sa + s, k - s, phi + s);
                else if (k - s > 1) {
                    int depth = 0;
                    for (int64_t q = k - s; q > 1; q >>= 1) depth += 2;
                    sa__gsa_sort(sa + s, k - s, depth);
                }
            }
        }
        }
    }
    if (!ws) SA_FREE(phi);
    return SA_OK;
}

SA_DEF sa_status sa_gsa(const uint8_t *text, int32_t *sa, int32_t *lcp, int32_t n, const sa_options *opt)
{
    return sa__gsa_run(text, sa, lcp, n, opt, NULL);
}

/* Compare the suffix at pos with pat from offset *l (both known to agree before it): < 0 when
 * the suffix's first m bytes sort before pat (a suffix shorter than pat and equal on all its
 * bytes sorts first), 0 when pat is a prefix of the suffix, > 0 otherwise; *l = common prefix. */
static int sa__srch_cmp(const uint8_t *text, int32_t n, int32_t pos, const uint8_t *pat, int64_t m, int64_t *l)
{
    int64_t i = *l, avail = (int64_t)n - pos;
    int64_t lim = m < avail ? m : avail;
    while (i < lim && text[pos + i] == pat[i]) i++;
    *l = i;
    if (i == m) return 0;
    if (i == avail) return -1;
    return text[pos + i] < pat[i] ? -1 : 1;
}

/* Binary search with Manber and Myers' simple acceleration: comparisons start at the smaller of
 * the bounds' common prefixes with pat (every suffix between the bounds shares it). upper = 0:
 * first index whose suffix is >= pat; 1: first index whose suffix is > pat (pat a prefix counts
 * as equal). -1: an SA entry outside [0, n). */
static int64_t sa__srch_bound(const uint8_t *text, const int32_t *sa, int32_t n, const uint8_t *pat, int64_t m,
                              int64_t lo, int64_t hi, int upper)
{
    int64_t llo = 0, lhi = 0;
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        int32_t pos = sa[mid];
        if (pos < 0 || pos >= n) return -1;
        int64_t l = llo < lhi ? llo : lhi;
        int c = sa__srch_cmp(text, n, pos, pat, m, &l);
        if (c < 0 || (upper && c == 0)) { lo = mid; llo = l; }
        else { hi = mid; lhi = l; }
    }
    return hi;
}

static sa_status sa__srch_one(const uint8_t *text, const int32_t *sa, int32_t n, const uint8_t *pat, int64_t m,
                              int32_t *lo, int32_t *count)
{
    if (m == 0) { *lo = 0; *count = n; return SA_OK; }
    int64_t a = sa__srch_bound(text, sa, n, pat, m, -1, n, 0);
    if (a < 0) return SA_ERR_RANGE;
    int64_t b = sa__srch_bound(text, sa, n, pat, m, a - 1, n, 1);
    if (b < 0) return SA_ERR_RANGE;
    *lo = (int32_t)a;
    *count = (int32_t)(b - a);
    return SA_OK;
}

SA_DEF sa_status sa_search(const uint8_t *text, const int32_t *sa, int32_t n, const uint8_t *pat, int64_t m,
                          int32_t *lo, int32_t *count)
{
    if (n < 0 || m < 0) return SA_ERR_SIZE;
    if (!lo || !count || (m > 0 && !pat) || (n > 0 && (!text || !sa))) return SA_ERR_NULL;
    return sa__srch_one(text, sa, n, pat, m, lo, count);
}

SA_DEF sa_status sa_search_many(const uint8_t *text, const int32_t *sa, int32_t n, const uint8_t *pats,
                               const int64_t *off, int64_t npat, int32_t *lo, int32_t *count, const sa_options *opt)
{
    sa_status st = sa__bw_opt(opt);
    if (st != SA_OK) return st;
    if (n < 0 || npat < 0) return SA_ERR_SIZE;
    if (npat == 0) return SA_OK;
    if (!off || !lo || !count || (n > 0 && (!text || !sa))) return SA_ERR_NULL;
    if (off[0] < 0) return SA_ERR_ARG;
    for (int64_t i = 0; i < npat; i++)
        if (off[i + 1] < off[i]) return SA_ERR_ARG;
    if (off[npat] > off[0] && !pats) return SA_ERR_NULL;
    int nt = sa__bw_threads(opt, npat * 16); /* a search is worth about 16 bytes of a pass */
    int bad = 0;
    (void)nt;
    SA__OMP(omp parallel for num_threads(nt) schedule(dynamic, 256) reduction(| : bad))
    for (int64_t i = 0; i < npat; i++)
        if (sa__srch_one(text, sa, n, pats + off[i], off[i + 1] - off[i], &lo[i], &count[i]) != SA_OK) bad = 1;
    return bad ? SA_ERR_RANGE : SA_OK;
}

SA_DEF sa_status sa_context_create(int32_t max_n, const sa_options *opt, sa_context **ctx)
{
    if (!ctx) return SA_ERR_NULL;
    sa_status st = sa__bw_opt(opt);
    if (st != SA_OK) return st;
    if (max_n < 0) return SA_ERR_SIZE;
    sa_context *c = (sa_context *)SA_MALLOC(sizeof *c);
    if (!c) return SA_ERR_NOMEM;
    if (opt) c->opt = *opt;
    else memset(&c->opt, 0, sizeof c->opt);
    int nt = sa_effective_threads(&c->opt);
    c->opt.threads = nt; /* fixed now: the count buffer is sized for it */
    size_t iw = 2 * ((size_t)max_n + 1) * sizeof(int32_t), cw = sa__ub_cnt_words(nt) * sizeof(uint32_t);
    size_t bw = ((size_t)max_n + 7) & ~(size_t)7;
    c->ws = (uint8_t *)sa__bw_alloc(iw + cw + bw + (SA__UB_TBL + 1) * sizeof(uint16_t));
    if (!c->ws) { SA_FREE(c); return SA_ERR_NOMEM; }
    c->iw = (int32_t *)c->ws;
    c->cnt = (uint32_t *)(c->ws + iw);
    c->bw = c->ws + iw + cw;
    c->tbl = (uint16_t *)(void *)(c->bw + bw);
    c->cap = max_n;
    *ctx = c;
    return SA_OK;
}

SA_DEF void sa_context_destroy(sa_context *ctx)
{
    if (!ctx) return;
    SA_FREE(ctx->ws);
    SA_FREE(ctx);
}

SA_DEF sa_status sa_context_bwt(sa_context *ctx, const uint8_t *text, uint8_t *bwt, int32_t *aux, int32_t r, int32_t n)
{
    if (!ctx) return SA_ERR_NULL;
    if (n > ctx->cap) return SA_ERR_SIZE;
    return sa__bwt_run(text, NULL, bwt, aux, r, n, &ctx->opt, ctx->iw, ctx->bw);
}

SA_DEF sa_status sa_context_unbwt(sa_context *ctx, const uint8_t *bwt, uint8_t *text, const int32_t *aux, int32_t r,
                                 int32_t n)
{
    if (!ctx) return SA_ERR_NULL;
    if (n > ctx->cap) return SA_ERR_SIZE;
    return sa__unbwt_run(bwt, text, aux, r, n, &ctx->opt, (uint32_t *)ctx->iw, ctx->cnt, ctx->tbl);
}

SA_DEF sa_status sa_context_gsa(sa_context *ctx, const uint8_t *text, int32_t *sa, int32_t *lcp, int32_t n)
{
    if (!ctx) return SA_ERR_NULL;
    if (n > ctx->cap) return SA_ERR_SIZE;
    return sa__gsa_run(text, sa, lcp, n, &ctx->opt, ctx->iw);
}
/* ==== END BWT, GSA and search ==== */

#ifdef SA_MPI
/* ==== MPI: distributed suffix array, LCP and LRS ==============================================
 * Everything here works on int64_t indices; the 32-bit entry points are thin wrappers. Only the
 * public sa.h API is used (sa_build, sa_lcp, sa_lrs and their 64-bit twins) plus private
 * sa__mpi_* helpers. All MPI calls go through our duplicate of the caller's communicator with
 * MPI_ERRORS_RETURN, so a failure becomes SA_ERR_MPI instead of an abort; every local failure is
 * agreed on (MPI_Allreduce MIN of the statuses) before the next collective step, so all ranks
 * return the same status and none waits forever in a collective the others skipped. */
#if defined(__unix__) || defined(__APPLE__)
#include <sys/stat.h>
#define SA__MPI_HAVE_STAT 1
#else
#define SA__MPI_HAVE_STAT 0
#endif
#define SA__MPI_HALO 16          /* bytes of the following ranks' text each rank keeps */
#define SA__MPI_SAMPLES 64       /* splitter samples per rank and sample sort */
#ifndef SA__MPI_NO_PACK /* 1: the DCX samples as 24-byte records at every level (A/B, tests) */
#define SA__MPI_NO_PACK 0
#endif
#ifndef SA__MPI_ROUND_MIN /* a DCX level takes fewer merge / update rounds where a round would average
                           * under this many suffixes a rank (see SA__MPI_MERGE_ROUNDS) */
#define SA__MPI_ROUND_MIN 16384
#endif
#ifndef SA__MPI_UPD_ROUNDS /* rounds of a DCX level's (position, name) updates (sa__mpi_update) */
#define SA__MPI_UPD_ROUNDS 8
#endif
#ifndef SA__MPI_UPD_MIN /* ... where a round still averages this many suffixes of a rank's block (not
                         * SA__MPI_ROUND_MIN, which the tests lower: every round is four collectives,
                         * and oversubscribed test runs pay for each) */
#define SA__MPI_UPD_MIN 16384
#endif
#define SA__MPI_PIECE ((int64_t)1 << 26) /* elements per point-to-point message (int counts) */
#define SA__MPI_HUGE ((size_t)4 << 20) /* blocks this large get the huge-page hint (sa__bw_alloc) */
#ifndef SA__MPI_PAR_MIN
#define SA__MPI_PAR_MIN 65536    /* passes over fewer records than this run on one thread */
#endif
#ifndef SA__MPI_NARROW_MAX /* (tests lower it to run the 64-bit paths on short texts) */
#define SA__MPI_NARROW_MAX INT32_MAX /* integer levels shorter than this are sorted with 32-bit indices */
#endif

/* One suffix in a sample sort: (k1, k2) its key, pos its text position (unique: ties never). */
typedef struct sa__mpi_rec { uint64_t k1, k2; int64_t pos; } sa__mpi_rec;
typedef struct sa__mpi_pair { int64_t a, b; } sa__mpi_pair;
/* sa__mpi_by_owner reads the pairs' .a as every second int64_t (stride 2): two words, .a first
   (the first member has offset 0); a compile error if the pair ever grows or gains padding */
typedef char sa__mpi_pair_is_two_words[sizeof(sa__mpi_pair) == 2 * sizeof(int64_t) ? 1 : -1];

typedef struct sa__mpi_ctx {
    MPI_Comm comm;            /* our duplicate of the caller's communicator */
    int P, r, nt;             /* ranks, this rank, OpenMP threads for local work */
    int64_t n, c, lo, cnt;    /* text length, block size ceil(n/P), this rank's block */
    double tcomm;             /* seconds spent in MPI calls */
    MPI_Datatype t_rec, t_pair, t_halo;
    int *sc, *sd, *rc, *rd;   /* alltoallv counts and displacements (P each) */
    int64_t *s64, *r64, *g64, *x64; /* element counts per rank (P each) */
    int64_t held, peak;       /* bytes allocated through sa__mpi_get and not yet put back, peak */
    int64_t cbytes, ncoll;    /* bytes this rank sent in all-to-all exchanges; collective calls */
    int levels, cover;        /* DCX: recursion depth reached, the byte level's cover period */
    int64_t glim;             /* DCX: recursion levels this short are gathered (SA_MPI_DCX_GATHER) */
    int gnt;                  /* DCX: rank 0's threads for a gathered level's sort (sa__mpi_lend; 0: not asked yet) */
    double ph[4];             /* DCX: seconds per phase (sa_mpi_info.time_phase) */
} sa__mpi_ctx;

static void *sa__mpi_alloc(int64_t count, size_t es)
{
    if (count < 0 || (uint64_t)count > (uint64_t)(SIZE_MAX / 2) / es) return NULL;
    return SA_MALLOC(count ? (size_t)count * es : 1);
}

static int64_t sa__mpi_owner(const sa__mpi_ctx *c, int64_t i) { return i / c->c; }

/* Allocation of the per-round arrays, counted: each block carries its size in a 16-byte header,
 * so sa__mpi_put can take it off the rank's held bytes (info.peak_bytes is their maximum). Blocks
 * of SA__MPI_HUGE bytes or more get the transparent huge-page hint (sa__bw_alloc): a fresh block
 * then faults once per 2 MiB instead of per 4 KiB. (Until 2026-11-27 freed big blocks were kept
 * for reuse instead; glibc recycled most of those pages anyway, 2-core box: 320 K faults without
 * the cache against 332 K with it, while the cache and the oversized blocks it handed to small
 * requests held 12-15 bytes per suffix of the block at the peak; with the hint, 60 K faults.) */
static void *sa__mpi_get(sa__mpi_ctx *c, int64_t count, size_t es)
{
    size_t need, *h;
    if (count < 0 || (uint64_t)count > (uint64_t)(SIZE_MAX / 4) / es) return NULL;
    need = (size_t)count * es;
    h = (size_t *)(need >= SA__MPI_HUGE ? sa__bw_alloc(need + 2 * sizeof(size_t)) : SA_MALLOC(need + 2 * sizeof(size_t)));
    if (!h) return NULL;
    h[0] = need;
    c->held += (int64_t)(need + 2 * sizeof(size_t));
    if (c->held > c->peak) c->peak = c->held;
    return h + 2;
}

static void sa__mpi_put(sa__mpi_ctx *c, void *p)
{
    size_t *h;
    if (!p) return;
    h = (size_t *)p - 2;
    c->held -= (int64_t)(h[0] + 2 * sizeof(size_t));
    SA_FREE(h);
}

SA_DEF void sa_mpi_block(int64_t n, int nranks, int rank, int64_t *lo, int64_t *count)
{
    int64_t c, a, b;
    if (n < 0 || nranks < 1 || rank < 0 || rank >= nranks) { *lo = 0; *count = 0; return; }
    c = n / nranks + (n % nranks != 0);
    a = rank > 0 && c > n / rank ? n : c * rank; /* no int64 overflow for any n >= 0 */
    if (a > n) a = n;
    b = c > n - a ? n : a + c;
    *lo = a;
    *count = b - a;
}

/* ---- timed MPI wrappers (each returns SA_OK or SA_ERR_MPI) ---- */
static sa_status sa__mpi_rc(int rc) { return rc == MPI_SUCCESS ? SA_OK : SA_ERR_MPI; }

/* Every rank returns the smallest (most negative) status any rank had. */
static sa_status sa__mpi_agree(sa__mpi_ctx *c, sa_status st)
{
    int in = (int)st, out = 0;
    double t = MPI_Wtime();
    int rc = MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_MIN, c->comm);
    c->ncoll++;
    c->tcomm += MPI_Wtime() - t;
    return rc == MPI_SUCCESS ? (sa_status)out : SA_ERR_MPI;
}

/* A gathered level's wait without spinning: while rank 0 sorts, the other ranks wait at a
 * nonblocking barrier, testing it between naps (20 us, doubling up to 1 ms) instead of spinning in
 * a blocking collective (Open MPI and MPICH poll in those), so the cores of the ranks that share
 * rank 0's node are free for its threads (sa__mpi_lend) and, oversubscribed, for rank 0 itself.
 * Then the status, agreed. An MPI error inside the nonblocking barrier leaves the ranks where any
 * failed collective leaves them (MPI promises nothing after one). nanosleep is POSIX: a strict C11
 * build (no feature macros: <time.h> then declares struct timespec only) gets the prototype below;
 * elsewhere the ranks test without napping. Collective. */
#if defined(__unix__) || defined(__APPLE__)
#include <time.h>
#if !defined(__cplusplus) && !(defined(_POSIX_C_SOURCE) && _POSIX_C_SOURCE >= 199309L) && \
    defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(__APPLE__)
int nanosleep(const struct timespec *req, struct timespec *rem);
#endif
#define SA__MPI_NAP 1
#endif
static sa_status sa__mpi_agree_idle(sa__mpi_ctx *c, sa_status st)
{
    MPI_Request rq;
    int done = 0, rc;
    long us = 20;
    double t = MPI_Wtime();
    rc = MPI_Ibarrier(c->comm, &rq);
    if (rc == MPI_SUCCESS && c->r == 0) rc = MPI_Wait(&rq, MPI_STATUS_IGNORE);
    while (rc == MPI_SUCCESS && c->r != 0 && !done) {
        rc = MPI_Test(&rq, &done, MPI_STATUS_IGNORE);
#ifdef SA__MPI_NAP
        if (rc == MPI_SUCCESS && !done) {
            struct timespec ts;
            ts.tv_sec = 0;
            ts.tv_nsec = us * 1000;
            (void)nanosleep(&ts, NULL);
            if (us < 1000) us *= 2;
        }
#endif
    }
    c->ncoll++;
    c->tcomm += MPI_Wtime() - t;
    if (rc != MPI_SUCCESS) st = SA_ERR_MPI; /* every rank still takes part in the agreement */
    return sa__mpi_agree(c, st);
}

/* The agreement with the call's choices that shape messages or pick the algorithm: one
 * allreduce (MIN) of the status and of each choice d[k] as (d[k], -d[k]), so every rank sees
 * each choice's minimum and maximum. A difference is SA_ERR_ARG on every rank (unless a worse
 * status came with it) and *mismatch names the first differing choice. */
#define SA__MPI_DIGEST 4
static sa_status sa__mpi_agree_digest(sa__mpi_ctx *c, sa_status st, const int64_t *d, const char *const *names,
                                      int nd, const char **mismatch)
{
    int64_t v[1 + 2 * SA__MPI_DIGEST];
    int k, rc;
    double t = MPI_Wtime();
    v[0] = (int64_t)st;
    for (k = 0; k < nd; k++) { v[1 + 2 * k] = d[k]; v[2 + 2 * k] = -d[k]; }
    rc = MPI_Allreduce(MPI_IN_PLACE, v, 1 + 2 * nd, MPI_INT64_T, MPI_MIN, c->comm);
    c->tcomm += MPI_Wtime() - t;
    if (rc != MPI_SUCCESS) return SA_ERR_MPI;
    st = (sa_status)v[0];
    for (k = 0; k < nd; k++)
        if (v[1 + 2 * k] != -v[2 + 2 * k]) {
            if (mismatch) *mismatch = names[k];
            if (st == SA_OK) st = SA_ERR_ARG;
            break;
        }
    return st;
}

static sa_status sa__mpi_allreduce(sa__mpi_ctx *c, int64_t *v, int count, MPI_Op op)
{
    double t = MPI_Wtime();
    int rc = MPI_Allreduce(MPI_IN_PLACE, v, count, MPI_INT64_T, op, c->comm);
    c->ncoll++;
    c->tcomm += MPI_Wtime() - t;
    return sa__mpi_rc(rc);
}

static sa_status sa__mpi_allgather(sa__mpi_ctx *c, const void *s, int count, MPI_Datatype dt, void *r)
{
    double t = MPI_Wtime();
    int rc = MPI_Allgather(s, count, dt, r, count, dt, c->comm);
    c->ncoll++;
    c->tcomm += MPI_Wtime() - t;
    return sa__mpi_rc(rc);
}

/* Point-to-point transfer of count elements in pieces that fit MPI's int counts. */
static sa_status sa__mpi_send(sa__mpi_ctx *c, const void *buf, int64_t count, MPI_Datatype dt, size_t es, int to)
{
    int64_t k;
    int rc = MPI_SUCCESS;
    double t = MPI_Wtime();
    for (k = 0; k < count && rc == MPI_SUCCESS; k += SA__MPI_PIECE) {
        int64_t m = count - k < SA__MPI_PIECE ? count - k : SA__MPI_PIECE;
        rc = MPI_Send((const char *)buf + (size_t)k * es, (int)m, dt, to, 7, c->comm);
    }
    c->tcomm += MPI_Wtime() - t;
    return sa__mpi_rc(rc);
}

static sa_status sa__mpi_recv(sa__mpi_ctx *c, void *buf, int64_t count, MPI_Datatype dt, size_t es, int from)
{
    int64_t k;
    int rc = MPI_SUCCESS;
    double t = MPI_Wtime();
    for (k = 0; k < count && rc == MPI_SUCCESS; k += SA__MPI_PIECE) {
        int64_t m = count - k < SA__MPI_PIECE ? count - k : SA__MPI_PIECE;
        rc = MPI_Recv((char *)buf + (size_t)k * es, (int)m, dt, from, 7, c->comm, MPI_STATUS_IGNORE);
    }
    c->tcomm += MPI_Wtime() - t;
    return sa__mpi_rc(rc);
}

/* All-to-all exchange: this rank sends scnt[q] elements (es bytes, type dt: contiguous) to rank q
 * from sbuf (grouped by destination in rank order) and gets *rbuf (allocated here, cap_es bytes
 * per element, grouped by source), *rn elements, rcnt[q] of them from q (rcnt may be NULL).
 * Counts are 64-bit: when any rank's send or receive passes SA_MPI_XCHG_BYTES (MPI's int counts
 * and displacements), every rank exchanges pairwise in pieces of at most that many bytes instead
 * of one MPI_Alltoallv. Collective; the status is agreed. */
#ifndef SA_MPI_XCHG_BYTES
#define SA_MPI_XCHG_BYTES ((int64_t)INT_MAX)
#endif
/* (given: a receive buffer of gcap elements the caller keeps, used instead of a fresh one when
 * it is not NULL; fresh blocks cost their page faults again in every round) */
static sa_status sa__mpi_xchg_core(sa__mpi_ctx *c, const void *sbuf, const int64_t *scnt, size_t es, MPI_Datatype dt,
                                  size_t cap_es, void **rbuf, int64_t *rn, int64_t *rcnt, void *given, int64_t gcap)
{
    int q, rc, v[2];
    int64_t so = 0, ro = 0, lim = SA_MPI_XCHG_BYTES;
    sa_status st = SA_OK;
    double t;
    int64_t *rc64 = rcnt ? rcnt : c->r64;
    *rbuf = NULL;
    *rn = 0;
    t = MPI_Wtime();
    rc = MPI_Alltoall((void *)scnt, 1, MPI_INT64_T, rc64, 1, MPI_INT64_T, c->comm);
    c->tcomm += MPI_Wtime() - t;
    if (rc != MPI_SUCCESS) return SA_ERR_MPI; /* every rank is in this collective: all see it */
    for (q = 0; q < c->P; q++) {
        c->sc[q] = (int)(scnt[q] < INT_MAX ? scnt[q] : 0);
        c->sd[q] = (int)(so < INT_MAX ? so : 0);
        c->rc[q] = (int)(rc64[q] < INT_MAX ? rc64[q] : 0);
        c->rd[q] = (int)(ro < INT_MAX ? ro : 0);
        so += scnt[q];
        ro += rc64[q];
    }
    v[1] = (uint64_t)so > (uint64_t)lim / es || (uint64_t)ro > (uint64_t)lim / es; /* pairwise in pieces */
    c->cbytes += so * (int64_t)es;
    c->ncoll += 3;
    if (given) st = ro <= gcap ? SA_OK : SA_ERR_INTERNAL;
    else if (!(*rbuf = sa__mpi_get(c, ro, cap_es > es ? cap_es : es))) st = SA_ERR_NOMEM;
    v[0] = -(int)st;
    t = MPI_Wtime();
    rc = MPI_Allreduce(MPI_IN_PLACE, v, 2, MPI_INT, MPI_MAX, c->comm);
    c->tcomm += MPI_Wtime() - t;
    st = rc != MPI_SUCCESS ? SA_ERR_MPI : (sa_status)-v[0];
    if (st != SA_OK) {
        if (*rbuf) sa__mpi_put(c, *rbuf);
        *rbuf = NULL;
        return st;
    }
    if (given) *rbuf = given;
    t = MPI_Wtime();
    if (!v[1]) {
        rc = MPI_Alltoallv((void *)sbuf, c->sc, c->sd, dt, *rbuf, c->rc, c->rd, dt, c->comm);
    } else { /* step k: send to r + k, receive from r - k, piece by piece (in order per pair) */
        int64_t *soff = c->s64, *roff = c->x64, k, i;
        int64_t pb = lim > 0 ? lim : 1;
        for (so = ro = 0, q = 0; q < c->P; q++) { soff[q] = so; roff[q] = ro; so += scnt[q]; ro += rc64[q]; }
        for (k = 0; k < c->P && rc == MPI_SUCCESS; k++) {
            int to = (int)((c->r + k) % c->P), from = (int)((c->r - k + c->P) % c->P);
            int64_t sb = scnt[to] * (int64_t)es, rb = rc64[from] * (int64_t)es;
            int64_t ns = (sb + pb - 1) / pb, nr = (rb + pb - 1) / pb;
            for (i = 0; i < ns || i < nr; i++) {
                MPI_Request rq[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
                MPI_Status ms[2];
                if (i < nr) {
                    int64_t len = rb - i * pb < pb ? rb - i * pb : pb;
                    rc = MPI_Irecv((char *)*rbuf + (size_t)roff[from] * es + (size_t)(i * pb), (int)len, MPI_BYTE,
                                   from, 9, c->comm, &rq[0]);
                }
                if (i < ns && rc == MPI_SUCCESS) {
                    int64_t len = sb - i * pb < pb ? sb - i * pb : pb;
                    rc = MPI_Isend((const char *)sbuf + (size_t)soff[to] * es + (size_t)(i * pb), (int)len, MPI_BYTE,
                                   to, 9, c->comm, &rq[1]);
                }
                if (rc == MPI_SUCCESS) rc = MPI_Waitall(2, rq, ms);
                if (rc != MPI_SUCCESS) break;
            }
        }
    }
    c->tcomm += MPI_Wtime() - t;
    st = sa__mpi_agree(c, sa__mpi_rc(rc)); /* a failed piece must not leave the others waiting */
    if (st != SA_OK) {
        if (!given) sa__mpi_put(c, *rbuf);
        *rbuf = NULL;
        return st;
    }
    *rn = ro;
    return SA_OK;
}

static sa_status sa__mpi_xchg2(sa__mpi_ctx *c, const void *sbuf, const int64_t *scnt, size_t es, MPI_Datatype dt,
                              size_t cap_es, void **rbuf, int64_t *rn, int64_t *rcnt)
{
    return sa__mpi_xchg_core(c, sbuf, scnt, es, dt, cap_es, rbuf, rn, rcnt, NULL, 0);
}

/* sa__mpi_xchg2 with the receive buffer sized by the element size itself. */
static sa_status sa__mpi_xchg(sa__mpi_ctx *c, const void *sbuf, const int64_t *scnt, size_t es, MPI_Datatype dt,
                              void **rbuf, int64_t *rn, int64_t *rcnt)
{
    return sa__mpi_xchg2(c, sbuf, scnt, es, dt, es, rbuf, rn, rcnt);
}

/* First pass of grouping m items by the owner of their positions pos[0], pos[stride], ...: c->g64[q]
 * items go to rank q, and c->s64[q] is where q's items start in a send buffer grouped by owner;
 * the caller's second pass puts item e at c->s64[owner]++ (stable). The owner is computed in both
 * passes instead of stored: no 12 bytes per item of destination and slot arrays (memory). */
static void sa__mpi_by_owner(sa__mpi_ctx *c, const int64_t *pos, int64_t stride, int64_t m)
{
    int64_t e, s = 0;
    int q;
    for (q = 0; q < c->P; q++) c->g64[q] = 0;
    for (e = 0; e < m; e++) c->g64[sa__mpi_owner(c, pos[e * stride])]++;
    for (q = 0; q < c->P; q++) { c->s64[q] = s; s += c->g64[q]; }
}

/* ---- local sorting of records --------------------------------------------------------------- */
static int sa__mpi_lt(const sa__mpi_rec *x, const sa__mpi_rec *y)
{
    if (x->k1 != y->k1) return x->k1 < y->k1;
    if (x->k2 != y->k2) return x->k2 < y->k2;
    return x->pos < y->pos;
}

/* Quicksort (Hoare, median of three) with insertion sort for short ranges; keys are unique. */
static void sa__mpi_qs(sa__mpi_rec *a, int64_t m)
{
    while (m > 16) {
        int64_t i = -1, j = m, mid = m / 2;
        sa__mpi_rec p, t;
        if (sa__mpi_lt(&a[mid], &a[0])) { t = a[mid]; a[mid] = a[0]; a[0] = t; }
        if (sa__mpi_lt(&a[m - 1], &a[mid])) { t = a[mid]; a[mid] = a[m - 1]; a[m - 1] = t; }
        if (sa__mpi_lt(&a[mid], &a[0])) { t = a[mid]; a[mid] = a[0]; a[0] = t; }
        p = a[mid];
        for (;;) {
            do i++; while (sa__mpi_lt(&a[i], &p));
            do j--; while (sa__mpi_lt(&p, &a[j]));
            if (i >= j) break;
            t = a[i]; a[i] = a[j]; a[j] = t;
        }
        /* [0, j] <= p <= [j+1, m): recurse into the smaller part, loop on the larger */
        if (j + 1 < m - j - 1) { sa__mpi_qs(a, j + 1); a += j + 1; m -= j + 1; }
        else { sa__mpi_qs(a + j + 1, m - j - 1); m = j + 1; }
    }
    {
        int64_t i, j;
        for (i = 1; i < m; i++) {
            sa__mpi_rec t = a[i];
            for (j = i; j > 0 && sa__mpi_lt(&t, &a[j - 1]); j--) a[j] = a[j - 1];
            a[j] = t;
        }
    }
}

/* Byte d (0 = most significant) of the 16-byte key (k1, k2). */
static unsigned sa__mpi_digit(const sa__mpi_rec *x, int d)
{
    return (unsigned)((d < 8 ? x->k1 >> (56 - 8 * d) : x->k2 >> (120 - 8 * d)) & 0xff);
}

/* MSD radix sort by (k1, k2) (equal keys in any order: the ranking needs no more) on the key
 * bytes dig[0..nd) (those on which the records differ at all, see sa__mpi_digits) of the m
 * records in a, with b (m records) as the other buffer: the sorted records end in b when to_b,
 * else in a. Each byte's scatter goes from one buffer to the other and the buckets recurse with
 * the roles swapped, so no pass copies back. Short ranges by insertion sort; a byte on which a
 * range agrees costs one counting pass and no move. */
static void sa__mpi_msd2(sa__mpi_rec *a, sa__mpi_rec *b, int64_t m, const unsigned char *dig, int nd, int to_b)
{
    int64_t cnt[256], pos[256], e;
    int k;
    while (nd > 0 && m > 32) {
        int d = dig[0];
        memset(cnt, 0, sizeof cnt);
        for (e = 0; e < m; e++) cnt[sa__mpi_digit(&a[e], d)]++;
        if (cnt[sa__mpi_digit(&a[0], d)] == m) { dig++; nd--; continue; } /* all alike here */
        for (e = 0, k = 0; k < 256; k++) { pos[k] = e; e += cnt[k]; }
        for (e = 0; e < m; e++) b[pos[sa__mpi_digit(&a[e], d)]++] = a[e];
        for (e = 0, k = 0; k < 256; k++) { /* bucket k is in b now */
            if (cnt[k] > 1) sa__mpi_msd2(b + e, a + e, cnt[k], dig + 1, nd - 1, !to_b);
            else if (cnt[k] == 1 && !to_b) a[e] = b[e];
            e += cnt[k];
        }
        return;
    }
    if (nd > 0) { /* m <= 32 */
        int64_t i, j;
        for (i = 1; i < m; i++) {
            sa__mpi_rec t = a[i];
            for (j = i; j > 0 && (t.k1 < a[j - 1].k1 || (t.k1 == a[j - 1].k1 && t.k2 < a[j - 1].k2)); j--)
                a[j] = a[j - 1];
            a[j] = t;
        }
    } /* else every remaining byte is equal: the keys are equal */
    if (to_b && m) memcpy(b, a, (size_t)m * sizeof *a);
}

/* The same sort, in place in a (tmp: m records of scratch). */
static void sa__mpi_msd(sa__mpi_rec *a, sa__mpi_rec *tmp, int64_t m, const unsigned char *dig, int nd)
{
    sa__mpi_msd2(a, tmp, m, dig, nd, 0);
}

/* The key bytes on which m records are not all equal (later rounds: k1 and k2 are ranks < n,
 * so their top bytes are 0 everywhere), most significant first; returns how many. */
static int sa__mpi_digits(const sa__mpi_rec *a, int64_t m, unsigned char *dig)
{
    uint64_t o1 = 0, o2 = 0, n1 = ~(uint64_t)0, n2 = ~(uint64_t)0;
    int64_t e;
    int d, nd = 0;
    for (e = 0; e < m; e++) { o1 |= a[e].k1; n1 &= a[e].k1; o2 |= a[e].k2; n2 &= a[e].k2; }
    o1 ^= n1; /* bits that differ somewhere */
    o2 ^= n2;
    for (d = 0; d < 16; d++)
        if ((d < 8 ? o1 >> (56 - 8 * d) : o2 >> (120 - 8 * d)) & 0xff) dig[nd++] = (unsigned char)d;
    return nd;
}

static uint64_t sa__mpi_mix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Index of the first of the k sorted splitters greater than x (= x's bucket). */
static int sa__mpi_bucket(const sa__mpi_rec *spl, int k, const sa__mpi_rec *x)
{
    int lo = 0, hi = k;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (sa__mpi_lt(x, &spl[mid])) hi = mid; else lo = mid + 1;
    }
    return lo;
}

/* Offsets for nt threads' counts of nb buckets (cnt[t * nb + b]: thread t's count of bucket b),
 * bucket-major and thread-minor: each count becomes thread t's first slot of bucket b in one
 * output array; start[b] (if start) gets bucket b's first slot, total[b] (if total) its size.
 * The local sorts (buckets = threads' ranges) and the sample sorts' send layouts (buckets =
 * destination ranks) share it. */
static void sa__mpi_bucket_offsets(int64_t *cnt, int nt, int nb, int64_t *start, int64_t *total)
{
    int64_t off = 0;
    int b, t;
    for (b = 0; b < nb; b++) {
        int64_t off0 = off;
        if (start) start[b] = off;
        for (t = 0; t < nt; t++) {
            int64_t v = cnt[(int64_t)t * nb + b];
            cnt[(int64_t)t * nb + b] = off;
            off += v;
        }
        if (total) total[b] = off - off0;
    }
}

/* Sorts *pa (m records) with nt threads: a sample partition into one bucket per thread, then
 * each bucket sorted by its own thread. May replace *pa (freeing the old array). *spare (may
 * be NULL, spare_n records) is scratch the caller no longer needs: used and freed here if big
 * enough (a fresh block costs page faults). */
/* The sort itself, with the caller's scratch b (m records): the sorted records end in a
 * (*in_b = 0) or in b (*in_b = 1); neither is freed. */
static sa_status sa__mpi_lsort_in(sa__mpi_ctx *c, sa__mpi_rec *a, sa__mpi_rec *b, int64_t m, int nt, int *in_b)
{
    sa__mpi_rec spl[256];
    int64_t *cnt;
    int k, t, s, ns, nd, done_par = 0;
    unsigned char dig[16];
    uint64_t seed = 12345;
    if (nt > 256) nt = 256;
    *in_b = 0;
    nd = sa__mpi_digits(a, m, dig);
    if (nt <= 1 || m < 65536) {
        sa__mpi_msd(a, b, m, dig, nd);
        return SA_OK;
    }
    cnt = (int64_t *)sa__mpi_get(c, (int64_t)nt * (nt + 1), sizeof *cnt);
    if (!cnt) return SA_ERR_NOMEM;
    {   /* splitters: nt-1 of 16*nt random samples */
        sa__mpi_rec smp[4096];
        ns = 16 * nt;
        for (s = 0; s < ns; s++) smp[s] = a[sa__mpi_mix(&seed) % (uint64_t)m];
        sa__mpi_qs(smp, ns);
        for (k = 0; k + 1 < nt; k++) spl[k] = smp[(k + 1) * ns / nt];
    }
    memset(cnt, 0, (size_t)nt * (nt + 1) * sizeof *cnt);
    SA__OMP(omp parallel num_threads(nt))
    {
#ifdef _OPENMP
        int me = omp_get_thread_num(), nth = omp_get_num_threads();
#else
        int me = 0, nth = 1;
#endif
        int64_t e, lo = m * me / nth, hi = m * (me + 1) / nth;
        int64_t *mine = cnt + (int64_t)me * nt;
        if (nth == nt) {
            for (e = lo; e < hi; e++) mine[sa__mpi_bucket(spl, nt - 1, &a[e])]++;
            SA__OMP(omp barrier)
            SA__OMP(omp single)
            sa__mpi_bucket_offsets(cnt, nt, nt, cnt + (int64_t)nt * nt, NULL);
            for (e = lo; e < hi; e++) b[mine[sa__mpi_bucket(spl, nt - 1, &a[e])]++] = a[e];
            SA__OMP(omp barrier)
            SA__OMP(omp for schedule(dynamic, 1))
            for (t = 0; t < nt; t++) {
                int64_t s0 = cnt[(int64_t)nt * nt + t];
                int64_t s1 = t + 1 < nt ? cnt[(int64_t)nt * nt + t + 1] : m;
                sa__mpi_msd(b + s0, a + s0, s1 - s0, dig, nd);
            }
            SA__OMP(omp single)
            done_par = 1;
        }
    }
    sa__mpi_put(c, cnt);
    if (!done_par) /* got fewer threads than asked for (nested region, limits): sort serially */
        sa__mpi_msd(a, b, m, dig, nd);
    else *in_b = 1;
    return SA_OK;
}

static sa_status sa__mpi_lsort(sa__mpi_ctx *c, sa__mpi_rec **pa, int64_t m, int nt, sa__mpi_rec **spare, int64_t spare_n)
{
    sa__mpi_rec *b;
    int in_b = 0;
    sa_status st;
    if (spare && *spare && spare_n >= m) { b = *spare; *spare = NULL; }
    else b = (sa__mpi_rec *)sa__mpi_get(c, m, sizeof *b);
    if (!b) return SA_ERR_NOMEM;
    st = sa__mpi_lsort_in(c, *pa, b, m, nt, &in_b);
    if (in_b) { sa__mpi_put(c, *pa); *pa = b; }
    else sa__mpi_put(c, b);
    return st;
}

/* Records travel in 16 bytes where they can (a third less to move): wire 1 (round 0): k1 and
 * pos, k2 = min(8, n - pos) is recomputed; wire 2 (later rounds, n < 2^42): k1, k2, pos in 42
 * bits each; wire 3 (DCX sample keys of at most 64 bits): k2 and pos, k1 = 0; wire 0: all 24
 * bytes. */
static void sa__mpi_pack(const sa__mpi_rec *r, int wire, uint64_t *w)
{
    if (wire == 1) { w[0] = r->k1; w[1] = (uint64_t)r->pos; }
    else if (wire == 3) { w[0] = r->k2; w[1] = (uint64_t)r->pos; }
    else { w[0] = r->k1 << 22 | r->k2 >> 20; w[1] = (r->k2 & 0xFFFFF) << 42 | (uint64_t)r->pos; }
}

static void sa__mpi_unpack(const uint64_t *w, int wire, int64_t n, sa__mpi_rec *r)
{
    uint64_t a = w[0], b = w[1];
    if (wire == 1) {
        r->k1 = a;
        r->pos = (int64_t)b;
        r->k2 = (uint64_t)(n - r->pos < 8 ? n - r->pos : 8);
    } else if (wire == 3) {
        r->k1 = 0;
        r->k2 = a;
        r->pos = (int64_t)b;
    } else {
        r->k1 = a >> 22;
        r->k2 = (a & 0x3FFFFF) << 20 | b >> 42;
        r->pos = (int64_t)(b & (((uint64_t)1 << 42) - 1));
    }
}

/* Global sample sort: on return *pa holds this rank's slice (*pm records) of the global order
 * of all ranks' records, slices in rank order (wire: see sa__mpi_pack). Collective. */
/* qsort order of whole records (the splitter samples; positions differ, so no ties). */
static int sa__mpi_rcmp(const void *a, const void *b)
{
    const sa__mpi_rec *x = (const sa__mpi_rec *)a, *y = (const sa__mpi_rec *)b;
    return sa__mpi_lt(x, y) ? -1 : sa__mpi_lt(y, x);
}

/* The sample sorts' first half, for records and packed items alike: up to SA__MPI_SAMPLES random
 * elements (es bytes each, MPI type dt) of this rank's m at a, gathered from every rank and
 * sorted by cmp; *pspl gets P - 1 of them evenly spaced (a block of P elements from sa__mpi_get,
 * the caller's to put), or NULL when no rank has an element (then the sort has nothing to do).
 * The send layout's scratch: *ptcnt = nth x P zeroed counts (nth threads, returned in *pnth).
 * Collective; the samples' blocks are freed before the return. */
static sa_status sa__mpi_splitters(sa__mpi_ctx *c, const void *a, int64_t m, size_t es, MPI_Datatype dt,
                                   int (*cmp)(const void *, const void *), uint64_t seed, void **pspl,
                                   int64_t **ptcnt, int *pnth)
{
    const unsigned char *ab = (const unsigned char *)a;
    unsigned char *smp, *all, *spl = NULL;
    int *gcnt, *gdsp;
    int64_t total = 0, *tcnt = NULL;
    int ns, q, rc, nth;
    sa_status st;
    double t;
    *pspl = NULL;
    *ptcnt = NULL;
    ns = m < SA__MPI_SAMPLES ? (int)m : SA__MPI_SAMPLES;
    smp = (unsigned char *)sa__mpi_get(c, SA__MPI_SAMPLES, es);
    all = (unsigned char *)sa__mpi_get(c, (int64_t)SA__MPI_SAMPLES * c->P, es);
    gcnt = (int *)sa__mpi_get(c, 2 * (int64_t)c->P, sizeof *gcnt);
    st = sa__mpi_agree(c, smp && all && gcnt ? SA_OK : SA_ERR_NOMEM);
    if (st != SA_OK) goto done;
    seed ^= (uint64_t)c->r * 0x9E3779B97F4A7C15ull;
    for (q = 0; q < ns; q++) memcpy(smp + (size_t)q * es, ab + (size_t)(sa__mpi_mix(&seed) % (uint64_t)m) * es, es);
    gdsp = gcnt + c->P;
    st = sa__mpi_allgather(c, &ns, 1, MPI_INT, gcnt);
    if (st != SA_OK) goto done;
    for (q = 0; q < c->P; q++) { gdsp[q] = (int)total; total += gcnt[q]; }
    t = MPI_Wtime();
    rc = MPI_Allgatherv(smp, ns, dt, all, gcnt, gdsp, dt, c->comm);
    c->tcomm += MPI_Wtime() - t;
    if ((st = sa__mpi_rc(rc)) != SA_OK) goto done;
    if (total == 0) goto done; /* no elements anywhere */
    qsort(all, (size_t)total, es, cmp);
    spl = (unsigned char *)sa__mpi_get(c, c->P, es);
    nth = c->nt > 1 && m > 65536 ? (c->nt < 64 ? c->nt : 64) : 1;
    tcnt = (int64_t *)sa__mpi_get(c, (int64_t)nth * c->P, sizeof *tcnt);
    st = sa__mpi_agree(c, spl && tcnt ? SA_OK : SA_ERR_NOMEM);
    if (st != SA_OK) goto done;
    for (q = 0; q + 1 < c->P; q++)
        memcpy(spl + (size_t)q * es, all + (size_t)((int64_t)(q + 1) * total / c->P) * es, es);
    memset(tcnt, 0, (size_t)nth * c->P * sizeof *tcnt);
    *pspl = spl; spl = NULL;
    *ptcnt = tcnt; tcnt = NULL;
    *pnth = nth;
done:
    sa__mpi_put(c, smp);
    sa__mpi_put(c, all);
    sa__mpi_put(c, gcnt);
    sa__mpi_put(c, spl);
    sa__mpi_put(c, tcnt);
    return st;
}

static sa_status sa__mpi_samplesort(sa__mpi_ctx *c, sa__mpi_rec **pa, int64_t *pm, uint64_t seed, int wire)
{
    sa__mpi_rec *a = *pa, *spl = NULL, *sbuf = NULL;
    void *rbuf = NULL, *vspl;
    int64_t m = *pm, e, rn = 0, *tcnt = NULL;
    int q, nth = 1;
    sa_status st;
    if (c->P == 1) return sa__mpi_lsort(c, pa, m, c->nt, NULL, 0);
    st = sa__mpi_splitters(c, a, m, sizeof *a, c->t_rec, sa__mpi_rcmp, seed, &vspl, &tcnt, &nth);
    spl = (sa__mpi_rec *)vspl;
    if (st != SA_OK || !spl) goto done;
    sbuf = (sa__mpi_rec *)sa__mpi_get(c, m, sizeof *sbuf);
    st = sa__mpi_agree(c, sbuf ? SA_OK : SA_ERR_NOMEM);
    if (st != SA_OK) goto done;
    /* counting sort by destination, each thread its own slice of the records and its own
     * counters (destination-major offsets); the bucket is searched twice, not stored (memory) */
    SA__OMP(omp parallel for num_threads(nth) schedule(static, 1))
    for (q = 0; q < nth; q++) {
        int64_t *cn = tcnt + (int64_t)q * c->P, x;
        for (x = m * q / nth; x < m * (q + 1) / nth; x++) cn[sa__mpi_bucket(spl, c->P - 1, &a[x])]++;
    }
    sa__mpi_bucket_offsets(tcnt, nth, c->P, NULL, c->g64);
    SA__OMP(omp parallel for num_threads(nth) schedule(static, 1))
    for (q = 0; q < nth; q++) {
        int64_t *off = tcnt + (int64_t)q * c->P, x;
        uint64_t *w = (uint64_t *)sbuf;
        for (x = m * q / nth; x < m * (q + 1) / nth; x++) {
            int b = sa__mpi_bucket(spl, c->P - 1, &a[x]);
            if (wire == 0) sbuf[off[b]++] = a[x];
            else sa__mpi_pack(&a[x], wire, w + 2 * off[b]++);
        }
    }
    sa__mpi_put(c, a); a = *pa = NULL;
    st = sa__mpi_xchg2(c, sbuf, c->g64, wire ? 16 : sizeof *sbuf, wire ? c->t_pair : c->t_rec, sizeof *sbuf, &rbuf,
                       &rn, NULL);
    if (st != SA_OK) goto done;
    *pa = (sa__mpi_rec *)rbuf;
    *pm = rn;
    if (wire) { /* in place, last first: record e (24 bytes at 24e) ends past wire item e's end */
        const uint64_t *w = (const uint64_t *)rbuf;
        for (e = rn - 1; e >= 0; e--) {
            sa__mpi_rec r;
            sa__mpi_unpack(w + 2 * e, wire, c->n, &r);
            (*pa)[e] = r;
        }
    }
    if (rn > m) { sa__mpi_put(c, sbuf); sbuf = NULL; } /* too small for the scratch: not held beside it */
    st = sa__mpi_agree(c, sa__mpi_lsort(c, pa, rn, c->nt, &sbuf, m)); /* sbuf: its scratch if it fits */
done:
    sa__mpi_put(c, spl);
    sa__mpi_put(c, sbuf);
    sa__mpi_put(c, tcnt);
    return st;
}

/* ---- DCX samples as packed 128-bit items -----------------------------------------------------
 * Where a level's sample key (X characters of b bits) and a position (sa__mpi_bits(n) = P bits,
 * P < 64 as n < 2^57) fit 128 bits together, a sample is one 16-byte item (h, l) = key << P |
 * pos: the sample sort, its exchange and the naming work on these, where the 24-byte records
 * (plus a 24-byte sort scratch beside the receive buffer) held 48 bytes a sample at the byte
 * level's peak. Items compare as 128-bit numbers (ties never: the positions differ); the local
 * sorts order the key bits only (equal keys in any order: the naming needs no more). */
typedef sa__mpi_pair sa__mpi_w; /* (a, b) = the high and the low 64 bits, read unsigned */

static int sa__mpi_wlt(const sa__mpi_w *x, const sa__mpi_w *y)
{
    return x->a != y->a ? (uint64_t)x->a < (uint64_t)y->a : (uint64_t)x->b < (uint64_t)y->b;
}

static int sa__mpi_wcmp(const void *a, const void *b)
{
    const sa__mpi_w *x = (const sa__mpi_w *)a, *y = (const sa__mpi_w *)b;
    return sa__mpi_wlt(x, y) ? -1 : sa__mpi_wlt(y, x);
}

/* The keys of x and y (the bits above P) are equal. */
static int sa__mpi_wkeq(const sa__mpi_w *x, const sa__mpi_w *y, int P)
{
    return x->a == y->a && !(((uint64_t)x->b ^ (uint64_t)y->b) >> P);
}

static unsigned sa__mpi_wdigit(const sa__mpi_w *x, int d)
{
    return (unsigned)((d < 8 ? (uint64_t)x->a >> (56 - 8 * d) : (uint64_t)x->b >> (120 - 8 * d)) & 0xff);
}

/* sa__mpi_msd2 for items: MSD radix sort on the key bytes dig[0..nd), a and b m items each. */
static void sa__mpi_wmsd2(sa__mpi_w *a, sa__mpi_w *b, int64_t m, const unsigned char *dig, int nd, int to_b)
{
    int64_t cnt[256], pos[256], e;
    int k;
    while (nd > 0 && m > 32) {
        int d = dig[0];
        memset(cnt, 0, sizeof cnt);
        for (e = 0; e < m; e++) cnt[sa__mpi_wdigit(&a[e], d)]++;
        if (cnt[sa__mpi_wdigit(&a[0], d)] == m) { dig++; nd--; continue; } /* all alike here */
        for (e = 0, k = 0; k < 256; k++) { pos[k] = e; e += cnt[k]; }
        for (e = 0; e < m; e++) b[pos[sa__mpi_wdigit(&a[e], d)]++] = a[e];
        for (e = 0, k = 0; k < 256; k++) { /* bucket k is in b now */
            if (cnt[k] > 1) sa__mpi_wmsd2(b + e, a + e, cnt[k], dig + 1, nd - 1, !to_b);
            else if (cnt[k] == 1 && !to_b) a[e] = b[e];
            e += cnt[k];
        }
        return;
    }
    if (nd > 0) { /* m <= 32: by the whole item (keys first) */
        int64_t i, j;
        for (i = 1; i < m; i++) {
            sa__mpi_w t = a[i];
            for (j = i; j > 0 && sa__mpi_wlt(&t, &a[j - 1]); j--) a[j] = a[j - 1];
            a[j] = t;
        }
    } /* else every remaining key byte is equal: the keys are equal */
    if (to_b && m) memcpy(b, a, (size_t)m * sizeof *a);
}

/* The key bytes (those with a bit at or above P) on which the m items are not all equal, most
 * significant first; returns how many. */
static int sa__mpi_wdigits(const sa__mpi_w *a, int64_t m, int P, unsigned char *dig)
{
    uint64_t o1 = 0, o2 = 0, n1 = ~(uint64_t)0, n2 = ~(uint64_t)0, km = ~(((uint64_t)1 << P) - 1);
    int64_t e;
    int d, nd = 0;
    for (e = 0; e < m; e++) { o1 |= (uint64_t)a[e].a; n1 &= (uint64_t)a[e].a; o2 |= (uint64_t)a[e].b; n2 &= (uint64_t)a[e].b; }
    o1 ^= n1;
    o2 = (o2 ^ n2) & km;
    for (d = 0; d < 16; d++)
        if ((d < 8 ? o1 >> (56 - 8 * d) : o2 >> (120 - 8 * d)) & 0xff) dig[nd++] = (unsigned char)d;
    return nd;
}

static int sa__mpi_wbucket(const sa__mpi_w *spl, int k, const sa__mpi_w *x)
{
    int lo = 0, hi = k;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (sa__mpi_wlt(x, &spl[mid])) hi = mid; else lo = mid + 1;
    }
    return lo;
}

/* sa__mpi_lsort_in for items: sorted into a (*in_b = 0) or b (*in_b = 1), b m items of scratch. */
static sa_status sa__mpi_wsort_in(sa__mpi_ctx *c, sa__mpi_w *a, sa__mpi_w *b, int64_t m, int P, int nt, int *in_b)
{
    sa__mpi_w spl[256];
    int64_t *cnt;
    int k, t, s, ns, nd, done_par = 0;
    unsigned char dig[16];
    uint64_t seed = 12345;
    if (nt > 256) nt = 256;
    *in_b = 0;
    nd = sa__mpi_wdigits(a, m, P, dig);
    if (nt <= 1 || m < 65536) {
        sa__mpi_wmsd2(a, b, m, dig, nd, 0);
        return SA_OK;
    }
    cnt = (int64_t *)sa__mpi_get(c, (int64_t)nt * (nt + 1), sizeof *cnt);
    if (!cnt) return SA_ERR_NOMEM;
    {   /* splitters: nt-1 of 16*nt random samples */
        sa__mpi_w smp[4096];
        ns = 16 * nt;
        for (s = 0; s < ns; s++) smp[s] = a[sa__mpi_mix(&seed) % (uint64_t)m];
        qsort(smp, (size_t)ns, sizeof *smp, sa__mpi_wcmp);
        for (k = 0; k + 1 < nt; k++) spl[k] = smp[(k + 1) * ns / nt];
    }
    memset(cnt, 0, (size_t)nt * (nt + 1) * sizeof *cnt);
    SA__OMP(omp parallel num_threads(nt))
    {
#ifdef _OPENMP
        int me = omp_get_thread_num(), nth = omp_get_num_threads();
#else
        int me = 0, nth = 1;
#endif
        int64_t e, lo = m * me / nth, hi = m * (me + 1) / nth;
        int64_t *mine = cnt + (int64_t)me * nt;
        if (nth == nt) {
            for (e = lo; e < hi; e++) mine[sa__mpi_wbucket(spl, nt - 1, &a[e])]++;
            SA__OMP(omp barrier)
            SA__OMP(omp single)
            sa__mpi_bucket_offsets(cnt, nt, nt, cnt + (int64_t)nt * nt, NULL);
            for (e = lo; e < hi; e++) b[mine[sa__mpi_wbucket(spl, nt - 1, &a[e])]++] = a[e];
            SA__OMP(omp barrier)
            SA__OMP(omp for schedule(dynamic, 1))
            for (t = 0; t < nt; t++) {
                int64_t s0 = cnt[(int64_t)nt * nt + t];
                int64_t s1 = t + 1 < nt ? cnt[(int64_t)nt * nt + t + 1] : m;
                sa__mpi_wmsd2(b + s0, a + s0, s1 - s0, dig, nd, 0);
            }
            SA__OMP(omp single)
            done_par = 1;
        }
    }
    sa__mpi_put(c, cnt);
    if (!done_par) /* got fewer threads than asked for (nested region, limits): sort serially */
        sa__mpi_wmsd2(a, b, m, dig, nd, 0);
    else *in_b = 1;
    return SA_OK;
}

/* Sorts *pa (m items) with the scratch *spare (spare_n items; taken when big enough, else a
 * fresh block): *pa may be replaced, the other block is freed. */
static sa_status sa__mpi_wsort(sa__mpi_ctx *c, sa__mpi_w **pa, int64_t m, int P, sa__mpi_w **spare, int64_t spare_n)
{
    sa__mpi_w *b;
    int in_b = 0;
    sa_status st;
    if (spare && *spare && spare_n >= m) { b = *spare; *spare = NULL; }
    else b = (sa__mpi_w *)sa__mpi_get(c, m, sizeof *b);
    if (!b) return SA_ERR_NOMEM;
    st = sa__mpi_wsort_in(c, *pa, b, m, P, c->nt, &in_b);
    if (in_b) { sa__mpi_put(c, *pa); *pa = b; }
    else sa__mpi_put(c, b);
    return st;
}

/* sa__mpi_samplesort for items: on return *pa holds this rank's slice (*pm items) of the global
 * order (by key; the slices cut by whole items, so equal keys may span ranks). Collective. */
static sa_status sa__mpi_wsamplesort(sa__mpi_ctx *c, sa__mpi_w **pa, int64_t *pm, int P, uint64_t seed)
{
    sa__mpi_w *a = *pa, *spl = NULL, *sbuf = NULL;
    void *rbuf = NULL, *vspl;
    int64_t m = *pm, rn = 0, *tcnt = NULL;
    int q, nth = 1;
    sa_status st;
    if (c->P == 1) return sa__mpi_wsort(c, pa, m, P, NULL, 0);
    st = sa__mpi_splitters(c, a, m, sizeof *a, c->t_pair, sa__mpi_wcmp, seed, &vspl, &tcnt, &nth);
    spl = (sa__mpi_w *)vspl;
    if (st != SA_OK || !spl) goto done;
    sbuf = (sa__mpi_w *)sa__mpi_get(c, m, sizeof *sbuf);
    st = sa__mpi_agree(c, sbuf ? SA_OK : SA_ERR_NOMEM);
    if (st != SA_OK) goto done;
    SA__OMP(omp parallel for num_threads(nth) schedule(static, 1))
    for (q = 0; q < nth; q++) {
        int64_t *cn = tcnt + (int64_t)q * c->P, x;
        for (x = m * q / nth; x < m * (q + 1) / nth; x++) cn[sa__mpi_wbucket(spl, c->P - 1, &a[x])]++;
    }
    sa__mpi_bucket_offsets(tcnt, nth, c->P, NULL, c->g64);
    SA__OMP(omp parallel for num_threads(nth) schedule(static, 1))
    for (q = 0; q < nth; q++) {
        int64_t *off = tcnt + (int64_t)q * c->P, x;
        for (x = m * q / nth; x < m * (q + 1) / nth; x++) sbuf[off[sa__mpi_wbucket(spl, c->P - 1, &a[x])]++] = a[x];
    }
    sa__mpi_put(c, a); a = *pa = NULL;
    st = sa__mpi_xchg(c, sbuf, c->g64, sizeof *sbuf, c->t_pair, &rbuf, &rn, NULL);
    if (st != SA_OK) goto done;
    *pa = (sa__mpi_w *)rbuf;
    *pm = rn;
    if (rn > m) { sa__mpi_put(c, sbuf); sbuf = NULL; } /* too small for the scratch: not held beside it */
    st = sa__mpi_agree(c, sa__mpi_wsort(c, pa, rn, P, &sbuf, m));
done:
    sa__mpi_put(c, spl);
    sa__mpi_put(c, sbuf);
    sa__mpi_put(c, tcnt);
    return st;
}

/* sa__mpi_rank's round 0 for a sorted slice of items, in place: s[j] becomes the pair (pos,
 * 2 * (global index of the first equal key) + (the key is unique)); *active = items whose key is
 * not unique. Collective. */
static sa_status sa__mpi_wrank(sa__mpi_ctx *c, sa__mpi_w *s, int64_t m, int P, int64_t *active)
{
    int64_t mine[6], *all, off = 0, ks = 0, j, act = 0;
    uint64_t pmask = ((uint64_t)1 << P) - 1;
    sa__mpi_w pk = {0, 0}, nk = {0, 0}, prev = {0, 0};
    int q, has_prev = 0, has_next = 0;
    sa_status st;
    all = (int64_t *)sa__mpi_get(c, 6 * (int64_t)c->P, sizeof *all);
    st = sa__mpi_agree(c, all ? SA_OK : SA_ERR_NOMEM);
    if (st != SA_OK) { if (all) sa__mpi_put(c, all); return st; }
    /* summary: count, first item, last item, last key change inside the slice (-1 if none) */
    mine[0] = m;
    mine[1] = m ? s[0].a : 0;
    mine[2] = m ? s[0].b : 0;
    mine[3] = m ? s[m - 1].a : 0;
    mine[4] = m ? s[m - 1].b : 0;
    mine[5] = -1;
    for (j = m - 1; j >= 1; j--)
        if (!sa__mpi_wkeq(&s[j], &s[j - 1], P)) { mine[5] = j; break; }
    st = sa__mpi_allgather(c, mine, 6, MPI_INT64_T, all);
    if (st != SA_OK) { sa__mpi_put(c, all); return st; }
    for (q = 0; q < c->r; q++) { /* where the key run entering this slice starts */
        const int64_t *a = all + 6 * (int64_t)q;
        sa__mpi_w f;
        if (a[0] == 0) continue;
        f.a = a[1];
        f.b = a[2];
        if (!has_prev || !sa__mpi_wkeq(&f, &pk, P)) ks = off;
        if (a[5] >= 0) ks = off + a[5];
        pk.a = a[3];
        pk.b = a[4];
        has_prev = 1;
        off += a[0];
    }
    for (q = c->r + 1; q < c->P; q++) { /* the item right after this slice */
        const int64_t *a = all + 6 * (int64_t)q;
        if (a[0] == 0) continue;
        nk.a = a[1];
        nk.b = a[2];
        has_next = 1;
        break;
    }
    sa__mpi_put(c, all);
    for (j = 0; j < m; j++) { /* s[j - 1] is already a pair: its item is in prev */
        sa__mpi_w cur = s[j];
        int newkey, lastkey, fin;
        if (j == 0) newkey = !has_prev || !sa__mpi_wkeq(&cur, &pk, P);
        else newkey = !sa__mpi_wkeq(&cur, &prev, P);
        if (newkey) ks = off + j;
        if (j + 1 < m) lastkey = !sa__mpi_wkeq(&cur, &s[j + 1], P);
        else lastkey = !has_next || !sa__mpi_wkeq(&cur, &nk, P);
        fin = newkey && lastkey;
        s[j].a = (int64_t)((uint64_t)cur.b & pmask);
        s[j].b = 2 * ks + fin;
        act += !fin;
        prev = cur;
    }
    *active = act;
    return SA_OK;
}

/* ---- distributed prefix doubling (Manber-Myers ranks, psac's dropping of finished suffixes) ----
 * B[i] (owned by the rank owning text position i) is the h-rank of suffix i: the SA index of the
 * first suffix sharing its first h bytes (so a suffix alone in its group has its final SA index).
 * Round 0 sorts (first 8 bytes, length up to 8) by a global sample sort; round h sorts only the
 * suffixes of unfinished groups by (B[i], B[i+h] + 1 or 0 past the end), fetched from B[i+h]'s
 * owner, and gives each the new rank B + (start of its (B, B2) run - start of its B group). */

/* Ranks a globally sorted run of records (this rank's slice s[0..m)): out[j] = (pos, 2 * new rank
 * + 1 if the new group is a single suffix). Round 0: new rank = global index of the first equal
 * key; later: k1 + (that index - global index of the first record with the same k1).
 * *active = records left in groups of two or more (this rank). Collective. */
static sa_status sa__mpi_rank(sa__mpi_ctx *c, const sa__mpi_rec *s, int64_t m, int round0, sa__mpi_pair *out,
                              int64_t *active, uint8_t *l8)
{
    int64_t mine[7], *all, off = 0, ks = 0, gs = 0, j, act = 0;
    uint64_t pk1 = 0, pk2 = 0, nk1 = 0, nk2 = 0;
    int q, has_prev = 0, has_next = 0;
    sa_status st;
    all = (int64_t *)sa__mpi_get(c, 7 * (int64_t)c->P, sizeof *all);
    st = sa__mpi_agree(c, all ? SA_OK : SA_ERR_NOMEM);
    if (st != SA_OK) { if (all) sa__mpi_put(c, all); return st; }
    /* summary: count, first key, last key, last key change and last k1 change inside the slice
     * (local indices, -1 if none) */
    mine[0] = m;
    mine[1] = m ? (int64_t)s[0].k1 : 0;
    mine[2] = m ? (int64_t)s[0].k2 : 0;
    mine[3] = m ? (int64_t)s[m - 1].k1 : 0;
    mine[4] = m ? (int64_t)s[m - 1].k2 : 0;
    mine[5] = mine[6] = -1;
    for (j = m - 1; j >= 1; j--)
        if (s[j].k1 != s[j - 1].k1 || s[j].k2 != s[j - 1].k2) { mine[5] = j; break; }
    for (j = m - 1; j >= 1; j--)
        if (s[j].k1 != s[j - 1].k1) { mine[6] = j; break; }
    st = sa__mpi_allgather(c, mine, 7, MPI_INT64_T, all);
    if (st != SA_OK) { sa__mpi_put(c, all); return st; }
    for (q = 0; q < c->r; q++) { /* where the key run and the k1 group entering this slice start */
        const int64_t *a = all + 7 * (int64_t)q;
        if (a[0] == 0) continue;
        if (!has_prev || (uint64_t)a[1] != pk1 || (uint64_t)a[2] != pk2) ks = off;
        if (!has_prev || (uint64_t)a[1] != pk1) gs = off;
        if (a[5] >= 0) ks = off + a[5];
        if (a[6] >= 0) gs = off + a[6];
        pk1 = (uint64_t)a[3];
        pk2 = (uint64_t)a[4];
        has_prev = 1;
        off += a[0];
    }
    for (q = c->r + 1; q < c->P; q++) { /* the key right after this slice */
        const int64_t *a = all + 7 * (int64_t)q;
        if (a[0] == 0) continue;
        nk1 = (uint64_t)a[1];
        nk2 = (uint64_t)a[2];
        has_next = 1;
        break;
    }
    sa__mpi_put(c, all);
    for (j = 0; j < m; j++) {
        int newkey, newgrp, lastkey, fin;
        uint64_t k1 = s[j].k1, k2 = s[j].k2;
        if (j == 0) {
            newkey = !has_prev || k1 != pk1 || k2 != pk2;
            newgrp = !has_prev || k1 != pk1;
        } else {
            newkey = k1 != s[j - 1].k1 || k2 != s[j - 1].k2;
            newgrp = k1 != s[j - 1].k1;
        }
        if (newkey) ks = off + j;
        if (newgrp) gs = off + j;
        if (j + 1 < m) lastkey = k1 != s[j + 1].k1 || k2 != s[j + 1].k2;
        else lastkey = !has_next || k1 != nk1 || k2 != nk2;
        fin = newkey && lastkey;
        out[j].a = s[j].pos;
        out[j].b = 2 * (round0 ? ks : (int64_t)k1 + (ks - gs)) + fin;
        act += !fin;
        if (l8) { /* round 0: LCP with the previous suffix from the two 8-byte keys (0 for the first) */
            uint64_t q1 = j ? s[j - 1].k1 : pk1, q2 = j ? s[j - 1].k2 : pk2, x = k1 ^ q1, l = 0;
            if (j || has_prev) {
                while (l < 8 && !(x >> (56 - 8 * l) & 0xff)) l++;
                if (l > k2) l = k2;
                if (l > q2) l = q2;
            }
            l8[j] = (uint8_t)l;
        }
    }
    *active = act;
    return SA_OK;
}

typedef struct sa__mpi_dc {
    int X, nd, b, s, nw;       /* period, cover size, bits per character, merge record words (nw + 1 + nd),
                                  words of characters in it (1 when X - 1 characters fit 64 bits, else 2) */
    int D[4];                  /* the cover, ascending */
    unsigned char in[13];      /* residue in the cover */
    unsigned char L[13][13];   /* smallest l with (a + l) mod X and (b + l) mod X both in the cover */
    unsigned char RI[13][13];  /* index of offset l among residue a's cover offsets (ascending) */
    unsigned char OF[13][4];   /* residue a's cover offsets: the l with (a + l) mod X in the cover, ascending */
    unsigned char CB[13];      /* cover residues below r: sample i's compact index is i / X * nd + CB[i % X] */
    unsigned char CO[13][4];   /* (a + OF[a][o]) / X * nd + CB[(a + OF[a][o]) % X]: for a suffix i of residue
                                  a, its o-th cover sample's compact index is i / X * nd + CO[a][o] */
    int64_t g0, gc;            /* this rank's first sample's compact index, and its samples (in [lo, lo + cnt)) */
    uint64_t M0[13], M1[13];   /* masks of the first l characters of a record's character words */
} sa__mpi_dc;

/* Sends each (pos, value) pair to pos's owner, which stores it: B[pos] = value / 2 and
 * act[pos] = !(value & 1) (act may be NULL). Frees *pp. In `rounds` rounds (the same number on
 * every rank: sa__mpi_upd_rounds), each a stretch of the pairs: the send and receive buffers hold
 * a round's pairs, not all of them (the pairs themselves are freed before the last round).
 * With cd (a DCX level's cover), B is that level's compact sample array: pos's entry is
 * sa__mpi_dc_g(cd, pos) - cd->g0 (pos a sample). Collective. */
static sa_status sa__mpi_update(sa__mpi_ctx *c, sa__mpi_pair **pp, int64_t m, int64_t *B, uint8_t *act, int rounds,
                                const sa__mpi_dc *cd)
{
    sa__mpi_pair *p = *pp, *sb = NULL;
    void *rb = NULL;
    int64_t e, rn = 0;
    int k;
    sa_status st = SA_OK;
    if (rounds < 1) rounds = 1;
    sb = (sa__mpi_pair *)sa__mpi_get(c, (m + rounds - 1) / rounds, sizeof *sb);
    st = sa__mpi_agree(c, sb ? SA_OK : SA_ERR_NOMEM);
    for (k = 0; k < rounds && st == SA_OK; k++) { /* grouped by owner; the pairs freed before the last send */
        int64_t e0 = m * k / rounds, e1 = m * (k + 1) / rounds;
        const sa__mpi_pair *r;
        sa__mpi_by_owner(c, (const int64_t *)(const void *)(p + e0), 2, e1 - e0); /* .a first */
        for (e = e0; e < e1; e++) sb[c->s64[sa__mpi_owner(c, p[e].a)]++] = p[e];
        if (k == rounds - 1) {
            sa__mpi_put(c, p);
            *pp = p = NULL;
        }
        st = sa__mpi_xchg(c, sb, c->g64, sizeof *sb, c->t_pair, &rb, &rn, NULL);
        if (st != SA_OK) break;
        r = (const sa__mpi_pair *)rb;
        SA__OMP(omp parallel for num_threads(c->nt) schedule(static) if(c->nt > 1 && rn > SA__MPI_PAR_MIN))
        for (e = 0; e < rn; e++) {
            int64_t i = cd ? r[e].a / cd->X * cd->nd + cd->CB[r[e].a % cd->X] - cd->g0 : r[e].a - c->lo;
            B[i] = r[e].b >> 1;
            if (act) act[i] = !(r[e].b & 1);
        }
        sa__mpi_put(c, rb);
        rb = NULL;
    }
    if (rb) sa__mpi_put(c, rb);
    if (sb) sa__mpi_put(c, sb);
    if (p) sa__mpi_put(c, p);
    *pp = NULL;
    return st;
}

/* Rounds of a DCX level's updates: SA__MPI_UPD_ROUNDS where a round still averages
 * SA__MPI_UPD_MIN suffixes of a rank's block (c->c: the same on every rank), else one. */
static int sa__mpi_upd_rounds(const sa__mpi_ctx *c)
{
    return c->c / SA__MPI_UPD_ROUNDS >= SA__MPI_UPD_MIN ? SA__MPI_UPD_ROUNDS : 1;
}

/* Asks the owners of positions want[0..m) for B there: got[e] = B[want[e]]. Collective. */
static sa_status sa__mpi_fetch(sa__mpi_ctx *c, const int64_t *want, int64_t m, const int64_t *B, int64_t *got)
{
    int64_t *slot = NULL, *sb = NULL, *rcnt = NULL, e, rn = 0, an = 0;
    void *rb = NULL, *ab = NULL;
    sa_status st;
    slot = (int64_t *)sa__mpi_get(c, m, sizeof *slot);
    sb = (int64_t *)sa__mpi_get(c, m, sizeof *sb);
    rcnt = (int64_t *)sa__mpi_get(c, c->P, sizeof *rcnt);
    st = sa__mpi_agree(c, slot && sb && rcnt ? SA_OK : SA_ERR_NOMEM);
    if (st == SA_OK) { /* grouped by owner; each buffer freed once sent (memory) */
        sa__mpi_by_owner(c, want, 1, m);
        for (e = 0; e < m; e++) sb[slot[e] = c->s64[sa__mpi_owner(c, want[e])]++] = want[e];
        st = sa__mpi_xchg(c, sb, c->g64, sizeof *sb, MPI_INT64_T, &rb, &rn, rcnt);
        sa__mpi_put(c, sb);
        sb = NULL;
    }
    if (st == SA_OK) {
        int64_t *r = (int64_t *)rb;
        SA__OMP(omp parallel for num_threads(c->nt) schedule(static) if(c->nt > 1 && rn > SA__MPI_PAR_MIN))
        for (e = 0; e < rn; e++) r[e] = B[r[e] - c->lo];
        st = sa__mpi_xchg(c, r, rcnt, sizeof *r, MPI_INT64_T, &ab, &an, NULL);
        sa__mpi_put(c, rb);
        rb = NULL;
    }
    if (st == SA_OK) {
        const int64_t *a = (const int64_t *)ab;
        SA__OMP(omp parallel for num_threads(c->nt) schedule(static) if(c->nt > 1 && m > SA__MPI_PAR_MIN))
        for (e = 0; e < m; e++) got[e] = a[slot[e]];
    }
    if (slot) sa__mpi_put(c, slot);
    if (sb) sa__mpi_put(c, sb);
    if (rcnt) sa__mpi_put(c, rcnt);
    if (rb) sa__mpi_put(c, rb);
    if (ab) sa__mpi_put(c, ab);
    return st;
}

/* ---- distributed difference cover suffix sorting (DCX) ------------------------------------------
 * Kaerkkaeinen-Sanders-Burkhardt's DCX over the ranks (as Kulla-Sanders and Haag-Kurpicz-
 * Sanders-Schimek distribute it). A level works on a block-distributed text of characters >= 1
 * (the byte level maps byte v to v + 1; 0 pads past the end):
 *  1. the sample positions i in [0, n] with i mod X in the cover D are sorted by their first X
 *     characters (a 128-bit key) with the global sample sort and named (1 + the global index of
 *     the first equal key); every residue's last sample has padding, so its name is unique and
 *     the reduced text cannot compare across residues;
 *  2. repeated names: the names in (residue, position) order form the reduced text, whose suffix
 *     array (the next level, or one rank's local sort once it is small) ranks the sample;
 *     else the names are the ranks;
 *  3. every suffix i gets a record of its next X-1 characters and the ranks of the samples among
 *     i..i+X-1; two suffixes compare by their first l characters and the ranks at i+l, j+l, for
 *     the smallest l putting both in the sample (the cover's property); splitters drawn from a
 *     random sample cut the suffix order into K x P buckets, and in each of K rounds (bounded
 *     memory: SA__MPI_MERGE_ROUNDS) every rank receives one bucket, sorts it by residue class (a
 *     key sort: within a class l is fixed), merges the X classes and sends the merged slice to
 *     its place in the standard layout. */
#ifndef SA_MPI_DCX
#define SA_MPI_DCX 13 /* the byte level's cover period: 3, 7 or 13 (deeper levels: the largest that fits) */
#endif
#ifndef SA_MPI_DCX_BASE
#define SA_MPI_DCX_BASE ((int64_t)1 << 18) /* a level this small is gathered and sorted on one rank */
#endif
#ifndef SA_MPI_DCX_GATHER
#define SA_MPI_DCX_GATHER 2 /* a recursion level whose names kept after discarding are at most this
                               many times the byte level's block is gathered on rank 0 and sorted
                               there by SA-IS (0: never) */
#endif
#ifndef SA__MPI_GATHER_CORES
#define SA__MPI_GATHER_CORES 0 /* 1: SA_MPI_DCX_GATHER counts blocks of n / (ranks x threads) */
#endif
#define SA__MPI_H 16 /* characters (words) of halo after each rank's block on the integer levels */


static int sa__mpi_dc_maxl(int X) { return X == 3 ? 1 : X == 7 ? 3 : 5; }

/* The period for characters of b bits: the largest of 3, 7, 13 (at most X0) whose keys fit (X
 * characters in 128 bits; the class key's l characters in 60); 0 when none does. */
static int sa__mpi_dc_pick(int X0, int b)
{
    static const int xs[3] = {13, 7, 3};
    int k;
    for (k = 0; k < 3; k++)
        if (xs[k] <= X0 && xs[k] * b <= 128 && sa__mpi_dc_maxl(xs[k]) * b <= 60) return xs[k];
    return 0;
}

static void sa__mpi_dc_init(sa__mpi_dc *d, int X, int b)
{
    static const int c3[2] = {0, 1}, c7[3] = {0, 1, 3}, c13[4] = {0, 1, 3, 9};
    const int *cv = X == 3 ? c3 : X == 7 ? c7 : c13;
    int a, l, k, bb;
    memset(d, 0, sizeof *d);
    d->X = X;
    d->b = b;
    d->nd = X == 3 ? 2 : X == 7 ? 3 : 4;
    d->nw = (X - 1) * b > 64 ? 2 : 1;
    d->s = d->nw + 1 + d->nd;
    for (k = 0; k < d->nd; k++) { d->D[k] = cv[k]; d->in[cv[k]] = 1; }
    for (a = 0; a < X; a++)
        for (k = 0, l = 0; l < X; l++)
            if (d->in[(a + l) % X]) { d->OF[a][k] = (unsigned char)l; d->RI[a][l] = (unsigned char)k++; }
    for (a = 0; a < X; a++)
        for (bb = 0; bb < X; bb++)
            for (l = 0; l < X; l++)
                if (d->in[(a + l) % X] && d->in[(bb + l) % X]) { d->L[a][bb] = (unsigned char)l; break; }
    for (a = 0, k = 0; a < X; a++) { d->CB[a] = (unsigned char)k; k += d->in[a]; }
    for (a = 0; a < X; a++)
        for (k = 0; k < d->nd; k++) {
            int u = a + d->OF[a][k];
            d->CO[a][k] = (unsigned char)(u / X * d->nd + d->CB[u % X]);
        }
    for (l = 0; l < X; l++) {
        int bits = l * b;
        d->M0[l] = bits >= 64 ? ~(uint64_t)0 : bits ? ~(uint64_t)0 << (64 - bits) : 0;
        d->M1[l] = bits > 64 ? ~(uint64_t)0 << (128 - bits) : 0;
    }
}

/* Suffix order of two merge records: w[0..nw) the next X-1 characters (first at the top),
 * w[nw] = position | residue << 58, w[nw + 1..] the sample ranks at the cover offsets (ascending). */
static int sa__mpi_dc_cmp(const sa__mpi_dc *d, const uint64_t *x, const uint64_t *y)
{
    int nw = d->nw, a = (int)(x[nw] >> 58), b = (int)(y[nw] >> 58), l = d->L[a][b];
    uint64_t u = x[0] & d->M0[l], v = y[0] & d->M0[l];
    if (u != v) return u < v ? -1 : 1;
    if (nw == 2) {
        u = x[1] & d->M1[l];
        v = y[1] & d->M1[l];
        if (u != v) return u < v ? -1 : 1;
    }
    u = x[nw + 1 + d->RI[a][l]];
    v = y[nw + 1 + d->RI[b][l]];
    return u < v ? -1 : u > v;
}

/* sa__mpi_dc_cmp(d, x, y) < 0 without branches (the merge's tournament and the splitter search
 * meet unpredictable outcomes; a mispredicted branch costs more than the few extra operations). */
static int sa__mpi_dc_lt(const sa__mpi_dc *d, const uint64_t *x, const uint64_t *y)
{
    int nw = d->nw, a = (int)(x[nw] >> 58), b = (int)(y[nw] >> 58), l = d->L[a][b];
    uint64_t u = x[0] & d->M0[l], v = y[0] & d->M0[l];
    uint64_t ru = x[nw + 1 + d->RI[a][l]], rv = y[nw + 1 + d->RI[b][l]];
    int lt = ru < rv;
    if (nw == 2) { /* the same for every record of the level: predicted */
        uint64_t u1 = x[1] & d->M1[l], v1 = y[1] & d->M1[l];
        lt = (u1 < v1) | ((u1 == v1) & lt);
    }
    return (u < v) | ((u == v) & lt);
}

/* The level's text: bytes (the byte level, T with the layout's halo) or words (names). */
typedef struct sa__mpi_txt { const uint8_t *b; const uint64_t *w; } sa__mpi_txt;

/* Character at local index j of this rank's block (j may reach into the halo): 0 past n. */
static uint64_t sa__mpi_ch(const sa__mpi_ctx *c, const sa__mpi_txt *t, int64_t j)
{
    if (c->lo + j >= c->n) return 0;
    return t->b ? (uint64_t)t->b[j] + 1 : t->w[j];
}

static int sa__mpi_bits(uint64_t v) { int b = 1; while (b < 64 && (v >> b)) b++; return b; }

/* Switches the context's block layout to a length-n array. */
static void sa__mpi_setn(sa__mpi_ctx *c, int64_t n)
{
    c->n = n;
    c->c = n / c->P + (n % c->P != 0);
    if (c->c == 0) c->c = 1;
    sa_mpi_block(n, c->P, c->r, &c->lo, &c->cnt);
}

/* Compact index of cover position i (i mod X in the cover; for any i, that of the first sample >= i):
 * the DCX keeps the ranks R of its samples only, nd of every X positions (3/7 at DC7). */
static int64_t sa__mpi_dc_g(const sa__mpi_dc *d, int64_t i)
{
    return i / d->X * d->nd + d->CB[i % d->X];
}

/* The halos' first step: every rank's first H entries of A (its first have, zeros after) gathered
 * to *heads (P x H; the caller puts it back). Collective. *heads is NULL where the buffer could not
 * be had on some rank (the agreed status returned); otherwise the allgather's status. */
static sa_status sa__mpi_heads(sa__mpi_ctx *c, const uint64_t *A, int64_t have, int H, uint64_t **heads)
{
    uint64_t mine[SA__MPI_H];
    int64_t k;
    sa_status st;
    *heads = (uint64_t *)sa__mpi_get(c, (int64_t)c->P * H, sizeof **heads);
    st = sa__mpi_agree(c, *heads ? SA_OK : SA_ERR_NOMEM);
    if (st != SA_OK) {
        if (*heads) sa__mpi_put(c, *heads);
        *heads = NULL;
        return st;
    }
    memset(mine, 0, sizeof mine);
    for (k = 0; k < H && k < have; k++) mine[k] = A[k];
    return sa__mpi_allgather(c, mine, H, MPI_UINT64_T, *heads);
}

/* sa__mpi_halo64 for the compact sample ranks R (d->gc entries from d->g0, then H of halo): the halo
 * gets the next H samples' entries from the ranks that own them, 0 past n. Collective. */
static sa_status sa__mpi_halo_dc(sa__mpi_ctx *c, const sa__mpi_dc *d, uint64_t *A, int H)
{
    uint64_t *heads;
    int64_t k;
    sa_status st = sa__mpi_heads(c, A, d->gc, H, &heads);
    if (!heads) return st;
    if (st == SA_OK)
        for (k = 0; k < H; k++) {
            int64_t g = d->g0 + d->gc + k, x = g / d->nd * d->X + d->D[g % d->nd], q, i;
            A[d->gc + k] = 0;
            if (x >= c->n) continue;
            q = sa__mpi_owner(c, x);
            i = g - sa__mpi_dc_g(d, q * c->c); /* < H: the ranks between hold no sample */
            if (i >= 0 && i < H) A[d->gc + k] = heads[q * H + i];
        }
    sa__mpi_put(c, heads);
    return st;
}

/* A[cnt .. cnt + H) = the next H entries of the distributed array after this block (0 past n).
 * Collective. */
static sa_status sa__mpi_halo64(sa__mpi_ctx *c, uint64_t *A, int H)
{
    uint64_t *heads;
    int64_t k;
    sa_status st = sa__mpi_heads(c, A, c->cnt, H, &heads);
    if (!heads) return st;
    if (st == SA_OK)
        for (k = 0; k < H; k++) {
            int64_t x = c->lo + c->cnt + k, q;
            if (x >= c->n) { A[c->cnt + k] = 0; continue; }
            q = sa__mpi_owner(c, x);
            A[c->cnt + k] = heads[q * H + (x - q * c->c)];
        }
    sa__mpi_put(c, heads);
    return st;
}

/* Moves m values, global positions off .. off + m - 1 of an order whose positions [a, z) the ranks
 * hold in rank order (each rank one slice, possibly empty), to the standard layout of the current
 * length: out[x - lo] = value at global position x, for x of this rank's block in [a, z).
 * Collective. */
static sa_status sa__mpi_shift_at(sa__mpi_ctx *c, const int64_t *v, int64_t m, int64_t off, int64_t a, int64_t z,
                                  int64_t *out)
{
    int64_t e, rn = 0, b0 = c->lo > a ? c->lo : a, b1 = c->lo + c->cnt < z ? c->lo + c->cnt : z;
    void *rb = NULL;
    int q;
    sa_status st;
    for (q = 0; q < c->P; q++) c->g64[q] = 0;
    for (e = 0; e < m;) { /* runs per destination block */
        int64_t g = off + e, qq = sa__mpi_owner(c, g), end = (qq + 1) * c->c - off;
        if (end > m) end = m;
        c->g64[qq] += end - e;
        e = end;
    }
    /* the values come in rank order, which is position order: straight into out */
    st = sa__mpi_xchg_core(c, v, c->g64, sizeof *v, MPI_INT64_T, sizeof *v, &rb, &rn, NULL,
                           b1 > b0 ? (void *)(out + (b0 - c->lo)) : NULL, b1 > b0 ? b1 - b0 : 0);
    if (st == SA_OK && rn != (b1 > b0 ? b1 - b0 : 0)) st = SA_ERR_INTERNAL;
    st = sa__mpi_agree(c, st);
    if (rb && b1 <= b0) sa__mpi_put(c, rb); /* a fresh empty block */
    return st;
}

/* SA of an int string T[0..n) over 0..k-1 (1 <= k <= n) on this rank's c->nt threads, into sa
 * (int32_t when !wide, else int64_t): sa_build_int's SA-IS level, where the passes that parallel
 * SA-IS threads in its own int levels (seeds, LMS-substring lengths and names, the reduced string,
 * the mapping back: sa__lvl_px) and, with SA__PR_SCANS, its induction scans run on c->nt threads
 * once n >= SA__PR_MIN. The cache and counters it lends those passes (parallel SA-IS lends its byte-scan
 * ones) count in the rank's peak. */
static sa_status sa__mpi_sort_int(sa__mpi_ctx *c, const void *T, void *sa, int64_t n, int64_t k, int wide)
{
    sa_options o;
    if (c->nt > 1 && n >= SA__PR_MIN) {
        int64_t npic = (int64_t)c->nt * SA__PI_CACHE;
        /* the level's counts and bucket ends (2k entries; k <= 256 uses the level's own stack
         * table): from here, so a failure is this rank's and agreed, and counted in the peak
         * (sa__lvl_g's own allocation would retry with k entries and absorb the failure) */
        int64_t nws = k > 256 ? 2 * k : 0;
        void *cache = sa__mpi_get(c, npic, wide ? sizeof(sa__pic64) : sizeof(sa__pic32));
        void *tc = sa__mpi_get(c, 256 * (int64_t)c->nt, wide ? 8 : 4);
        void *ws = nws ? sa__mpi_get(c, nws, wide ? 8 : 4) : NULL;
        sa_status st = cache && tc && (ws || !nws) ? SA_OK : SA_ERR_NOMEM;
        if (st == SA_OK && wide) {
            sa__prx64 px;
            px.nt = c->nt; px.cache = (sa__pic64 *)cache; px.npic = npic; px.tc = (int64_t *)tc;
            st = sa__lvl_px64i((const int64_t *)T, (int64_t *)sa, n, k, (int64_t *)ws, nws, &px);
        } else if (st == SA_OK) {
            sa__prx32 px;
            px.nt = c->nt; px.cache = (sa__pic32 *)cache; px.npic = (int32_t)npic; px.tc = (int32_t *)tc;
            /* (2k past INT32_MAX: a wsize of k or more still needs no allocation: counts recomputed) */
            st = sa__lvl_px32i((const int32_t *)T, (int32_t *)sa, (int32_t)n, (int32_t)k, (int32_t *)ws,
                               (int32_t)(nws < INT32_MAX ? nws : INT32_MAX), &px);
        }
        if (cache) sa__mpi_put(c, cache);
        if (tc) sa__mpi_put(c, tc);
        if (ws) sa__mpi_put(c, ws);
        return st;
    }
    if (SA__INT_BYTES && n > 0 && (k <= 256 || k <= n)) {
        /* sa_build_int's byte path done here: at most 256 distinct symbols as bytes (their ranks,
         * k <= 256 as they are), then the byte level's SA-IS. Its copy is this rank's block:
         * counted in the peak, and when it cannot be had the status says so on every rank
         * (sa_build_int would fall back to its int level without a word, and an allocation
         * failure on one rank would not show). The ranks' table (k bytes) lives in sa. */
        uint8_t *rk = (uint8_t *)sa, *b;
        int64_t i, d = 0, x;
        sa_status st;
        if (k > 256) {
            memset(rk, 0, (size_t)k);
            for (i = 0; i < n && d <= 256; i++) {
                x = wide ? ((const int64_t *)T)[i] : ((const int32_t *)T)[i];
                if (x < 0 || x >= k) return SA_ERR_INTERNAL; /* sa_build_int's range check */
                d += rk[x] == 0;
                rk[x] = 1;
            }
        }
        if (k <= 256 || d <= 256) {
            b = (uint8_t *)sa__mpi_get(c, n, 1);
            if (!b) return SA_ERR_NOMEM;
            if (k > 256)
                for (x = 0, d = 0; x < k; x++) { int f = rk[x]; rk[x] = (uint8_t)d; d += f; }
            for (i = 0; i < n; i++) {
                x = wide ? ((const int64_t *)T)[i] : ((const int32_t *)T)[i];
                if (x < 0 || x >= k) { sa__mpi_put(c, b); return SA_ERR_INTERNAL; }
                b[i] = k > 256 ? rk[x] : (uint8_t)x;
            }
            st = wide ? sa__sais64(b, (int64_t *)sa, n) : sa__sais32(b, (int32_t *)sa, (int32_t)n);
            sa__mpi_put(c, b);
            return st;
        }
    }
    memset(&o, 0, sizeof o);
    o.threads = c->nt;
    {   /* sa_build_int's own blocks, counted in the peak as their bound: the renamed text when
         * k > n (its byte path cannot run now: more than 256 distinct symbols) */
        int64_t extra = k > n ? n * (wide ? 8 : 4) : 0;
        sa_status st;
        c->held += extra;
        if (c->held > c->peak) c->peak = c->held;
        st = wide ? sa_build_int64((const int64_t *)T, (int64_t *)sa, n, k, &o)
                  : sa_build_int((const int32_t *)T, (int32_t *)sa, (int32_t)n, (int32_t)k, &o);
        c->held -= extra;
        return st;
    }
}

/* Suffix array of an integer text on one rank, in place: u[0..n) holds the characters (1..n, as
 * the names of a level are) on entry and the suffix array on return. sa.h's SA-IS on the
 * characters minus one (an alphabet of n: no renaming), 32-bit when n fits (half the memory and
 * faster; the narrowing and the widening run in place). */
static sa_status sa__mpi_local_int(sa__mpi_ctx *c, uint64_t *u, int64_t n)
{
    int64_t i;
    sa_status st;
    for (i = 0; i < n; i++) if (u[i] < 1 || u[i] > (uint64_t)n) return SA_ERR_INTERNAL;
    if (n < SA__MPI_NARROW_MAX) {
        int32_t *t32 = (int32_t *)u, *s32;
        int64_t *sa = (int64_t *)u;
        s32 = (int32_t *)sa__mpi_get(c, n, sizeof *s32);
        if (!s32) return SA_ERR_NOMEM;
        for (i = 0; i < n; i++) t32[i] = (int32_t)(u[i] - 1); /* front to back: writes trail the reads */
        st = sa__mpi_sort_int(c, t32, s32, n, n, 0);
        for (i = n - 1; st == SA_OK && i >= 0; i--) sa[i] = s32[i];
        sa__mpi_put(c, s32);
        return st;
    } else {
        int64_t *t64 = (int64_t *)u, *s64 = (int64_t *)sa__mpi_get(c, n, sizeof *s64);
        if (!s64) return SA_ERR_NOMEM;
        for (i = 0; i < n; i++) t64[i] = (int64_t)u[i] - 1;
        st = sa__mpi_sort_int(c, t64, s64, n, n, 1);
        if (st == SA_OK) memcpy(u, s64, (size_t)n * sizeof *s64);
        sa__mpi_put(c, s64);
        return st;
    }
}

/* Rank 0's threads for a gathered level's sort (c->gnt): while it sorts, the other ranks wait
 * without spinning (sa__mpi_agree_idle), so it borrows the threads of the ranks on its node (their
 * opt->threads summed over MPI_COMM_TYPE_SHARED), at most the processors it may run on
 * (omp_get_num_procs: its affinity mask; ranks bound to one core each lend nothing). At 16 ranks
 * x 1 thread on 16 cores the gathered sort runs on 16 threads instead of one; at 4 x 4 on 16
 * instead of 4. Its sort's per-thread caches (SA__PI_CACHE entries a thread, about 6 MB at 16
 * threads) count in rank 0's peak. SA__MPI_LEND 0: c->nt only. Asked once a call, at the first
 * gathered level of SA__MPI_LEND_MIN or more items (smaller ones sort on one thread and wait the
 * plain way: a call on a short text pays neither the node communicator nor the naps). Collective. */
#ifndef SA__MPI_LEND
#define SA__MPI_LEND 1
#endif
#ifndef SA__MPI_LEND_MIN
#define SA__MPI_LEND_MIN SA__PR_MIN
#endif
static sa_status sa__mpi_lend(sa__mpi_ctx *c)
{
    int sum = c->nt, rc = MPI_SUCCESS;
    c->gnt = c->nt;
#if SA__MPI_LEND && defined(_OPENMP)
    {
        MPI_Comm node = MPI_COMM_NULL;
        int mine = c->nt;
        double t = MPI_Wtime();
        sa_status st;
        rc = MPI_Comm_split_type(c->comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
        st = sa__mpi_agree(c, sa__mpi_rc(rc)); /* a rank whose split failed must not leave its node's
                                                 * ranks waiting in the allreduce below */
        if (st == SA_OK) rc = MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, node);
        else rc = MPI_ERR_OTHER;
        if (node != MPI_COMM_NULL) MPI_Comm_free(&node);
        c->ncoll += 2;
        c->tcomm += MPI_Wtime() - t;
        if (rc == MPI_SUCCESS && c->r == 0) {
            int np = omp_get_num_procs();
            if (sum > np) sum = np;
            if (sum > 256) sum = 256;
            if (sum > c->gnt) c->gnt = sum;
        }
    }
#endif
    (void)sum;
    return sa__mpi_agree(c, sa__mpi_rc(rc));
}

/* A small level: rank 0 gathers the text, sorts it (sa_build64 on bytes, sa__mpi_local_int on
 * names: SA-IS, in place of the gathered names) and sends every rank its block of the SA.
 * Collective. */
static sa_status sa__mpi_dcx_base(sa__mpi_ctx *c, const sa__mpi_txt *t, int64_t *out)
{
    int64_t n = c->n, q, l, k;
    uint8_t *all = NULL;
    int64_t *sa = NULL;
    size_t es = t->b ? 1 : 8;
    int big = n >= SA__MPI_LEND_MIN; /* the same on every rank */
    sa_status st = SA_OK;
    if (big && !c->gnt && (st = sa__mpi_lend(c)) != SA_OK) return st;
    if (c->r == 0) {
        all = (uint8_t *)sa__mpi_get(c, n, es);
        if (t->b) sa = (int64_t *)sa__mpi_get(c, n, sizeof *sa);
        if (!all || (t->b && !sa)) st = SA_ERR_NOMEM;
    }
    st = sa__mpi_agree(c, st);
    if (st != SA_OK) goto done;
    if (c->r == 0) {
        if (c->cnt) memcpy(all, t->b ? (const void *)t->b : (const void *)t->w, (size_t)c->cnt * es);
        for (q = 1; q < c->P && st == SA_OK; q++) {
            sa_mpi_block(n, c->P, (int)q, &l, &k);
            st = sa__mpi_recv(c, all + (size_t)l * es, k, t->b ? MPI_BYTE : MPI_UINT64_T, es, (int)q);
        }
        if (st == SA_OK) {
            double t0 = MPI_Wtime();
            int nt0 = c->nt;
            if (big) c->nt = c->gnt > nt0 ? c->gnt : nt0; /* the node's idle ranks' threads (sa__mpi_lend) */
            if (t->b) {
                sa_options o;
                memset(&o, 0, sizeof o);
                o.threads = c->nt;
                st = sa_build64(all, sa, n, &o);
            } else {
                st = sa__mpi_local_int(c, (uint64_t *)all, n);
                sa = (int64_t *)all; /* the names' suffix array, in place */
                all = NULL;
            }
            c->nt = nt0;
            c->ph[2] += MPI_Wtime() - t0;
        }
    } else {
        st = sa__mpi_send(c, t->b ? (const void *)t->b : (const void *)t->w, c->cnt, t->b ? MPI_BYTE : MPI_UINT64_T,
                          es, 0);
    }
    st = big ? sa__mpi_agree_idle(c, st) : sa__mpi_agree(c, st);
    if (st != SA_OK) goto done;
    if (c->r == 0) {
        if (c->cnt) memcpy(out, sa, (size_t)c->cnt * sizeof *out);
        for (q = 1; q < c->P && st == SA_OK; q++) {
            sa_mpi_block(n, c->P, (int)q, &l, &k);
            st = sa__mpi_send(c, sa + l, k, MPI_INT64_T, sizeof *sa, (int)q);
        }
    } else {
        st = sa__mpi_recv(c, out, c->cnt, MPI_INT64_T, sizeof *out, 0);
    }
    st = sa__mpi_agree(c, st);
done:
    if (all) sa__mpi_put(c, all);
    if (sa) sa__mpi_put(c, sa);
    return st;
}

/* Sorts the merge records in[0..m) (stride d->s words) of the indices idx (sorted on return).
 * Merge sort with the suffix comparator; for the splitter sample only (small). */
static void sa__mpi_dc_msort(const sa__mpi_dc *d, const uint64_t *in, int64_t *idx, int64_t *tmp, int64_t m)
{
    int64_t w, i;
    for (w = 1; w < m; w *= 2) {
        for (i = 0; i < m; i += 2 * w) {
            int64_t a = i, am = i + w < m ? i + w : m, b = am, bm = i + 2 * w < m ? i + 2 * w : m, o = i;
            while (a < am && b < bm)
                tmp[o++] = sa__mpi_dc_cmp(d, in + idx[b] * d->s, in + idx[a] * d->s) < 0 ? idx[b++] : idx[a++];
            while (a < am) tmp[o++] = idx[a++];
            while (b < bm) tmp[o++] = idx[b++];
        }
        memcpy(idx, tmp, (size_t)m * sizeof *idx);
    }
}

/* The merge record of suffix lo + j (see sa__mpi_dc_cmp) from the text and the sample ranks R. */
static void sa__mpi_dc_rec(const sa__mpi_ctx *c, const sa__mpi_dc *d, const sa__mpi_txt *t, const uint64_t *R,
                           int64_t j, uint64_t *w)
{
    uint64_t h = 0, l = 0;
    int64_t i = c->lo + j;
    int X = d->X, a = (int)(i % X), k, b = d->b, sh = 128 - (X - 1) * b, o;
    if (i + X - 1 <= c->n && t->b) { /* all X - 1 characters before n (the halo holds them): no checks */
        const uint8_t *p = t->b + j;
        for (k = 0; k < X - 1; k++) { h = h << b | l >> (64 - b); l = l << b | ((uint64_t)p[k] + 1); }
    } else if (i + X - 1 <= c->n) {
        const uint64_t *p = t->w + j;
        for (k = 0; k < X - 1; k++) { h = h << b | l >> (64 - b); l = l << b | p[k]; }
    } else {
        for (k = 0; k < X - 1; k++) {
            uint64_t ch = sa__mpi_ch(c, t, j + k);
            h = h << b | l >> (64 - b);
            l = l << b | ch;
        }
    }
    if (sh >= 64) { h = l << (sh - 64); l = 0; }
    else if (sh > 0) { h = h << sh | l >> (64 - sh); l <<= sh; }
    w[0] = h;
    if (d->nw == 2) w[1] = l; /* else l is 0: X - 1 characters fit h */
    w[d->nw] = (uint64_t)i | (uint64_t)a << 58;
    {   /* R holds the samples' ranks only (compact, from d->g0); bi may be below 0, bi + CO is not */
        int64_t bi = i / X * d->nd - d->g0;
        for (o = 0; o < d->nd; o++) w[d->nw + 1 + o] = R[bi + d->CO[a][o]];
    }
}

/* The splitter bucket of record w among the splitters all + spl[q] * s, known to lie in [a, b]
 * (a = 0, b = their number when nothing is known). */
static int sa__mpi_dc_bucket(const sa__mpi_dc *d, const uint64_t *w, const uint64_t *all, const int64_t *spl, int a,
                             int b)
{
    while (a < b) {
        int mid = (a + b) / 2;
        int lt = sa__mpi_dc_lt(d, w, all + spl[mid] * d->s);
        b = lt ? mid : b;
        a = lt ? a : mid + 1;
    }
    return a;
}

/* 1: the merge sorts a round's records by their characters, then runs of equal characters by the
 * suffix order; 0: by class keys (residue, l characters, rank), then a winner tree over the X
 * class runs. */
#ifndef SA__MPI_GSORT
#define SA__MPI_GSORT 1
#endif

#if !SA__MPI_GSORT
/* Merges the class runs [h0[a], e0[a]) of kr (a < X; each run in suffix order; kr[i].pos indexes
 * the merge record mr + pos * s) into out[0..) as text positions, by a winner tree over the runs.
 * hp[u] caches run u's head record (NULL once the run is empty), so a comparison reads the two
 * records and nothing else; the records sit at random in mr, so each run's record
 * SA__MPI_PFD heads ahead is prefetched, both of its cache lines (40 bytes straddle one often). */
#define SA__MPI_PFD 16
static void sa__mpi_dc_kmerge(const sa__mpi_dc *d, const uint64_t *mr, const sa__mpi_rec *kr, const int64_t *h0,
                              const int64_t *e0, int64_t *out)
{
    int64_t hd[16], en[16], e, m = 0;
    const uint64_t *hp[16];
    int a, K = 1, tr[32], s = d->s, X = d->X, nw = d->nw;
    for (a = 0; a < X; a++) { hd[a] = h0[a]; en[a] = e0[a]; m += en[a] - hd[a]; }
    while (K < X) K *= 2;
    for (a = X; a < K; a++) hd[a] = en[a] = 0; /* empty runs pad the tree */
    for (a = 0; a < K; a++) {
        int64_t f;
        hp[a] = hd[a] < en[a] ? mr + kr[hd[a]].pos * s : NULL;
        for (f = hd[a] + 1; f < en[a] && f <= hd[a] + SA__MPI_PFD; f++) SA__PF(mr + kr[f].pos * s);
        tr[K + a] = a;
    }
#define SA__MPI_WIN(u, v) (!hp[u] ? v : !hp[v] ? u : sa__mpi_dc_lt(d, hp[v], hp[u]) ? v : u)
    for (a = K - 1; a >= 1; a--) tr[a] = SA__MPI_WIN(tr[2 * a], tr[2 * a + 1]);
    for (e = 0; e < m; e++) {
        int w = tr[1], x;
        int64_t h;
        out[e] = (int64_t)(hp[w][nw] & (((uint64_t)1 << 58) - 1));
        h = ++hd[w];
        hp[w] = h < en[w] ? mr + kr[h].pos * s : NULL;
        if (h + SA__MPI_PFD < en[w]) {
            const uint64_t *f = mr + kr[h + SA__MPI_PFD].pos * s;
            SA__PF(f);
            SA__PF(f + s - 1);
        }
        for (x = (K + w) / 2; x >= 1; x /= 2) tr[x] = SA__MPI_WIN(tr[2 * x], tr[2 * x + 1]);
    }
#undef SA__MPI_WIN
}

/* Runs of fewer records than this per thread are merged by one thread. */
#ifndef SA__MPI_PMERGE_MIN
#define SA__MPI_PMERGE_MIN 32768
#endif

/* The same merge of all m records by up to nt threads: nth - 1 splitter records (evenly spaced in
 * suffix order among 8 * nth drawn evenly from kr) cut every run by binary search (the runs are
 * in suffix order and sa__mpi_dc_cmp is the suffix order between any two records), so thread t
 * merges the records between splitters t - 1 and t into its own stretch of out. */
static void sa__mpi_dc_pmerge(const sa__mpi_dc *d, const uint64_t *mr, const sa__mpi_rec *kr, const int64_t *hd,
                              const int64_t *en, int64_t m, int nt, int64_t *out)
{
    enum { MAXT = 64 };
    int64_t cut[MAXT + 1][16], base[MAXT + 1], smp[8 * MAXT], tmp[8 * MAXT], spl[MAXT];
    int s = d->s, X = d->X, nth = nt < MAXT ? nt : MAXT, t, a, ns, i;
    if ((int64_t)nth > m / SA__MPI_PMERGE_MIN) nth = (int)(m / SA__MPI_PMERGE_MIN);
    if (nth <= 1) { sa__mpi_dc_kmerge(d, mr, kr, hd, en, out); return; }
    ns = 8 * nth;
    for (i = 0; i < ns; i++) smp[i] = kr[(int64_t)i * m / ns].pos; /* record indices */
    sa__mpi_dc_msort(d, mr, smp, tmp, ns);
    for (t = 1; t < nth; t++) spl[t] = smp[t * ns / nth];
    for (a = 0; a < X; a++) { cut[0][a] = hd[a]; cut[nth][a] = en[a]; }
    base[0] = 0;
    for (t = 1; t <= nth; t++) {
        base[t] = 0;
        for (a = 0; a < X; a++) {
            if (t < nth) { /* the first record of run a not before splitter t */
                int64_t lo = cut[t - 1][a], hi = en[a]; /* cut[0] = hd */
                const uint64_t *y = mr + spl[t] * s;
                while (lo < hi) {
                    int64_t mid = lo + (hi - lo) / 2;
                    if (sa__mpi_dc_cmp(d, mr + kr[mid].pos * s, y) < 0) lo = mid + 1; else hi = mid;
                }
                cut[t][a] = lo;
            }
            base[t] += cut[t][a] - hd[a];
        }
    }
    SA__OMP(omp parallel for num_threads(nth) schedule(dynamic, 1))
    for (t = 0; t < nth; t++) sa__mpi_dc_kmerge(d, mr, kr, cut[t], cut[t + 1], out + base[t]);
}
#endif

#if SA__MPI_GSORT
/* LSD radix sort of the m words a (b: m words of scratch) by their bits [lo, lo + span) (above
 * them the words must be 0 or equal), up to 12 bits a pass, with up to nt threads (cnt: nt x 4096
 * counts); stable. Returns the buffer holding the sorted words (a or b). */
static uint64_t *sa__mpi_lsd64(uint64_t *a, uint64_t *b, int64_t m, int lo, int span, int nt, int64_t *cnt)
{
    int np = (span + 11) / 12, p, wd;
    if (np < 1 || m < 2) return a;
    wd = (span + np - 1) / np;
    if (nt > 1 && m < 65536) nt = 1; /* as sa__mpi_lsort_in: short sorts on one thread */
    for (p = 0; p < np; p++) {
        int sh = lo + p * wd, nb = 1 << wd;
        uint64_t mk = (uint64_t)nb - 1, *t;
        SA__OMP(omp parallel num_threads(nt) if(nt > 1))
        {
#ifdef _OPENMP
            int me = omp_get_thread_num(), nth = omp_get_num_threads();
#else
            int me = 0, nth = 1;
#endif
            int64_t e, e0 = m * me / nth, e1 = m * (me + 1) / nth, *mine = cnt + (int64_t)me * nb;
            memset(mine, 0, (size_t)nb * sizeof *mine);
            for (e = e0; e < e1; e++) mine[(a[e] >> sh) & mk]++;
            SA__OMP(omp barrier)
            SA__OMP(omp single)
            sa__mpi_bucket_offsets(cnt, nth, nb, NULL, NULL);
            for (e = e0; e < e1; e++) b[mine[(a[e] >> sh) & mk]++] = a[e];
        }
        t = a; a = b; b = t;
    }
    return a;
}

/* Sorts one run of g records of equal characters (indices ix into mr; tm: g of scratch) by the
 * suffix order and writes their text positions to pos[0..g). */
static void sa__mpi_dc_run(const sa__mpi_dc *d, const uint64_t *mr, int64_t *ix, int64_t *tm, int64_t g, int64_t *pos)
{
    int64_t i, s = d->s;
    if (g > 32) sa__mpi_dc_msort(d, mr, ix, tm, g);
    else
        for (i = 1; i < g; i++) { /* insertion */
            int64_t v = ix[i], j = i;
            for (; j > 0 && sa__mpi_dc_lt(d, mr + v * s, mr + ix[j - 1] * s); j--) ix[j] = ix[j - 1];
            ix[j] = v;
        }
    for (i = 0; i < g; i++) pos[i] = (int64_t)(mr[ix[i] * s + d->nw] & (((uint64_t)1 << 58) - 1));
}
#endif

/* Rounds of the byte level's merge (and every level's): the records travel and are sorted in
 * this many rounds of about cnt / rounds each, so their buffers (40-56 bytes per suffix twice, plus
 * the class keys and their sort's scratch) are that much smaller; fewer where a round would
 * average under SA__MPI_ROUND_MIN suffixes a rank (a round costs about ten collectives, and
 * saves under a megabyte there). 12 for DC13's 56-byte records on bytes: with 8 their peak was
 * over the 20 bytes per input byte, and 16 saved no more (demos/bench/README.md, "sa.h MPI"). */
#ifndef SA__MPI_MERGE_ROUNDS
#define SA__MPI_MERGE_ROUNDS 12
#endif

/* Step 3: this rank's block of the level's SA (out[0..cnt)) from the text t and the sample ranks
 * *pR (the ranks of the samples in [lo, lo + cnt), compact: sample i's at sa__mpi_dc_g(d, i) - d->g0,
 * d->gc entries, then SA__MPI_H of halo, 0 past n; 8 bytes a sample where one a position held 8n
 * before: 3/7 of that at DC7; put back here once
 * the last round's records hold them). Splitter records drawn at random cut the suffix order into
 * K x P buckets (K rounds, P ranks); in round k, bucket k * P + q goes to rank q: the records are
 * built straight into the send buffer grouped by destination (no record array to permute), the
 * received share is sorted through small keys (SA__MPI_GSORT: the records' characters, then runs
 * of equal characters by the DCX comparison; or class keys and a winner tree), the records never
 * moving again, and the sorted slice goes to its place in the standard layout. Collective. */
static sa_status sa__mpi_dcx_merge(sa__mpi_ctx *c, const sa__mpi_dc *d, const sa__mpi_txt *t, uint64_t **pR,
                                   int64_t *out)
{
    int64_t cnt = c->cnt, m = 0, ns, tot, e, rn = 0, *tcnt = NULL, *gsz = NULL, nb, lim, a0 = 0, mcap = 0;
    int s = d->s, P = c->P, q, rc, nth, K = SA__MPI_MERGE_ROUNDS, k;
    uint64_t *mr = NULL, *smp = NULL, *all = NULL, *sb = NULL, *work = NULL, *mrb = NULL, *spl = NULL;
    uint64_t seed = 0x5A4D5049ull ^ (uint64_t)c->n;
    int64_t *idx = NULL, *tmp = NULL, *spx = NULL, *lcnt = NULL;
    int *gcnt = NULL, *gdsp = NULL, tb = 8, lsd_nt = c->nt < 64 ? c->nt : 64;
    uint16_t *dest = NULL, *tab = NULL;
    const uint64_t *R = *pR;
    void *rb = NULL;
    MPI_Datatype dt = MPI_DATATYPE_NULL;
    sa_status st;
    if (K < 1) K = 1;
    while (K > 1 && c->c / K < SA__MPI_ROUND_MIN) K--; /* c->c: the same on every rank */
    while (K > 1 && (int64_t)K * P > 65536) K--; /* bucket numbers in 16 bits */
    nb = (int64_t)K * P;
    nth = c->nt > 1 && cnt > SA__MPI_PAR_MIN ? (c->nt < 64 ? c->nt : 64) : 1;
    lim = (int64_t)SA__MPI_SAMPLES * K;
    {   /* SA__MPI_SAMPLES x K a rank, up to about 64 K in all (at most 16x that), and all the
         * ranks' draws together at most a 16th of a block (c->c: the same on every rank), down to
         * 4 a bucket: every rank gathers all of them (the gathered records, their indices and
         * the own draw: (s * 8 + 16) x lim x P + s * 8 x lim bytes), so a cap a rank let the
         * gathered sample grow with P (the 1 MB memory test at 4 ranks went over its bound with
         * DC13's 56-byte records), and a floor a rank would at many ranks (768 x P records) */
        int64_t want = 65536 / P, cap = c->c / (16 * (int64_t)P);
        if (want > 16 * lim) want = 16 * lim;
        if (want > cap) want = cap;
        if (lim > cap) lim = cap > 4 * (int64_t)K ? cap : 4 * (int64_t)K;
        if (want > lim) lim = want;
    }
    smp = (uint64_t *)sa__mpi_get(c, lim, (size_t)s * 8);
    all = (uint64_t *)sa__mpi_get(c, lim * P, (size_t)s * 8);
    idx = (int64_t *)sa__mpi_get(c, 2 * lim * P, sizeof *idx);
    gcnt = (int *)sa__mpi_get(c, 2 * (int64_t)P, sizeof *gcnt);
    tcnt = (int64_t *)sa__mpi_get(c, (int64_t)nth * nb, sizeof *tcnt);
    gsz = (int64_t *)sa__mpi_get(c, nb, sizeof *gsz);
    if (nb > 65536) dest = NULL; /* destinations in 16 bits, or searched twice */
    else dest = (uint16_t *)sa__mpi_get(c, cnt, sizeof *dest);
    st = smp && all && idx && gcnt && tcnt && gsz && (dest || nb > 65536) ? SA_OK : SA_ERR_NOMEM;
    if (st == SA_OK) {
        rc = MPI_Type_contiguous(s * 8, MPI_BYTE, &dt);
        if (rc == MPI_SUCCESS) rc = MPI_Type_commit(&dt);
        if (rc != MPI_SUCCESS) st = SA_ERR_MPI;
    }
    st = sa__mpi_agree(c, st);
    if (st != SA_OK) goto done;
    gdsp = gcnt + P;
    tmp = idx + lim * P;
    /* splitters: nb - 1 of lim (see above: balanced rounds, since each round's blocks are sized
     * for the largest) random records per rank, in suffix order */
    ns = cnt < lim ? cnt : lim;
    for (e = 0; e < ns; e++) sa__mpi_dc_rec(c, d, t, R, (int64_t)(sa__mpi_mix(&seed) % (uint64_t)cnt), smp + e * s);
    {
        int nsi = (int)ns;
        if ((st = sa__mpi_allgather(c, &nsi, 1, MPI_INT, gcnt)) != SA_OK) goto done;
    }
    for (tot = 0, q = 0; q < P; q++) { gdsp[q] = (int)tot; tot += gcnt[q]; }
    {
        double tt = MPI_Wtime();
        rc = MPI_Allgatherv(smp, (int)ns, dt, all, gcnt, gdsp, dt, c->comm);
        c->tcomm += MPI_Wtime() - tt;
        if ((st = sa__mpi_rc(rc)) != SA_OK) goto done;
    }
    for (e = 0; e < tot; e++) idx[e] = e;
    sa__mpi_dc_msort(d, all, idx, tmp, tot);
    /* the nb - 1 splitters into their own small array (splitter e at spl + spx[e] * s = e * s); the
     * samples go back at once */
    spl = (uint64_t *)sa__mpi_get(c, nb, (size_t)s * 8);
    spx = (int64_t *)sa__mpi_get(c, nb, sizeof *spx);
    /* the splitters' range by a record's first tb bits of characters (its string's prefix: a
     * smaller prefix is a smaller suffix whatever the cover's offsets), so a record's search
     * starts among the few splitters with its prefix: tab[2p] .. tab[2p + 1] for prefix p;
     * 2^tb x 4 bytes, at most a 16th of a block's count (bucket numbers in 16 bits: dest's case) */
    while (tb < 16 && ((int64_t)1 << (tb + 1)) <= cnt / 16) tb++;
    if (dest) tab = (uint16_t *)sa__mpi_get(c, (int64_t)2 << tb, sizeof *tab);
    st = sa__mpi_agree(c, spl && spx && (tab || !dest) ? SA_OK : SA_ERR_NOMEM);
    if (st != SA_OK) goto done;
    for (e = 0; e + 1 < nb; e++) {
        spx[e] = e;
        if (tot) memcpy(spl + e * s, all + idx[(e + 1) * tot / nb] * s, (size_t)s * 8);
    }
    if (tab) { /* counts per prefix in tab[2p + 1], then the ranges (splitters in suffix order) */
        int64_t pfx, acc = 0;
        memset(tab, 0, ((size_t)2 << tb) * sizeof *tab);
        if (tot)
            for (e = 0; e + 1 < nb; e++) tab[2 * (spl[e * s] >> (64 - tb)) + 1]++;
        for (pfx = 0; pfx < ((int64_t)1 << tb); pfx++) {
            int64_t c0 = tab[2 * pfx + 1];
            tab[2 * pfx] = (uint16_t)acc;
            acc += c0;
            tab[2 * pfx + 1] = (uint16_t)acc;
        }
    }
    sa__mpi_put(c, all); all = NULL;
    sa__mpi_put(c, idx); idx = NULL; tmp = NULL;
    sa__mpi_put(c, smp); smp = NULL;
    /* buckets: each thread counts its slice's per bucket (bucket-major offsets follow per round) */
    memset(tcnt, 0, (size_t)(nth * nb) * sizeof *tcnt);
    SA__OMP(omp parallel for num_threads(nth) schedule(static, 1))
    for (q = 0; q < nth; q++) {
        int64_t *cn = tcnt + (int64_t)q * nb, x;
        uint64_t w[16];
        for (x = cnt * q / nth; x < cnt * (q + 1) / nth; x++) {
            int b;
            sa__mpi_dc_rec(c, d, t, R, x, w);
            if (!tot) b = 0;
            else if (tab) {
                uint64_t pf = w[0] >> (64 - tb);
                b = sa__mpi_dc_bucket(d, w, spl, spx, tab[2 * pf], tab[2 * pf + 1]);
            } else b = sa__mpi_dc_bucket(d, w, spl, spx, 0, (int)nb - 1);
            if (dest) dest[x] = (uint16_t)b;
            cn[b]++;
        }
    }
    for (e = 0; e < nb; e++)
        for (gsz[e] = 0, q = 0; q < nth; q++) gsz[e] += tcnt[(int64_t)q * nb + e];
    if ((st = sa__mpi_allreduce(c, gsz, (int)nb, MPI_SUM)) != SA_OK) goto done; /* global bucket sizes */
    {   /* one work block and one receive block for all rounds (fresh blocks fault their pages in
         * again each round): the work block holds a round's send buffer, then its class keys and
         * their sort's scratch (24 bytes each per record), then the merged positions in the half
         * the sort left free; sized for the largest round, which is what the first round needed
         * before (buckets are balanced) */
        int64_t wcap = 0;
        for (k = 0; k < K; k++) {
            int64_t so = 0, mk = gsz[(int64_t)k * P + c->r];
            for (e = 0; e < P; e++)
                for (q = 0; q < nth; q++) so += tcnt[(int64_t)q * nb + (int64_t)k * P + e];
            if (so * s > wcap) wcap = so * s;
            if (mk * 6 > wcap) wcap = mk * 6;
            if (mk * s > mcap) mcap = mk * s;
        }
        work = (uint64_t *)sa__mpi_get(c, wcap, 8);
        mrb = (uint64_t *)sa__mpi_get(c, mcap, 8);
        if (SA__MPI_GSORT && d->nw == 1) { /* the one-word sort's counts (see the rounds) */
            if (lsd_nt < 1) lsd_nt = 1;
            lcnt = (int64_t *)sa__mpi_get(c, (int64_t)lsd_nt * 4096, sizeof *lcnt);
        }
        st = sa__mpi_agree(c, work && mrb && (lcnt || !SA__MPI_GSORT || d->nw != 1) ? SA_OK : SA_ERR_NOMEM);
        if (st != SA_OK) goto done;
        mcap /= s; /* records */
    }
    for (k = 0; k < K; k++) {
        int64_t b0 = (int64_t)k * P, stot;
        sa__mpi_rec *kr, *ks;
        int64_t *pos;
        int in_b = 0;
        /* send counts and each thread's offsets for this round's buckets b0 .. b0 + P - 1 */
        for (stot = 0, e = 0; e < P; e++) {
            c->g64[e] = 0;
            for (q = 0; q < nth; q++) {
                int64_t v = tcnt[(int64_t)q * nb + b0 + e];
                tcnt[(int64_t)q * nb + b0 + e] = stot;
                stot += v;
                c->g64[e] += v;
            }
        }
        sb = work;
        SA__OMP(omp parallel for num_threads(nth) schedule(static, 1))
        for (q = 0; q < nth; q++) {
            int64_t *off = tcnt + (int64_t)q * nb + b0, x;
            uint64_t w[16];
            if (dest) { /* this round's positions picked without branches, 256 at a time */
                int64_t x1 = cnt * (q + 1) / nth, pk[256];
                for (x = cnt * q / nth; x < x1;) {
                    int64_t xe = x + 256 < x1 ? x + 256 : x1, np = 0, i;
                    for (; x < xe; x++) {
                        pk[np] = x;
                        np += (uint64_t)((int64_t)dest[x] - b0) < (uint64_t)P;
                    }
                    for (i = 0; i < np; i++) sa__mpi_dc_rec(c, d, t, R, pk[i], sb + off[dest[pk[i]] - b0]++ * s);
                }
            } else
                for (x = cnt * q / nth; x < cnt * (q + 1) / nth; x++) {
                    int64_t b;
                    sa__mpi_dc_rec(c, d, t, R, x, w);
                    b = tot ? sa__mpi_dc_bucket(d, w, spl, spx, 0, (int)nb - 1) : 0;
                    if (b >= b0 && b < b0 + P) sa__mpi_dc_rec(c, d, t, R, x, sb + off[b - b0]++ * s);
                }
        }
        if (k == K - 1) { /* the last round's records hold all that R, dest and the splitters gave */
            sa__mpi_put(c, *pR); *pR = NULL; R = NULL;
            if (dest) { sa__mpi_put(c, dest); dest = NULL; }
            sa__mpi_put(c, spl); spl = NULL;
            sa__mpi_put(c, spx); spx = NULL;
            if (tab) { sa__mpi_put(c, tab); tab = NULL; }
        }
        st = sa__mpi_xchg_core(c, sb, c->g64, (size_t)s * 8, dt, (size_t)s * 8, &rb, &rn, NULL, mrb, mcap);
        sb = NULL;
        rb = NULL; /* it is mrb */
        if (st != SA_OK) goto done;
        mr = mrb;
        m = rn;
        st = sa__mpi_agree(c, m == gsz[b0 + c->r] ? SA_OK : SA_ERR_INTERNAL);
        if (st != SA_OK) goto done;
        /* this rank's share: class keys (residue, the first l characters, the rank at l) sorted,
         * then the X class runs merged through the keys' indices */
        kr = (sa__mpi_rec *)(void *)work;
        ks = kr + m;
#if SA__MPI_GSORT
        /* this rank's share sorted by its first X - 1 characters (the records' character words:
         * the suffixes' own order wherever they differ), then each run of equal characters by
         * the suffix order itself (sa__mpi_dc_cmp: the ranks at the cover's offsets) */
        if (lcnt) { /* one word of characters: their differing bits and the index in one word */
            uint64_t o = 0, n1 = ~(uint64_t)0, *pk = work, *srt;
            int lo = 0, span = 0, ib = sa__mpi_bits((uint64_t)m);
            for (e = 0; e < m; e++) { o |= mr[e * s]; n1 &= mr[e * s]; }
            o ^= n1; /* bits that differ somewhere */
            if (o) { lo = sa__ctz64(o); span = sa__mpi_bits(o) - lo; }
            if (span + ib <= 64) {
                uint64_t km = span ? (~(uint64_t)0 >> (64 - span)) : 0, im = ~(uint64_t)0 >> (64 - ib);
                int64_t *ix, *tm;
                int nch = c->nt > 1 && m > SA__MPI_PAR_MIN ? 4 * c->nt : 1, ch;
                SA__OMP(omp parallel for num_threads(c->nt) schedule(static) if(nch > 1))
                for (e = 0; e < m; e++) pk[e] = (mr[e * s] >> lo & km) << ib | (uint64_t)e;
                srt = sa__mpi_lsd64(pk, work + m, m, ib, span, lsd_nt, lcnt);
                /* the other path's collective (its sort's agreed status): whether the words fit is
                 * this rank's own finding, so each rank must call the same collectives either way */
                if ((st = sa__mpi_agree(c, SA_OK)) != SA_OK) goto done;
                pos = (int64_t *)(void *)(work + 2 * m);
                ix = pos + m;
                tm = ix + m;
                SA__OMP(omp parallel for num_threads(c->nt) schedule(dynamic, 1) if(nch > 1))
                for (ch = 0; ch < nch; ch++) {
                    int64_t f = m * ch / nch, f1 = m * (ch + 1) / nch, g, i;
                    while (f > 0 && f < f1 && srt[f] >> ib == srt[f - 1] >> ib) f++;
                    while (f < f1) { /* a run starts at f */
                        for (g = f + 1; g < m && srt[g] >> ib == srt[f] >> ib; g++) {}
                        for (i = f; i < g; i++) ix[i] = (int64_t)(srt[i] & im);
                        sa__mpi_dc_run(d, mr, ix + f, tm + f, g - f, pos + f);
                        f = g;
                    }
                }
                goto placed;
            }
        }
        SA__OMP(omp parallel for num_threads(c->nt) schedule(static) if(c->nt > 1 && m > SA__MPI_PAR_MIN))
        for (e = 0; e < m; e++) {
            const uint64_t *w = mr + e * s;
            kr[e].k1 = w[0];
            kr[e].k2 = d->nw == 2 ? w[1] : 0;
            kr[e].pos = e;
        }
        st = sa__mpi_agree(c, sa__mpi_lsort_in(c, kr, ks, m, c->nt, &in_b));
        if (st != SA_OK) goto done;
        if (in_b) { ks = kr; kr = kr + m; } /* sorted keys in kr, the free half (24 bytes a record) in ks */
        pos = (int64_t *)(void *)ks;
        {   /* runs of equal characters: the thread of a stretch sorts those that start in it
             * (record indices and the merge sort's scratch in the free half's other 16 bytes) */
            int64_t *ix = pos + m, *tm = ix + m;
            int nch = c->nt > 1 && m > SA__MPI_PAR_MIN ? 4 * c->nt : 1, ch;
            SA__OMP(omp parallel for num_threads(c->nt) schedule(dynamic, 1) if(nch > 1))
            for (ch = 0; ch < nch; ch++) {
                int64_t f = m * ch / nch, f1 = m * (ch + 1) / nch, g, i;
                while (f > 0 && f < f1 && kr[f].k1 == kr[f - 1].k1 && kr[f].k2 == kr[f - 1].k2) f++;
                while (f < f1) { /* a run starts at f */
                    for (g = f + 1; g < m && kr[g].k1 == kr[f].k1 && kr[g].k2 == kr[f].k2; g++) {}
                    for (i = f; i < g; i++) ix[i] = kr[i].pos;
                    sa__mpi_dc_run(d, mr, ix + f, tm + f, g - f, pos + f);
                    f = g;
                }
            }
        }
#else
        kr = (sa__mpi_rec *)(void *)work;
        ks = kr + m;
        SA__OMP(omp parallel for num_threads(c->nt) schedule(static) if(c->nt > 1 && m > SA__MPI_PAR_MIN))
        for (e = 0; e < m; e++) {
            const uint64_t *w = mr + e * s;
            int a = (int)(w[d->nw] >> 58), l = d->L[a][a];
            kr[e].k1 = (uint64_t)a << 60 | (l ? w[0] >> (64 - l * d->b) : 0);
            kr[e].k2 = w[d->nw + 1]; /* the rank at offset l: the first one */
            kr[e].pos = e;
        }
        st = sa__mpi_agree(c, sa__mpi_lsort_in(c, kr, ks, m, c->nt, &in_b));
        if (st != SA_OK) goto done;
        if (in_b) { ks = kr; kr = kr + m; } /* sorted keys in kr, the free half (24 bytes a record) in ks */
        pos = (int64_t *)(void *)ks;
        {   /* the class runs of kr (in suffix order each), then an X-way merge by nth threads */
            int64_t hd[16], en[16];
            int a;
            for (a = 0; a < 16; a++) hd[a] = en[a] = 0;
            for (e = 0; e < m;) {
                int64_t f = e;
                a = (int)(kr[e].k1 >> 60);
                while (f < m && (int)(kr[f].k1 >> 60) == a) f++;
                hd[a] = e;
                en[a] = f;
                e = f;
            }
            sa__mpi_dc_pmerge(d, mr, kr, hd, en, m, c->nt, pos);
        }
#endif
#if SA__MPI_GSORT
    placed:
#endif
        mr = NULL;
        {   /* this round's buckets are global positions a0 .. z in bucket order; ours starts at off */
            int64_t off = a0, z = a0;
            for (e = 0; e < P; e++) { if (e < c->r) off += gsz[b0 + e]; z += gsz[b0 + e]; }
            st = sa__mpi_shift_at(c, pos, m, off, a0, z, out);
            a0 = z;
        }
        if (st != SA_OK) goto done;
    }
    st = sa__mpi_agree(c, a0 == c->n ? SA_OK : SA_ERR_INTERNAL);
done:
    if (dt != MPI_DATATYPE_NULL) MPI_Type_free(&dt);
    if (work) sa__mpi_put(c, work);
    if (mrb) sa__mpi_put(c, mrb);
    if (smp) sa__mpi_put(c, smp);
    if (all) sa__mpi_put(c, all);
    if (idx) sa__mpi_put(c, idx);
    if (spl) sa__mpi_put(c, spl);
    if (spx) sa__mpi_put(c, spx);
    if (tab) sa__mpi_put(c, tab);
    if (gcnt) sa__mpi_put(c, gcnt);
    if (tcnt) sa__mpi_put(c, tcnt);
    if (gsz) sa__mpi_put(c, gsz);
    if (dest) sa__mpi_put(c, dest);
    if (lcnt) sa__mpi_put(c, lcnt);
    return st;
}

/* A gathered recursion level with discarding (Dementiev, Kaerkkaeinen, Mehnert, Sanders): w[0..cnt)
 * is this rank's block of the reduced text as name << 1 | unique. A suffix whose first name is
 * unique is ordered by that name alone, so only the names that repeat, and the unique ones right
 * after them (where their comparisons stop), travel to rank 0; their order there is their order
 * in the whole reduced text (a comparison reaching a kept unique name stops at it). Rank 0 sorts
 * them by SA-IS and returns each one's offset in its name's run; names are 1 + the number of
 * smaller suffixes' names, so rk[x] = name + offset (unique names: name) is the 1-based rank of
 * suffix x of this rank's block. Collective. */
/* The flag (1: unique) of the reduced suffix before this rank's block (1 when none), and the
 * number of names sa__mpi_dcx_kept keeps over all ranks (*total; may be NULL). Collective. */
static sa_status sa__mpi_dcx_prev(sa__mpi_ctx *c, const uint64_t *w, int64_t *pu, int64_t *total)
{
    int64_t cnt = c->cnt, x, mine, q, k = 0, p0;
    int64_t *cn = (int64_t *)sa__mpi_get(c, c->P, sizeof *cn);
    sa_status st = sa__mpi_agree(c, cn ? SA_OK : SA_ERR_NOMEM);
    *pu = 1;
    if (st != SA_OK) { if (cn) sa__mpi_put(c, cn); return st; }
    mine = cnt ? (int64_t)(w[cnt - 1] & 1) : -1;
    st = sa__mpi_allgather(c, &mine, 1, MPI_INT64_T, cn);
    if (st == SA_OK) for (q = c->r - 1; q >= 0; q--) if (cn[q] >= 0) { *pu = cn[q]; break; }
    sa__mpi_put(c, cn);
    if (st != SA_OK || !total) return st;
    for (p0 = *pu, x = 0; x < cnt; x++) { k += !(w[x] & 1) || !p0; p0 = (int64_t)(w[x] & 1); }
    *total = k;
    return sa__mpi_allreduce(c, total, 1, MPI_SUM);
}

/* Bits set in x (the dense renaming below). */
static int sa__mpi_popcount(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(x);
#else
    int k = 0;
    for (; x; x &= x - 1) k++;
    return k;
#endif
}

/* Renames v[0..m) (values in [1, n]) in place to their ranks among the distinct values, 0-based,
 * and returns the number of distinct values in *d: sa__mpi_sort_int then gets an alphabet no larger
 * than its text (a larger one makes it rename by a radix sort and a binary search per symbol,
 * which measured as most of a gathered level's time). A bitmap of the values with a popcount
 * prefix per 64-bit word: n / 4 bytes, two sequential passes and one over v. */
static sa_status sa__mpi_dense(sa__mpi_ctx *c, uint64_t *v, int64_t m, int64_t n, int64_t *d)
{
    int64_t words = n / 64 + 1, w, i, sum = 0;
    uint64_t *bits = (uint64_t *)sa__mpi_get(c, 2 * words, sizeof *bits), *pre;
    int nt = c->nt > 1 && m > SA__MPI_PAR_MIN ? c->nt : 1; /* rank 0's (lent) threads */
    if (!bits) return SA_ERR_NOMEM;
    pre = bits + words;
    memset(bits, 0, (size_t)words * sizeof *bits);
    if (nt > 1) {
        SA__OMP(omp parallel for num_threads(nt) schedule(static))
        for (i = 0; i < m; i++) {
            uint64_t *bw = &bits[v[i] >> 6], bb = (uint64_t)1 << (v[i] & 63);
            SA__OMP(omp atomic)
            *bw |= bb;
        }
    } else {
        for (i = 0; i < m; i++) bits[v[i] >> 6] |= (uint64_t)1 << (v[i] & 63);
    }
    for (w = 0; w < words; w++) { pre[w] = (uint64_t)sum; sum += sa__mpi_popcount(bits[w]); }
    SA__OMP(omp parallel for num_threads(nt) schedule(static) if(nt > 1))
    for (i = 0; i < m; i++) {
        uint64_t x = v[i];
        v[i] = pre[x >> 6] + (uint64_t)sa__mpi_popcount(bits[x >> 6] & (((uint64_t)1 << (x & 63)) - 1));
    }
    sa__mpi_put(c, bits);
    *d = sum;
    return SA_OK;
}

/* The kept names' offsets in their runs: with sa[0..m) the suffix array of t[0..m) (int32_t each
 * when !wide, else int64_t), t[sa[i]] becomes i minus the start of the run of equal t in sa order
 * that holds i. On up to nt threads, each over its stretch of i: pass 1 finds the last run start
 * of each stretch (scanning back from its end) and the name before it, before any write; the
 * stretch's first run start follows from the earlier stretches'; pass 2 writes, each p = sa[i]
 * read and then written by the one thread whose stretch holds i. */
static void sa__mpi_run_offsets(void *t, const void *sa, int64_t m, int wide, int nt)
{
    enum { MAXT = 256 };
    int64_t lb[MAXT + 1], rs0[MAXT + 1], pg[MAXT + 1];
    int q;
#define SA__MPI_T(i) (wide ? ((int64_t *)t)[i] : (int64_t)((int32_t *)t)[i])
#define SA__MPI_S(i) (wide ? ((const int64_t *)sa)[i] : (int64_t)((const int32_t *)sa)[i])
    if (nt > MAXT) nt = MAXT;
    if ((int64_t)nt > m / SA__MPI_PAR_MIN) nt = (int)(m / SA__MPI_PAR_MIN);
    if (nt < 1) nt = 1;
    SA__OMP(omp parallel for num_threads(nt) schedule(static, 1) if(nt > 1))
    for (q = 0; q < nt; q++) {
        int64_t a = m * q / nt, b = m * (q + 1) / nt, i, f = -1;
        for (i = b - 1; i >= a && f < 0; i--)
            if (i == 0 || SA__MPI_T(SA__MPI_S(i)) != SA__MPI_T(SA__MPI_S(i - 1))) f = i;
        lb[q] = f;
        pg[q] = a > 0 ? SA__MPI_T(SA__MPI_S(a - 1)) : -1;
    }
    {
        int64_t cur = 0;
        for (q = 0; q < nt; q++) { rs0[q] = cur; if (lb[q] >= 0) cur = lb[q]; }
    }
    SA__OMP(omp parallel for num_threads(nt) schedule(static, 1) if(nt > 1))
    for (q = 0; q < nt; q++) {
        int64_t a = m * q / nt, b = m * (q + 1) / nt, i, rs = rs0[q], prev = pg[q];
        for (i = a; i < b; i++) {
            int64_t p = SA__MPI_S(i), g = SA__MPI_T(p);
            if (i == 0 || g != prev) rs = i;
            prev = g;
            if (wide) ((int64_t *)t)[p] = i - rs;
            else ((int32_t *)t)[p] = (int32_t)(i - rs);
        }
    }
#undef SA__MPI_T
#undef SA__MPI_S
}

static sa_status sa__mpi_dcx_kept(sa__mpi_ctx *c, const uint64_t *w, int64_t *rk)
{
    int64_t cnt = c->cnt, x, k = 0, tot = 0, *cn = NULL, pu = 1, q, i;
    uint64_t *kn = NULL, *all = NULL;
    void *ko = NULL;
    int narrow, big;
    sa_status st = SA_OK;
    if ((st = sa__mpi_dcx_prev(c, w, &pu, NULL)) != SA_OK) return st;
    cn = (int64_t *)sa__mpi_get(c, c->P, sizeof *cn);
    kn = (uint64_t *)sa__mpi_get(c, cnt, sizeof *kn);
    st = sa__mpi_agree(c, cn && kn ? SA_OK : SA_ERR_NOMEM);
    if (st != SA_OK) goto done;
    {
        int64_t p0 = pu;
        for (x = 0; x < cnt; x++) {
            int64_t u = (int64_t)(w[x] & 1);
            if (!u || !p0) kn[k++] = w[x] >> 1;
            p0 = u;
        }
    }
    if ((st = sa__mpi_allgather(c, &k, 1, MPI_INT64_T, cn)) != SA_OK) goto done;
    for (q = 0; q < c->P; q++) tot += cn[q];
    narrow = tot < SA__MPI_NARROW_MAX && c->n < SA__MPI_NARROW_MAX; /* the same on every rank */
    big = tot >= SA__MPI_LEND_MIN; /* likewise */
    if (big && !c->gnt && (st = sa__mpi_lend(c)) != SA_OK) goto done;
    if (c->r == 0) all = (uint64_t *)sa__mpi_get(c, tot, sizeof *all);
    else ko = sa__mpi_get(c, k, narrow ? 4 : 8);
    st = sa__mpi_agree(c, (c->r == 0 ? all != NULL : ko != NULL) ? SA_OK : SA_ERR_NOMEM);
    if (st != SA_OK) goto done;
    if (c->r == 0) {
        int64_t o = k, dn = 0;
        int nt0 = c->nt;
        double t0;
        if (k) memcpy(all, kn, (size_t)k * sizeof *all);
        sa__mpi_put(c, kn); kn = NULL; /* not held beside the sort (memory) */
        for (q = 1; q < c->P && st == SA_OK; q++) {
            st = sa__mpi_recv(c, all + o, cn[q], MPI_UINT64_T, sizeof *all, (int)q);
            o += cn[q];
        }
        for (i = 0; st == SA_OK && i < tot; i++) if (all[i] < 1 || all[i] > (uint64_t)c->n) st = SA_ERR_INTERNAL;
        t0 = MPI_Wtime();
        if (big) c->nt = c->gnt > nt0 ? c->gnt : nt0; /* the node's idle ranks' threads (sa__mpi_lend) */
        if (st == SA_OK && tot) st = sa__mpi_dense(c, all, tot, c->n, &dn); /* alphabet dn <= tot */
        if (st == SA_OK && tot && narrow) { /* SA of the kept names' ranks, then run offsets */
            /* the names narrowed in place to the block's first half; their SA in its second half
             * (no block of its own: rank 0's peak here is the gathered level's) */
            int32_t *t32 = (int32_t *)all, *s32 = t32 + tot;
            for (i = 0; i < tot; i++) t32[i] = (int32_t)all[i]; /* writes trail reads */
            if (st == SA_OK) st = sa__mpi_sort_int(c, t32, s32, tot, dn, 0);
            c->ph[2] += MPI_Wtime() - t0;
            if (st == SA_OK) sa__mpi_run_offsets(t32, s32, tot, 0, c->nt);
        } else if (st == SA_OK && tot) {
            int64_t *t64 = (int64_t *)all, *s64 = (int64_t *)sa__mpi_get(c, tot, sizeof *s64);
            if (!s64) st = SA_ERR_NOMEM;
            for (i = 0; st == SA_OK && i < tot; i++) t64[i] = (int64_t)all[i];
            if (st == SA_OK) st = sa__mpi_sort_int(c, t64, s64, tot, dn, 1);
            c->ph[2] += MPI_Wtime() - t0;
            if (st == SA_OK) sa__mpi_run_offsets(t64, s64, tot, 1, c->nt);
            if (s64) sa__mpi_put(c, s64);
        }
        c->nt = nt0;
    } else {
        st = sa__mpi_send(c, kn, k, MPI_UINT64_T, sizeof *kn, 0);
        sa__mpi_put(c, kn); kn = NULL;
    }
    st = big ? sa__mpi_agree_idle(c, st) : sa__mpi_agree(c, st);
    if (st != SA_OK) goto done;
    if (c->r == 0) { /* the offsets back, in the order they came */
        int64_t o = k;
        for (q = 1; q < c->P && st == SA_OK; q++) {
            st = sa__mpi_send(c, (char *)all + (size_t)o * (narrow ? 4 : 8), cn[q], narrow ? MPI_INT32_T : MPI_INT64_T,
                              narrow ? 4 : 8, (int)q);
            o += cn[q];
        }
        ko = all;
    } else {
        st = sa__mpi_recv(c, ko, k, narrow ? MPI_INT32_T : MPI_INT64_T, narrow ? 4 : 8, 0);
    }
    st = sa__mpi_agree(c, st);
    if (st == SA_OK) {
        int64_t kk = 0, p0 = pu;
        for (x = 0; x < cnt; x++) {
            int64_t u = (int64_t)(w[x] & 1), name = (int64_t)(w[x] >> 1);
            if (!u || !p0) name += narrow ? ((const int32_t *)ko)[kk++] : ((const int64_t *)ko)[kk++];
            rk[x] = name;
            p0 = u;
        }
    }
    if (c->r == 0) ko = NULL; /* it is all */
done:
    if (cn) sa__mpi_put(c, cn);
    if (kn) sa__mpi_put(c, kn);
    if (all) sa__mpi_put(c, all);
    if (ko) sa__mpi_put(c, ko);
    return st;
}

/* The sample key of suffix lo + j: its X characters (b bits each, the first at the top) as the
 * 128-bit number (k1, k2). */
static void sa__mpi_dc_key(const sa__mpi_ctx *c, const sa__mpi_txt *t, int X, int b, int64_t j, sa__mpi_rec *r)
{
    uint64_t h = 0, l = 0;
    int k;
    for (k = 0; k < X; k++) {
        uint64_t ch = sa__mpi_ch(c, t, j + k);
        h = h << b | (b < 64 ? l >> (64 - b) : 0);
        l = l << b | ch;
    }
    r->k1 = h;
    r->k2 = l;
    r->pos = c->lo + j;
}

/* The same key packed with the position (P bits, X * b + P <= 128): the item key << P | pos. */
static void sa__mpi_dc_wkey(const sa__mpi_ctx *c, const sa__mpi_txt *t, int X, int b, int P, int64_t j, sa__mpi_w *w)
{
    sa__mpi_rec r;
    sa__mpi_dc_key(c, t, X, b, j, &r);
    w->a = (int64_t)(r.k1 << P | r.k2 >> (64 - P));
    w->b = (int64_t)(r.k2 << P | (uint64_t)r.pos);
}

/* The byte level's alphabet: the bytes that occur anywhere (an allreduce of each rank's
 * presence) renumbered 0 .. sigma - 1 in byte order in T[0..len) (the block and its halo; a
 * monotone map keeps the suffix order and every comparison's outcome), inv[] the way back, *pb
 * the bits of the characters 1 .. sigma the levels read (sa__mpi_ch's + 1): ACGT 3 bits instead of
 * 9, so the sample keys pack and DC13's merge records take one word of characters. Collective. */
static sa_status sa__mpi_alpha(sa__mpi_ctx *c, uint8_t *T, int64_t len, uint8_t *inv, int *pb)
{
    int64_t h[256], j;
    uint8_t map[256];
    int v, sig = 0;
    sa_status st;
    memset(h, 0, sizeof h);
    for (j = 0; j < c->cnt; j++) h[T[j]] = 1;
    if ((st = sa__mpi_allreduce(c, h, 256, MPI_MAX)) != SA_OK) return st;
    for (v = 0; v < 256; v++) {
        map[v] = (uint8_t)sig;
        if (h[v]) inv[sig++] = (uint8_t)v;
    }
    for (j = 0; j < len; j++) T[j] = map[T[j]];
    *pb = sa__mpi_bits((uint64_t)sig);
    return SA_OK;
}

/* One level: this rank's block out[0..cnt) of the suffix array of the level's text t (the
 * context's layout is the level's length on entry and on return). Collective. */
static sa_status sa__mpi_dcx(sa__mpi_ctx *c, const sa__mpi_txt *t, int X0, int b, int64_t *out, int depth)
{
    int64_t n = c->n, lo = c->lo, cnt = c->cnt, j, m = 0, act = 0, off[5], nn = 0, k;
    int X, q, nth, wp, packed;
    sa__mpi_dc d;
    sa__mpi_rec *rec = NULL;
    sa__mpi_pair *pr = NULL;
    uint64_t *R = NULL, *tw = NULL;
    int64_t *sa2 = NULL;
    sa_status st = SA_OK;
    double t0 = MPI_Wtime(), t1;
    if (depth > c->levels) c->levels = depth;
    /* below 7 characters a level's sample need not be shorter than its text: always gathered */
    if (n <= (SA_MPI_DCX_BASE > 6 ? SA_MPI_DCX_BASE : 6) || c->P == 1 || (depth > 0 && n <= c->glim))
        return sa__mpi_dcx_base(c, t, out);
    X = sa__mpi_dc_pick(X0, b);
    if (!X || n >= ((int64_t)1 << 57)) return SA_ERR_SIZE; /* every rank sees the same n and b */
    sa__mpi_dc_init(&d, X, b);
    d.g0 = sa__mpi_dc_g(&d, lo); /* R: the ranks of this block's samples only */
    d.gc = sa__mpi_dc_g(&d, lo + cnt) - d.g0;
    if (depth == 0) c->cover = X;
    for (k = 0; k < d.nd; k++) { /* samples of residue D[k] in [0, n]: off[k] .. off[k + 1] */
        off[k] = nn;
        nn += d.D[k] <= n ? (n - d.D[k]) / X + 1 : 0;
    }
    off[d.nd] = nn;
    /* 1. sample keys: X characters, the first at the top, as one 128-bit number; each thread
     * fills the keys of its own stretch of the block (its first key's index counted) */
    for (j = 0; j < cnt; j++) m += d.in[(lo + j) % X];
    if (cnt && lo + cnt == n && d.in[n % X]) m++; /* the padded sample at n */
    wp = sa__mpi_bits((uint64_t)n); /* positions 0..n */
    packed = X * b + wp <= 128 && !SA__MPI_NO_PACK;
    if (packed) pr = (sa__mpi_pair *)sa__mpi_get(c, m, sizeof *pr);
    else rec = (sa__mpi_rec *)sa__mpi_get(c, m, sizeof *rec);
    st = sa__mpi_agree(c, rec || pr ? SA_OK : SA_ERR_NOMEM);
    if (st != SA_OK) goto done;
    nth = c->nt > 1 && cnt > SA__MPI_PAR_MIN ? (c->nt < 64 ? c->nt : 64) : 1;
    SA__OMP(omp parallel for num_threads(nth) schedule(static, 1))
    for (q = 0; q < nth; q++) {
        int64_t j0 = cnt * q / nth, j1 = cnt * (q + 1) / nth, e = j0 / X * d.nd, jj;
        for (jj = j0 - j0 % X; jj < j0; jj++) e += d.in[(lo + jj) % X];
        for (jj = j0; jj < j1; jj++)
            if (d.in[(lo + jj) % X]) {
                if (packed) sa__mpi_dc_wkey(c, t, X, b, wp, jj, &pr[e++]);
                else sa__mpi_dc_key(c, t, X, b, jj, &rec[e++]);
            }
    }
    if (cnt && lo + cnt == n && d.in[n % X]) {
        if (packed) sa__mpi_dc_wkey(c, t, X, b, wp, cnt, &pr[m - 1]);
        else sa__mpi_dc_key(c, t, X, b, cnt, &rec[m - 1]);
    }
    if (packed) { /* 16-byte items throughout; named in place */
        st = sa__mpi_wsamplesort(c, &pr, &m, wp, (uint64_t)depth + 1);
        if (st != SA_OK) goto done;
        st = sa__mpi_wrank(c, pr, m, wp, &act); /* pr[e] = (pos, 2 * (name - 1) + unique) */
        if (st != SA_OK) goto done;
    } else {
        st = sa__mpi_samplesort(c, &rec, &m, (uint64_t)depth + 1, X * b <= 64 ? 3 : 0); /* keys in k2 alone: 16 bytes */
        if (st != SA_OK) goto done;
        pr = (sa__mpi_pair *)sa__mpi_get(c, m, sizeof *pr);
        st = sa__mpi_agree(c, pr ? SA_OK : SA_ERR_NOMEM);
        if (st != SA_OK) goto done;
        st = sa__mpi_rank(c, rec, m, 1, pr, &act, NULL); /* pr[e] = (pos, 2 * (name - 1) + unique) */
        sa__mpi_put(c, rec); rec = NULL;
        if (st != SA_OK) goto done;
    }
    if ((st = sa__mpi_allreduce(c, &act, 1, MPI_SUM)) != SA_OK) goto done;
    t1 = MPI_Wtime();
    if (depth == 0) c->ph[0] = t1 - t0;
    if (act == 0) { /* 2a. unique names are the ranks: R[i] = name (the sample at n dropped) */
        int64_t w = 0;
        R = (uint64_t *)sa__mpi_get(c, d.gc + SA__MPI_H, sizeof *R);
        st = sa__mpi_agree(c, R ? SA_OK : SA_ERR_NOMEM);
        if (st != SA_OK) goto done;
        memset(R, 0, (size_t)(d.gc + SA__MPI_H) * sizeof *R);
        for (j = 0; j < m; j++)
            if (pr[j].a < n) { pr[w].a = pr[j].a; pr[w].b = 2 * ((pr[j].b >> 1) + 1); w++; }
        st = sa__mpi_update(c, &pr, w, (int64_t *)R, NULL, sa__mpi_upd_rounds(c), &d);
        if (st != SA_OK) goto done;
    } else { /* 2b. the reduced text: name at (residue's offset + i / X), then its suffix array (or, when
              * the next level is gathered, the ranks of its suffixes, sa__mpi_dcx_kept) */
        int64_t lo2, cnt2;
        int gat = 0;
        SA__OMP(omp parallel for num_threads(c->nt) schedule(static) if(c->nt > 1 && m > SA__MPI_PAR_MIN))
        for (j = 0; j < m; j++) { /* name << 1 | unique at the reduced text's position */
            int64_t i = pr[j].a;
            int r = 0;
            while (d.D[r] != (int)(i % X)) r++;
            pr[j].a = off[r] + i / X;
            pr[j].b = 2 * (((pr[j].b >> 1) + 1) << 1 | (pr[j].b & 1));
        }
        sa__mpi_setn(c, nn);
        lo2 = c->lo;
        cnt2 = c->cnt;
        tw = (uint64_t *)sa__mpi_get(c, cnt2 + SA__MPI_H, sizeof *tw);
        st = sa__mpi_agree(c, tw ? SA_OK : SA_ERR_NOMEM);
        if (st == SA_OK) st = sa__mpi_update(c, &pr, m, (int64_t *)tw, NULL, sa__mpi_upd_rounds(c), NULL);
        if (st == SA_OK) { /* after the update: not held beside its buffers (memory) */
            sa2 = (int64_t *)sa__mpi_get(c, cnt2, sizeof *sa2);
            st = sa__mpi_agree(c, sa2 ? SA_OK : SA_ERR_NOMEM);
        }
        if (st == SA_OK) { /* gathered when small, or when what discarding keeps is small */
            int64_t pu, kept;
            st = sa__mpi_dcx_prev(c, tw, &pu, &kept);
            gat = nn <= (SA_MPI_DCX_BASE > 6 ? SA_MPI_DCX_BASE : 6) || kept <= c->glim;
            if (st == SA_OK && !gat) for (j = 0; j < cnt2; j++) tw[j] >>= 1; /* the names alone */
        }
        if (st == SA_OK && gat) {
            if (depth + 1 > c->levels) c->levels = depth + 1;
            st = sa__mpi_dcx_kept(c, tw, sa2); /* sa2[j]: rank of reduced suffix lo2 + j */
        } else if (st == SA_OK) st = sa__mpi_halo64(c, tw, SA__MPI_H);
        if (st == SA_OK && !gat) {
            sa__mpi_txt t2;
            t2.b = NULL;
            t2.w = tw;
            st = sa__mpi_dcx(c, &t2, X0, sa__mpi_bits((uint64_t)nn), sa2, depth + 1);
        }
        if (st == SA_OK) {
            sa__mpi_put(c, tw); tw = NULL;
            pr = (sa__mpi_pair *)sa__mpi_get(c, cnt2, sizeof *pr);
            st = sa__mpi_agree(c, pr ? SA_OK : SA_ERR_NOMEM);
        }
        sa__mpi_setn(c, n);
        if (st != SA_OK) goto done;
        for (m = 0, j = 0; j < cnt2; j++) { /* back to text positions: R[i] = 1 + SA index */
            int64_t p = gat ? lo2 + j : sa2[j], i;
            for (q = d.nd - 1; off[q] > p; q--) {}
            i = (p - off[q]) * X + d.D[q];
            if (i < n) { pr[m].a = i; pr[m].b = 2 * (gat ? sa2[j] : lo2 + j + 1); m++; }
        }
        sa__mpi_put(c, sa2); sa2 = NULL;
        R = (uint64_t *)sa__mpi_get(c, d.gc + SA__MPI_H, sizeof *R); /* after the recursion: memory */
        st = sa__mpi_agree(c, R ? SA_OK : SA_ERR_NOMEM);
        if (st != SA_OK) goto done;
        memset(R, 0, (size_t)(d.gc + SA__MPI_H) * sizeof *R);
        st = sa__mpi_update(c, &pr, m, (int64_t *)R, NULL, sa__mpi_upd_rounds(c), &d);
        if (st != SA_OK) goto done;
    }
    if ((st = sa__mpi_halo_dc(c, &d, R, SA__MPI_H)) != SA_OK) goto done;
    t0 = MPI_Wtime();
    if (depth == 0) c->ph[1] = t0 - t1;
    st = sa__mpi_dcx_merge(c, &d, t, &R, out);
    if (depth == 0) c->ph[3] = MPI_Wtime() - t0;
done:
    if (rec) sa__mpi_put(c, rec);
    if (pr) sa__mpi_put(c, pr);
    if (R) sa__mpi_put(c, R);
    if (tw) sa__mpi_put(c, tw);
    if (sa2) sa__mpi_put(c, sa2);
    return st;
}

/* ---- distributed LCP: Phi / PLCP with irreducible comparisons in all-to-all rounds ----------------
 * phi(i) = SA[ISA[i] - 1] goes to i's owner; PLCP[i] = lcp(i, phi(i)). PLCP[i] is reducible,
 * PLCP[i] = PLCP[i - 1] - 1, when text[i - 1] = text[phi(i) - 1] (Kaerkkaeinen, Manzini,
 * Puglisi); the irreducible ones sum to at most 2n log n. Phase A fetches the byte before and
 * the 16 bytes at every phi(i) (in SA__MPI_LCP_ROUNDS rounds, each over a stretch of the block)
 * and settles every irreducible PLCP below 16.
 * Phase B extends the rest in rounds: each asks the owners of text[i + l ..] and
 * text[phi(i) + l ..] for a window as long as a round's answers may be (about the block's size
 * over the most comparisons any rank has left: few left, long windows, few rounds), all requests of a round in one all-to-all and all answers
 * in another: no one-sided reads, so no rank waits on a busy rank's progress. The reducible ones
 * follow by a scan (a rank's first ones continue the previous ranks'), then
 * lcp[ISA[i]] = PLCP[i] at its owner. */

/* Rounds of the LCP's phi exchange and phase A (each a stretch of the block's suffixes); blocks shorter than
 * SA__MPI_PAR_MIN take one. */
#ifndef SA__MPI_LCP_ROUNDS
#define SA__MPI_LCP_ROUNDS 4
#endif

/* Asks the owners for text windows: request e is (x[e], len[e]) with x[e] .. x[e] + len[e]
 * inside x[e]'s owner's block; *ans gets the bytes, request e's at aoff[e]. Collective. */
static sa_status sa__mpi_windows(sa__mpi_ctx *c, const uint8_t *T, const sa__mpi_pair *rq, int64_t m,
                                 uint8_t **ans, int64_t *aoff)
{
    int64_t *slot = NULL, *rcnt = NULL, *bcnt = NULL, e, rn = 0, an = 0, tot = 0;
    sa__mpi_pair *sb = NULL;
    void *rb = NULL, *ab = NULL;
    uint8_t *rep = NULL;
    sa_status st;
    int q;
    *ans = NULL;
    slot = (int64_t *)sa__mpi_get(c, m, sizeof *slot);
    sb = (sa__mpi_pair *)sa__mpi_get(c, m, sizeof *sb);
    rcnt = (int64_t *)sa__mpi_get(c, 2 * (int64_t)c->P, sizeof *rcnt);
    st = sa__mpi_agree(c, slot && sb && rcnt ? SA_OK : SA_ERR_NOMEM);
    if (st != SA_OK) goto done;
    bcnt = rcnt + c->P;
    sa__mpi_by_owner(c, (const int64_t *)(const void *)rq, 2, m); /* .a first */
    for (e = 0; e < m; e++) sb[slot[e] = c->s64[sa__mpi_owner(c, rq[e].a)]++] = rq[e];
    st = sa__mpi_xchg(c, sb, c->g64, sizeof *sb, c->t_pair, &rb, &rn, rcnt);
    sa__mpi_put(c, sb); sb = NULL;
    if (st != SA_OK) goto done;
    {
        const sa__mpi_pair *r = (const sa__mpi_pair *)rb;
        int64_t k = 0;
        for (q = 0; q < c->P; q++) {
            int64_t s = 0, f;
            for (f = 0; f < rcnt[q]; f++, k++) s += r[k].b;
            bcnt[q] = s;
            tot += s;
        }
        rep = (uint8_t *)sa__mpi_get(c, tot, 1);
        st = sa__mpi_agree(c, rep ? SA_OK : SA_ERR_NOMEM);
        if (st != SA_OK) goto done;
        for (k = 0, e = 0; e < rn; e++) {
            memcpy(rep + k, T + (r[e].a - c->lo), (size_t)r[e].b);
            k += r[e].b;
        }
    }
    sa__mpi_put(c, rb); rb = NULL;
    st = sa__mpi_xchg(c, rep, bcnt, 1, MPI_BYTE, &ab, &an, NULL);
    if (st != SA_OK) goto done;
    {   /* offset of request e's bytes: prefix sum of the lengths in slot order */
        int64_t s = 0;
        for (e = 0; e < m; e++) aoff[slot[e]] = rq[e].b; /* length by slot */
        for (e = 0; e < m; e++) { int64_t v = aoff[e]; aoff[e] = s; s += v; }
        for (e = 0; e < m; e++) slot[e] = aoff[slot[e]];
        if (m) memcpy(aoff, slot, (size_t)m * sizeof *aoff);
    }
    *ans = (uint8_t *)ab;
    ab = NULL;
done:
    if (slot) sa__mpi_put(c, slot);
    if (sb) sa__mpi_put(c, sb);
    if (rcnt) sa__mpi_put(c, rcnt);
    if (rb) sa__mpi_put(c, rb);
    if (ab) sa__mpi_put(c, ab);
    if (rep) sa__mpi_put(c, rep);
    return st;
}

static sa_status sa__mpi_dist_lcp(sa__mpi_ctx *c, const uint8_t *T, const int64_t *sa, int64_t *lcp)
{
    int64_t cnt = c->cnt, n = c->n, lo = c->lo, e, j, last, nreq, nact, W = 16, budget;
    int ka, round;
    int64_t *lasts = NULL, *PH = NULL, *PL = NULL, *aoff = NULL, *act = NULL;
    sa__mpi_pair *pr = NULL, *rq = NULL;
    uint8_t *irr = NULL, *ans = NULL, prev = 0;
    sa_status st;
    lasts = (int64_t *)sa__mpi_get(c, 2 * (int64_t)c->P, sizeof *lasts);
    PH = (int64_t *)sa__mpi_get(c, cnt, sizeof *PH); /* PL after phi's exchange: memory */
    st = sa__mpi_agree(c, lasts && PH ? SA_OK : SA_ERR_NOMEM);
    if (st != SA_OK) goto done;
    /* phi: the SA entry before each of ours (the previous rank's last one for our first) */
    last = cnt ? sa[cnt - 1] : -1;
    if ((st = sa__mpi_allgather(c, &last, 1, MPI_INT64_T, lasts)) != SA_OK) goto done;
    ka = c->c < SA__MPI_PAR_MIN ? 1 : SA__MPI_LCP_ROUNDS; /* c->c: the same on every rank */
    for (round = 0; round < ka; round++) { /* in rounds over stretches of our SA block: memory */
        int64_t j0 = cnt * round / ka, j1 = cnt * (round + 1) / ka;
        pr = (sa__mpi_pair *)sa__mpi_get(c, j1 - j0, sizeof *pr);
        st = sa__mpi_agree(c, pr ? SA_OK : SA_ERR_NOMEM);
        if (st != SA_OK) goto done;
        for (j = j0; j < j1; j++) {
            int64_t p = j ? sa[j - 1] : c->r ? lasts[c->r - 1] : -1; /* full blocks precede ours */
            pr[j - j0].a = sa[j];
            pr[j - j0].b = 2 * (p + 1);
        }
        if ((st = sa__mpi_update(c, &pr, j1 - j0, PH, NULL, 1, NULL)) != SA_OK) goto done;
    }
    for (j = 0; j < cnt; j++) PH[j]--; /* PH[j] = phi(lo + j), -1 for the smallest suffix */
    /* the byte before our block (text[lo - 1]) */
    {
        int64_t mine = cnt ? T[cnt - 1] : -1, q;
        if ((st = sa__mpi_allgather(c, &mine, 1, MPI_INT64_T, lasts)) != SA_OK) goto done;
        for (q = c->r - 1; q >= 0; q--) if (lasts[q] >= 0) { prev = (uint8_t)lasts[q]; break; }
    }
    /* phase A: 17 bytes from phi(i) - 1 (from phi(i) when it is 0), in rounds over stretches of
     * the block (bounded memory: the requests and their windows of one stretch at a time) */
    PL = (int64_t *)sa__mpi_get(c, cnt, sizeof *PL);
    irr = (uint8_t *)sa__mpi_get(c, cnt, 1);
    st = sa__mpi_agree(c, PL && irr ? SA_OK : SA_ERR_NOMEM);
    if (st != SA_OK) goto done;
    for (round = 0; round < ka; round++) {
        int64_t j0 = cnt * round / ka, j1 = cnt * (round + 1) / ka;
        for (nreq = 0, j = j0; j < j1; j++) nreq += PH[j] >= 0;
        rq = (sa__mpi_pair *)sa__mpi_get(c, nreq, sizeof *rq);
        aoff = (int64_t *)sa__mpi_get(c, nreq, sizeof *aoff);
        st = sa__mpi_agree(c, rq && aoff ? SA_OK : SA_ERR_NOMEM);
        if (st != SA_OK) goto done;
        for (e = 0, j = j0; j < j1; j++) {
            int64_t p = PH[j], a;
            if (p < 0) continue;
            a = p ? p - 1 : 0; /* the window must stay in one owner's block + halo: split at the owner */
            if (sa__mpi_owner(c, a) != sa__mpi_owner(c, p)) a = p;
            rq[e].a = a;
            rq[e].b = 1 + 16;
            {   /* the owner of a holds its block and 16 bytes after it */
                int64_t q = sa__mpi_owner(c, a), qe = (q + 1) * c->c + SA__MPI_HALO, lim = n - a;
                if (qe - a < rq[e].b) rq[e].b = qe - a;
                if (lim < rq[e].b) rq[e].b = lim;
            }
            e++;
        }
        /* the halo is part of T: requests may read up to 16 bytes past the owner's block */
        st = sa__mpi_windows(c, T, rq, nreq, &ans, aoff);
        if (st != SA_OK) goto done;
        for (e = 0, j = j0; j < j1; j++) {
            int64_t i = lo + j, p = PH[j], l = 0, lim;
            const uint8_t *x, *y = T + j;
            int pb; /* text[p - 1] or -1 */
            if (p < 0) { PL[j] = 0; irr[j] = 1; continue; }
            x = ans + aoff[e];
            if (rq[e].a == p - 1) { pb = x[0]; x++; lim = rq[e].b - 1; }
            else { pb = -2; lim = rq[e].b; } /* p = 0, or p - 1 on another rank: treat as irreducible */
            irr[j] = !(i > 0 && p > 0 && pb >= 0 && (j ? T[j - 1] : prev) == pb);
            if (irr[j]) {
                int64_t k = lim < 16 ? lim : 16;
                if (n - i < k) k = n - i;
                while (l < k && x[l] == y[l]) l++;
                PL[j] = l;
            }
            e++;
        }
        sa__mpi_put(c, ans); ans = NULL;
        sa__mpi_put(c, rq); rq = NULL;
        sa__mpi_put(c, aoff); aoff = NULL;
    }
    /* phase B: rounds of windows at i + l and phi(i) + l for the irreducible suffixes that matched
     * all 16 bytes (listed after phase A, not during it: the list's memory is not held beside
     * phase A's windows, and on most texts it is short) */
    for (nact = 0, j = 0; j < cnt; j++) nact += irr[j] && PL[j] == 16 && lo + j + 16 < n && PH[j] + 16 < n;
    act = (int64_t *)sa__mpi_get(c, nact, sizeof *act);
    st = sa__mpi_agree(c, act ? SA_OK : SA_ERR_NOMEM);
    if (st != SA_OK) goto done;
    for (nact = 0, j = 0; j < cnt; j++)
        if (irr[j] && PL[j] == 16 && lo + j + 16 < n && PH[j] + 16 < n) act[nact++] = j;
    budget = cnt > ((int64_t)1 << 20) ? cnt : ((int64_t)1 << 20);
    for (;;) {
        int64_t mx = nact, k, w;
        if ((st = sa__mpi_allreduce(c, &mx, 1, MPI_MAX)) != SA_OK) goto done;
        if (mx == 0) break;
        W = budget / mx > 16 ? budget / mx : 16; /* the whole budget every round: few rounds once few are left */
        sa__mpi_put(c, rq); rq = (sa__mpi_pair *)sa__mpi_get(c, 2 * nact, sizeof *rq);
        sa__mpi_put(c, aoff); aoff = (int64_t *)sa__mpi_get(c, 2 * nact, sizeof *aoff);
        st = sa__mpi_agree(c, rq && aoff ? SA_OK : SA_ERR_NOMEM);
        if (st != SA_OK) goto done;
        for (k = 0; k < nact; k++) {
            int64_t jj = act[k], x = lo + jj + PL[jj], y = PH[jj] + PL[jj], len = W, q;
            q = sa__mpi_owner(c, x); if ((q + 1) * c->c - x < len) len = (q + 1) * c->c - x;
            q = sa__mpi_owner(c, y); if ((q + 1) * c->c - y < len) len = (q + 1) * c->c - y;
            if (n - x < len) len = n - x;
            if (n - y < len) len = n - y;
            rq[2 * k].a = x; rq[2 * k].b = len;
            rq[2 * k + 1].a = y; rq[2 * k + 1].b = len;
        }
        st = sa__mpi_windows(c, T, rq, 2 * nact, &ans, aoff);
        if (st != SA_OK) goto done;
        for (w = 0, k = 0; k < nact; k++) {
            int64_t jj = act[k], len = rq[2 * k].b, l = 0;
            const uint8_t *x = ans + aoff[2 * k], *y = ans + aoff[2 * k + 1];
            while (l < len && x[l] == y[l]) l++;
            PL[jj] += l;
            if (l == len && lo + jj + PL[jj] < n && PH[jj] + PL[jj] < n) act[w++] = jj;
        }
        nact = w;
        sa__mpi_put(c, ans); ans = NULL;
    }
    /* reducible: PLCP[i] = PLCP[i - 1] - 1, the chain entering our block from the previous ranks */
    {
        int64_t mine[2], q, in = 0;
        mine[0] = -1; /* PLCP at our block's end, if it does not depend on the previous ranks */
        for (j = cnt - 1; j >= 0; j--) if (irr[j]) { mine[0] = PL[j] - (cnt - 1 - j); break; }
        mine[1] = cnt;
        if ((st = sa__mpi_allgather(c, mine, 2, MPI_INT64_T, lasts)) != SA_OK) goto done;
        for (q = 0; q < c->r; q++) in = lasts[2 * q] >= 0 ? lasts[2 * q] : in - lasts[2 * q + 1];
        for (j = 0; j < cnt; j++) {
            if (!irr[j]) PL[j] = (j ? PL[j - 1] : in) - 1;
        }
    }
    /* lcp[k] = PLCP[SA[k]]: ask the owners of our SA entries */
    sa__mpi_put(c, rq); rq = NULL;
    sa__mpi_put(c, aoff); aoff = NULL;
    sa__mpi_put(c, act); act = NULL;
    sa__mpi_put(c, PH); PH = NULL;
    sa__mpi_put(c, irr); irr = NULL;
    st = sa__mpi_fetch(c, sa, cnt, PL, lcp);
done:
    if (lasts) sa__mpi_put(c, lasts);
    if (PL) sa__mpi_put(c, PL);
    if (PH) sa__mpi_put(c, PH);
    if (pr) sa__mpi_put(c, pr);
    if (irr) sa__mpi_put(c, irr);
    if (rq) sa__mpi_put(c, rq);
    if (aoff) sa__mpi_put(c, aoff);
    if (act) sa__mpi_put(c, act);
    if (ans) sa__mpi_put(c, ans);
    return st;
}

/* LRS with the spec's tie-break by four reductions over the block-distributed SA and LCP:
 * len = max lcp, k = smallest index with lcp[k] = len, the run [k-1, e) of entries sharing
 * those len bytes (e = first index past k with lcp < len), pos = min SA over the run. */
static sa_status sa__mpi_lrs(sa__mpi_ctx *c, const int64_t *sa, const int64_t *lcp, sa_lrs_result *out)
{
    int64_t v, j, L, K, E, lo = c->lo, cnt = c->cnt;
    sa_status st;
    memset(out, 0, sizeof *out);
    for (v = 0, j = 0; j < cnt; j++) if (lcp[j] > v) v = lcp[j];
    if ((st = sa__mpi_allreduce(c, &v, 1, MPI_MAX)) != SA_OK) return st;
    if ((L = v) == 0) return SA_OK;
    for (v = INT64_MAX, j = 0; j < cnt; j++) if (lcp[j] == L) { v = lo + j; break; }
    if ((st = sa__mpi_allreduce(c, &v, 1, MPI_MIN)) != SA_OK) return st;
    K = v;
    for (v = c->n, j = K + 1 > lo ? K + 1 - lo : 0; j < cnt; j++) if (lcp[j] < L) { v = lo + j; break; }
    if ((st = sa__mpi_allreduce(c, &v, 1, MPI_MIN)) != SA_OK) return st;
    E = v;
    for (v = INT64_MAX, j = K - 1 > lo ? K - 1 - lo : 0; j < cnt && lo + j < E; j++) if (sa[j] < v) v = sa[j];
    if ((st = sa__mpi_allreduce(c, &v, 1, MPI_MIN)) != SA_OK) return st;
    out->len = L;
    out->sa_index = K;
    out->pos = v;
    out->count = E - (K - 1);
    return SA_OK;
}

/* ---- the seed's design, exact -------------------------------------------------------------
 * Every rank gets the whole text (allgather) and sorts the suffixes starting in its block by
 * building the SA of a window text[lo, e) and keeping its block's entries; the order is the full
 * suffixes' order when every adjacent pair of kept entries differs before the window's end
 * (their LCP in the window, a range minimum, is shorter than the nearer suffix's part of the
 * window): else the window grows 4x and the block is sorted again (e = n is always exact).
 * Rank 0 gathers the sorted blocks, merges them with a heap comparing suffixes byte by byte
 * (as the seed; slow on long repeats), then runs sa_lcp and sa_lrs and scatters the blocks. */
static int sa__mpi_suffix_lt(const uint8_t *t, int64_t n, int64_t a, int64_t b)
{
    int64_t la = n - a, lb = n - b, m = la < lb ? la : lb;
    int r = memcmp(t + a, t + b, (size_t)m);
    return r ? r < 0 : la < lb;
}

static void sa__mpi_heap_down(const uint8_t *t, int64_t n, int64_t *hv, int *hs, int k, int i)
{
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < k && sa__mpi_suffix_lt(t, n, hv[l], hv[m])) m = l;
        if (r < k && sa__mpi_suffix_lt(t, n, hv[r], hv[m])) m = r;
        if (m == i) return;
        { int64_t x = hv[i]; hv[i] = hv[m]; hv[m] = x; }
        { int x = hs[i]; hs[i] = hs[m]; hs[m] = x; }
        i = m;
    }
}

static sa_status sa__mpi_gather_build(sa__mpi_ctx *c, const uint8_t *blk, int64_t *sa, int64_t *lcp,
                                      sa_lrs_result *lrs, int want_lcp, const sa_options *opt, int *rounds,
                                      double *tsa, double *tlcp)
{
    int64_t n = c->n, lo = c->lo, cnt = c->cnt, ext = 1024, j;
    uint8_t *text = NULL;
    int32_t *wsa = NULL, *wlcp = NULL, *fsa = NULL, *flcp = NULL;
    int64_t *loc = NULL, *all = NULL, *sbuf = NULL;
    int *gcnt = NULL, *gdsp = NULL, q, rc;
    sa_status st = SA_OK;
    double t0 = MPI_Wtime(), t;
    sa_options o1;
    memset(&o1, 0, sizeof o1);
    if (opt) o1 = *opt;
    o1.threads = c->nt;
    if (n > INT32_MAX) st = SA_ERR_SIZE; /* whole text on every rank, 32-bit local indices */
    st = sa__mpi_agree(c, st);
    if (st != SA_OK) return st;
    text = (uint8_t *)sa__mpi_get(c, n, 1);
    gcnt = (int *)sa__mpi_get(c, 2 * (int64_t)c->P, sizeof *gcnt);
    loc = (int64_t *)sa__mpi_get(c, cnt, sizeof *loc);
    st = sa__mpi_agree(c, text && gcnt && loc ? SA_OK : SA_ERR_NOMEM);
    if (st != SA_OK) goto done;
    gdsp = gcnt + c->P;
    for (q = 0; q < c->P; q++) {
        int64_t l, k;
        sa_mpi_block(n, c->P, q, &l, &k);
        gcnt[q] = (int)k;
        gdsp[q] = (int)l;
    }
    t = MPI_Wtime();
    rc = MPI_Allgatherv(blk, (int)cnt, MPI_BYTE, text, gcnt, gdsp, MPI_BYTE, c->comm);
    c->tcomm += MPI_Wtime() - t;
    if ((st = sa__mpi_rc(rc)) != SA_OK) goto done;
    /* local sort of this block's suffixes in the order of the whole suffixes */
    *rounds = 0;
    while (cnt > 0 && st == SA_OK) {
        int64_t e = lo + cnt + ext < n ? lo + cnt + ext : n, w = e - lo, k, kept = 0, run = INT64_MAX, prev = -1;
        int ok = 1;
        ++*rounds;
        wsa = (int32_t *)sa__mpi_get(c, w, sizeof *wsa);
        wlcp = e < n ? (int32_t *)sa__mpi_get(c, w, sizeof *wlcp) : NULL;
        if (!wsa || (e < n && !wlcp)) { st = SA_ERR_NOMEM; break; }
        st = sa_build(text + lo, wsa, (int32_t)w, &o1);
        if (st == SA_OK && e < n) st = sa_lcp(text + lo, wsa, wlcp, (int32_t)w, &o1);
        if (st != SA_OK) break;
        for (k = 0; k < w; k++) {
            int64_t p = wsa[k];
            if (wlcp && wlcp[k] < run) run = wlcp[k];
            if (p >= cnt) continue;
            /* kept pair (prev, p): decided inside the window iff their LCP there (the minimum
             * since prev) is shorter than the window part of the later-starting one */
            if (wlcp && prev >= 0 && run >= w - (p > prev ? p : prev)) ok = 0;
            loc[kept++] = lo + p;
            prev = p;
            run = INT64_MAX;
        }
        sa__mpi_put(c, wsa); wsa = NULL;
        if (wlcp) { sa__mpi_put(c, wlcp); wlcp = NULL; }
        if (ok) break;
        ext = ext > (n - lo) / 4 ? n - lo : 4 * ext;
    }
    st = sa__mpi_agree(c, st);
    if (st != SA_OK) goto done;
    /* gather the sorted blocks on rank 0 and merge them */
    if (c->r == 0) {
        all = (int64_t *)sa__mpi_get(c, n, sizeof *all);
        fsa = (int32_t *)sa__mpi_get(c, n, sizeof *fsa);
        if (!all || !fsa) st = SA_ERR_NOMEM;
    }
    st = sa__mpi_agree(c, st);
    if (st != SA_OK) goto done;
    if (c->r == 0) {
        if (cnt) memcpy(all, loc, (size_t)cnt * sizeof *all);
        for (q = 1; q < c->P && st == SA_OK; q++)
            st = sa__mpi_recv(c, all + gdsp[q], gcnt[q], MPI_INT64_T, sizeof *all, q);
    } else {
        st = sa__mpi_send(c, loc, cnt, MPI_INT64_T, sizeof *loc, 0);
    }
    st = sa__mpi_agree(c, st);
    if (st != SA_OK) goto done;
    if (c->r == 0 && n > 0) {
        int64_t *hv = (int64_t *)sa__mpi_get(c, c->P, sizeof *hv);
        int *hs = (int *)sa__mpi_get(c, c->P, sizeof *hs);
        int64_t *pos = (int64_t *)sa__mpi_get(c, c->P, sizeof *pos);
        int k = 0, i;
        if (!hv || !hs || !pos) st = SA_ERR_NOMEM;
        else {
            for (q = 0; q < c->P; q++) {
                pos[q] = 0;
                if (gcnt[q] > 0) { hv[k] = all[gdsp[q]]; hs[k] = q; k++; }
            }
            for (i = k / 2 - 1; i >= 0; i--) sa__mpi_heap_down(text, n, hv, hs, k, i);
            for (j = 0; j < n; j++) {
                int s = hs[0];
                fsa[j] = (int32_t)hv[0];
                if (++pos[s] < gcnt[s]) hv[0] = all[gdsp[s] + pos[s]];
                else { k--; hv[0] = hv[k]; hs[0] = hs[k]; }
                if (k > 0) sa__mpi_heap_down(text, n, hv, hs, k, 0);
            }
        }
        if (hv) sa__mpi_put(c, hv);
        if (hs) sa__mpi_put(c, hs);
        if (pos) sa__mpi_put(c, pos);
        sa__mpi_put(c, all);
        all = NULL;
    }
    *tsa = MPI_Wtime() - t0;
    t0 = MPI_Wtime();
    if (c->r == 0 && want_lcp && st == SA_OK) {
        flcp = (int32_t *)sa__mpi_get(c, n, sizeof *flcp);
        if (!flcp) st = SA_ERR_NOMEM;
        else st = sa_lcp(text, fsa, flcp, (int32_t)n, &o1);
        if (st == SA_OK) st = sa_lrs(fsa, flcp, (int32_t)n, lrs, &o1);
    }
    st = sa__mpi_agree(c, st);
    if (st != SA_OK) goto done;
    if (want_lcp) {
        int64_t v[4] = { lrs->len, lrs->sa_index, lrs->pos, lrs->count };
        t = MPI_Wtime();
        rc = MPI_Bcast(v, 4, MPI_INT64_T, 0, c->comm);
        c->tcomm += MPI_Wtime() - t;
        if ((st = sa__mpi_agree(c, sa__mpi_rc(rc))) != SA_OK) goto done;
        lrs->len = v[0]; lrs->sa_index = v[1]; lrs->pos = v[2]; lrs->count = v[3];
    }
    /* scatter the blocks back (as 64-bit entries). Rank 0's send buffer is allocated, and that
     * agreed on, before the first send: a failure between sends would leave a rank waiting in
     * its receive forever (found by the failing-allocator test, seed 1795399077955100319). */
    sa__mpi_put(c, text); text = NULL;
    if (c->r == 0) {
        int64_t mmax = 0;
        for (q = 1; q < c->P; q++) if (gcnt[q] > mmax) mmax = gcnt[q];
        if (mmax > 0 && !(sbuf = (int64_t *)sa__mpi_get(c, mmax, sizeof *sbuf))) st = SA_ERR_NOMEM;
    }
    st = sa__mpi_agree(c, st);
    if (st != SA_OK) goto done;
    if (c->r == 0) {
        for (j = 0; j < cnt; j++) sa[j] = fsa[j];
        if (want_lcp) for (j = 0; j < cnt; j++) lcp[j] = flcp[j];
        for (q = 1; q < c->P && st == SA_OK; q++) {
            int64_t k, l = gdsp[q], m = gcnt[q];
            for (k = 0; k < m; k++) sbuf[k] = fsa[l + k];
            st = sa__mpi_send(c, sbuf, m, MPI_INT64_T, sizeof *sbuf, q);
            if (st == SA_OK && want_lcp) {
                for (k = 0; k < m; k++) sbuf[k] = flcp[l + k];
                st = sa__mpi_send(c, sbuf, m, MPI_INT64_T, sizeof *sbuf, q);
            }
        }
    } else {
        st = sa__mpi_recv(c, sa, cnt, MPI_INT64_T, sizeof *sa, 0);
        if (st == SA_OK && want_lcp) st = sa__mpi_recv(c, lcp, cnt, MPI_INT64_T, sizeof *lcp, 0);
    }
    st = sa__mpi_agree(c, st);
    *tlcp = MPI_Wtime() - t0;
done:
    if (sbuf) sa__mpi_put(c, sbuf);
    if (text) sa__mpi_put(c, text);
    if (gcnt) sa__mpi_put(c, gcnt);
    if (loc) sa__mpi_put(c, loc);
    if (all) sa__mpi_put(c, all);
    if (wsa) sa__mpi_put(c, wsa);
    if (wlcp) sa__mpi_put(c, wlcp);
    if (fsa) sa__mpi_put(c, fsa);
    if (flcp) sa__mpi_put(c, flcp);
    return st;
}

/* ---- context and public entry points --------------------------------------------------------- */
static void sa__mpi_ctx_free(sa__mpi_ctx *c)
{
    if (c->t_rec != MPI_DATATYPE_NULL) MPI_Type_free(&c->t_rec);
    if (c->t_pair != MPI_DATATYPE_NULL) MPI_Type_free(&c->t_pair);
    if (c->t_halo != MPI_DATATYPE_NULL) MPI_Type_free(&c->t_halo);
    if (c->sc) SA_FREE(c->sc);
    if (c->s64) SA_FREE(c->s64);
    if (c->comm != MPI_COMM_NULL) MPI_Comm_free(&c->comm);
}

/* Duplicates comm (errors returned, not fatal) and allocates the per-rank scratch. Collective;
 * the status is agreed unless the duplication itself failed. */
/* Collective: duplicates comm (MPI_ERRORS_RETURN), agrees on the local status and on the nd
 * choices d (sa__mpi_agree_digest; nd = 0: none). */
static sa_status sa__mpi_ctx_init(sa__mpi_ctx *c, MPI_Comm comm, sa_status local, const int64_t *d,
                                  const char *const *names, int nd, const char **mismatch)
{
    int flag = 0, fin = 0, rc;
    memset(c, 0, sizeof *c);
    c->comm = MPI_COMM_NULL;
    c->t_rec = c->t_pair = c->t_halo = MPI_DATATYPE_NULL;
    if (comm == MPI_COMM_NULL) return SA_ERR_ARG;
    if (MPI_Initialized(&flag) != MPI_SUCCESS || !flag) return SA_ERR_MPI;
    if (MPI_Finalized(&fin) != MPI_SUCCESS || fin) return SA_ERR_MPI;
    if (MPI_Comm_dup(comm, &c->comm) != MPI_SUCCESS) { c->comm = MPI_COMM_NULL; return SA_ERR_MPI; }
    rc = MPI_Comm_set_errhandler(c->comm, MPI_ERRORS_RETURN);
    if (rc == MPI_SUCCESS) rc = MPI_Comm_size(c->comm, &c->P);
    if (rc == MPI_SUCCESS) rc = MPI_Comm_rank(c->comm, &c->r);
    if (rc == MPI_SUCCESS) rc = MPI_Type_contiguous((int)sizeof(sa__mpi_rec), MPI_BYTE, &c->t_rec);
    if (rc == MPI_SUCCESS) rc = MPI_Type_commit(&c->t_rec);
    if (rc == MPI_SUCCESS) rc = MPI_Type_contiguous((int)sizeof(sa__mpi_pair), MPI_BYTE, &c->t_pair);
    if (rc == MPI_SUCCESS) rc = MPI_Type_commit(&c->t_pair);
    if (rc == MPI_SUCCESS) rc = MPI_Type_contiguous(SA__MPI_HALO, MPI_BYTE, &c->t_halo);
    if (rc == MPI_SUCCESS) rc = MPI_Type_commit(&c->t_halo);
    if (rc != MPI_SUCCESS && local == SA_OK) local = SA_ERR_MPI;
    if (rc == MPI_SUCCESS) {
        c->sc = (int *)sa__mpi_alloc(4 * (int64_t)c->P, sizeof *c->sc);
        c->s64 = (int64_t *)sa__mpi_alloc(4 * (int64_t)c->P, sizeof *c->s64);
        if ((!c->sc || !c->s64) && local == SA_OK) local = SA_ERR_NOMEM;
        if (c->sc) { c->sd = c->sc + c->P; c->rc = c->sd + c->P; c->rd = c->rc + c->P; }
        if (c->s64) { c->r64 = c->s64 + c->P; c->g64 = c->r64 + c->P; c->x64 = c->g64 + c->P; }
    }
    return sa__mpi_agree_digest(c, local, d, names, nd, mismatch);
}

/* Brings the caller's blocks (any lengths) into the standard layout with a 16-byte halo and
 * zeros after it: *T gets cnt + 32 bytes. Sets n, c, lo, cnt. Collective. */
static sa_status sa__mpi_layout(sa__mpi_ctx *c, const uint8_t *blk, int64_t len, uint8_t **pT)
{
    int64_t *lens, off = 0, q, std = 1;
    uint8_t *T = NULL, *heads = NULL;
    sa_status st;
    *pT = NULL;
    lens = (int64_t *)sa__mpi_get(c, c->P, sizeof *lens);
    st = sa__mpi_agree(c, lens ? SA_OK : SA_ERR_NOMEM);
    if (st != SA_OK) { if (lens) sa__mpi_put(c, lens); return st; }
    if ((st = sa__mpi_allgather(c, &len, 1, MPI_INT64_T, lens)) != SA_OK) goto done;
    c->n = 0;
    for (q = 0; q < c->P; q++) {
        if (q == c->r) off = c->n;
        if (lens[q] < 0 || c->n > INT64_MAX / 2 - lens[q]) { st = SA_ERR_SIZE; break; } /* all see it */
        c->n += lens[q];
    }
    if (st != SA_OK) goto done;
    c->c = c->n / c->P + (c->n % c->P != 0);
    if (c->c == 0) c->c = 1; /* owner() divides by it; n = 0 has no positions anyway */
    sa_mpi_block(c->n, c->P, c->r, &c->lo, &c->cnt);
    for (q = 0; q < c->P; q++) {
        int64_t l, k, o = 0, i;
        sa_mpi_block(c->n, c->P, (int)q, &l, &k);
        for (i = 0; i < q; i++) o += lens[i];
        if (o != l || lens[q] != k) std = 0;
    }
    T = (uint8_t *)sa__mpi_get(c, c->cnt + 2 * SA__MPI_HALO, 1);
    heads = (uint8_t *)sa__mpi_get(c, c->P, SA__MPI_HALO);
    st = sa__mpi_agree(c, T && heads ? SA_OK : SA_ERR_NOMEM);
    if (st != SA_OK) goto done;
    memset(T + c->cnt, 0, 2 * SA__MPI_HALO);
    if (std) {
        if (c->cnt) memcpy(T, blk, (size_t)c->cnt);
    } else { /* move the bytes: our [off, off+len) to the owners in the standard layout */
        int64_t a = off, e = off + len;
        void *rb = NULL;
        int64_t rn = 0;
        for (q = 0; q < c->P; q++) {
            int64_t l, k, s, t;
            sa_mpi_block(c->n, c->P, (int)q, &l, &k);
            s = a > l ? a : l;
            t = e < l + k ? e : l + k;
            c->g64[q] = t > s ? t - s : 0;
        }
        st = sa__mpi_xchg(c, blk, c->g64, 1, MPI_BYTE, &rb, &rn, NULL);
        if (st != SA_OK) goto done;
        if (rn != c->cnt) st = SA_ERR_INTERNAL;
        else if (rn) memcpy(T, rb, (size_t)rn);
        sa__mpi_put(c, rb);
        st = sa__mpi_agree(c, st);
        if (st != SA_OK) goto done;
    }
    {   /* halo: the first 16 bytes of every block, then ours are the bytes after our block */
        uint8_t mine[SA__MPI_HALO];
        int64_t k, x;
        memset(mine, 0, sizeof mine);
        memcpy(mine, T, (size_t)(c->cnt < SA__MPI_HALO ? c->cnt : SA__MPI_HALO));
        if ((st = sa__mpi_allgather(c, mine, 1, c->t_halo, heads)) != SA_OK) goto done;
        for (k = 0; k < SA__MPI_HALO && c->lo + c->cnt + k < c->n; k++) {
            x = c->lo + c->cnt + k;
            q = sa__mpi_owner(c, x);
            T[c->cnt + k] = heads[q * SA__MPI_HALO + (x - q * c->c)];
        }
    }
done:
    sa__mpi_put(c, lens);
    if (heads) sa__mpi_put(c, heads);
    if (st != SA_OK) { if (T) sa__mpi_put(c, T); T = NULL; }
    *pT = T;
    return st;
}

/* The common body: width 64 writes the caller's int64 arrays, width 32 narrows into int32 ones. */
static sa_status sa__mpi_build(MPI_Comm comm, sa_mpi_algorithm algo, const uint8_t *blk, int64_t len, void *sa_out,
                               void *lcp_out, int64_t cap, sa_lrs_result *lrs, const sa_options *opt,
                               sa_mpi_info *info, int width)
{
    sa__mpi_ctx c;
    sa_status st = SA_OK;
    uint8_t *T = NULL;
    int64_t *sa = NULL, *lcp = NULL, j;
    sa_lrs_result res;
    int want_lcp = lcp_out || lrs, rounds = 0;
    double t0, tsa = 0, tlcp = 0, tlrs = 0;
    /* the choices every rank must share (threads and lengths may differ) */
    static const char *const names[] = {"algorithm", "lcp wanted"};
    int64_t dig[2];
    const char *mismatch = NULL;
    dig[0] = (int64_t)algo;
    dig[1] = want_lcp;
    memset(&res, 0, sizeof res);
    if (info) memset(info, 0, sizeof *info);
    if (lrs) memset(lrs, 0, sizeof *lrs);
    /* local checks first, agreed on in the context's first collective */
    if (algo != SA_MPI_DIST && algo != SA_MPI_GATHER) st = SA_ERR_ARG;
    else if ((st = sa_build64(NULL, NULL, 0, opt)) != SA_OK) {} /* sa_options checked by sa.h */
    else if (len < 0 || cap < 0) st = SA_ERR_SIZE;
    else if (len > 0 && !blk) st = SA_ERR_NULL;
    {
        sa_status s2 = sa__mpi_ctx_init(&c, comm, st, dig, names, 2, &mismatch);
        if (s2 != SA_OK) {
            if (info) info->mismatch = mismatch;
            sa__mpi_ctx_free(&c);
            return s2;
        }
    }
    c.nt = sa_effective_threads(opt);
    t0 = MPI_Wtime();
    st = sa__mpi_layout(&c, blk, len, &T);
    if (st != SA_OK) goto done;
    if (width == 32 && c.n > INT32_MAX) st = SA_ERR_SIZE;
    else if (cap < c.cnt) st = SA_ERR_SIZE;
    else if (c.cnt > 0 && (!sa_out)) st = SA_ERR_NULL;
    if (st == SA_OK) {
        if (width == 64) { sa = (int64_t *)sa_out; lcp = (int64_t *)lcp_out; }
        if (!sa) sa = (int64_t *)sa__mpi_get(&c, c.cnt, sizeof *sa); /* 32-bit, or an empty block */
        if (want_lcp && !lcp) lcp = (int64_t *)sa__mpi_get(&c, c.cnt, sizeof *lcp);
        if (!sa || (want_lcp && !lcp)) st = SA_ERR_NOMEM;
    }
    st = sa__mpi_agree(&c, st);
    if (st != SA_OK) goto done;
    if (c.n == 0) goto done; /* nothing to sort: empty blocks, LRS 0 */
    if (algo == SA_MPI_GATHER) {
        st = sa__mpi_gather_build(&c, T, sa, lcp, &res, want_lcp, opt, &rounds, &tsa, &tlcp);
        t0 = MPI_Wtime();
    } else {
        sa__mpi_txt t;
        t.b = T;
        t.w = NULL;
        int one = c.P == 1; /* one rank: sa.h's own SA, LCP and LRS of the text, no exchanges */
        c.glim = c.c > INT64_MAX / 64 ? INT64_MAX : (int64_t)SA_MPI_DCX_GATHER * c.c;
#if SA__MPI_GATHER_CORES
        if (!one) { /* the limit per core (from before rank 0's gathered level ran threaded) */
            int64_t nt = c.nt;
            st = sa__mpi_allreduce(&c, &nt, 1, MPI_MAX);
            if (st != SA_OK) goto done;
            if (nt > 1) c.glim /= nt;
        }
#endif
        if (one) st = sa_build64(T, sa, c.n, opt);
        else { /* the bytes renumbered for the DCX (the valid halo with them), then put back */
            uint8_t inv[256];
            int64_t hl = c.n - c.lo - c.cnt, len2, j;
            int b = 9;
            len2 = c.cnt + (hl < SA__MPI_HALO ? hl : SA__MPI_HALO);
            st = sa__mpi_alpha(&c, T, len2, inv, &b);
            if (st == SA_OK) {
                st = sa__mpi_dcx(&c, &t, SA_MPI_DCX, b, sa, 0);
                for (j = 0; j < len2; j++) T[j] = inv[T[j]];
            }
        }
        rounds = c.levels + 1;
        tsa = MPI_Wtime() - t0;
        t0 = MPI_Wtime();
        if (st == SA_OK && want_lcp) st = one ? sa_lcp64(T, sa, lcp, c.n, opt) : sa__mpi_dist_lcp(&c, T, sa, lcp);
        tlcp = MPI_Wtime() - t0;
        t0 = MPI_Wtime();
        if (st == SA_OK && want_lcp) st = one ? sa_lrs64(sa, lcp, c.n, &res, opt) : sa__mpi_lrs(&c, sa, lcp, &res);
        tlrs = MPI_Wtime() - t0;
    }
    st = sa__mpi_agree(&c, st);
done:
    if (st == SA_OK) {
        if (lrs) *lrs = res;
        if (width == 32) {
            int32_t *s32 = (int32_t *)sa_out, *l32 = (int32_t *)lcp_out;
            for (j = 0; j < c.cnt; j++) s32[j] = (int32_t)sa[j];
            if (l32) for (j = 0; j < c.cnt; j++) l32[j] = (int32_t)lcp[j];
        }
    }
    if (info && c.comm != MPI_COMM_NULL) {
        info->n = c.n;
        info->lo = c.lo;
        info->count = c.cnt;
        info->rounds = rounds;
        info->time_sa = tsa;
        info->time_lcp = tlcp;
        info->time_lrs = tlrs;
        info->time_comm = c.tcomm;
        memcpy(info->time_phase, c.ph, sizeof c.ph);
        info->cover = c.cover;
        info->peak_bytes = c.peak;
        info->comm_bytes = c.cbytes;
        info->collectives = c.ncoll;
    }
    if (T) sa__mpi_put(&c, T);
    if (sa && (width == 32 || sa != (int64_t *)sa_out)) sa__mpi_put(&c, sa);
    if (lcp && (width == 32 || lcp != (int64_t *)lcp_out)) sa__mpi_put(&c, lcp);
    sa__mpi_ctx_free(&c);
    return st;
}

SA_DEF sa_status sa_mpi_build64(MPI_Comm comm, sa_mpi_algorithm algo, const uint8_t *block, int64_t block_len,
                               int64_t *sa, int64_t *lcp, int64_t cap, sa_lrs_result *lrs,
                               const sa_options *opt, sa_mpi_info *info)
{
    return sa__mpi_build(comm, algo, block, block_len, sa, lcp, cap, lrs, opt, info, 64);
}

SA_DEF sa_status sa_mpi_build(MPI_Comm comm, sa_mpi_algorithm algo, const uint8_t *block, int32_t block_len,
                             int32_t *sa, int32_t *lcp, int32_t cap, sa_lrs_result *lrs,
                             const sa_options *opt, sa_mpi_info *info)
{
    return sa__mpi_build(comm, algo, block, block_len, sa, lcp, cap, lrs, opt, info, 32);
}

/* Gather of count elements per rank to root: counts first, root checks its capacity, the
 * verdict is agreed, then the data point to point (pieces fit MPI's int counts). */
static sa_status sa__mpi_gather(MPI_Comm comm, int root, const void *local, int64_t count, void *out,
                                int64_t out_cap, MPI_Datatype dt, size_t es)
{
    sa__mpi_ctx c;
    sa_status st = SA_OK;
    int64_t *cnts = NULL, off = 0, dig = root;
    static const char *const names[] = {"root"};
    int q;
    if (count < 0 || out_cap < 0) st = SA_ERR_SIZE;
    else if (count > 0 && !local) st = SA_ERR_NULL;
    {
        sa_status s2 = sa__mpi_ctx_init(&c, comm, st, &dig, names, 1, NULL);
        if (s2 != SA_OK) { sa__mpi_ctx_free(&c); return s2; }
    }
    if (root < 0 || root >= c.P) { st = SA_ERR_ARG; goto done; } /* every rank sees it */
    cnts = (int64_t *)sa__mpi_alloc(c.P, sizeof *cnts);
    st = sa__mpi_agree(&c, cnts ? SA_OK : SA_ERR_NOMEM);
    if (st != SA_OK) goto done;
    if ((st = sa__mpi_allgather(&c, &count, 1, MPI_INT64_T, cnts)) != SA_OK) goto done;
    for (q = 0; q < c.P; q++) off += cnts[q];
    if (c.r == root && (off > out_cap || (off > 0 && !out))) st = off > out_cap ? SA_ERR_SIZE : SA_ERR_NULL;
    st = sa__mpi_agree(&c, st);
    if (st != SA_OK) goto done;
    if (c.r == root) {
        for (off = 0, q = 0; q < c.P && st == SA_OK; off += cnts[q], q++) {
            if (q == root) { if (count) memcpy((char *)out + (size_t)off * es, local, (size_t)count * es); }
            else st = sa__mpi_recv(&c, (char *)out + (size_t)off * es, cnts[q], dt, es, q);
        }
    } else {
        st = sa__mpi_send(&c, local, count, dt, es, root);
    }
    st = sa__mpi_agree(&c, st);
done:
    if (cnts) SA_FREE(cnts);
    sa__mpi_ctx_free(&c);
    return st;
}

SA_DEF sa_status sa_mpi_gather64(MPI_Comm comm, int root, const int64_t *local, int64_t count, int64_t *out,
                                int64_t out_cap)
{
    return sa__mpi_gather(comm, root, local, count, out, out_cap, MPI_INT64_T, sizeof *local);
}

SA_DEF sa_status sa_mpi_gather(MPI_Comm comm, int root, const int32_t *local, int32_t count, int32_t *out,
                              int32_t out_cap)
{
    return sa__mpi_gather(comm, root, local, count, out, out_cap, MPI_INT32_T, sizeof *local);
}

SA_DEF sa_status sa_mpi_read_file(MPI_Comm comm, const char *path, uint8_t **block, int64_t *block_len, int64_t *n)
{
    sa__mpi_ctx c;
    sa_status st = SA_OK;
    MPI_File f = MPI_FILE_NULL;
    MPI_Offset size = 0;
    int64_t lo = 0, cnt = 0, k;
    uint8_t *b = NULL;
    int rc;
    if (!path || !block || !block_len || !n) st = SA_ERR_NULL;
    if (block) *block = NULL;
    if (block_len) *block_len = 0;
    if (n) *n = 0;
#if SA__MPI_HAVE_STAT
    {   /* before the open: opening a FIFO would wait for a writer, a directory "opens" with a
         * size of 2^63 - 1 under ROMIO. A path stat cannot see (e.g. ROMIO's "ufs:" prefixes)
         * is left to MPI_File_open. */
        struct stat sb;
        if (st == SA_OK && stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) st = SA_ERR_ARG;
    }
#endif
    {
        sa_status s2 = sa__mpi_ctx_init(&c, comm, st, NULL, NULL, 0, NULL);
        if (s2 != SA_OK) { sa__mpi_ctx_free(&c); return s2; }
    }
    rc = MPI_File_open(c.comm, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &f);
    if (rc == MPI_SUCCESS) rc = MPI_File_get_size(f, &size);
    st = sa__mpi_rc(rc);
    if (st == SA_OK && (size < 0 || (int64_t)size > SA_MPI_MAX_FILE)) st = SA_ERR_SIZE;
    {   /* one size on every rank (else the blocks would not tile the file) */
        static const char *const names[] = {"file size"};
        int64_t dig = (int64_t)size;
        st = sa__mpi_agree_digest(&c, st, &dig, names, 1, NULL);
    }
    if (st != SA_OK) goto done;
    sa_mpi_block((int64_t)size, c.P, c.r, &lo, &cnt);
    b = (uint8_t *)sa__mpi_alloc(cnt, 1);
    st = sa__mpi_agree(&c, b ? SA_OK : SA_ERR_NOMEM);
    if (st != SA_OK) goto done;
    for (k = 0; ; k += SA__MPI_PIECE) { /* collective reads; every rank makes the same number */
        int64_t m = cnt - k < 0 ? 0 : (cnt - k < SA__MPI_PIECE ? cnt - k : SA__MPI_PIECE), more;
        MPI_Status ms;
        double t = MPI_Wtime();
        rc = MPI_File_read_at_all(f, (MPI_Offset)(lo + (k < cnt ? k : cnt)), b + (k < cnt ? k : cnt), (int)m,
                                  MPI_BYTE, &ms);
        c.tcomm += MPI_Wtime() - t;
        if (rc == MPI_SUCCESS) {
            int got = 0;
            MPI_Get_count(&ms, MPI_BYTE, &got);
            if (got != (int)m) rc = MPI_ERR_IO; /* file shrank under us */
        }
        if ((st = sa__mpi_agree(&c, sa__mpi_rc(rc))) != SA_OK) goto done;
        more = cnt - k - m;
        if ((st = sa__mpi_allreduce(&c, &more, 1, MPI_MAX)) != SA_OK) goto done;
        if (more <= 0) break;
    }
    *block = b;
    b = NULL;
    *block_len = cnt;
    *n = (int64_t)size;
done:
    if (f != MPI_FILE_NULL) MPI_File_close(&f);
    if (b) SA_FREE(b);
    sa__mpi_ctx_free(&c);
    return st;
}

SA_DEF void sa_mpi_free(void *p)
{
    if (p) SA_FREE(p);
}

SA_DEF const char *sa_mpi_algorithm_name(sa_mpi_algorithm algo)
{
    switch (algo) {
    case SA_MPI_DIST: return "dist";
    case SA_MPI_GATHER: return "gather";
    default: return "unknown";
    }
}
#endif /* SA_MPI impl */

/* the template part's constants (defined in each of its passes, read above by the MPI part)
 * stay inside the implementation */
#undef SA__S3D
#undef SA__INT_BYTES
#endif /* SA_IMPLEMENTATION */


/* ============================================================================================
 * Template part: compiled four times by the implementation above, once per (index width, char
 * type) pair: (int32_t, uint8_t), (int32_t, int32_t), (int64_t, uint8_t), (int64_t, int64_t).
 * SA__I is the index type, SA__C the character type of the current SA-IS level, SA__W the index
 * width (32/64). Functions that depend only on the index width are compiled in the int pass
 * (#if !SA__BYTE): the parallel prefix doubling, Manber-Myers, LCP, LRS, the validator and the
 * public functions' bodies (sa__api_*), each named with its width (SA__F: sa__p_build32/64).
 * This is the only generic-code mechanism in sa.h: no multi-line macros.
 * ============================================================================================ */
#ifdef SA__TEMPLATE
#define SA__F(name) SA__CAT(name, SA__W)
#define SA__FC(name) SA__CAT(SA__CAT(name, SA__W), SA__CS)

#if SA__BYTE
/* A block-parallel induction scan's cache entry: the value induced and its bucket. */
typedef struct { SA__I v, c; } SA__F(sa__pic);
/* Threads for an int level's passes (parallel SA-IS's reduced string, the sa__pr_* functions):
 * nt threads, a cache of npic >= nt entries and 256 nt counters (parallel SA-IS's byte-scan
 * cache and counts, free while the reduced string is solved: no extra memory). NULL: one thread. */
typedef struct { int nt; SA__F(sa__pic) *cache; SA__I npic, *tc; } SA__F(sa__prx);
/* Whether an int level's pass over m entries runs on px's threads (the drop / undrop and stage 3's
 * placing: SA__PR_PAR_T threads or more, and at least 2). */
SA__INLINE int SA__F(sa__pr_par)(const SA__F(sa__prx) *px, SA__I m)
{
    return px && px->nt >= SA__PR_PAR_T && px->nt > 1 && m >= SA__PR_MIN;
}
/* the int-char level is defined in the next pass; the byte level recurses into it */
static sa_status SA__CAT(SA__CAT(sa__lvl_px, SA__W), i)(const SA__I *T, SA__I *SA, SA__I n, SA__I k, SA__I *ws,
                                                        SA__I wsize, const SA__F(sa__prx) *px);
#endif

/* Bucket starts (end == 0) or ends (end == 1) of the characters 0..k-1. cnt == NULL: count
 * the characters into B first (levels whose alphabet is too large for two arrays). */
static void SA__FC(sa__buckets)(const SA__C *T, SA__I n, SA__I k, const SA__I *cnt, SA__I *B, int end)
{
    SA__I c, sum = 0;
    if (!cnt) {
        memset(B, 0, (size_t)k * sizeof *B);
        for (SA__I i = 0; i < n; i++) B[T[i]]++;
        cnt = B;
    }
    for (c = 0; c < k; c++) {
        SA__I x = cnt[c];
        sum += x;
        B[c] = end ? sum : sum - x;
    }
}

/* Prefetching for the induced-sorting scans (libsais's loop shape; read to learn, our code):
 * the scans go two entries a step with no bound test while the entry d2 ahead exists, then one
 * entry at a time. The entry d2 ahead gets T at its two preceding symbols fetched, branch-free (an
 * entry <= 1, empty, marked or 1, fetches T[1] and T[0]); on the int levels (d2 = 2 * SA__S3D) the
 * entry SA__S3D ahead also gets its bucket counter fetched, by then its T has arrived (it was
 * fetched 32 entries earlier before, and that read stalled). Bytes: d2 = SA__S3D (256 counters
 * stay in L1). */
#define SA__S3D 64
SA__INLINE void SA__FC(sa__s3_pf)(const SA__C *T, const SA__I *SA, const SA__I *B, SA__I i2, SA__I i1)
{
    SA__I q = SA[i2];
    const SA__C *t = T + (q > 1 ? q : 2); /* (no pointer before T) */
    SA__PF(t - 1);
    SA__PF(t - 2);
#if SA__BYTE
    (void)B;
    (void)i1;
#else
    q = SA[i1];
    if (q > 0) SA__PF(&B[T[q - 1]]);
#endif
}

/* Right-to-left type scan (Nong, Zhang, Chan), branch-free. The callers loop p = n-1 .. 1 with
 * cp = T[p] and s1 = (p is S-type), starting from cp = T[n-1], s1 = 0 (suffix n-1 is L-type:
 * the virtual sentinel is smaller). sa__rtl_step(T[p-1], &cp, &s1) returns 1 when p is an LMS
 * position (else 0) and moves the state to p-1. The loop bodies act on that flag without
 * branching on it (random types make that branch unpredictable). */
SA__INLINE int SA__FC(sa__rtl_step)(SA__I c0, SA__I *cp, int *s1)
{
    int s0 = (c0 < *cp) | ((c0 == *cp) & *s1), lms = (!s0) & *s1;
    *s1 = s0;
    *cp = c0;
    return lms;
}

#if !SA__BYTE
/* An int level's names of its sorted LMS substrings SA[0..m) (positions; their lengths at
 * SA[m + p/2], the last one running into the virtual sentinel) on nt threads: a new name where a
 * substring differs from the one before it (flagged in the sign of SA[i] once every thread has
 * read its first predecessor), then per-part counts give each part its first name. SA[m + p/2] =
 * the name (from 1) of LMS position p; SA[0..names) = each name's last index in SA[0..m) (for
 * sa__ls and sa__drop_unique; the positions are lost). tc: nt counters. Returns the number of
 * names. */
static SA__I SA__FC(sa__pr_names)(const SA__C *T, SA__I *SA, SA__I n, SA__I m, int nt, SA__I *tc)
{
    SA__I names = 0;
    (void)nt; /* (without OpenMP) */
    SA__OMP(omp parallel num_threads(nt))
    {
        int th = sa__p_tid(), TT = sa__p_nth(), u;
        SA__I a = (SA__I)((uint64_t)m * (uint64_t)th / (uint64_t)TT);
        SA__I b = (SA__I)((uint64_t)m * (uint64_t)(th + 1) / (uint64_t)TT), i, j, q, k = 0, name;
        q = a > 0 ? SA[a - 1] : -1;
        SA__OMP(omp barrier)
        for (i = a; i < b; i++) {
            SA__I p = SA[i], plen = SA[m + (p >> 1)];
            int diff = 1;
            if (i < b - SA__PREFETCH) {
                SA__I r = SA[i + SA__PREFETCH];
                SA__PF(SA + m + (r >> 1));
                SA__PF(T + r);
            }
            if (q >= 0) {
                SA__I qlen = SA[m + (q >> 1)];
                diff = !(plen == qlen && plen <= n - p && qlen <= n - q &&
                         memcmp(T + p, T + q, (size_t)plen * sizeof *T) == 0);
            }
            if (diff) { SA[i] = ~p; k++; }
            q = p;
        }
        tc[th] = k;
        SA__OMP(omp barrier)
        for (name = 0, u = 0; u < th; u++) name += tc[u];
        for (i = a; i < b; i++) {
            SA__I p = SA[i];
            if (p < 0) { p = ~p; name++; }
            SA[m + (p >> 1)] = name;
        }
        for (i = a, j = a; i < b; i++) { /* each part's name starts (marked) to its own start, in place (j <= i) */
            SA__I s = SA[i] < 0;
            SA[j] = i;
            j += s;
        }
        SA__OMP(omp barrier)
        SA__OMP(omp single)
        {
            for (u = 0; u < TT; u++) names += tc[u];
            /* the parts' starts moved down in order (each part's to below its own start), then
               shifted by one: the index before the next name's start */
            for (j = 0, u = 0; u < TT; u++) {
                memmove(SA + j, SA + (SA__I)((uint64_t)m * (uint64_t)u / (uint64_t)TT), (size_t)tc[u] * sizeof *SA);
                j += tc[u];
            }
            for (j = 0; j < names - 1; j++) SA[j] = SA[j + 1] - 1;
            SA[names - 1] = m - 1;
        }
    }
    return names;
}

/* The reduced string (names - 1, in text order) from the names at SA[m + p/2] (zero elsewhere in
 * SA[m..m + (n-1)/2]) to RA = SA[n-m..n): each thread compacts its part of the names to the
 * part's start, then one thread moves the parts to RA, the top one first (each lands at or above
 * where it lies: the names at or above any index i number at most n - i). tc: nt counters. */
static void SA__F(sa__pr_reduced)(SA__I *SA, SA__I n, SA__I m, int nt, SA__I *tc)
{
    SA__I len = (n - 1) / 2 + 1, *src = SA + m;
    (void)nt; /* (without OpenMP) */
    SA__OMP(omp parallel num_threads(nt))
    {
        int t = sa__p_tid(), TT = sa__p_nth(), u;
        SA__I a = (SA__I)((uint64_t)len * (uint64_t)t / (uint64_t)TT);
        SA__I b = (SA__I)((uint64_t)len * (uint64_t)(t + 1) / (uint64_t)TT), i, j = a, o = m;
        for (i = a; i < b; i++) { /* branch-free: j <= i */
            SA__I v = src[i];
            src[j] = v - 1;
            j += v != 0;
        }
        tc[t] = j - a;
        SA__OMP(omp barrier)
        SA__OMP(omp single)
        for (u = TT - 1; u >= 0; u--) {
            o -= tc[u];
            memmove(SA + n - m + o, src + (SA__I)((uint64_t)len * (uint64_t)u / (uint64_t)TT), (size_t)tc[u] * sizeof *SA);
        }
    }
}

/* After stage 1 on nt threads: the LMS suffixes (negative entries ~p of SA[0..n), in order) to
 * SA[0..m) as positions; SA[m..n) is left as anything. Each thread compacts its part to the part's
 * start, then one thread moves the parts down in order (each part's destination lies below its
 * own start and past the parts before it). tc: nt counters. Returns m. */
static SA__I SA__F(sa__pr_compact)(SA__I *SA, SA__I n, int nt, SA__I *tc)
{
    SA__I m = 0;
    (void)nt; /* (without OpenMP) */
    SA__OMP(omp parallel num_threads(nt))
    {
        int t = sa__p_tid(), TT = sa__p_nth(), u;
        SA__I a = (SA__I)((uint64_t)n * (uint64_t)t / (uint64_t)TT);
        SA__I b = (SA__I)((uint64_t)n * (uint64_t)(t + 1) / (uint64_t)TT), i, j = a;
        for (i = a; i < b; i++) { /* branch-free: j <= i, SA[i] already read */
            SA__I v = SA[i];
            SA[j] = ~v;
            j += v < 0;
        }
        tc[t] = j - a;
        SA__OMP(omp barrier)
        SA__OMP(omp single)
        for (u = 0; u < TT; u++) {
            memmove(SA + m, SA + (SA__I)((uint64_t)n * (uint64_t)u / (uint64_t)TT), (size_t)tc[u] * sizeof *SA);
            m += tc[u];
        }
    }
    return m;
}

/* Text chunks for the int levels' type scans, called by every thread t of a team of TT: lo[u] =
 * n u / TT (lo[TT] = n), tf[u] = 1 when position lo[u] is S-type (found by a look past its run
 * of one symbol; a run into the next chunk takes that chunk's type). Thread t then scans its
 * chunk right to left (sa__rtl_step) from p0 = lo[t + 1] (n - 1 for the last chunk) with cp =
 * T[p0], s1 = tf[t + 1] (0 for the last: n - 1 is L-type), deciding positions p0 .. lo[t] + 1.
 * n >= 2 TT. Returns p0. */
static SA__I SA__F(sa__pr_chunks)(const SA__I *T, SA__I n, SA__I *lo, SA__I *tf, int t, int TT)
{
    SA__I q, p0;
    int u;
    lo[t] = (SA__I)((uint64_t)n * (uint64_t)t / (uint64_t)TT);
    if (t == 0) lo[TT] = n;
    SA__OMP(omp barrier)
    p0 = t == TT - 1 ? n - 1 : lo[t + 1];
    for (q = lo[t]; q < p0 && T[q] == T[q + 1]; q++) {}
    tf[t] = q < p0 ? T[q] < T[q + 1] : (t == TT - 1 ? 0 : -1); /* -1: the next chunk's */
    SA__OMP(omp barrier)
    SA__OMP(omp single)
    for (u = TT - 2; u >= 0; u--)
        if (tf[u] < 0) tf[u] = tf[u + 1];
    return p0;
}

/* Reduced-string indices to text positions on px->nt threads: RA[j] = the j-th LMS position of
 * T (each text chunk's LMS positions counted, then written from the chunk's offset), then
 * SA[i] = RA[SA[i]] for i < m. */
static void SA__F(sa__pr_map)(const SA__I *T, SA__I *SA, SA__I *RA, SA__I n, SA__I m, const SA__F(sa__prx) *px)
{
    SA__I *cnt = px->tc, *lo = cnt + px->nt, *tf = lo + px->nt + 1; /* 3 nt + 2 counters */
    SA__OMP(omp parallel num_threads(px->nt))
    {
        int t = sa__p_tid(), TT = sa__p_nth(), u, pass, s1;
        SA__I p, p0 = SA__F(sa__pr_chunks)(T, n, lo, tf, t, TT), q, cp, j = 0, k = 0, a, b;
        for (pass = 0; pass < 2; pass++) { /* count, then write */
            cp = T[p0];
            s1 = t == TT - 1 ? 0 : (int)tf[t + 1];
            for (p = p0; p > lo[t]; p--) {
                int lms = SA__FC(sa__rtl_step)(T[p - 1], &cp, &s1);
                if (pass == 0) k += lms;
                else if (lms) RA[j--] = p;
            }
            if (pass == 0) {
                cnt[t] = k;
                SA__OMP(omp barrier)
                for (u = 0; u <= t; u++) j += cnt[u];
                j--;
            }
        }
        SA__OMP(omp barrier)
        a = (SA__I)((uint64_t)m * (uint64_t)t / (uint64_t)TT); /* this thread's share only: the */
        b = (SA__I)((uint64_t)m * (uint64_t)(t + 1) / (uint64_t)TT); /* look-ahead reads no other's */
        for (q = a; q < b; q++) {
            if (q < b - SA__PREFETCH) SA__PF(&RA[SA[q + SA__PREFETCH]]);
            SA[q] = RA[SA[q]];
        }
    }
}

/* Stage 3's placing on px->nt threads: the sorted LMS suffixes SA[0..m) to the ends of their
 * buckets (B: the bucket ends, moved down), in order, the rest of SA zeroed; as the one-thread loop
 * (i from m - 1 down: SA[i] = 0, SA[--B[T[p]]] = p), whose destinations never go below i. In
 * blocks of npic entries from the right: the threads cache (bucket, position) and zero the block,
 * each computes its entries' destinations (sorted: T[p] ascends with i, so a bucket's entries in a
 * block are a run, the one at i going r - i below B[c], r the run's end), then B[c] moves to each
 * run's start and the positions are written. Barriers: 4 a block. */
static void SA__F(sa__pr_place3)(const SA__I *T, SA__I *SA, SA__I n, SA__I m, SA__I *B, const SA__F(sa__prx) *px)
{
    SA__F(sa__pic) *ca = px->cache;
    const SA__I blk = px->npic;
    SA__OMP(omp parallel num_threads(px->nt))
    {
        int t = sa__p_tid(), TT = sa__p_nth();
        SA__I i, hi, lo, a, b, c, r, x, y, mid;
        SA__OMP(omp for schedule(static))
        for (i = m; i < n; i++) SA[i] = 0;
        for (hi = m; hi > 0; hi = lo) {
            lo = hi > blk ? hi - blk : 0;
            a = lo + (SA__I)((uint64_t)(hi - lo) * (uint64_t)t / (uint64_t)TT);
            b = lo + (SA__I)((uint64_t)(hi - lo) * (uint64_t)(t + 1) / (uint64_t)TT);
            for (i = a; i < b; i++) {
                if (i < b - SA__PREFETCH) SA__PF(&T[SA[i + SA__PREFETCH]]);
                ca[i - lo].v = SA[i];
                ca[i - lo].c = T[SA[i]];
            }
            SA__OMP(omp barrier)
            if (b > a) memset(SA + a, 0, (size_t)(b - a) * sizeof *SA);
            r = b; /* the end of the run holding b - 1: the first entry of a larger bucket, or hi */
            if (b > a) {
                c = ca[b - 1 - lo].c;
                x = b;
                y = hi;
                while (x < y) {
                    mid = x + (y - x) / 2;
                    if (ca[mid - lo].c > c) y = mid;
                    else x = mid + 1;
                }
                r = x;
            }
            SA__OMP(omp barrier)
            for (i = b - 1, c = -1; i >= a; i--) { /* destinations into .c (r: the run's end) */
                SA__I ci = ca[i - lo].c;
                if (c >= 0 && ci != c) r = i + 1;
                c = ci;
                ca[i - lo].c = B[c] - (r - i);
            }
            SA__OMP(omp barrier)
            for (i = a; i < b; i++) {
                SA__I d = ca[i - lo].c, p = ca[i - lo].v;
                if (i == lo || T[ca[i - 1 - lo].v] != T[p]) B[T[p]] = d; /* a run's start */
                SA[d] = p;
            }
            SA__OMP(omp barrier)
        }
    }
}

/* The length of every LMS substring (up to and including the next LMS position; the last one's
 * runs into the virtual sentinel) to SA[m + p/2], on px->nt threads (SA[m..n) zeroed first): each
 * chunk finds its leftmost LMS position, then writes its lengths from the next chunk's. */
static void SA__F(sa__pr_lengths)(const SA__I *T, SA__I *SA, SA__I n, SA__I m, const SA__F(sa__prx) *px)
{
    SA__I *mn = px->tc, *lo = mn + px->nt, *tf = lo + px->nt + 1; /* 3 nt + 2 counters */
    SA__OMP(omp parallel num_threads(px->nt))
    {
        int t = sa__p_tid(), TT = sa__p_nth(), u, pass, s1;
        SA__I i, p, p0, cp, prev = n, low = -1;
        SA__OMP(omp for schedule(static))
        for (i = m; i < n; i++) SA[i] = 0;
        p0 = SA__F(sa__pr_chunks)(T, n, lo, tf, t, TT);
        for (pass = 0; pass < 2; pass++) {
            cp = T[p0];
            s1 = t == TT - 1 ? 0 : (int)tf[t + 1];
            for (p = p0; p > lo[t]; p--) {
                if (SA__FC(sa__rtl_step)(T[p - 1], &cp, &s1)) {
                    if (pass) SA[m + (p >> 1)] = prev - p + 1;
                    prev = low = p;
                }
            }
            if (pass == 0) {
                mn[t] = low;
                SA__OMP(omp barrier)
                for (prev = n, u = TT - 1; u > t; u--)
                    if (mn[u] >= 0) prev = mn[u];
            }
        }
    }
}

/* An int level's symbol counts cnt[0..k) on px->nt threads: h = min(threads, n / k) threads each
 * count a chunk of T into their own k counters in SA (the level's output, free before stage 1:
 * h k <= n entries), then every thread sums the h tables over its range of symbols. Returns 0
 * with nothing done when n < 2k (the caller counts on one thread). */
static int SA__F(sa__pr_count)(const SA__I *T, SA__I *SA, SA__I n, SA__I k, SA__I *cnt, const SA__F(sa__prx) *px)
{
    if (n / k < 2) return 0;
    (void)px; /* (without OpenMP) */
    SA__OMP(omp parallel num_threads(px->nt))
    {
        int t = sa__p_tid(), TT = sa__p_nth();
        SA__I h = n / k < (SA__I)TT ? n / k : (SA__I)TT, i, a, b, u, *H;
        if ((SA__I)t < h) {
            H = SA + (size_t)k * (size_t)t;
            a = (SA__I)((uint64_t)n * (uint64_t)t / (uint64_t)h);
            b = (SA__I)((uint64_t)n * (uint64_t)(t + 1) / (uint64_t)h);
            memset(H, 0, (size_t)k * sizeof *H);
            for (i = a; i < b; i++) H[T[i]]++;
        }
        SA__OMP(omp barrier)
        a = (SA__I)((uint64_t)k * (uint64_t)t / (uint64_t)TT);
        b = (SA__I)((uint64_t)k * (uint64_t)(t + 1) / (uint64_t)TT);
        if (b > a) memcpy(cnt + a, SA + a, (size_t)(b - a) * sizeof *cnt);
        for (u = 1; u < h; u++) {
            H = SA + (size_t)k * (size_t)u;
            for (i = a; i < b; i++) cnt[i] += H[i];
        }
    }
    return 1;
}

/* Stage 1's seeds on px->nt threads: every LMS position p of T to the end of bucket T[p] (B: the
 * bucket ends, moved down; within a bucket in no particular order, which stage 1 allows), SA
 * zeroed first. In rounds: each thread caches the next (bucket, position) pairs of its text
 * chunk, one thread turns the buckets into destinations, each thread writes its pairs. Returns
 * the number of LMS positions; *first = the leftmost one. */
static SA__I SA__F(sa__pr_seeds)(const SA__I *T, SA__I *SA, SA__I n, SA__I *B, SA__I *first, const SA__F(sa__prx) *px)
{
    SA__I *cnt = px->tc, *lo = cnt + px->nt, *tf = lo + px->nt + 1, *mn = tf + px->nt + 1; /* 4 nt + 2 */
    SA__I per = px->npic / px->nt, m = 0;
    int more = 1;
    SA__OMP(omp parallel num_threads(px->nt))
    {
        int t = sa__p_tid(), TT = sa__p_nth(), u, s1;
        SA__I i, p, p0, cp, q, c, low = -1;
        SA__F(sa__pic) *ca = px->cache, *my = ca + (size_t)per * (size_t)t;
        SA__OMP(omp for schedule(static))
        for (i = 0; i < n; i++) SA[i] = 0;
        p = p0 = SA__F(sa__pr_chunks)(T, n, lo, tf, t, TT);
        cp = T[p0];
        s1 = t == TT - 1 ? 0 : (int)tf[t + 1];
        while (more) {
            for (q = 0; p > lo[t] && q < per; p--) {
                c = cp;
                if (SA__FC(sa__rtl_step)(T[p - 1], &cp, &s1)) {
                    my[q].c = c;
                    my[q].v = p;
                    q++;
                    low = p;
                }
            }
            cnt[t] = q;
            mn[t] = p > lo[t]; /* this chunk not done */
            SA__OMP(omp barrier)
            SA__OMP(omp single)
            {
                more = 0;
                for (u = 0; u < TT; u++) {
                    SA__F(sa__pic) *e = ca + (size_t)per * (size_t)u;
                    for (i = 0; i < cnt[u]; i++) {
                        if (i + SA__PREFETCH < cnt[u]) SA__P_PFW(B + e[i + SA__PREFETCH].c);
                        e[i].c = --B[e[i].c];
                    }
                    m += cnt[u];
                    more |= mn[u] != 0;
                }
            }
            for (i = 0; i < q; i++) SA[my[i].c] = my[i].v;
            SA__OMP(omp barrier) /* (every thread has read more before the next round sets it) */
        }
        mn[t] = low;
        SA__OMP(omp barrier)
        SA__OMP(omp single)
        for (*first = 0, u = TT - 1; u >= 0; u--)
            if (mn[u] >= 0) *first = mn[u];
    }
    return m;
}

/* Stage 1 of SA-IS on the integer levels (the byte level: sa__s1_bytes): the LMS suffixes sit
 * at their bucket ends in any order; induce L then S types so that the LMS substrings come out
 * sorted. Sign bits carry the type of the preceding
 * suffix so that T is read once per entry: during the L scan a negative entry is an L suffix
 * whose predecessor is S (kept for the S scan); during the S scan a negative entry is an LMS
 * suffix (the result). Everything else is cleared once used. n >= 2. */
SA__INLINE void SA__FC(sa__s1_l)(const SA__C *T, SA__I *SA, SA__I *B, SA__I i)
{
    SA__I j = SA[i];
    if (j > 0) {
        SA__I c;
        SA[i] = 0;
        j--;
        c = T[j];
        SA[B[c]++] = j ^ -(SA__I)(T[j - (j > 0)] < c); /* ~j: predecessor S */
    } else if (j < 0) {
        SA[i] = ~j;
    }
}
SA__INLINE void SA__FC(sa__s1_s)(const SA__C *T, SA__I *SA, SA__I *B, SA__I i)
{
    SA__I j = SA[i];
    if (j > 0) {
        SA__I c;
        SA[i] = 0;
        j--;
        c = T[j];
        SA[--B[c]] = j ^ -(SA__I)(T[j - (j > 0)] > c); /* ~j: predecessor L */
    }
}
static void SA__FC(sa__induce_lms)(const SA__C *T, SA__I *SA, SA__I n, SA__I k, const SA__I *cnt, SA__I *B)
{
    const SA__I d2 = 2 * SA__S3D, d1 = SA__S3D; /* (sa__s3_pf) */
    SA__I i, j;
    SA__FC(sa__buckets)(T, n, k, cnt, B, 0);
    j = n - 1; /* induced by the virtual sentinel: the shortest suffix comes first in its bucket */
    SA[B[T[j]]++] = (T[j - 1] < T[j]) ? ~j : j;
    for (i = 0; i < n - d2 - 1; i += 2) {
        SA__FC(sa__s3_pf)(T, SA, B, i + d2, i + d1);
        SA__FC(sa__s3_pf)(T, SA, B, i + d2 + 1, i + d1 + 1);
        SA__FC(sa__s1_l)(T, SA, B, i);
        SA__FC(sa__s1_l)(T, SA, B, i + 1);
    }
    for (; i < n; i++) SA__FC(sa__s1_l)(T, SA, B, i);
    SA__FC(sa__buckets)(T, n, k, cnt, B, 1);
    for (i = n - 1; i > d2; i -= 2) {
        SA__FC(sa__s3_pf)(T, SA, B, i - d2, i - d1);
        SA__FC(sa__s3_pf)(T, SA, B, i - d2 - 1, i - d1 - 1);
        SA__FC(sa__s1_s)(T, SA, B, i);
        SA__FC(sa__s1_s)(T, SA, B, i - 1);
    }
    for (; i >= 0; i--) SA__FC(sa__s1_s)(T, SA, B, i);
}
#endif

/* Stage 3 of SA-IS: the sorted LMS suffixes sit at their bucket ends; induce the whole SA.
 * After the L scan a positive entry is a suffix whose predecessor is S-type (to be induced by
 * the S scan); the S scan turns every remaining negative entry back into its position. n >= 2.
 * (On the byte level these two scans are a third of SA-IS's time on DNA.) */
SA__INLINE void SA__FC(sa__s3_l)(const SA__C *T, SA__I *SA, SA__I *B, SA__I i)
{
    SA__I j = SA[i];
    SA[i] = ~j;
    if (j > 0) {
        SA__I c;
        j--;
        c = T[j];
        SA[B[c]++] = j ^ -(SA__I)(T[j - (j > 0)] < c); /* ~j: predecessor S */
    }
}
SA__INLINE void SA__FC(sa__s3_s)(const SA__C *T, SA__I *SA, SA__I *B, SA__I i)
{
    SA__I j = SA[i];
    if (j > 0) {
        SA__I c;
        j--;
        c = T[j];
        SA[--B[c]] = j ^ -(SA__I)((j == 0) | (T[j - (j > 0)] > c)); /* ~j: predecessor L or none */
    } else {
        SA[i] = ~j;
    }
}
#if SA__BYTE
static void SA__F(sa__gsa_zeros)(const uint8_t *T, SA__I n, SA__I *SA, SA__I z, SA__I mark);
#endif
/* gsa (a constant; 1 only on the byte level, for sa__sais_gsa): byte 0's bucket is known, every
 * zero in position order (zeros are unique symbols there, ordered by position). It is set before
 * the L scan: the sorted LMS zeros (at the bucket's end) one slot down, then n - 1, read last (no
 * zero is induced by the L scan, n - 1 being the only L zero); and written again after the S scan,
 * which induced the zeros in the plain order (no entry of byte 0 induces anything in it: each
 * one's predecessor is L). Skipping the zeros in the S scan instead (libsais_gsa's test) cost
 * more than the rewrite: 2026-11-28, valgrind instruction counts +0.3-0.4 % on 1 MiB ACGT and
 * Fibonacci with a zero every 64 bytes, and no gain in the device A/B (bench README). */
SA__INLINE void SA__FC(sa__induce_b)(const SA__C *T, SA__I *SA, SA__I n, SA__I k, const SA__I *cnt, SA__I *B,
                                     int gsa)
{
#if SA__BYTE
    const SA__I d2 = SA__S3D, d1 = SA__S3D; /* bytes: 256 counters stay in L1 */
#else
    const SA__I d2 = 2 * SA__S3D, d1 = SA__S3D;
#endif
    SA__I i, j;
    SA__FC(sa__buckets)(T, n, k, cnt, B, 0);
    if (gsa) {
        SA_ASSERT(cnt); /* (the byte level's cnt; int levels pass gsa = 0, their cnt may be NULL) */
        if (cnt[0] > 1) memmove(SA, SA + 1, (size_t)(cnt[0] - 1) * sizeof *SA); /* the LMS zeros, sorted */
        SA[cnt[0] - 1] = n - 1;
    } else {
        j = n - 1;
        SA[B[T[j]]++] = (T[j - 1] < T[j]) ? ~j : j;
    }
    for (i = 0; i < n - d2 - 1; i += 2) { /* (n - d2 - 1: no overflow near 2^31 - 1) */
        SA__FC(sa__s3_pf)(T, SA, B, i + d2, i + d1);
        SA__FC(sa__s3_pf)(T, SA, B, i + d2 + 1, i + d1 + 1);
        SA__FC(sa__s3_l)(T, SA, B, i);
        SA__FC(sa__s3_l)(T, SA, B, i + 1);
    }
    for (; i < n; i++) SA__FC(sa__s3_l)(T, SA, B, i);
    SA__FC(sa__buckets)(T, n, k, cnt, B, 1);
    for (i = n - 1; i > d2; i -= 2) {
        SA__FC(sa__s3_pf)(T, SA, B, i - d2, i - d1);
        SA__FC(sa__s3_pf)(T, SA, B, i - d2 - 1, i - d1 - 1);
        SA__FC(sa__s3_s)(T, SA, B, i);
        SA__FC(sa__s3_s)(T, SA, B, i - 1);
    }
    for (; i >= 0; i--) SA__FC(sa__s3_s)(T, SA, B, i);
#if SA__BYTE
    if (gsa) SA__F(sa__gsa_zeros)(T, n, SA, cnt[0], 0);
#endif
}
static void SA__FC(sa__induce)(const SA__C *T, SA__I *SA, SA__I n, SA__I k, const SA__I *cnt, SA__I *B)
{
    SA__FC(sa__induce_b)(T, SA, n, k, cnt, B, 0);
}

#if !SA__BYTE
/* ---- An int level's induction scans on px->nt threads (libsais_omp's block scheme; read to
 * learn, this code is our own) ----
 * The four scans of sa__induce_lms and sa__induce (kind 0/1: stage 1's L and S scans, 2/3:
 * stage 3's) do, for each slot i in scan order: j = SA[i]; SA[i] = sa__pr_left(kind, j); and
 * for j > 0 write the induced value v = sa__pr_ind(kind, T, j, &c) into bucket c (B[c]++ left
 * to right, --B[c] right to left): always to an empty slot ahead of the scan. Here the scan
 * goes through SA in blocks of px->npic slots. In each block the threads read their parts
 * (the random reads of T) into the cache, one (value, bucket) entry per slot (bucket -1: none)
 * and leave each SA[i] as the scan leaves it; one thread then walks the block in scan order and
 * turns the buckets into destinations. A destination inside the block is a slot the scan has
 * yet to visit: its entry becomes the induced value, pending (bucket -2: T read when the walk
 * gets there, prefetched now), and the value written there is what the scan would leave in it.
 * Then each thread writes its part's values. Extra memory: none (the byte scans' cache). Levels
 * of more than SA__PR_OWN_K buckets on SA__PR_OWN_T or more threads split that walk by bucket
 * (sa__pr_own, below). */
SA__INLINE SA__I SA__F(sa__pr_left)(int kind, SA__I j)
{
    switch (kind) {
    case 0: return j < 0 ? ~j : 0; /* stage 1 L: an L suffix with an S predecessor stays (as j) */
    case 1: return j > 0 ? 0 : j;  /* stage 1 S: the LMS suffixes (negative) stay */
    case 2: return ~j;
    default: return j > 0 ? j : ~j;
    }
}
SA__INLINE SA__I SA__F(sa__pr_ind)(int kind, const SA__I *T, SA__I j, SA__I *c)
{
    SA__I x, y;
    j--;
    x = T[j];
    y = T[j - (j > 0)];
    *c = x;
    if (kind == 3) return j ^ -(SA__I)((j == 0) | (y > x)); /* ~j: predecessor L or none */
    if (kind == 1) return j ^ -(SA__I)(y > x);               /* ~j: predecessor L */
    return j ^ -(SA__I)(y < x);                              /* ~j: predecessor S */
}

/* The read phase's fetch for slot i: T at the two symbols before SA[i] (branch-free: an entry
 * <= 1 fetches T[0..1]), and its step: SA[i] as the scan leaves it, the induced value and its
 * bucket to the cache entry e (bucket -1: none). */
SA__INLINE void SA__F(sa__pr_pf)(const SA__I *T, const SA__I *SA, SA__I i)
{
    SA__I q = SA[i];
    const SA__I *t = T + (q > 1 ? q : 2);
    SA__PF(t - 1);
    SA__PF(t - 2);
}
SA__INLINE void SA__F(sa__pr_rd)(const SA__I *T, SA__I *SA, SA__F(sa__pic) *e, SA__I i, int kind)
{
    SA__I j = SA[i];
    SA[i] = SA__F(sa__pr_left)(kind, j);
    e->c = -1;
    e->v = 0; /* (read by the walk) */
    if (j > 0) e->v = SA__F(sa__pr_ind)(kind, T, j, &e->c);
}

/* One block SA[lo..hi) of a scan (see above). */
static void SA__F(sa__pr_block)(const SA__I *T, SA__I *SA, SA__I *B, SA__I lo, SA__I hi,
                                const SA__F(sa__prx) *px, int kind)
{
    SA__F(sa__pic) *ca = px->cache;
    const SA__I da = SA__S3D; /* fetch distance */
    int rtl = kind & 1;
    SA__OMP(omp parallel num_threads(px->nt))
    {
        int t = sa__p_tid(), TT = sa__p_nth();
        SA__I len = hi - lo, a = lo + (SA__I)((uint64_t)len * (uint64_t)t / (uint64_t)TT);
        SA__I b = lo + (SA__I)((uint64_t)len * (uint64_t)(t + 1) / (uint64_t)TT), i;
        for (i = a; i < b - da - 1; i += 2) { /* read: two entries a step, T fetched da ahead */
            SA__F(sa__pr_pf)(T, SA, i + da);
            SA__F(sa__pr_pf)(T, SA, i + da + 1);
            SA__F(sa__pr_rd)(T, SA, ca + (i - lo), i, kind);
            SA__F(sa__pr_rd)(T, SA, ca + (i + 1 - lo), i + 1, kind);
        }
        for (; i < b; i++) SA__F(sa__pr_rd)(T, SA, ca + (i - lo), i, kind);
        SA__OMP(omp barrier)
        SA__OMP(omp single)
        for (SA__I s = 0, dummy = 0; s < len; s++) { /* destinations, in scan order */
            SA__I x = rtl ? hi - 1 - s : lo + s, c, d, v, *bc;
            SA__F(sa__pic) *e = ca + (x - lo);
            int ok;
            if (s + da < len) { /* the bucket counter da ahead (branch-free: none or pending: B[0]) */
                SA__I cy = ca[(rtl ? x - da : x + da) - lo].c;
                SA__P_PFW(&B[cy > 0 ? cy : 0]);
            }
            c = e->c;
            v = e->v;
            if (c == -2) v = SA__F(sa__pr_ind)(kind, T, v, &c); /* (rare: an induction into this block) */
            /* branch-free on whether the slot induces (about half of them, at random): one that
               does not counts in dummy, and its entry stays -1 */
            ok = c >= 0;
            bc = ok ? B + c : &dummy;
            d = rtl ? --*bc : (*bc)++;
            e->c = ok ? d : -1;
            e->v = v;
            if (ok & (rtl ? d >= lo : d < hi)) { /* the scan visits slot d later in this block */
                SA__F(sa__pic) *f = ca + (d - lo);
                SA_ASSERT(rtl ? d < x : d > x);
                f->c = -1;
                if (v > 0) {
                    f->c = -2;
                    f->v = v;
                    SA__PF(&T[v - 1]);
                }
                e->v = SA__F(sa__pr_left)(kind, v);
            }
        }
        for (i = a; i < b; i++) { /* write */
            SA__F(sa__pic) *e = ca + (i - lo);
            if (i < b - SA__PREFETCH && ca[i + SA__PREFETCH - lo].c >= 0) SA__P_PFW(&SA[ca[i + SA__PREFETCH - lo].c]);
            if (e->c >= 0) SA[e->c] = e->v;
        }
    }
}

/* The block walk split by bucket (kinds 0-3, levels of more than SA__PR_OWN_K buckets). An
 * induction from the block lands at d = B[c]++ (right to left: --B[c]), so a bucket with B[c] >=
 * hi at the block's start ("cold"; right to left: B[c] <= lo) takes its entries outside the
 * block, whatever the order of the other ("hot") buckets' entries. B[c] stays inside bucket c's
 * slots, so B ascends with c: hot is c < cut (right to left: c > cut), cut found by a binary
 * search at the block's start. Only the order within each cold bucket matters, and its entries
 * come from the block's read or from a landing. So in each block:
 * - the threads read their parts as sa__pr_block does, then list their entries in scan order
 *   by owner (the thread owning the bucket in this block: sa__pr_tab's table) or as hot, the
 *   lists in the cache's second half (blocks of npic / 2 slots);
 * - one thread walks the hot entries and the landings (slots of the block that an induction
 *   fills, found in a bit vector by scan offset) in scan order, as sa__pr_block's walk; a
 *   landing whose induction goes to a cold bucket joins the "late" list (its cache index << 7 |
 *   its owner), in scan order;
 * - each owner turns its entries and its late ones, merged in scan order, into destinations;
 * - the threads write their parts as sa__pr_block does.
 * tc: per-thread counts [nt (nt + 1)] (column nt: hot), list starts [nt + 3] (hot, late, end),
 * then the bucket groups' first slots P and the owner table (owner of bucket c = tab[c >> sh]),
 * G entries each. */
SA__INLINE SA__I SA__F(sa__pr_tab0)(int nt) { return (SA__I)nt * (nt + 1) + nt + 3; }
/* G, the bucket groups' room: P and tab in the rest of tc's 256 nt */
SA__INLINE SA__I SA__F(sa__pr_ng)(int nt) { return ((SA__I)256 * nt - SA__F(sa__pr_tab0)(nt)) / 2; }
#define SA__PR_OWN_MIN 64 /* the fewest bucket groups */
/* The bucket groups of a level (g: buckets g << sh ..) and their first slots P[g] =
 * B[g << sh] (B: the bucket starts, sa__buckets(..., 0)). Returns sh, or -1: one-thread walk
 * (sa__pr_block): few buckets, under SA__PR_OWN_T or over 128 threads, or no room in tc (256 nt). */
static int SA__F(sa__pr_owners)(const SA__I *B, SA__I k, const SA__F(sa__prx) *px)
{
    SA__I G, g, *P;
    int sh = 0, nt = px->nt;
    if (nt < 2 || nt < SA__PR_OWN_T || nt > 128 || k <= (SA__I)(SA__PR_OWN_K) || px->npic < 2 ||
        px->npic / 2 >= (SA__I)1 << (sizeof(SA__I) * 8 - 9)) /* (late entries: slot << 7 | owner) */
        return -1;
    G = SA__F(sa__pr_ng)(nt);
    if (G < SA__PR_OWN_MIN) return -1;
    P = px->tc + SA__F(sa__pr_tab0)(nt);
    while (((k - 1) >> sh) >= G) sh++;
    for (g = 0; g <= (k - 1) >> sh; g++) P[g] = B[g << sh];
    return sh;
}

/* A block's owner table (left to right: the cold slots [hi, n) in nt equal parts, a bucket group
 * to the part holding its first slot; right to left: [0, lo)). */
static void SA__F(sa__pr_tab)(const SA__F(sa__prx) *px, SA__I n, SA__I k, SA__I lo, SA__I hi, int rtl, int sh)
{
    int nt = px->nt;
    SA__I G = SA__F(sa__pr_ng)(nt), g, ng = ((k - 1) >> sh) + 1;
    const SA__I *P = px->tc + SA__F(sa__pr_tab0)(nt);
    SA__I *tab = px->tc + SA__F(sa__pr_tab0)(nt) + G, base = rtl ? 0 : hi, span = rtl ? lo : n - hi;
    uint64_t mul = span > 0 ? ((uint64_t)nt << 32) / (uint64_t)span : 0;
    for (g = 0; g < ng; g++) {
        SA__I q = P[g] - base, o = q <= 0 ? 0 : q >= span ? nt - 1 : (SA__I)(((uint64_t)q * mul) >> 32);
        tab[g] = o < nt ? o : nt - 1;
    }
}

/* The first set bit of bm in [s, e), or e. */
SA__INLINE SA__I SA__F(sa__pr_bit)(const uint32_t *bm, SA__I s, SA__I e)
{
    while (s < e) {
        uint32_t w = bm[s >> 5] >> (s & 31);
        if (w) {
            s += sa__ctz64(w);
            return s < e ? s : e;
        }
        s = (s | 31) + 1;
    }
    return e;
}

/* One block SA[lo..hi) of a scan (hi - lo <= px->npic / 2; see above). */
static void SA__F(sa__pr_own)(const SA__I *T, SA__I *SA, SA__I *B, SA__I lo, SA__I hi,
                              const SA__F(sa__prx) *px, int kind, int sh, SA__I cut)
{
    SA__F(sa__pic) *ca = px->cache;
    const SA__I da = SA__S3D, half = px->npic / 2, nt = px->nt, len = hi - lo;
    SA__I *L = (SA__I *)(ca + half), *tc = px->tc, *os = tc + nt * (nt + 1);
    const SA__I *tab = tc + SA__F(sa__pr_tab0)(px->nt) + SA__F(sa__pr_ng)(px->nt);
    uint32_t *bm = (uint32_t *)(L + half); /* (the second half holds 2 (npic - half) >= len + len / 32 + 1 SA__I) */
    int rtl = kind & 1;
    SA__OMP(omp parallel num_threads(px->nt))
    {
        int t = sa__p_tid(), TT = sa__p_nth(), u, o;
        SA__I a = lo + (SA__I)((uint64_t)len * (uint64_t)t / (uint64_t)TT);
        SA__I b = lo + (SA__I)((uint64_t)len * (uint64_t)(t + 1) / (uint64_t)TT), i, c, *my = tc + t * (nt + 1);
        for (o = 0; o <= nt; o++) my[o] = 0;
        for (i = a; i < b - da - 1; i += 2) { /* read, as sa__pr_block's */
            SA__F(sa__pr_pf)(T, SA, i + da);
            SA__F(sa__pr_pf)(T, SA, i + da + 1);
            SA__F(sa__pr_rd)(T, SA, ca + (i - lo), i, kind);
            SA__F(sa__pr_rd)(T, SA, ca + (i + 1 - lo), i + 1, kind);
        }
        for (; i < b; i++) SA__F(sa__pr_rd)(T, SA, ca + (i - lo), i, kind);
        for (i = a; i < b; i++) { /* count: by owner, or hot (column nt) */
            c = ca[i - lo].c;
            if (c >= 0) my[(rtl ? c > cut : c < cut) ? nt : tab[c >> sh]]++;
        }
        SA__OMP(omp barrier)
        SA__OMP(omp single)
        { /* each (thread, owner) list's start: by owner, hot last, threads in scan order */
            SA__I s = 0, x;
            for (o = 0; o <= nt; o++) {
                os[o] = s;
                for (u = rtl ? TT - 1 : 0; rtl ? u >= 0 : u < TT; u += rtl ? -1 : 1) {
                    x = tc[u * (nt + 1) + o];
                    tc[u * (nt + 1) + o] = s;
                    s += x;
                }
            }
            os[nt + 1] = os[nt + 2] = s;
        }
        for (i = rtl ? b - 1 : a; rtl ? i >= a : i < b; i += rtl ? -1 : 1) { /* the lists, in scan order */
            c = ca[i - lo].c;
            if (c >= 0) L[my[(rtl ? c > cut : c < cut) ? nt : tab[c >> sh]]++] = i - lo;
        }
        SA__OMP(omp barrier)
        SA__OMP(omp single)
        { /* the hot entries and the landings, in scan order, by scan offset (slot lo + off, right to
             left hi - 1 - off; cache index ci = off, or len - 1 - off) */
            SA__I hot = os[nt], hot_end = os[nt + 1], late_end = hot_end, next_off = 0, w, v, d, ci;
            SA__I off, hot_off, land_off;
            for (w = 0; w <= len >> 5; w++) bm[w] = 0;
            for (;;) {
                SA__F(sa__pic) *e;
                hot_off = hot < hot_end ? (rtl ? len - 1 - L[hot] : L[hot]) : len; /* the next hot entry's */
                land_off = SA__F(sa__pr_bit)(bm, next_off, hot_off); /* a landing before it, or hot_off */
                if (land_off < hot_off) { /* a landing: its induction (it has one: sa__pr_block) */
                    off = land_off;
                    ci = rtl ? len - 1 - off : off;
                    e = ca + ci;
                    SA_ASSERT(e->c == -2);
                    v = SA__F(sa__pr_ind)(kind, T, e->v, &c);
                    if (rtl ? c <= cut : c >= cut) { /* cold: its owner's */
                        e->c = c;
                        e->v = v;
                        L[late_end++] = ci << 7 | tab[c >> sh]; /* (owners change e->c: theirs kept here) */
                        next_off = off + 1;
                        continue;
                    }
                } else {
                    if (hot == hot_end) break;
                    off = hot_off;
                    ci = L[hot++];
                    e = ca + ci;
                    if (hot + da < hot_end) SA__P_PFW(&B[ca[L[hot + da]].c]);
                    c = e->c;
                    v = e->v;
                }
                next_off = off + 1;
                d = rtl ? --B[c] : B[c]++;
                e->c = d;
                e->v = v;
                if (rtl ? d >= lo : d < hi) { /* the scan visits slot d later in this block */
                    SA__F(sa__pic) *f = ca + (d - lo);
                    SA__I doff = rtl ? hi - 1 - d : d - lo;
                    SA_ASSERT(doff > off && f->c == -1);
                    f->c = -1;
                    if (v > 0) {
                        f->c = -2;
                        f->v = v;
                        SA__PF(&T[v - 1]);
                        bm[doff >> 5] |= (uint32_t)1 << (doff & 31);
                    }
                    e->v = SA__F(sa__pr_left)(kind, v);
                }
            }
            os[nt + 2] = late_end;
        }
        for (o = t; o < nt; o += TT) { /* each owner: its entries and its late ones, in scan order */
            SA__I own = os[o], own_end = os[o + 1], late = os[nt + 1], late_end = os[nt + 2], d;
            for (;;) {
                SA__F(sa__pic) *e;
                while (late < late_end && (L[late] & 127) != o) late++; /* this owner's next late entry */
                if (own < own_end &&
                    (late == late_end || (rtl ? L[own] > L[late] >> 7 : L[own] < L[late] >> 7))) {
                    if (own + 16 < own_end) SA__P_PFW(&B[ca[L[own + 16]].c]);
                    e = ca + L[own++];
                } else if (late < late_end) e = ca + (L[late++] >> 7);
                else break;
                d = rtl ? --B[e->c] : B[e->c]++;
                SA_ASSERT(rtl ? d < lo : d >= hi);
                e->c = d;
            }
        }
        SA__OMP(omp barrier)
        for (i = a; i < b; i++) { /* write, as sa__pr_block's */
            SA__F(sa__pic) *e = ca + (i - lo);
            if (i < b - SA__PREFETCH && ca[i + SA__PREFETCH - lo].c >= 0) SA__P_PFW(&SA[ca[i + SA__PREFETCH - lo].c]);
            if (e->c >= 0) SA[e->c] = e->v;
        }
    }
}

/* The slots SA[lo..hi) of a scan of kind 0-3 on one thread (the guard's probes, and every slot
 * once it has switched the blocks off): sa__induce_lms's and sa__induce's steps in their loop
 * shape (two entries a step, sa__s3_pf's fetches while the entry d2 ahead is inside the range). */
static void SA__F(sa__pr_serial)(const SA__I *T, SA__I *SA, SA__I *B, SA__I lo, SA__I hi, int kind)
{
    const SA__I d2 = 2 * SA__S3D, d1 = SA__S3D;
    SA__I i;
    if (kind & 1) {
        for (i = hi - 1; i - d2 > lo; i -= 2) {
            SA__FC(sa__s3_pf)(T, SA, B, i - d2, i - d1);
            SA__FC(sa__s3_pf)(T, SA, B, i - d2 - 1, i - d1 - 1);
            if (kind == 1) {
                SA__FC(sa__s1_s)(T, SA, B, i);
                SA__FC(sa__s1_s)(T, SA, B, i - 1);
            } else {
                SA__FC(sa__s3_s)(T, SA, B, i);
                SA__FC(sa__s3_s)(T, SA, B, i - 1);
            }
        }
        for (; i >= lo; i--) {
            if (kind == 1) SA__FC(sa__s1_s)(T, SA, B, i);
            else SA__FC(sa__s3_s)(T, SA, B, i);
        }
    } else {
        for (i = lo; i < hi - d2 - 1; i += 2) {
            SA__FC(sa__s3_pf)(T, SA, B, i + d2, i + d1);
            SA__FC(sa__s3_pf)(T, SA, B, i + d2 + 1, i + d1 + 1);
            if (kind == 0) {
                SA__FC(sa__s1_l)(T, SA, B, i);
                SA__FC(sa__s1_l)(T, SA, B, i + 1);
            } else {
                SA__FC(sa__s3_l)(T, SA, B, i);
                SA__FC(sa__s3_l)(T, SA, B, i + 1);
            }
        }
        for (; i < hi; i++) {
            if (kind == 0) SA__FC(sa__s1_l)(T, SA, B, i);
            else SA__FC(sa__s3_l)(T, SA, B, i);
        }
    }
}

/* One scan of kind 0-3 over SA[0..n), block by block in scan order. With the guard on (r->guard,
 * the byte level's rule in sa__rate_block), the first SA__PR_PROBE slots of a level's first
 * four scans run on one thread, timed, and so is every block; once the blocks run
 * under half as many entries per second as one thread (threads waiting on each other: more runnable
 * threads than cores), the rest runs on one thread. The result never depends on the split. */
static void SA__F(sa__pr_scan)(const SA__I *T, SA__I *SA, SA__I n, SA__I k, SA__I *B,
                               const SA__F(sa__prx) *px, sa__rate *r, int kind, int sh)
{
    SA__I s, e, blk = sh >= 0 ? px->npic / 2 : px->npic, lo, hi;
    double t0;
    for (s = 0; s < n; s = e) {
        int probe = r->guard && !r->off && s == 0 && r->nprobe < 4;
        e = r->off ? n : probe ? (n > SA__PR_PROBE ? SA__PR_PROBE : n) : n - s > blk ? s + blk : n;
        lo = kind & 1 ? n - e : s;
        hi = kind & 1 ? n - s : e;
        t0 = sa__p_now();
        if (r->off || probe) {
            SA__F(sa__pr_serial)(T, SA, B, lo, hi, kind);
            if (probe) {
                sa__rate_one(r, (double)(e - s), sa__p_now() - t0);
                r->nprobe++;
            }
        } else {
            if (sh >= 0) { /* the cut: B ascends (each B[c] inside bucket c), so hot is a prefix (suffix) */
                SA__I x = 0, y = k, mid; /* the first c with B[c] >= hi (right to left: B[c] > lo) */
                while (x < y) {
                    mid = x + (y - x) / 2;
                    if (kind & 1 ? B[mid] > lo : B[mid] >= hi) y = mid;
                    else x = mid + 1;
                }
                SA__F(sa__pr_tab)(px, n, k, lo, hi, kind & 1, sh);
                SA__F(sa__pr_own)(T, SA, B, lo, hi, px, kind, sh, kind & 1 ? x - 1 : x);
            }
            else SA__F(sa__pr_block)(T, SA, B, lo, hi, px, kind);
            sa__rate_block(r, (double)(e - s), sa__p_now() - t0);
        }
    }
}

/* sa__induce_lms (stage 1) or sa__induce (stage 3) on px->nt threads: the same result. r: the
 * level's guard (sa__pr_scan). */
static void SA__F(sa__pr_induce)(const SA__I *T, SA__I *SA, SA__I n, SA__I k, const SA__I *cnt, SA__I *B,
                                 const SA__F(sa__prx) *px, sa__rate *r, int stage)
{
    SA__I j = n - 1;
    int kind = stage == 1 ? 0 : 2, sh;
    SA__FC(sa__buckets)(T, n, k, cnt, B, 0);
    sh = SA__F(sa__pr_owners)(B, k, px); /* (-1: sa__pr_block) */
    SA[B[T[j]]++] = (T[j - 1] < T[j]) ? ~j : j;
    SA__F(sa__pr_scan)(T, SA, n, k, B, px, r, kind, sh);
    SA__FC(sa__buckets)(T, n, k, cnt, B, 1);
    SA__F(sa__pr_scan)(T, SA, n, k, B, px, r, kind + 1, sh);
}
#endif

#if SA__BYTE
/* Larsson-Sadakane doubling (qsufsort) for a reduced string whose symbols are nearly all
 * distinct (random-like inputs): one or two rounds finish it, much cheaper than a recursion
 * over an alphabet as large as the string. x[0..m) holds symbols < k and is destroyed (it ends
 * as the inverse SA); p[0..m) receives the SA; c[0..k) holds, on entry, the index of the last
 * entry of each symbol's group in sorted order (the naming pass knows them) and is destroyed.
 * Sorted runs in p are marked by their negative length, as in qsufsort. pos != NULL: p gets
 * pos[m - 1 - i] instead of each index i (the LMS text positions, right to left). */
typedef struct { SA__I key, idx; } SA__F(sa__kv);
static int SA__F(sa__kv_cmp)(const void *a, const void *b)
{
    SA__I x = ((const SA__F(sa__kv) *)a)->key, y = ((const SA__F(sa__kv) *)b)->key;
    return (x > y) - (x < y);
}
/* Whether sa__ls should finish the reduced string x[0..m) (symbols 0..name-1; c[v] = the
 * index of the last entry of symbol v in sorted order, as for sa__ls) instead of a recursion.
 * An entry whose next 8 symbols include a unique one is a singleton after 3 doubling rounds;
 * entries in longer runs of repeated symbols cost a round per factor two of the run length (a
 * text with a long repeat: 2.2x slower than the recursion when a third of it repeats), and a
 * symbol with many occurrences a large sort buffer. So: at most m/64 entries in such runs and
 * no symbol occurring more than m/64 times (the buffer then holds under m/32 pairs: m/4 bytes,
 * m/2 for 64-bit, and m <= n/2). */
static int SA__F(sa__ls_ok)(const SA__I *x, SA__I m, const SA__I *c)
{
    SA__I i, run = 0, heavy = 0, lim = m / 64;
    for (i = m - 1; i >= 0; i--) {
        SA__I v = x[i], sz;
        if (i >= SA__PREFETCH) SA__PF(&c[x[i - SA__PREFETCH]]);
        sz = c[v] - (v ? c[v - 1] : -1);
        if (sz > lim) return 0;
        run = sz > 1 ? run + 1 : 0;
        heavy += run >= 8;
    }
    return heavy <= lim;
}

static sa_status SA__F(sa__ls)(SA__I *x, SA__I *p, SA__I m, SA__I k, SA__I *c, const SA__I *pos)
{
    SA__F(sa__kv) *buf = NULL, local[64];
    SA__I cap = 64, i, h;
    /* c[v] = the index of the last entry of group v (from the naming pass). Singletons are
     * marked -1 in p; a larger group's last slot holds its fill cursor until it is full. */
    for (i = 0; i < k; i++) {
        SA__I a = i ? c[i - 1] + 1 : 0, e = c[i];
        p[e] = a == e ? -1 : a;
    }
    for (i = 0; i < m; i++) {
        SA__I v, a, e;
        if (i < m - 2 * SA__PREFETCH) SA__PF(&c[x[i + 2 * SA__PREFETCH]]);
        if (i < m - SA__PREFETCH) SA__PF(&p[c[x[i + SA__PREFETCH]]]);
        v = x[i];
        e = c[v];
        a = v ? c[v - 1] + 1 : 0;
        x[i] = e; /* rank = index of the group's last entry */
        if (a != e) {
            SA__I s = p[e];
            if (s == e) p[e] = i;
            else { p[s] = i; p[e] = s + 1; }
        }
    }
    for (h = 1;; h *= 2) {
        SA__I run = -1;
        i = 0;
        while (i < m) {
            if (i < m - SA__PREFETCH) { /* the ranks the entry D ahead will read and write */
                SA__I q = p[i + SA__PREFETCH];
                if (q >= 0) {
                    SA__PF(&x[q]);
                    if (h < m - q) SA__PF(&x[q + h]);
                }
            }
            if (p[i] < 0) {
                if (run < 0) run = i;
                i -= p[i];
                continue;
            }
            if (run >= 0) { p[run] = -(i - run); run = -1; }
            SA__I r = x[p[i]], len = r - i + 1, t, a;
            SA__F(sa__kv) *kv = local;
            if (len > 64) {
                if (len > cap || !buf) {
                    if (buf) SA_FREE(buf);
                    cap = len > 2 * cap ? len : 2 * cap;
                    buf = (SA__F(sa__kv) *)SA_MALLOC((size_t)cap * sizeof *buf);
                    if (!buf) return SA_ERR_NOMEM;
                }
                kv = buf;
            }
            for (t = 0; t < len; t++) {
                SA__I q = p[i + t];
                kv[t].idx = q;
                kv[t].key = h < m - q ? x[q + h] : -1; /* the suffix that ends here sorts first */
            }
            if (len <= 16) {
                for (t = 1; t < len; t++) {
                    SA__F(sa__kv) v = kv[t];
                    for (a = t; a > 0 && kv[a - 1].key > v.key; a--) kv[a] = kv[a - 1];
                    kv[a] = v;
                }
            } else {
                qsort(kv, (size_t)len, sizeof *kv, SA__F(sa__kv_cmp));
            }
            /* new groups: equal keys; rank = index of the group's last entry */
            for (t = 0; t < len; t = a) {
                for (a = t + 1; a < len && kv[a].key == kv[t].key; a++) {}
                for (SA__I u = t; u < a; u++) {
                    x[kv[u].idx] = i + a - 1;
                    p[i + u] = a - t == 1 ? -1 : kv[u].idx;
                }
            }
            i = r + 1;
        }
        if (run >= 0) p[run] = -(m - run);
        if (p[0] == -m) break;
    }
    for (i = 0; i < m; i++) {
        if (i < m - SA__PREFETCH) SA__PF(&p[x[i + SA__PREFETCH]]);
        p[x[i]] = pos ? pos[m - 1 - i] : i;
    }
    if (buf) SA_FREE(buf);
    return SA_OK;
}
#endif

#if SA__BYTE
/* Unique-name dropping before a recursion (libsais does the same on its integer levels). The
 * reduced string R[0..m) has names 0..name-1, c[v] = the index of the last entry of name v in
 * sorted order (so a name that occurs once, "unique", has its final rank c[v] among the m reduced
 * suffixes already). A comparison of two different suffixes of R that reaches index j has matched
 * R[j-1] at two indices, so when R[j-1] is unique no such comparison reads R[j]: an index j >= 1
 * with R[j] and R[j-1] both unique can leave the string (any subset of such indices can): the
 * order of the other suffixes is the same in the shorter string, and j's rank is c[R[j]].
 * sa__drop_unique removes up to fmax such indices: R (at SA[n-m..n)) becomes R' at SA[n-m+f..n)
 * with names renumbered densely (0..name-f-1, order kept), and the pairs (j, rank) of the dropped
 * indices go to SA[m..m+2f), descending j (fmax <= (n - 2m) / 2: the pairs never reach the part of
 * R not yet read). c (SA[0..name)) is used up. Returns f. */
#ifndef SA__DROP_DIV /* try only when unique names are at least m / SA__DROP_DIV (the tests: always) */
#define SA__DROP_DIV 16
#endif
#ifndef SA__DROP_CAP /* at most this many dropped: the pairs fit below R (the tests: a few) */
#define SA__DROP_CAP(n, m) (((n) - 2 * (m)) / 2)
#endif
static SA__I SA__F(sa__drop_par)(SA__I *SA, SA__I n, SA__I m, SA__I name, SA__I fmax, const SA__F(sa__prx) *px);
static SA__I SA__F(sa__drop_unique)(SA__I *SA, SA__I n, SA__I m, SA__I name, SA__I fmax, const SA__F(sa__prx) *px)
{
    SA__I *c = SA, *R = SA + n - m, *pr = SA + m, j, v, w = n, f = 0, uniq = 0, d;
    /* (R[j] is read before SA[w - 1] is written: w - 1 >= n - m + j) */
    const SA__I top = (SA__I)1 << (sizeof(SA__I) * 8 - 2), low = top - 1; /* c[v] < m < top */
    int u, up, nt = px ? px->nt : 1;
    if (SA__F(sa__pr_par)(px, m)) { /* on all threads, unless the cap binds (-1) */
        f = SA__F(sa__drop_par)(SA, n, m, name, fmax, px);
        if (f >= 0) return f;
        f = 0;
    }
    for (v = 0; v < name; v++) uniq += c[v] - (v ? c[v - 1] : -1) == 1;
    if (fmax <= 0 || uniq < 2 || uniq < m / SA__DROP_DIV) return 0;
    /* right to left: R' is written from the end, never ahead of the entry read (w >= n - m + j) */
    v = R[m - 1];
    u = c[v] - (v ? c[v - 1] : -1) == 1;
    for (j = m - 1; j >= 1; j--) {
        SA__I pv = R[j - 1], cv, cp;
        if (j > SA__PREFETCH) SA__PF(&c[R[j - 1 - SA__PREFETCH]]);
        cv = c[pv] & low; /* a dropped name carries the bit top */
        cp = pv ? c[pv - 1] & low : -1;
        up = cv - cp == 1;
        if (u & up & (f < fmax)) {
            pr[2 * f] = j;
            pr[2 * f + 1] = c[v] & low;
            c[v] |= top;
            f++;
        } else {
            SA[--w] = v;
        }
        v = pv;
        u = up;
    }
    SA[--w] = v; /* j = 0 stays */
    if (f == 0) return 0;
    for (v = 0, d = 0; v < name; v++) { /* new name = old name - dropped names below it */
        SA__I x = c[v];
        c[v] = v - d;
        d += (x & top) != 0;
    }
    (void)nt; /* (without OpenMP) */
    SA__OMP(omp parallel num_threads(nt) if (nt > 1 && m - f >= SA__PR_MIN))
    { /* each thread its share, the look-ahead inside it (no read of another thread's entries) */
        int64_t a, b, q;
        sa__thread_range(m - f, &a, &b);
        a += n - m + f;
        b += n - m + f;
        for (q = a; q < b; q++) {
            if (q < b - SA__PREFETCH) SA__PF(&c[SA[q + SA__PREFETCH]]);
            SA[q] = c[SA[q]];
        }
    }
    return f;
}

/* sa__drop_unique on px->nt threads: the same result when the cap does not bind (every index j
 * >= 1 with R[j] and R[j-1] unique dropped), else -1 with nothing written (the one-thread pass
 * runs). The threads count their drops, write their pairs (descending j), mark the dropped names
 * (bit top) and renumber the rest; then R' is written block by block from the right through the
 * cache (2 npic entries): each block's kept names, renumbered, gathered there, then copied to
 * their places, at or above the block's own (R' never overtakes a block not yet read). */
static SA__I SA__F(sa__drop_par)(SA__I *SA, SA__I n, SA__I m, SA__I name, SA__I fmax, const SA__F(sa__prx) *px)
{
    SA__I *c = SA, *R = SA + n - m, *pr = SA + m, *tc = px->tc, *buf = (SA__I *)px->cache;
    const SA__I top = (SA__I)1 << (sizeof(SA__I) * 8 - 2), cap = 2 * px->npic;
    SA__I f = 0, uniq = 0, nt = px->nt;
    int go = 0;
    SA__OMP(omp parallel num_threads(px->nt))
    {
        int t = sa__p_tid(), TT = sa__p_nth(), u;
        int64_t a, b, q;
        SA__I x = 0, y = 0, o, hi, lo, ka = 0, kb, v;
        sa__thread_range(name, &a, &b);
        for (q = a; q < b; q++) x += c[q] - (q ? c[q - 1] : -1) == 1;
        tc[t] = x;
        SA__OMP(omp barrier)
        SA__OMP(omp single)
        {
            for (u = 0; u < TT; u++) uniq += tc[u];
            go = !(fmax <= 0 || uniq < 2 || uniq < m / SA__DROP_DIV); /* (as the one-thread pass) */
        }
        sa__thread_range(m - 1, &a, &b); /* j = q + 1 in [1, m) */
        if (go) {
            for (q = a; q < b; q++) {
                SA__I v1 = R[q + 1], v0 = R[q];
                y += (c[v1] - (v1 ? c[v1 - 1] : -1) == 1) & (c[v0] - (v0 ? c[v0 - 1] : -1) == 1);
            }
            tc[nt + t] = y;
            SA__OMP(omp barrier)
            SA__OMP(omp single)
            {
                for (u = TT - 1; u >= 0; u--) { /* pairs: the threads' in descending j */
                    tc[2 * nt + u] = f;
                    f += tc[nt + u];
                }
                if (f > fmax) f = -1;
                go = f > 0;
            }
        }
        if (go) {
            o = tc[2 * nt + t];
            for (q = b - 1; q >= a; q--) { /* the pairs (j, rank) */
                SA__I v1 = R[q + 1], v0 = R[q];
                if ((c[v1] - (v1 ? c[v1 - 1] : -1) == 1) & (c[v0] - (v0 ? c[v0 - 1] : -1) == 1)) {
                    pr[2 * o] = q + 1;
                    pr[2 * o + 1] = c[v1];
                    o++;
                }
            }
            SA__OMP(omp barrier)
            sa__thread_range(f, &a, &b);
            for (q = a; q < b; q++) c[R[pr[2 * q]]] |= top; /* each a different name */
            SA__OMP(omp barrier)
            sa__thread_range(name, &a, &b);
            for (x = 0, q = a; q < b; q++) x += (c[q] & top) != 0;
            tc[3 * nt + t] = x;
            SA__OMP(omp barrier)
            for (o = 0, u = 0; u < t; u++) o += tc[3 * nt + u]; /* dropped names below a */
            for (q = a; q < b; q++) { /* new name = old name - dropped names below it */
                int dr = (c[q] & top) != 0;
                c[q] = dr ? top : (SA__I)q - o;
                o += dr;
            }
            SA__OMP(omp barrier)
            for (hi = m; hi > 0; hi = lo) { /* R' from the right, a cache's worth at a time */
                SA__I s, e;
                lo = hi > cap ? hi - cap : 0;
                s = lo + (SA__I)((uint64_t)(hi - lo) * (uint64_t)t / (uint64_t)TT);
                e = lo + (SA__I)((uint64_t)(hi - lo) * (uint64_t)(t + 1) / (uint64_t)TT);
                for (o = s - lo, q = s; q < e; q++) {
                    if (q < e - SA__PREFETCH) SA__PF(&c[R[q + SA__PREFETCH]]);
                    v = c[R[q]];
                    buf[o] = v;
                    o += !(v & top);
                }
                tc[4 * nt + t] = o - (s - lo);
                SA__OMP(omp barrier)
                for (x = 0, kb = 0, u = 0; u < TT; u++) {
                    x += u < t ? tc[4 * nt + u] : 0;
                    kb += tc[4 * nt + u];
                }
                /* this block's kept names are R''s [m - f - ka - kb, m - f - ka) */
                memcpy(SA + n - m + f + (m - f - ka - kb) + x, buf + (s - lo), (size_t)tc[4 * nt + t] * sizeof *SA);
                ka += kb;
                SA__OMP(omp barrier)
            }
        }
    }
    return f;
}

/* Called by every thread of a team (or outside one): R''s suffix array SA[0..mf) to indices into R
 * through map (each thread its share, the look-ahead inside it), copied to map[0..mf) (m - f <= n -
 * m + f: disjoint from SA[0..m)), then SA[0..m) zeroed. */
static void SA__F(sa__undrop_remap)(SA__I *SA, SA__I *map, SA__I m, SA__I mf)
{
    int64_t a, b, q;
    sa__thread_range(mf, &a, &b);
    for (q = a; q < b; q++) {
        if (q < b - SA__PREFETCH) SA__PF(&map[SA[q + SA__PREFETCH]]);
        SA[q] = map[SA[q]];
    }
    SA__OMP(omp barrier)
    for (q = a; q < b; q++) map[q] = SA[q];
    SA__OMP(omp barrier)
    sa__thread_range(m, &a, &b);
    memset(SA + a, 0, (size_t)(b - a) * sizeof *SA);
}

/* sa__undrop_unique on px->nt threads. */
static void SA__F(sa__undrop_par)(SA__I *SA, SA__I n, SA__I m, SA__I f, const SA__F(sa__prx) *px)
{
    SA__I *map = SA + n - m + f, *pr = SA + m, mf = m - f, *tc = px->tc;
    SA__OMP(omp parallel num_threads(px->nt))
    {
        int t = sa__p_tid(), u;
        int64_t a, b, q;
        SA__I x = 0, y = f, p, k, mid, v;
        sa__thread_range(m, &a, &b);
        while (x < y) { /* x: the first pair with j < a (pairs in descending j) */
            mid = x + (y - x) / 2;
            if (pr[2 * mid] < a) y = mid;
            else x = mid + 1;
        }
        p = x - 1;
        k = (SA__I)a - (f - x); /* the kept indices below a */
        for (q = a; q < b; q++) { /* kept index k of R' -> its index j in R */
            if (p >= 0 && pr[2 * p] == q) {
                p--;
                continue;
            }
            map[k++] = (SA__I)q;
        }
        SA__OMP(omp barrier)
        SA__F(sa__undrop_remap)(SA, map, m, mf);
        SA__OMP(omp barrier)
        sa__thread_range(f, &a, &b);
        for (q = a; q < b; q++) SA[pr[2 * q + 1]] = ~pr[2 * q]; /* ranks < m: below the pairs */
        SA__OMP(omp barrier)
        sa__thread_range(m, &a, &b);
        for (x = 0, q = a; q < b; q++) x += SA[q] >= 0;
        tc[t] = x;
        SA__OMP(omp barrier)
        for (k = 0, u = 0; u < t; u++) k += tc[u];
        for (q = a; q < b; q++) {
            v = SA[q];
            if (v < 0) SA[q] = ~v;
            else SA[q] = map[k++];
        }
    }
}

/* After the recursion on R' (sa__drop_unique): SA[0..m-f) holds R''s suffix array; turn it into
 * R's (indices j into R, SA[0..m)): the kept indices in order, the dropped ones at their ranks.
 * Uses SA[n-m+f..n) (R', no longer needed) and reads the pairs at SA[m..m+2f). */
static void SA__F(sa__undrop_par)(SA__I *SA, SA__I n, SA__I m, SA__I f, const SA__F(sa__prx) *px);
static void SA__F(sa__undrop_unique)(SA__I *SA, SA__I n, SA__I m, SA__I f, const SA__F(sa__prx) *px)
{
    SA__I *map = SA + n - m + f, *pr = SA + m, mf = m - f, i, j, k, t = f - 1;
    int nt = px ? px->nt : 1;
    if (SA__F(sa__pr_par)(px, m)) {
        SA__F(sa__undrop_par)(SA, n, m, f, px);
        return;
    }
    for (j = 0, k = 0; j < m; j++) { /* kept index k of R' -> its index j in R (pairs: descending j) */
        if (t >= 0 && pr[2 * t] == j) { t--; continue; }
        map[k++] = j;
    }
    (void)nt; /* (without OpenMP) */
    SA__OMP(omp parallel num_threads(nt) if (nt > 1 && mf >= SA__PR_MIN))
    SA__F(sa__undrop_remap)(SA, map, m, mf);
    for (t = 0; t < f; t++) SA[pr[2 * t + 1]] = ~pr[2 * t]; /* ranks < m: below the pairs */
    for (i = 0, k = 0; i < m; i++) {
        SA__I x = SA[i];
        if (x < 0) SA[i] = ~x;
        else SA[i] = map[k++];
    }
}
#endif

#if SA__BYTE
/* Byte level, stage 1's seeds: the LMS positions gathered right to left into SA[n-m..n) (one
 * sequential store per position, no bucket counter updated per position: a run of one byte
 * value would chain every update through one counter), and into lmsb's bits when lmsb != NULL.
 * c4 (2 x 1024, zeroed by the caller; two tables, even and odd positions, so that a run of one
 * byte does not chain every increment through one counter) counts each position p in [1, n) in
 * class 4 T[p] + 2 (p is L) + (p - 1 is L). Returns m; *first = the leftmost LMS position. n >= 2. */
static SA__I SA__F(sa__gather_lms)(const uint8_t *T, SA__I *SA, SA__I n, uint64_t *lmsb, SA__I *first, SA__I *c4)
{
    SA__I p, j = n - 1, cp = T[n - 1];
    int s1 = 0;
    uint64_t w = 0;
    for (p = n - 1; p >= 1; p--) { /* right to left (sa__rtl_step) */
        SA__I c = cp;
        int sp = s1, lms = SA__FC(sa__rtl_step)(T[p - 1], &cp, &s1);
        c4[((p & 1) << 10) + 4 * c + 2 * !sp + !s1]++;
        SA[j] = p; /* kept when p is LMS, overwritten otherwise (j >= n - 1 - m >= 0) */
        j -= lms;
        if (lmsb) {
            w |= (uint64_t)lms << (p & 63);
            if ((p & 63) == 0) { lmsb[p >> 6] = w; w = 0; }
        }
    }
    if (lmsb) lmsb[0] = w; /* position 0 is never LMS */
    *first = j < n - 1 ? SA[j + 1] : 0;
    return n - 1 - j;
}

/* SA[0..m) sorted by first byte (lc[c] of byte c, in byte order) to the ends of their buckets
 * (B[c] = bucket end): one block move per byte value, highest first (each target lies in its
 * own bucket, at or above its source and above every lower block's source), then the gaps
 * cleared. */
static void SA__F(sa__place_blocks)(SA__I *SA, SA__I m, const SA__I *B, const SA__I *lc)
{
    SA__I j, i;
    for (j = 255, i = m; j >= 0; j--) {
        i -= lc[j];
        if (lc[j] > 0 && B[j] - lc[j] != i) memmove(SA + B[j] - lc[j], SA + i, (size_t)lc[j] * sizeof *SA);
    }
    for (j = 0, i = 0; j < 256; j++) { /* i = bucket start */
        if (B[j] - lc[j] > i) memset(SA + i, 0, (size_t)(B[j] - lc[j] - i) * sizeof *SA);
        i = B[j];
    }
}

#ifndef SA__GSA_SEEDS /* 1: byte 0's seeds all named apart (fewer equal names, a larger alphabet
                         below; 0 was no slower on any of five inputs, one thread, bench README) */
#define SA__GSA_SEEDS 0
#endif
/* The positions of the zeros in T[a..b), in increasing order, each | mark, to SA[j..) while j < z;
 * returns the next j. */
static SA__I SA__F(sa__gsa_zeros_in)(const uint8_t *T, SA__I a, SA__I b, SA__I *SA, SA__I j, SA__I z, SA__I mark)
{
    const uint8_t *p = T + a, *e = T + b;
    while (j < z && p < e && (p = (const uint8_t *)memchr(p, 0, (size_t)(e - p))) != NULL) {
        SA[j++] = (SA__I)(p - T) | mark;
        p++;
    }
    return j;
}

/* sa_gsa's byte level (issue 26; sa__sais_gsa): the positions of the zeros in T[0..n) (z of
 * them) in increasing order to SA[0..z), each | mark. */
static void SA__F(sa__gsa_zeros)(const uint8_t *T, SA__I n, SA__I *SA, SA__I z, SA__I mark)
{
    SA__I j = SA__F(sa__gsa_zeros_in)(T, 0, n, SA, 0, z, mark);
    SA_ASSERT(j == z);
    (void)j;
}

/* sa__gsa_zeros on nt threads (sa__psais_gsa's byte level): each counts the zeros in its part of
 * T[0..n), then writes them after those of the parts below (at most z in all). tw: nt x
 * SA__PI_S1W counters (sa__pictx's tcnt), the first of each thread's used. */
static void SA__F(sa__gsa_zeros_p)(const uint8_t *T, SA__I n, SA__I *SA, SA__I z, SA__I mark, int nt, SA__I *tw)
{
    SA__OMP(omp parallel num_threads(nt))
    {
        int t = sa__p_tid(), TT = sa__p_nth(), u;
        SA__I a = (SA__I)((uint64_t)n * (uint64_t)t / (uint64_t)TT), b = (SA__I)((uint64_t)n * (uint64_t)(t + 1) / (uint64_t)TT), j = 0;
        const uint8_t *p = T + a, *e = T + b;
        while (p < e && (p = (const uint8_t *)memchr(p, 0, (size_t)(e - p))) != NULL) { j++; p++; }
        tw[SA__PI_S1W * (size_t)t] = j;
        SA__OMP(omp barrier)
        for (j = 0, u = 0; u < t; u++) j += tw[SA__PI_S1W * (size_t)u];
        j = SA__F(sa__gsa_zeros_in)(T, a, b, SA, j, z, mark);
        if (t == TT - 1) SA_ASSERT(j == z);
    }
    (void)nt;
}

/* sa__induce for sa__sais_gsa (see sa__induce_b). n >= 2. */
static void SA__F(sa__induce_gsa)(const uint8_t *T, SA__I *SA, SA__I n, const SA__I *cnt, SA__I *B)
{
    SA__FC(sa__induce_b)(T, SA, n, 256, cnt, B, 1);
}

/* sa__s1_bytes's regions (and sa__pi_s1's): positions 1..first leave the classes c4 (first itself
 * is S; types leftwards from it); per byte c, ind[2c + 1] = the start of its LL part and top[c]
 * = the end of its seeds (L region), ind[2c] = the start of its LS part and se[c] = the end of its
 * SS part (S region, from left + 1), mend[c] = the end of its LMS positions in SA[0..m) after the
 * S scan. Returns left, the L region's size. */
static SA__I SA__F(sa__s1_regions)(const uint8_t *T, SA__I n, SA__I first, SA__I *c4, SA__I *ind, SA__I *top,
                                   SA__I *se, SA__I *mend)
{
    SA__I c, p, sum, left;
    int sp = 1, sq;
    for (p = first; p >= 1; p--) {
        c = T[p];
        sq = (T[p - 1] < c) | ((T[p - 1] == c) & sp);
        c4[4 * c + 2 * !sp + !sq]--;
        sp = sq;
    }
    for (c = 0, sum = 0; c < 256; c++) { /* L region: LL then the seeds, per byte */
        ind[2 * c + 1] = sum;
        sum += c4[4 * c + 1] + c4[4 * c + 3];
        top[c] = sum;
    }
    left = sum;
    for (c = 0, sum = left + 1; c < 256; c++) { /* S region: LS then SS, per byte */
        ind[2 * c] = sum;
        sum += c4[4 * c + 2] + c4[4 * c];
        se[c] = sum;
    }
    SA_ASSERT(sum == n - first);
    (void)n;
    for (c = 0, sum = 0; c < 256; c++) { /* all m LMS positions, per byte, after the S scan */
        sum += c4[4 * c + 1] + (c == T[first]);
        mend[c] = sum;
    }
    return left;
}

/* Stage 1, between its scans: the marks of one bucket's LS entries SA[lo..hi) move up by one (the
 * top entry marked), so that in the S scan's direction each again says "differs from the entry
 * scanned before" (see sa__s1_bytes). */
static void SA__F(sa__s1_ls_marks)(SA__I *SA, SA__I lo, SA__I hi, SA__I msb)
{
    SA__I s = msb, i;
    for (i = hi - 1; i >= lo; i--) {
        SA__I x = SA[i], y = (x & msb) ^ s;
        s ^= y;
        SA[i] = x ^ y;
    }
}

/* Stage 1's scans (sa__s1_bytes) in the loop shape of stage 3 (sa__induce): two entries a step
 * with no bound test while the entry SA__S3D ahead exists (its T at the two bytes before it
 * fetched, branch-free: an entry not yet induced holds anything, so anything outside [2, n)
 * fetches T[0] and T[1]), then one entry at a time. sa__s1_l / sa__s1_s do one entry of the L /
 * S scan and return the group counter d. */
SA__INLINE void SA__F(sa__s1_pf)(const uint8_t *T, const SA__I *SA, SA__I n, SA__I i)
{
    const SA__I maxv = (SA__I)((((uint64_t)1) << (sizeof(SA__I) * 8 - 1)) - 1);
    SA__I q = SA[i] & maxv;
    const uint8_t *t = T + (((q >= 2) & (q < n)) ? q : 2);
    SA__PF(t - 1);
    SA__PF(t - 2);
}
SA__INLINE SA__I SA__F(sa__s1_l)(const uint8_t *T, SA__I *SA, SA__I i, SA__I *ind, SA__I *dn, SA__I d)
{
    const SA__I maxv = (SA__I)((((uint64_t)1) << (sizeof(SA__I) * 8 - 1)) - 1), msb = -maxv - 1;
    SA__I p = SA[i], c, v;
    d += p < 0;
    p &= maxv;
    c = T[p - 1];
    v = 2 * c + (T[p - 2] >= c); /* p - 2 is L */
    SA[ind[v]++] = (p - 1) | (msb & -(SA__I)(dn[v] != d));
    dn[v] = d;
    return d;
}
SA__INLINE SA__I SA__F(sa__s1_s)(const uint8_t *T, SA__I *SA, SA__I i, SA__I *ind, SA__I *dn, SA__I d)
{
    const SA__I maxv = (SA__I)((((uint64_t)1) << (sizeof(SA__I) * 8 - 1)) - 1), msb = -maxv - 1;
    SA__I p = SA[i], c, v;
    d += p < 0;
    p &= maxv;
    c = T[p - 1];
    v = 2 * c + (T[p - 2] > c); /* p - 2 is L: p - 1 is LMS */
    SA[--ind[v]] = (p - 1) | (msb & -(SA__I)(dn[v] != d));
    dn[v] = d;
    return d;
}

/* Byte level, stage 1 on the layout of libsais (Ilya Grebnov): LMS-substring sorting with the
 * naming done inside the induction scans. Only the positions right of the leftmost LMS position
 * `first` take part (those left of it belong to no LMS substring); each scan visits only the
 * entries whose predecessor it induces, so no entry is tested for its type:
 *  - the L region SA[0..left): per byte c, the L positions whose predecessor is L (LL, induced
 *    upwards) below the LMS positions but `first` (the seeds, at the top); the L scan reads it
 *    left to right;
 *  - the S region SA[left+1..n-first): per byte c, the L positions whose predecessor is S (LS,
 *    induced upwards by the L scan) below the S positions whose predecessor is S (SS, induced
 *    downwards by the S scan); the S scan reads it right to left and induces every LMS position
 *    into SA[0..m), grouped by first byte.
 * Names: the top bit of an induced entry says that its LMS prefix differs from the previous
 * entry induced into the same bucket (a different byte, type or group of its source; d counts
 * the groups scanned so far, dn[v] holds d at the last induction into bucket v). Between the
 * scans the LS entries' bits move up by one, so that in the S scan's direction they again
 * compare each entry with the one scanned before. The LMS positions come out in SA[0..m) sorted,
 * each marked when it differs from the next one above it.
 * Then the naming is one pass: SA[m + p/2] = the name (from 1) of LMS position p, SA[v] = the
 * index of name v's last entry (for sa__ls and sa__drop_unique). c4 as from sa__gather_lms
 * (summed, in c4[0..1024)); it is used up. m >= 2. Returns the number of names. */
static SA__I SA__F(sa__s1_bytes)(const uint8_t *T, SA__I *SA, SA__I n, SA__I m, SA__I first, SA__I *c4, int gsa)
{
    const SA__I maxv = (SA__I)((((uint64_t)1) << (sizeof(SA__I) * 8 - 1)) - 1), msb = -maxv - 1;
    SA__I ind[512], dn[512], top[256], se[256], mend[256];
    SA__I i, c, p = 0, v, d = 0, left, name = 0; /* (p: the last entry read by the naming, m >= 2) */
    left = SA__F(sa__s1_regions)(T, n, first, c4, ind, top, se, mend);
    /* gsa (sa__sais_gsa): byte 0's seeds (the LMS zeros but first) one slot lower, n - 1 (byte
     * 0's one LL entry) above them: the L scan reads the zeros in position order, n - 1 last */
    SA_ASSERT(!gsa || c4[3] == 1);
    if (gsa) top[0] -= 1;
    /* the seeds (SA[n-m+1..n), ascending; SA[n-m] = first) to the tops of their L buckets; the
     * lowest of each byte marked (a seed's prefix is its byte alone: it differs from the LL
     * entries below it). Disjoint: left <= n - m - 1 - first (the S region holds >= m LS). */
    for (i = n - 1; i > n - m; i--) {
        if (i - SA__PREFETCH > n - m) SA__PF(&T[SA[i - SA__PREFETCH]]);
        p = SA[i];
        SA[--top[T[p]]] = p;
    }
    for (c = 0; c < 256; c++)
        if (c4[4 * c + 1] > 0) SA[top[c]] |= msb;
    if (gsa) { /* SA__GSA_SEEDS 1: every seed zero named apart; 0: only the lowest marked, and the
                  recursion orders the LMS substrings that end at equal strings' zeros by the
                  zeros' own names (unique: written after the S scan): the same SA */
        for (i = 0; i < c4[1] && SA__GSA_SEEDS; i++) SA[i] |= msb;
        ind[1] = c4[1];
    }
    memset(dn, 0, sizeof dn);
    /* L scan. n - 1 first (induced by the virtual sentinel; n - 1 > first); p - 2 >= first - 1 >= 0 */
    v = 2 * T[n - 1] + (T[n - 2] >= T[n - 1]);
    SA[ind[v]++] = (n - 1) | msb;
    dn[v] = ++d;
    for (i = 0; i < left - SA__S3D - 1; i += 2) { /* (sa__s1_pf) */
        SA__F(sa__s1_pf)(T, SA, n, i + SA__S3D);
        SA__F(sa__s1_pf)(T, SA, n, i + SA__S3D + 1);
        d = SA__F(sa__s1_l)(T, SA, i, ind, dn, d);
        d = SA__F(sa__s1_l)(T, SA, i + 1, ind, dn, d);
    }
    for (; i < left; i++) d = SA__F(sa__s1_l)(T, SA, i, ind, dn, d);
    /* the LS entries' bits up by one (the top one marked): "differs from the entry above" */
    for (c = 1; c < 256; c++) SA__F(sa__s1_ls_marks)(SA, se[c - 1], ind[2 * c], msb);
    for (c = 0; c < 256; c++) {
        ind[2 * c] = se[c];
        ind[2 * c + 1] = mend[c];
    }
    /* S scan: LMS positions (p - 1 S, p - 2 L) to SA[0..m), the others to the SS parts */
    for (i = n - first - 1; i > left + SA__S3D + 1; i -= 2) {
        SA__F(sa__s1_pf)(T, SA, n, i - SA__S3D);
        SA__F(sa__s1_pf)(T, SA, n, i - SA__S3D - 1);
        d = SA__F(sa__s1_s)(T, SA, i, ind, dn, d);
        d = SA__F(sa__s1_s)(T, SA, i - 1, ind, dn, d);
    }
    for (; i > left; i--) d = SA__F(sa__s1_s)(T, SA, i, ind, dn, d);
    /* gsa: byte 0's LMS positions (every zero but n - 1; the S scan put them in plain order) in
     * position order, each its own name */
    if (gsa) SA__F(sa__gsa_zeros)(T, n - 1, SA, mend[0], msb);
    /* names (m + (n - 1) / 2 + 1 <= n: m <= n / 2) */
    memset(SA + m, 0, ((size_t)(n - 1) / 2 + 1) * sizeof *SA);
    for (i = 0; i < m; i++) {
        if (i < m - SA__PREFETCH) SA__PF(&SA[m + ((SA[i + SA__PREFETCH] & maxv) >> 1)]);
        p = SA[i];
        SA[m + ((p & maxv) >> 1)] = name + 1;
        SA[name] = i; /* name <= i: SA[i] already read */
        name += p < 0;
    }
    return name + (p >= 0); /* the top entry is always marked; counted either way */
}
#endif

/* One SA-IS level on T[0..n) over the alphabet 0..k-1 (Nong, Zhang, Chan 2009, with the space
 * reuse of Yuta Mori's sais): the reduced string and its SA live inside SA itself; ws/wsize is
 * free space (in the caller's SA) usable for the bucket arrays. n >= 1.
 * Large levels (n >= 65536) keep one bit per text position marking the LMS positions (n/8
 * bytes): the two later passes that need the LMS positions in text order (substring lengths,
 * and the reduced SA's text positions) read them from the bits, a word at a time, instead of
 * recomputing the S/L types from the text. Int levels free theirs after the lengths, so that
 * at most the byte level's and one int level's (n/16) are alive; with the doubling's buffer
 * the extra memory stays within n/4 bytes of the top level's n (SA alone within 5.25n).
 * Without it (small n, or its allocation failed) those passes rescan the text.
 * px != NULL (parallel SA-IS's int levels, n >= SA__PR_MIN): the seeds, lengths, naming, reduced
 * string and mapping run on px->nt threads (no bit vector: the threads rescan the text). */
static sa_status SA__FC(sa__lvl_g)(const SA__C *T, SA__I *SA, SA__I n, SA__I k, SA__I *ws, SA__I wsize,
                                   const SA__F(sa__prx) *px, int gsa)
{
    SA__I local[512];
    SA__I *cnt = NULL, *B, *heap = NULL;
    SA__I i, j, m = 0, name = 0, last = 0;
    uint64_t *lmsb = NULL; /* bit p of word p/64: p is an LMS position */
    sa__rate rt; /* the guard of this level's block scans (sa__pr_scan) */
#if !SA__BYTE
    SA__I sink = 0; /* the target of a branch-free store that is not wanted */
    int par3; /* stage 3's placing on px's threads (sa__pr_place3) */
#else
    SA__I lc[256]; /* LMS suffixes per first byte: stage 3 moves them as blocks */
    SA__I c4[2048]; /* position classes (sa__gather_lms) */
#endif
    sa_status st = SA_OK;
    (void)gsa;
    if (n == 1) { SA[0] = 0; return SA_OK; }
    if (n < SA__PR_MIN) px = NULL; /* one thread here and in every (shorter) level below */
    sa__rate_init(&rt, SA__PR_TRIP);
    if (k <= 256) {
        cnt = local; B = local + 256;
    } else if (k <= wsize / 2) {
        cnt = ws; B = ws + k;
    } else if (k <= wsize) {
        B = ws; /* cnt = NULL: counts recomputed each time (a heap copy would cost 4k bytes,
                   past the 5.25n bound on 64 MiB of DNA; recounting costs about 3 % there) */
    } else {
        heap = (SA__I *)SA_MALLOC((size_t)k * 2 * sizeof *heap);
        if (heap) {
            cnt = heap; B = heap + k;
        } else {
            heap = (SA__I *)SA_MALLOC((size_t)k * sizeof *heap);
            if (!heap) return SA_ERR_NOMEM;
            B = heap;
        }
    }
#if !SA__BYTE
    if (cnt && px && SA__F(sa__pr_count)(T, SA, n, k, cnt, px)) {
        /* (counted on the level's threads) */
    } else if (cnt && k <= 1024) { /* few symbols: even and odd positions counted apart (cnt, B), so a
                             * run of one symbol chains only every second increment */
        memset(cnt, 0, (size_t)k * sizeof *cnt);
        memset(B, 0, (size_t)k * sizeof *B);
        for (i = 0; i < n - 1; i += 2) {
            cnt[T[i]]++;
            B[T[i + 1]]++;
        }
        if (i < n) cnt[T[i]]++;
        for (i = 0; i < k; i++) cnt[i] += B[i];
    } else if (cnt) {
        memset(cnt, 0, (size_t)k * sizeof *cnt);
        for (i = 0; i < n; i++) cnt[T[i]]++;
    }
#endif

    /* stage 1: sort the LMS substrings */
    if (n >= 65536 && !px) /* (the threads' chunks rescan the text instead) */
        lmsb = (uint64_t *)SA_MALLOC(((size_t)(n - 1) / 64 + 1) * sizeof *lmsb);
#if SA__BYTE
    memset(c4, 0, sizeof c4);
    m = SA__F(sa__gather_lms)(T, SA, n, lmsb, &last, c4);
    for (j = 0; j < 1024; j++) c4[j] += c4[1024 + j];
    for (j = 0; j < 256; j++) {
        cnt[j] = c4[4 * j] + c4[4 * j + 1] + c4[4 * j + 2] + c4[4 * j + 3] + (j == T[0]);
        lc[j] = c4[4 * j + 1];
    }
#else
    SA__FC(sa__buckets)(T, n, k, cnt, B, 1);
    if (px) {
        m = SA__F(sa__pr_seeds)(T, SA, n, B, &last, px);
    } else {
        memset(SA, 0, (size_t)n * sizeof *SA);
        if (lmsb) { /* right to left (sa__rtl_step), each word of bits stored once complete */
            SA__I p, cp = T[n - 1];
            int s1 = 0;
            uint64_t w = 0;
            for (p = n - 1; p >= 1; p--) {
                SA__I c = cp, *dst; /* c = T[p] */
                int lms = SA__FC(sa__rtl_step)(T[p - 1], &cp, &s1);
                B[c] -= lms;
                dst = lms ? &SA[B[c]] : &sink;
                *dst = p;
                m += lms;
                last = lms ? p : last;
                w |= (uint64_t)lms << (p & 63);
                if ((p & 63) == 0) { lmsb[p >> 6] = w; w = 0; }
            }
            lmsb[0] = w; /* position 0 is never LMS */
        } else { /* right to left (sa__rtl_step) */
            SA__I p, cp = T[n - 1];
            int s1 = 0;
            for (p = n - 1; p >= 1; p--) {
                SA__I c = cp, *dst; /* c = T[p] */
                int lms = SA__FC(sa__rtl_step)(T[p - 1], &cp, &s1);
                B[c] -= lms;
                dst = lms ? &SA[B[c]] : &sink;
                *dst = p;
                m += lms;
                last = lms ? p : last;
            }
        }
    }
#endif
    if (m > 1) {
        SA__I *RA = SA + n - m;
#if SA__BYTE
        name = SA__F(sa__s1_bytes)(T, SA, n, m, last, c4, gsa);
#else
        SA__I q = n, qlen = 0, prev = n;
        if (px && SA__PR_SCANS) SA__F(sa__pr_induce)(T, SA, n, k, cnt, B, px, &rt, 1);
        else SA__FC(sa__induce_lms)(T, SA, n, k, cnt, B);
        if (px) j = SA__F(sa__pr_compact)(SA, n, px->nt, px->tc);
        else for (i = 0, j = 0; i < n; i++) { /* branch-free: j <= i, SA[i] already read */
            SA__I v = SA[i];
            SA[j] = ~v;
            j += v < 0;
        }
        SA_ASSERT(j == m);
        if (px) {
            SA__F(sa__pr_lengths)(T, SA, n, m, px);
        } else {
            memset(SA + m, 0, (size_t)(n - m) * sizeof *SA);
            /* length of every LMS substring (including the next LMS character; the last one runs
             * into the virtual sentinel, so it equals no other), stored at SA[m + p/2] */
            if (lmsb) { /* left to right through the bits: each length ends at the next LMS */
                SA__I p, nw = (n - 1) / 64 + 1, wi;
                prev = -1;
                for (wi = 0; wi < nw; wi++) {
                    uint64_t w = lmsb[wi];
                    while (w) {
                        p = (SA__I)(wi * 64 + sa__ctz64(w));
                        w &= w - 1;
                        if (prev >= 0) SA[m + (prev >> 1)] = p - prev + 1;
                        prev = p;
                    }
                }
                SA[m + (prev >> 1)] = n - prev + 1; /* m > 1: prev is the last LMS position */
                SA_FREE(lmsb); /* an int level frees it here (its stage 2 rescans the text): at most */
                lmsb = NULL;   /* the byte level's and one int level's are alive, under 3n/16 bytes */
            } else {
                SA__I p, cp = T[n - 1]; /* right to left (sa__rtl_step) */
                int s1 = 0;
                for (p = n - 1; p >= 1; p--) {
                    int lms = SA__FC(sa__rtl_step)(T[p - 1], &cp, &s1);
                    SA__I *dst = lms ? &SA[m + (p >> 1)] : &sink;
                    *dst = prev - p + 1;
                    prev = lms ? p : prev;
                }
            }
        }
        if (px) name = SA__FC(sa__pr_names)(T, SA, n, m, px->nt, px->tc);
        else for (i = 0; i < m; i++) {
            SA__I p, plen;
            int diff = 1;
            if (i < m - SA__PREFETCH) {
                SA__I r = SA[i + SA__PREFETCH];
                SA__PF(&SA[m + (r >> 1)]);
                SA__PF(&T[r]);
            }
            p = SA[i];
            plen = SA[m + (p >> 1)];
            if (plen == qlen && plen <= n - p && qlen <= n - q && T[p] == T[q]) {
                for (j = 1; j < plen && T[p + j] == T[q + j]; j++) {}
                diff = j != plen;
            }
            if (diff) { name++; q = p; qlen = plen; }
            SA[m + (p >> 1)] = name;
            SA[name - 1] = i; /* each name's last index in sorted order, for sa__ls (name - 1 <= i) */
        }
#endif
        /* the reduced string (names - 1, in text order) goes to the end of SA */
#if !SA__BYTE
        if (px) SA__F(sa__pr_reduced)(SA, n, m, px->nt, px->tc);
        else
#endif
        for (i = m + ((n - 1) >> 1), j = m - 1; i >= m; i--) { /* branch-free: RA + j >= SA + i */
            SA__I v = SA[i];
            if (j < 0) break;
            RA[j] = v - 1;
            j -= v != 0;
        }
        /* stage 2: the SA of the reduced string, recursively unless the names are unique */
        if (name < m && name >= m / 2 && name <= n - 2 * m && SA__F(sa__ls_ok)(RA, m, SA)) {
            /* mostly unique names, none frequent, few long runs of repeated ones (random-like
             * text, or the first reduced string of DNA): a few doubling rounds instead of a
             * recursion (sa__ls is compiled in the byte pass, before this int pass) */
            memcpy(SA + m, SA, (size_t)name * sizeof *SA);
            st = SA__F(sa__ls)(RA, SA, m, name, SA + m, NULL);
            if (st != SA_OK) goto done;
        } else if (name < m) {
            /* unique names that no comparison reads leave the reduced string (sa__drop_unique);
             * the child's free space then lies between the dropped pairs and R' */
            SA__I f = SA__F(sa__drop_unique)(SA, n, m, name, SA__DROP_CAP(n, m), px);
            st = SA__CAT(SA__CAT(sa__lvl_px, SA__W), i)(SA + n - m + f, SA, m - f, name - f, SA + m + 2 * f,
                                                        n - 2 * m - f, rt.guard && rt.off ? NULL : px);
            /* (NULL: this level's guard found the threads waiting on each other) */
            if (st != SA_OK) goto done;
            if (f > 0) SA__F(sa__undrop_unique)(SA, n, m, f, px);
        } else {
            for (i = 0; i < m; i++) SA[RA[i]] = i;
        }
        /* reduced-string indices to text positions: RA[j] = the j-th LMS position */
#if !SA__BYTE
        if (px) SA__F(sa__pr_map)(T, SA, RA, n, m, px);
        else
#endif
        {
            if (lmsb) {
                SA__I nw = (n - 1) / 64 + 1, wi;
                j = 0;
                for (wi = 0; wi < nw; wi++) {
                    uint64_t w = lmsb[wi];
                    while (w) {
                        RA[j++] = (SA__I)(wi * 64 + sa__ctz64(w));
                        w &= w - 1;
                    }
                }
                SA_FREE(lmsb);
                lmsb = NULL;
            } else {
                SA__I p, cp = T[n - 1]; /* right to left (sa__rtl_step) */
                int s1 = 0;
                j = m - 1;
                for (p = n - 1; p >= 1; p--) {
                    RA[j] = p;
                    j -= SA__FC(sa__rtl_step)(T[p - 1], &cp, &s1);
                    if (j < 0) break;
                }
            }
            for (i = 0; i < m; i++) {
                if (i < m - SA__PREFETCH) SA__PF(&RA[SA[i + SA__PREFETCH]]);
                SA[i] = RA[SA[i]];
            }
        }
    } else if (m == 1) {
        memset(SA, 0, (size_t)n * sizeof *SA);
        SA[0] = last;
    }
    /* stage 3: sorted LMS suffixes to their bucket ends (in order), then induce */
    SA__FC(sa__buckets)(T, n, k, cnt, B, 1);
#if SA__BYTE
    SA__F(sa__place_blocks)(SA, m, B, lc); /* sorted by first byte: lc[c] entries of byte c */
    (void)px; /* a byte level runs on one thread */
#else
    par3 = SA__F(sa__pr_par)(px, m);
    if (par3) {
        SA__F(sa__pr_place3)(T, SA, n, m, B, px);
    } else if (m > 0 && px) {
        SA__OMP(omp parallel for num_threads(px->nt) schedule(static))
        for (i = m; i < n; i++) SA[i] = 0;
    } else if (m > 0) {
        memset(SA + m, 0, (size_t)(n - m) * sizeof *SA);
    }
    if (par3) {
        /* (placed by sa__pr_place3, above) */
    } else if (m >= 8 * k) { /* few buckets, runs of 8 or more on average: each run's bucket end stays in
                       * a register (a run of one symbol chained every decrement through B) */
        SA__I c = -1, e = 0; /* (sa__induce sets B again) */
        for (i = m - 1; i >= 0; i--) {
            SA__I p = SA[i], cp;
            if (i >= SA__PREFETCH) SA__PF(&T[SA[i - SA__PREFETCH]]);
            cp = T[p];
            SA[i] = 0;
            if (cp != c) { /* sorted: symbols descend from run to run */
                c = cp;
                e = B[c];
            }
            SA[--e] = p;
        }
    } else
    for (i = m - 1; i >= 0; i--) {
        SA__I p = SA[i];
        if (i >= SA__PREFETCH) SA__PF(&T[SA[i - SA__PREFETCH]]);
        SA[i] = 0;
        SA[--B[T[p]]] = p;
    }
#endif
#if !SA__BYTE
    if (px && SA__PR_SCANS) SA__F(sa__pr_induce)(T, SA, n, k, cnt, B, px, &rt, 3);
    else
#endif
#if SA__BYTE
    if (gsa) SA__F(sa__induce_gsa)(T, SA, n, cnt, B);
    else
#endif
    SA__FC(sa__induce)(T, SA, n, k, cnt, B);
done:
    if (lmsb) SA_FREE(lmsb);
    if (heap) SA_FREE(heap);
    return st;
}
/* gsa != 0 (sa__sais_gsa, the byte level only): sa_gsa's order */
static sa_status SA__FC(sa__lvl_px)(const SA__C *T, SA__I *SA, SA__I n, SA__I k, SA__I *ws, SA__I wsize,
                                    const SA__F(sa__prx) *px)
{
    return SA__FC(sa__lvl_g)(T, SA, n, k, ws, wsize, px, 0);
}
static sa_status SA__FC(sa__lvl)(const SA__C *T, SA__I *SA, SA__I n, SA__I k, SA__I *ws, SA__I wsize)
{
    return SA__FC(sa__lvl_px)(T, SA, n, k, ws, wsize, NULL);
}

#if !SA__BYTE
/* ---- parallel prefix doubling, width-generic (see "parallel suffix sorting" above) ----- */

typedef struct {
    const uint8_t *text;
    SA__I *sa, *rank;
    uint64_t n, h;
} SA__F(sa__pctx);

/* Segment list: pairs (start, length). Padded: one per thread, pushed to concurrently. */
/* el: elements in the segments (counted by sa__p_scan). */
typedef struct { SA__I *v; size_t cnt, cap, el; int oom; char pad[128 - sizeof(void *) - 3 * sizeof(size_t) - sizeof(int)]; } SA__F(sa__pseg);

static inline uint64_t SA__F(sa__p_key)(const SA__F(sa__pctx) *c, uint64_t i)
{
    if (c->h == 0) return sa__p_tkey(c->text, i, c->n);
    return c->h < c->n - i ? (uint64_t)c->rank[i + c->h] + 1 : 0;
}

/* Prefetch what sa__p_key(c, i) will read. */
static inline void SA__F(sa__p_pfkey)(const SA__F(sa__pctx) *c, SA__I v)
{
    uint64_t i = (uint64_t)(v < 0 ? ~v : v);
    if (c->h == 0) SA__P_PF(c->text + i);
    else if (c->h < c->n - i) SA__P_PF(c->rank + i + c->h);
}

static void SA__F(sa__p_push)(SA__F(sa__pseg) *L, SA__I s, SA__I m)
{
    if (L->cnt == L->cap) {
        size_t cap = L->cap ? 2 * L->cap : 256;
        SA__I *v = (SA__I *)SA_MALLOC(2 * cap * sizeof(SA__I));
        if (!v) { L->oom = 1; return; }
        if (L->cnt) memcpy(v, L->v, 2 * L->cnt * sizeof(SA__I));
        SA_FREE(L->v);
        L->v = v;
        L->cap = cap;
    }
    L->v[2 * L->cnt] = s;
    L->v[2 * L->cnt + 1] = m;
    L->cnt++;
}

/* Replace dst by the concatenation of src[0..T) and empty those. */
static void SA__F(sa__p_gather)(SA__F(sa__pseg) *dst, SA__F(sa__pseg) *src, int T, int nt)
{
    size_t tot = 0, at[256 + 1];
    int t;
    (void)nt;
    dst->el = 0;
    for (t = 0; t < T; t++) {
        if (t < 256) at[t] = tot;
        tot += src[t].cnt;
        dst->el += src[t].el;
        if (src[t].oom) dst->oom = 1;
    }
    dst->cnt = 0;
    if (tot > dst->cap) {
        SA_FREE(dst->v);
        dst->v = (SA__I *)SA_MALLOC(2 * tot * sizeof(SA__I));
        dst->cap = dst->v ? tot : 0;
        if (!dst->v) { dst->oom = 1; return; }
    }
    if (T <= 256 && tot > 65536) {
        SA__OMP(omp parallel for num_threads(nt) schedule(dynamic, 1))
        for (t = 0; t < T; t++)
            if (src[t].cnt) memcpy(dst->v + 2 * at[t], src[t].v, 2 * src[t].cnt * sizeof(SA__I));
    } else {
        size_t o = 0;
        for (t = 0; t < T; t++) {
            if (src[t].cnt) memcpy(dst->v + 2 * o, src[t].v, 2 * src[t].cnt * sizeof(SA__I));
            o += src[t].cnt;
        }
    }
    for (t = 0; t < T; t++) src[t].cnt = src[t].el = 0;
    dst->cnt = tot;
}

/* Chains (long repeats). When the groups G, G + 1, ..., G + K - 1 (shifted member by member)
   are all unsorted groups of the same size g, their members share K - 1 + h bytes, so each of
   them is ordered like the suffixes x + K, x in G. When those are in g different groups, all K
   groups are finished at once, whatever K is, instead of after log2(K / h) more doubling rounds
   over all of them. sa__p_isgroup: is {x + off : x in mem[0..g)} exactly one group? */
static int SA__F(sa__p_isgroup)(const SA__F(sa__pctx) *c, const SA__I *mem, int g, SA__I off)
{
    const SA__I *rank = c->rank;
    SA__I r, x, y;
    int i;
    x = mem[0] + off;
    if (x < 0 || (uint64_t)x >= c->n) return 0;
    r = rank[x];
    for (i = 1; i < g; i++) {
        x = mem[i] + off;
        if (x < 0 || (uint64_t)x >= c->n || rank[x] != r) return 0;
    }
    if (r - g < 0) return 1;
    /* sa[r - g] may lie in a head another thread permutes (sa__p_chain_head): an atomic read
       (either value it may hold has the same rank) */
    SA__OMP(omp atomic read)
    y = c->sa[r - g];
    return rank[y] != r; /* else the group has more members */
}

/* Chain phase A (reads ranks only; permutes a head inside its own group): if sa[s..s+g) heads
   a chain of K >= 2 groups, sort the head by rank[x + K] and emit work pieces (s, g),
   (k0, k1), (mask, 0) for the groups k that this finishes or refines: all K when the keys are
   distinct; else only k <= K - h, whose subgroups still share K - k + h >= 2h bytes as next
   round requires. mask: bit j = subgroup ends at member j. */
static void SA__F(sa__p_chain_head)(const SA__F(sa__pctx) *c, SA__I s, int g, SA__F(sa__pseg) *out)
{
    SA__I mem[SA__P_CHAIN_G], ord[SA__P_CHAIN_G], key[SA__P_CHAIN_G], K = 1, kend, k0, mask = 0;
    SA__I *sa = c->sa;
    int i, j, distinct = 1;
    for (i = 0; i < g; i++) mem[i] = sa[s + i];
    if (SA__F(sa__p_isgroup)(c, mem, g, -1)) return; /* not the head */
    while (SA__F(sa__p_isgroup)(c, mem, g, K)) K++;
    if (K < 2) return;
    for (i = 0; i < g; i++) {
        SA__I x = mem[i], kx = (uint64_t)(x + K) < c->n ? c->rank[x + K] : -1;
        for (j = i; j > 0 && key[j - 1] > kx; j--) { key[j] = key[j - 1]; ord[j] = ord[j - 1]; }
        key[j] = kx;
        ord[j] = x;
    }
    for (j = 0; j < g; j++) {
        if (j == g - 1 || key[j] != key[j + 1]) mask |= (SA__I)1 << j;
        else distinct = 0;
    }
    if (distinct) kend = K;
    else if ((uint64_t)K > c->h) kend = K - (SA__I)c->h + 1;
    else return;
    for (j = 0; j < g; j++) { /* atomic: sa__p_isgroup may read this entry */
        SA__OMP(omp atomic write)
        sa[s + j] = ord[j];
    }
    for (k0 = 0; k0 < kend; k0 += SA__P_PIECE) {
        SA__F(sa__p_push)(out, s, (SA__I)g);
        SA__F(sa__p_push)(out, k0, kend - k0 < SA__P_PIECE ? kend : k0 + SA__P_PIECE);
        SA__F(sa__p_push)(out, mask, 0);
    }
}

/* Chain phase B: write groups k in [max(k0, 1), k1) of the chain headed at sa[s..s+g), marking
   subgroup ends as phase 1 would. The head itself (k = 0) is marked afterwards. */
static void SA__F(sa__p_chain_piece)(const SA__F(sa__pctx) *c, SA__I s, int g, SA__I k0, SA__I k1,
                                      SA__I mask)
{
    SA__I base[SA__P_CHAIN_G], k, *sa = c->sa;
    int j;
    for (j = 0; j < g; j++) base[j] = sa[s + j];
    for (k = k0 > 0 ? k0 : 1; k < k1; k++) {
        SA__I st = c->rank[base[0] + k] - g + 1;
        for (j = 0; j < g; j++) sa[st + j] = (mask >> j & 1) ? ~(base[j] + k) : base[j] + k;
    }
}

/* One thread sorts sa[s..s+m) by key and marks the last element of every run
   of equal keys (stored complemented, ~i < 0). a, b: m pairs each. */
static void SA__F(sa__p_sort_small)(const SA__F(sa__pctx) *c, SA__I s, SA__I m,
                                      sa__ppair *a, sa__ppair *b)
{
    SA__I *sa = c->sa + s;
    uint64_t mn = UINT64_MAX, mx = 0;
    SA__I k;
    if (m == 1) { sa[0] = ~sa[0]; return; }
    for (k = 0; k < m; k++) {
        uint64_t i = (uint64_t)sa[k], key;
        if (k < m - 8) SA__F(sa__p_pfkey)(c, sa[k + 8]); /* not k + 8 < m: overflows near 2^31 */
        key = SA__F(sa__p_key)(c, i);
        a[k].key = key;
        a[k].idx = i;
        mn = key < mn ? key : mn;
        mx = key > mx ? key : mx;
    }
    if (mn == mx) { sa[m - 1] = ~sa[m - 1]; return; }
    sa__p_msd(a, b, (size_t)m, sa__p_hibit(mn ^ mx) & ~7);
    for (k = 0; k + 1 < m; k++)
        sa[k] = a[k].key != a[k + 1].key ? ~(SA__I)a[k].idx : (SA__I)a[k].idx;
    sa[m - 1] = ~(SA__I)a[m - 1].idx;
}

/* All threads sort a long segment sa[s..s+m): one parallel MSD radix pass on
   the top differing 8 bits of the keys, then buckets that are done get their
   last element marked, long ones recurse, short ones go to `tasks` for
   sa__p_sort_small. tmp: m indices; hist: nt * 256. Returns 0 or -1 (OOM). */
static int SA__F(sa__p_sort_big)(const SA__F(sa__pctx) *c, SA__I s, SA__I m, SA__I *tmp,
                                  uint8_t *dig, SA__I *hist, int nt, SA__F(sa__pseg) *tasks)
{
    SA__I *sa = c->sa, bstart[257];
    uint64_t mn = UINT64_MAX, mx = 0;
    SA__I k;
    int shift, d;
    (void)nt;
    SA__OMP(omp parallel for num_threads(nt) schedule(static) reduction(min:mn) reduction(max:mx))
    for (k = s; k < s + m; k++) {
        uint64_t key;
        if (k < s + m - 16) SA__F(sa__p_pfkey)(c, sa[k + 16]);
        key = SA__F(sa__p_key)(c, (uint64_t)sa[k]);
        mn = key < mn ? key : mn;
        mx = key > mx ? key : mx;
    }
    if (mn == mx) { sa[s + m - 1] = ~sa[s + m - 1]; return 0; }
    shift = sa__p_hibit(mn ^ mx) & ~7;
    SA__OMP(omp parallel num_threads(nt))
    {
        int t = sa__p_tid(), T = sa__p_nth(), u;
        SA__I lo = s + (SA__I)((uint64_t)m * (uint64_t)t / (uint64_t)T);
        SA__I hi = s + (SA__I)((uint64_t)m * (uint64_t)(t + 1) / (uint64_t)T);
        SA__I *h = hist + 256 * t, j;
        memset(h, 0, 256 * sizeof *h);
        for (j = lo; j < hi; j++) {
            unsigned dd;
            if (j < hi - 16) SA__F(sa__p_pfkey)(c, sa[j + 16]);
            dd = (unsigned)(SA__F(sa__p_key)(c, (uint64_t)sa[j]) >> shift) & 255;
            dig[j - s] = (uint8_t)dd;
            h[dd]++;
        }
        SA__OMP(omp barrier)
        SA__OMP(omp single)
        {
            SA__I o = s;
            int e;
            for (e = 0; e < 256; e++) {
                bstart[e] = o;
                for (u = 0; u < T; u++) {
                    SA__I x = hist[256 * u + e];
                    hist[256 * u + e] = o;
                    o += x;
                }
            }
            bstart[256] = o;
        }
        for (j = lo; j < hi; j++)
            tmp[h[dig[j - s]]++ - s] = sa[j];
        SA__OMP(omp barrier)
        SA__OMP(omp for schedule(static))
        for (j = 0; j < m; j++) sa[s + j] = tmp[j];
    }
    for (d = 0; d < 256; d++) {
        SA__I bs = bstart[d], sz = bstart[d + 1] - bstart[d];
        if (sz == 0) continue;
        if (shift == 0 || sz == 1) sa[bs + sz - 1] = ~sa[bs + sz - 1];
        else if (sz > SA__P_BIG) {
            if (SA__F(sa__p_sort_big)(c, bs, sz, tmp, dig, hist, nt, tasks)) return -1;
        } else {
            SA__F(sa__p_push)(tasks, bs, sz);
            if (tasks->oom) return -1;
        }
    }
    return 0;
}

/* Rewrite ranks for sa[cs..ce), part of a segment sorted in this round: clear
   the marks, rank = SA index of the last element of the run of equal keys
   (Larsson-Sadakane's group number), and emit runs of length >= 2 as next
   round's segments. cur_end: first marked index at or after ce; first_start:
   whether a run starts at cs. */
static void SA__F(sa__p_scan)(const SA__F(sa__pctx) *c, SA__I cs, SA__I ce, SA__I cur_end,
                               int first_start, SA__F(sa__pseg) *out, SA__F(sa__pseg) *outbig)
{
    SA__I *sa = c->sa, *rank = c->rank, j;
    for (j = ce - 1; j >= cs; j--) {
        SA__I v = sa[j];
        if (v < 0) { v = ~v; sa[j] = v; cur_end = j; }
        rank[v] = cur_end;
        if (cur_end > j && (j == cs ? first_start : sa[j - 1] < 0)) {
            SA__I len = cur_end - j + 1;
            SA__F(sa__pseg) *o = len > SA__P_BIG ? outbig : out;
            SA__F(sa__p_push)(o, j, len);
            o->el += (size_t)len;
        }
    }
}

/* sa__p_scan for a long segment, split into chunks handled by all threads. */
static int SA__F(sa__p_scan_big)(const SA__F(sa__pctx) *c, SA__I s, SA__I m, int nt,
                                  SA__F(sa__pseg) *outs, SA__F(sa__pseg) *outbigs)
{
    SA__I nch = (m - 1) / SA__P_CHUNK + 1, q; /* m >= 1; m + CHUNK - 1 could overflow */
    SA__I *fm = (SA__I *)SA_MALLOC(2 * (size_t)nch * sizeof(SA__I)), *nm = fm + nch;
    SA__I *sa = c->sa;
    (void)nt; /* only in the pragmas */
    if (!fm) return -1;
    SA__OMP(omp parallel for num_threads(nt) schedule(static))
    for (q = 0; q < nch; q++) {
        SA__I cs = s + q * SA__P_CHUNK, ce = q == nch - 1 ? s + m : cs + SA__P_CHUNK, j;
        fm[q] = -1;
        for (j = cs; j < ce; j++)
            if (sa[j] < 0) { fm[q] = j; break; }
    }
    nm[nch - 1] = -1; /* unused: the segment's last element is always marked */
    for (q = nch - 1; q > 0; q--) nm[q - 1] = fm[q] >= 0 ? fm[q] : nm[q];
    SA__OMP(omp parallel num_threads(nt))
    {
        int t = sa__p_tid();
        SA__I r;
        /* starts of runs at chunk boundaries, read before anyone clears marks */
        SA__I *st = fm; /* reuse: fm[q] >= 0 is no longer needed, store flags */
        SA__OMP(omp for schedule(static))
        for (r = 0; r < nch; r++) st[r] = r == 0 ? 1 : sa[s + r * SA__P_CHUNK - 1] < 0;
        SA__OMP(omp for schedule(dynamic, 1))
        for (r = 0; r < nch; r++) {
            SA__I cs = s + r * SA__P_CHUNK, ce = r == nch - 1 ? s + m : cs + SA__P_CHUNK;
            SA__F(sa__p_scan)(c, cs, ce, nm[r], (int)st[r], &outs[t], &outbigs[t]);
        }
    }
    SA_FREE(fm);
    return 0;
}

static void SA__F(sa__p_freelist)(SA__F(sa__pseg) *L) { SA_FREE(L->v); L->v = NULL; L->cnt = L->cap = 0; }

/* Parallel prefix doubling (Larsson-Sadakane ranks, re-sorting only groups
   that are not yet singletons). See the section comment for the design. */
static int SA__F(sa__p_build)(const uint8_t *text, SA__I *sa, SA__I n, int threads)
{
    int nt = sa__p_threads(threads);
    size_t bufn = n < SA__P_BIG ? (size_t)n : SA__P_BIG;
    SA__F(sa__pctx) c;
    SA__F(sa__pseg) small, big, tasks, chains, *outs = NULL, *outbigs = NULL;
    SA__I *hist = NULL, *tmp = NULL, tmpcap = 0;
    sa__ppair *bufs = NULL;
    int rc = -1, T = 1, t;
    size_t prev_el = (size_t)n; /* elements left unsorted before the last round */
    size_t k;
    if (n <= 0) return 0;
    if (n == 1) { sa[0] = 0; return 0; }
    memset(&small, 0, sizeof small);
    memset(&big, 0, sizeof big);
    memset(&tasks, 0, sizeof tasks);
    memset(&chains, 0, sizeof chains);
    c.text = text; c.sa = sa; c.n = (uint64_t)n; c.h = 0;
    c.rank = (SA__I *)SA_MALLOC((size_t)n * sizeof(SA__I));
    hist = (SA__I *)SA_MALLOC((size_t)nt * 65536 * sizeof(SA__I));
    bufs = (sa__ppair *)SA_MALLOC((size_t)nt * 2 * bufn * sizeof(sa__ppair));
    outs = (SA__F(sa__pseg) *)SA_MALLOC(2 * (size_t)nt * sizeof *outs);
    if (outs) memset(outs, 0, 2 * (size_t)nt * sizeof *outs); /* before any goto done: it frees them */
    if (!c.rank || !hist || !bufs || !outs) goto done;
    outbigs = outs + nt;

    /* Round 0, part 1: parallel counting sort by the first two bytes (the byte
       past the end counts as 0; the key's length field separates the tie). */
    SA__OMP(omp parallel num_threads(nt))
    {
        int th = sa__p_tid(), TT = sa__p_nth(), u;
        SA__I lo = (SA__I)((uint64_t)n * (uint64_t)th / (uint64_t)TT);
        SA__I hi = (SA__I)((uint64_t)n * (uint64_t)(th + 1) / (uint64_t)TT);
        SA__I *h = hist + 65536 * (size_t)th, i;
        unsigned b;
        SA__OMP(omp single)
        T = TT;
        memset(h, 0, 65536 * sizeof *h);
        for (i = lo; i < hi; i++) {
            b = (unsigned)text[i] << 8 | (i + 1 < n ? text[i + 1] : 0u);
            h[b]++;
        }
        SA__OMP(omp barrier)
        SA__OMP(omp single)
        {
            SA__I o = 0, x;
            unsigned e;
            for (e = 0; e < 65536; e++)
                for (u = 0; u < TT; u++) {
                    x = hist[65536 * (size_t)u + e];
                    hist[65536 * (size_t)u + e] = o;
                    o += x;
                }
        }
        for (i = lo; i < hi; i++) {
            b = (unsigned)text[i] << 8 | (i + 1 < n ? text[i + 1] : 0u);
            sa[h[b]++] = i;
        }
    }
    /* buckets: after the scatter, thread T-1's cursor is the bucket's end */
    {
        SA__I prev = 0, e;
        unsigned bb;
        for (bb = 0; bb < 65536; bb++) {
            e = hist[65536 * (size_t)(T - 1) + bb];
            if (e > prev) SA__F(sa__p_push)(e - prev > SA__P_BIG ? &big : &small, prev, e - prev);
            prev = e;
        }
        if (small.oom || big.oom) goto done;
    }

    /* Rounds: h = 0 sorts buckets by the next 6 bytes (text keys); then
       h = 8, 16, 32, ...: sort every unfinished group by rank[i + h]. Phase 1
       only reads ranks, phase 2 only writes them: no read/write races. */
    for (;;) {
        size_t el_now = small.el + big.el;
        /* chains of repeated groups, finished without doubling (see sa__p_isgroup), once
           doubling stalls: less than a quarter of the unsorted suffixes finished last round */
        if (c.h >= SA__P_CHAIN_H && small.cnt > 0 && 4 * (small.el + big.el) > 3 * prev_el) {
            size_t ns = small.cnt, np;
            long long chunk = (long long)(ns / ((size_t)nt * 256));
            chunk = chunk < 1 ? 1 : chunk > 16 ? 16 : chunk;
            SA__OMP(omp parallel num_threads(nt))
            {
                int th = sa__p_tid();
                long long q;
                SA__OMP(omp for schedule(dynamic, chunk))
                for (q = 0; q < (long long)ns; q++)
                    if (small.v[2 * q + 1] <= SA__P_CHAIN_G)
                        SA__F(sa__p_chain_head)(&c, small.v[2 * q], (int)small.v[2 * q + 1], &outs[th]);
            }
            SA__F(sa__p_gather)(&chains, outs, nt, nt);
            if (chains.oom) goto done;
            np = chains.cnt / 3;
            if (np > 0) {
                SA__OMP(omp parallel num_threads(nt))
                {
                    long long q;
                    SA__OMP(omp for schedule(dynamic, 1))
                    for (q = 0; q < (long long)np; q++)
                        SA__F(sa__p_chain_piece)(&c, chains.v[6 * q], (int)chains.v[6 * q + 1],
                                                  chains.v[6 * q + 2], chains.v[6 * q + 3], chains.v[6 * q + 4]);
                    SA__OMP(omp for schedule(static))
                    for (q = 0; q < (long long)np; q++)
                        if (chains.v[6 * q + 2] == 0) {
                            SA__I *hd = sa + chains.v[6 * q], mask = chains.v[6 * q + 4];
                            int j, g = (int)chains.v[6 * q + 1];
                            for (j = 0; j < g; j++)
                                if (mask >> j & 1) hd[j] = ~hd[j];
                        }
                }
            }
        }
        /* phase 1: long segments with all threads, then short ones, one each */
        tasks.cnt = 0;
        for (k = 0; k < big.cnt; k++) {
            SA__I s = big.v[2 * k], m = big.v[2 * k + 1];
            if (m > tmpcap) {
                SA_FREE(tmp);
                tmp = (SA__I *)SA_MALLOC((size_t)m * (sizeof(SA__I) + 1));
                tmpcap = tmp ? m : 0;
                if (!tmp) goto done;
            }
            if (SA__F(sa__p_sort_big)(&c, s, m, tmp, (uint8_t *)(tmp + m), hist, nt, &tasks)) goto done;
        }
        {
            size_t ns = small.cnt, ntot = small.cnt + tasks.cnt;
            long long chunk = (long long)(ntot / ((size_t)nt * 256));
            chunk = chunk < 1 ? 1 : chunk > 16 ? 16 : chunk;
            long long next = 0;
            SA__OMP(omp parallel num_threads(nt))
            {
                sa__ppair *a = bufs + 2 * bufn * (size_t)sa__p_tid(), *b = a + bufn;
                sa__pwork w;
                long long q, q8, q16;
                sa__p_work_init(&w, &next, chunk, (long long)ntot);
                while (sa__p_work_chunk(&w))
                    for (q = w.cur; q < w.end; q++) {
                        const SA__I *sg = (size_t)q < ns ? small.v + 2 * q : tasks.v + 2 * (q - (long long)ns);
                        if (sg[1] > 1 && sa[sg[0] + sg[1] - 1] < 0) continue; /* finished as a chain */
                        /* prefetch: this thread's segment 16 ahead, the keys of the one 8 ahead */
                        q16 = sa__p_ahead(&w, q, 16);
                        q8 = sa__p_ahead(&w, q, 8);
                        if (q16 >= 0 && (size_t)q16 < ns) SA__P_PF(sa + small.v[2 * q16]);
                        if (q8 >= 0 && (size_t)q8 < ns) {
                            const SA__I *p = sa + small.v[2 * q8];
                            SA__F(sa__p_pfkey)(&c, p[0]);
                            if (small.v[2 * q8 + 1] > 1) SA__F(sa__p_pfkey)(&c, p[1]);
                        }
                        SA__F(sa__p_sort_small)(&c, sg[0], sg[1], a, b);
                    }
            }
        }
        /* phase 2: new ranks, next round's segments */
        {
            size_t ns = small.cnt;
            long long chunk = (long long)(ns / ((size_t)nt * 256));
            chunk = chunk < 1 ? 1 : chunk > 16 ? 16 : chunk;
            long long next = 0;
            SA__OMP(omp parallel num_threads(nt))
            {
                int th = sa__p_tid();
                sa__pwork w;
                long long q, q8, q16;
                sa__p_work_init(&w, &next, chunk, (long long)ns);
                while (sa__p_work_chunk(&w))
                    for (q = w.cur; q < w.end; q++) {
                        SA__I s = small.v[2 * q], m = small.v[2 * q + 1];
                        /* prefetch (this thread's own segments only, see sa__pwork) */
                        q16 = sa__p_ahead(&w, q, 16);
                        q8 = sa__p_ahead(&w, q, 8);
                        if (q16 >= 0) SA__P_PF(sa + small.v[2 * q16]);
                        if (q8 >= 0) {
                            const SA__I *p = sa + small.v[2 * q8];
                            SA__P_PFW(c.rank + (p[0] < 0 ? ~p[0] : p[0]));
                            if (small.v[2 * q8 + 1] > 1) SA__P_PFW(c.rank + (p[1] < 0 ? ~p[1] : p[1]));
                        }
                        SA__F(sa__p_scan)(&c, s, s + m, s + m - 1, 1, &outs[th], &outbigs[th]);
                    }
            }
            for (k = 0; k < big.cnt; k++)
                if (SA__F(sa__p_scan_big)(&c, big.v[2 * k], big.v[2 * k + 1], nt, outs, outbigs))
                    goto done;
        }
        SA__F(sa__p_gather)(&small, outs, nt, nt);
        SA__F(sa__p_gather)(&big, outbigs, nt, nt);
        if (small.oom || big.oom) goto done;
        if (small.cnt + big.cnt == 0) break;
        c.h = c.h == 0 ? 8 : 2 * c.h;
        prev_el = el_now;
    }
    rc = 0;
done:
    if (outs)
        for (t = 0; t < 2 * nt; t++) SA__F(sa__p_freelist)(&outs[t]);
    SA__F(sa__p_freelist)(&small);
    SA__F(sa__p_freelist)(&big);
    SA__F(sa__p_freelist)(&tasks);
    SA__F(sa__p_freelist)(&chains);
    SA_FREE(outs);
    SA_FREE(tmp);
    SA_FREE(bufs);
    SA_FREE(hist);
    SA_FREE(c.rank);
    return rc;
}

/* SA_ALGO_PARALLEL: 0 or SA_ERR_NOMEM. */
static sa_status SA__F(sa__build_parallel)(const uint8_t *text, SA__I *sa, SA__I n, int threads)
{
    return SA__F(sa__p_build)(text, sa, n, threads) ? SA_ERR_NOMEM : SA_OK;
}

/* ---- parallel SA-IS: block-parallel induced sorting (SA_ALGO_PARALLEL_SAIS) ---------------
 * The top level of SA-IS with every pass over n parallel; the reduced string (about n/3 names
 * on text) is sorted by the SA-IS int level, whose levels of SA__PR_MIN entries or more run their
 * type scans, seeds, substring lengths, naming, reduced string and mapping on all threads (the
 * sa__pr_* functions), their induction scans included (sa__pr_induce: libsais's block scheme;
 * its walk over each block in scan order stays on one thread, so it saves only about 10 % of
 * the recursion's time at 16 threads: demos/bench/README.md). The byte level's induction scans
 * (stage 1 on sa__s1_bytes's layout, names marked inside the scans; stage 3 over all of SA) use the
 * classic trick of libsais_omp (read to learn; this code is our own): when the scan reaches a
 * run of already filled SA entries, no induction from inside the run can land inside it (each
 * induced suffix goes to an empty slot ahead of the scan), so the run is a block that the
 * threads split: each reads its part (the expensive random reads of T), caches (bucket, value)
 * pairs and counts them per bucket; one thread turns the per-thread counts into write offsets
 * in the scan's order; each thread then writes its cache. Short runs are scanned by one
 * thread; a run's end is found by the block's threads (sa__pi_cut). Stage 3's L scan sees the
 * non-LMS S slots as msb (filled, nothing to induce), so they do not cut its runs. The S-scan
 * needs the S part of every bucket empty: after the final L-scan it is cleared (the sequential
 * scan overwrites it instead). Memory beyond text and SA: per thread
 * SA__PI_CACHE (value, bucket) pairs and SA__PI_S1W counters (about 200 KB, 400 KB for 64-bit), plus
 * what the sequential int level allocates for the reduced string (usually nothing). Each
 * phase's wall seconds go to sa_build_info.phase_seconds (sa_build_ex). */
typedef struct {
    const uint8_t *T;
    SA__I *SA, n, *B, *tcnt;
    SA__I *zs;                  /* nt + 1: sa__pi_cut's ends, one a thread */
    SA__F(sa__pic) *cache;
    int nt;
    sa__rate rt;                /* the guard (SA__PI_ADAPT): rt.off, one thread from then on */
} SA__F(sa__pictx);

/* Inside a block's parallel region (thread t of TT): where the run of filled entries that starts
 * the candidate SA[lo..hi) in the scan's direction ends (dir 0: from lo up, 1: from hi - 1 down;
 * the caller has seen its first SA__PI_MINB entries filled). Each thread looks for the first 0 in
 * its part, so the search is no longer one thread's pass over up to nt x SA__PI_CACHE entries (when
 * the run fills the candidate, each part is also the one its thread reads next). Returns the run's other end, the
 * same in every thread: dir 0 the block is SA[lo..end), dir 1 SA[end..hi). */
static SA__I SA__F(sa__pi_cut)(SA__F(sa__pictx) *x, SA__I lo, SA__I hi, int dir, int t, int TT)
{
    const SA__I *SA = x->SA;
    SA__I len = hi - lo, a = lo + (SA__I)((uint64_t)len * (uint64_t)t / (uint64_t)TT), i;
    SA__I b = lo + (SA__I)((uint64_t)len * (uint64_t)(t + 1) / (uint64_t)TT);
    int u;
    if (dir == 0) for (i = a; i < b && SA[i] != 0; i++) {}        /* i: the part's first 0, or b */
    else for (i = b; i > a && SA[i - 1] != 0; i--) {}             /* i: one above its last 0, or a */
    x->zs[t] = i;
    SA__OMP(omp barrier)
    if (dir == 0) {
        for (u = 0; u < TT; u++) /* the first part, in scan order, that holds a 0 */
            if (x->zs[u] < lo + (SA__I)((uint64_t)len * (uint64_t)(u + 1) / (uint64_t)TT)) return x->zs[u];
        return hi;
    }
    for (u = TT - 1; u >= 0; u--)
        if (x->zs[u] > lo + (SA__I)((uint64_t)len * (uint64_t)u / (uint64_t)TT)) return x->zs[u];
    return lo;
}

/* One step of stage 3's L scan on SA[i]; 1 when it induces value *v into bucket *c. Encoding as
 * in sa__induce (sign = type marks). */
SA__INLINE int SA__F(sa__pi_lstep)(const uint8_t *T, SA__I *SA, SA__I i, SA__I *c, SA__I *v)
{
    SA__I j = SA[i];
    SA[i] = ~j;
    if (j <= 0) return 0;
    j--;
    *c = T[j];
    *v = j ^ -(SA__I)(T[j - (j > 0)] < *c);
    return 1;
}
SA__INLINE int SA__F(sa__pi_sstep)(const uint8_t *T, SA__I *SA, SA__I i, SA__I *c, SA__I *v)
{
    SA__I j = SA[i];
    if (j <= 0) {
        SA[i] = ~j;
        return 0;
    }
    j--;
    *c = T[j];
    *v = j ^ -(SA__I)((j == 0) | (T[j - (j > 0)] > *c));
    return 1;
}

/* The block of an L-scan (dir 0) or S-scan (dir 1): the run of filled entries that starts the
 * candidate SA[lo0..hi0) (sa__pi_cut), split over the threads as described above. Returns the
 * run's other end (dir 0: the block was SA[lo0..end), 1: SA[end..hi0)). */
static SA__I SA__F(sa__pi_block)(SA__F(sa__pictx) *x, SA__I lo0, SA__I hi0, int dir)
{
    SA__I cut = 0;
    SA__OMP(omp parallel num_threads(x->nt))
    {
        const uint8_t *T = x->T;
        SA__I *SA = x->SA, *B = x->B;
        int t = sa__p_tid(), TT = sa__p_nth(), u;
        SA__I end = SA__F(sa__pi_cut)(x, lo0, hi0, dir, t, TT), lo = dir ? end : lo0, hi = dir ? hi0 : end;
        SA__I len = hi - lo, a = lo + (SA__I)((uint64_t)len * (uint64_t)t / (uint64_t)TT);
        SA__I b = lo + (SA__I)((uint64_t)len * (uint64_t)(t + 1) / (uint64_t)TT);
        SA__I *cnt = x->tcnt + 256 * (size_t)t, i, c = 0, v = 0, q, k = 0;
        SA__F(sa__pic) *ca = x->cache + (size_t)SA__PI_CACHE * (size_t)t;
        if (t == 0) cut = end;
        if ((uint64_t)len > (uint64_t)TT * SA__PI_CACHE) { /* fewer threads than asked for */
            a = t == 0 ? lo : hi;
            b = hi;
            if (t == 0) { /* all of it, sequentially */
                if (dir == 0) {
                    for (i = lo; i < hi; i++)
                        if (SA__F(sa__pi_lstep)(T, SA, i, &c, &v)) SA[B[c]++] = v;
                } else {
                    for (i = hi - 1; i >= lo; i--)
                        if (SA__F(sa__pi_sstep)(T, SA, i, &c, &v)) SA[--B[c]] = v;
                }
            }
            a = b = 0;
        }
        memset(cnt, 0, 256 * sizeof *cnt);
        if (dir == 0) {
            for (i = a; i < b; i++) {
                if (i < b - SA__PREFETCH) {
                    SA__I p = SA[i + SA__PREFETCH];
                    if (p > 0) SA__P_PF(T + p - 1);
                }
                if (SA__F(sa__pi_lstep)(T, SA, i, &c, &v)) { ca[k].c = c; ca[k].v = v; cnt[c]++; k++; }
            }
        } else {
            for (i = b - 1; i >= a; i--) {
                if (i >= a + SA__PREFETCH) {
                    SA__I p = SA[i - SA__PREFETCH];
                    if (p > 0) SA__P_PF(T + p - 1);
                }
                if (SA__F(sa__pi_sstep)(T, SA, i, &c, &v)) { ca[k].c = c; ca[k].v = v; cnt[c]++; k++; }
            }
        }
        SA__OMP(omp barrier)
        SA__OMP(omp single)
        {
            SA__I *tc = x->tcnt, y;
            for (c = 0; c < 256; c++) {
                if (dir == 0)
                    for (u = 0; u < TT; u++) { y = tc[256 * (size_t)u + c]; tc[256 * (size_t)u + c] = B[c]; B[c] += y; }
                else /* the S-scan runs right to left: the top thread's part comes first */
                    for (u = TT - 1; u >= 0; u--) { y = tc[256 * (size_t)u + c]; tc[256 * (size_t)u + c] = B[c]; B[c] -= y; }
            }
        }
        if (dir == 0)
            for (q = 0; q < k; q++) SA[cnt[ca[q].c]++] = ca[q].v;
        else
            for (q = 0; q < k; q++) SA[--cnt[ca[q].c]] = ca[q].v;
    }
    return cut;
}

/* ---- parallel SA-IS, byte level stage 1 on sa__s1_bytes's layout ----
 * sa__s1_bytes's two scans (the L scan over the L region, the S scan over the S region, names
 * marked inside the scans) with runs of filled entries split over the threads as in sa__pi_block.
 * The marks need the scan's group counter d: a thread counts its part's group starts (dl, local)
 * and marks every induction into a bucket v but its part's first one locally (the previous one
 * into v is in its own part); one thread then walks the parts in scan order with the global d,
 * marks each part's first induction per bucket against the last d seen in that bucket, and hands
 * out the write offsets. Per thread 4 x 512 counters in x->tcnt (stride SA__PI_S1W): count, d of
 * the first and of the last induction, the first one's cache index; one more for dl. */
/* One step of the one-thread scan (dir 0: L scan, ascending slots; 1: S scan, descending). */
SA__INLINE void SA__F(sa__pi_s1_step)(const uint8_t *T, SA__I *SA, SA__I i, int dir, SA__I *ind, SA__I *dn, SA__I *d)
{
    const SA__I maxv = (SA__I)((((uint64_t)1) << (sizeof(SA__I) * 8 - 1)) - 1), msb = -maxv - 1;
    SA__I p = SA[i], c, v, w;
    *d += p < 0;
    p &= maxv;
    c = T[p - 1];
    v = 2 * c + (dir ? T[p - 2] > c : T[p - 2] >= c);
    w = (p - 1) | (msb & -(SA__I)(dn[v] != *d));
    if (dir) SA[--ind[v]] = w;
    else SA[ind[v]++] = w;
    dn[v] = *d;
}

/* The run of filled entries that starts the candidate SA[lo0..hi0) (sa__pi_cut) of the L scan
 * (dir 0) or the S scan (dir 1); returns its other end, as sa__pi_block. */
static SA__I SA__F(sa__pi_s1_block)(SA__F(sa__pictx) *x, SA__I lo0, SA__I hi0, int dir, SA__I *ind, SA__I *dn,
                                    SA__I *pd)
{
    SA__I cut = 0;
    SA__OMP(omp parallel num_threads(x->nt))
    {
        const SA__I maxv = (SA__I)((((uint64_t)1) << (sizeof(SA__I) * 8 - 1)) - 1), msb = -maxv - 1;
        const uint8_t *T = x->T;
        SA__I *SA = x->SA;
        int t = sa__p_tid(), TT = sa__p_nth(), u;
        SA__I end = SA__F(sa__pi_cut)(x, lo0, hi0, dir, t, TT), lo = dir ? end : lo0, hi = dir ? hi0 : end;
        SA__I len = hi - lo, a = lo + (SA__I)((uint64_t)len * (uint64_t)t / (uint64_t)TT);
        SA__I b = lo + (SA__I)((uint64_t)len * (uint64_t)(t + 1) / (uint64_t)TT);
        SA__I *w = x->tcnt + SA__PI_S1W * (size_t)t, *cnt = w, *fd = w + 512, *ld = w + 1024, *fst = w + 1536;
        SA__I i, c, v, p, val, dl = 0, k = 0, q;
        SA__F(sa__pic) *ca = x->cache + (size_t)SA__PI_CACHE * (size_t)t;
        if (t == 0) cut = end;
        if ((uint64_t)len > (uint64_t)TT * SA__PI_CACHE) { /* fewer threads than asked for */
            if (t == 0) {
                if (dir == 0) for (i = lo; i < hi; i++) SA__F(sa__pi_s1_step)(T, SA, i, 0, ind, dn, pd);
                else for (i = hi - 1; i >= lo; i--) SA__F(sa__pi_s1_step)(T, SA, i, 1, ind, dn, pd);
            }
            a = b = 0;
        }
        memset(cnt, 0, 512 * sizeof *cnt);
        for (q = 0; q < b - a; q++) {
            i = dir ? b - 1 - q : a + q;
            if (q < b - a - SA__PREFETCH) {
                SA__I r = SA[dir ? i - SA__PREFETCH : i + SA__PREFETCH] & maxv;
                SA__P_PF(T + r - 2); /* (r >= 2: a run's entries are all induced) */
            }
            p = SA[i];
            dl += p < 0;
            p &= maxv;
            c = T[p - 1];
            v = 2 * c + (dir ? T[p - 2] > c : T[p - 2] >= c);
            val = p - 1;
            if (cnt[v]) val |= msb & -(SA__I)(ld[v] != dl);
            else { fst[v] = k; fd[v] = dl; }
            cnt[v]++;
            ld[v] = dl;
            ca[k].v = val;
            ca[k].c = v;
            k++;
        }
        w[2048] = dl;
        SA__OMP(omp barrier)
        SA__OMP(omp single)
        {
            SA__I d = *pd;
            for (u = dir ? TT - 1 : 0; dir ? u >= 0 : u < TT; u += dir ? -1 : 1) { /* the parts in scan order */
                SA__I *wu = x->tcnt + SA__PI_S1W * (size_t)u;
                SA__F(sa__pic) *cu = x->cache + (size_t)SA__PI_CACHE * (size_t)u;
                for (v = 0; v < 512; v++) {
                    SA__I y = wu[v];
                    if (y == 0) continue;
                    if (dn[v] != d + wu[512 + v]) cu[wu[1536 + v]].v |= msb;
                    dn[v] = d + wu[1024 + v];
                    wu[v] = ind[v];
                    ind[v] += dir ? -y : y;
                }
                d += wu[2048];
            }
            *pd = d;
        }
        if (dir == 0)
            for (q = 0; q < k; q++) SA[cnt[ca[q].c]++] = ca[q].v;
        else
            for (q = 0; q < k; q++) SA[--cnt[ca[q].c]] = ca[q].v;
    }
    return cut;
}

/* SA[a..b) of a scan on one thread: stage 1's steps (ind != NULL: sa__pi_s1_step's state) or stage
 * 3's (sa__pi_lstep/sstep into x->B); dir 0: ascending, 1: descending. lo..hi is the whole scan's
 * range: the look-ahead reads past the run, up to its ends. */
static void SA__F(sa__pi_run)(SA__F(sa__pictx) *x, SA__I a, SA__I b, SA__I lo, SA__I hi, int dir, SA__I *ind,
                              SA__I *dn, SA__I *d)
{
    const SA__I maxv = (SA__I)((((uint64_t)1) << (sizeof(SA__I) * 8 - 1)) - 1);
    const uint8_t *T = x->T;
    SA__I *SA = x->SA, *B = x->B, i, c = 0, v = 0, p;
    if (ind && dir == 0) {
        for (i = a; i < b; i++) {
            if (i < hi - SA__PREFETCH && (p = SA[i + SA__PREFETCH] & maxv) >= 2) SA__P_PF(T + p - 2);
            SA__F(sa__pi_s1_step)(T, SA, i, 0, ind, dn, d);
        }
    } else if (ind) {
        for (i = b - 1; i >= a; i--) {
            if (i - SA__PREFETCH >= lo && (p = SA[i - SA__PREFETCH] & maxv) >= 2) SA__P_PF(T + p - 2);
            SA__F(sa__pi_s1_step)(T, SA, i, 1, ind, dn, d);
        }
    } else if (dir == 0) {
        for (i = a; i < b; i++) {
            if (i < hi - 2 * SA__PREFETCH && (p = SA[i + 2 * SA__PREFETCH]) > 0) SA__P_PF(T + p - 1);
            if (SA__F(sa__pi_lstep)(T, SA, i, &c, &v)) SA[B[c]++] = v;
        }
    } else {
        for (i = b - 1; i >= a; i--) {
            if (i - 2 * SA__PREFETCH >= lo && (p = SA[i - 2 * SA__PREFETCH]) > 0) SA__P_PF(T + p - 1);
            if (SA__F(sa__pi_sstep)(T, SA, i, &c, &v)) SA[--B[c]] = v;
        }
    }
}

/* One induction scan over SA[lo..hi), an L scan (dir 0, ascending) or S scan (dir 1, descending),
 * of stage 1 (ind, dn, d: sa__pi_s1_step's state) or stage 3 (ind == NULL): runs of at least
 * SA__PI_MINB filled entries (at most nt x SA__PI_CACHE) split over the threads (sa__pi_s1_block,
 * sa__pi_block), the rest in order on one thread (sa__pi_run). Both feed the guard's rates
 * (sa__rate): stage 1's as well as stage 3's, so that stage 3's first blocks after the long
 * one-thread recursion (threads asleep) do not decide alone (on the 16-core host they switched
 * stage 3's blocks off on the headers: S3 0.29 s instead of 0.08 s). */
static void SA__F(sa__pi_walk)(SA__F(sa__pictx) *x, SA__I lo, SA__I hi, int dir, SA__I *ind, SA__I *dn, SA__I *d)
{
    SA__I *SA = x->SA, i = dir ? hi - 1 : lo, e, lim, p1, a, b, maxb = x->rt.off ? 0 : (SA__I)x->nt * SA__PI_CACHE;
    double t0 = 0;
    while (dir ? i >= lo : i < hi) {
        /* the build's first SA__PR_PROBE slots (stage 1's L scan) on one thread, timed: the
           guard's one-thread rate from the start (the short runs alone may take many blocks to
           reach 16384) */
        int probe = ind && dir == 0 && i == lo && maxb && x->rt.guard && x->rt.se == 0, timed;
        /* the run of filled entries from i, up to lim: its first SA__PI_MINB entries here; when
           they are all filled, the block's threads find where it ends (sa__pi_cut) */
        if (dir == 0) {
            lim = maxb == 0 || probe ? i : hi - i > maxb ? i + maxb : hi;
            p1 = lim - i > SA__PI_MINB ? i + SA__PI_MINB : lim;
            for (e = i; e < p1 && SA[e] != 0; e++) {}
            a = i;
            b = e == p1 ? lim : e;
        } else {
            lim = maxb == 0 ? i : i + 1 - lo > maxb ? i - maxb : lo - 1;
            p1 = i - lim > SA__PI_MINB ? i - SA__PI_MINB : lim;
            for (e = i; e > p1 && SA[e] != 0; e--) {}
            a = e == p1 ? lim + 1 : e + 1;
            b = i + 1;
        }
        if (b - a >= SA__PI_MINB) { /* [a, b): the candidate; the block ends at the cut */
            SA__I cut;
            t0 = sa__p_now();
            cut = ind ? SA__F(sa__pi_s1_block)(x, a, b, dir, ind, dn, d) : SA__F(sa__pi_block)(x, a, b, dir);
            if (dir == 0) b = cut;
            else a = cut;
            sa__rate_block(&x->rt, (double)(b - a), sa__p_now() - t0);
            if (x->rt.off) maxb = 0;
            i = dir == 0 ? b : a - 1;
            continue;
        }
        /* one thread: a short run, one entry not yet filled, the probe, or (maxb 0) the rest */
        if (probe) e = hi - i > SA__PR_PROBE ? i + SA__PR_PROBE : hi;
        else if (e == i) e = dir == 0 ? (maxb ? i + 1 : hi) : (maxb ? i - 1 : lo - 1);
        a = dir == 0 ? i : e + 1;
        b = dir == 0 ? e : i + 1;
        timed = maxb && (b - a >= 1024 || probe); /* the one-thread rate, from runs long enough to time */
        if (timed) t0 = sa__p_now();
        SA__F(sa__pi_run)(x, a, b, lo, hi, dir, ind, dn, d);
        if (timed) sa__rate_one(&x->rt, (double)(b - a), sa__p_now() - t0);
        i = e;
    }
}

/* Stage 1 of parallel SA-IS: sa__s1_bytes on x->nt threads (same layout, same marks, same
 * order). SA[n-m..n) holds the LMS positions ascending (SA[n-m] = first, the leftmost),
 * SA[0..n-m) anything; c4: the summed position classes of sa__gather_lms (used up). Leaves
 * SA[m + p/2] = the name (from 1) of LMS position p, zero elsewhere in SA[m..m + (n-1)/2];
 * returns the number of names. m >= 2. gsa (sa__psais_gsa, issue 26): sa__s1_bytes's GSA mode
 * (the same three steps: byte 0's seeds one slot lower with n - 1 above them, and its LMS
 * positions rewritten in position order after the S scan, each marked). */
static SA__I SA__F(sa__pi_s1)(SA__F(sa__pictx) *x, SA__I m, SA__I first, SA__I *c4, int gsa)
{
    const SA__I maxv = (SA__I)((((uint64_t)1) << (sizeof(SA__I) * 8 - 1)) - 1), msb = -maxv - 1;
    const uint8_t *T = x->T;
    SA__I *SA = x->SA, n = x->n, *tw = x->tcnt;
    SA__I ind[512], dn[512], top[256], se[256], mend[256];
    SA__I c, v, d = 0, left, marks = 0;
    left = SA__F(sa__s1_regions)(T, n, first, c4, ind, top, se, mend);
    SA_ASSERT(!gsa || c4[3] == 1);
    if (gsa) top[0] -= 1;
    /* the L region zeroed (the scans find their runs by the entries not yet induced: 0), the
     * seeds SA[n-m+1..n) to the tops of their L buckets (each thread a part, counted per byte;
     * the top part's highest in each bucket), then the S region zeroed (the seeds are read) */
    SA__OMP(omp parallel num_threads(x->nt))
    {
        int t = sa__p_tid(), TT = sa__p_nth(), u;
        SA__I i, lo = n - m + 1, len = m - 1, *h = tw + SA__PI_S1W * (size_t)t;
        SA__I a = lo + (SA__I)((uint64_t)len * (uint64_t)t / (uint64_t)TT);
        SA__I b = lo + (SA__I)((uint64_t)len * (uint64_t)(t + 1) / (uint64_t)TT), cc;
        SA__OMP(omp for schedule(static))
        for (i = 0; i < left; i++) SA[i] = 0;
        memset(h, 0, 256 * sizeof *h);
        for (i = a; i < b; i++) h[T[SA[i]]]++;
        SA__OMP(omp barrier)
        SA__OMP(omp single)
        for (cc = 0; cc < 256; cc++)
            for (u = TT - 1; u >= 0; u--) { /* h_u[c] = the end of part u's seeds of byte c */
                SA__I *hu = tw + SA__PI_S1W * (size_t)u + cc, y = *hu;
                *hu = top[cc];
                top[cc] -= y;
            }
        for (i = b - 1; i >= a; i--) {
            SA__I q = SA[i];
            if (i - SA__PREFETCH >= a) SA__P_PF(T + SA[i - SA__PREFETCH]);
            SA[--h[T[q]]] = q;
        }
        SA__OMP(omp barrier)
        SA__OMP(omp for schedule(static))
        for (i = left + 1; i < n - first; i++) SA[i] = 0;
    }
    for (c = 0; c < 256; c++)
        if (c4[4 * c + 1] > 0) SA[top[c]] |= msb;
    if (gsa) ind[1] = c4[1]; /* n - 1 above byte 0's seeds (SA__GSA_SEEDS 0's marks, whatever
                                the setting: the SA is the same, sa__s1_bytes) */
    memset(dn, 0, sizeof dn);
    /* L scan: n - 1 first (induced by the virtual sentinel), then the L region */
    v = 2 * T[n - 1] + (T[n - 2] >= T[n - 1]);
    SA[ind[v]++] = (n - 1) | msb;
    dn[v] = ++d;
    SA__F(sa__pi_walk)(x, 0, left, 0, ind, dn, &d);
    /* the LS entries' bits up by one (as in sa__s1_bytes), each byte's part on its own */
    SA__OMP(omp parallel for num_threads(x->nt) schedule(dynamic, 8))
    for (c = 1; c < 256; c++) SA__F(sa__s1_ls_marks)(SA, se[c - 1], ind[2 * c], msb);
    for (c = 0; c < 256; c++) {
        ind[2 * c] = se[c];
        ind[2 * c + 1] = mend[c];
    }
    /* S scan: the LMS positions to SA[0..m), sorted, each marked when it differs from the next */
    SA__F(sa__pi_walk)(x, left + 1, n - first, 1, ind, dn, &d);
    if (gsa) SA__F(sa__gsa_zeros_p)(T, n - 1, SA, mend[0], msb, x->nt, tw);
    /* names: each thread counts its part's marks, then writes its names from the parts below */
    SA__OMP(omp parallel num_threads(x->nt))
    {
        int t = sa__p_tid(), TT = sa__p_nth(), u;
        SA__I i, k = 0, nm = 0;
        SA__I a = (SA__I)((uint64_t)m * (uint64_t)t / (uint64_t)TT), b = (SA__I)((uint64_t)m * (uint64_t)(t + 1) / (uint64_t)TT);
        SA__OMP(omp for schedule(static)) /* (m + (n - 1) / 2 + 1 <= n: m <= n / 2) */
        for (i = m; i <= m + (n - 1) / 2; i++) SA[i] = 0;
        for (i = a; i < b; i++) k += SA[i] < 0;
        tw[SA__PI_S1W * (size_t)t] = k;
        SA__OMP(omp barrier)
        for (u = 0; u < t; u++) nm += tw[SA__PI_S1W * (size_t)u];
        for (i = a; i < b; i++) {
            SA__I q = SA[i];
            if (i < b - SA__PREFETCH) SA__P_PF(SA + m + ((SA[i + SA__PREFETCH] & maxv) >> 1));
            SA[m + ((q & maxv) >> 1)] = nm + 1;
            nm += q < 0;
        }
        if (t == TT - 1) marks = nm;
    }
    return marks + (SA[m - 1] >= 0); /* the top entry is always marked; counted either way */
}

/* Type scans by chunk: chunk t covers text positions (lo_t, p0_t] with p0_t = lo_{t+1}, or
 * n - 1 for the last; the state (character, S-type?) at p0_t comes from the type of p0_t,
 * which sa__pi_build resolves for every chunk start first. Step to p - 1; 1 if p is LMS. */
SA__INLINE int SA__F(sa__pi_rtl)(SA__I c0, SA__I *cp, int *s1)
{
    int s0 = (c0 < *cp) | ((c0 == *cp) & *s1), lms = (!s0) & *s1;
    *s1 = s0;
    *cp = c0;
    return lms;
}

/* Parallel SA-IS on bytes, n >= SA__PI_MIN, nt >= 2. 0, or -1 when out of memory. gsa: sa_gsa's
 * order (sa__psais_gsa; the text as sa__sais_gsa's): stage 1 in sa__s1_bytes's GSA mode, stage 3
 * as sa__induce_b's (byte 0's bucket set before the L scan and written again after the S scan). */
#define SA__PI_T(phase) do { double t1_ = sa__p_now(); if (ph) ph[phase] = t1_ - t0_; t0_ = t1_; } while (0)
static int SA__F(sa__pi_build)(const uint8_t *T, SA__I *SA, SA__I n, int nt, sa_status *rec, double *ph, int gsa)
{
    SA__F(sa__pictx) x;
    const SA__I maxv = (SA__I)((((uint64_t)1) << (sizeof(SA__I) * 8 - 1)) - 1), msb = -maxv - 1;
    SA__I B[256], cnt[256], end[256], lmsb[256], nl[256], c4[1024], *RA, m = 0, names = 0, *lo = NULL, *tf = NULL;
    SA__I *mt = NULL, *minp = NULL, *nd = NULL;
    int t, rc = -1;
    long long ci;
    double t0_ = sa__p_now();
    *rec = SA_OK;
    x.T = T; x.SA = SA; x.n = n; x.nt = nt; x.B = B;
    sa__rate_init(&x.rt, SA__PI_TRIP);
    x.tcnt = (SA__I *)SA_MALLOC((size_t)nt * SA__PI_S1W * sizeof(SA__I)); /* (>= 256 nt: sa__pi_block's) */
    x.zs = NULL;
    x.cache = (SA__F(sa__pic) *)SA_MALLOC((size_t)nt * SA__PI_CACHE * sizeof(SA__F(sa__pic)));
    lo = (SA__I *)SA_MALLOC(6 * ((size_t)nt + 1) * sizeof(SA__I));
    if (!x.tcnt || !x.cache || !lo) goto done;
    tf = lo + (nt + 1); mt = tf + (nt + 1); minp = mt + (nt + 1); nd = minp + (nt + 1); x.zs = nd + (nt + 1);
    for (t = 0; t <= nt; t++) lo[t] = (SA__I)((uint64_t)n * (uint64_t)t / (uint64_t)nt);

    /* for each chunk start, its type when the chunk decides it (tf = 0 L, 1 S, -1: the chunk
       is one run of its first character up to the next chunk's start) */
    SA__OMP(omp parallel for num_threads(nt) schedule(static, 1))
    for (t = 0; t < nt; t++) {
        SA__I q, e = t == nt - 1 ? n - 1 : lo[t + 1];
        for (q = lo[t]; q < e && T[q] == T[q + 1]; q++) {}
        tf[t] = q < e ? T[q] < T[q + 1] : (t == nt - 1 ? 0 : -1);
    }
    for (t = nt - 1; t >= 0; t--)
        if (tf[t] < 0) tf[t] = tf[t + 1];

    SA__PI_T(SA_PHASE_TYPES);
    /* stage 1: per chunk, its LMS positions counted and its positions' classes (sa__gather_lms:
       byte, type, predecessor's type; even and odd positions apart) counted; then the LMS
       positions in text order to SA[n-m..n), each chunk's from its offset */
    SA__OMP(omp parallel for num_threads(nt) schedule(static, 1))
    for (t = 0; t < nt; t++) {
        SA__I *h = x.tcnt + SA__PI_S1W * (size_t)t, p, p0 = t == nt - 1 ? n - 1 : lo[t + 1], cp = T[p0], k = 0, mn = -1;
        int s1 = t == nt - 1 ? 0 : (int)tf[t + 1];
        memset(h, 0, 2048 * sizeof *h);
        for (p = p0; p > lo[t]; p--) {
            SA__I c = cp;
            int sp = s1, lms = SA__F(sa__pi_rtl)(T[p - 1], &cp, &s1);
            h[((p & 1) << 10) + 4 * c + 2 * !sp + !s1]++;
            k += lms;
            mn = lms ? p : mn;
        }
        mt[t] = k;
        minp[t] = mn;
    }
    for (nd[0] = 0, t = 1; t < nt; t++) nd[t] = nd[t - 1] + mt[t - 1];
    m = nd[nt - 1] + mt[nt - 1];
    {
        SA__I s = 0, j;
        for (j = 0; j < 1024; j++) {
            SA__I y = 0;
            for (t = 0; t < nt; t++) y += x.tcnt[SA__PI_S1W * (size_t)t + j] + x.tcnt[SA__PI_S1W * (size_t)t + 1024 + j];
            c4[j] = y;
        }
        for (j = 0; j < 256; j++) {
            cnt[j] = c4[4 * j] + c4[4 * j + 1] + c4[4 * j + 2] + c4[4 * j + 3] + (j == T[0]);
            s += cnt[j];
            end[j] = s;
            lmsb[j] = c4[4 * j + 1];
            nl[j] = c4[4 * j + 2] + c4[4 * j + 3] + (j == T[0] && !tf[0]); /* L-type positions of byte j */
        }
    }
    if (m > 1) {
        SA__OMP(omp parallel for num_threads(nt) schedule(static, 1))
        for (t = 0; t < nt; t++) {
            SA__I p, p0 = t == nt - 1 ? n - 1 : lo[t + 1], cp = T[p0], j = n - m + nd[t] + mt[t] - 1;
            int s1 = t == nt - 1 ? 0 : (int)tf[t + 1];
            for (p = p0; p > lo[t]; p--)
                if (SA__F(sa__pi_rtl)(T[p - 1], &cp, &s1)) SA[j--] = p;
        }
    SA__PI_T(SA_PHASE_PLACE);
        /* LMS-substring sorting and naming (sa__s1_bytes's layout, on all threads) */
        names = SA__F(sa__pi_s1)(&x, m, SA[n - m], c4, gsa);
    SA__PI_T(SA_PHASE_INDUCE1); /* (no compaction or length pass: the scans name the substrings) */
    SA__PI_T(SA_PHASE_COMPACT);
    SA__PI_T(SA_PHASE_LENGTHS);
    SA__PI_T(SA_PHASE_NAMING);
        RA = SA + n - m;
        SA__F(sa__pr_reduced)(SA, n, m, nt, x.tcnt);
    SA__PI_T(SA_PHASE_NAME);
        /* stage 2: the reduced string's SA into SA[0..m): as sequential SA-IS does, by a few
           doubling rounds (sa__ls) when the names are mostly unique (random-like text, DNA's
           first level), else by the sequential SA-IS int level. sa__ls wants c[v] = the last
           sorted index of name v: the names' counts, summed, in the free SA[m..n-m). */
        if (names < m && names >= m / 2 && names <= n - 2 * m) {
            SA__I *c = SA + m, v, sum = -1;
            memset(c, 0, (size_t)names * sizeof *c);
            for (v = 0; v < m; v++) c[RA[v]]++;
            for (v = 0; v < names; v++) { sum += c[v]; c[v] = sum; }
            if (SA__F(sa__ls_ok)(RA, m, c)) {
                *rec = SA__F(sa__ls)(RA, SA, m, names, c, NULL);
                if (*rec != SA_OK) goto done;
                names = m + 1; /* done: skip the recursion below */
            }
        }
        if (names < m) { /* the large int levels' passes on all threads (sa__pr_*) */
            SA__F(sa__prx) px;
            px.nt = nt;
            px.cache = x.cache;
            px.npic = (SA__I)nt * SA__PI_CACHE;
            px.tc = x.tcnt;
            *rec = SA__CAT(SA__CAT(sa__lvl_px, SA__W), i)(RA, SA, m, names, SA + m, n - 2 * m,
                                                          x.rt.guard && x.rt.off ? NULL : &px);
            /* (NULL, one thread: the byte level's guard found the threads waiting on each other) */
            if (*rec != SA_OK) goto done;
        } else if (names == m) {
            SA__OMP(omp parallel for num_threads(nt) schedule(static))
            for (ci = 0; ci < (long long)m; ci++) SA[RA[ci]] = (SA__I)ci;
        }
    SA__PI_T(SA_PHASE_RECURSE);
        /* reduced indices to text positions: the LMS positions in text order into RA */
        for (nd[0] = 0, t = 1; t < nt; t++) nd[t] = nd[t - 1] + mt[t - 1];
        SA__OMP(omp parallel num_threads(nt))
        {
            SA__I i;
            SA__OMP(omp for schedule(static, 1))
            for (t = 0; t < nt; t++) {
                SA__I p, p0 = t == nt - 1 ? n - 1 : lo[t + 1], cp = T[p0], j = nd[t] + mt[t] - 1;
                int s1 = t == nt - 1 ? 0 : (int)tf[t + 1];
                for (p = p0; p > lo[t]; p--)
                    if (SA__F(sa__pi_rtl)(T[p - 1], &cp, &s1)) RA[j--] = p;
            }
            SA__OMP(omp barrier)
            { /* this thread's own share only: the look-ahead must not read entries another
                 thread is rewriting */
                int th = sa__p_tid(), TT = sa__p_nth();
                SA__I a = (SA__I)((uint64_t)m * (uint64_t)th / (uint64_t)TT);
                SA__I b = (SA__I)((uint64_t)m * (uint64_t)(th + 1) / (uint64_t)TT);
                for (i = a; i < b; i++) {
                    if (i < b - SA__PREFETCH) SA__P_PF(RA + SA[i + SA__PREFETCH]);
                    SA[i] = RA[SA[i]];
                }
            }
        }
    } else if (m == 1) {
        SA__I i;
        for (t = 0; t < nt; t++)
            if (mt[t]) SA[0] = minp[t];
        for (i = 1; i < n; i++) SA[i] = 0;
    }
    SA__PI_T(SA_PHASE_MAP);
    /* stage 3: sorted LMS suffixes to their bucket ends, in order (bucket by bucket, from the
       top: each moves up, never over a part not yet moved), the L part of each bucket cleared,
       its other S slots set to msb ("nothing to induce", but filled: the L scan's runs of filled
       entries go on over them, so its blocks are as long as the S scan's; with zeros there a
       text's S slots cut the L scan into one-entry runs on one thread: 13 M of the 46 MB headers'
       33 M L-scan entries, 2026-11-28); then induce */
    {
        int c;
        SA__I s = m;
        for (c = 255; c >= 0; c--) {
            s -= lmsb[c];
            if (lmsb[c]) memmove(SA + end[c] - lmsb[c], SA + s, (size_t)lmsb[c] * sizeof *SA);
        }
        SA__OMP(omp parallel for num_threads(nt) schedule(dynamic, 1))
        for (c = 0; c < 256; c++) {
            SA__I st = end[c] - cnt[c], z = gsa ? cnt[c] - lmsb[c] : nl[c], i;
            SA_ASSERT(z + lmsb[c] <= cnt[c]);
            memset(SA + st, 0, (size_t)z * sizeof *SA);
            for (i = st + z; i < end[c] - lmsb[c]; i++) SA[i] = msb; /* (gsa: none) */
        }
        for (s = 0, c = 0; c < 256; c++) { B[c] = s; s += cnt[c]; }
        if (gsa) { /* the LMS zeros one slot down, n - 1 above them (B[0] stays 0: all of byte 0's
                      bucket is emptied after the L scan, then rewritten after the S scan) */
            if (cnt[0] > 1) memmove(SA, SA + 1, (size_t)(cnt[0] - 1) * sizeof *SA);
            SA[cnt[0] - 1] = n - 1;
        } else
        SA[B[T[n - 1]]++] = (T[n - 2] < T[n - 1]) ? ~(n - 1) : n - 1;
    SA__PI_T(SA_PHASE_PLACE3);
        SA__F(sa__pi_walk)(&x, 0, n, 0, NULL, NULL, NULL);
        /* the S part of every bucket (stale LMS entries, the msb slots) emptied for the block rule */
        SA__OMP(omp parallel for num_threads(nt) schedule(dynamic, 1))
        for (c = 0; c < 256; c++) {
            SA_ASSERT(gsa || B[c] == end[c] - cnt[c] + nl[c]);
            memset(SA + B[c], 0, (size_t)(end[c] - B[c]) * sizeof *SA);
        }
    SA__PI_T(SA_PHASE_L3);
        memcpy(B, end, sizeof B);
        SA__F(sa__pi_walk)(&x, 0, n, 1, NULL, NULL, NULL);
        if (gsa) SA__F(sa__gsa_zeros_p)(T, n, SA, cnt[0], 0, nt, x.tcnt);
    }
    SA__PI_T(SA_PHASE_S3);
    rc = 0;
done:
    SA_FREE(lo);
    SA_FREE(x.cache);
    SA_FREE(x.tcnt);
    return rc;
}

/* SA_ALGO_PARALLEL_SAIS: SA_OK or SA_ERR_NOMEM; one thread or short texts: sequential SA-IS.
 * ph (may be NULL): the phases' seconds (sa_build_info.phase_seconds). */
static sa_status SA__F(sa__build_psais_ph)(const uint8_t *text, SA__I *sa, SA__I n, int threads, double *ph)
{
    sa_status rec;
    int nt = sa__p_threads(threads);
    if (nt > n / 2) nt = (int)(n / 2); /* every chunk of the type scans at least 2 bytes long */
    if (nt < 2 || n < SA__PI_MIN) return SA__F(sa__sais)(text, sa, n);
    if (SA__F(sa__pi_build)(text, sa, n, nt, &rec, ph, 0)) return rec != SA_OK ? rec : SA_ERR_NOMEM;
    return SA_OK;
}
static SA__UNUSED sa_status SA__F(sa__build_psais)(const uint8_t *text, SA__I *sa, SA__I n, int threads) /* tests */
{
    return SA__F(sa__build_psais_ph)(text, sa, n, threads, NULL);
}

/* ---- index-width functions (compiled once per width) ------------------------------------- */

/* SA-IS on bytes: extra memory 2 KB (4 KB for 64-bit) of bucket arrays per recursion level
 * (and 5 KB of counts on the byte level's stack), plus at most 2k index entries on the heap at
 * a level whose alphabet does not fit the free part of SA at all (rare), plus for n >= 65536
 * the LMS bit vector (n/8 bytes, until stage 3) and sa__ls's sort buffer (at most n/8 bytes,
 * n/4 for 64-bit). */
static sa_status SA__F(sa__sais)(const uint8_t *text, SA__I *sa, SA__I n)
{
    if (n <= 0) return SA_OK;
    return SA__CAT(SA__CAT(sa__lvl, SA__W), b)(text, sa, n, 256, NULL, 0);
}
/* sa_gsa's SA at one thread (issue 26): SA-IS with the zeros as unique symbols ordered by
 * position (libsais_gsa's approach), so equal strings come out in position order. The text
 * must be sa__sais_gsa32's (strings none empty: text[0] != 0, no two adjacent zeros, n >= 2,
 * text[n - 1] == 0). Same memory as sa__sais. */
static SA__UNUSED sa_status SA__F(sa__sais_gsa)(const uint8_t *text, SA__I *sa, SA__I n)
{
    return SA__CAT(SA__CAT(sa__lvl_g, SA__W), b)(text, sa, n, 256, NULL, 0, NULL, 1);
}
/* sa_gsa's SA on threads > 1 (issue 26): parallel SA-IS in the GSA's order (sa__pi_build's gsa
 * mode); fewer than 2 threads or n < SA__PI_MIN: sa__sais_gsa. The text as sa__sais_gsa's. */
static SA__UNUSED sa_status SA__F(sa__psais_gsa)(const uint8_t *text, SA__I *sa, SA__I n, int threads)
{
    sa_status rec;
    int nt = sa__p_threads(threads);
    if (nt > n / 2) nt = (int)(n / 2); /* (sa__build_psais_ph's caps) */
    if (nt < 2 || n < SA__PI_MIN) return SA__F(sa__sais_gsa)(text, sa, n);
    if (SA__F(sa__pi_build)(text, sa, n, nt, &rec, NULL, 1)) return rec != SA_OK ? rec : SA_ERR_NOMEM;
    return SA_OK;
}

/* The seed's Manber-Myers with bucket refinement (seed 1.2.2), O(n log n). rank holds the
 * bucket head of each suffix and is updated in place (no sa2), cnt counts the suffixes already
 * moved to the front of each bucket, next holds each bucket's end, bh/b2h mark old and new
 * bucket heads. Suffixes i >= n-h have no second half: placed first (implicit -1 sentinel).
 * Stops early once every bucket is a singleton. Extra memory: 3 index arrays + 2n bytes. */
static sa_status SA__F(sa__mm)(const uint8_t *text, SA__I *sa, SA__I n)
{
    SA__I *rank, *cnt, *next, i, j, h, nb;
    uint8_t *bh, *b2h;
    SA__I c256[257];
    if (n <= 0) return SA_OK;
    if (n == 1) { sa[0] = 0; return SA_OK; }
    rank = (SA__I *)SA_MALLOC((size_t)n * sizeof *rank);
    cnt = (SA__I *)SA_MALLOC((size_t)n * sizeof *cnt);
    next = (SA__I *)SA_MALLOC((size_t)n * sizeof *next);
    bh = (uint8_t *)SA_MALLOC((size_t)n + 1);
    b2h = (uint8_t *)SA_MALLOC((size_t)n + 1);
    if (!rank || !cnt || !next || !bh || !b2h) {
        if (rank) SA_FREE(rank);
        if (cnt) SA_FREE(cnt);
        if (next) SA_FREE(next);
        if (bh) SA_FREE(bh);
        if (b2h) SA_FREE(b2h);
        return SA_ERR_NOMEM;
    }
    /* h = 1: counting sort by the first byte, bucket heads where the byte changes */
    memset(c256, 0, sizeof c256);
    for (i = 0; i < n; i++) c256[text[i] + 1]++;
    for (i = 1; i <= 256; i++) c256[i] += c256[i - 1];
    for (i = 0; i < n; i++) sa[c256[text[i]]++] = i;
    for (i = 0; i < n; i++) bh[i] = (uint8_t)(i == 0 || text[sa[i]] != text[sa[i - 1]]);
    bh[n] = 1;
    for (h = 1;; h *= 2) {
        nb = 0;
        for (i = 0; i < n; i++) nb += bh[i];
        if (nb == n) break; /* all ranks distinct */
        /* (a) bucket heads: rank = head index, cnt = 0, next = bucket end */
        for (i = 0; i < n; i = j) {
            for (j = i + 1; !bh[j]; j++) {}
            next[i] = j;
            cnt[i] = 0;
            for (SA__I t = i; t < j; t++) rank[sa[t]] = i;
        }
        memset(b2h, 0, (size_t)n);
        /* (b) suffixes shorter than h + 1 (no second rank) go first in their buckets */
        for (i = n - h > 0 ? n - h : 0; i < n; i++) {
            SA__I e = rank[i];
            rank[i] = e + cnt[e]++;
            b2h[rank[i]] = 1;
        }
        /* (c) scan sa in order (the second-rank order); move sa[t]-h to the next free slot of
         * its bucket, then (d) clear the head marks inside each group moved together */
        for (i = 0; i < n; i = next[i]) {
            SA__I end = next[i], t;
            for (t = i; t < end; t++) {
                SA__I d = sa[t] - h;
                if (d >= 0) {
                    SA__I e = rank[d];
                    rank[d] = e + cnt[e]++;
                    b2h[rank[d]] = 1;
                }
            }
            for (t = i; t < end; t++) {
                SA__I d = sa[t] - h;
                if (d >= 0 && b2h[rank[d]])
                    for (SA__I f = rank[d] + 1; f < n && !bh[f] && b2h[f]; f++) b2h[f] = 0;
            }
        }
        for (i = 0; i < n; i++) sa[rank[i]] = i;
        for (i = 0; i < n; i++) bh[i] |= b2h[i];
        if (h > n / 2) break; /* cannot happen: ranks are distinct by then */
    }
    SA_FREE(rank); SA_FREE(cnt); SA_FREE(next); SA_FREE(bh); SA_FREE(b2h);
    return SA_OK;
}

/* sa_lcp does not trust sa to be a permutation of 0..n-1 (it would write out of bounds or read
 * unset entries otherwise) and checks it in O(n) inside its own passes, with its one scratch
 * array: the scratch is set to -2 (no entry can hold it), each sa[k] is range-checked before it
 * indexes the scratch, and a slot still -2 after the n writes means two entries were equal.
 * The writes are atomic so that duplicates written by two threads are no data race. */

/* Extends a common prefix of the suffixes i and j (both < n) from h: the first index where
 * they differ, or where the shorter one ends. Byte by byte: 8-byte word compares measured
 * 4-15 % slower on all four benchmark inputs (the amortised work is under 2n byte steps; an
 * unaligned word at the random j straddles a second cache line one time in nine). */
SA__INLINE SA__I SA__F(sa__lcp_ext)(const uint8_t *text, SA__I i, SA__I j, SA__I h, SA__I n)
{
    SA__I lim = n - (i > j ? i : j);
    while (h < lim && text[i + h] == text[j + h]) h++;
    return h;
}

/* Phi / PLCP (Kaerkkaeinen, Manzini, Puglisi 2009): phi[sa[k]] = sa[k-1], then the permuted
 * LCP in text order (plcp[i] >= plcp[i-1] - 1, so the match length carries over), then
 * lcp[k] = plcp[sa[k]]. The text-order pass is split into chunks, one per thread, each
 * starting with h = 0. All three passes are random accesses at sequentially read indices:
 * the text-order pass and the last one prefetch the line they will read SA__LCP_PF
 * iterations ahead (as libsais does). Extra memory: one index array (4n bytes, 8n for 64-bit). lcp is written only once sa has passed the permutation check. */
static sa_status SA__F(sa__lcp_phi)(const uint8_t *text, const SA__I *sa, SA__I *lcp, SA__I n, int nt)
{
    SA__I *phi, k;
    int bad_range = 0, bad_dup = 0;
    if (n <= 0) return SA_OK;
    if (sa[0] < 0 || sa[0] >= n) return SA_ERR_RANGE;
    phi = (SA__I *)SA_MALLOC((size_t)n * sizeof *phi);
    if (!phi) return SA_ERR_NOMEM;
    (void)nt;
    SA__OMP(omp parallel for num_threads(nt) schedule(static) if(nt > 1 && n > SA__PAR_MIN))
    for (k = 0; k < n; k++) phi[k] = -2;
    phi[sa[0]] = -1;
    SA__OMP(omp parallel num_threads(nt) reduction(|:bad_range) if(nt > 1 && n > SA__PAR_MIN))
    {
        SA__I lo, hi, kk;
        int64_t lo64, hi64;
        sa__thread_range((int64_t)n - 1, &lo64, &hi64);
        lo = (SA__I)lo64 + 1; hi = (SA__I)hi64 + 1; /* k = 1 .. n-1 */
        /* (uint64_t)v < n: 0 <= v < n in one comparison. No software prefetching here: the
         * random writes overlap in the store buffer anyway, and prefetching them measured
         * 5-25 % slower on this pass (all four benchmark inputs; libsais does prefetch) */
        for (kk = lo; kk < hi; kk++) {
            SA__I v = sa[kk];
            if ((uint64_t)v >= (uint64_t)n) { bad_range = 1; continue; }
            SA__OMP(omp atomic write)
            phi[v] = sa[kk - 1];
        }
    }
    if (bad_range) {
        SA_FREE(phi);
        return SA_ERR_RANGE;
    }
    SA__OMP(omp parallel num_threads(nt) reduction(|:bad_dup) if(nt > 1 && n > SA__PAR_MIN))
    {
        SA__I lo, hi, h = 0, i;
        int64_t lo64, hi64;
        sa__thread_range((int64_t)n, &lo64, &hi64);
        lo = (SA__I)lo64; hi = (SA__I)hi64;
        for (i = lo; i < hi; i++) {
            SA__I j = phi[i];
            if (i < hi - SA__LCP_PF) { /* the text the comparison SA__LCP_PF positions on starts at */
                SA__I q = phi[i + SA__LCP_PF];
                if ((uint64_t)q < (uint64_t)(n - h)) SA__PF(&text[q + h]);
            }
            if (j < 0) { bad_dup |= j == -2; phi[i] = 0; h = 0; continue; } /* -2: never written */
            h = SA__F(sa__lcp_ext)(text, i, j, h, n);
            phi[i] = h;
            h -= h > 0;
        }
    }
    if (bad_dup) {
        SA_FREE(phi);
        return SA_ERR_DUPLICATE;
    }
    lcp[0] = 0;
    SA__OMP(omp parallel num_threads(nt) if(nt > 1 && n > SA__PAR_MIN))
    {
        SA__I lo, hi, kk;
        int64_t lo64, hi64;
        sa__thread_range((int64_t)n - 1, &lo64, &hi64);
        lo = (SA__I)lo64 + 1; hi = (SA__I)hi64 + 1;
        for (kk = lo; kk < hi - SA__LCP_PF; kk++) { /* sa is checked by now */
            SA__PF(&phi[sa[kk + SA__LCP_PF]]);
            lcp[kk] = phi[sa[kk]];
        }
        for (kk = kk > lo ? kk : lo; kk < hi; kk++) lcp[kk] = phi[sa[kk]];
    }
    SA_FREE(phi);
    return SA_OK;
}

/* Kasai et al. (seed 1.2.3) through the inverse SA; the text-order loop is chunked per thread
 * like the Phi method. Extra memory: the rank array (4n bytes, 8n for 64-bit). The permutation
 * check (see above) runs before lcp is written. */
static sa_status SA__F(sa__lcp_kasai)(const uint8_t *text, const SA__I *sa, SA__I *lcp, SA__I n, int nt)
{
    SA__I *rank, k;
    int bad_range = 0, bad_dup = 0;
    if (n <= 0) return SA_OK;
    rank = (SA__I *)SA_MALLOC((size_t)n * sizeof *rank);
    if (!rank) return SA_ERR_NOMEM;
    (void)nt;
    SA__OMP(omp parallel for num_threads(nt) schedule(static) if(nt > 1 && n > SA__PAR_MIN))
    for (k = 0; k < n; k++) rank[k] = -2;
    SA__OMP(omp parallel for num_threads(nt) schedule(static) reduction(|:bad_range) if(nt > 1 && n > SA__PAR_MIN))
    for (k = 0; k < n; k++) {
        SA__I v = sa[k];
        if (v < 0 || v >= n) { bad_range = 1; continue; }
        SA__OMP(omp atomic write)
        rank[v] = k;
    }
    if (!bad_range) {
        SA__OMP(omp parallel for num_threads(nt) schedule(static) reduction(|:bad_dup) if(nt > 1 && n > SA__PAR_MIN))
        for (k = 0; k < n; k++) bad_dup |= rank[k] == -2; /* never written */
    }
    if (bad_range || bad_dup) {
        SA_FREE(rank);
        return bad_range ? SA_ERR_RANGE : SA_ERR_DUPLICATE;
    }
    lcp[0] = 0;
    SA__OMP(omp parallel num_threads(nt) if(nt > 1 && n > SA__PAR_MIN))
    {
        SA__I lo, hi, h = 0, i;
        int64_t lo64, hi64;
        sa__thread_range((int64_t)n, &lo64, &hi64);
        lo = (SA__I)lo64; hi = (SA__I)hi64;
        for (i = lo; i < hi; i++) {
            SA__I r = rank[i], j;
            if (r == 0) { h = 0; continue; }
            j = sa[r - 1];
            while (i + h < n && j + h < n && text[i + h] == text[j + h]) h++;
            lcp[r] = h;
            if (h > 0) h--;
        }
    }
    SA_FREE(rank);
    return SA_OK;
}

/* LRS with the spec's tie-break: L = max lcp, k = the smallest index with lcp[k] = L (parallel
 * reduction: each thread keeps its first maximum), then the run k-1, k, ... of suffixes sharing
 * those L bytes gives the occurrence count and the smallest text position. */
static void SA__F(sa__lrs)(const SA__I *sa, const SA__I *lcp, SA__I n, sa_lrs_result *out, int nt)
{
    SA__I best = 0, bestk = 0, k, pos, cntv;
    memset(out, 0, sizeof *out);
    if (n < 2) return;
    (void)nt;
    SA__OMP(omp parallel num_threads(nt) if(nt > 1 && n > SA__PAR_MIN))
    {
        SA__I lb = 0, lk = 0, kk;
        SA__OMP(omp for schedule(static) nowait)
        for (kk = 1; kk < n; kk++)
            if (lcp[kk] > lb) { lb = lcp[kk]; lk = kk; }
        SA__OMP(omp critical(sa__lrs_reduce))
        {
            if (lb > best || (lb == best && lb > 0 && lk < bestk)) { best = lb; bestk = lk; }
        }
    }
    if (best == 0) return;
    pos = sa[bestk - 1] < sa[bestk] ? sa[bestk - 1] : sa[bestk];
    cntv = 2;
    for (k = bestk + 1; k < n && lcp[k] >= best; k++, cntv++)
        if (sa[k] < pos) pos = sa[k];
    out->len = best;
    out->sa_index = bestk;
    out->pos = pos;
    out->count = cntv;
}

/* Linear-time check that sa is the suffix array of text: a permutation of 0..n-1 (through the
 * inverse array, 4n extra bytes) and each adjacent pair in order: compare the first bytes, and
 * on a tie the ranks of the suffixes one further (a suffix that ends first is smaller). */
static sa_status SA__F(sa__validate)(const uint8_t *text, const SA__I *sa, SA__I n, int nt)
{
    SA__I *rank, k;
    int bad_range = 0, bad_dup = 0, bad_order = 0;
    if (n <= 0) return SA_OK;
    (void)nt;
    SA__OMP(omp parallel for num_threads(nt) schedule(static) reduction(|:bad_range) if(nt > 1 && n > SA__PAR_MIN))
    for (k = 0; k < n; k++) bad_range |= (sa[k] < 0 || sa[k] >= n);
    if (bad_range) return SA_ERR_RANGE;
    rank = (SA__I *)SA_MALLOC((size_t)n * sizeof *rank);
    if (!rank) return SA_ERR_NOMEM;
    SA__OMP(omp parallel for num_threads(nt) schedule(static) if(nt > 1 && n > SA__PAR_MIN))
    for (k = 0; k < n; k++) {
        SA__OMP(omp atomic write)
        rank[sa[k]] = k;
    }
    /* n values in range, each rank[v] written by one of its occurrences: a permutation iff
     * every occurrence reads back its own index */
    SA__OMP(omp parallel for num_threads(nt) schedule(static) reduction(|:bad_dup) if(nt > 1 && n > SA__PAR_MIN))
    for (k = 0; k < n; k++) bad_dup |= (rank[sa[k]] != k);
    if (!bad_dup) {
        SA__OMP(omp parallel for num_threads(nt) schedule(static) reduction(|:bad_order) if(nt > 1 && n > SA__PAR_MIN))
        for (k = 1; k < n; k++) {
            SA__I a = sa[k - 1], b = sa[k];
            if (text[a] != text[b]) bad_order |= text[a] > text[b];
            else if (a == n - 1) {} /* a is a proper prefix of b */
            else if (b == n - 1) bad_order = 1;
            else bad_order |= rank[a + 1] > rank[b + 1];
        }
    }
    SA_FREE(rank);
    return bad_dup ? SA_ERR_DUPLICATE : bad_order ? SA_ERR_ORDER : SA_OK;
}
/* ---- bodies of the public functions (sa_build / sa_build64 etc. call these) --------------- */
static sa_status SA__F(sa__api_build)(const uint8_t *text, SA__I *sa, SA__I n, const sa_options *opt,
                                      sa_build_info *info)
{
    sa_build_info inf;
    sa_status st = sa__check_opt(opt);
    int dflt = !opt || opt->algorithm == SA_ALGO_DEFAULT;
    memset(&inf, 0, sizeof inf);
    inf.algorithm = sa_effective_algorithm(opt);
    inf.threads = inf.algorithm == SA_ALGO_PARALLEL || inf.algorithm == SA_ALGO_PARALLEL_SAIS ? sa__threads_for(opt, n) : 1;
    if (dflt && inf.threads <= 1) inf.algorithm = SA_ALGO_SAIS; /* the default with one thread */
    if (info) *info = inf;
    if (st != SA_OK) return st;
    if (n < 0) return SA_ERR_SIZE;
    if (n > 0 && (!text || !sa)) return SA_ERR_NULL;
    if (dflt && inf.threads > 1) {
        inf.algorithm = sa__p_auto(text, (uint64_t)n, sa, (size_t)n * sizeof(SA__I), inf.threads,
                                   &inf.predicted_ratio, &inf.repeat_rounds);
        if (inf.algorithm == SA_ALGO_SAIS) inf.threads = 1;
        inf.predicted = inf.predicted_ratio > 0;
    }
    if (info) *info = inf;
    switch (inf.algorithm) {
    case SA_ALGO_MM: return SA__F(sa__mm)(text, sa, n);
    case SA_ALGO_SAIS: return SA__F(sa__sais)(text, sa, n);
    case SA_ALGO_PARALLEL: return SA__F(sa__build_parallel)(text, sa, n, inf.threads);
    case SA_ALGO_PARALLEL_SAIS: return SA__F(sa__build_psais_ph)(text, sa, n, inf.threads, info ? info->phase_seconds : NULL);
    default: return SA_ERR_ARG;
    }
}

static sa_status SA__F(sa__api_lcp)(const uint8_t *text, const SA__I *sa, SA__I *lcp, SA__I n, const sa_options *opt)
{
    sa_status st = sa__check_opt(opt);
    if (st != SA_OK) return st;
    if (n < 0) return SA_ERR_SIZE;
    if (n > 0 && (!text || !sa || !lcp)) return SA_ERR_NULL;
    if (opt && opt->lcp == SA_LCP_KASAI) return SA__F(sa__lcp_kasai)(text, sa, lcp, n, sa__threads_for(opt, n));
    return SA__F(sa__lcp_phi)(text, sa, lcp, n, sa__threads_for(opt, n));
}

static sa_status SA__F(sa__api_lrs)(const SA__I *sa, const SA__I *lcp, SA__I n, sa_lrs_result *out,
                                    const sa_options *opt)
{
    sa_status st = sa__check_opt(opt);
    if (st != SA_OK) return st;
    if (!out) return SA_ERR_NULL;
    if (n < 0) return SA_ERR_SIZE;
    if (n > 0 && (!sa || !lcp)) return SA_ERR_NULL;
    SA__F(sa__lrs)(sa, lcp, n, out, sa__threads_for(opt, n));
    return SA_OK;
}

static sa_status SA__F(sa__api_validate)(const uint8_t *text, const SA__I *sa, SA__I n)
{
    if (n < 0) return SA_ERR_SIZE;
    if (n > 0 && (!text || !sa)) return SA_ERR_NULL;
    return SA__F(sa__validate)(text, sa, n, sa__threads_for(NULL, n));
}

/* ---- integer alphabets (sa_build_int / sa_build_int64) ------------------------------------ */
/* SA__INT_BYTES 0: the int level sorts every k (tests of that level on byte-valued texts) */
#ifndef SA__INT_BYTES
#define SA__INT_BYTES 1
#endif
/* 1 when every T[i] lies in [0, k). */
static int SA__F(sa__int_in_range)(const SA__I *T, SA__I n, SA__I k, int nt)
{
    SA__I i, bad = 0;
    (void)nt;
    SA__OMP(omp parallel for num_threads(nt) schedule(static) reduction(|:bad) if(nt > 1))
    for (i = 0; i < n; i++) bad |= (SA__I)((T[i] < 0) | (T[i] >= k));
    return !bad;
}

/* LSD radix sort of v[0..n) (values in [0, k)) by bytes, through tmp[0..n); the result ends in v. */
static void SA__F(sa__int_radix)(SA__I *v, SA__I *tmp, SA__I n, SA__I k)
{
    SA__I cnt[256], i;
    int shift;
    for (shift = 0; shift < (int)(8 * sizeof(SA__I)) && ((k - 1) >> shift) > 0; shift += 8) {
        SA__I sum = 0, *t;
        memset(cnt, 0, sizeof cnt);
        for (i = 0; i < n; i++) cnt[(v[i] >> shift) & 255]++;
        for (i = 0; i < 256; i++) { SA__I c = cnt[i]; cnt[i] = sum; sum += c; }
        for (i = 0; i < n; i++) tmp[cnt[(v[i] >> shift) & 255]++] = v[i];
        t = v; v = tmp; tmp = t;
    }
    if (((shift / 8) & 1) != 0) memcpy(tmp, v, (size_t)n * sizeof *v); /* odd pass count: back */
}

/* R[i] = the rank of T[i] among the distinct symbols of T (sorted in sa as scratch); returns
 * the number of distinct symbols. */
static SA__I SA__F(sa__int_rename)(const SA__I *T, SA__I *sa, SA__I *R, SA__I n, SA__I k)
{
    SA__I i, d = 0;
    memcpy(sa, T, (size_t)n * sizeof *sa);
    SA__F(sa__int_radix)(sa, R, n, k);
    for (i = 0; i < n; i++) if (d == 0 || sa[i] != sa[d - 1]) sa[d++] = sa[i];
    for (i = 0; i < n; i++) { /* binary search of T[i] among the d distinct symbols */
        SA__I lo = 0, hi = d - 1;
        while (lo < hi) {
            SA__I mid = lo + (hi - lo) / 2;
            if (sa[mid] < T[i]) lo = mid + 1; else hi = mid;
        }
        R[i] = lo;
    }
    return d;
}

static sa_status SA__F(sa__api_build_int)(const SA__I *T, SA__I *sa, SA__I n, SA__I k, const sa_options *opt)
{
    sa_status st = sa__check_opt(opt);
    SA__I *R, d;
    if (st != SA_OK) return st;
    if (n < 0) return SA_ERR_SIZE;
    if (k < 1) return SA_ERR_ARG;
    if (n == 0) return SA_OK;
    if (!T || !sa) return SA_ERR_NULL;
    if (!SA__F(sa__int_in_range)(T, n, k, sa__threads_for(opt, n))) return SA_ERR_ARG;
    if (SA__INT_BYTES && k <= 256) {
        /* a byte string: the byte level's SA-IS (stage 1 and induction on 256 buckets, one
         * thread as the int level) sorts it in less time; without memory for the copy, the int
         * level */
        uint8_t *b = (uint8_t *)SA_MALLOC((size_t)n);
        if (b) {
            SA__I i;
            for (i = 0; i < n; i++) b[i] = (uint8_t)T[i];
            st = SA__F(sa__sais)(b, sa, n);
            SA_FREE(b);
            return st;
        }
    }
    if (SA__INT_BYTES && k > 256 && k <= n) {
        /* at most 256 distinct symbols of a larger alphabet: their ranks (in sa[0..k), counted
         * until a 257th appears) as bytes, then as above */
        SA__I i, c;
        memset(sa, 0, (size_t)k * sizeof *sa);
        for (i = 0, d = 0; i < n && d <= 256; i++) {
            d += sa[T[i]] == 0;
            sa[T[i]] = 1;
        }
        uint8_t *b = d <= 256 ? (uint8_t *)SA_MALLOC((size_t)n) : NULL;
        if (b) {
            for (c = 0, d = 0; c < k; c++) { /* the symbol's rank */
                SA__I x = sa[c];
                sa[c] = d;
                d += x;
            }
            for (i = 0; i < n; i++) b[i] = (uint8_t)sa[T[i]];
            st = SA__F(sa__sais)(b, sa, n);
            SA_FREE(b);
            return st;
        }
    }
    if (k <= n) return SA__CAT(SA__CAT(sa__lvl, SA__W), i)(T, sa, n, k, NULL, 0);
    /* an alphabet larger than the text: rename to ranks first (bucket arrays of d <= n) */
    R = (SA__I *)SA_MALLOC((size_t)n * sizeof *R);
    if (!R) return SA_ERR_NOMEM;
    d = SA__F(sa__int_rename)(T, sa, R, n, k);
    if (SA__INT_BYTES && d <= 256) { /* the ranks fit bytes: the byte level's SA-IS */
        uint8_t *b = (uint8_t *)SA_MALLOC((size_t)n);
        if (b) {
            SA__I i;
            for (i = 0; i < n; i++) b[i] = (uint8_t)R[i];
            SA_FREE(R);
            st = SA__F(sa__sais)(b, sa, n);
            SA_FREE(b);
            return st;
        }
    }
    st = SA__CAT(SA__CAT(sa__lvl, SA__W), i)(R, sa, n, d, NULL, 0);
    SA_FREE(R);
    return st;
}
#endif /* !SA__BYTE */

#undef SA__F
#undef SA__FC
#endif /* SA__TEMPLATE */

/*
MIT License

Copyright (c) 2026 The hpc-singlefile authors

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
*/
