/* sa_cuda.cuh - suffix array, LCP array and longest repeated substring on NVIDIA GPUs (CUB).
 * v1.0.0 - single-file CUDA C++ library, MIT license (see the end of the file).
 *
 * WHAT IT DOES
 *   The GPU counterpart of sa.h with the same definitions: n bytes (0..255 compared unsigned,
 *   NUL allowed, no sentinel: a suffix that is a prefix of another sorts first), SA = start
 *   positions of the suffixes in lexicographic order (byte for byte the SA that sa.h's sa_build
 *   returns: a suffix array is unique), lcp[0] = 0 and lcp[k] = longest common prefix of the
 *   suffixes at sa[k-1] and sa[k], and the longest repeated substring with sa.h's tie-break.
 *   Built on CUB device primitives (radix sort, scans) and a few kernels; no Thrust.
 *
 * EXAMPLE (host convenience call; compile with nvcc -arch=sm_90 app.cu)
 *   [example:begin]
 *   #define SA_CUDA_IMPLEMENTATION
 *   #include "sa_cuda.cuh"
 *   #include <stdio.h>
 *   #include <string.h>
 *   int main(void) {
 *       const char *s = "mississippi";
 *       int32_t sa[11], lcp[11];
 *       sa_cuda_lrs_result r;
 *       sa_cuda_options opt = sa_cuda_options_default();    // one stream, the default sorter
 *       sa_cuda_status st = sa_cuda_host_compute((const uint8_t *)s, 11, sa, lcp, &r, &opt, NULL);
 *       if (st != SA_CUDA_OK) { printf("sa_cuda: %s\n", sa_cuda_status_string(st)); return 1; }
 *       static const int32_t want[11] = {10, 7, 4, 1, 0, 9, 8, 6, 3, 5, 2};
 *       if (memcmp(sa, want, sizeof want) != 0 || r.len != 4 || r.pos != 1 || r.count != 2) return 1;
 *       printf("LRS \"%.*s\" x%lld at %lld\n", (int)r.len, s + r.pos, (long long)r.count, (long long)r.pos);
 *       return 0;
 *   }
 *   [example:end]
 *
 * COMPILE-TIME OPTIONS (define before the include)
 *   SA_CUDA_IMPLEMENTATION   in exactly one .cu file: compile the implementation
 *   SA_CUDA_STATIC           every public function static (SA_CUDA_DEF = static, unused allowed)
 *   SA_CUDA_DEF              the storage class of the public functions (define it to override)
 *   SA_CUDA_NARROW64         1 (default): the ...64 calls build the SA of a text below 2^31 - 1
 *                            with the 32-bit sorter and widen it, and up to 3 x 2^30 - 1 bytes
 *                            with the 32-bit sorter's DC3 (unless the doubling is asked for);
 *                            0: with 64-bit words at every n (what longer texts always get; the
 *                            test suite runs both)
 *   The header makes no host allocation (no SA_CUDA_MALLOC): device memory comes from the
 *   caller (device API) or from one cudaMalloc per call (host convenience functions).
 *
 * DEVICE API (pointers d_* are device memory; every call is asynchronous on `stream` unless
 * noted, uses only the caller's workspace d_ws of ws_bytes >= the size query, and returns
 * SA_CUDA_OK or a negative sa_cuda_status; argument errors are found before any launch)
 *   sa_cuda_workspace_size(n)                 bytes of workspace any call below needs for n
 *                                             (pure; 0 when CUB's size query fails, e.g. no GPU)
 *   sa_cuda_build_workspace_size(n)           bytes sa_cuda_build needs at least (pure; DC3's;
 *                                             smaller: with it the build never takes the doubling)
 *   sa_cuda_build(d_text, d_sa, n, d_ws, ws_bytes, stream)           suffix array
 *   sa_cuda_build_algo(d_text, d_sa, n, algo, d_ws, ws_bytes, stream) the same by a chosen
 *       sorter: SA_CUDA_ALGO_DEFAULT (the rule below), _DOUBLING, _DC3
 *   sa_cuda_build_algo_workspace_size(n, algo) bytes sa_cuda_build_algo needs at least for that
 *       sorter (pure; the doubling's layout, else DC3's; 0 for an unknown algo)
 *   sa_cuda_default_algorithm(counts[256], n, sample_dups, samples)  the default rule (pure,
 *       host): SA_CUDA_ALGO_DOUBLING or _DC3 for a text with these byte counts whose
 *       sa_cuda_default_samples(n) sampled suffixes had sample_dups equal 32-bit key neighbours
 *   sa_cuda_lcp(d_text, d_sa, d_lcp, n, d_ws, ws_bytes, stream)      LCP array
 *   sa_cuda_lrs(d_sa, d_lcp, n, d_result, d_ws, ws_bytes, stream)    LRS into *d_result (device)
 *   sa_cuda_validate(d_text, d_sa, n, d_flag, d_ws, ws_bytes, stream) *d_flag (device int32) =
 *       0 the SA is the suffix array of the text, 1 two neighbours out of order,
 *       2 an entry repeats (not a permutation), 3 an entry outside [0, n)
 *   sa_cuda_batch_workspace_size(total, count), sa_cuda_build_batch(d_text, total, d_offsets,
 *       count, d_sa, d_ws, ws_bytes, stream): the suffix arrays of `count` independent texts
 *       stored back to back (text t = d_text[off[t] .. off[t+1]), d_offsets: count+1 int32,
 *       0 = off[0] <= off[1] <= ... <= off[count] = total), all sorted together in one
 *       problem; text t's SA (indices local to the text) lands at d_sa[off[t] .. off[t+1]).
 *   64-BIT PATH (n past 2^31 - 1; int64 positions, the same results): sa_cuda_workspace_size64(n),
 *       sa_cuda_build_workspace_size64(n), sa_cuda_build_algo_workspace_size64(n, algo),
 *       sa_cuda_build64(d_text, d_sa64, n, ...),
 *       sa_cuda_build_algo64(d_text, d_sa64, n, algo, ...), sa_cuda_lcp64(d_text, d_sa64, d_lcp64,
 *       n, ...), sa_cuda_lrs64(d_sa64, d_lcp64, n, d_result, ...), sa_cuda_validate64(d_text,
 *       d_sa64, n, d_flag, ...): arguments and statuses as above, 0 <= n <= 2^40. The SA comes
 *       from the same sorter code as the 32-bit calls (C++ templates over the index type), with
 *       the same default rule. Any n works; below 2^31 - 1 the SA is built on 32-bit words and
 *       widened, up to 3 x 2^30 - 1 by DC3 on 32-bit words (SA_CUDA_NARROW64); the LCP and the
 *       rest stay on 64-bit words. No batch API for 64 bits.
 *   SYNCHRONISATION: sa_cuda_build (and _algo, _batch, ...64) wait for `stream` once per
 *   sorting round (they read the number of unsorted suffixes to size the next sort: one word
 *   copied to the host), once for the alphabet and, where the byte counts look random, once for
 *   the rule's sampled keys; sa_cuda_lcp, _lrs and _validate (and their ...64 forms) never wait.
 *
 * HOST CONVENIENCE (host pointers in and out; each allocates the device memory it needs with
 * ONE cudaMalloc, creates its streams, and frees everything before returning)
 *   sa_cuda_host_compute(text, n, sa, lcp, lrs, opt, stats)   SA, and LCP / LRS where non-NULL
 *   sa_cuda_options_default()                 the host calls' default options (NULL or a zeroed
 *                                             struct mean the same; SA_CUDA_OPTIONS_INIT too)
 *   sa_cuda_host_batch(texts, offsets, count, sa, opt, stats)  many texts (int64 offsets)
 *   sa_cuda_host_compute64(text, n, sa64, lcp64, lrs, opt, stats)  the 64-bit path, int64 SA
 *       and LCP (the same body as sa_cuda_host_compute, streams included)
 *   opt (NULL = defaults): streams (0..4) = 0/1: one stream, everything in order; >= 2:
 *   sa_cuda_host_compute overlaps on two streams (text upload in 16 MB chunks with the byte
 *   count the sort starts with, SA download while the LCP runs, LCP download in chunks while
 *   the rest is gathered); sa_cuda_host_batch sorts batch_groups groups of texts (default
 *   2 x streams), group g on stream g % streams with its own buffers, each group's upload
 *   queued before the previous group's sort and its download right after its own. Copies
 *   overlap only with page-locked host buffers (cudaMallocHost / cudaHostRegister); the
 *   device memory of a batch call is streams x (21 x the largest group + its offsets).
 *   opt->algorithm: the SA's sorter as sa_cuda_build_algo (DEFAULT: the rule; the host calls
 *   allocate sa_cuda_workspace_size's bytes, so the rule's choice always fits).
 *   stats (may be NULL): times of the phases by CUDA events, device bytes used, rounds, the
 *   sorter that ran (stats->algorithm), DC3's recursion levels (stats->levels).
 *   Errors: SA_CUDA_ERR_NOMEM when the one cudaMalloc fails, nothing written to the outputs
 *   then; other statuses as the device calls.
 *
 * ALGORITHM
 *   Suffix array: two sorters built from one prefix-doubling engine (Larsson-Sadakane style) on
 *   CUB's radix sort, written once as C++ templates over the index type (uint32 / uint64).
 *   The engine ranks a set of "items": every suffix (DOUBLING), or the DC3 difference-cover
 *   sample, the suffixes at positions i % 3 != 0 (DC3; Kaerkkaeinen-Sanders 2003, on the GPU as
 *   Osipov 2012 / Wang, Baxter, Owens 2015 / Bueren et al. 2019 combine it with doubling).
 *   Round 0 packs the first K characters of every item into one key (the alphabet is first
 *   reduced to the symbols present, so K = 4 for bytes, 16 for DNA on 32 bits) and radix-sorts
 *   (key, item) pairs - twice, 2K characters deep, when K characters carry too little entropy to
 *   tell the suffixes apart (text); suffixes shorter than that get singleton groups (ties on the
 *   zero padding are broken by sorting items in descending order: the shorter suffix, a prefix
 *   of the others, comes first). A group's rank is the sorted place of its first member. Every
 *   later round touches only the items of unfinished groups (a compacted list in sorted order):
 *   with groups sorted by their first L characters, they are sorted by (group, rank of the item
 *   s positions further + 1, 0 past the end), s = L (doubling) or L rounded down to a multiple
 *   of 3 (DC3: i + s stays in the sample), after which groups are sorted L + s deep - one radix
 *   sort on exactly the bits the group number (of the groups the last round counted) and the
 *   rank need when that fits a word, else two stable sorts (by the second rank, then by the
 *   group); new groups come from a max-scan, singletons drop out of the list. When the list
 *   is empty every rank is final.
 *   DOUBLING: sa[rank[i]] = i. One text whose round 0 left at most n/8 suffixes unsorted (the
 *   random-looking texts the rule sends here) skips that rank array: round 0's order is the SA
 *   but for those suffixes, which "extension rounds" finish from the text (sorted by (the place
 *   of their group's first member, their next characters) as 64-bit keys, 64 - log2(n) bits of
 *   characters deeper each round, ties in descending position so that a suffix shorter than the
 *   depth comes first); a round that keeps more than half its suffixes (a long repeat) switches
 *   to the ranked rounds above from the depth reached (the rank array built once). DC3: the sample's order gives the sorted positions i % 3 == 1;
 *   the suffixes i % 3 == 0 are sorted by (text[i], rank(i+1)) as one stable 8-bit radix sort of
 *   the i = p - 1 taken in the sample's order of p (CUB's select); the two lists are merged
 *   with DC3's comparison: i and j compared on (text[i..i+l), rank(i+l)), l in {1, 2} the first
 *   offset with both i + l and j + l in the sample (a merge-path merge whose blocks read each
 *   suffix's characters and ranks once into shared memory).
 *   DC3'S RECURSION: where the rounds on the sample stall (a text of few distinct factors, as a
 *   Fibonacci word, keeps every sample suffix unsorted for log n rounds), the sample is named
 *   by its groups and the reduced string R (the names of the positions i % 3 == 1, then of
 *   i % 3 == 2; Kaerkkaeinen-Sanders) is suffix-sorted by the same code on integer characters:
 *   round 0 sorts R's own sample by three characters (three stable radix sorts), rounds follow,
 *   a stall recurses again, and DC3's merge on words ends each level; R's suffix array gives
 *   the sample its final ranks. Rule: the sample has at least 32768 items, the list still holds
 *   half of them and the last round (round 0 at first) kept at least 7/8 of its list. Each level
 *   lives in the buffers of the level above (no memory beyond the build's workspace).
 *   THE DEFAULT RULE (sa_cuda_default_algorithm): DOUBLING when the text looks random to round
 *   0, DC3 otherwise: (1) the first 32 bits of packed codes carry at least log2(n) + 3 bits of
 *   zeroth-order entropy (byte counts), and (2) of sa_cuda_default_samples(n) (at most 65536)
 *   suffixes spread evenly over the text, sorted by those 32 bits, at most max(4, samples^2 /
 *   (10 n)) neighbours are equal. Random bytes and random DNA pass; text, binaries, a Fibonacci
 *   word, a random block repeated fail (they take DC3). The doubling also needs the larger
 *   workspace: with less than sa_cuda_workspace_size's bytes the default takes DC3, except
 *   that from the lean layout's bytes (a rank array of n/4 words, about 13n: what
 *   sa_cuda_bwt_workspace_size allows beside the SA) it runs the doubling as long as round 0
 *   leaves at most an eighth of the suffixes and the extension rounds finish them, else it
 *   starts again by DC3. Past
 *   n = 2^32 the byte counts are not used (every byte value is taken as present, 8-bit codes:
 *   the rule then says DC3). Batches:
 *   always doubling (the text number is one more, most significant, sort key of round 0 and
 *   "past the end" means past the end of the suffix's own text).
 *   LCP: Phi / permuted LCP with irreducible positions (Kaerkkaeinen, Manzini, Puglisi 2009):
 *   only positions i with text[i-1] != text[phi[i]-1] are compared (their total is at most
 *   2 n log n bytes), long comparisons by a whole thread block, the rest follows as
 *   plcp[i] = plcp[r] - (i - r) from the last irreducible r (a max-scan).
 *   64-bit path: the same templates on 64-bit items, ranks and keys (round 0 packs 64 bits of
 *   codes, or 32 where the rule's test (1) passes); the SA, LCP, LRS, validator and host call are
 *   one body instantiated for both index widths. Below 2^31 - 1 the ...64 calls build the SA with
 *   the 32-bit instantiation (half the bytes moved) and widen it (SA_CUDA_NARROW64); up to
 *   3 x 2^30 - 1 with its DC3, whose sample's 2n/3 places stay below 2^31 (the rounds' flag bit
 *   stays free) and whose positions stay below 2^32. Kernels loop over a grid of at most 2^24
 *   blocks.
 *   LRS: max over lcp with the smallest index, the end of the run and the smallest position by
 *   three reduction kernels; LRS TIE-BREAK exactly as sa.h's manual: len = max lcp, sa_index =
 *   the smallest k with lcp[k] = len, pos = the smallest text position of that substring,
 *   count = how many times it occurs; all 0 when nothing repeats.
 *
 * LIMITS AND MEMORY
 *   32-bit calls: n < 2^31 - 1 (larger n gives SA_CUDA_ERR_SIZE: use the ...64 calls).
 *   The SA alone (sa_cuda_build_workspace_size, DC3): the sample's rank and three work buffers of
 *   2n/3 words + CUB's scratch, about 10.7n bytes; with the text (n) and the SA (4n, also a work
 *   buffer) under 16n in all. Any call (sa_cuda_workspace_size; what the doubling, the LCP and
 *   the validator need): 16n + CUB's scratch: text + SA + workspace = 21n, + LCP 4n = 25n for
 *   SA + LCP + LRS (what the host convenience call allocates). The size queries are functions of
 *   n alone (any text); tests/test_sa_cuda.cu prints the measured bytes per input byte.
 *   64-bit calls: 0 <= n <= 2^40. The SA alone (sa_cuda_build_workspace_size64): below
 *   2^31 - 1 the 32-bit sorter's workspace for either sorter (sa_cuda_workspace_size's, about
 *   16.2n; 25.2n with text and the int64 SA); from 2^31 - 1 to 3 x 2^30 - 1 the 32-bit DC3's,
 *   4 x (2n/3) x 4 words = about 10.7n + CUB's scratch, 19.7n in all; past that (or with
 *   SA_CUDA_NARROW64 0) DC3 on 64-bit words, 8 x (2n/3) x 4 words = about 21.3n + CUB's scratch,
 *   30.5n in all. Any call: 32n + CUB's scratch (41n with text and SA, 49n with the LCP).
 *   A forced sorter (sa_cuda_build_algo_workspace_size64): DC3 on 32-bit words below 3 x 2^30 - 1
 *   (about 10.7n + CUB's scratch), on 64-bit words past it; the doubling on 32-bit words below
 *   2^31 - 1, on 64-bit words past it; SA_CUDA_NARROW64 0 puts both on 64-bit words.
 *
 * BWT AND SEARCH (sa.h's contracts, byte-identical results; declarations in the "BWT" block)
 *   sa_cuda_bwt_workspace_size(n), sa_cuda_bwt(d_text, d_bwt, d_aux, r, n, d_ws, ws, stream)
 *       BWT (text + $ without the $, libsais's convention), primary index in d_aux[0] and with
 *       r > 0 the samples aux[j] = row of suffix j*r; the SA by sa_cuda_build inside the
 *       workspace, which sa_cuda_bwt_workspace_size sizes as the SA (4n) + the default rule's
 *       sorter in its lean layout (the doubling with a rank array of n/4 words beside its three
 *       work buffers, about 13n, or DC3's 10.7n): about 19.2n device bytes with the text and the
 *       BWT (libcubwt 1.6: 20.5n). Where round 0 leaves more than an eighth of the suffixes
 *       unsorted, or the extension rounds need every rank, the lean doubling starts again by
 *       DC3; sa_cuda_bwt_fast_workspace_size(n) (the SA + sa_cuda_workspace_size, about 22.2n
 *       in all) avoids that with the full layout. Same output either way.
 *       sa_cuda_bwt_from_sa from an SA
 *   sa_cuda_unbwt_workspace_size(n), sa_cuda_unbwt(d_bwt, d_text, d_aux, r, n, d_flag, d_ws, ws,
 *       stream): psi by one 8-bit CUB radix sort of (byte, row), then one thread per aux piece
 *       walks (byte, psi) pairs (8-byte random reads); with the primary index alone, one thread
 *       per marked row (one in each block of 64 or 256 rows, at a hashed offset, and row p)
 *       walks to the next one and pointer jumping
 *       places the segments; 13n workspace bytes; *d_flag != 0 for a corrupted primary index /
 *       sample (never a stray access)
 *   sa_cuda_search(d_text, d_sa, n, d_pats, d_off, npat, d_lo, d_count, stream)   count and
 *       locate many patterns in one call (one thread per pattern, binary search with Manber and
 *       Myers' simple acceleration)
 *   sa_cuda_host_bwt / sa_cuda_host_unbwt   host pointers, one cudaMalloc, synchronous
 *
 * THREADS: no global state; calls on different streams and workspaces may run concurrently.
 *
 * VERSION HISTORY
 *   0.1  prefix doubling SA, Phi LCP, LRS, validator, batch API, host convenience calls
 *   0.2  the 64-bit path (sa_cuda_build64, _lcp64, _lrs64, _validate64, _host_compute64)
 *   1.0.0 sa_cuda_options_default()/SA_CUDA_OPTIONS_INIT
 *   (unreleased) LCP, LRS, validator and host call one template for both widths (the ...64
 *        calls' own copies removed; host_compute64 overlaps with streams >= 2); the doubling's
 *        extension rounds (no rank array for random-looking text); round 0's code table in
 *        shared memory; the ...64 SA below 2^31 - 1 by the 32-bit sorter (SA_CUDA_NARROW64),
 *        up to 3 x 2^30 - 1 by its DC3 (19.7n instead of 30.5n); the rounds skip the rank
 *        writes of items whose group keeps its head; DC3's merge is the header's own (a
 *        merge path over keys read once into shared memory; was CUB's merge); the rounds
 *        count the groups left, so one sort suffices whenever their number fits; DC3 recurses
 *        on its sample where the rounds stall (stats.levels); the doubling's lean layout (a
 *        quarter-size rank array; DC3 where it cannot finish): sa_cuda_bwt_workspace_size
 *        19.2n with text and BWT (was 22.2n), sa_cuda_bwt_fast_workspace_size the old figure
 *   0.9.0 SA_CUDA_ERR_MPI -6 (never returned), SA_CUDA_ERR_INTERNAL -7: the project-wide values;
 *        SA_CUDA_VERSION_*; the LICENSE text at the end; the DC3 sorter and the default rule
 *        (sa_cuda_build_algo, sa_cuda_build_workspace_size, sa_cuda_default_algorithm,
 *        sa_cuda_default_samples, options.algorithm, stats.algorithm); one templated sorter for
 *        both index widths
 */
#ifndef SA_CUDA_CUH
#define SA_CUDA_CUH

/* The project version (meson.build's project(version:)); every header carries the same. */
#define SA_CUDA_VERSION_MAJOR 1
#define SA_CUDA_VERSION_MINOR 0
#define SA_CUDA_VERSION_PATCH 0

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime.h>

#if defined(__GNUC__) || defined(__clang__)
#define SA_CUDA__UNUSED __attribute__((unused))
#else
#define SA_CUDA__UNUSED
#endif

#ifndef SA_CUDA_DEF
#ifdef SA_CUDA_STATIC
#define SA_CUDA_DEF static SA_CUDA__UNUSED
#else
#define SA_CUDA_DEF extern
#endif
#endif

typedef enum sa_cuda_status {
    SA_CUDA_OK = 0,
    SA_CUDA_ERR_NULL = -1,     /* a required pointer is NULL */
    SA_CUDA_ERR_ARG = -2,      /* an invalid argument (count, offsets, options) */
    SA_CUDA_ERR_SIZE = -3,     /* n out of range (32-bit calls: n < 0 or n >= 2^31 - 1; 64-bit
                                  calls: n < 0 or n > 2^40) or workspace too small */
    SA_CUDA_ERR_NOMEM = -4,    /* cudaMalloc failed in a host convenience call */
    SA_CUDA_ERR_CUDA = -5,     /* a CUDA call or kernel launch failed */
    SA_CUDA_ERR_MPI = -6,      /* (never returned: sa_cuda.cuh has no MPI code; the value is shared) */
    SA_CUDA_ERR_INTERNAL = -7  /* a bug in sa_cuda.cuh: please report it */
} sa_cuda_status;

/* Longest repeated substring, as sa.h's sa_lrs_result: text[pos .. pos+len) occurs count
 * times, sa_index is the smallest k with lcp[k] == len; all 0 when nothing repeats. */
typedef struct sa_cuda_lrs_result {
    int64_t len;
    int64_t sa_index;
    int64_t pos;
    int64_t count;
} sa_cuda_lrs_result;

/* Which suffix sorter builds the SA (both give the same, unique, SA). */
typedef enum sa_cuda_algorithm {
    SA_CUDA_ALGO_DEFAULT = 0,  /* the rule of sa_cuda_default_algorithm (batches: doubling) */
    SA_CUDA_ALGO_DOUBLING = 1, /* prefix doubling over every suffix (workspace: sa_cuda_build_algo_workspace_size) */
    SA_CUDA_ALGO_DC3 = 2       /* prefix doubling over the DC3 sample, then one merge */
} sa_cuda_algorithm;

/* Host convenience options; zero-initialised = defaults (or pass NULL). */
typedef struct sa_cuda_options {
    int streams;        /* 0 or 1: one stream; >= 2: overlapped copies / pipelined batches */
    int batch_groups;   /* sa_cuda_host_batch: groups the texts are split into (0 = 2 * streams) */
    sa_cuda_algorithm algorithm; /* the SA's sorter (DEFAULT = the rule; batches always doubling) */
} sa_cuda_options;
#define SA_CUDA_OPTIONS_INIT {0, 0, SA_CUDA_ALGO_DEFAULT}

/* What a host convenience call measured (CUDA events, seconds). With overlap the phases run
 * at the same time: time_total is the wall time from the first upload to the last download. */
typedef struct sa_cuda_stats {
    double time_h2d;        /* text upload */
    double time_kernel;     /* SA (+ LCP + LRS) on the device, from the end of the upload */
    double time_d2h;        /* downloads that did not overlap the kernels */
    double time_total;      /* first upload to last download */
    double time_sa;         /* the SA construction alone (device) */
    size_t device_bytes;    /* device memory the call allocated (text, SA, LCP, workspace) */
    int rounds;             /* sorting rounds (1 = the first packed-key sort was enough) */
    int algorithm;          /* the sorter that ran (SA_CUDA_ALGO_DOUBLING or SA_CUDA_ALGO_DC3) */
    int levels;             /* 1, or with DC3 1 + its recursions on the sample (k: k-1 reduced strings);
                             * 0 where no sort ran (n == 0) and in the batch calls' stats */
} sa_cuda_stats;

#ifdef __cplusplus
extern "C" {
#endif

SA_CUDA_DEF const char *sa_cuda_status_string(sa_cuda_status status);
SA_CUDA_DEF sa_cuda_options sa_cuda_options_default(void);
SA_CUDA_DEF size_t sa_cuda_workspace_size(int64_t n);
SA_CUDA_DEF size_t sa_cuda_build_workspace_size(int64_t n);
SA_CUDA_DEF size_t sa_cuda_build_algo_workspace_size(int64_t n, sa_cuda_algorithm algo);
SA_CUDA_DEF sa_cuda_algorithm sa_cuda_default_algorithm(const uint64_t counts[256], int64_t n, int64_t sample_dups,
                                                        int64_t samples);
SA_CUDA_DEF int64_t sa_cuda_default_samples(int64_t n);
SA_CUDA_DEF size_t sa_cuda_batch_workspace_size(int64_t total, int64_t count);
SA_CUDA_DEF sa_cuda_status sa_cuda_build_algo(const uint8_t *d_text, int32_t *d_sa, int64_t n, sa_cuda_algorithm algo,
                                              void *d_ws, size_t ws_bytes, cudaStream_t stream);
SA_CUDA_DEF sa_cuda_status sa_cuda_build(const uint8_t *d_text, int32_t *d_sa, int64_t n, void *d_ws, size_t ws_bytes,
                                         cudaStream_t stream);
SA_CUDA_DEF sa_cuda_status sa_cuda_build_batch(const uint8_t *d_text, int64_t total, const int32_t *d_offsets,
                                               int64_t count, int32_t *d_sa, void *d_ws, size_t ws_bytes,
                                               cudaStream_t stream);
SA_CUDA_DEF sa_cuda_status sa_cuda_lcp(const uint8_t *d_text, const int32_t *d_sa, int32_t *d_lcp, int64_t n, void *d_ws,
                                       size_t ws_bytes, cudaStream_t stream);
SA_CUDA_DEF sa_cuda_status sa_cuda_lrs(const int32_t *d_sa, const int32_t *d_lcp, int64_t n,
                                       sa_cuda_lrs_result *d_result, void *d_ws, size_t ws_bytes, cudaStream_t stream);
SA_CUDA_DEF sa_cuda_status sa_cuda_validate(const uint8_t *d_text, const int32_t *d_sa, int64_t n, int32_t *d_flag,
                                            void *d_ws, size_t ws_bytes, cudaStream_t stream);
SA_CUDA_DEF sa_cuda_status sa_cuda_host_compute(const uint8_t *text, int64_t n, int32_t *sa, int32_t *lcp,
                                                sa_cuda_lrs_result *lrs, const sa_cuda_options *opt,
                                                sa_cuda_stats *stats);
SA_CUDA_DEF sa_cuda_status sa_cuda_host_batch(const uint8_t *texts, const int64_t *offsets, int64_t count, int32_t *sa,
                                              const sa_cuda_options *opt, sa_cuda_stats *stats);

/* The 64-bit path: the same results with int64 positions, for 0 <= n <= 2^40 (any n < 2^31 too). */
SA_CUDA_DEF size_t sa_cuda_workspace_size64(int64_t n);
SA_CUDA_DEF size_t sa_cuda_build_workspace_size64(int64_t n);
SA_CUDA_DEF size_t sa_cuda_build_algo_workspace_size64(int64_t n, sa_cuda_algorithm algo);
SA_CUDA_DEF sa_cuda_status sa_cuda_build_algo64(const uint8_t *d_text, int64_t *d_sa, int64_t n, sa_cuda_algorithm algo,
                                                void *d_ws, size_t ws_bytes, cudaStream_t stream);
SA_CUDA_DEF sa_cuda_status sa_cuda_build64(const uint8_t *d_text, int64_t *d_sa, int64_t n, void *d_ws, size_t ws_bytes,
                                           cudaStream_t stream);
SA_CUDA_DEF sa_cuda_status sa_cuda_lcp64(const uint8_t *d_text, const int64_t *d_sa, int64_t *d_lcp, int64_t n,
                                         void *d_ws, size_t ws_bytes, cudaStream_t stream);
SA_CUDA_DEF sa_cuda_status sa_cuda_lrs64(const int64_t *d_sa, const int64_t *d_lcp, int64_t n,
                                         sa_cuda_lrs_result *d_result, void *d_ws, size_t ws_bytes, cudaStream_t stream);
SA_CUDA_DEF sa_cuda_status sa_cuda_validate64(const uint8_t *d_text, const int64_t *d_sa, int64_t n, int32_t *d_flag,
                                              void *d_ws, size_t ws_bytes, cudaStream_t stream);
SA_CUDA_DEF sa_cuda_status sa_cuda_host_compute64(const uint8_t *text, int64_t n, int64_t *sa, int64_t *lcp,
                                                  sa_cuda_lrs_result *lrs, const sa_cuda_options *opt,
                                                  sa_cuda_stats *stats);

/* ---- BWT, inverse BWT and batched pattern search (see "BWT AND SEARCH" in the manual) ------
 * Same contracts as sa.h's sa_bwt_aux / sa_unbwt_aux / sa_search_many, byte-identical output;
 * 32-bit calls (n < 2^31 - 1). r = 0: the primary index only (aux has one entry), else r is a
 * power of two >= 2 and aux has (n-1)/r + 1 entries (aux[j] = 1 + SA rank of suffix j*r). */
SA_CUDA_DEF size_t sa_cuda_bwt_workspace_size(int64_t n);      /* the least: about 17.2n */
SA_CUDA_DEF size_t sa_cuda_bwt_fast_workspace_size(int64_t n); /* the doubling's full layout: 20.2n */
/* d_bwt[n] (must not be d_text) and d_aux from the text: sa_cuda_build into the workspace, then
 * one gather pass. ws_bytes >= sa_cuda_bwt_workspace_size(n) (the lean layout; see the manual);
 * from sa_cuda_bwt_fast_workspace_size(n) the full layout (the same bytes out). */
SA_CUDA_DEF sa_cuda_status sa_cuda_bwt(const uint8_t *d_text, uint8_t *d_bwt, int32_t *d_aux, int32_t r, int64_t n,
                                       void *d_ws, size_t ws_bytes, cudaStream_t stream);
/* The same from a suffix array on the device (no workspace; two kernels). An SA entry outside
 * [0, n) reads as byte 0 (no stray access); the result is then meaningless. */
SA_CUDA_DEF sa_cuda_status sa_cuda_bwt_from_sa(const uint8_t *d_text, const int32_t *d_sa, uint8_t *d_bwt,
                                               int32_t *d_aux, int32_t r, int64_t n, cudaStream_t stream);
SA_CUDA_DEF size_t sa_cuda_unbwt_workspace_size(int64_t n);
/* Inverse BWT. *d_flag (device int32) = 0 ok; 1 a sample outside [1, n] (d_text untouched);
 * 2 a piece did not end at the next sample's row (corrupted input; d_text unspecified). The
 * pieces decode one per thread: give aux samples (r = 4096 or less) for speed; r = 0 decodes on
 * one thread (correct, slow). d_text may not be d_bwt. */
SA_CUDA_DEF sa_cuda_status sa_cuda_unbwt(const uint8_t *d_bwt, uint8_t *d_text, const int32_t *d_aux, int32_t r,
                                         int64_t n, int32_t *d_flag, void *d_ws, size_t ws_bytes,
                                         cudaStream_t stream);
/* Count and locate npat patterns (pattern i = d_pats[d_off[i] .. d_off[i+1]), int64 offsets,
 * non-decreasing: not checked on the device, a decreasing pair gives an empty pattern) against
 * d_text and its SA, one thread per pattern: d_lo[i], d_count[i] as sa_search (the matches are
 * d_sa[lo .. lo+count)); an SA entry outside [0, n) met: lo = -1, count = 0. */
SA_CUDA_DEF sa_cuda_status sa_cuda_search(const uint8_t *d_text, const int32_t *d_sa, int64_t n,
                                          const uint8_t *d_pats, const int64_t *d_off, int64_t npat,
                                          int32_t *d_lo, int32_t *d_count, cudaStream_t stream);
/* Host convenience (one cudaMalloc, synchronous): SA_CUDA_ERR_ARG for a corrupted primary index
 * or sample (d_flag != 0 above). */
SA_CUDA_DEF sa_cuda_status sa_cuda_host_bwt(const uint8_t *text, uint8_t *bwt, int32_t *aux, int32_t r, int64_t n);
SA_CUDA_DEF sa_cuda_status sa_cuda_host_unbwt(const uint8_t *bwt, uint8_t *text, const int32_t *aux, int32_t r,
                                              int64_t n);

#ifdef __cplusplus
}
#endif
#endif /* SA_CUDA_CUH */

/* ============================================================================================ */
#if defined(SA_CUDA_IMPLEMENTATION) && !defined(SA_CUDA__IMPLEMENTED)
#define SA_CUDA__IMPLEMENTED

#include <math.h>
#include <string.h>
#include <cub/cub.cuh>

#define SA_CUDA__THREADS 256
#define SA_CUDA__SHORT_LCP 32      /* a thread compares this many bytes, then a block takes over */
#define SA_CUDA__ALIGN 256
#define SA_CUDA__PROBE 65536      /* suffixes the default rule samples (sa_cuda__rule) */
#ifndef SA_CUDA_NARROW64
#define SA_CUDA_NARROW64 1        /* the ...64 calls below 2^31 - 1 sort on 32-bit words */
#endif

/* ---- small helpers ---------------------------------------------------------------------- */

static int sa_cuda__bits(uint64_t x) /* bits to write x (0 -> 0) */
{
    int b = 0;
    while (x) { b++; x >>= 1; }
    return b;
}

static unsigned sa_cuda__grid(uint64_t n)
{
    uint64_t g = (n + SA_CUDA__THREADS - 1) / SA_CUDA__THREADS;
    return (unsigned)(g ? g : 1);
}

static size_t sa_cuda__up(size_t x) { return (x + SA_CUDA__ALIGN - 1) / SA_CUDA__ALIGN * SA_CUDA__ALIGN; }


/* ---- index types ------------------------------------------------------------------------- */
/* The suffix sorter is one set of templates over the unsigned index type U: uint32_t for the
 * 32-bit calls, sa_cuda__u64 (unsigned long long, what CUB's and CUDA's atomics take) for the
 * ...64 calls. Kernels loop over a grid of at most 2^24 blocks. */
typedef unsigned long long sa_cuda__u64;
#define SA_CUDA__MAX64 ((int64_t)1 << 40) /* 64-bit calls: n above this gives SA_CUDA_ERR_SIZE */
#define SA_CUDA__FOR(U, k, n) for (U k = (U)blockIdx.x * blockDim.x + threadIdx.x; k < (n); k += (U)gridDim.x * blockDim.x)

template <typename U> static __host__ __device__ __forceinline__ U sa_cuda__top(void) { return (U)1 << (8 * sizeof(U) - 1); }

static unsigned sa_cuda__gridn(uint64_t n)
{
    uint64_t g = (n + SA_CUDA__THREADS - 1) / SA_CUDA__THREADS;
    if (g > ((uint64_t)1 << 24)) g = (uint64_t)1 << 24;
    return (unsigned)(g ? g : 1);
}

struct sa_cuda__maxU {
    template <typename T> __host__ __device__ T operator()(T a, T b) const { return a > b ? a : b; }
};

/* The items the sorter ranks. One text (count 1) or many back to back (batches, 32-bit only);
 * dc = 0: item k is suffix k (m = n); dc = 1: item k is the k-th position i with i % 3 != 0,
 * the difference-cover sample of DC3 (m = n - ceil(n/3)). */
template <typename U> struct sa_cuda__texts {
    const U *off; /* count + 1 offsets (device), NULL when count == 1 */
    U count;
    U n;          /* text bytes */
    U m;          /* items */
    int dc;
};

template <typename U> static __host__ __device__ __forceinline__ U sa_cuda__pos(const sa_cuda__texts<U> &T, U k)
{
    return T.dc ? 3 * (k >> 1) + 1 + (k & 1) : k;
}

/* End of the text that position i lies in (and that text's number). Clamped to (i, n] so that
 * hostile offsets cannot send a read out of bounds. */
template <typename U> static __device__ __forceinline__ U sa_cuda__end(const sa_cuda__texts<U> &T, U i, U *t)
{
    if (T.count <= 1) { *t = 0; return T.n; }
    U lo = 0, hi = T.count;
    while (hi - lo > 1) {
        U mid = lo + (hi - lo) / 2;
        if (T.off[mid] <= i) lo = mid; else hi = mid;
    }
    U e = T.off[lo + 1];
    if (e <= i) e = i + 1;
    if (e > T.n) e = T.n;
    *t = lo;
    return e;
}

/* Workspace layout (offsets are multiples of 256 bytes): misc (counters, histogram, LRS
 * scratch; first, so that its place does not depend on n), rank and three work buffers of
 * `items` words, CUB scratch. The sort uses the caller's SA array as a fourth work buffer. */
template <typename U> struct sa_cuda__wsT {
    U *rank, *b[3];
    U *misc;
    void *cub;
    size_t cub_bytes;
    size_t rank_words; /* the rank array's words: items + 64, or the lean layout's fewer */
};
typedef sa_cuda__wsT<uint32_t> sa_cuda__ws;
#define SA_CUDA__MISC_WORDS 1024 /* [0] count, [2] groups, [8..16) LRS scratch, [512..) histogram (256 x uint32) */
static uint32_t *sa_cuda__hist_of(void *misc) { return (uint32_t *)misc + 512; }

/* DC3's merge compares a non-sample suffix i (i % 3 == 0) with a sample suffix j: by l = 1
 * character and rank(i+1) against rank(j+1) when j % 3 == 1, else by l = 2 characters and
 * rank(i+2) against rank(j+2); past the end counts as smaller than any byte or rank. A suffix's
 * key holds all it can need: c = (t[p] + 1) | (t[p+1] + 1) << 9 | (p % 3) << 18 (0 for a
 * character past the end), ra = rank(p+1) + 1 (mod 0, 1), rb = rank(p+2) + 1 (mod 0, 2), 0
 * past the end or where the class never needs it. Two different suffixes never compare equal. */
#define SA_CUDA__MERGE_THREADS 128
#define SA_CUDA__MERGE_ITEMS 8
#define SA_CUDA__MERGE_TILE (SA_CUDA__MERGE_THREADS * SA_CUDA__MERGE_ITEMS) /* outputs a block merges */
template <typename U> struct sa_cuda__dc3_key {
    uint32_t c;
    U ra, rb;
};
template <typename U>
static __device__ __forceinline__ sa_cuda__dc3_key<U> sa_cuda__dc3_key_of(const uint8_t *t, const U *rank, U n, U p)
{
    U q = p / 3, cls = p - 3 * q;
    sa_cuda__dc3_key<U> k;
    k.c = ((uint32_t)t[p] + 1) | (p + 1 < n ? (uint32_t)t[p + 1] + 1 : 0u) << 9 | (uint32_t)cls << 18;
    k.ra = cls != 2 && p + 1 < n ? rank[2 * q + cls] + 1 : 0;        /* p + 1 = 3q + 1 or 3q + 2 */
    k.rb = cls != 1 && p + 2 < n ? rank[2 * q + 1 + (cls >> 1)] + 1 : 0; /* p + 2 = 3q + 2 or 3q + 4 */
    return k;
}
template <typename U>
static __device__ __forceinline__ bool sa_cuda__dc3_less(const sa_cuda__dc3_key<U> &x, const sa_cuda__dc3_key<U> &y)
{
    uint32_t a = x.c & 511u, b = y.c & 511u;
    if (a != b) return a < b;
    if ((x.c >> 18) == 1 || (y.c >> 18) == 1) return x.ra < y.ra; /* l = 1 */
    a = (x.c >> 9) & 511u, b = (y.c >> 9) & 511u;
    if (a != b) return a < b;
    return x.rb < y.rb;
}
/* The merge reads its keys through a "keyer": of(p) the key of suffix p, less(x, y), and the
 * shared-memory tile the merge's blocks keep them in (put / get). bytes: the text's DC3 above. */
template <typename U> struct sa_cuda__bytes_keyer {
    typedef sa_cuda__dc3_key<U> Key;
    struct Tile {
        uint32_t c[SA_CUDA__MERGE_TILE];
        U ra[SA_CUDA__MERGE_TILE], rb[SA_CUDA__MERGE_TILE];
    };
    const uint8_t *t;
    const U *rank;
    U n;
    __device__ __forceinline__ Key of(U p) const { return sa_cuda__dc3_key_of<U>(t, rank, n, p); }
    static __device__ __forceinline__ bool less(const Key &x, const Key &y) { return sa_cuda__dc3_less<U>(x, y); }
    static __device__ __forceinline__ void put(Tile &S, U k, const Key &x) { S.c[k] = x.c; S.ra[k] = x.ra; S.rb[k] = x.rb; }
    static __device__ __forceinline__ Key get(const Tile &S, U k) { Key x = {S.c[k], S.ra[k], S.rb[k]}; return x; }
};

/* The same comparison on a string of integers (a recursion level's reduced string R of length
 * n, characters >= 1, 0 past the end), whole words: c0 = R[p], c1 = R[p+1] (0 past the end) or
 * ~0 for the class p % 3 == 1 (l = 1: c1 is never compared), ra and rb as the bytes' key. */
template <typename U> struct sa_cuda__int_key {
    U c0, c1, ra, rb;
};
template <typename U> struct sa_cuda__int_keyer {
    typedef sa_cuda__int_key<U> Key;
    struct Tile {
        U c0[SA_CUDA__MERGE_TILE], c1[SA_CUDA__MERGE_TILE], ra[SA_CUDA__MERGE_TILE], rb[SA_CUDA__MERGE_TILE];
    };
    const U *t;
    const U *rank;
    U n;
    __device__ __forceinline__ Key of(U p) const
    {
        U q = p / 3, cls = p - 3 * q;
        Key k;
        k.c0 = t[p];
        k.c1 = cls == 1 ? ~(U)0 : p + 1 < n ? t[p + 1] : (U)0;
        k.ra = cls != 2 && p + 1 < n ? rank[2 * q + cls] + 1 : 0;
        k.rb = cls != 1 && p + 2 < n ? rank[2 * q + 1 + (cls >> 1)] + 1 : 0;
        return k;
    }
    static __device__ __forceinline__ bool less(const Key &x, const Key &y)
    {
        if (x.c0 != y.c0) return x.c0 < y.c0;
        if (x.c1 == ~(U)0 || y.c1 == ~(U)0) return x.ra < y.ra; /* l = 1 */
        if (x.c1 != y.c1) return x.c1 < y.c1;
        return x.rb < y.rb;
    }
    static __device__ __forceinline__ void put(Tile &S, U k, const Key &x)
    {
        S.c0[k] = x.c0; S.c1[k] = x.c1; S.ra[k] = x.ra; S.rb[k] = x.rb;
    }
    static __device__ __forceinline__ Key get(const Tile &S, U k) { Key x = {S.c0[k], S.c1[k], S.ra[k], S.rb[k]}; return x; }
};
template <typename U> struct sa_cuda__is_mod1 {
    __host__ __device__ __forceinline__ bool operator()(const U &p) const { return p % 3 == 1; }
};

template <typename U> static size_t sa_cuda__cub_bytes(U items, U n, int dc)
{
    size_t best = 0, b = 0;
    U it = items ? items : 1, *p = NULL;
    cub::DoubleBuffer<U> kk, vv;
    if (cub::DeviceRadixSort::SortPairs(NULL, b, kk, vv, it, 0, (int)(8 * sizeof(U))) != cudaSuccess) return 0;
    if (b > best) best = b;
    b = 0;
    if (cub::DeviceScan::InclusiveSum(NULL, b, p, p, it) != cudaSuccess) return 0;
    if (b > best) best = b;
    b = 0;
    if (cub::DeviceScan::ExclusiveSum(NULL, b, p, p, it) != cudaSuccess) return 0;
    if (b > best) best = b;
    b = 0;
    if (cub::DeviceScan::InclusiveScan(NULL, b, p, p, sa_cuda__maxU(), it) != cudaSuccess) return 0;
    if (b > best) best = b;
    if (!dc) { /* the extension rounds (sa_cuda__extend): 64-bit keys, and the places alone */
        cub::DoubleBuffer<unsigned long long> k64;
        b = 0;
        if (cub::DeviceRadixSort::SortPairs(NULL, b, k64, vv, it, 0, 64) != cudaSuccess) return 0;
        if (b > best) best = b;
        b = 0;
        if (cub::DeviceRadixSort::SortKeys(NULL, b, vv, it, 0, (int)(8 * sizeof(U))) != cudaSuccess) return 0;
        if (b > best) best = b;
    }
    if (dc) {
        U n0 = (n + 2) / 3;
        cub::DoubleBuffer<uint32_t> pk;
        b = 0;
        if (cub::DeviceRadixSort::SortKeys(NULL, b, pk, (int)SA_CUDA__PROBE, 0, 32) != cudaSuccess) return 0;
        if (b > best) best = b;
        cub::DoubleBuffer<uint8_t> k8;
        b = 0;
        if (cub::DeviceRadixSort::SortPairs(NULL, b, k8, vv, n0 ? n0 : 1, 0, 8) != cudaSuccess) return 0;
        if (b > best) best = b;
        b = 0;
        if (cub::DeviceSelect::If(NULL, b, p, p, p, (int64_t)it, sa_cuda__is_mod1<U>()) != cudaSuccess) return 0;
        if (b > best) best = b;
        b = sizeof(U) * ((size_t)n / SA_CUDA__MERGE_TILE + 2); /* the merge's tile splits (sa_cuda__k_merge_split) */
        if (b > best) best = b;
    }
    return best;
}

/* The doubling's lean layout (sa_cuda__sort): a rank array of n/4 + 256 items instead of n, the
 * room for round 0's unsorted places when they are at most an eighth of the suffixes (what the
 * extension rounds take); with more, or when the extension rounds need every rank, DC3 runs. */
template <typename U> static size_t sa_cuda__lean_rank(U items) { return (size_t)items / 4 + 256; }

/* Lays the workspace out over d_ws (NULL: only computes the size). items: the words of each
 * buffer (n, or the DC3 sample's size when dc); n: the text's length; lean: the rank array of
 * sa_cuda__lean_rank(items) words (+ 64, as every buffer). */
template <typename U>
static size_t sa_cuda__layoutT(U items, U n, int dc, void *d_ws, sa_cuda__wsT<U> *w, int lean = 0)
{
    size_t cub_bytes = sa_cuda__cub_bytes<U>(items, n, dc);
    if (!cub_bytes) return 0;
    size_t words = sa_cuda__up(sizeof(U) * ((size_t)items + 64)), o = 0;
    size_t rank_words = (lean ? sa_cuda__lean_rank<U>(items) : (size_t)items) + 64;
    size_t o_misc = o; o += sa_cuda__up(sizeof(U) * SA_CUDA__MISC_WORDS);
    size_t o_rank = o; o += sa_cuda__up(sizeof(U) * rank_words);
    size_t o_b = o; o += 3 * words;
    size_t o_cub = o; o += sa_cuda__up(cub_bytes);
    if (w) {
        char *b = (char *)d_ws;
        w->misc = (U *)(b + o_misc);
        w->rank = (U *)(b + o_rank);
        for (int i = 0; i < 3; i++) w->b[i] = (U *)(b + o_b + i * words);
        w->cub = (void *)(b + o_cub);
        w->cub_bytes = sa_cuda__up(cub_bytes);
        w->rank_words = rank_words;
    }
    return o + SA_CUDA__ALIGN; /* room to align d_ws */
}

template <typename U> static U sa_cuda__dc_items(U n) { return n - (n + 2) / 3; }

/* Workspace of any call for n (the doubling's layout covers the LCP, LRS, validator and DC3). */
template <typename U> static size_t sa_cuda__ws_any(U n)
{
    size_t a = sa_cuda__layoutT<U>(n, n, 0, NULL, NULL), b = n >= 2 ? sa_cuda__layoutT<U>(sa_cuda__dc_items(n), n, 1, NULL, NULL) : 0;
    if (!a || (n >= 2 && !b)) return 0;
    return a > b ? a : b;
}
/* Workspace of the SA construction alone: DC3's (n >= 2). */
template <typename U> static size_t sa_cuda__ws_build(U n)
{
    return n >= 2 ? sa_cuda__layoutT<U>(sa_cuda__dc_items(n), n, 1, NULL, NULL) : sa_cuda__layoutT<U>(n, n, 0, NULL, NULL);
}
/* Workspace in which the default runs the doubling's lean layout where the rule picks the
 * doubling (and DC3 elsewhere): the larger of the two. */
template <typename U> static size_t sa_cuda__ws_lean(U n)
{
    size_t a = sa_cuda__layoutT<U>(n, n, 0, NULL, NULL, 1), b = sa_cuda__ws_build<U>(n);
    if (!a || !b) return 0;
    return a > b ? a : b;
}

/* Workspace of the SA construction by an asked-for sorter (sa_cuda__sort's check): the doubling
 * its own layout over every suffix; DC3 and the default DC3's (the default takes DC3 when the
 * doubling's layout does not fit). */
template <typename U> static size_t sa_cuda__ws_algo(U n, int algo)
{
    return algo == (int)SA_CUDA_ALGO_DOUBLING ? sa_cuda__layoutT<U>(n, n, 0, NULL, NULL) : sa_cuda__ws_build<U>(n);
}

/* Checks and lays out the caller's workspace for `items` words of each buffer. */
template <typename U>
static sa_cuda_status sa_cuda__take_wsT(U items, U n, int dc, void *d_ws, size_t ws_bytes, sa_cuda__wsT<U> *w,
                                        int lean = 0)
{
    if (!d_ws) return SA_CUDA_ERR_NULL;
    uintptr_t a = (uintptr_t)d_ws, al = (a + SA_CUDA__ALIGN - 1) / SA_CUDA__ALIGN * SA_CUDA__ALIGN;
    size_t need = sa_cuda__layoutT<U>(items, n, dc, (void *)al, w, lean);
    if (!need) return SA_CUDA_ERR_CUDA;
    if (ws_bytes < need) return SA_CUDA_ERR_SIZE;
    return SA_CUDA_OK;
}
static sa_cuda_status sa_cuda__take_ws(uint32_t n, void *d_ws, size_t ws_bytes, sa_cuda__ws *w)
{
    return sa_cuda__take_wsT<uint32_t>(n, n, 0, d_ws, ws_bytes, w);
}

/* ---- kernels: round 0 (packed first characters) -------------------------------------------- */

struct sa_cuda__codes {
    uint8_t code[256]; /* byte -> its rank among the bytes present (order preserving) */
};

/* Round 0's parameters: kc characters of b bits each packed into a key of U; keys0 such keys one
 * after the other (1, or 2 for text whose first kc characters say little: round 0 then sorts
 * 2 kc characters deep by two stable sorts, least significant key first). */
struct sa_cuda__pack {
    sa_cuda__codes map;
    int kc, b, keys0;
};

static __global__ void sa_cuda__k_hist(const uint8_t *text, uint64_t n, uint32_t *hist)
{
    __shared__ uint32_t h[256];
    for (int c = threadIdx.x; c < 256; c += blockDim.x) h[c] = 0;
    __syncthreads();
    for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x)
        atomicAdd(&h[text[i]], 1u);
    __syncthreads();
    for (int c = threadIdx.x; c < 256; c += blockDim.x)
        if (h[c]) atomicAdd(&hist[c], h[c]);
}

/* A block's copy of the code table in shared memory (code[256]): kernels index it by text
 * bytes, which through the kernel parameter would serialise a warp's different bytes. */
static __device__ __forceinline__ void sa_cuda__load_codes(const sa_cuda__pack &P, uint8_t *code)
{
    for (int c = threadIdx.x; c < 256; c += blockDim.x) code[c] = P.map.code[c];
    __syncthreads();
}

/* The first kc codes from text position i, zero-padded past e (the end of its text). */
template <typename U>
static __device__ __forceinline__ U sa_cuda__key0(const uint8_t *text, const uint8_t *code, const sa_cuda__pack &P, U i,
                                                  U e)
{
    U key = 0;
    for (int c = 0; c < P.kc; c++) {
        U p = i + (U)c;
        key = (key << P.b) | (U)(p < e ? code[text[p]] : 0u);
    }
    return key;
}

/* keys[k] = first codes of item j = m-1-k, vals[k] = j. Items go in descending order so that
 * the stable sort puts a short suffix before the longer suffixes whose zero-padded keys equal
 * its own (it is their prefix). */
template <typename U>
static __global__ void sa_cuda__k_keys0(const uint8_t *text, sa_cuda__texts<U> T, sa_cuda__pack P, U *keys, U *vals)
{
    __shared__ uint8_t code[256];
    sa_cuda__load_codes(P, code);
    SA_CUDA__FOR(U, k, T.m) {
        U j = T.m - 1 - k, i = sa_cuda__pos(T, j), t;
        U e = sa_cuda__end(T, i, &t);
        keys[k] = sa_cuda__key0<U>(text, code, P, i + (U)(P.kc * (P.keys0 - 1)), e); /* the last key first */
        vals[k] = j;
    }
}

/* The same for one text and every suffix (DOUBLING): a thread makes 4 neighbouring keys from
 * one window of the text, each code looked up once (the next key: shifted, one code in). */
template <typename U>
static __global__ void sa_cuda__k_keys0_run(const uint8_t *text, sa_cuda__texts<U> T, sa_cuda__pack P, U *keys, U *vals)
{
    __shared__ uint8_t code[256];
    sa_cuda__load_codes(P, code);
    U m = T.m, n = T.n, off = (U)(P.kc * (P.keys0 - 1));
    int kb = P.kc * P.b;
    U mask = kb >= (int)(8 * sizeof(U)) ? ~(U)0 : (((U)1 << kb) - 1);
    for (U k0 = ((U)blockIdx.x * blockDim.x + threadIdx.x) * 4; k0 < m; k0 += (U)gridDim.x * blockDim.x * 4) {
        U kl = m - k0 > 4 ? k0 + 3 : m - 1, jlo = m - 1 - kl, jhi = m - 1 - k0;
        U key = sa_cuda__key0<U>(text, code, P, jlo + off, n);
        for (U j = jlo;; j++) {
            keys[m - 1 - j] = key;
            vals[m - 1 - j] = j;
            if (j == jhi) break;
            U p = j + off + (U)P.kc;
            key = ((key << P.b) | (U)(p < n ? code[text[p]] : 0u)) & mask;
        }
    }
}

/* The first key of item sa[k], for the second sort of a two-key round 0. */
template <typename U>
static __global__ void sa_cuda__k_keys0a(const uint8_t *text, const U *sa, sa_cuda__texts<U> T, sa_cuda__pack P, U *keys)
{
    __shared__ uint8_t code[256];
    sa_cuda__load_codes(P, code);
    SA_CUDA__FOR(U, k, T.m) {
        U i = sa_cuda__pos(T, sa[k]), t;
        keys[k] = sa_cuda__key0<U>(text, code, P, i, sa_cuda__end(T, i, &t));
    }
}

/* Batch: the second, stable sort of round 0 is by text number. */
template <typename U> static __global__ void sa_cuda__k_textid(const U *sa, sa_cuda__texts<U> T, U *keys)
{
    SA_CUDA__FOR(U, k, T.m) {
        U t;
        sa_cuda__end(T, sa_cuda__pos(T, sa[k]), &t);
        keys[k] = t;
    }
}

/* Does a new group start at sorted place k (round 0)? Neighbours differ in text, in their
 * first codes, or one of them is shorter than the depth (then it is alone in its group). */
template <typename U>
static __device__ __forceinline__ int sa_cuda__head0(const uint8_t *text, const uint8_t *code, const U *sa, const U *keys,
                                                     const sa_cuda__texts<U> &T, const sa_cuda__pack &P, U k)
{
    if (k == 0) return 1;
    if (keys && keys[k] != keys[k - 1]) return 1; /* one text: the first characters differ */
    U a = sa_cuda__pos(T, sa[k]), b = sa_cuda__pos(T, sa[k - 1]), ta, tb;
    U ea = sa_cuda__end(T, a, &ta), eb = sa_cuda__end(T, b, &tb);
    if (ta != tb) return 1;
    uint64_t depth = (uint64_t)P.kc * (uint64_t)P.keys0;
    if ((uint64_t)a + depth > ea || (uint64_t)b + depth > eb) return 1;
    if (!keys && sa_cuda__key0<U>(text, code, P, a, ea) != sa_cuda__key0<U>(text, code, P, b, eb)) return 1;
    if (P.keys0 > 1) { /* the second key: read again (only where the first ones are equal) */
        U o = (U)P.kc;
        return sa_cuda__key0<U>(text, code, P, a + o, ea) != sa_cuda__key0<U>(text, code, P, b + o, eb);
    }
    return 0;
}

template <typename U>
static __global__ void sa_cuda__k_heads0(const uint8_t *text, const U *sa, const U *keys, sa_cuda__texts<U> T,
                                         sa_cuda__pack P, U *v)
{
    __shared__ uint8_t code[256];
    sa_cuda__load_codes(P, code);
    SA_CUDA__FOR(U, k, T.m) v[k] = sa_cuda__head0<U>(text, code, sa, keys, T, P, k) ? (k | sa_cuda__top<U>()) : (U)0;
}

/* *groups += the entries for which kept and head are both set (a warp adds its count once): the
 * groups left in the next round's list, each counted at its first member. */
template <typename U> static __device__ __forceinline__ void sa_cuda__count_group(int kept, int head, U *groups)
{
    unsigned active = __activemask(), b = __ballot_sync(active, kept && head);
    if (b && (int)(threadIdx.x & 31) == __ffs(active) - 1) atomicAdd(groups, (U)__popc(b));
}

/* rank[sa[k]] = its group's head; keep[k] = 1 unless a singleton. v[k] carries head(k) in the
 * top bit (set by sa_cuda__k_heads0); head[k] = the max-scan of v without that bit. */
template <typename U>
static __global__ void sa_cuda__k_rank0(const U *sa, U m, const U *v, const U *head, U *rank, U *keep, U *groups)
{
    SA_CUDA__FOR(U, k, m) {
        rank[sa[k]] = head[k] & ~sa_cuda__top<U>();
        int hd = (int)(v[k] >> (8 * sizeof(U) - 1)), single = hd && (k + 1 == m || (v[k + 1] >> (8 * sizeof(U) - 1)));
        keep[k] = !single;
        sa_cuda__count_group<U>(!single, hd, groups);
    }
}

/* ---- kernels: doubling rounds over the compacted unsorted items ---------------------------- */

/* The second half of a doubling key of item k: rank[k + hk] + 1 (the item h text positions
 * further on), or 0 past the end of k's text. */
template <typename U>
static __device__ __forceinline__ U sa_cuda__r2(const U *rank, const sa_cuda__texts<U> &T, U k, U h, U hk)
{
    U t, i = sa_cuda__pos(T, k);
    U e = sa_cuda__end(T, i, &t);
    return (uint64_t)i + h < e ? rank[k + hk] + 1 : (U)0;
}

template <typename U> static __global__ void sa_cuda__k_segflag(const U *c, const U *rank, U m, U *flag)
{
    SA_CUDA__FOR(U, j, m) flag[j] = (j == 0 || rank[c[j]] != rank[c[j - 1]]) ? 1 : 0;
}

/* key = (group number << rbits) | r2, when both fit a word */
template <typename U>
static __global__ void sa_cuda__k_keys(const U *c, const U *segid, const U *rank, sa_cuda__texts<U> T, U h, U hk,
                                       int rbits, U m, U *keys)
{
    SA_CUDA__FOR(U, j, m) keys[j] = ((segid[j] - 1) << rbits) | sa_cuda__r2<U>(rank, T, c[j], h, hk);
}

/* two-pass rounds: first by r2, then (stable) by the group's rank */
template <typename U>
static __global__ void sa_cuda__k_keys_r2(const U *c, const U *rank, sa_cuda__texts<U> T, U h, U hk, U m, U *keys)
{
    SA_CUDA__FOR(U, j, m) keys[j] = sa_cuda__r2<U>(rank, T, c[j], h, hk);
}

/* the second sort's key: the group's rank, followed by the top hi bits of r2 (r2k: the first
 * sort's keys, full r2 words of which it sorted the low lo bits; hi = 0: the rank alone) */
template <typename U>
static __global__ void sa_cuda__k_keys_grp(const U *c, const U *rank, const U *r2k, int lo, int hi, U m, U *keys)
{
    SA_CUDA__FOR(U, j, m) keys[j] = hi ? rank[c[j]] << hi | r2k[j] >> lo : rank[c[j]];
}

/* The sorted keys: (group number << rbits | r2) after one sort (rbits > 0), or (the group's
 * rank << hi | r2's top hi bits) after two (rbits = 0: r2 is recomputed where needed). Either
 * way the group is the key shifted right by rbits + hi (one of them is 0). */

/* v[j] = j where an old group starts in the sorted list, for the max-scan to segstart */
template <typename U> static __global__ void sa_cuda__k_segstart(const U *keys, int shift, U m, U *v)
{
    SA_CUDA__FOR(U, j, m) v[j] = (j == 0 || keys[j] >> shift != keys[j - 1] >> shift) ? j : (U)0;
}

/* The list keeps every member of an unsorted group, in SA order, so entry j sits at SA place
 * p = (its group's head, = its old rank) + (j - the group's first entry). pp[j] = p | new-head
 * bit (in place of segstart[j]); v[j] = 2p + 1 where a new (finer) group starts at its old
 * group's start (its members keep their rank), 2p where another one starts, else 0: the
 * max-scan of v gives every entry its new head and whether its rank changes. (2p + 1 fits U:
 * places stay below 2^31 on 32-bit words.) */
template <typename U>
static __global__ void sa_cuda__k_heads(const U *cs, const U *keys, int rbits, int hi, const U *rank,
                                        sa_cuda__texts<U> T, U h, U hk, U m, U *pp, U *v)
{
    /* a warp's lanes take consecutive entries (the loop's bound is the same for the whole warp):
     * with rbits = 0 each lane reads its own r2 and gets its left neighbour's by a shuffle (lane
     * 0 reads that one too), about one rank read per entry instead of two */
    unsigned lane = threadIdx.x & 31u;
    for (U j0 = (U)blockIdx.x * blockDim.x + (threadIdx.x - lane); j0 < m; j0 += (U)gridDim.x * blockDim.x) {
        U j = j0 + lane;
        U i = j < m ? cs[j] : 0, r2 = j < m && !rbits ? sa_cuda__r2<U>(rank, T, i, h, hk) : 0;
        U r2l = __shfl_up_sync(0xFFFFFFFFu, r2, 1);
        if (j >= m) continue;
        U g = rbits ? rank[i] : keys[j] >> hi;
        U p = g + (j - pp[j]);
        int nh = 1;
        if (j > 0) {
            nh = keys[j] != keys[j - 1];
            if (!nh && !rbits) nh = (lane ? r2l : sa_cuda__r2<U>(rank, T, cs[j - 1], h, hk)) != r2;
        }
        pp[j] = p | (nh ? sa_cuda__top<U>() : (U)0);
        v[j] = nh ? (p << 1 | (U)(p == g)) : (U)0;
    }
}

/* New ranks from the max-scan of k_heads' v (2 x head + 1 where the head is the old one: the
 * scattered write, the round's most expensive access, is skipped there), SA places, keep flags. */
template <typename U>
static __global__ void sa_cuda__k_update(const U *cs, const U *pp, const U *head, U m, U *rank, U *keep, U *sa_out,
                                         U *groups)
{
    SA_CUDA__FOR(U, j, m) {
        if (!(head[j] & 1)) rank[cs[j]] = head[j] >> 1;
        if (sa_out) sa_out[pp[j] & ~sa_cuda__top<U>()] = cs[j]; /* its (so far) place in the SA */
        int hd = (int)(pp[j] >> (8 * sizeof(U) - 1)), single = hd && (j + 1 == m || (pp[j + 1] >> (8 * sizeof(U) - 1)));
        keep[j] = !single;
        sa_cuda__count_group<U>(!single, hd, groups);
    }
}

/* Compaction after an exclusive sum of keep: c -> cn; the number kept -> *count. */
template <typename U>
static __global__ void sa_cuda__k_compact(const U *keep, const U *pos, const U *c, U m, U *cn, U *count)
{
    SA_CUDA__FOR(U, j, m) {
        if (keep[j]) cn[pos[j]] = c[j];
        if (j + 1 == m) *count = pos[j] + keep[j];
    }
}

/* Every group is a singleton now: rank[k] is item k's place; out[rank[k]] = its position. */
template <typename U> static __global__ void sa_cuda__k_final(const U *rank, sa_cuda__texts<U> T, U *out)
{
    SA_CUDA__FOR(U, k, T.m) {
        U r = rank[k];
        if (r < T.m) out[r] = sa_cuda__pos(T, k);
    }
}

/* DC3: the sorted non-sample suffixes (i % 3 == 0) from the sample's order. list[off..) holds
 * the sample positions p with p % 3 == 1 in sample order (their i = p - 1 are sorted by
 * rank(i+1)); off = 1 when n % 3 == 1: suffix n-1 (rank(n) = empty) comes first. keys = text[i]
 * for the stable sort by the first character. */
template <typename U, typename C>
static __global__ void sa_cuda__k_dc_mod0(const C *text, U n, U n0, U off, U *list, C *keys)
{
    SA_CUDA__FOR(U, j, n0) {
        U i = j < off ? n - 1 : list[j] - 1;
        list[j] = i;
        keys[j] = text[i];
    }
}

/* The merge path: how many of A's items are among the first diag outputs of merging A (na
 * items, sorted) with B (nb), A first on ties; b_less_a(i, j) says whether B[j] < A[i]. */
template <typename U, typename F>
static __device__ __forceinline__ U sa_cuda__merge_path(U diag, U na, U nb, F b_less_a)
{
    U lo = diag > nb ? diag - nb : 0, hi = diag < na ? diag : na;
    while (lo < hi) {
        U mid = lo + (hi - lo) / 2;
        if (b_less_a(mid, diag - 1 - mid)) hi = mid; else lo = mid + 1;
    }
    return lo;
}

/* DC3's merge of the sorted non-sample suffixes a (na) with the sample's b (n - na) into out, in
 * tiles of SA_CUDA__MERGE_TILE outputs. First split[k] = A's items before output k x TILE (the
 * keys read from the text and ranks at each step of the search), then a block per tile: every
 * suffix of its A and B ranges gets its key read once into shared memory, every thread merges
 * ITEMS outputs from there (CUB's merge with a comparator over the text and the ranks read them
 * again at every comparison). */
template <typename U, typename K>
static __global__ void sa_cuda__k_merge_split(K key, const U *a, U na, const U *b, U tiles, U *split)
{
    SA_CUDA__FOR(U, k, tiles + 1) {
        U diag = k < tiles ? k * (U)SA_CUDA__MERGE_TILE : key.n;
        split[k] = sa_cuda__merge_path<U>(diag, na, key.n - na, [&](U i, U j) { return K::less(key.of(b[j]), key.of(a[i])); });
    }
}
template <typename U, typename K>
static __global__ void __launch_bounds__(SA_CUDA__MERGE_THREADS)
sa_cuda__k_merge(K key, const U *a, const U *b, const U *split, U tiles, U *out)
{
    __shared__ typename K::Tile kt;
    __shared__ U pos[SA_CUDA__MERGE_TILE], res[SA_CUDA__MERGE_TILE];
    U n = key.n;
    for (U tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
        U d0 = tile * (U)SA_CUDA__MERGE_TILE, cnt = n - d0 < (U)SA_CUDA__MERGE_TILE ? n - d0 : (U)SA_CUDA__MERGE_TILE;
        U a0 = split[tile], ca = split[tile + 1] - a0, b0 = d0 - a0, cb = cnt - ca; /* this tile's A, then B items */
        for (U k = threadIdx.x; k < cnt; k += blockDim.x) {
            U p = k < ca ? a[a0 + k] : b[b0 + (k - ca)];
            pos[k] = p;
            K::put(kt, k, key.of(p));
        }
        __syncthreads();
        U diag = (U)threadIdx.x * SA_CUDA__MERGE_ITEMS;
        if (diag > cnt) diag = cnt;
        U i = sa_cuda__merge_path<U>(diag, ca, cb, [&](U x, U y) { return K::less(K::get(kt, ca + y), K::get(kt, x)); });
        U j = diag - i;
        for (U r = diag; r < diag + SA_CUDA__MERGE_ITEMS && r < cnt; r++) {
            bool take_a = j >= cb || (i < ca && !K::less(K::get(kt, ca + j), K::get(kt, i)));
            res[r] = take_a ? pos[i++] : pos[ca + j++];
        }
        __syncthreads();
        for (U k = threadIdx.x; k < cnt; k += blockDim.x) out[d0 + k] = res[k];
        __syncthreads();
    }
}

/* Batch output: global positions -> positions inside their own text. */
static __global__ void sa_cuda__k_localize(int32_t *sa, sa_cuda__texts<uint32_t> T)
{
    SA_CUDA__FOR(uint32_t, k, T.n) {
        uint32_t t;
        sa_cuda__end(T, k, &t);
        sa[k] -= (int32_t)T.off[t];
    }
}

static __global__ void sa_cuda__k_offsets32(const int64_t *in, uint32_t count, int64_t base, uint32_t *out)
{
    uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t <= count) out[t] = (uint32_t)(in[t] - base);
}

/* ---- the suffix sorter -------------------------------------------------------------------- */

#define SA_CUDA__TRY(call) do { if ((call) != cudaSuccess) return SA_CUDA_ERR_CUDA; } while (0)
#define SA_CUDA__LAUNCHED() do { if (cudaPeekAtLastError() != cudaSuccess) return SA_CUDA_ERR_CUDA; } while (0)

/* Four buffers of m words take turns: the list of unsorted items lives in one, sorts and scans
 * use the other three. */
template <typename U> struct sa_cuda__bufs {
    U *b[4];
};

/* The three buffers other than `used`, in f[0..2]. */
template <typename U> static void sa_cuda__others(const sa_cuda__bufs<U> &B, const U *used, U **f)
{
    int k = 0;
    for (int i = 0; i < 4; i++)
        if (B.b[i] != used && k < 3) f[k++] = B.b[i];
}

/* The two buffers holding neither a nor b, in *fa, *fb. */
template <typename U> static void sa_cuda__two_free(const sa_cuda__bufs<U> &B, const U *a, const U *b, U **fa, U **fb)
{
    U *f[3];
    *fa = *fb = NULL;
    sa_cuda__others(B, a, f);
    for (int i = 0; i < 3; i++)
        if (f[i] != b) { if (!*fa) *fa = f[i]; else *fb = f[i]; }
}

/* Radix sort of (keys, vals) pairs on `bits` bits; on return *keys and *vals point at the sorted
 * data, which is in one buffer of each pair. */
template <typename U>
static sa_cuda_status sa_cuda__sort_pairs(sa_cuda__wsT<U> &w, U **keys, U *keys_alt, U **vals, U *vals_alt, U m, int bits,
                                          cudaStream_t s)
{
    cub::DoubleBuffer<U> dk(*keys, keys_alt), dv(*vals, vals_alt);
    size_t tb = w.cub_bytes;
    SA_CUDA__TRY(cub::DeviceRadixSort::SortPairs(w.cub, tb, dk, dv, m, 0, bits > 0 ? bits : 1, s));
    *keys = dk.Current();
    *vals = dv.Current();
    return SA_CUDA_OK;
}

/* After the list cs is in its new order (and rank still holds the old groups): new groups,
 * ranks, and the compacted list of what is still unsorted (into one of the free buffers). */
template <typename U>
static sa_cuda_status sa_cuda__split(const sa_cuda__texts<U> &T, const sa_cuda__bufs<U> &B, U *cs, U *keys, int rbits, int hi,
                                     U m, U h, U hk, U **next, sa_cuda__wsT<U> &w, cudaStream_t s, U *sa_out)
{
    U *fa, *fb;
    sa_cuda__two_free<U>(B, cs, keys, &fa, &fb);
    unsigned g = sa_cuda__gridn(m);
    size_t tb = w.cub_bytes;
    sa_cuda__k_segstart<U><<<g, SA_CUDA__THREADS, 0, s>>>(keys, rbits + hi, m, fa);
    SA_CUDA__LAUNCHED();
    SA_CUDA__TRY(cub::DeviceScan::InclusiveScan(w.cub, tb, fa, fb, sa_cuda__maxU(), m, s));
    sa_cuda__k_heads<U><<<g, SA_CUDA__THREADS, 0, s>>>(cs, keys, rbits, hi, w.rank, T, h, hk, m, fb, fa);
    SA_CUDA__LAUNCHED();
    /* the keys are dead from here: their buffer takes the scans */
    tb = w.cub_bytes;
    SA_CUDA__TRY(cub::DeviceScan::InclusiveScan(w.cub, tb, fa, keys, sa_cuda__maxU(), m, s));
    SA_CUDA__TRY(cudaMemsetAsync(w.misc + 2, 0, sizeof(U), s));
    sa_cuda__k_update<U><<<g, SA_CUDA__THREADS, 0, s>>>(cs, fb, keys, m, w.rank, fa, sa_out, w.misc + 2);
    SA_CUDA__LAUNCHED();
    tb = w.cub_bytes;
    SA_CUDA__TRY(cub::DeviceScan::ExclusiveSum(w.cub, tb, fa, keys, m, s));
    sa_cuda__k_compact<U><<<g, SA_CUDA__THREADS, 0, s>>>(fa, keys, cs, m, fb, w.misc);
    SA_CUDA__LAUNCHED();
    *next = fb;
    return SA_CUDA_OK;
}

template <typename U>
static sa_cuda_status sa_cuda__round0(const uint8_t *d_text, const sa_cuda__texts<U> &T, const sa_cuda__pack &P,
                                      const sa_cuda__bufs<U> &B, U **next, U **sorted, sa_cuda__wsT<U> &w, cudaStream_t s)
{
    U N = T.m;
    unsigned g = sa_cuda__gridn(N);
    /* the items start in B.b[0] (the caller's SA), so that an even number of radix passes leaves
     * them there */
    U *keys = B.b[1], *vals = B.b[0];
    if (T.count == 1 && !T.dc)
        sa_cuda__k_keys0_run<U><<<sa_cuda__gridn(((uint64_t)N + 3) / 4), SA_CUDA__THREADS, 0, s>>>(d_text, T, P, keys, vals);
    else
        sa_cuda__k_keys0<U><<<g, SA_CUDA__THREADS, 0, s>>>(d_text, T, P, keys, vals);
    SA_CUDA__LAUNCHED();
    sa_cuda_status st = sa_cuda__sort_pairs<U>(w, &keys, B.b[3], &vals, B.b[2], N, P.kc * P.b, s);
    if (st) return st;
    if (P.keys0 > 1) { /* then (stable) by the first kc characters */
        U *kfree = keys == B.b[1] ? B.b[3] : B.b[1], *vfree = vals == B.b[2] ? B.b[0] : B.b[2];
        sa_cuda__k_keys0a<U><<<g, SA_CUDA__THREADS, 0, s>>>(d_text, vals, T, P, kfree);
        SA_CUDA__LAUNCHED();
        keys = kfree;
        if ((st = sa_cuda__sort_pairs<U>(w, &keys, keys == B.b[1] ? B.b[3] : B.b[1], &vals, vfree, N, P.kc * P.b, s)))
            return st;
    }
    if (T.count > 1) { /* then by text number (stable): each text's suffixes together */
        U *kfree = keys == B.b[1] ? B.b[3] : B.b[1], *vfree = vals == B.b[2] ? B.b[0] : B.b[2];
        sa_cuda__k_textid<U><<<g, SA_CUDA__THREADS, 0, s>>>(vals, T, kfree);
        SA_CUDA__LAUNCHED();
        keys = kfree;
        if ((st = sa_cuda__sort_pairs<U>(w, &keys, keys == B.b[1] ? B.b[3] : B.b[1], &vals, vfree, N,
                                         sa_cuda__bits((uint64_t)T.count - 1), s)))
            return st;
    }
    *next = keys;
    *sorted = vals;
    return SA_CUDA_OK;
}

template <typename U>
static sa_cuda_status sa_cuda__groups0(const sa_cuda__texts<U> &T, U *sa, U *keys, U *fa, U *fb, U **next,
                                       sa_cuda__wsT<U> &w, cudaStream_t s);

/* Round 0's groups from the sorted items (sa) and their keys: ranks, and the compacted list of
 * the unsorted items into *next. */
template <typename U>
static sa_cuda_status sa_cuda__round0_groups(const uint8_t *d_text, const sa_cuda__texts<U> &T, const sa_cuda__pack &P,
                                             const sa_cuda__bufs<U> &B, U *sa, U *keys, U **next, sa_cuda__wsT<U> &w,
                                             cudaStream_t s)
{
    U *fa, *fb;
    sa_cuda__two_free<U>(B, sa, keys, &fa, &fb);
    sa_cuda__k_heads0<U><<<sa_cuda__gridn(T.m), SA_CUDA__THREADS, 0, s>>>(d_text, sa, T.count > 1 ? (const U *)NULL : keys, T, P, fa);
    SA_CUDA__LAUNCHED();
    return sa_cuda__groups0<U>(T, sa, keys, fa, fb, next, w, s);
}

/* Round 0's groups from the head flags in fa (k | top bit where a group starts, sa_cuda__k_heads0
 * or sa_cuda__k_heads_int): ranks, and the compacted list of the unsorted items into *next (=
 * fa); keys (dead) takes the keep flags, fb the scans. */
template <typename U>
static sa_cuda_status sa_cuda__groups0(const sa_cuda__texts<U> &T, U *sa, U *keys, U *fa, U *fb, U **next,
                                       sa_cuda__wsT<U> &w, cudaStream_t s)
{
    U N = T.m;
    unsigned g = sa_cuda__gridn(N);
    size_t tb = w.cub_bytes;
    SA_CUDA__TRY(cub::DeviceScan::InclusiveScan(w.cub, tb, fa, fb, sa_cuda__maxU(), N, s));
    SA_CUDA__TRY(cudaMemsetAsync(w.misc + 2, 0, sizeof(U), s));
    sa_cuda__k_rank0<U><<<g, SA_CUDA__THREADS, 0, s>>>(sa, N, fa, fb, w.rank, keys, w.misc + 2);
    SA_CUDA__LAUNCHED();
    tb = w.cub_bytes;
    SA_CUDA__TRY(cub::DeviceScan::ExclusiveSum(w.cub, tb, keys, fb, N, s));
    sa_cuda__k_compact<U><<<g, SA_CUDA__THREADS, 0, s>>>(keys, fb, sa, N, fa, w.misc);
    SA_CUDA__LAUNCHED();
    *next = fa;
    return SA_CUDA_OK;
}

/* A test build may lower the key bits one sort may take, so that small texts run the rounds with
 * two sorts too (tests/test_sa_cuda.cu's sa_cuda_test_two: 0, every round sorts twice). */
#ifndef SA_CUDA__ONE_SORT_BITS
#define SA_CUDA__ONE_SORT_BITS 64
#endif

template <typename U>
static sa_cuda_status sa_cuda__round(const sa_cuda__texts<U> &T, const sa_cuda__bufs<U> &B, U m, U groups, U h, U hk,
                                     U **c, sa_cuda__wsT<U> &w, cudaStream_t s, U *sa_out)
{
    U *f[3], *cc = *c;
    sa_cuda__others(B, cc, f);
    unsigned g = sa_cuda__gridn(m);
    /* the group numbers take the bits of the list's group count (known from the last round;
     * 0 = unknown: at most m/2, every group has two members or more) */
    int rbits = sa_cuda__bits(T.m), sbits = sa_cuda__bits(groups ? groups - 1 : m / 2), wbits = (int)(8 * sizeof(U));
    if (wbits > SA_CUDA__ONE_SORT_BITS) wbits = SA_CUDA__ONE_SORT_BITS;
    U *keys = f[0], *vals = cc;
    sa_cuda_status st;
    if (sbits + rbits <= wbits) { /* one sort: (group number, r2) */
        sa_cuda__k_segflag<U><<<g, SA_CUDA__THREADS, 0, s>>>(cc, w.rank, m, f[0]);
        SA_CUDA__LAUNCHED();
        size_t tb = w.cub_bytes;
        SA_CUDA__TRY(cub::DeviceScan::InclusiveSum(w.cub, tb, f[0], f[1], m, s));
        sa_cuda__k_keys<U><<<g, SA_CUDA__THREADS, 0, s>>>(cc, f[1], w.rank, T, h, hk, rbits, m, f[0]);
        SA_CUDA__LAUNCHED();
        if ((st = sa_cuda__sort_pairs<U>(w, &keys, f[1], &vals, f[2], m, sbits + rbits, s))) return st;
        return sa_cuda__split<U>(T, B, vals, keys, rbits, 0, m, h, hk, c, w, s, sa_out);
    } else {
        /* two stable sorts: by r2, then by the group's rank. The radix sort takes 8 bits a pass,
         * so 2 x rbits bits in two sorts cost 2 ceil(rbits / 8) passes; where rbits % 8 is 1 to 4
         * the first sort takes r2's low lo = 8 floor(rbits / 8) bits and the second the rank with
         * r2's top hi bits below it: one pass less (headers' 25-bit ranks: 7 passes, not 8) */
        int lo = rbits / 8 * 8, hi = rbits - lo;
        if (lo == 0 || hi > 4) lo = rbits, hi = 0;
        sa_cuda__k_keys_r2<U><<<g, SA_CUDA__THREADS, 0, s>>>(cc, w.rank, T, h, hk, m, f[0]);
        SA_CUDA__LAUNCHED();
        if ((st = sa_cuda__sort_pairs<U>(w, &keys, f[1], &vals, f[2], m, lo, s))) return st;
        U *kfree = keys == f[0] ? f[1] : f[0], *vfree = vals == cc ? f[2] : cc;
        sa_cuda__k_keys_grp<U><<<g, SA_CUDA__THREADS, 0, s>>>(vals, w.rank, keys, lo, hi, m, kfree);
        SA_CUDA__LAUNCHED();
        keys = kfree;
        if ((st = sa_cuda__sort_pairs<U>(w, &keys, keys == f[0] ? f[1] : f[0], &vals, vfree, m, rbits + hi, s))) return st;
        return sa_cuda__split<U>(T, B, vals, keys, 0, hi, m, h, hk, c, w, s, sa_out);
    }
}

/* The list's length (misc[0]) and, where groups is not NULL, its group count (misc[2]). */
template <typename U>
static sa_cuda_status sa_cuda__read_count(const sa_cuda__wsT<U> &w, U *m, cudaStream_t s, U *groups = NULL)
{
    U v[3] = {0, 0, 0};
    SA_CUDA__TRY(cudaMemcpyAsync(v, w.misc, (groups ? 3 : 1) * sizeof(U), cudaMemcpyDeviceToHost, s));
    SA_CUDA__TRY(cudaStreamSynchronize(s));
    *m = v[0];
    if (groups) *groups = v[2];
    return SA_CUDA_OK;
}

/* ---- the doubling's extension rounds: one text, few suffixes left after round 0 ------------ */
/* After round 0 on a random-looking text only a few suffixes share their first characters with
 * another. Ranking every suffix for a doubling round (a scatter over all n) would cost more than
 * the rest of the sort, so these rounds finish the unsorted items from the text instead: each
 * item carries the SA place p of its group's first member, a round sorts the items by (p, their
 * next K characters) as 64-bit keys (the group stays together and is then sorted L + K deep),
 * writes every item's place into the SA and keeps the members of groups still unsorted. Ties
 * keep the items' order, which within a group is descending position (round 0 sorted them so):
 * a suffix shorter than the depth, the prefix of its tied neighbours, comes first and is alone
 * in its group. Should a round keep more than half its items (a long repeat), the rank array is
 * built once from the SA and the list, and the doubling rounds go on from the depth reached. */

/* Round 0's unsorted places (k whose group is not a singleton), in any order: tiles of
 * SA_CUDA__TILE x 256 places, one atomic per tile; the caller sorts them. */
#define SA_CUDA__TILE 8
template <typename U>
static __global__ void sa_cuda__k_unsorted0(const uint8_t *text, const U *sa, const U *keys, sa_cuda__texts<U> T,
                                            sa_cuda__pack P, U *list, U cap, U *count)
{
    typedef cub::BlockScan<int, SA_CUDA__THREADS> S;
    __shared__ typename S::TempStorage tmp;
    __shared__ U at;
    __shared__ uint8_t code[256];
    sa_cuda__load_codes(P, code);
    const U tile = (U)SA_CUDA__THREADS * SA_CUDA__TILE;
    for (U base = (U)blockIdx.x * tile; base < T.m; base += (U)gridDim.x * tile) {
        int keep[SA_CUDA__TILE], cnt = 0, off, total;
        for (int r = 0; r < SA_CUDA__TILE; r++) {
            U k = base + (U)(r * SA_CUDA__THREADS) + threadIdx.x;
            keep[r] = k < T.m && !(sa_cuda__head0<U>(text, code, sa, keys, T, P, k) &&
                                   (k + 1 == T.m || sa_cuda__head0<U>(text, code, sa, keys, T, P, k + 1)));
            cnt += keep[r];
        }
        S(tmp).ExclusiveSum(cnt, off, total);
        if (threadIdx.x == 0) at = total ? atomicAdd(count, (U)total) : (U)0;
        __syncthreads();
        U o = at + (U)off;
        for (int r = 0; r < SA_CUDA__TILE; r++)
            if (keep[r]) {
                if (o < cap) list[o] = base + (U)(r * SA_CUDA__THREADS) + threadIdx.x; /* *count says all */
                o++;
            }
        __syncthreads(); /* tmp and at are reused by the next tile */
    }
}

/* The list from round 0's sorted places q: c[j] = the item, v[j] = q[j] where its group starts
 * (the max-scan of v is the group's first place p). */
template <typename U>
static __global__ void sa_cuda__k_ext_init(const uint8_t *text, const U *sa, const U *keys, sa_cuda__texts<U> T,
                                           sa_cuda__pack P, const U *q, U m, U *c, U *v)
{
    __shared__ uint8_t code[256];
    sa_cuda__load_codes(P, code);
    SA_CUDA__FOR(U, j, m) {
        U k = q[j];
        c[j] = sa[k];
        v[j] = sa_cuda__head0<U>(text, code, sa, keys, T, P, k) ? k : (U)0;
    }
}

/* key = (p << kb) | the kc codes of the text from c[j] + L (zero-padded), value = j */
template <typename U>
static __global__ void sa_cuda__k_ext_keys(const uint8_t *text, const U *c, const U *p, U m, U n, uint64_t L,
                                           sa_cuda__pack P, int kb, unsigned long long *keys, U *vals)
{
    __shared__ uint8_t code[256];
    sa_cuda__load_codes(P, code);
    SA_CUDA__FOR(U, j, m) {
        keys[j] = ((unsigned long long)p[j] << kb) | sa_cuda__key0<uint64_t>(text, code, P, (uint64_t)c[j] + L, (uint64_t)n);
        vals[j] = j;
    }
}

/* After the sort: a[t] = t where an old group (the key's top bits) starts, nh[t] = 1 where a new
 * group starts (keys differ, or t or t-1 is shorter than the new depth D). */
template <typename U>
static __global__ void sa_cuda__k_ext_heads(const unsigned long long *keys, const U *vals, const U *c, U m, U n,
                                            uint64_t D, int kb, U *a, uint8_t *nh)
{
    SA_CUDA__FOR(U, t, m) {
        int os = 1, h = 1;
        if (t > 0) {
            unsigned long long k1 = keys[t], k0 = keys[t - 1];
            os = (k1 >> kb) != (k0 >> kb);
            h = k1 != k0 || (uint64_t)c[vals[t]] + D > n || (uint64_t)c[vals[t - 1]] + D > n;
        }
        a[t] = os ? t : (U)0;
        nh[t] = (uint8_t)h;
    }
}

/* Places: the old group's first place + the offset inside it (js: the old group's first t).
 * Writes the SA, v[t] = the place where a new group starts (max-scan: the new p), keep[t]. */
template <typename U>
static __global__ void sa_cuda__k_ext_place(const unsigned long long *keys, const U *vals, const U *c, const U *js,
                                            const uint8_t *nh, U m, int kb, U *sa_out, U *v, U *keep)
{
    SA_CUDA__FOR(U, t, m) {
        U place = (U)(keys[t] >> kb) + (t - js[t]);
        sa_out[place] = c[vals[t]];
        v[t] = nh[t] ? place : (U)0;
        keep[t] = !(nh[t] && (t + 1 == m || nh[t + 1]));
    }
}

template <typename U>
static __global__ void sa_cuda__k_ext_compact(const U *keep, const U *pos, const U *vals, const U *c, const U *pn, U m,
                                              U *c2, U *p2, U *count)
{
    SA_CUDA__FOR(U, t, m) {
        if (keep[t]) {
            c2[pos[t]] = c[vals[t]];
            p2[pos[t]] = pn[t];
        }
        if (t + 1 == m) *count = pos[t] + keep[t];
    }
}

/* The switch to ranked rounds: every suffix's rank is its place, an unsorted one's its group's. */
template <typename U> static __global__ void sa_cuda__k_rank_all(const U *sa, U n, U *rank)
{
    SA_CUDA__FOR(U, k, n) rank[sa[k]] = k;
}
template <typename U> static __global__ void sa_cuda__k_rank_list(const U *c, const U *p, U m, U *rank)
{
    SA_CUDA__FOR(U, j, m) rank[c[j]] = p[j];
}

/* The extension rounds are taken when round 0 leaves at most an eighth of the suffixes unsorted
 * and their buffers fit the two workspace buffers beside round 0's keys (and q's two copies the
 * rank array); else round 0 ranks every suffix as in the batch case. */
template <typename U> static int sa_cuda__extend_fits(U m, U N, const sa_cuda__wsT<U> &w)
{
    size_t words = (size_t)((char *)w.b[1] - (char *)w.b[0]);
    size_t mb = sa_cuda__up(sizeof(unsigned long long) * ((size_t)m + 64)), ub = sa_cuda__up(sizeof(U) * ((size_t)m + 64));
    return (uint64_t)m * 8 <= (uint64_t)N && 2 * mb + 8 * ub <= 2 * words &&
           ((size_t)m + 128) / 64 * 64 + (size_t)m <= w.rank_words;
}

/* (Tests) the doubling's lean layout given up after round 0 every time (sa_cuda__sort). */
#ifndef SA_CUDA__LEAN_TO_DC3
#define SA_CUDA__LEAN_TO_DC3 0
#endif

/* Round 0 done on one text (DOUBLING): d_sa holds its order, keys its keys (a workspace
 * buffer); *m = 0 on return when the SA is complete, else the ranked rounds go on from depth
 * *L with the list in B->b[0] (B set up for them, rank filled). The ranked rounds need a rank
 * array of n + 64 words: in the lean layout *m_out = 0 and *full = 0 instead (the caller then
 * sorts again by DC3), else *full = 1. */
template <typename U>
static sa_cuda_status sa_cuda__extend(const uint8_t *d_text, const sa_cuda__texts<U> &T, const sa_cuda__pack &P0,
                                      U *d_sa, U *keys0, U *q, U m, sa_cuda__wsT<U> &w, cudaStream_t s, uint64_t *L,
                                      int *nr, sa_cuda__bufs<U> *B, U **c_out, U *m_out, int *full)
{
    *full = 1;
    U N = T.n;
    sa_cuda_status st;
    /* the region: the two workspace buffers without keys0 (contiguous), 2 (n + 64) words */
    size_t words = (size_t)((char *)w.b[1] - (char *)w.b[0]);
    char *R = (char *)(keys0 == w.b[0] ? w.b[1] : w.b[0]);
    size_t mb = sa_cuda__up(sizeof(unsigned long long) * ((size_t)m + 64)), ub = sa_cuda__up(sizeof(U) * ((size_t)m + 64));
    /* K1, K2 (64-bit keys), V1, V2 (values), lists A and B (c, p), X, NH: 2 mb + 8 ub */
    if (!sa_cuda__extend_fits<U>(m, N, w)) return SA_CUDA_ERR_INTERNAL;
    unsigned long long *K1 = (unsigned long long *)R, *K2 = (unsigned long long *)(R + mb);
    U *V1 = (U *)(R + 2 * mb), *V2 = (U *)(R + 2 * mb + ub), *X = (U *)(R + 2 * mb + 6 * ub);
    U *cA = (U *)(R + 2 * mb + 2 * ub), *pA = (U *)(R + 2 * mb + 3 * ub);
    U *cB = (U *)(R + 2 * mb + 4 * ub), *pB = (U *)(R + 2 * mb + 5 * ub);
    uint8_t *NH = (uint8_t *)(R + 2 * mb + 7 * ub);
    int pbits = sa_cuda__bits((uint64_t)N);
    /* q (round 0's unsorted places, in the rank array) in place order, then the list (c, p) in A */
    {
        cub::DoubleBuffer<U> dq(q, q + ((size_t)m + 128) / 64 * 64);
        size_t tb = w.cub_bytes;
        SA_CUDA__TRY(cub::DeviceRadixSort::SortKeys(w.cub, tb, dq, m, 0, pbits, s));
        sa_cuda__k_ext_init<U><<<sa_cuda__gridn(m), SA_CUDA__THREADS, 0, s>>>(d_text, d_sa, keys0, T, P0, dq.Current(), m,
                                                                            cA, V1);
        SA_CUDA__LAUNCHED();
        tb = w.cub_bytes;
        SA_CUDA__TRY(cub::DeviceScan::InclusiveScan(w.cub, tb, V1, pA, sa_cuda__maxU(), m, s));
    }
    sa_cuda__pack P = P0;
    P.keys0 = 1;
    P.kc = (64 - pbits) / P.b;
    int kb = P.kc * P.b;
    U *c = cA, *p = pA;
    int ext = 0;
    while (m > 0) {
        unsigned g = sa_cuda__gridn(m);
        sa_cuda__k_ext_keys<U><<<g, SA_CUDA__THREADS, 0, s>>>(d_text, c, p, m, N, *L, P, kb, K1, V1);
        SA_CUDA__LAUNCHED();
        cub::DoubleBuffer<unsigned long long> dk(K1, K2);
        cub::DoubleBuffer<U> dv(V1, V2);
        size_t tb = w.cub_bytes;
        SA_CUDA__TRY(cub::DeviceRadixSort::SortPairs(w.cub, tb, dk, dv, m, 0, pbits + kb, s));
        unsigned long long *k1 = dk.Current(), *k2 = dk.Alternate();
        U *v1 = dv.Current(), *v2 = dv.Alternate();
        uint64_t D = *L + (uint64_t)P.kc;
        sa_cuda__k_ext_heads<U><<<g, SA_CUDA__THREADS, 0, s>>>(k1, v1, c, m, N, D, kb, (U *)k2, NH);
        SA_CUDA__LAUNCHED();
        tb = w.cub_bytes;
        SA_CUDA__TRY(cub::DeviceScan::InclusiveScan(w.cub, tb, (U *)k2, v2, sa_cuda__maxU(), m, s));
        sa_cuda__k_ext_place<U><<<g, SA_CUDA__THREADS, 0, s>>>(k1, v1, c, v2, NH, m, kb, d_sa, (U *)k2, X);
        SA_CUDA__LAUNCHED();
        tb = w.cub_bytes; /* the keys are dead: k1 takes the new group starts, then k2 the positions */
        SA_CUDA__TRY(cub::DeviceScan::InclusiveScan(w.cub, tb, (U *)k2, (U *)k1, sa_cuda__maxU(), m, s));
        tb = w.cub_bytes;
        SA_CUDA__TRY(cub::DeviceScan::ExclusiveSum(w.cub, tb, X, (U *)k2, m, s));
        U *c2 = c == cA ? cB : cA, *p2 = c == cA ? pB : pA;
        sa_cuda__k_ext_compact<U><<<g, SA_CUDA__THREADS, 0, s>>>(X, (U *)k2, v1, c, (U *)k1, m, c2, p2, w.misc);
        SA_CUDA__LAUNCHED();
        U m2;
        if ((st = sa_cuda__read_count<U>(w, &m2, s))) return st;
        (*nr)++;
        ext++;
        *L = D;
        c = c2;
        p = p2;
        if (m2 > 0 && (2 * (uint64_t)m2 > (uint64_t)m || ext >= 32)) { /* little progress: ranked rounds */
            if (w.rank_words < (size_t)N + 64) { /* the lean layout has no room for every rank */
                *full = 0;
                *m_out = 0;
                return SA_CUDA_OK;
            }
            sa_cuda__k_rank_all<U><<<sa_cuda__gridn(N), SA_CUDA__THREADS, 0, s>>>(d_sa, N, w.rank);
            SA_CUDA__LAUNCHED();
            sa_cuda__k_rank_list<U><<<sa_cuda__gridn(m2), SA_CUDA__THREADS, 0, s>>>(c, p, m2, w.rank);
            SA_CUDA__LAUNCHED();
            /* the list into keys0's buffer; the region's two buffers hold the other three */
            SA_CUDA__TRY(cudaMemcpyAsync(keys0, c, sizeof(U) * (size_t)m2, cudaMemcpyDeviceToDevice, s));
            size_t qw = ((size_t)m2 + 128 + 63) / 64 * 64;
            U *o0 = (U *)R, *o1 = (U *)(R + words);
            B->b[0] = keys0; B->b[1] = o0; B->b[2] = o0 + qw; B->b[3] = o1;
            *c_out = keys0;
            *m_out = m2;
            return SA_CUDA_OK;
        }
        m = m2;
    }
    *m_out = 0;
    return SA_CUDA_OK;
}

/* The default rule (a pure function of the byte counts; sa_cuda_default_algorithm). */
static double sa_cuda__entropy(const uint64_t *cnt, uint64_t n, int *sigma)
{
    double H = 0;
    int sg = 0;
    for (int c = 0; c < 256; c++)
        if (cnt[c]) {
            double q = (double)cnt[c] / (double)n;
            H -= q * log2(q);
            sg++;
        }
    *sigma = sg;
    return H;
}

/* Round 0's key packing for a text with these byte counts, keys of kbits bits. */
static sa_cuda__pack sa_cuda__packing(const uint64_t *cnt, uint64_t n, int kbits, int batch, double *Hout)
{
    sa_cuda__pack P;
    int sigma = 0;
    for (int c = 0; c < 256; c++) {
        P.map.code[c] = (uint8_t)(sigma > 0 ? sigma - 1 : 0);
        if (cnt[c]) P.map.code[c] = (uint8_t)sigma++;
    }
    P.b = sa_cuda__bits((uint64_t)(sigma > 1 ? sigma - 1 : 1));
    P.kc = kbits / P.b;
    /* Two keys in round 0 when the first kc characters carry too few bits of entropy to tell
     * most of the suffixes apart (text; not random bytes or DNA, which one key nearly sorts):
     * it saves a doubling round that would sort almost everything again. One key for batches. */
    int sg;
    double H = sa_cuda__entropy(cnt, n, &sg);
    P.keys0 = (!batch && (double)P.kc * H < log2((double)n) + 3.0) ? 2 : 1;
    if (Hout) *Hout = H;
    return P;
}

#define SA_CUDA__ALGO_DOUBLING 1
#define SA_CUDA__ALGO_DC3 2

/* The default choice between full prefix doubling and DC3 (sa_cuda_default_algorithm): doubling
 * when the text looks random to round 0's sort, DC3 otherwise. Two tests, both must pass:
 * (1) the first 32 bits of packed characters carry at least log2(n) + SA_CUDA__RANDOM_BITS bits of
 * zeroth-order entropy (computed from the byte counts), and (2) among `samples` suffixes spread
 * evenly over the text, sorted by those 32 bits, at most max(4, samples^2 / (10 n)) neighbours
 * are equal (so about a fifth of the suffixes or fewer would be left for the second round; a
 * Fibonacci word or a random block repeated has a high entropy per byte but few distinct keys).
 * Then one radix sort nearly finishes the SA and the sample would not pay for the merge. The
 * same rule for both index widths (32-bit packing in both). */
#ifndef SA_CUDA__RANDOM_BITS
#define SA_CUDA__RANDOM_BITS 3.0
#endif
static int sa_cuda__rule(const uint64_t *cnt, uint64_t n, uint64_t dups, uint64_t samples)
{
    if (n < 2) return SA_CUDA__ALGO_DOUBLING;
    int sigma;
    double H = sa_cuda__entropy(cnt, n, &sigma);
    int b = sa_cuda__bits((uint64_t)(sigma > 1 ? sigma - 1 : 1));
    if ((double)(32 / b) * H < log2((double)n) + SA_CUDA__RANDOM_BITS) return SA_CUDA__ALGO_DC3;
    double lim = (double)samples * (double)samples / (10.0 * (double)n);
    return (double)dups <= (lim > 4.0 ? lim : 4.0) ? SA_CUDA__ALGO_DOUBLING : SA_CUDA__ALGO_DC3;
}
static uint64_t sa_cuda__probe_size(uint64_t n)
{
    uint64_t k = sa_cuda__dc_items<uint64_t>(n) / 2;
    return k < SA_CUDA__PROBE ? k : SA_CUDA__PROBE;
}

/* (2)'s sample: keys[j] = the first 32 bits of packed codes of suffix j * stride */
static __global__ void sa_cuda__k_probe(const uint8_t *text, uint64_t n, uint64_t stride, sa_cuda__pack P, uint32_t k,
                                        uint32_t *keys)
{
    __shared__ uint8_t code[256];
    sa_cuda__load_codes(P, code);
    SA_CUDA__FOR(uint32_t, j, k) keys[j] = sa_cuda__key0<uint64_t>(text, code, P, (uint64_t)j * stride, n) & 0xFFFFFFFFull;
}
static __global__ void sa_cuda__k_dups(const uint32_t *keys, uint32_t k, uint32_t *count)
{
    SA_CUDA__FOR(uint32_t, j, k) if (j > 0 && keys[j] == keys[j - 1]) atomicAdd(count, 1u);
}

/* ---- the rounds, and DC3's recursion on the sample ------------------------------------------ */
/* When the rounds on the DC3 sample stall - a round that doubled the depth sorted almost none of
 * the items left, and those are most of the sample (a Fibonacci word or another text of few
 * distinct factors keeps every sample suffix for log n rounds: n log n work) - the sample is
 * named instead: every item's group rank (its first L >= 3 characters) + 1 becomes a character
 * of the reduced string R (the items p % 3 == 1 in text order, then p % 3 == 2, as DC3 /
 * Kaerkkaeinen-Sanders 2003), whose suffix array sorts the sample completely. R is sorted by the
 * same code on integer characters (round 0: three stable radix sorts by R[p+2], R[p+1], R[p]
 * on its own DC3 sample, then rounds, a recursion where they stall again, DC3's merge), inside
 * the level's own buffers: no memory beyond the build's workspace.
 * THE RULE (sa_cuda__stalled): the sample has at least SA_CUDA__REC_MIN items, the list holds
 * at least half of them, and the last round (round 0 at first) kept at least 7/8 of its list;
 * and the level below fits (sa_cuda__rec_fits). Random-looking text takes the doubling; of the
 * benchmark's DC3 inputs the Fibonacci word recurses (11 levels) and so do the /usr/include
 * headers once (2 levels), /usr/bin's binaries never; none got slower (demos/bench/README.md). */
#ifndef SA_CUDA__REC_MIN
#define SA_CUDA__REC_MIN 32768
#endif
#ifndef SA_CUDA__REC_ALWAYS
#define SA_CUDA__REC_ALWAYS 0 /* tests: recurse whenever the list is not empty (and it fits) */
#endif
#define SA_CUDA__REC_DEPTH 64

static int sa_cuda__stalled(uint64_t items, uint64_t before, uint64_t after, int depth)
{
    if (items < SA_CUDA__REC_MIN || depth >= SA_CUDA__REC_DEPTH || after == 0) return 0;
    if (SA_CUDA__REC_ALWAYS) return 1;
    return 2 * after >= items && 8 * after >= 7 * before;
}

/* The level below (sa_cuda__recurse) lives in this level's buffers (each of items + 64 words):
 * its text R in b[0], its SA in rank, its rank array in b[1], its work buffers in b[2] and the
 * two halves of this level's SA buffer (sa_words words): those halves must hold its items, its
 * SA buffer the keys of its last sort (two halves of its text's third), CUB's scratch its sorts. */
template <typename U> static int sa_cuda__rec_fits(U items, size_t sa_words, const sa_cuda__wsT<U> &w)
{
    if (items < 16) return 0;
    U ic = sa_cuda__dc_items<U>(items);
    size_t half = sa_cuda__up(sizeof(U) * ((size_t)ic + 64)), keys = sa_cuda__up(sizeof(U) * ((size_t)(items + 2) / 3 + 64));
    if (2 * half > sizeof(U) * sa_words || 2 * keys > sizeof(U) * ((size_t)items + 64)) return 0;
    size_t cb = sa_cuda__cub_bytes<U>(ic, items, 1);
    return cb && cb <= w.cub_bytes;
}

/* The ranked rounds until the list (c, m items) is empty, from depth L. rec >= 1: on the DC3
 * sample at recursion depth rec, stop early with *stalled = 1 where sa_cuda__stalled says so. */
template <typename U>
static sa_cuda_status sa_cuda__rounds(const sa_cuda__texts<U> &T, const sa_cuda__bufs<U> &B, U **c, U m, U groups,
                                      uint64_t L, sa_cuda__wsT<U> &w, cudaStream_t s, U *sa_out, int *nr, int rec,
                                      size_t sa_words, int *stalled)
{
    U before = T.m; /* round 0 looked at every item */
    *stalled = 0;
    for (int k = 0; m > 0; k++) {
        if (m > T.m || k > 128) return SA_CUDA_ERR_INTERNAL;
        if (rec && sa_cuda__stalled(T.m, before, m, rec) && sa_cuda__rec_fits<U>(T.m, sa_words, w)) {
            *stalled = 1;
            return SA_CUDA_OK;
        }
        uint64_t sh = T.dc ? L / 3 * 3 : L;
        if (sh > (uint64_t)T.n) sh = (uint64_t)T.n; /* past every end: r2 = 0 */
        U hk = T.dc ? (U)(sh / 3 * 2) : (U)sh;
        sa_cuda_status st = sa_cuda__round<U>(T, B, m, groups, (U)sh, hk, c, w, s, sa_out);
        if (st) return st;
        (*nr)++;
        before = m;
        if ((st = sa_cuda__read_count<U>(w, &m, s, &groups))) return st;
        L += sh;
    }
    return SA_CUDA_OK;
}

/* DC3's last steps on a level's text (bytes, or a reduced string of words: C = U) whose sample
 * ranks are final in w.rank: the sample's positions in order (l12), the sorted i % 3 == 0
 * suffixes (l0: in the sample's order of i + 1, then one stable radix sort on cbits bits of
 * their first character, keys in kc / kc_alt), and the merge (keyer `key`) into out. */
template <typename U, typename C, typename K>
static sa_cuda_status sa_cuda__dc3_finish(const C *text, const sa_cuda__texts<U> &T, K key, int cbits, C *kc, C *kc_alt,
                                          sa_cuda__wsT<U> &w, cudaStream_t s, U *out)
{
    U N = T.n, m12 = T.m, n0 = (N + 2) / 3, off = n0 - (N + 1) / 3;
    U *l12 = w.b[0], *l0 = w.b[1], *l0alt = w.b[2];
    sa_cuda__k_final<U><<<sa_cuda__gridn(m12), SA_CUDA__THREADS, 0, s>>>(w.rank, T, l12);
    SA_CUDA__LAUNCHED();
    size_t tb = w.cub_bytes;
    SA_CUDA__TRY(cub::DeviceSelect::If(w.cub, tb, l12, l0 + off, w.misc + 1, (int64_t)m12, sa_cuda__is_mod1<U>(), s));
    sa_cuda__k_dc_mod0<U, C><<<sa_cuda__gridn(n0), SA_CUDA__THREADS, 0, s>>>(text, N, n0, off, l0, kc);
    SA_CUDA__LAUNCHED();
    cub::DoubleBuffer<C> dk(kc, kc_alt);
    cub::DoubleBuffer<U> dv(l0, l0alt);
    tb = w.cub_bytes;
    SA_CUDA__TRY(cub::DeviceRadixSort::SortPairs(w.cub, tb, dk, dv, n0, 0, cbits > 0 ? cbits : 1, s));
    U tiles = (N + SA_CUDA__MERGE_TILE - 1) / SA_CUDA__MERGE_TILE, *split = (U *)w.cub; /* room: sa_cuda__cub_bytes */
    sa_cuda__k_merge_split<U, K><<<sa_cuda__gridn((uint64_t)tiles + 1), SA_CUDA__THREADS, 0, s>>>(key, dv.Current(), n0, l12,
                                                                                             tiles, split);
    SA_CUDA__LAUNCHED();
    unsigned mg = tiles < ((U)1 << 24) ? (unsigned)tiles : 1u << 24;
    sa_cuda__k_merge<U, K><<<mg, SA_CUDA__MERGE_THREADS, 0, s>>>(key, dv.Current(), l12, split, tiles, out);
    SA_CUDA__LAUNCHED();
    return SA_CUDA_OK;
}

/* Round 0 on a reduced string: keys[k] = R[p + d] (0 past the end) of item j = items[k], or of
 * item m-1-k when items is NULL (then vals[k] = j: descending, as sa_cuda__k_keys0). */
template <typename U>
static __global__ void sa_cuda__k_keys_int(const U *R, sa_cuda__texts<U> T, const U *items, int d, U *keys, U *vals)
{
    SA_CUDA__FOR(U, k, T.m) {
        U j = items ? items[k] : T.m - 1 - k, p = sa_cuda__pos(T, j) + (U)d;
        keys[k] = p < T.n ? R[p] : (U)0;
        if (!items) vals[k] = j;
    }
}

/* A group starts at sorted place k where the three characters differ, or where either
 * neighbour is at most 3 long: those are alone in their groups (they come first among their
 * equals, by the descending order), which also makes the last items of R's two halves unique. */
template <typename U> static __global__ void sa_cuda__k_heads_int(const U *R, const U *sa, sa_cuda__texts<U> T, U *v)
{
    SA_CUDA__FOR(U, k, T.m) {
        int hd = k == 0;
        if (!hd) {
            U a = sa_cuda__pos(T, sa[k]), b = sa_cuda__pos(T, sa[k - 1]);
            hd = T.n - a <= 3 || T.n - b <= 3 || R[a] != R[b] || R[a + 1] != R[b + 1] || R[a + 2] != R[b + 2];
        }
        v[k] = hd ? (k | sa_cuda__top<U>()) : (U)0;
    }
}

/* The reduced string from the sample's ranks: item k (position 3(k/2) + 1 + k%2) -> R[k/2] for
 * p % 3 == 1, R[n1 + k/2] for p % 3 == 2 (n1 = the items p % 3 == 1); and back: the items'
 * final ranks from R's suffix array. */
template <typename U> static __global__ void sa_cuda__k_reduce(const U *rank, U m, U *R)
{
    U n1 = (m + 1) / 2;
    SA_CUDA__FOR(U, k, m) R[(k & 1) ? n1 + (k >> 1) : (k >> 1)] = rank[k] + 1;
}
template <typename U> static __global__ void sa_cuda__k_unreduce(const U *sa_r, U m, U *rank)
{
    U n1 = (m + 1) / 2;
    SA_CUDA__FOR(U, t, m) {
        U kp = sa_r[t];
        if (kp < m) rank[kp < n1 ? 2 * kp : 2 * (kp - n1) + 1] = t;
    }
}

template <typename U>
static sa_cuda_status sa_cuda__sort_int(const U *R, U n, U *out, size_t out_words, sa_cuda__wsT<U> &w, cudaStream_t s,
                                        int *nr, int depth, int *levels);

/* A stalled level (T, its workspace w, its SA buffer of sa_words words) recurses: its items'
 * ranks become final. w's rank and b[0] trade places (b[0] is free again on return). */
template <typename U>
static sa_cuda_status sa_cuda__recurse(const sa_cuda__texts<U> &T, sa_cuda__wsT<U> &w, U *sa_buf, size_t sa_words,
                                       cudaStream_t s, int *nr, int depth, int *levels)
{
    U M = T.m;
    if (!sa_cuda__rec_fits<U>(M, sa_words, w)) return SA_CUDA_ERR_INTERNAL;
    size_t half = sa_cuda__up(sizeof(U) * ((size_t)sa_cuda__dc_items<U>(M) + 64));
    U *R = w.b[0];
    sa_cuda__k_reduce<U><<<sa_cuda__gridn(M), SA_CUDA__THREADS, 0, s>>>(w.rank, M, R);
    SA_CUDA__LAUNCHED();
    sa_cuda__wsT<U> c = w;
    c.rank = w.b[1];
    c.b[0] = w.b[2];
    c.b[1] = sa_buf;
    c.b[2] = (U *)((char *)sa_buf + half);
    /* every buffer of a level holds its items + 64 words (sa_cuda__layoutT, sa_cuda__rec_fits) */
    sa_cuda_status st = sa_cuda__sort_int<U>(R, M, w.rank, (size_t)M + 64, c, s, nr, depth + 1, levels);
    if (st) return st;
    sa_cuda__k_unreduce<U><<<sa_cuda__gridn(M), SA_CUDA__THREADS, 0, s>>>(w.rank, M, R);
    SA_CUDA__LAUNCHED();
    w.b[0] = w.rank;
    w.rank = R;
    return SA_CUDA_OK;
}

/* The suffix array of R (n words, values in [1, n], recursion depth `depth`) into out (out_words
 * words, at least n + 64) by DC3 on its sample, inside w (the level above's buffers). */
template <typename U>
static sa_cuda_status sa_cuda__sort_int(const U *R, U n, U *out, size_t out_words, sa_cuda__wsT<U> &w, cudaStream_t s,
                                        int *nr, int depth, int *levels)
{
    if (depth > *levels) *levels = depth;
    sa_cuda__texts<U> T = {NULL, 1, n, sa_cuda__dc_items<U>(n), 1};
    sa_cuda__bufs<U> B = {{out, w.b[0], w.b[1], w.b[2]}};
    unsigned g = sa_cuda__gridn(T.m);
    int bits = sa_cuda__bits((uint64_t)n);
    sa_cuda_status st;
    /* round 0: stable sorts by R[p+2], R[p+1], R[p] (as sa_cuda__round0's buffer turns) */
    U *keys = B.b[1], *vals = B.b[0];
    sa_cuda__k_keys_int<U><<<g, SA_CUDA__THREADS, 0, s>>>(R, T, (const U *)NULL, 2, keys, vals);
    SA_CUDA__LAUNCHED();
    if ((st = sa_cuda__sort_pairs<U>(w, &keys, B.b[3], &vals, B.b[2], T.m, bits, s))) return st;
    for (int d = 1; d >= 0; d--) {
        U *kfree = keys == B.b[1] ? B.b[3] : B.b[1], *vfree = vals == B.b[2] ? B.b[0] : B.b[2];
        sa_cuda__k_keys_int<U><<<g, SA_CUDA__THREADS, 0, s>>>(R, T, vals, d, kfree, (U *)NULL);
        SA_CUDA__LAUNCHED();
        keys = kfree;
        if ((st = sa_cuda__sort_pairs<U>(w, &keys, keys == B.b[1] ? B.b[3] : B.b[1], &vals, vfree, T.m, bits, s))) return st;
    }
    (*nr)++;
    U *fa, *fb, *c, m, groups;
    sa_cuda__two_free<U>(B, vals, keys, &fa, &fb);
    sa_cuda__k_heads_int<U><<<g, SA_CUDA__THREADS, 0, s>>>(R, vals, T, fa);
    SA_CUDA__LAUNCHED();
    if ((st = sa_cuda__groups0<U>(T, vals, keys, fa, fb, &c, w, s))) return st;
    if ((st = sa_cuda__read_count<U>(w, &m, s, &groups))) return st;
    int stalled = 0;
    if ((st = sa_cuda__rounds<U>(T, B, &c, m, groups, 3, w, s, (U *)NULL, nr, depth, out_words, &stalled))) return st;
    if (stalled && (st = sa_cuda__recurse<U>(T, w, out, out_words, s, nr, depth, levels))) return st;
    /* the first characters' keys in the two halves of out (the merge writes out after) */
    size_t half = sa_cuda__up(sizeof(U) * ((size_t)(n + 2) / 3 + 64)) / sizeof(U);
    if (2 * half > out_words) return SA_CUDA_ERR_INTERNAL;
    sa_cuda__int_keyer<U> key = {R, w.rank, n};
    return sa_cuda__dc3_finish<U, U>(R, T, key, bits, out, out + half, w, s, out);
}

/* The whole sort into d_sa (also used as a work buffer). T.n >= 1, T.m, T.dc filled by the
 * caller are ignored: the path is chosen here (algo 0 = the rule, batches always doubling; the
 * doubling only where the workspace holds its layout, or for the rule's choice on one text its
 * lean layout (sa_cuda__lean_rank): there, where round 0 leaves more than the extension rounds
 * take or those need every rank, the sort starts again by DC3). d_ws: aligned. rounds,
 * algo_out may be NULL; hist_ready: the caller already counted the bytes into the workspace's
 * histogram. */
template <typename U>
static sa_cuda_status sa_cuda__sort(const uint8_t *d_text, sa_cuda__texts<U> T, U *d_sa, void *d_ws, size_t ws_bytes,
                                    int algo, cudaStream_t s, int *rounds, int *algo_out, int hist_ready,
                                    int *levels_out = NULL)
{
    U N = T.n;
    sa_cuda_status st0;
    if (!d_ws) return SA_CUDA_ERR_NULL;
    uintptr_t wa = (uintptr_t)d_ws, al = (wa + SA_CUDA__ALIGN - 1) / SA_CUDA__ALIGN * SA_CUDA__ALIGN;
    if (ws_bytes < SA_CUDA__ALIGN + sizeof(U) * SA_CUDA__MISC_WORDS) return SA_CUDA_ERR_SIZE;
    if (T.count > 1 || N < 2) algo = SA_CUDA__ALGO_DOUBLING;
    /* the workspace is checked before anything is launched: at least DC3's (or the doubling's
     * when that is asked for) */
    size_t need_dbl = algo == SA_CUDA__ALGO_DC3 ? 1 : sa_cuda__layoutT<U>(N, N, 0, NULL, NULL); /* 1: not needed */
    size_t need_min = algo == SA_CUDA__ALGO_DOUBLING ? need_dbl : sa_cuda__layoutT<U>(sa_cuda__dc_items(N), N, 1, NULL, NULL);
    if (!need_dbl || !need_min) return SA_CUDA_ERR_CUDA;
    if (ws_bytes < need_min) return SA_CUDA_ERR_SIZE;
    uint32_t *hist = sa_cuda__hist_of((void *)al); /* misc is first in every layout */
    if (!hist_ready) {
        SA_CUDA__TRY(cudaMemsetAsync(hist, 0, 256 * sizeof(uint32_t), s));
        unsigned hg = sa_cuda__gridn(N);
        sa_cuda__k_hist<<<hg > 1024 ? 1024 : hg, SA_CUDA__THREADS, 0, s>>>(d_text, N, hist);
        SA_CUDA__LAUNCHED();
    }
    uint32_t h_hist[256];
    uint64_t cnt[256];
    SA_CUDA__TRY(cudaMemcpyAsync(h_hist, hist, sizeof h_hist, cudaMemcpyDeviceToHost, s));
    SA_CUDA__TRY(cudaStreamSynchronize(s));
    for (int c = 0; c < 256; c++) cnt[c] = h_hist[c];
    if ((uint64_t)N > 0xFFFFFFFFull) /* 32-bit counters may wrap to 0: every byte value counts as present */
        for (int c = 0; c < 256; c++) cnt[c] = (uint64_t)N / 256;
    int want = algo;
    if (!want) { /* the rule: entropy first; the sampled keys only where that says random */
        want = sa_cuda__rule(cnt, N, 0, 0);
        uint64_t k = sa_cuda__probe_size(N);
        if (want == SA_CUDA__ALGO_DOUBLING && k >= 64) {
            /* the sample lives where every layout has its rank array (after misc); CUB's scratch
             * of DC3's layout (the smallest the call accepts) sorts it */
            sa_cuda__wsT<U> w0;
            if ((st0 = sa_cuda__take_wsT<U>(sa_cuda__dc_items(N), N, 1, d_ws, ws_bytes, &w0))) return st0;
            sa_cuda__pack P32 = sa_cuda__packing(cnt, N, 32, 0, NULL);
            P32.keys0 = 1;
            uint32_t *pk = (uint32_t *)w0.rank, *pk2 = pk + k, *dn = (uint32_t *)w0.misc + 6;
            sa_cuda__k_probe<<<sa_cuda__gridn(k), SA_CUDA__THREADS, 0, s>>>(d_text, N, N / k, P32, (uint32_t)k, pk);
            SA_CUDA__LAUNCHED();
            cub::DoubleBuffer<uint32_t> dk(pk, pk2);
            size_t tb = w0.cub_bytes;
            SA_CUDA__TRY(cub::DeviceRadixSort::SortKeys(w0.cub, tb, dk, (int)k, 0, 32, s));
            SA_CUDA__TRY(cudaMemsetAsync(dn, 0, sizeof(uint32_t), s));
            sa_cuda__k_dups<<<sa_cuda__gridn(k), SA_CUDA__THREADS, 0, s>>>(dk.Current(), (uint32_t)k, dn);
            SA_CUDA__LAUNCHED();
            uint32_t dups = 0;
            SA_CUDA__TRY(cudaMemcpyAsync(&dups, dn, sizeof dups, cudaMemcpyDeviceToHost, s));
            SA_CUDA__TRY(cudaStreamSynchronize(s));
            want = sa_cuda__rule(cnt, N, dups, k);
        }
    }
    int lean = 0; /* the doubling in its lean layout (the default on one text only) */
    if (want == SA_CUDA__ALGO_DOUBLING && !algo && ws_bytes < need_dbl) {
        size_t need_lean = T.count == 1 ? sa_cuda__layoutT<U>(N, N, 0, NULL, NULL, 1) : 0;
        if (need_lean && ws_bytes >= need_lean) lean = 1;
        else want = SA_CUDA__ALGO_DC3;
    }
    T.dc = want == SA_CUDA__ALGO_DC3;
    T.m = T.dc ? sa_cuda__dc_items(N) : N;
    sa_cuda__wsT<U> w;
    sa_cuda_status st = sa_cuda__take_wsT<U>(T.m, N, T.dc, d_ws, ws_bytes, &w, lean);
    if (st) return st;
    /* round 0's keys: a word of U, except that the 64-bit path sorts 32 bits of packed codes
     * where one 32-bit key already tells most suffixes apart (random-like text: half the passes) */
    int kbits = (int)(8 * sizeof(U));
    if (kbits > 32 && sa_cuda__packing(cnt, N, 32, T.count > 1, NULL).keys0 == 1) kbits = 32;
    sa_cuda__pack P = sa_cuda__packing(cnt, N, kbits, T.count > 1, NULL);
    sa_cuda__bufs<U> B = {{d_sa, w.b[0], w.b[1], w.b[2]}};
    U *c = NULL, m, groups = 0; /* groups: in the list (0 = not counted) */
    /* groups are sorted by their first L characters; a round compares items s positions apart
     * (s <= L; a multiple of 3 on the DC3 sample, which keeps p + s in the sample) */
    uint64_t L = (uint64_t)P.kc * (uint64_t)P.keys0;
    int nr = 1;
    U *sorted = NULL, *sa_out = NULL;
    if ((st = sa_cuda__round0<U>(d_text, T, P, B, &c, &sorted, w, s))) return st;
    int ext = 0;
    if (!T.dc && T.count == 1) { /* one text: the unsorted places first (into the rank array) */
        SA_CUDA__TRY(cudaMemsetAsync(w.misc, 0, sizeof(U), s));
        sa_cuda__k_unsorted0<U><<<sa_cuda__gridn((N + SA_CUDA__TILE - 1) / SA_CUDA__TILE), SA_CUDA__THREADS, 0, s>>>(
            d_text, sorted, c, T, P, w.rank, (U)(w.rank_words - 64), w.misc);
        SA_CUDA__LAUNCHED();
        if ((st = sa_cuda__read_count<U>(w, &m, s))) return st;
        ext = sa_cuda__extend_fits<U>(m, N, w);
    }
    int full = 1; /* the extension rounds did not need every rank */
    if (ext) { /* few: round 0's order is the SA but for them; the extension rounds finish it */
        if (sorted != d_sa) SA_CUDA__TRY(cudaMemcpyAsync(d_sa, sorted, sizeof(U) * (size_t)N, cudaMemcpyDeviceToDevice, s));
        if (m > 0 && (st = sa_cuda__extend<U>(d_text, T, P, d_sa, c, w.rank, m, w, s, &L, &nr, &B, &c, &m, &full)))
            return st;
        sa_out = d_sa;
    }
    if (lean && (!ext || !full || SA_CUDA__LEAN_TO_DC3)) /* the lean layout cannot go on: DC3 from the start */
        return sa_cuda__sort<U>(d_text, T, d_sa, d_ws, ws_bytes, SA_CUDA__ALGO_DC3, s, rounds, algo_out, 0, levels_out);
    if (!ext) {
        if ((st = sa_cuda__round0_groups<U>(d_text, T, P, B, sorted, c, &c, w, s))) return st;
        if ((st = sa_cuda__read_count<U>(w, &m, s, &groups))) return st;
    }
    size_t q = ((size_t)m + 128 + 63) / 64 * 64; /* words of each round buffer below */
    if (!ext && !T.dc && 2 * q <= (size_t)N + 64) {
        /* Few suffixes left (random-like text): round 0's order becomes the SA in d_sa now, the
         * rounds write the places of what they sort into it (k_update), and the final scatter
         * sa[rank[i]] = i over all n is not needed. The rounds' four buffers of m words are
         * carved out of the three workspace buffers instead (one holds the list). */
        if (c == d_sa) { /* move the list out of d_sa first */
            U *tmp = w.b[0] != sorted ? w.b[0] : w.b[1];
            SA_CUDA__TRY(cudaMemcpyAsync(tmp, c, sizeof(U) * (size_t)m, cudaMemcpyDeviceToDevice, s));
            c = tmp;
        }
        if (sorted != d_sa) SA_CUDA__TRY(cudaMemcpyAsync(d_sa, sorted, sizeof(U) * (size_t)N, cudaMemcpyDeviceToDevice, s));
        U *o[3];
        int k = 0;
        for (int i = 0; i < 3; i++)
            if (w.b[i] != c) o[k++] = w.b[i];
        if (k != 2) return SA_CUDA_ERR_INTERNAL;
        B.b[0] = c; B.b[1] = o[0]; B.b[2] = o[0] + q; B.b[3] = o[1];
        sa_out = d_sa;
    }
    int stalled = 0;
    if ((st = sa_cuda__rounds<U>(T, B, &c, m, groups, L, w, s, sa_out, &nr, T.dc ? 1 : 0, (size_t)N, &stalled))) return st;
    int levels = 1;
    if (stalled && (st = sa_cuda__recurse<U>(T, w, d_sa, (size_t)N, s, &nr, 1, &levels))) return st;
    if (rounds) *rounds = nr;
    if (levels_out) *levels_out = levels;
    if (algo_out) *algo_out = want;
    if (!T.dc) {
        if (sa_out) return SA_CUDA_OK; /* already in place */
        sa_cuda__k_final<U><<<sa_cuda__gridn(N), SA_CUDA__THREADS, 0, s>>>(w.rank, T, d_sa);
        SA_CUDA__LAUNCHED();
        return SA_CUDA_OK;
    }
    /* the byte keys in the tails of l0's two buffers (each has m + 64 >= n0 + 64 words) */
    size_t k8o = (sizeof(U) * (size_t)((N + 2) / 3) + 15) / 16 * 16;
    sa_cuda__bytes_keyer<U> key = {d_text, w.rank, N};
    return sa_cuda__dc3_finish<U, uint8_t>(d_text, T, key, 8, (uint8_t *)w.b[1] + k8o, (uint8_t *)w.b[2] + k8o, w, s, d_sa);
}

/* ---- LCP (Phi with irreducible positions), one body for both index widths ----------------- */
/* U: the unsigned index type (uint32_t / sa_cuda__u64); the caller's int32 / int64 SA and LCP
 * arrays are read and written as U (their values are in [0, n)). */

template <typename U> static __host__ __device__ __forceinline__ U sa_cuda__none(void) { return ~(U)0; }

template <typename U> static __global__ void sa_cuda__k_phi(const U *sa, U n, U *phi)
{
    SA_CUDA__FOR(U, k, n) {
        U i = sa[k];
        if (i < n) phi[i] = k ? sa[k - 1] : sa_cuda__none<U>();
    }
}

/* plcp[i] for irreducible i (compared up to SA_CUDA__SHORT_LCP bytes; longer ones go to the
 * list), none for reducible i (then plcp[i] = plcp[i-1] - 1). */
template <typename U>
static __global__ void sa_cuda__k_irr(const uint8_t *text, const U *phi, U n, U *plcp, U *list, U *count)
{
    SA_CUDA__FOR(U, i, n) {
        U j = phi[i];
        if (j >= n) { plcp[i] = 0; continue; }
        if (i > 0 && j > 0 && text[i - 1] == text[j - 1]) { plcp[i] = sa_cuda__none<U>(); continue; }
        U lim = n - (i > j ? i : j), l = 0;
        U stop = lim < (U)SA_CUDA__SHORT_LCP ? lim : (U)SA_CUDA__SHORT_LCP;
        while (l < stop && text[i + l] == text[j + l]) l++;
        plcp[i] = l;
        if (l == (U)SA_CUDA__SHORT_LCP && l < lim) list[atomicAdd(count, (U)1)] = i;
    }
}

/* One block per long comparison: 16 bytes per thread per step. */
template <typename U>
static __global__ void sa_cuda__k_long(const uint8_t *text, const U *phi, U n, U *plcp, const U *list, const U *count)
{
    __shared__ U first;
    U cnt = *count;
    for (U it = blockIdx.x; it < cnt; it += gridDim.x) {
        U i = list[it], j = phi[i];
        U lim = n - (i > j ? i : j), l = plcp[i];
        for (;;) {
            if (threadIdx.x == 0) first = sa_cuda__none<U>();
            __syncthreads();
            U base = l + (U)threadIdx.x * 16;
            for (U q = 0; q < 16; q++) {
                U o = base + q;
                if (o >= lim || text[i + o] != text[j + o]) { atomicMin(&first, o); break; }
            }
            __syncthreads();
            U f = first;
            __syncthreads();
            if (f != sa_cuda__none<U>()) { l = f; break; }
            l += (U)blockDim.x * 16;
        }
        if (threadIdx.x == 0) plcp[i] = l;
    }
}

template <typename U> static __global__ void sa_cuda__k_irrpos(const U *plcp, U n, U *v)
{
    SA_CUDA__FOR(U, i, n) v[i] = plcp[i] != sa_cuda__none<U>() ? i : (U)0;
}

template <typename U>
static __global__ void sa_cuda__k_gather(const U *sa, const U *plcp, const U *r, U k0, U k1, U *lcp)
{
    SA_CUDA__FOR(U, d, k1 - k0) {
        U k = k0 + d, i = sa[k], ri = r[i];
        lcp[k] = plcp[ri] - (i - ri);
    }
}

/* Everything up to the gather; r and plcp stay in the workspace for sa_cuda__lcp_gather. */
template <typename U>
static sa_cuda_status sa_cuda__lcp_prepare(const uint8_t *d_text, const U *d_sa, U n, U *d_lcp, sa_cuda__wsT<U> &w,
                                           cudaStream_t s)
{
    /* the list of long comparisons lives in the LCP output until the gather writes it */
    U *phi = w.b[0], *plcp = w.b[1], *v = w.rank, *r = w.b[2], *list = d_lcp, *cnt = w.misc;
    unsigned g = sa_cuda__gridn(n);
    SA_CUDA__TRY(cudaMemsetAsync(cnt, 0, sizeof(U), s));
    sa_cuda__k_phi<U><<<g, SA_CUDA__THREADS, 0, s>>>(d_sa, n, phi);
    SA_CUDA__LAUNCHED();
    sa_cuda__k_irr<U><<<g, SA_CUDA__THREADS, 0, s>>>(d_text, phi, n, plcp, list, cnt);
    SA_CUDA__LAUNCHED();
    sa_cuda__k_long<U><<<2048, SA_CUDA__THREADS, 0, s>>>(d_text, phi, n, plcp, list, cnt);
    SA_CUDA__LAUNCHED();
    sa_cuda__k_irrpos<U><<<g, SA_CUDA__THREADS, 0, s>>>(plcp, n, v);
    SA_CUDA__LAUNCHED();
    size_t tb = w.cub_bytes;
    SA_CUDA__TRY(cub::DeviceScan::InclusiveScan(w.cub, tb, v, r, sa_cuda__maxU(), n, s));
    return SA_CUDA_OK;
}

template <typename U>
static sa_cuda_status sa_cuda__lcp_gather(const U *d_sa, U k0, U k1, U *d_lcp, const sa_cuda__wsT<U> &w, cudaStream_t s)
{
    if (k1 <= k0) return SA_CUDA_OK;
    sa_cuda__k_gather<U><<<sa_cuda__gridn(k1 - k0), SA_CUDA__THREADS, 0, s>>>(d_sa, w.b[1], w.b[2], k0, k1, d_lcp);
    SA_CUDA__LAUNCHED();
    return SA_CUDA_OK;
}

/* ---- LRS ----------------------------------------------------------------------------------- */

/* scratch (U words): [0] len (the max lcp), [1] its smallest index k0, [2] end of the run,
 * [3] the smallest position */
template <typename U> static __global__ void sa_cuda__k_lrs_init(U *scr, U n)
{
    scr[0] = 0; scr[1] = sa_cuda__none<U>(); scr[2] = n; scr[3] = sa_cuda__none<U>();
}

template <typename U> static __global__ void sa_cuda__k_lrs_max(const U *lcp, U n, U *scr)
{
    typedef cub::BlockReduce<U, SA_CUDA__THREADS> R;
    __shared__ typename R::TempStorage tmp;
    U v = 0;
    for (U k = (U)blockIdx.x * blockDim.x + threadIdx.x + 1; k < n; k += (U)gridDim.x * blockDim.x)
        if (lcp[k] > v) v = lcp[k];
    U bm = R(tmp).Reduce(v, sa_cuda__maxU());
    if (threadIdx.x == 0 && bm) atomicMax(&scr[0], bm);
}

template <typename U> static __global__ void sa_cuda__k_lrs_first(const U *lcp, U n, U *scr)
{
    U L = scr[0];
    if (!L) return;
    for (U k = (U)blockIdx.x * blockDim.x + threadIdx.x + 1; k < n; k += (U)gridDim.x * blockDim.x)
        if (lcp[k] == L) { atomicMin(&scr[1], k); return; }
}

template <typename U> static __global__ void sa_cuda__k_lrs_end(const U *lcp, U n, U *scr)
{
    U L = scr[0], k0 = scr[1];
    if (!L) return;
    for (U k = k0 + 1 + (U)blockIdx.x * blockDim.x + threadIdx.x; k < n; k += (U)gridDim.x * blockDim.x)
        if (lcp[k] < L) { atomicMin(&scr[2], k); return; }
}

template <typename U> static __global__ void sa_cuda__k_lrs_pos(const U *sa, U *scr)
{
    U L = scr[0], k0 = scr[1], e = scr[2], mn = sa_cuda__none<U>();
    if (!L) return;
    for (U k = k0 - 1 + (U)blockIdx.x * blockDim.x + threadIdx.x; k < e; k += (U)gridDim.x * blockDim.x)
        if (sa[k] < mn) mn = sa[k];
    if (mn != sa_cuda__none<U>()) atomicMin(&scr[3], mn);
}

template <typename U> static __global__ void sa_cuda__k_lrs_done(const U *scr, sa_cuda_lrs_result *out)
{
    sa_cuda_lrs_result r = {0, 0, 0, 0};
    if (scr[0]) {
        r.len = (int64_t)scr[0];
        r.sa_index = (int64_t)scr[1];
        r.pos = (int64_t)scr[3];
        r.count = (int64_t)scr[2] - (int64_t)(scr[1] - 1);
    }
    *out = r;
}

/* ---- validation ---------------------------------------------------------------------------- */

template <typename U, typename S>
static __global__ void sa_cuda__k_val_perm(const S *sa, U n, U *inv, uint32_t *bits, int32_t *flag)
{
    SA_CUDA__FOR(U, k, n) {
        S v = sa[k];
        if (v < 0 || (U)v >= n) { atomicMax(flag, 3); continue; }
        uint32_t bit = 1u << ((U)v & 31), old = atomicOr(&bits[(U)v >> 5], bit);
        if (old & bit) { atomicMax(flag, 2); continue; }
        inv[v] = k;
    }
}

template <typename U, typename S>
static __global__ void sa_cuda__k_val_order(const uint8_t *text, const S *sa, U n, const U *inv, int32_t *flag)
{
    if (*flag) return;
    for (U k = (U)blockIdx.x * blockDim.x + threadIdx.x + 1; k < n; k += (U)gridDim.x * blockDim.x) {
        U a = (U)sa[k - 1], b = (U)sa[k];
        int ok;
        if (text[a] != text[b]) ok = text[a] < text[b];
        else if (a + 1 == n) ok = 1; /* a is the one-byte prefix of b */
        else if (b + 1 == n) ok = 0;
        else ok = inv[a + 1] < inv[b + 1];
        if (!ok) { atomicMax(flag, 1); return; }
    }
}

/* ---- public: device API -------------------------------------------------------------------- */

SA_CUDA_DEF sa_cuda_options sa_cuda_options_default(void)
{
    sa_cuda_options o = SA_CUDA_OPTIONS_INIT;
    return o;
}

SA_CUDA_DEF const char *sa_cuda_status_string(sa_cuda_status status)
{
    switch (status) {
    case SA_CUDA_OK: return "ok";
    case SA_CUDA_ERR_NULL: return "a required pointer argument is NULL: pass device text, SA and workspace pointers";
    case SA_CUDA_ERR_ARG: return "an invalid argument (text count, offsets or options)";
    case SA_CUDA_ERR_SIZE: return "size out of range: n must be 0 <= n < 2^31 - 1 (the ...64 calls: n <= 2^40) and the workspace at least the size query's bytes";
    case SA_CUDA_ERR_NOMEM: return "not enough device memory (cudaMalloc failed)";
    case SA_CUDA_ERR_CUDA: return "a CUDA call or kernel launch failed (no GPU, or see cudaGetLastError)";
    case SA_CUDA_ERR_MPI: return "an MPI call failed (sa_cuda.cuh itself never returns this)";
    case SA_CUDA_ERR_INTERNAL: return "internal error in sa_cuda.cuh: please report it";
    }
    return "unknown sa_cuda_status";
}

SA_CUDA_DEF size_t sa_cuda_workspace_size(int64_t n)
{
    if (n < 0 || n > INT32_MAX - 1) return 0;
    return sa_cuda__ws_any<uint32_t>((uint32_t)n);
}

SA_CUDA_DEF size_t sa_cuda_build_workspace_size(int64_t n)
{
    if (n < 0 || n > INT32_MAX - 1) return 0;
    return sa_cuda__ws_build<uint32_t>((uint32_t)n);
}

SA_CUDA_DEF size_t sa_cuda_build_algo_workspace_size(int64_t n, sa_cuda_algorithm algo)
{
    if (n < 0 || n > INT32_MAX - 1 || (int)algo < 0 || (int)algo > 2) return 0;
    return sa_cuda__ws_algo<uint32_t>((uint32_t)n, (int)algo);
}

SA_CUDA_DEF sa_cuda_algorithm sa_cuda_default_algorithm(const uint64_t counts[256], int64_t n, int64_t sample_dups,
                                                        int64_t samples)
{
    if (!counts || n < 2 || sample_dups < 0 || samples < 0) return SA_CUDA_ALGO_DOUBLING;
    return (sa_cuda_algorithm)sa_cuda__rule(counts, (uint64_t)n, (uint64_t)sample_dups, (uint64_t)samples);
}

SA_CUDA_DEF int64_t sa_cuda_default_samples(int64_t n)
{
    return n < 2 ? 0 : (int64_t)sa_cuda__probe_size((uint64_t)n);
}

SA_CUDA_DEF size_t sa_cuda_batch_workspace_size(int64_t total, int64_t count)
{
    if (count < 1 || count > INT32_MAX - 1 || total < 0 || total > INT32_MAX - 1) return 0;
    return sa_cuda__layoutT<uint32_t>((uint32_t)total, (uint32_t)total, 0, NULL, NULL);
}

/* The 32-bit sorter's SA (tmp) widened into the caller's int64 SA. */
static __global__ void sa_cuda__k_widen(const uint32_t *tmp, sa_cuda__u64 n, sa_cuda__u64 *sa)
{
    SA_CUDA__FOR(sa_cuda__u64, k, n) sa[k] = tmp[k];
}

/* Which sorter the ...64 calls run for n (and the asked-for algorithm): 0 the 64-bit words;
 * 1 the 32-bit sorter, either path (n < 2^31 - 1); 2 the 32-bit sorter's DC3 (n up to
 * SA_CUDA__NARROW_DC3, not when the doubling is asked for: its items are all n suffixes, whose
 * places would need the top bit that the rounds use as a flag). DC3 on 32-bit words is exact
 * while the sample's 2n/3 places stay below 2^31 and the text's positions below 2^32. */
#define SA_CUDA__NARROW_DC3 (((int64_t)3 << 30) - 1)
static int sa_cuda__narrow(uint64_t n, int algo)
{
    if (!SA_CUDA_NARROW64) return 0;
    if (n <= (uint64_t)INT32_MAX - 1) return 1;
    return n <= (uint64_t)SA_CUDA__NARROW_DC3 && algo != SA_CUDA__ALGO_DOUBLING ? 2 : 0;
}

/* The workspace the ...64 build needs for n and the asked-for sorter (sa_cuda__sort_one's check;
 * sa_cuda_build_algo_workspace_size64). On the 32-bit words below 2^31 - 1 the default keeps room
 * for the doubling, so that the rule's choice runs as on the 32-bit calls; a forced sorter needs
 * only its own; the widening's copy (4n bytes at the workspace's start) fits every one of them. */
static size_t sa_cuda__ws_algo64(uint64_t n, int algo)
{
    switch (sa_cuda__narrow(n, algo)) {
    case 1: return algo == (int)SA_CUDA_ALGO_DEFAULT ? sa_cuda__ws_any<uint32_t>((uint32_t)n)
                                                    : sa_cuda__ws_algo<uint32_t>((uint32_t)n, algo);
    case 2: return sa_cuda__ws_build<uint32_t>((uint32_t)n); /* 32-bit words, DC3 */
    default: return sa_cuda__ws_algo<sa_cuda__u64>((sa_cuda__u64)n, algo);
    }
}

/* The SA of one text. The 64-bit calls that sa_cuda__narrow allows run the 32-bit sorter (the
 * same templates on 32-bit words: half the memory traffic and workspace) into the first half
 * of d_sa, then widen it through the workspace; otherwise the sorter on 64-bit words. */
template <typename U>
static sa_cuda_status sa_cuda__sort_one(const uint8_t *d_text, U n, U *d_sa, void *d_ws, size_t ws_bytes, int algo,
                                        cudaStream_t s, int *rounds, int *algo_out, int hist_ready, int *levels = NULL)
{
    int narrow = sizeof(U) > 4 ? sa_cuda__narrow((uint64_t)n, algo) : 0;
    if (narrow) {
        size_t need = sa_cuda__ws_algo64((uint64_t)n, algo); /* sa_cuda_build_algo_workspace_size64's */
        if (!d_ws) return SA_CUDA_ERR_NULL;
        if (!need) return SA_CUDA_ERR_CUDA;
        if (ws_bytes < need) return SA_CUDA_ERR_SIZE;
        if (narrow == 2) algo = SA_CUDA__ALGO_DC3;
        sa_cuda__texts<uint32_t> T = {NULL, 1, (uint32_t)n, (uint32_t)n, 0};
        sa_cuda_status st = sa_cuda__sort<uint32_t>(d_text, T, (uint32_t *)d_sa, d_ws, ws_bytes, algo, s, rounds,
                                                    algo_out, hist_ready, levels);
        if (st) return st;
        uint32_t *tmp = (uint32_t *)(((uintptr_t)d_ws + SA_CUDA__ALIGN - 1) / SA_CUDA__ALIGN * SA_CUDA__ALIGN);
        SA_CUDA__TRY(cudaMemcpyAsync(tmp, d_sa, 4 * (size_t)n, cudaMemcpyDeviceToDevice, s));
        sa_cuda__k_widen<<<sa_cuda__gridn(n), SA_CUDA__THREADS, 0, s>>>(tmp, (sa_cuda__u64)n, (sa_cuda__u64 *)d_sa);
        SA_CUDA__LAUNCHED();
        return SA_CUDA_OK;
    }
    sa_cuda__texts<U> T = {NULL, 1, n, n, 0};
    return sa_cuda__sort<U>(d_text, T, d_sa, d_ws, ws_bytes, algo, s, rounds, algo_out, hist_ready, levels);
}

/* One body for both widths: the argument checks and the call of the sorter. */
template <typename U, typename S>
static sa_cuda_status sa_cuda__build(const uint8_t *d_text, S *d_sa, int64_t n, int64_t max_n, sa_cuda_algorithm algo,
                                     void *d_ws, size_t ws_bytes, cudaStream_t stream)
{
    if (n < 0 || n > max_n) return SA_CUDA_ERR_SIZE;
    if ((int)algo < 0 || (int)algo > 2) return SA_CUDA_ERR_ARG;
    if (n == 0) return SA_CUDA_OK;
    if (!d_text || !d_sa || !d_ws) return SA_CUDA_ERR_NULL;
    return sa_cuda__sort_one<U>(d_text, (U)n, (U *)d_sa, d_ws, ws_bytes, (int)algo, stream, NULL, NULL, 0);
}

SA_CUDA_DEF sa_cuda_status sa_cuda_build(const uint8_t *d_text, int32_t *d_sa, int64_t n, void *d_ws, size_t ws_bytes,
                                         cudaStream_t stream)
{
    return sa_cuda__build<uint32_t>(d_text, d_sa, n, INT32_MAX - 1, SA_CUDA_ALGO_DEFAULT, d_ws, ws_bytes, stream);
}

SA_CUDA_DEF sa_cuda_status sa_cuda_build_algo(const uint8_t *d_text, int32_t *d_sa, int64_t n, sa_cuda_algorithm algo,
                                              void *d_ws, size_t ws_bytes, cudaStream_t stream)
{
    return sa_cuda__build<uint32_t>(d_text, d_sa, n, INT32_MAX - 1, algo, d_ws, ws_bytes, stream);
}

SA_CUDA_DEF sa_cuda_status sa_cuda_build_batch(const uint8_t *d_text, int64_t total, const int32_t *d_offsets,
                                               int64_t count, int32_t *d_sa, void *d_ws, size_t ws_bytes,
                                               cudaStream_t stream)
{
    if (total < 0 || total > INT32_MAX - 1) return SA_CUDA_ERR_SIZE;
    if (count < 1 || count > INT32_MAX - 1) return SA_CUDA_ERR_ARG;
    if (!d_offsets) return SA_CUDA_ERR_NULL;
    if (total == 0) return SA_CUDA_OK;
    if (!d_text || !d_sa || !d_ws) return SA_CUDA_ERR_NULL;
    sa_cuda__texts<uint32_t> T = {(const uint32_t *)d_offsets, (uint32_t)count, (uint32_t)total, (uint32_t)total, 0};
    sa_cuda_status st;
    if ((st = sa_cuda__sort<uint32_t>(d_text, T, (uint32_t *)d_sa, d_ws, ws_bytes, SA_CUDA__ALGO_DOUBLING, stream, NULL,
                                      NULL, 0)))
        return st;
    if (count > 1) {
        sa_cuda__k_localize<<<sa_cuda__gridn(total), SA_CUDA__THREADS, 0, stream>>>(d_sa, T);
        SA_CUDA__LAUNCHED();
    }
    return SA_CUDA_OK;
}

/* One body for both widths (U: the index type, S: the caller's signed SA / LCP type). */
template <typename U, typename S>
static sa_cuda_status sa_cuda__lcp(const uint8_t *d_text, const S *d_sa, S *d_lcp, int64_t n, int64_t max_n, void *d_ws,
                                   size_t ws_bytes, cudaStream_t stream)
{
    if (n < 0 || n > max_n) return SA_CUDA_ERR_SIZE;
    if (n == 0) return SA_CUDA_OK;
    if (!d_text || !d_sa || !d_lcp) return SA_CUDA_ERR_NULL;
    sa_cuda__wsT<U> w;
    sa_cuda_status st = sa_cuda__take_wsT<U>((U)n, (U)n, 0, d_ws, ws_bytes, &w);
    if (st) return st;
    if ((st = sa_cuda__lcp_prepare<U>(d_text, (const U *)d_sa, (U)n, (U *)d_lcp, w, stream))) return st;
    return sa_cuda__lcp_gather<U>((const U *)d_sa, 0, (U)n, (U *)d_lcp, w, stream);
}

template <typename U, typename S>
static sa_cuda_status sa_cuda__lrs(const S *d_sa, const S *d_lcp, int64_t n, int64_t max_n, sa_cuda_lrs_result *d_result,
                                   void *d_ws, size_t ws_bytes, cudaStream_t stream)
{
    if (n < 0 || n > max_n) return SA_CUDA_ERR_SIZE;
    if (!d_result) return SA_CUDA_ERR_NULL;
    if (n > 0 && (!d_sa || !d_lcp)) return SA_CUDA_ERR_NULL;
    sa_cuda__wsT<U> w;
    sa_cuda_status st = sa_cuda__take_wsT<U>((U)n, (U)n, 0, d_ws, ws_bytes, &w);
    if (st) return st;
    U N = (U)n, *scr = w.misc + 8;
    const U *sa = (const U *)d_sa, *lcp = (const U *)d_lcp;
    sa_cuda__k_lrs_init<U><<<1, 1, 0, stream>>>(scr, N);
    SA_CUDA__LAUNCHED();
    if (N >= 2) {
        unsigned g = sa_cuda__gridn(N);
        if (g > 4096) g = 4096;
        sa_cuda__k_lrs_max<U><<<g, SA_CUDA__THREADS, 0, stream>>>(lcp, N, scr);
        SA_CUDA__LAUNCHED();
        sa_cuda__k_lrs_first<U><<<g, SA_CUDA__THREADS, 0, stream>>>(lcp, N, scr);
        SA_CUDA__LAUNCHED();
        sa_cuda__k_lrs_end<U><<<g, SA_CUDA__THREADS, 0, stream>>>(lcp, N, scr);
        SA_CUDA__LAUNCHED();
        sa_cuda__k_lrs_pos<U><<<g, SA_CUDA__THREADS, 0, stream>>>(sa, scr);
        SA_CUDA__LAUNCHED();
    }
    sa_cuda__k_lrs_done<U><<<1, 1, 0, stream>>>(scr, d_result);
    SA_CUDA__LAUNCHED();
    return SA_CUDA_OK;
}

template <typename U, typename S>
static sa_cuda_status sa_cuda__validate(const uint8_t *d_text, const S *d_sa, int64_t n, int64_t max_n, int32_t *d_flag,
                                        void *d_ws, size_t ws_bytes, cudaStream_t stream)
{
    if (n < 0 || n > max_n) return SA_CUDA_ERR_SIZE;
    if (!d_flag) return SA_CUDA_ERR_NULL;
    if (n > 0 && (!d_text || !d_sa)) return SA_CUDA_ERR_NULL;
    sa_cuda__wsT<U> w;
    sa_cuda_status st = sa_cuda__take_wsT<U>((U)n, (U)n, 0, d_ws, ws_bytes, &w);
    if (st) return st;
    U N = (U)n;
    SA_CUDA__TRY(cudaMemsetAsync(d_flag, 0, sizeof(int32_t), stream));
    if (N == 0) return SA_CUDA_OK;
    uint32_t *bits = (uint32_t *)w.rank;
    SA_CUDA__TRY(cudaMemsetAsync(bits, 0, ((size_t)N + 31) / 32 * 4, stream));
    sa_cuda__k_val_perm<U, S><<<sa_cuda__gridn(N), SA_CUDA__THREADS, 0, stream>>>(d_sa, N, w.b[0], bits, d_flag);
    SA_CUDA__LAUNCHED();
    sa_cuda__k_val_order<U, S><<<sa_cuda__gridn(N), SA_CUDA__THREADS, 0, stream>>>(d_text, d_sa, N, w.b[0], d_flag);
    SA_CUDA__LAUNCHED();
    return SA_CUDA_OK;
}

SA_CUDA_DEF sa_cuda_status sa_cuda_lcp(const uint8_t *d_text, const int32_t *d_sa, int32_t *d_lcp, int64_t n, void *d_ws,
                                       size_t ws_bytes, cudaStream_t stream)
{
    return sa_cuda__lcp<uint32_t>(d_text, d_sa, d_lcp, n, INT32_MAX - 1, d_ws, ws_bytes, stream);
}

SA_CUDA_DEF sa_cuda_status sa_cuda_lrs(const int32_t *d_sa, const int32_t *d_lcp, int64_t n,
                                       sa_cuda_lrs_result *d_result, void *d_ws, size_t ws_bytes, cudaStream_t stream)
{
    return sa_cuda__lrs<uint32_t>(d_sa, d_lcp, n, INT32_MAX - 1, d_result, d_ws, ws_bytes, stream);
}

SA_CUDA_DEF sa_cuda_status sa_cuda_validate(const uint8_t *d_text, const int32_t *d_sa, int64_t n, int32_t *d_flag,
                                            void *d_ws, size_t ws_bytes, cudaStream_t stream)
{
    return sa_cuda__validate<uint32_t>(d_text, d_sa, n, INT32_MAX - 1, d_flag, d_ws, ws_bytes, stream);
}

/* ---- public: host convenience -------------------------------------------------------------- */

/* One cudaMalloc for everything; streams and events; freed together on every path. */
struct sa_cuda__host {
    void *mem;
    cudaStream_t s[4];
    cudaEvent_t ev[8];
    int ns, ne;
};

static void sa_cuda__host_free(sa_cuda__host *H)
{
    for (int i = 0; i < H->ne; i++) cudaEventDestroy(H->ev[i]);
    for (int i = 0; i < H->ns; i++) cudaStreamDestroy(H->s[i]);
    if (H->mem) cudaFree(H->mem);
    H->mem = NULL;
    H->ns = H->ne = 0;
}

static sa_cuda_status sa_cuda__host_init(sa_cuda__host *H, size_t bytes, int streams)
{
    memset(H, 0, sizeof *H);
    if (cudaMalloc(&H->mem, bytes ? bytes : 1) != cudaSuccess) {
        cudaGetLastError(); /* an allocation failure is not sticky: clear it */
        H->mem = NULL;
        return SA_CUDA_ERR_NOMEM;
    }
    for (int i = 0; i < streams; i++) {
        if (cudaStreamCreateWithFlags(&H->s[i], cudaStreamNonBlocking) != cudaSuccess) {
            sa_cuda__host_free(H);
            return SA_CUDA_ERR_CUDA;
        }
        H->ns++;
    }
    for (int i = 0; i < 8; i++) {
        if (cudaEventCreate(&H->ev[i]) != cudaSuccess) { sa_cuda__host_free(H); return SA_CUDA_ERR_CUDA; }
        H->ne++;
    }
    return SA_CUDA_OK;
}

static double sa_cuda__elapsed(cudaEvent_t a, cudaEvent_t b)
{
    float ms = 0;
    if (cudaEventElapsedTime(&ms, a, b) != cudaSuccess) return 0;
    return ms * 1e-3;
}

/* One body for both widths: U the index type, S the caller's SA / LCP type, max_n the width's limit. */
template <typename U, typename S>
static sa_cuda_status sa_cuda__host_compute(const uint8_t *text, int64_t n, S *sa, S *lcp, sa_cuda_lrs_result *lrs,
                                            const sa_cuda_options *opt, sa_cuda_stats *stats, int64_t max_n)
{
    sa_cuda_options o;
    memset(&o, 0, sizeof o);
    if (opt) o = *opt;
    if (stats) memset(stats, 0, sizeof *stats);
    if (n < 0 || n > max_n) return SA_CUDA_ERR_SIZE;
    if (o.streams < 0 || o.streams > 4 || o.batch_groups < 0 || (int)o.algorithm < 0 || (int)o.algorithm > 2)
        return SA_CUDA_ERR_ARG;
    if (n > 0 && (!text || !sa)) return SA_CUDA_ERR_NULL;
    if (n == 0) {
        if (lrs) memset(lrs, 0, sizeof *lrs);
        return SA_CUDA_OK;
    }
    int multi = o.streams >= 2;
    int want_lcp = lcp || lrs;
    size_t ws = sa_cuda__ws_any<U>((U)n);
    if (!ws) return SA_CUDA_ERR_CUDA;
    size_t o_sa = sa_cuda__up((size_t)n), o_lcp = o_sa + sa_cuda__up(sizeof(S) * (size_t)n);
    size_t o_res = o_lcp + (want_lcp ? sa_cuda__up(sizeof(S) * (size_t)n) : 0), o_ws = o_res + SA_CUDA__ALIGN;
    size_t bytes = o_ws + ws;
    sa_cuda__host H;
    sa_cuda_status st = sa_cuda__host_init(&H, bytes, multi ? 2 : 1);
    if (st) return st;
    char *base = (char *)H.mem;
    uint8_t *d_text = (uint8_t *)base;
    S *d_sa = (S *)(base + o_sa), *d_lcp = (S *)(base + o_lcp);
    sa_cuda_lrs_result *d_res = (sa_cuda_lrs_result *)(base + o_res);
    void *d_ws = base + o_ws;
    cudaStream_t s0 = H.s[0], s1 = multi ? H.s[1] : H.s[0];
    cudaEvent_t *E = H.ev; /* 0 start, 1 uploaded, 2 SA done, 3 kernels done, 4 end, 5 SA down, 6-7 chunks */
    sa_cuda__wsT<U> w;
    int rounds = 0;
    U N = (U)n;
    int algo_used = 0, levels = 0;
    if ((st = sa_cuda__take_wsT<U>(N, N, 0, d_ws, ws, &w))) goto done;
#define SA_CUDA__H(call) do { if ((call) != cudaSuccess) { st = SA_CUDA_ERR_CUDA; goto done; } } while (0)
    SA_CUDA__H(cudaEventRecord(E[0], s0));
    if (multi) {
        /* chunked upload on the second stream; the first counts each chunk's bytes (the
         * alphabet, the first thing the sort needs) as soon as it has arrived */
        size_t chunk = (size_t)1 << 24;
        SA_CUDA__H(cudaStreamWaitEvent(s1, E[0], 0));
        SA_CUDA__H(cudaMemsetAsync(sa_cuda__hist_of(w.misc), 0, 256 * sizeof(uint32_t), s0));
        for (size_t off = 0; off < (size_t)n; off += chunk) {
            size_t len = (size_t)n - off < chunk ? (size_t)n - off : chunk;
            SA_CUDA__H(cudaMemcpyAsync(d_text + off, text + off, len, cudaMemcpyHostToDevice, s1));
            SA_CUDA__H(cudaEventRecord(E[7], s1));
            SA_CUDA__H(cudaStreamWaitEvent(s0, E[7], 0));
            unsigned hg = sa_cuda__grid(len);
            sa_cuda__k_hist<<<hg > 1024 ? 1024 : hg, SA_CUDA__THREADS, 0, s0>>>(d_text + off, (uint64_t)len, sa_cuda__hist_of(w.misc));
            if (cudaPeekAtLastError() != cudaSuccess) { st = SA_CUDA_ERR_CUDA; goto done; }
        }
    } else {
        SA_CUDA__H(cudaMemcpyAsync(d_text, text, (size_t)n, cudaMemcpyHostToDevice, s0));
    }
    SA_CUDA__H(cudaEventRecord(E[1], s0));
    if ((st = sa_cuda__sort_one<U>(d_text, N, (U *)d_sa, d_ws, ws, (int)o.algorithm, s0, &rounds, &algo_used, multi,
                                   &levels)))
        goto done;
    SA_CUDA__H(cudaEventRecord(E[2], s0));
    if (multi) {
        /* the SA goes down on the second stream while the LCP is computed on the first */
        SA_CUDA__H(cudaStreamWaitEvent(s1, E[2], 0));
        SA_CUDA__H(cudaMemcpyAsync(sa, d_sa, sizeof(S) * (size_t)n, cudaMemcpyDeviceToHost, s1));
        SA_CUDA__H(cudaEventRecord(E[5], s1));
        if (want_lcp) {
            if ((st = sa_cuda__lcp_prepare<U>(d_text, (const U *)d_sa, N, (U *)d_lcp, w, s0))) goto done;
            /* the LCP in chunks: each goes down while the next is gathered */
            U chunk = (U)1 << 24;
            for (U k0 = 0; k0 < N; k0 += chunk) {
                U k1 = N - k0 < chunk ? N : k0 + chunk;
                if ((st = sa_cuda__lcp_gather<U>((const U *)d_sa, k0, k1, (U *)d_lcp, w, s0))) goto done;
                if (lcp) {
                    SA_CUDA__H(cudaEventRecord(E[6], s0));
                    SA_CUDA__H(cudaStreamWaitEvent(s1, E[6], 0));
                    SA_CUDA__H(cudaMemcpyAsync(lcp + k0, d_lcp + k0, sizeof(S) * (size_t)(k1 - k0), cudaMemcpyDeviceToHost, s1));
                }
            }
            if (lrs && (st = sa_cuda__lrs<U>(d_sa, d_lcp, n, max_n, d_res, d_ws, ws, s0))) goto done;
        }
        SA_CUDA__H(cudaEventRecord(E[3], s0));
        if (lrs) SA_CUDA__H(cudaMemcpyAsync(lrs, d_res, sizeof *lrs, cudaMemcpyDeviceToHost, s0));
        SA_CUDA__H(cudaEventRecord(E[6], s1));
        SA_CUDA__H(cudaStreamWaitEvent(s0, E[6], 0));
        SA_CUDA__H(cudaEventRecord(E[4], s0));
    } else {
        if (want_lcp) {
            if ((st = sa_cuda__lcp<U>(d_text, d_sa, d_lcp, n, max_n, d_ws, ws, s0))) goto done;
            if (lrs && (st = sa_cuda__lrs<U>(d_sa, d_lcp, n, max_n, d_res, d_ws, ws, s0))) goto done;
        }
        SA_CUDA__H(cudaEventRecord(E[3], s0));
        SA_CUDA__H(cudaMemcpyAsync(sa, d_sa, sizeof(S) * (size_t)n, cudaMemcpyDeviceToHost, s0));
        if (lcp) SA_CUDA__H(cudaMemcpyAsync(lcp, d_lcp, sizeof(S) * (size_t)n, cudaMemcpyDeviceToHost, s0));
        if (lrs) SA_CUDA__H(cudaMemcpyAsync(lrs, d_res, sizeof *lrs, cudaMemcpyDeviceToHost, s0));
        SA_CUDA__H(cudaEventRecord(E[4], s0));
    }
    SA_CUDA__H(cudaStreamSynchronize(s0));
    SA_CUDA__H(cudaStreamSynchronize(s1));
    if (stats) {
        stats->time_h2d = sa_cuda__elapsed(E[0], E[1]);
        stats->time_sa = sa_cuda__elapsed(E[1], E[2]);
        stats->time_kernel = sa_cuda__elapsed(E[1], E[3]);
        stats->time_d2h = sa_cuda__elapsed(E[3], E[4]);
        stats->time_total = sa_cuda__elapsed(E[0], E[4]);
        stats->device_bytes = bytes;
        stats->rounds = rounds;
        stats->algorithm = algo_used;
        stats->levels = levels;
    }
#undef SA_CUDA__H
done:
    if (st) cudaDeviceSynchronize(); /* nothing may still use the memory freed below */
    sa_cuda__host_free(&H);
    return st;
}

SA_CUDA_DEF sa_cuda_status sa_cuda_host_compute(const uint8_t *text, int64_t n, int32_t *sa, int32_t *lcp,
                                                sa_cuda_lrs_result *lrs, const sa_cuda_options *opt,
                                                sa_cuda_stats *stats)
{
    return sa_cuda__host_compute<uint32_t>(text, n, sa, lcp, lrs, opt, stats, INT32_MAX - 1);
}

/* Group g of `groups` holds texts [t0, t1): boundaries where the running size passes
 * total * g / groups (a group can be empty when one text is larger than a share). */
static int64_t sa_cuda__group_start(const int64_t *off, int64_t count, int64_t groups, int64_t g)
{
    if (g <= 0) return 0;
    if (g >= groups) return count;
    int64_t goal = (int64_t)((double)off[count] * (double)g / (double)groups), lo = 0, hi = count;
    while (lo < hi) { /* first t with off[t] >= goal */
        int64_t mid = lo + (hi - lo) / 2;
        if (off[mid] < goal) lo = mid + 1; else hi = mid;
    }
    return lo;
}

SA_CUDA_DEF sa_cuda_status sa_cuda_host_batch(const uint8_t *texts, const int64_t *offsets, int64_t count, int32_t *sa,
                                              const sa_cuda_options *opt, sa_cuda_stats *stats)
{
    sa_cuda_options o;
    memset(&o, 0, sizeof o);
    if (opt) o = *opt;
    if (stats) memset(stats, 0, sizeof *stats);
    if (!offsets) return SA_CUDA_ERR_NULL;
    if (count < 1 || count > INT32_MAX - 1 || o.streams < 0 || o.streams > 4 || o.batch_groups < 0)
        return SA_CUDA_ERR_ARG;
    if (offsets[0] != 0) return SA_CUDA_ERR_ARG;
    for (int64_t t = 0; t < count; t++)
        if (offsets[t + 1] < offsets[t]) return SA_CUDA_ERR_ARG;
    int64_t total = offsets[count];
    if (total > INT32_MAX - 1) return SA_CUDA_ERR_SIZE;
    if (total == 0) return SA_CUDA_OK;
    if (!texts || !sa) return SA_CUDA_ERR_NULL;
    int ns = o.streams >= 2 ? o.streams : 1;
    int64_t groups = o.batch_groups ? o.batch_groups : (ns > 1 ? 2 * ns : 1);
    if (groups > count) groups = count;
    int64_t gmax_n = 0, gmax_c = 0;
    for (int64_t g = 0; g < groups; g++) {
        int64_t t0 = sa_cuda__group_start(offsets, count, groups, g), t1 = sa_cuda__group_start(offsets, count, groups, g + 1);
        if (offsets[t1] - offsets[t0] > gmax_n) gmax_n = offsets[t1] - offsets[t0];
        if (t1 - t0 > gmax_c) gmax_c = t1 - t0;
    }
    size_t ws = sa_cuda_workspace_size(gmax_n);
    if (!ws) return SA_CUDA_ERR_CUDA;
    size_t o_sa = sa_cuda__up((size_t)gmax_n), o_off64 = o_sa + sa_cuda__up(4 * (size_t)gmax_n);
    size_t o_off = o_off64 + sa_cuda__up(8 * (size_t)(gmax_c + 1)), o_ws = o_off + sa_cuda__up(4 * (size_t)(gmax_c + 1));
    size_t per = o_ws + sa_cuda__up(ws);
    sa_cuda__host H;
    sa_cuda_status st = sa_cuda__host_init(&H, per * (size_t)ns, ns);
    if (st) return st;
    int64_t rounds = 0;
#define SA_CUDA__H(call) do { if ((call) != cudaSuccess) { st = SA_CUDA_ERR_CUDA; goto done; } } while (0)
    SA_CUDA__H(cudaEventRecord(H.ev[0], H.s[0]));
    for (int i = 1; i < ns; i++) SA_CUDA__H(cudaStreamWaitEvent(H.s[i], H.ev[0], 0));
    /* Group g runs on stream g % ns with that stream's buffers. Its upload is queued before group
     * g-1 is sorted and its download right after its sort, so copies of one group overlap the
     * sorting of another (a sort waits on its own stream only). */
    for (int64_t g = -1; g < groups; g++) {
        for (int64_t q = g + 1; q <= g + 1 && q < groups; q++) { /* upload group g + 1 */
            int64_t t0 = sa_cuda__group_start(offsets, count, groups, q), t1 = sa_cuda__group_start(offsets, count, groups, q + 1);
            int64_t base = offsets[t0], len = offsets[t1] - base, cnt = t1 - t0;
            if (len == 0) continue;
            cudaStream_t s = H.s[q % ns];
            char *b = (char *)H.mem + per * (size_t)(q % ns);
            SA_CUDA__H(cudaMemcpyAsync(b, texts + base, (size_t)len, cudaMemcpyHostToDevice, s));
            SA_CUDA__H(cudaMemcpyAsync(b + o_off64, offsets + t0, 8 * (size_t)(cnt + 1), cudaMemcpyHostToDevice, s));
            sa_cuda__k_offsets32<<<sa_cuda__grid((uint64_t)cnt + 1), SA_CUDA__THREADS, 0, s>>>(
                (const int64_t *)(b + o_off64), (uint32_t)cnt, base, (uint32_t *)(b + o_off));
            if (cudaPeekAtLastError() != cudaSuccess) { st = SA_CUDA_ERR_CUDA; goto done; }
        }
        if (g < 0) continue;
        int64_t t0 = sa_cuda__group_start(offsets, count, groups, g), t1 = sa_cuda__group_start(offsets, count, groups, g + 1);
        int64_t base = offsets[t0], len = offsets[t1] - base, cnt = t1 - t0;
        if (len == 0) continue;
        cudaStream_t s = H.s[g % ns];
        char *b = (char *)H.mem + per * (size_t)(g % ns);
        int32_t *d_sa = (int32_t *)(b + o_sa);
        sa_cuda__ws w;
        if ((st = sa_cuda__take_ws((uint32_t)len, b + o_ws, sa_cuda__up(ws), &w))) goto done;
        sa_cuda__texts<uint32_t> T = {(const uint32_t *)(b + o_off), (uint32_t)cnt, (uint32_t)len, (uint32_t)len, 0};
        int r = 0;
        if ((st = sa_cuda__sort<uint32_t>((const uint8_t *)b, T, (uint32_t *)d_sa, b + o_ws, sa_cuda__up(ws), SA_CUDA__ALGO_DOUBLING, s, &r, NULL, 0)))
            goto done;
        rounds += r;
        if (cnt > 1) {
            sa_cuda__k_localize<<<sa_cuda__grid((uint64_t)len), SA_CUDA__THREADS, 0, s>>>(d_sa, T);
            if (cudaPeekAtLastError() != cudaSuccess) { st = SA_CUDA_ERR_CUDA; goto done; }
        }
        SA_CUDA__H(cudaMemcpyAsync(sa + base, d_sa, 4 * (size_t)len, cudaMemcpyDeviceToHost, s));
    }
    for (int i = 1; i < ns; i++) {
        SA_CUDA__H(cudaEventRecord(H.ev[2 + i], H.s[i]));
        SA_CUDA__H(cudaStreamWaitEvent(H.s[0], H.ev[2 + i], 0));
    }
    SA_CUDA__H(cudaEventRecord(H.ev[1], H.s[0]));
    SA_CUDA__H(cudaStreamSynchronize(H.s[0]));
    if (stats) {
        stats->time_total = sa_cuda__elapsed(H.ev[0], H.ev[1]);
        stats->time_kernel = stats->time_total;
        stats->device_bytes = per * (size_t)ns;
        stats->rounds = (int)rounds;
    }
#undef SA_CUDA__H
done:
    if (st) cudaDeviceSynchronize();
    sa_cuda__host_free(&H);
    return st;
}

/* ==== the 64-bit API: the templates above instantiated with 64-bit indices ===================== */

/* ---- public: the 64-bit API ---------------------------------------------------------------- */

SA_CUDA_DEF size_t sa_cuda_workspace_size64(int64_t n)
{
    if (n < 0 || n > SA_CUDA__MAX64) return 0;
    return sa_cuda__ws_any<sa_cuda__u64>((sa_cuda__u64)n);
}

SA_CUDA_DEF size_t sa_cuda_build_workspace_size64(int64_t n)
{
    if (n < 0 || n > SA_CUDA__MAX64) return 0;
    return sa_cuda__ws_algo64((uint64_t)n, SA_CUDA_ALGO_DEFAULT);
}

SA_CUDA_DEF size_t sa_cuda_build_algo_workspace_size64(int64_t n, sa_cuda_algorithm algo)
{
    if (n < 0 || n > SA_CUDA__MAX64 || (int)algo < 0 || (int)algo > 2) return 0;
    return sa_cuda__ws_algo64((uint64_t)n, (int)algo);
}

SA_CUDA_DEF sa_cuda_status sa_cuda_build64(const uint8_t *d_text, int64_t *d_sa, int64_t n, void *d_ws, size_t ws_bytes,
                                           cudaStream_t stream)
{
    return sa_cuda__build<sa_cuda__u64>(d_text, d_sa, n, SA_CUDA__MAX64, SA_CUDA_ALGO_DEFAULT, d_ws, ws_bytes, stream);
}

SA_CUDA_DEF sa_cuda_status sa_cuda_build_algo64(const uint8_t *d_text, int64_t *d_sa, int64_t n, sa_cuda_algorithm algo,
                                                void *d_ws, size_t ws_bytes, cudaStream_t stream)
{
    return sa_cuda__build<sa_cuda__u64>(d_text, d_sa, n, SA_CUDA__MAX64, algo, d_ws, ws_bytes, stream);
}

SA_CUDA_DEF sa_cuda_status sa_cuda_lcp64(const uint8_t *d_text, const int64_t *d_sa, int64_t *d_lcp, int64_t n,
                                         void *d_ws, size_t ws_bytes, cudaStream_t stream)
{
    return sa_cuda__lcp<sa_cuda__u64>(d_text, d_sa, d_lcp, n, SA_CUDA__MAX64, d_ws, ws_bytes, stream);
}

SA_CUDA_DEF sa_cuda_status sa_cuda_lrs64(const int64_t *d_sa, const int64_t *d_lcp, int64_t n,
                                         sa_cuda_lrs_result *d_result, void *d_ws, size_t ws_bytes, cudaStream_t stream)
{
    return sa_cuda__lrs<sa_cuda__u64>(d_sa, d_lcp, n, SA_CUDA__MAX64, d_result, d_ws, ws_bytes, stream);
}

SA_CUDA_DEF sa_cuda_status sa_cuda_validate64(const uint8_t *d_text, const int64_t *d_sa, int64_t n, int32_t *d_flag,
                                              void *d_ws, size_t ws_bytes, cudaStream_t stream)
{
    return sa_cuda__validate<sa_cuda__u64>(d_text, d_sa, n, SA_CUDA__MAX64, d_flag, d_ws, ws_bytes, stream);
}

SA_CUDA_DEF sa_cuda_status sa_cuda_host_compute64(const uint8_t *text, int64_t n, int64_t *sa, int64_t *lcp,
                                                  sa_cuda_lrs_result *lrs, const sa_cuda_options *opt,
                                                  sa_cuda_stats *stats)
{
    return sa_cuda__host_compute<sa_cuda__u64>(text, n, sa, lcp, lrs, opt, stats, SA_CUDA__MAX64);
}

/* ==== BEGIN BWT and search (sa_cuda) ==== */
/* BWT, inverse BWT and batched search on the device, through sa_cuda's public API
 * (sa_cuda_build, sa_cuda_workspace_size) plus CUB's radix sort; sa.h's conventions: row 0 is
 * the $ suffix, row k + 1 the suffix sa[k], primary = row of suffix 0, aux[j] = row of j*r. */
#define SA_CUDA__BW_T 256
static unsigned sa_cuda__bw_grid(uint64_t n)
{
    uint64_t g = (n + SA_CUDA__BW_T - 1) / SA_CUDA__BW_T;
    if (g < 1) g = 1;
    if (g > (1u << 20)) g = 1u << 20; /* grid-stride loops beyond */
    return (unsigned)g;
}
static size_t sa_cuda__bw_up(size_t x) { return (x + 255) / 256 * 256; }
static int sa_cuda__bw_r_ok(int32_t r) { return r == 0 || (r >= 2 && (r & (r - 1)) == 0); }

/* n <= 1: aux[0] = n, bwt = text */
static __global__ void sa_cuda__bw_k_small(const uint8_t *text, uint8_t *bwt, int32_t *aux, uint32_t n)
{
    aux[0] = (int32_t)n;
    if (n == 1) bwt[0] = text[0];
}
/* primary (aux[0], pre-set to 0) and samples */
static __global__ void sa_cuda__bw_k_scan(const int32_t *sa, uint32_t n, int32_t *aux, uint32_t r)
{
    for (uint64_t k = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; k < n; k += (uint64_t)gridDim.x * blockDim.x) {
        int32_t p = sa[k];
        if (p == 0) aux[0] = (int32_t)k + 1;
        else if (r && p > 0 && (uint32_t)p < n && ((uint32_t)p & (r - 1)) == 0) aux[(uint32_t)p / r] = (int32_t)k + 1;
    }
}
/* rows before the $ row shift up by one (k < pk: bwt[k+1]), rows after it stay (bwt[k]) */
static __global__ void sa_cuda__bw_k_gather(const uint8_t *text, const int32_t *sa, uint32_t n, const int32_t *aux,
                                            uint8_t *bwt)
{
    uint32_t pk1 = (uint32_t)aux[0]; /* pk + 1; 0 when suffix 0 is missing (invalid SA) */
    for (uint64_t k = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; k < n; k += (uint64_t)gridDim.x * blockDim.x) {
        if (k == 0) bwt[0] = text[n - 1];
        int32_t p = sa[k];
        if (p == 0) continue;
        uint8_t c = p > 0 && (uint32_t)p < n ? text[p - 1] : 0;
        if (k + 1 < pk1) bwt[k + 1] = c;
        else if (k >= pk1 && k >= 1) bwt[k] = c;
    }
}

SA_CUDA_DEF sa_cuda_status sa_cuda_bwt_from_sa(const uint8_t *d_text, const int32_t *d_sa, uint8_t *d_bwt,
                                               int32_t *d_aux, int32_t r, int64_t n, cudaStream_t stream)
{
    if (n < 0 || n > INT32_MAX - 1) return SA_CUDA_ERR_SIZE;
    if (!d_aux || (n > 0 && (!d_text || !d_sa || !d_bwt))) return SA_CUDA_ERR_NULL;
    if (!sa_cuda__bw_r_ok(r) || (n > 0 && d_bwt == d_text)) return SA_CUDA_ERR_ARG;
    if (n <= 1) {
        sa_cuda__bw_k_small<<<1, 1, 0, stream>>>(d_text, d_bwt, d_aux, (uint32_t)n);
        return cudaGetLastError() == cudaSuccess ? SA_CUDA_OK : SA_CUDA_ERR_CUDA;
    }
    if (cudaMemsetAsync(d_aux, 0, 4, stream) != cudaSuccess) return SA_CUDA_ERR_CUDA;
    unsigned g = sa_cuda__bw_grid((uint64_t)n);
    sa_cuda__bw_k_scan<<<g, SA_CUDA__BW_T, 0, stream>>>(d_sa, (uint32_t)n, d_aux, (uint32_t)r);
    sa_cuda__bw_k_gather<<<g, SA_CUDA__BW_T, 0, stream>>>(d_text, d_sa, (uint32_t)n, d_aux, d_bwt);
    return cudaGetLastError() == cudaSuccess ? SA_CUDA_OK : SA_CUDA_ERR_CUDA;
}

/* The BWT's workspace: the SA (4n, first) and the sorter's workspace after it. `fast` = 0:
 * the doubling's lean layout or DC3's, whichever is larger (sa_cuda__ws_lean); 1: room for
 * every sorter's full layout (sa_cuda_workspace_size). */
static size_t sa_cuda__bw_ws(int64_t n, int fast)
{
    if (n < 0 || n > INT32_MAX - 1) return 0;
    size_t w = fast ? sa_cuda_workspace_size(n) : sa_cuda__ws_lean<uint32_t>((uint32_t)n);
    if (!w) return 0;
    return sa_cuda__bw_up(4 * (size_t)(n ? n : 1)) + w;
}
SA_CUDA_DEF size_t sa_cuda_bwt_workspace_size(int64_t n) { return sa_cuda__bw_ws(n, 0); }
SA_CUDA_DEF size_t sa_cuda_bwt_fast_workspace_size(int64_t n) { return sa_cuda__bw_ws(n, 1); }

SA_CUDA_DEF sa_cuda_status sa_cuda_bwt(const uint8_t *d_text, uint8_t *d_bwt, int32_t *d_aux, int32_t r, int64_t n,
                                       void *d_ws, size_t ws_bytes, cudaStream_t stream)
{
    if (n < 0 || n > INT32_MAX - 1) return SA_CUDA_ERR_SIZE;
    if (!d_aux || (n > 0 && (!d_text || !d_bwt || !d_ws))) return SA_CUDA_ERR_NULL;
    if (!sa_cuda__bw_r_ok(r) || (n > 0 && d_bwt == d_text)) return SA_CUDA_ERR_ARG;
    if (n <= 1) return sa_cuda_bwt_from_sa(d_text, (const int32_t *)d_aux, d_bwt, d_aux, r, n, stream);
    size_t need = sa_cuda_bwt_workspace_size(n);
    if (!need) return SA_CUDA_ERR_CUDA;
    if (ws_bytes < need) return SA_CUDA_ERR_SIZE;
    int32_t *d_sa = (int32_t *)d_ws;
    size_t o = sa_cuda__bw_up(4 * (size_t)n);
    sa_cuda_status st = sa_cuda_build(d_text, d_sa, n, (uint8_t *)d_ws + o, ws_bytes - o, stream);
    if (st != SA_CUDA_OK) return st;
    return sa_cuda_bwt_from_sa(d_text, d_sa, d_bwt, d_aux, r, n, stream);
}

/* ---- inverse: psi by one stable 8-bit radix sort of (bwt byte, row); comb[row] = F(row) << 32
 * | psi[row], so each decoding step is one 8-byte random read ---------------------------------- */
static __global__ void sa_cuda__ub_k_check(const int32_t *aux, int64_t nseg, uint32_t n, int32_t *flag)
{
    for (uint64_t j = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; j < (uint64_t)nseg;
         j += (uint64_t)gridDim.x * blockDim.x)
        if (aux[j] < 1 || (uint32_t)aux[j] > n) atomicOr(flag, 1);
}
static __global__ void sa_cuda__ub_k_zero(const int32_t *aux, int32_t *flag)
{
    if (aux[0] != 0) *flag = 1;
}
static __global__ void sa_cuda__ub_k_rows(const int32_t *aux, uint32_t n, uint32_t *rows)
{
    uint32_t p = (uint32_t)aux[0];
    for (uint64_t u = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; u < n; u += (uint64_t)gridDim.x * blockDim.x)
        rows[u] = (uint32_t)u < p ? (uint32_t)u : (uint32_t)u + 1;
}
/* comb[0] = psi(0) = p (the $ row's successor is suffix 0); comb[1 + i] = F << 32 | psi */
static __global__ void sa_cuda__ub_k_comb(const uint8_t *F, const uint32_t *psi1, const int32_t *aux, uint32_t n,
                                          const int32_t *flag, unsigned long long *comb)
{
    uint32_t p = *flag ? 1u : (uint32_t)aux[0];
    for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i <= n; i += (uint64_t)gridDim.x * blockDim.x) {
        if (i == 0) comb[0] = p;
        else comb[i] = ((unsigned long long)F[i - 1] << 32) | psi1[i - 1];
    }
}
static __global__ void sa_cuda__ub_k_decode(const unsigned long long *comb, const int32_t *aux, int32_t r, uint32_t n,
                                            int64_t nseg, int32_t *flag, uint8_t *text)
{
    if (*flag) return; /* a sample out of range: text untouched */
    for (uint64_t j = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; j < (uint64_t)nseg;
         j += (uint64_t)gridDim.x * blockDim.x) {
        uint64_t beg = r ? j * (uint64_t)r : 0;
        uint64_t len = r ? (n - beg < (uint64_t)r ? n - beg : (uint64_t)r) : n;
        uint32_t want = j + 1 < (uint64_t)nseg ? (uint32_t)aux[j + 1] : 0;
        uint32_t row = (uint32_t)aux[j];
        uint8_t *o = text + beg;
        unsigned long long c = comb[row];
        uint32_t zeros = 0; /* only the last piece may enter row 0, at its end (sa.h's check) */
        for (uint64_t i = 0; i < len; i++) {
            o[i] = (uint8_t)(c >> 32);
            row = (uint32_t)c;
            zeros += row == 0;
            c = comb[row];
        }
        if (row != want || zeros != (uint32_t)(j + 1 == (uint64_t)nseg)) atomicOr(flag, 2);
    }
}

/* From the primary index alone (no samples to start pieces at): one row in each block of S rows
 * (row 0 in block 0, elsewhere at an offset hashed from the block's number: sa_cuda__ub_row) and
 * row p are marked (bit 63 of comb) and one thread per marked row walks to the next marked row,
 * keeping its first SA_CUDA__UB_CAP bytes in a staging slot; pointer jumping over the marked
 * rows' successor lists gives each one its distance to row 0 (the text's end), so its text
 * position; then the slots are copied out and the rare longer segments decoded again from where
 * their slot ended. The list from row p must reach row 0 after exactly n bytes, otherwise the
 * primary index is wrong (flag 2, text untouched). All of it lives in the F and psi1 part of the
 * workspace, free once comb is built. libcubwt_unbwt works the same way (segments, surveys). */
#define SA_CUDA__UB_MARK (1ULL << 63)
struct sa_cuda__ub_seg {
    uint32_t S, cap, M, K, term, n; /* block rows, slot bytes, marked rows (K blocks + row p), row 0's index, n */
    uint32_t *len, *resume, *nx0, *nx1;
    unsigned long long *d0, *d1;
    uint8_t *stage;
};
/* Rows per block (one marked row each). */
static __host__ __device__ uint32_t sa_cuda__ub_stride(uint64_t n) { return n >= (1u << 22) ? 256 : 64; }
/* Block j's marked row: j*S plus a hashed offset inside the block (rows j*S .. min(j*S + S - 1,
 * n)); row 0 for block 0. A fixed offset (rows 0, S, 2S, ...) is never met by a walk whose rows
 * step by a multiple of 2 from an odd row, as through two long runs of zero bytes. */
static __host__ __device__ __forceinline__ uint32_t sa_cuda__ub_row(uint32_t j, uint32_t S, uint32_t n)
{
    if (j == 0) return 0;
    uint32_t base = j * S, span = n - base + 1 < S ? n - base + 1 : S;
    uint32_t h = j * 0x9E3779B1u;
    h ^= h >> 15;
    h *= 0x85EBCA77u;
    h ^= h >> 13;
    return base + h % span;
}
/* The index of a marked row among the blocks' (its block's number), else K. */
static __host__ __device__ __forceinline__ uint32_t sa_cuda__ub_idx(uint32_t row, uint32_t S, uint32_t K, uint32_t n)
{
    uint32_t j = row / S;
    return j < K && row == sa_cuda__ub_row(j, S, n) ? j : K;
}
/* the layout in `bytes` of free workspace; 0 when it does not fit (then one thread decodes) */
static int sa_cuda__ub_seg_plan(uint64_t n, uint8_t *base, size_t bytes, sa_cuda__ub_seg *g)
{
    if (n < 1024) return 0;
    g->S = sa_cuda__ub_stride(n);
    g->n = (uint32_t)n;
    g->cap = 3 * g->S;
    g->K = (uint32_t)(n / g->S) + 1; /* blocks of rows 0 .. n */
    g->M = g->K + 1;                /* + row p */
    g->term = 0;
    size_t m4 = sa_cuda__bw_up(4 * (size_t)g->M), m8 = sa_cuda__bw_up(8 * (size_t)g->M);
    size_t need = 4 * m4 + 2 * m8 + (size_t)g->M * g->cap;
    if (need > bytes) return 0;
    g->len = (uint32_t *)base;
    g->resume = (uint32_t *)(base + m4);
    g->nx0 = (uint32_t *)(base + 2 * m4);
    g->nx1 = (uint32_t *)(base + 3 * m4);
    g->d0 = (unsigned long long *)(base + 4 * m4);
    g->d1 = (unsigned long long *)(base + 4 * m4 + m8);
    g->stage = base + 4 * m4 + 2 * m8;
    return 1;
}
static __global__ void sa_cuda__ub_k_mark(unsigned long long *comb, const int32_t *aux, uint32_t n, uint32_t S,
                                          uint32_t K, const int32_t *flag)
{
    if (*flag) return;
    uint32_t p = (uint32_t)aux[0];
    for (uint64_t j = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; j < K; j += (uint64_t)gridDim.x * blockDim.x)
        atomicOr(comb + sa_cuda__ub_row((uint32_t)j, S, n), SA_CUDA__UB_MARK);
    if (blockIdx.x == 0 && threadIdx.x == 0) atomicOr(comb + p, SA_CUDA__UB_MARK); /* p in [1, n] (checked) */
}
/* one thread per marked row: walk to the next marked row; the first cap bytes go to the slot */
static __global__ void sa_cuda__ub_k_survey(const unsigned long long *comb, const int32_t *aux, const int32_t *flag,
                                            sa_cuda__ub_seg g)
{
    if (*flag) return;
    uint32_t p = (uint32_t)aux[0];
    for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < g.M; i += (uint64_t)gridDim.x * blockDim.x) {
        uint32_t x = i < g.K ? sa_cuda__ub_row((uint32_t)i, g.S, g.n) : p;
        if (i == g.term || (i == g.K && sa_cuda__ub_idx(p, g.S, g.K, g.n) != g.K)) { /* row 0 ends the list; row p may have an index already */
            g.len[i] = 0;
            g.nx0[i] = (uint32_t)i;
            g.d0[i] = 0;
            continue;
        }
        uint8_t *slot = g.stage + i * g.cap;
        unsigned long long c = comb[x];
        uint32_t k = 0;
        for (;;) {
            if (k < g.cap) slot[k] = (uint8_t)(c >> 32);
            else if (k == g.cap) g.resume[i] = x;
            k++;
            x = (uint32_t)c;
            c = comb[x];
            if (c & SA_CUDA__UB_MARK) break;
        }
        g.len[i] = k;
        g.nx0[i] = sa_cuda__ub_idx(x, g.S, g.K, g.n);
        g.d0[i] = k;
    }
}
/* one pointer-jumping round: d = distance to the list's end, nx = the jump's target */
static __global__ void sa_cuda__ub_k_jump(const uint32_t *nxa, const unsigned long long *da, uint32_t *nxb,
                                          unsigned long long *db, uint32_t M, const int32_t *flag)
{
    if (*flag) return;
    for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < M; i += (uint64_t)gridDim.x * blockDim.x) {
        uint32_t j = nxa[i];
        db[i] = da[i] + da[j];
        nxb[i] = nxa[j];
    }
}
/* the list from row p must end at row 0 after exactly n bytes */
static __global__ void sa_cuda__ub_k_verify(const uint32_t *nx, const unsigned long long *d, const int32_t *aux,
                                            uint32_t n, uint32_t S, uint32_t K, uint32_t term, int32_t *flag)
{
    if (*flag) return;
    uint32_t ip = sa_cuda__ub_idx((uint32_t)aux[0], S, K, n);
    if (nx[ip] != term || d[ip] != n) *flag = 2;
}
static __global__ void sa_cuda__ub_k_copy(const uint32_t *nx, const unsigned long long *d, sa_cuda__ub_seg g, uint32_t n,
                                          const int32_t *flag, uint8_t *text)
{
    if (*flag) return;
    uint64_t total = (uint64_t)g.M * g.cap;
    for (uint64_t t = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; t < total; t += (uint64_t)gridDim.x * blockDim.x) {
        uint64_t i = t / g.cap, k = t - i * g.cap;
        if (k < g.len[i] && nx[i] == g.term) text[n - d[i] + k] = g.stage[t];
    }
}
static __global__ void sa_cuda__ub_k_tail(const unsigned long long *comb, const uint32_t *nx, const unsigned long long *d,
                                          sa_cuda__ub_seg g, uint32_t n, const int32_t *flag, uint8_t *text)
{
    if (*flag) return;
    for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < g.M; i += (uint64_t)gridDim.x * blockDim.x) {
        uint32_t len = g.len[i];
        if (len <= g.cap || nx[i] != g.term) continue;
        uint8_t *o = text + (n - d[i]);
        uint32_t x = g.resume[i];
        for (uint32_t k = g.cap; k < len; k++) {
            unsigned long long c = comb[x];
            o[k] = (uint8_t)(c >> 32);
            x = (uint32_t)c;
        }
    }
}

static size_t sa_cuda__ub_cub_bytes(int64_t n)
{
    size_t b = 0;
    int items = (int)(n ? n : 1);
    if (cub::DeviceRadixSort::SortPairs(NULL, b, (const uint8_t *)NULL, (uint8_t *)NULL, (const uint32_t *)NULL,
                                        (uint32_t *)NULL, items, 0, 8) != cudaSuccess)
        return 0;
    return b ? b : 1;
}

SA_CUDA_DEF size_t sa_cuda_unbwt_workspace_size(int64_t n)
{
    if (n < 0 || n > INT32_MAX - 1) return 0;
    size_t cb = sa_cuda__ub_cub_bytes(n);
    if (!cb) return 0;
    size_t m = (size_t)(n ? n : 1);
    /* F (n) | psi1 (4n) | comb (8(n+1)), whose first 4n bytes hold the rows before | CUB */
    return sa_cuda__bw_up(m) + sa_cuda__bw_up(4 * m) + sa_cuda__bw_up(8 * (m + 1)) + sa_cuda__bw_up(cb);
}

SA_CUDA_DEF sa_cuda_status sa_cuda_unbwt(const uint8_t *d_bwt, uint8_t *d_text, const int32_t *d_aux, int32_t r,
                                         int64_t n, int32_t *d_flag, void *d_ws, size_t ws_bytes,
                                         cudaStream_t stream)
{
    if (n < 0 || n > INT32_MAX - 1) return SA_CUDA_ERR_SIZE;
    if (!d_aux || !d_flag || (n > 0 && (!d_bwt || !d_text || !d_ws))) return SA_CUDA_ERR_NULL;
    if (!sa_cuda__bw_r_ok(r) || (n > 0 && d_bwt == d_text)) return SA_CUDA_ERR_ARG;
    int64_t nseg = r == 0 || n == 0 ? 1 : (n - 1) / r + 1;
    if (cudaMemsetAsync(d_flag, 0, 4, stream) != cudaSuccess) return SA_CUDA_ERR_CUDA;
    if (n == 0) {
        sa_cuda__ub_k_zero<<<1, 1, 0, stream>>>(d_aux, d_flag); /* aux[0] must be 0 */
        return cudaGetLastError() == cudaSuccess ? SA_CUDA_OK : SA_CUDA_ERR_CUDA;
    }
    size_t need = sa_cuda_unbwt_workspace_size(n);
    if (!need) return SA_CUDA_ERR_CUDA;
    if (ws_bytes < need) return SA_CUDA_ERR_SIZE;
    size_t m = (size_t)n;
    uint8_t *base = (uint8_t *)d_ws;
    uint8_t *F = base;
    uint32_t *psi1 = (uint32_t *)(base + sa_cuda__bw_up(m));
    unsigned long long *comb = (unsigned long long *)(base + sa_cuda__bw_up(m) + sa_cuda__bw_up(4 * m));
    uint32_t *rows = (uint32_t *)comb;
    void *cub_ws = base + sa_cuda__bw_up(m) + sa_cuda__bw_up(4 * m) + sa_cuda__bw_up(8 * (m + 1));
    size_t cb = need - (size_t)((uint8_t *)cub_ws - base);
    unsigned g = sa_cuda__bw_grid(m + 1);
    sa_cuda__ub_k_check<<<sa_cuda__bw_grid((uint64_t)nseg), SA_CUDA__BW_T, 0, stream>>>(d_aux, nseg, (uint32_t)n, d_flag);
    sa_cuda__ub_k_rows<<<g, SA_CUDA__BW_T, 0, stream>>>(d_aux, (uint32_t)n, rows);
    if (cudaGetLastError() != cudaSuccess) return SA_CUDA_ERR_CUDA;
    if (cub::DeviceRadixSort::SortPairs(cub_ws, cb, d_bwt, F, rows, psi1, (int)n, 0, 8, stream) != cudaSuccess)
        return SA_CUDA_ERR_CUDA;
    sa_cuda__ub_k_comb<<<g, SA_CUDA__BW_T, 0, stream>>>(F, psi1, d_aux, (uint32_t)n, d_flag, comb);
    sa_cuda__ub_seg sg;
    if (r == 0 && sa_cuda__ub_seg_plan((uint64_t)n, base, (size_t)((uint8_t *)comb - base), &sg)) {
        unsigned gm = sa_cuda__bw_grid(sg.M);
        sa_cuda__ub_k_mark<<<sa_cuda__bw_grid(sg.K), SA_CUDA__BW_T, 0, stream>>>(comb, d_aux, (uint32_t)n, sg.S, sg.K,
                                                                                  d_flag);
        sa_cuda__ub_k_survey<<<gm, SA_CUDA__BW_T, 0, stream>>>(comb, d_aux, d_flag, sg);
        uint32_t *nxa = sg.nx0, *nxb = sg.nx1;
        unsigned long long *da = sg.d0, *db = sg.d1;
        for (uint64_t span = 1; span < (uint64_t)sg.M; span *= 2) { /* after the loop: whole lists */
            sa_cuda__ub_k_jump<<<gm, SA_CUDA__BW_T, 0, stream>>>(nxa, da, nxb, db, sg.M, d_flag);
            uint32_t *tn = nxa; nxa = nxb; nxb = tn;
            unsigned long long *td = da; da = db; db = td;
        }
        sa_cuda__ub_k_verify<<<1, 1, 0, stream>>>(nxa, da, d_aux, (uint32_t)n, sg.S, sg.K, sg.term, d_flag);
        sa_cuda__ub_k_copy<<<sa_cuda__bw_grid((uint64_t)sg.M * sg.cap), SA_CUDA__BW_T, 0, stream>>>(nxa, da, sg, (uint32_t)n,
                                                                                                   d_flag, d_text);
        sa_cuda__ub_k_tail<<<gm, SA_CUDA__BW_T, 0, stream>>>(comb, nxa, da, sg, (uint32_t)n, d_flag, d_text);
        return cudaGetLastError() == cudaSuccess ? SA_CUDA_OK : SA_CUDA_ERR_CUDA;
    }
    sa_cuda__ub_k_decode<<<sa_cuda__bw_grid((uint64_t)nseg), SA_CUDA__BW_T, 0, stream>>>(comb, d_aux, r, (uint32_t)n,
                                                                                         nseg, d_flag, d_text);
    return cudaGetLastError() == cudaSuccess ? SA_CUDA_OK : SA_CUDA_ERR_CUDA;
}

/* ---- search: sa.h's binary search with Manber and Myers' simple acceleration, one thread per
 * pattern ------------------------------------------------------------------------------------- */
static __device__ int64_t sa_cuda__sr_bound(const uint8_t *text, const int32_t *sa, uint32_t n, const uint8_t *pat,
                                            int64_t m, int64_t lo, int64_t hi, int upper)
{
    int64_t llo = 0, lhi = 0;
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        int32_t pos = sa[mid];
        if (pos < 0 || (uint32_t)pos >= n) return -1;
        int64_t i = llo < lhi ? llo : lhi, avail = (int64_t)n - pos;
        int64_t lim = m < avail ? m : avail;
        while (i < lim && text[pos + i] == pat[i]) i++;
        int c = i == m ? 0 : i == avail ? -1 : (text[pos + i] < pat[i] ? -1 : 1);
        if (c < 0 || (upper && c == 0)) { lo = mid; llo = i; }
        else { hi = mid; lhi = i; }
    }
    return hi;
}
static __global__ void sa_cuda__sr_k(const uint8_t *text, const int32_t *sa, uint32_t n, const uint8_t *pats,
                                     const int64_t *off, int64_t npat, int32_t *lo, int32_t *count)
{
    for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < (uint64_t)npat;
         i += (uint64_t)gridDim.x * blockDim.x) {
        int64_t a0 = off[i], m = off[i + 1] - a0;
        if (m <= 0) { lo[i] = 0; count[i] = (int32_t)n; continue; }
        const uint8_t *p = pats + a0;
        int64_t a = sa_cuda__sr_bound(text, sa, n, p, m, -1, n, 0);
        int64_t b = a < 0 ? -1 : sa_cuda__sr_bound(text, sa, n, p, m, a - 1, n, 1);
        if (b < 0) { lo[i] = -1; count[i] = 0; continue; }
        lo[i] = (int32_t)a;
        count[i] = (int32_t)(b - a);
    }
}

SA_CUDA_DEF sa_cuda_status sa_cuda_search(const uint8_t *d_text, const int32_t *d_sa, int64_t n,
                                          const uint8_t *d_pats, const int64_t *d_off, int64_t npat,
                                          int32_t *d_lo, int32_t *d_count, cudaStream_t stream)
{
    if (n < 0 || n > INT32_MAX - 1 || npat < 0) return SA_CUDA_ERR_SIZE;
    if (npat == 0) return SA_CUDA_OK;
    if (!d_off || !d_lo || !d_count || !d_pats || (n > 0 && (!d_text || !d_sa))) return SA_CUDA_ERR_NULL;
    sa_cuda__sr_k<<<sa_cuda__bw_grid((uint64_t)npat), SA_CUDA__BW_T, 0, stream>>>(d_text, d_sa, (uint32_t)n, d_pats, d_off,
                                                                                npat, d_lo, d_count);
    return cudaGetLastError() == cudaSuccess ? SA_CUDA_OK : SA_CUDA_ERR_CUDA;
}

SA_CUDA_DEF sa_cuda_status sa_cuda_host_bwt(const uint8_t *text, uint8_t *bwt, int32_t *aux, int32_t r, int64_t n)
{
    if (n < 0 || n > INT32_MAX - 1) return SA_CUDA_ERR_SIZE;
    if (!aux || (n > 0 && (!text || !bwt))) return SA_CUDA_ERR_NULL;
    if (!sa_cuda__bw_r_ok(r)) return SA_CUDA_ERR_ARG;
    if (n <= 1) {
        if (n == 1) bwt[0] = text[0];
        aux[0] = (int32_t)n;
        return SA_CUDA_OK;
    }
    size_t naux = r ? (size_t)((n - 1) / r + 1) : 1;
    size_t ws = sa_cuda_bwt_workspace_size(n);
    if (!ws) return SA_CUDA_ERR_CUDA;
    size_t o_bwt = sa_cuda__bw_up((size_t)n), o_aux = o_bwt + sa_cuda__bw_up((size_t)n),
           o_ws = o_aux + sa_cuda__bw_up(4 * naux);
    uint8_t *mem = NULL;
    if (cudaMalloc((void **)&mem, o_ws + ws) != cudaSuccess) { (void)cudaGetLastError(); return SA_CUDA_ERR_NOMEM; }
    sa_cuda_status st = SA_CUDA_OK;
    if (cudaMemcpy(mem, text, (size_t)n, cudaMemcpyHostToDevice) != cudaSuccess) st = SA_CUDA_ERR_CUDA;
    if (st == SA_CUDA_OK) st = sa_cuda_bwt(mem, mem + o_bwt, (int32_t *)(mem + o_aux), r, n, mem + o_ws, ws, 0);
    if (st == SA_CUDA_OK && (cudaMemcpy(bwt, mem + o_bwt, (size_t)n, cudaMemcpyDeviceToHost) != cudaSuccess ||
                             cudaMemcpy(aux, mem + o_aux, 4 * naux, cudaMemcpyDeviceToHost) != cudaSuccess))
        st = SA_CUDA_ERR_CUDA;
    cudaFree(mem);
    return st;
}

SA_CUDA_DEF sa_cuda_status sa_cuda_host_unbwt(const uint8_t *bwt, uint8_t *text, const int32_t *aux, int32_t r,
                                              int64_t n)
{
    if (n < 0 || n > INT32_MAX - 1) return SA_CUDA_ERR_SIZE;
    if (!aux || (n > 0 && (!text || !bwt))) return SA_CUDA_ERR_NULL;
    if (!sa_cuda__bw_r_ok(r)) return SA_CUDA_ERR_ARG;
    if (n == 0) return aux[0] == 0 ? SA_CUDA_OK : SA_CUDA_ERR_ARG;
    size_t naux = r ? (size_t)((n - 1) / r + 1) : 1;
    for (size_t j = 0; j < naux; j++) /* the range check on the host too: text untouched */
        if (aux[j] < 1 || aux[j] > n) return SA_CUDA_ERR_ARG;
    size_t ws = sa_cuda_unbwt_workspace_size(n);
    if (!ws) return SA_CUDA_ERR_CUDA;
    size_t o_txt = sa_cuda__bw_up((size_t)n), o_aux = o_txt + sa_cuda__bw_up((size_t)n),
           o_flag = o_aux + sa_cuda__bw_up(4 * naux), o_ws = o_flag + 256;
    uint8_t *mem = NULL;
    if (cudaMalloc((void **)&mem, o_ws + ws) != cudaSuccess) { (void)cudaGetLastError(); return SA_CUDA_ERR_NOMEM; }
    sa_cuda_status st = SA_CUDA_OK;
    int32_t flag = 0;
    if (cudaMemcpy(mem, bwt, (size_t)n, cudaMemcpyHostToDevice) != cudaSuccess ||
        cudaMemcpy(mem + o_aux, aux, 4 * naux, cudaMemcpyHostToDevice) != cudaSuccess)
        st = SA_CUDA_ERR_CUDA;
    if (st == SA_CUDA_OK)
        st = sa_cuda_unbwt(mem, mem + o_txt, (const int32_t *)(mem + o_aux), r, n, (int32_t *)(mem + o_flag),
                           mem + o_ws, ws, 0);
    if (st == SA_CUDA_OK && cudaMemcpy(&flag, mem + o_flag, 4, cudaMemcpyDeviceToHost) != cudaSuccess)
        st = SA_CUDA_ERR_CUDA;
    if (st == SA_CUDA_OK && flag) st = SA_CUDA_ERR_ARG;
    if (st == SA_CUDA_OK && cudaMemcpy(text, mem + o_txt, (size_t)n, cudaMemcpyDeviceToHost) != cudaSuccess)
        st = SA_CUDA_ERR_CUDA;
    cudaFree(mem);
    return st;
}
/* ==== END BWT and search (sa_cuda) ==== */

#endif /* SA_CUDA_IMPLEMENTATION */

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
