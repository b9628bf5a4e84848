/* homcomp.cuh - error-bounded lossy float compressor with homomorphic addition - v1.0.0
 *                                             MIT license at the bottom
 *
 * WHAT IT DOES
 *   Compresses float32/float64 arrays so that every decoded value is within an absolute
 *   error bound eb of the input (exactly, for every element), in the cuSZp2 1D format
 *   (seed 4.2: 32-element blocks, rate byte, sign map, bit-planes, per-block outliers).
 *   Two compressed streams can be ADDED without decompressing them (seed 5.3-5.4 hZ-dynamic,
 *   6.1 HomComp / HomComp_F): the sum stream decodes to the sum of the two quantized
 *   inputs, exactly. One header holds a CPU reference codec in plain C11 (OpenMP when
 *   _OPENMP is defined) and a CUDA codec (under __CUDACC__); both write byte-identical
 *   streams. Streams from files or other processes are checked before use (SAFETY).
 *
 * EXAMPLE (C, CPU codec: x + y without decompressing x; compiled and run by the tests)
 *   [example:begin]
 *   #define HOMCOMP_IMPLEMENTATION
 *   #include "homcomp.cuh"
 *   #include <math.h>
 *   #include <stdio.h>
 *   #include <stdlib.h>
 *   int main(void)
 *   {
 *       enum { N = 100000 };
 *       static float x[N], y[N], sum[N];
 *       for (int i = 0; i < N; i++) { x[i] = sinf(i * 1e-3f); y[i] = cosf(i * 2e-3f); }
 *       hc_config cfg = hc_config_init(HC_F32, HC_REL, 1e-3);  // eb = 1e-3 x (max - min)
 *       size_t cap = hc_compress_bound(N, HC_F32), len = 0;
 *       hc_options opt = hc_options_default();                 // all OpenMP threads, best ISA
 *       unsigned char *acc = (unsigned char *)malloc(cap);
 *       hc_info info;
 *       hc_status st = acc ? hc_compress(&cfg, x, N, acc, cap, &len, &opt) : HC_ERR_NOMEM;
 *       // acc += y, in place: y is quantized with acc's step
 *       if (st == HC_OK) st = hc_add_raw(acc, len, HC_F32, y, N, acc, cap, &len, NULL);
 *       if (st == HC_OK) st = hc_decompress(acc, len, HC_F32, sum, N, NULL);
 *       if (st == HC_OK) st = hc_stream_info(acc, len, &info);
 *       double worst = 0;
 *       for (int i = 0; st == HC_OK && i < N; i++) worst = fmax(worst, fabs(sum[i] - ((double)x[i] + y[i])));
 *       // the documented bound for 2 terms: 2 eb, plus half a float32 ulp of the sum (|sum| <= 2)
 *       if (st == HC_OK && worst > 2 * info.eb + 0x1p-23) st = HC_ERR_INTERNAL;
 *       printf("%s: %zu bytes for %d floats, max error %g (eb %g)\n", hc_status_string(st), len, N, worst, info.eb);
 *       free(acc);
 *       return st == HC_OK ? 0 : 1;
 *   }
 *   [example:end]
 *
 * COMPILE-TIME OPTIONS (define before the include)
 *   HOMCOMP_IMPLEMENTATION   in exactly one .c/.cu file: compile the implementation
 *   HOMCOMP_STATIC           every function static (each unit that defines it has its own copy)
 *   HOMCOMP_DEF              the storage class of the public functions (default extern / static)
 *   HOMCOMP_MALLOC(sz) / HOMCOMP_FREE(p)   both or neither: the CPU codec's allocator
 *   HOMCOMP_NO_SIMD          CPU codec in portable C only: no SSE2, no AVX-512 (same bytes, slower)
 *   HC_MAX_THREADS           the largest hc_options.threads accepted (1024, as in every header;
 *                            above it: HC_ERR_ARG)
 *   HOMCOMP_TABLE_LOCAL      chunk-offset entries kept on the stack (default 65: a CPU call on
 *                            up to 2M elements allocates nothing, except an in-place add's copy)
 *   Compiled as CUDA (nvcc, __CUDACC__) the hc_cuda_* functions appear too (hand-written
 *   kernels; no CUB or other library).
 *
 * API (every call returns hc_status: HC_OK = 0, negative on error, hc_status_string() says
 * what to do). Argument order: inputs, outputs, then `const hc_options *opt` (NULL = defaults)
 * on the CPU or `d_ws, ws_bytes, stream` on the GPU.
 *   hc_config_init(dtype, bound, eb)       settings (mode HC_PLAIN, checksum on); eb is required
 *   hc_options_default()                   CPU run-time options, the defaults (HC_OPTIONS_INIT:
 *                                          the same, for static initialisers; NULL means them too)
 *   hc_compress_bound(n, dtype)            bytes a compress/add output buffer must have
 *   hc_step_exponent(eb, dtype, &k)        the quantization step eb gives is 2^k (same k, same
 *                                          payload bytes)
 *   hc_compress(cfg, in, n, out, cap, &size, opt)
 *   hc_decompress(stream, len, dtype, out, n, opt)          writes all n elements
 *   hc_stream_info(stream, len, &info)     the 40-byte header only (fast; not a validation)
 *   hc_validate(stream, len, &info, opt)   the whole stream, exactly as every decoder checks it
 *   hc_qp(ref, ref_len, dtype, raw, n, deltas, opt)   quantize + predict raw with ref's step
 *   hc_qp_eb(eb, dtype, raw, n, deltas, opt)           the same from an absolute eb (no stream)
 *   hc_add(a, alen, b, blen, out, cap, &size, opt)           compressed + compressed
 *   hc_add_raw(c, clen, dtype, raw, n, out, cap, &size, opt) compressed + raw, fused (HomComp_F)
 *   hc_add_qp(c, clen, deltas, n, out, cap, &size, opt)      compressed + QP output (HomComp)
 *   hc_add_raw_values(c, clen, dtype, raw, n, out, cap, &size, values, opt)   hc_add_raw, and
 *                                          the sum's n values to values[] exactly as hc_decompress
 *                                          of out writes them, from the sum's integers (no decode
 *                                          pass); values may be raw itself (each block is read
 *                                          before it is written), else must not overlap c, raw or
 *                                          out (HC_ERR_ARG); after an error its contents (and
 *                                          raw's, where values is raw) are unspecified
 *   hc_compress_range(cfg, in, n, out, cap, &size, range, opt), hc_add_raw_range(c, clen, dtype,
 *     raw, n, out, cap, &size, values, range, opt)   the same calls (values NULL: hc_add_raw)
 *                                          that also give the raw input's min and max, found
 *                                          while quantizing (no separate scan of the input)
 *   GPU (same semantics, device pointers, caller's stream and workspace, no hidden cudaMalloc,
 *   copy or synchronisation): hc_cuda_workspace_size(n) (pure), hc_cuda_compress,
 *   hc_cuda_decompress, hc_cuda_qp, hc_cuda_add, hc_cuda_add_raw, hc_cuda_add_qp,
 *   hc_cuda_result_ptr, hc_cuda_read_result (the one explicit async copy)
 *   Options (hc_options, zero = defaults): threads (0 = omp_get_max_threads(), at most
 *   HC_MAX_THREADS), isa (HC_ISA_AUTO:
 *   the best kernels this CPU runs; HC_ISA_SCALAR / _SSE2 / _AVX2 / _AVX512 force one, for tests and
 *   comparisons; hc_isa_available(isa) says which exist here). Raw operands
 *   are read as the CALLER's dtype and n; a stream whose header says otherwise is refused
 *   (HC_ERR_MISMATCH; hc_decompress: HC_ERR_FORMAT), never used to size a caller's buffer.
 *
 * IN PLACE. CPU hc_add/hc_add_raw/hc_add_qp: out may overlap any input, e.g. acc += recv as
 *   hc_add(acc, acc_len, recv, recv_len, acc, acc_cap, &acc_len, NULL) (acc_cap >=
 *   hc_compress_bound(n)); the overlapped input is copied first (HOMCOMP_MALLOC of its length).
 *   If an in-place add fails after it started writing, the overlapped input is written back, so
 *   a corrupt recv never costs the accumulator. GPU hc_cuda_add*: d_out must not overlap an
 *   input (HC_ERR_OVERLAP, before any launch): use a second buffer and swap.
 *   Outputs on error: *out_size is written only on success; out (and a decompress's out) is
 *   untouched when the error is found before encoding (NULL/ARG/SIZE/NOMEM/CAPACITY/FORMAT/
 *   MISMATCH/CHECKSUM and structural CORRUPT), else its contents are unspecified.
 *
 * ERROR BOUND (the guarantee and why it holds)
 *   The quantization step is a POWER OF TWO, step = 2^k = the largest power of two <= 2 eb
 *   (clamped to the data type's range). q = round-half-even(x / step), x' = q * step.
 *   Scaling by 2^-k and by 2^k is exact in binary floating point, rounding to an integer
 *   is exact, and q*step is representable in the data type (|q| < 2^30; when the type's
 *   ulp at x is >= step, x/step is already an integer). So |x - x'| <= step/2 <= eb holds
 *   in exact arithmetic with no rounding anywhere, identically on CPU and GPU (no FMA
 *   question can arise). The encoder still verifies every element (HC_ERR_INTERNAL if not).
 *   Cost: up to one bit per value against a 2eb step (seed 4.1 uses 2eb).
 *   - |x| / step must be < 2^30 - 1/2 (so deltas fit 31 bits): else HC_ERR_OVERFLOW.
 *   - NaN: HC_ERR_NAN; +-Inf: HC_ERR_INF. Never silent. (Which one, when a buffer holds
 *     several kinds of bad value: the most negative status code.)
 *   - Sum of p streams (hc_add repeated): it decodes to step x (q_1 + ... + q_p) where
 *     |x_i - step q_i| <= eb, so the decoded sum is within p x eb of the exact sum, plus,
 *     for float32 output, half a float32 ulp of the decoded sum (rounding step x sum q to
 *     float; zero while |sum q| <= 2^24). A summed delta beyond 31 bits, or a summed value
 *     |sum q| > 2^31 - 1, gives HC_ERR_SUM_OVERFLOW.
 *   - REL: eb = rel x (max - min) (computed in double; on the GPU by a device reduction).
 *     A constant field uses rel x max|x|, an all-zero or empty one eb = rel. Where rel x
 *     (max - min) underflows to 0 on data that is not constant, that bound is not
 *     representable: HC_ERR_EB (never rel itself as an absolute bound).
 *
 * FORMAT (little-endian; version 1)
 *   header, 40 bytes: "HCMP" | version u8 | dtype u8 (0 f32, 1 f64) | mode u8 (0 plain,
 *     1 outlier) | flags u8 (bit 0: checksum) | k i32 (step = 2^k) | checksum u32 (0 without
 *     the flag) | n u64 | eb f64 | payload bytes u64
 *   rate bytes: one per 32-element block: flag(bit 7) | outlier bytes - 1 (bits 5-6) | rate
 *     (bits 0-4). flag 0: rate r = bit length of max |d|, r = 0 = zero block (no payload).
 *   payloads in block order: plain: sign map u32 (bit i = d[i] < 0) then r bit-planes u32
 *     (plane k bit i = bit k of |d[i]|); outlier: |d[0]| in 1-4 bytes, sign map, r planes of
 *     d[1..31] (bit 0 unused). d[0] = q[0], d[i] = q[i] - q[i-1] (seed 4.1 Lorenzo 1D).
 *     Outlier form only when strictly smaller. A partial last block predicts d = 0 for the
 *     missing elements. Block offsets = exclusive prefix sum of the payload sizes.
 *   checksum: the stream (header with the checksum bytes as 0, rate bytes, payload) as 32-bit
 *     words w_i; sum of murmur3-finalised (w_i xor a key of i) mod 2^32. Streams without the
 *     flag are byte for byte those of v0.1.0 (tests/test_homcomp_golden.c freezes them).
 *
 * SAFETY: what a stream does and does not protect against
 *   One definition of a valid stream, applied by hc_validate and by every decoder (CPU and GPU,
 *   decompress and every add): a known header (magic, version, dtype, mode, flags, k matching
 *   eb, n <= 2^56); a length that holds header + rate bytes + payload; the checksum, when the
 *   flag is set; every rate byte legal for the mode; the payload total equal to the header's;
 *   every block decodable (outlier magnitude < 2^31) with every quantized value |q| <= 2^31 - 1
 *   (and finite in the dtype). Anything else: HC_ERR_FORMAT / HC_ERR_CORRUPT /
 *   HC_ERR_CHECKSUM, and no access outside [stream, stream + len) or the caller's buffers,
 *   whose sizes always come from the caller (dtype, n, capacities), never from the stream.
 *   - Protects against: truncation, any damage to the header's structure, and, WITH the
 *     checksum, accidental corruption of any byte (every single changed 32-bit word is caught;
 *     other damage passes with probability ~2^-32).
 *   - WITHOUT the checksum a damaged payload can still be a valid stream and decode, with
 *     HC_OK, to other values inside the valid range: the stream then protects memory safety
 *     only, not the values. hc_config_init turns the checksum on (files, archives); a caller
 *     that trusts its transport may turn it off (cfg.checksum = 0) to save one pass.
 *   - Not a MAC: anyone can write a stream with a matching checksum. Do not decode streams
 *     from an adversary and trust the values.
 *   Remaining preconditions: buffers really have the sizes the caller passes; no other thread
 *   writes an input while a call reads it; device pointers are device memory of this context.
 *   GPU: the host checks what it can before any launch (arguments, workspace, overlap, length;
 *   with h_header, a host copy of the first HC_HEADER_BYTES, the header too); the kernels check
 *   the rest and record the status in the workspace result (hc_cuda_read_result).
 *
 * GPU NOTES
 *   Each call runs an init kernel (clears its workspace), for REL a min/max kernel, then one
 *   kernel in which each thread codes one 32-element block, 256 blocks (8 warps) per tile; a
 *   warp stages its 32 blocks through shared rows with coalesced 16-byte accesses; float32
 *   quantizes and decodes in float where exact; bit planes come from 32x32 bit transposes
 *   sized by the warp's largest rate. Tiles find their output offsets by a decoupled
 *   look-back (Merrill & Garland 2016) over tile statuses in the workspace. Checksummed
 *   streams add one pass over the compressed bytes (a kernel that sums the words, and a
 *   one-thread kernel that checks or writes the value); when the caller gives no h_header
 *   the host cannot tell and launches it, and it returns at once for an unflagged stream.
 *   The status and the output byte count are written to device memory
 *   (hc_cuda_result_ptr(ws)). Device input pointers must be aligned to the element size.
 *   Workspace: 64 bytes + 24 bytes per tile of 8192 elements.
 *
 * CPU CODEC SPEED: five kernel sets, chosen per call at run time (hc_options.isa): portable C;
 *   SSE2 (the x86-64 baseline: bit-planes by a 32x32 bit-matrix transpose, 4-lane quantization);
 *   AVX2 and AVX-512F (x86-64 gcc/clang builds, compiled with target attributes so the binary
 *   still runs on any x86-64; no transpose: AVX-512 holds a block in two 16-lane vectors, plane k
 *   is two vptestmd lane masks, decoding ORs bit k into the lanes a plane selects; AVX2 in four
 *   8-lane vectors, byte b of the 32 lanes gathered into one vector by shuffles, planes 8b..8b+7
 *   its byte movemasks, decoding the same backwards (each plane spread to a byte a lane);
 *   prediction and prefix sums by lane permutes; with GFNI, AVX512BW and AVX512VBMI as well
 *   (HC_ISA_AVX512_GFNI) all planes of a block come from one 32x32 bit transpose of two byte
 *   permutes and vgf2p8affineqb each way, and the rate from the planes). Float32 quantization
 *   and decoding in float arithmetic where that is exact (step 2^k with 2^k and 2^-k normal
 *   floats; |q| < 2^24 when decoding), else in double. The adds
 *   (hc_add, hc_add_raw, hc_add_qp) work on the quantized integers block by block: unpack each
 *   operand's block (as many planes as its rate byte says), add with the 31-bit checks (the value
 *   range check is skipped where both rate bytes bound the values below 2^30), repack; nothing
 *   is dequantized. One thread writes each chunk straight to its final place (no compaction
 *   pass). Every path writes the same bytes and returns the same statuses
 *   (tests/test_homcomp_isa.c, tests/test_homcomp_golden.c).
 *
 * THREADS, MEMORY: no global state; functions are reentrant. CPU functions allocate only a
 *   chunk-offset table for streams of more than (HOMCOMP_TABLE_LOCAL - 1) x 32768 elements
 *   (8 bytes per 32768 elements; smaller tables live on the stack; the _range calls a second
 *   one, 16 bytes per 32768 elements, above the same size), and in-place adds a copy of
 *   the overlapped input; the allocations come before any output is written
 *   (tests/test_homcomp_failalloc.c).
 *   Output buffers must hold hc_compress_bound().
 */
#ifndef HOMCOMP_H
#define HOMCOMP_H

/* The project version (meson.build's project(version:)); every header carries the same. */
#define HOMCOMP_VERSION_MAJOR 1
#define HOMCOMP_VERSION_MINOR 0
#define HOMCOMP_VERSION_PATCH 0

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define HOMCOMP__UNUSED __attribute__((unused))
#else
#define HOMCOMP__UNUSED
#endif

#ifndef HOMCOMP_DEF
#ifdef HOMCOMP_STATIC
#define HOMCOMP_DEF static HOMCOMP__UNUSED
#else
#define HOMCOMP_DEF extern
#endif
#endif

#ifdef __cplusplus
#define HC__EXTERN_C_BEGIN extern "C" {
#define HC__EXTERN_C_END }
#else
#define HC__EXTERN_C_BEGIN
#define HC__EXTERN_C_END
#endif

HC__EXTERN_C_BEGIN

/* Every call returns one of these; the shared suffixes (_NULL ... _INTERNAL) mean the same in
 * every header of the project. When one call meets several errors it reports the most negative. */
typedef enum hc_status {
    HC_OK = 0,
    HC_ERR_NULL = -1,          /* a required pointer is NULL */
    HC_ERR_ARG = -2,           /* an invalid value (enum, option) */
    HC_ERR_SIZE = -3,          /* n > 2^56, or a size does not fit size_t */
    HC_ERR_NOMEM = -4,         /* HOMCOMP_MALLOC returned NULL */
    HC_ERR_CUDA = -5,          /* a CUDA launch failed */
    HC_ERR_MPI = -6,           /* (never returned: homcomp.cuh has no MPI code; the value is shared) */
    HC_ERR_INTERNAL = -7,      /* reconstruction guard failed: a bug in homcomp.cuh */
    HC_ERR_EB = -16,           /* error bound not finite and > 0 (or too small for float64) */
    HC_ERR_NAN = -17,          /* input contains NaN */
    HC_ERR_INF = -18,          /* input contains +-infinity */
    HC_ERR_OVERFLOW = -19,     /* |x| / step >= 2^30: quantized value does not fit */
    HC_ERR_CAPACITY = -20,     /* output buffer smaller than hc_compress_bound() */
    HC_ERR_FORMAT = -21,       /* not a homcomp stream, or wrong version/dtype/n */
    HC_ERR_CORRUPT = -22,      /* truncated or inconsistent stream */
    HC_ERR_MISMATCH = -23,     /* operands differ in n, dtype, mode or eb */
    HC_ERR_SUM_OVERFLOW = -24, /* a summed delta or quantized value needs more than 31 bits */
    HC_ERR_WORKSPACE = -25,    /* GPU workspace missing or too small */
    HC_ERR_ALIGN = -26,        /* device pointer not aligned to the element size */
    HC_ERR_CHECKSUM = -27,     /* the stream's checksum does not match its bytes */
    HC_ERR_OVERLAP = -28       /* GPU add: the output overlaps an input */
} hc_status;

typedef enum hc_dtype { HC_F32 = 0, HC_F64 = 1 } hc_dtype;
typedef enum hc_mode { HC_PLAIN = 0, HC_OUTLIER = 1 } hc_mode;
typedef enum hc_bound { HC_ABS = 0, HC_REL = 1 } hc_bound;

/* Compression settings: start from hc_config_init(dtype, bound, eb), then change what you need. */
typedef struct hc_config {
    hc_dtype dtype;
    hc_mode mode;   /* HC_PLAIN */
    hc_bound bound;
    double eb;      /* ABS: the absolute bound; REL: the fraction of (max - min) */
    int checksum;   /* 1 (default): the stream carries a checksum of its bytes; 0: none */
} hc_config;

/* Instruction sets of the CPU codec's block kernels (every one writes the same bytes). */
typedef enum hc_isa {
    HC_ISA_AUTO = 0,   /* the best this CPU runs (the default) */
    HC_ISA_SCALAR = 1, /* portable C */
    HC_ISA_SSE2 = 2,   /* SSE2 (x86-64 baseline; not with HOMCOMP_NO_SIMD) */
    HC_ISA_AVX2 = 3,   /* AVX2, chosen at run time (x86-64 gcc/clang builds) */
    HC_ISA_AVX512 = 4, /* AVX-512F, chosen at run time (x86-64 gcc/clang builds) */
    HC_ISA_AVX512_GFNI = 5 /* AVX-512F with BW, VBMI and GFNI (Ice Lake, Zen 4 and later): bit planes
                            * by one 32x32 bit transpose (byte permutes and vgf2p8affineqb) */
} hc_isa;

/* Run-time options of the CPU calls, zero = defaults (hc_options_default(), HC_OPTIONS_INIT);
 * pass NULL for all defaults. */
typedef struct hc_options {
    int threads; /* OpenMP threads; 0 = omp_get_max_threads() (1 without OpenMP); < 0 or > HC_MAX_THREADS
                  * invalid */
    hc_isa isa;  /* HC_ISA_AUTO; another value forces that path (HC_ERR_ARG where the build or the
                  * CPU lacks it: hc_isa_available) */
} hc_options;
#define HC_OPTIONS_INIT {0, HC_ISA_AUTO}

/* What a stream's header says. */
typedef struct hc_info {
    hc_dtype dtype;
    hc_mode mode;
    int step_exp;          /* quantization step = 2^step_exp */
    uint64_t n;            /* elements */
    double eb;             /* absolute error bound the stream guarantees */
    uint64_t payload_bytes;
    uint64_t stream_bytes; /* header + rate bytes + payload */
    int checksum;          /* 1 when the stream carries a checksum */
} hc_info;

#define HC_HEADER_BYTES 40
#ifndef HC_MAX_THREADS
#define HC_MAX_THREADS 1024
#endif
#define HC_BLOCK 32
#define HC_MAX_BLOCK_PAYLOAD 128 /* sign map + 31 planes */
#define HC_VERSION 1

HOMCOMP_DEF const char *hc_status_string(hc_status s);
HOMCOMP_DEF int hc_isa_available(hc_isa isa); /* 1 when this build and CPU run it; AUTO: the best one */
HOMCOMP_DEF hc_config hc_config_init(hc_dtype dtype, hc_bound bound, double eb);
/* The quantization step an absolute eb gives: 2^*k. Two ebs with the same k encode the same
 * values to the same bytes (only the header's eb field differs). HC_ERR_EB where the codec
 * would refuse eb (not finite and > 0, or for float64 below 2^-1023: a step below 2^-1022),
 * HC_ERR_ARG for another dtype, HC_ERR_NULL for k NULL. */
HOMCOMP_DEF hc_status hc_step_exponent(double eb, hc_dtype dtype, int *k);
HOMCOMP_DEF hc_options hc_options_default(void);
HOMCOMP_DEF size_t hc_compress_bound(uint64_t n, hc_dtype dtype);
HOMCOMP_DEF uint64_t hc_qp_count(uint64_t n); /* int32 deltas hc_qp writes: 32 x blocks */
HOMCOMP_DEF hc_status hc_compress(const hc_config *cfg, const void *in, uint64_t n, void *out, size_t out_cap,
                            size_t *out_size, const hc_options *opt);
HOMCOMP_DEF hc_status hc_stream_info(const void *stream, size_t len, hc_info *info);
HOMCOMP_DEF hc_status hc_validate(const void *stream, size_t len, hc_info *info, const hc_options *opt);
HOMCOMP_DEF hc_status hc_decompress(const void *stream, size_t len, hc_dtype dtype, void *out, uint64_t n,
                              const hc_options *opt);
HOMCOMP_DEF hc_status hc_qp(const void *ref, size_t ref_len, hc_dtype dtype, const void *raw, uint64_t n, int32_t *deltas,
                      const hc_options *opt);
HOMCOMP_DEF hc_status hc_qp_eb(double eb, hc_dtype dtype, const void *raw, uint64_t n, int32_t *deltas,
                         const hc_options *opt);
HOMCOMP_DEF hc_status hc_add(const void *a, size_t alen, const void *b, size_t blen, void *out, size_t out_cap,
                       size_t *out_size, const hc_options *opt);
HOMCOMP_DEF hc_status hc_add_raw(const void *c, size_t clen, hc_dtype dtype, const void *raw, uint64_t n, void *out,
                           size_t out_cap, size_t *out_size, const hc_options *opt);
HOMCOMP_DEF hc_status hc_add_qp(const void *c, size_t clen, const int32_t *deltas, uint64_t n, void *out,
                          size_t out_cap, size_t *out_size, const hc_options *opt);
HOMCOMP_DEF hc_status hc_add_raw_values(const void *c, size_t clen, hc_dtype dtype, const void *raw, uint64_t n, void *out,
                                  size_t out_cap, size_t *out_size, void *values, const hc_options *opt);
/* hc_compress, and hc_add_raw (values NULL) / hc_add_raw_values (values not NULL), that also
 * give the raw input's range: on HC_OK range[0] = min, range[1] = max of in[0..n) / raw[0..n)
 * (finite: a call that succeeds saw no NaN or infinity; n = 0: +HUGE_VAL, -HUGE_VAL; the sign
 * of a zero extreme is unspecified), taken from the values as they are quantized (no second
 * pass over the input); untouched on error. The same output bytes as the plain calls. */
HOMCOMP_DEF hc_status hc_compress_range(const hc_config *cfg, const void *in, uint64_t n, void *out, size_t out_cap,
                                  size_t *out_size, double range[2], const hc_options *opt);
HOMCOMP_DEF hc_status hc_add_raw_range(const void *c, size_t clen, hc_dtype dtype, const void *raw, uint64_t n, void *out,
                                 size_t out_cap, size_t *out_size, void *values, double range[2], const hc_options *opt);

HC__EXTERN_C_END

#ifdef __CUDACC__
#include <cuda_runtime.h>
HC__EXTERN_C_BEGIN /* C linkage: callable from C code linked against an nvcc-compiled unit */
/* Result of the last GPU call on a workspace, in device memory (first bytes of the ws). */
typedef struct hc_cuda_result {
    int32_t status; /* hc_status */
    int32_t reserved;
    uint64_t bytes; /* compress/add: total stream bytes written */
} hc_cuda_result;

HOMCOMP_DEF size_t hc_cuda_workspace_size(uint64_t n);
HOMCOMP_DEF hc_status hc_cuda_compress(const hc_config *cfg, const void *d_in, uint64_t n, void *d_out, size_t out_cap,
                                 void *d_ws, size_t ws_bytes, cudaStream_t stream);
HOMCOMP_DEF hc_status hc_cuda_decompress(const void *d_stream, size_t len, const void *h_header, hc_dtype dtype,
                                   void *d_out, uint64_t n, void *d_ws, size_t ws_bytes, cudaStream_t stream);
HOMCOMP_DEF hc_status hc_cuda_qp(const void *d_ref, size_t ref_len, const void *h_header, hc_dtype dtype,
                           const void *d_raw, uint64_t n, int32_t *d_deltas, void *d_ws, size_t ws_bytes,
                           cudaStream_t stream);
HOMCOMP_DEF hc_status hc_cuda_add(const void *d_a, size_t alen, const void *d_b, size_t blen, const void *h_header,
                            hc_dtype dtype, uint64_t n, void *d_out, size_t out_cap, void *d_ws, size_t ws_bytes,
                            cudaStream_t stream);
HOMCOMP_DEF hc_status hc_cuda_add_raw(const void *d_c, size_t clen, const void *h_header, hc_dtype dtype,
                                const void *d_raw, uint64_t n, void *d_out, size_t out_cap, void *d_ws,
                                size_t ws_bytes, cudaStream_t stream);
HOMCOMP_DEF hc_status hc_cuda_add_qp(const void *d_c, size_t clen, const void *h_header, hc_dtype dtype,
                               const int32_t *d_deltas, uint64_t n, void *d_out, size_t out_cap, void *d_ws,
                               size_t ws_bytes, cudaStream_t stream);
HOMCOMP_DEF hc_cuda_result *hc_cuda_result_ptr(void *d_ws);
HOMCOMP_DEF hc_status hc_cuda_read_result(const void *d_ws, hc_cuda_result *h_result, cudaStream_t stream);
HC__EXTERN_C_END
#endif

#endif /* HOMCOMP_H */

/* ======================================================================================= */
#if defined(HOMCOMP_IMPLEMENTATION) && !defined(HOMCOMP__IMPLEMENTED)
#define HOMCOMP__IMPLEMENTED

#include <float.h>
#include <math.h>
#include <string.h>
#if defined(HOMCOMP_MALLOC) != defined(HOMCOMP_FREE)
#error "homcomp.cuh: define both HOMCOMP_MALLOC and HOMCOMP_FREE, or neither"
#endif
#ifndef HOMCOMP_MALLOC
#include <stdlib.h>
#define HOMCOMP_MALLOC(sz) malloc(sz)
#define HOMCOMP_FREE(p) free(p)
#endif
#ifdef _OPENMP
#include <omp.h>
#endif
/* SSE2 (every x86-64) speeds up the CPU codec; HOMCOMP_NO_SIMD selects the portable C path,
 * which writes the same bytes. */
#if defined(__SSE2__) && !defined(HOMCOMP_NO_SIMD) && !defined(__CUDA_ARCH__)
#include <emmintrin.h>
#define HC__SSE2 1
#endif
/* AVX2 and AVX-512F kernels: compiled with target attributes, chosen at run time (hc_isa) */
#if !defined(HOMCOMP_NO_SIMD) && !defined(__CUDA_ARCH__) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
/* (g++ 12 at -O3 reports the intrinsics' own _mm512_undefined_* idiom as uninitialized) */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>
#pragma GCC diagnostic pop
#else
#include <immintrin.h>
#endif
#define HC__AVX512 1
#define HC__T512 __attribute__((target("avx512f")))
#define HC__T512G __attribute__((target("avx512f,avx512bw,avx512vbmi,gfni")))
#define HC__T256 __attribute__((target("avx2")))
#endif
#if defined(__GNUC__) || defined(__clang__)
#define HC__INLINE static inline __attribute__((always_inline))
#define HC__FLAT __attribute__((flatten)) /* every call inlined where the targets allow */
#else
#define HC__INLINE static inline
#define HC__FLAT
#endif

#ifdef __CUDACC__
#define HC__HD __host__ __device__
#else
#define HC__HD
#endif

/* ---- format constants and block maths: shared by the CPU and the CUDA codec ---------- */
#define HC__QLIM 1073741823.5 /* |x / step| must stay below: |q| <= 2^30 - 1 */
#define HC__D31 2147483647LL  /* largest |delta| a 5-bit rate can describe */

typedef struct {
    double eb, step, inv_step;
    int k;
    /* float32 fast paths (see hc__qp_block): used only when fastq / fastd */
    int fastq, fastd;
    float invf, stepf, ebf;
} hc__params;

typedef struct {
    int dtype, mode, k;
    uint64_t n;
    double eb;
    uint64_t payload;
    int csum_flag;  /* header byte 7 bit 0: bytes 12-15 hold a checksum */
    uint32_t csum;  /* the checksum read (parse) / written later (hc__put_checksum) */
} hc__hdr;

HC__HD static inline int hc__kmin(int dtype) { return dtype == HC_F32 ? -149 : -1022; }
/* upper clamp keeps |q| * step (|q| < 2^30) inside the type's finite range */
HC__HD static inline int hc__kmax(int dtype) { return dtype == HC_F32 ? 97 : 992; }

/* step = largest power of two <= 2 eb (clamped). Float32: every float is a multiple of
 * 2^-149, so a step of 2^-149 reconstructs exactly; float64 below 2^-1022 is refused. */
HC__HD static inline int hc__params_from_eb(double eb, int dtype, hc__params *p)
{
    int e = 0;
    if (!(eb > 0.0) || !(eb <= DBL_MAX)) return HC_ERR_EB;
    (void)frexp(eb, &e); /* eb = m 2^e, m in [0.5,1): 2 eb in [2^e, 2^(e+1)) */
    if (e < hc__kmin(dtype)) {
        if (dtype == HC_F64) return HC_ERR_EB;
        e = hc__kmin(dtype);
    }
    if (e > hc__kmax(dtype)) e = hc__kmax(dtype);
    p->eb = eb;
    p->k = e;
    p->step = ldexp(1.0, e);
    p->inv_step = ldexp(1.0, -e);
#ifndef __CUDA_ARCH__
    /* 2^k and 2^-k normal floats: quantizing a float32 in float arithmetic is exact; decoding
     * |q| <= 2^24 as (float)q * 2^k is exact while the product stays below 2^128 (CPU codec) */
    p->fastq = e >= -126 && e <= 126;
    p->fastd = e >= -126 && e <= 103;
    p->invf = p->fastq ? (float)p->inv_step : 0.0f;
    p->stepf = p->fastq ? (float)p->step : 0.0f;
    p->ebf = eb >= (double)FLT_MAX ? FLT_MAX : (float)eb; /* then down to the largest float <= eb */
    if ((double)p->ebf > eb) p->ebf = nextafterf(p->ebf, 0.0f);
#endif
    return HC_OK;
}

/* REL: eb from the data's min and max (mn > mx means no data). 0 (HC_ERR_EB at
 * hc__params_from_eb) when rel x (max - min) underflows on data that is not constant. */
HC__HD static inline double hc__rel_eb(double rel, double mn, double mx)
{
    double eb, a;
    if (mn > mx) return rel;
    eb = rel * (mx - mn);
    if (eb > 0.0) return eb;
    if (mx > mn) return 0.0;
    a = fabs(mn) > fabs(mx) ? fabs(mn) : fabs(mx);
    eb = rel * a;
    return eb > 0.0 ? eb : rel;
}

/* 1.5 x 2^52 read through a volatile once, so that (t + big) - big rounds half-even */
static inline double hc__round_big(void)
{
    volatile double big = 6755399441055744.0;
    return big;
}

HC__HD static inline double hc__round_even(double t)
{
#ifdef __CUDA_ARCH__
    return rint(t);
#else
    /* exact round-half-even for |t| < 2^51 in the default rounding mode, no libm call */
    volatile double big = 6755399441055744.0; /* 1.5 x 2^52 */
    double b = big;
    return (t + b) - b;
#endif
}

/* 0 or a (negative) status for one element. */
HC__HD static inline int hc__quant(double x, const hc__params *p, int dtype, int32_t *q)
{
    double t, qd, rec;
    if (x != x) return HC_ERR_NAN;
    if (x - x != 0.0) return HC_ERR_INF;
    t = x * p->inv_step;
    if (!(t < HC__QLIM && t > -HC__QLIM)) return HC_ERR_OVERFLOW;
    qd = hc__round_even(t);
    rec = qd * p->step;
    if (dtype == HC_F32) rec = (double)(float)rec; /* the decoder's conversion (exact) */
    if (!(fabs(x - rec) <= p->eb)) return HC_ERR_INTERNAL;
    *q = (int32_t)qd;
    return 0;
}

HC__HD static inline int hc__bitlen(uint32_t v)
{
#ifdef __CUDA_ARCH__
    return 32 - __clz((int)v);
#elif defined(__GNUC__) || defined(__clang__)
    return v ? 32 - __builtin_clz(v) : 0;
#else
    int r = 0;
    while (v) { r++; v >>= 1; }
    return r;
#endif
}

HC__HD static inline uint32_t hc__mag(int32_t v) { return v < 0 ? (uint32_t)0 - (uint32_t)v : (uint32_t)v; }

/* ---- the rate byte, the one place that knows its layout: outlier flag (bit 7) | outlier
 * bytes - 1 (bits 5-6) | rate (bits 0-4). A plain byte (flag 0) is the rate itself, 0 = zero
 * block; the CPU and the CUDA codec read and write it only through these. */
HC__HD static inline int hc__rb_outlier(unsigned rb) { return (rb & 0x80u) != 0; }
HC__HD static inline unsigned hc__rb_obytes(unsigned rb) { return ((rb >> 5) & 3u) + 1u; } /* outlier rb only */
HC__HD static inline unsigned hc__rb_rate(unsigned rb) { return rb & 31u; }
HC__HD static inline unsigned hc__rb_make(unsigned obytes, unsigned rate) { return 0x80u | ((obytes - 1u) << 5) | rate; }
HC__HD static inline int hc__rate_valid(unsigned rb, int mode) { return hc__rb_outlier(rb) ? mode == HC_OUTLIER : rb <= 31u; }
/* Payload bytes of a block with rate byte rb. */
HC__HD static inline uint32_t hc__payload_size(unsigned rb)
{
    if (hc__rb_outlier(rb)) return hc__rb_obytes(rb) + 4u + 4u * hc__rb_rate(rb);
    return rb ? 4u + 4u * rb : 0u;
}
/* Every prefix sum q of the block's deltas has |q| < 2^lim when the rate byte allows no more:
 * plain rate r: |q| <= 32 (2^r - 1); outlier: |d[0]| < 2^(8 ob) plus 31 (2^r - 1). */
HC__HD static inline int hc__rb_qsmall(unsigned rb, unsigned ob_max, unsigned r_outlier, unsigned r_plain)
{
    if (hc__rb_outlier(rb)) return hc__rb_obytes(rb) <= ob_max && hc__rb_rate(rb) <= r_outlier;
    return rb <= r_plain;
}

/* Rate byte for a block whose |d[0]| is m0 and whose other |d[i]| OR to rest (every |d| <=
 * 2^31 - 1); *size = its payload bytes. The outlier form only when strictly smaller. */
HC__HD static inline unsigned hc__rate_byte(uint32_t m0, uint32_t rest, int mode, uint32_t *size)
{
    const unsigned r = (unsigned)hc__bitlen(rest | m0);
    unsigned sz = r ? 4u + 4u * r : 0u, rb = r;
    if (mode == HC_OUTLIER && r) {
        unsigned r1 = (unsigned)hc__bitlen(rest), ob = ((unsigned)hc__bitlen(m0) + 7u) / 8u;
        if (ob == 0) ob = 1;
        if (ob + 4u + 4u * r1 < sz) { sz = ob + 4u + 4u * r1; rb = hc__rb_make(ob, r1); }
    }
    *size = sz;
    return rb;
}

/* The largest |q| a stream may hold (a valid stream decodes to finite values): q fits 31 bits
 * and, for float32 with the largest step 2^97, (2^31 - 2^7) 2^97 = FLT_MAX. Compressed streams
 * hold |q| < 2^30; sums may reach this. */
HC__HD static inline int64_t hc__qmax(int dtype, int k)
{
    return dtype == HC_F32 && k >= 97 ? 2147483520LL : 2147483647LL;
}
/* nonzero when one of the block's first cnt values q (prefix sums of its deltas) leaves
 * [-qmax, qmax]; the deltas past the array's end (a partial last block) are no values */
HC__HD static inline int hc__q_out_of_range(const int32_t *d, int cnt, int64_t qmax)
{
    int64_t q = 0;
    int bad = 0, i;
    /* a fixed trip count (the kernels keep d in registers only when every index is constant) */
    for (i = 0; i < HC_BLOCK; i++) {
        q += i < cnt ? d[i] : 0;
        bad |= q > qmax || q < -qmax;
    }
    return bad;
}

/* Rate byte for deltas d (|d| <= 2^31 - 1); *size = its payload bytes. CPU codec. */
static inline unsigned hc__plan(const int32_t *d, int mode, uint32_t *size)
{
    uint32_t rest = 0;
    int i;
    for (i = 1; i < HC_BLOCK; i++) rest |= hc__mag(d[i]);
    return hc__rate_byte(hc__mag(d[0]), rest, mode, size);
}

HC__HD static inline void hc__put32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v; p[1] = (unsigned char)(v >> 8); p[2] = (unsigned char)(v >> 16); p[3] = (unsigned char)(v >> 24);
}
HC__HD static inline uint32_t hc__get32(const unsigned char *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}
HC__HD static inline void hc__put64(unsigned char *p, uint64_t v) { hc__put32(p, (uint32_t)v); hc__put32(p + 4, (uint32_t)(v >> 32)); }
HC__HD static inline uint64_t hc__get64(const unsigned char *p) { return (uint64_t)hc__get32(p) | ((uint64_t)hc__get32(p + 4) << 32); }

/* 32x32 bit-matrix transpose in place: afterwards bit i of w[k] = old bit k of w[i]. Five
 * rounds swap the off-diagonal sub-blocks (masked xor-swaps); the first three vectorize. */
static inline void hc__transpose32(uint32_t *w)
{
#define HC__TR_ROUND(J, LO)                                                                      \
    for (b = 0; b < 32; b += 2 * (J))                                                            \
        for (i = b; i < b + (J); i++) {                                                          \
            uint32_t t_ = ((w[i] >> (J)) ^ w[i + (J)]) & (LO);                                   \
            w[i + (J)] ^= t_;                                                                    \
            w[i] ^= t_ << (J);                                                                   \
        }
    int b, i;
    HC__TR_ROUND(16, 0x0000ffffu)
    HC__TR_ROUND(8, 0x00ff00ffu)
    HC__TR_ROUND(4, 0x0f0f0f0fu)
    HC__TR_ROUND(2, 0x33333333u)
    HC__TR_ROUND(1, 0x55555555u)
#undef HC__TR_ROUND
}

#if defined(HC__SSE2) && !defined(__CUDA_ARCH__)
#define HC__SSE2_HOST 1
/* The same transpose on 8 SSE2 vectors: rounds 16, 8, 4 pair whole vectors, rounds 2 and 1
 * pair lanes inside a vector (a shuffle brings the partner, a second one the swap bits). */
static inline void hc__transpose32_sse2(uint32_t *w)
{
    __m128i v[8], t, p;
    int i;
    const __m128i m2 = _mm_set1_epi32(0x33333333), m1 = _mm_set1_epi32(0x55555555);
    const __m128i top2 = _mm_set_epi32(0, 0, -1, -1), top1 = _mm_set_epi32(0, -1, 0, -1);
    for (i = 0; i < 8; i++) v[i] = _mm_loadu_si128((const __m128i *)(const void *)(w + 4 * i));
#define HC__SWP(A, B, J, LO)                                                                     \
    t = _mm_and_si128(_mm_xor_si128(_mm_srli_epi32(A, J), B), LO);                               \
    B = _mm_xor_si128(B, t);                                                                     \
    A = _mm_xor_si128(A, _mm_slli_epi32(t, J));
    for (i = 0; i < 4; i++) { HC__SWP(v[i], v[i + 4], 16, _mm_set1_epi32(0x0000ffff)) }
    for (i = 0; i < 8; i += (i & 1) ? 3 : 1) { HC__SWP(v[i], v[i + 2], 8, _mm_set1_epi32(0x00ff00ff)) }
    for (i = 0; i < 8; i += 2) { HC__SWP(v[i], v[i + 1], 4, _mm_set1_epi32(0x0f0f0f0f)) }
#undef HC__SWP
    for (i = 0; i < 8; i++) {
        p = _mm_shuffle_epi32(v[i], _MM_SHUFFLE(1, 0, 3, 2));
        t = _mm_and_si128(_mm_xor_si128(_mm_srli_epi32(v[i], 2), p), m2);
        t = _mm_shuffle_epi32(t, _MM_SHUFFLE(1, 0, 1, 0));
        v[i] = _mm_xor_si128(v[i], _mm_or_si128(_mm_and_si128(_mm_slli_epi32(t, 2), top2), _mm_andnot_si128(top2, t)));
        p = _mm_shuffle_epi32(v[i], _MM_SHUFFLE(2, 3, 0, 1));
        t = _mm_and_si128(_mm_xor_si128(_mm_srli_epi32(v[i], 1), p), m1);
        t = _mm_shuffle_epi32(t, _MM_SHUFFLE(2, 2, 0, 0));
        v[i] = _mm_xor_si128(v[i], _mm_or_si128(_mm_and_si128(_mm_slli_epi32(t, 1), top1), _mm_andnot_si128(top1, t)));
    }
    for (i = 0; i < 8; i++) _mm_storeu_si128((__m128i *)(void *)(w + 4 * i), v[i]);
}
/* |d| of four lanes (|INT32_MIN| wraps to 2^31 like hc__mag) */
static inline __m128i hc__abs4(__m128i x)
{
    const __m128i m = _mm_srai_epi32(x, 31);
    return _mm_sub_epi32(_mm_xor_si128(x, m), m);
}
#endif

/* the transpose of the instruction set isa (HC_ISA_*): every one gives the same bits */
static inline void hc__transpose(uint32_t *w, int isa)
{
#ifdef HC__SSE2_HOST
    if (isa >= HC_ISA_SSE2) { hc__transpose32_sse2(w); return; }
#endif
    (void)isa;
    hc__transpose32(w);
}

/* Block bit-shuffle (seed 4.2): sign map, then plane k = bit k of every |d[i]|. CPU codec
 * (the kernels have their own, warp-wide version: hc__enc_block). */
static inline void hc__encode_block(const int32_t *d, unsigned rb, unsigned char *dst, int isa)
{
    uint32_t a[HC_BLOCK], sign = 0;
    unsigned r, k;
    int i;
#ifdef HC__SSE2_HOST
    if (isa >= HC_ISA_SSE2) {
        for (i = 0; i < HC_BLOCK; i += 4) {
            const __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(d + i));
            _mm_storeu_si128((__m128i *)(void *)(a + i), hc__abs4(x));
            sign |= (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(x)) << i;
        }
    } else
#endif
    for (i = 0; i < HC_BLOCK; i++) { a[i] = hc__mag(d[i]); sign |= (uint32_t)(d[i] < 0) << i; }
    if (hc__rb_outlier(rb)) {
        unsigned ob = hc__rb_obytes(rb), j;
        for (j = 0; j < ob; j++) dst[j] = (unsigned char)(a[0] >> (8 * j));
        dst += ob;
        a[0] = 0;
        r = hc__rb_rate(rb);
    } else {
        r = rb;
        if (r == 0) return;
    }
    hc__put32(dst, sign);
    dst += 4;
    if (r <= 2) {
        for (k = 0; k < r; k++) {
            uint32_t pl = 0;
            for (i = 0; i < HC_BLOCK; i++) pl |= ((a[i] >> k) & 1u) << i;
            hc__put32(dst + 4 * k, pl);
        }
        return;
    }
    hc__transpose(a, isa); /* a[k] = plane k */
    for (k = 0; k < r; k++) hc__put32(dst + 4 * k, a[k]);
}

/* Inverse; returns nonzero when an outlier magnitude exceeds 31 bits (corrupt stream). CPU codec. */
static inline int hc__decode_block(const unsigned char *src, unsigned rb, int32_t *d, int isa)
{
    uint32_t a[HC_BLOCK], sign, m0 = 0;
    unsigned r, k;
    int i, bad = 0;
    if (rb == 0) {
        for (i = 0; i < HC_BLOCK; i++) d[i] = 0;
        return 0;
    }
    if (hc__rb_outlier(rb)) {
        unsigned ob = hc__rb_obytes(rb), j;
        for (j = 0; j < ob; j++) m0 |= (uint32_t)src[j] << (8 * j);
        src += ob;
        r = hc__rb_rate(rb);
    } else {
        r = rb;
    }
    sign = hc__get32(src);
    src += 4;
    if (r <= 2) { /* few planes: bit by bit is cheaper than the transpose */
        for (i = 0; i < HC_BLOCK; i++) a[i] = 0;
        for (k = 0; k < r; k++) {
            uint32_t pl = hc__get32(src + 4 * k);
            for (i = 0; i < HC_BLOCK; i++) a[i] |= ((pl >> i) & 1u) << k;
        }
    } else {
        for (k = 0; k < r; k++) a[k] = hc__get32(src + 4 * k);
        for (; k < HC_BLOCK; k++) a[k] = 0;
        hc__transpose(a, isa); /* a[i] = |d[i]| */
    }
    if (hc__rb_outlier(rb)) {
        if (m0 > 2147483647u) { bad = 1; m0 = 0; }
        a[0] = m0;
    }
    for (i = 0; i < HC_BLOCK; i++) d[i] = ((sign >> i) & 1u) ? -(int32_t)a[i] : (int32_t)a[i];
    return bad;
}

/* ---- the stream checksum (header byte 7 bit 0 set, value in bytes 12-15) ----
 * The stream's bytes (header with bytes 12-15 read as zero, rate bytes, payload; length from the
 * header) as little-endian 32-bit words w_i (the last one zero-padded); checksum = sum over i of
 * mix(w_i, i) mod 2^32, with mix a bijection of w for every i (murmur3's finalizer on w xor a
 * position key). Any change of a single word changes the sum; swaps and other multi-word changes
 * pass with probability ~2^-32. A sum of independent terms: any thread split, CPU or GPU, gives
 * the same value. Not a cryptographic MAC: it catches corruption, not forgery. */
#define HC__FLAG_CSUM 1u
HC__HD static inline uint32_t hc__csum_word(uint32_t w, uint64_t i)
{
    uint32_t x = w ^ ((uint32_t)i * 0x9E3779B9u) ^ ((uint32_t)(i >> 32) * 0x7FEB352Du);
    x ^= x >> 16;
    x *= 0x85EBCA6Bu;
    x ^= x >> 13;
    x *= 0xC2B2AE35u;
    x ^= x >> 16;
    return x;
}
/* word i of a stream of len bytes (word 3, the checksum's own bytes, reads as zero) */
HC__HD static inline uint32_t hc__csum_get(const unsigned char *s, uint64_t len, uint64_t i)
{
    uint64_t o = 4 * i;
    uint32_t w = 0;
    if (i == 3) return 0;
    if (o + 4 <= len) return hc__get32(s + o);
    for (; o < len; o++) w |= (uint32_t)s[o] << (8 * (o & 3));
    return w;
}

HC__HD static inline void hc__write_header(unsigned char *p, const hc__hdr *h)
{
    int i;
    for (i = 0; i < HC_HEADER_BYTES; i++) p[i] = 0;
    p[0] = 'H'; p[1] = 'C'; p[2] = 'M'; p[3] = 'P';
    p[4] = HC_VERSION;
    p[5] = (unsigned char)h->dtype;
    p[6] = (unsigned char)h->mode;
    p[7] = (unsigned char)(h->csum_flag ? HC__FLAG_CSUM : 0); /* the checksum itself comes last */
    hc__put32(p + 8, (uint32_t)h->k);
    hc__put64(p + 16, h->n);
    {
        uint64_t bits;
        memcpy(&bits, &h->eb, 8);
        hc__put64(p + 24, bits);
    }
    hc__put64(p + 32, h->payload);
}

/* Checks everything the header alone can tell. */
HC__HD static inline int hc__parse_header(const unsigned char *p, hc__hdr *h)
{
    uint64_t bits, nb;
    hc__params pr;
    if (p[0] != 'H' || p[1] != 'C' || p[2] != 'M' || p[3] != 'P' || p[4] != HC_VERSION) return HC_ERR_FORMAT;
    if (p[5] > 1 || p[6] > 1 || (p[7] & ~HC__FLAG_CSUM) != 0) return HC_ERR_FORMAT;
    h->csum_flag = p[7] & HC__FLAG_CSUM;
    h->csum = hc__get32(p + 12);
    if (!h->csum_flag && h->csum != 0) return HC_ERR_FORMAT;
    h->dtype = p[5];
    h->mode = p[6];
    h->k = (int)(int32_t)hc__get32(p + 8);
    h->n = hc__get64(p + 16);
    bits = hc__get64(p + 24);
    memcpy(&h->eb, &bits, 8);
    h->payload = hc__get64(p + 32);
    if (h->n > ((uint64_t)1 << 56)) return HC_ERR_FORMAT;
    if (hc__params_from_eb(h->eb, h->dtype, &pr) != HC_OK || pr.k != h->k) return HC_ERR_FORMAT;
    nb = (h->n + HC_BLOCK - 1) / HC_BLOCK;
    if (h->payload > nb * HC_MAX_BLOCK_PAYLOAD) return HC_ERR_CORRUPT;
    return HC_OK;
}

HC__HD static inline int hc__compatible(const hc__hdr *a, const hc__hdr *b)
{
    return a->n == b->n && a->dtype == b->dtype && a->mode == b->mode && a->k == b->k && a->eb == b->eb;
}

/* float64 value for a (summed) quantized value, converted to the output type without UB */
HC__HD static inline float hc__to_f32(double v)
{
    if (v > 3.4028235677973366e38) return (float)HUGE_VAL;
    if (v < -3.4028235677973366e38) return -(float)HUGE_VAL;
    return (float)v;
}

/* ---- CPU reference codec --------------------------------------------------------------- */

#define HC__CHUNK 1024 /* blocks per CPU work item */
/* Chunk tables (one offset per HC__CHUNK blocks) of up to HOMCOMP_TABLE_LOCAL entries live on
 * the caller's stack, so a call on a stream of up to (HOMCOMP_TABLE_LOCAL - 1) x 32768 elements
 * (2M with the default) allocates nothing: a collective that calls the codec per message then
 * allocates nothing after its plan is made. Larger streams take the table from HOMCOMP_MALLOC. */
#ifndef HOMCOMP_TABLE_LOCAL
#define HOMCOMP_TABLE_LOCAL 65
#endif
typedef struct hc__table {
    uint64_t *p; /* local, or from HOMCOMP_MALLOC */
    uint64_t local[HOMCOMP_TABLE_LOCAL];
} hc__table;
/* A table of `count` entries in t->p; 0, or HC_ERR_NOMEM. */
static int hc__table_get(hc__table *t, uint64_t count)
{
    t->p = count <= HOMCOMP_TABLE_LOCAL ? t->local : (uint64_t *)HOMCOMP_MALLOC((size_t)count * sizeof(uint64_t));
    return t->p ? 0 : HC_ERR_NOMEM;
}
static void hc__table_free(hc__table *t)
{
    if (t->p && t->p != t->local) HOMCOMP_FREE(t->p);
    t->p = NULL;
}

/* The float32 fast paths need float arithmetic without excess precision: FLT_EVAL_METHOD 0, or
 * 16 (TS 18661-3: only types no wider than _Float16 are evaluated as _Float16's range, float in
 * its own; GCC's GNU modes give 16 wherever AVX512-FP16 is on, e.g. -march=native on Sapphire
 * Rapids, which before 2026-11-28 turned these paths off: compress 5x slower). */
#define HC__FLT_EVAL_OK(m) ((m) == 0 || (m) == 16)
#if defined(FLT_EVAL_METHOD) && HC__FLT_EVAL_OK(FLT_EVAL_METHOD)
#define HC__FLT_FAST 1
#else
#define HC__FLT_FAST 0
#endif

/* A block whose every partial sum |q| stays below 2^24: plain rate <= 18, or outlier with
 * |d[0]| < 2^16 and rate <= 18 (2^16 + 31 (2^18 - 1) < 2^24). */
static int hc__rb_small(unsigned rb) { return hc__rb_qsmall(rb, 2u, 18u, 18u); }

HOMCOMP_DEF const char *hc_status_string(hc_status s)
{
    switch (s) {
    case HC_OK: return "ok";
    case HC_ERR_NULL: return "a required pointer argument is NULL";
    case HC_ERR_ARG: return "invalid argument value (dtype, mode, bound, checksum flag, isa, or threads outside 0 .. HC_MAX_THREADS)";
    case HC_ERR_SIZE: return "n is larger than 2^56, or a size does not fit this machine's size_t";
    case HC_ERR_NOMEM: return "out of memory (HOMCOMP_MALLOC returned NULL)";
    case HC_ERR_CUDA: return "a CUDA launch failed (cudaGetLastError)";
    case HC_ERR_MPI: return "an MPI call failed (homcomp.cuh itself never returns this)";
    case HC_ERR_INTERNAL: return "internal error: a reconstruction left the error bound; please report it";
    case HC_ERR_EB: return "error bound must be finite and > 0 (float64: >= 2^-1023)";
    case HC_ERR_NAN: return "input contains NaN: it cannot be bounded";
    case HC_ERR_INF: return "input contains infinity: it cannot be bounded";
    case HC_ERR_OVERFLOW: return "quantization overflow: |x| / step >= 2^30; use a larger error bound";
    case HC_ERR_CAPACITY: return "output buffer smaller than hc_compress_bound()";
    case HC_ERR_FORMAT: return "not a homcomp stream, unsupported version or flags, or dtype/n differ from the caller's";
    case HC_ERR_CORRUPT: return "stream truncated or inconsistent (length, rate bytes, payload, quantized values)";
    case HC_ERR_MISMATCH: return "operands cannot be combined: n, dtype, mode or error bound differ";
    case HC_ERR_SUM_OVERFLOW: return "homomorphic sum overflow: a summed delta or value needs more than 31 bits";
    case HC_ERR_WORKSPACE: return "GPU workspace missing, misaligned or smaller than hc_cuda_workspace_size()";
    case HC_ERR_ALIGN: return "device pointer not aligned to the element size";
    case HC_ERR_CHECKSUM: return "stream checksum mismatch: the bytes were changed after they were written";
    case HC_ERR_OVERLAP: return "GPU add: the output buffer overlaps an input; use a separate output buffer";
    }
    return "unknown status";
}

HOMCOMP_DEF hc_options hc_options_default(void)
{
    hc_options o = HC_OPTIONS_INIT;
    return o;
}

HOMCOMP_DEF hc_config hc_config_init(hc_dtype dtype, hc_bound bound, double eb)
{
    hc_config c;
    memset(&c, 0, sizeof c);
    c.dtype = dtype;
    c.mode = HC_PLAIN;
    c.bound = bound;
    c.eb = eb;
    c.checksum = 1;
    return c;
}

HOMCOMP_DEF hc_status hc_step_exponent(double eb, hc_dtype dtype, int *k)
{
    hc__params p;
    int st;
    if (!k) return HC_ERR_NULL;
    if (dtype != HC_F32 && dtype != HC_F64) return HC_ERR_ARG;
    if ((st = hc__params_from_eb(eb, dtype, &p)) != HC_OK) return (hc_status)st;
    *k = p.k;
    return HC_OK;
}

/* Threads a CPU call may use (opt->threads, 0 = all), or -1 for an invalid request. */
static int hc__threads(const hc_options *opt)
{
    int t = opt ? opt->threads : 0;
    if (t < 0 || t > HC_MAX_THREADS) return -1;
#ifdef _OPENMP
    if (t == 0) t = omp_get_max_threads();
#else
    t = 1;
#endif
    return t < 1 ? 1 : t;
}
/* The best instruction set of this build on this CPU. */
static int hc__cpu_isa(void)
{
#ifdef HC__AVX512
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vbmi") &&
        __builtin_cpu_supports("gfni"))
        return HC_ISA_AVX512_GFNI;
    if (__builtin_cpu_supports("avx512f")) return HC_ISA_AVX512;
    if (__builtin_cpu_supports("avx2")) return HC_ISA_AVX2;
#endif
#ifdef HC__SSE2_HOST
    return HC_ISA_SSE2;
#else
    return HC_ISA_SCALAR;
#endif
}

HOMCOMP_DEF int hc_isa_available(hc_isa isa)
{
    const int best = hc__cpu_isa();
    switch (isa) {
    case HC_ISA_AUTO: return best;
    case HC_ISA_SCALAR: return 1;
    case HC_ISA_SSE2: return best >= HC_ISA_SSE2;
    case HC_ISA_AVX2: return best >= HC_ISA_AVX2;
    case HC_ISA_AVX512: return best >= HC_ISA_AVX512;
    case HC_ISA_AVX512_GFNI: return best == HC_ISA_AVX512_GFNI;
    }
    return 0;
}

/* The instruction set a CPU call uses (opt->isa, AUTO = the best), or -1 for one it cannot. */
static int hc__isa(const hc_options *opt)
{
    const int isa = opt ? (int)opt->isa : 0;
    if (isa == HC_ISA_AUTO) return hc__cpu_isa();
    return isa > 0 && hc_isa_available((hc_isa)isa) ? isa : -1;
}

/* no more threads than work items */
static inline int hc__nt(int nt, int64_t work) { return work < (int64_t)nt ? (work > 0 ? (int)work : 1) : nt; }

static uint64_t hc__nblocks(uint64_t n) { return (n + HC_BLOCK - 1) / HC_BLOCK; }

HOMCOMP_DEF uint64_t hc_qp_count(uint64_t n) { return hc__nblocks(n) * HC_BLOCK; }

HOMCOMP_DEF size_t hc_compress_bound(uint64_t n, hc_dtype dtype)
{
    uint64_t nb = hc__nblocks(n);
    (void)dtype;
    if (n > ((uint64_t)1 << 56)) return 0;
    return (size_t)(HC_HEADER_BYTES + nb + nb * HC_MAX_BLOCK_PAYLOAD);
}

/* Quantize + predict one block of a raw buffer (any alignment). Returns 0 or a status. */
static int hc__qp_block(const unsigned char *src, int dtype, uint64_t first, int cnt, const hc__params *p,
                        int32_t *d, int isa)
{
    int32_t prev = 0, q = 0;
    int i, err = 0;
    if (dtype == HC_F32) {
        const unsigned char *s = src + first * 4;
        int bad = 0;
        if (p->fastq && HC__FLT_FAST) {
            /* float arithmetic, exact here (2^k, 2^-k normal): t = x 2^-k, q = rint(t) (|t| < 2^23
             * by the 2^23 trick, else t is an integer), x' = q 2^k, and x - x' is exact, so the
             * checks and q equal the double path's; branch-free, vectorizes */
            float xs[HC_BLOCK];
            int32_t qs[HC_BLOCK];
            const float invf = p->invf, stepf = p->stepf, ebf = p->ebf;
            memcpy(xs, s, (size_t)cnt * 4);
            for (i = cnt; i < HC_BLOCK; i++) xs[i] = 0.0f;
#ifdef HC__SSE2
            if (isa >= HC_ISA_SSE2) {
                const __m128 vinv = _mm_set1_ps(invf), vstep = _mm_set1_ps(stepf), veb = _mm_set1_ps(ebf);
                const __m128 vabs = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff)), v30 = _mm_set1_ps(1073741824.0f);
                const __m128 v23 = _mm_set1_ps(8388608.0f);
                __m128 okall = _mm_castsi128_ps(_mm_set1_epi32(-1));
                for (i = 0; i < HC_BLOCK; i += 4) {
                    const __m128 x = _mm_loadu_ps(xs + i), t = _mm_mul_ps(x, vinv);
                    const __m128 sg = _mm_andnot_ps(vabs, t);
                    __m128 at = _mm_and_ps(t, vabs), ok = _mm_cmplt_ps(at, v30), sm, r;
                    at = _mm_and_ps(at, ok);
                    sm = _mm_cmplt_ps(at, v23);
                    r = _mm_sub_ps(_mm_add_ps(at, v23), v23);
                    r = _mm_or_ps(_mm_or_ps(_mm_and_ps(sm, r), _mm_andnot_ps(sm, at)), sg);
                    ok = _mm_and_ps(ok, _mm_cmple_ps(_mm_and_ps(_mm_sub_ps(x, _mm_mul_ps(r, vstep)), vabs), veb));
                    okall = _mm_and_ps(okall, ok);
                    _mm_storeu_si128((__m128i *)(void *)(qs + i), _mm_cvttps_epi32(r));
                }
                bad = _mm_movemask_ps(okall) != 15;
            } else
#endif
            for (i = 0; i < HC_BLOCK; i++) {
                float t = xs[i] * invf, at = fabsf(t), r, rec;
                int ok = at < 1073741824.0f; /* |t| < 2^30 (no float in [2^30 - 1/2, 2^30)); NaN fails */
                at = ok ? at : 0.0f;
                r = at < 8388608.0f ? (at + 8388608.0f) - 8388608.0f : at;
                r = t < 0.0f ? -r : r;
                rec = r * stepf;
                ok &= fabsf(xs[i] - rec) <= ebf;
                bad |= !ok;
                qs[i] = (int32_t)r;
            }
            (void)isa;
            if (!bad) {
                d[0] = qs[0];
                for (i = 1; i < HC_BLOCK; i++) d[i] = qs[i] - qs[i - 1];
                for (i = cnt > 0 ? cnt : 1; i < HC_BLOCK; i++) d[i] = 0;
                return 0;
            }
        } else {
            /* fast branch-free path, then a precise pass only when something looked wrong */
            const double big = hc__round_big();
            for (i = 0; i < cnt; i++) {
                float xf;
                double x, t, tc, qd, rec;
                memcpy(&xf, s + 4 * (size_t)i, 4);
                x = (double)xf;
                t = x * p->inv_step;
                bad |= !(t < HC__QLIM && t > -HC__QLIM);
                tc = (t < HC__QLIM && t > -HC__QLIM) ? t : 0.0;
                qd = (tc + big) - big;
                rec = (double)(float)(qd * p->step);
                bad |= !(fabs(x - rec) <= p->eb);
                q = (int32_t)qd;
                d[i] = q - prev;
                prev = q;
            }
            if (!bad) {
                for (; i < HC_BLOCK; i++) d[i] = 0;
                return 0;
            }
        }
        prev = 0;
        for (i = 0; i < cnt; i++) {
            float xf;
            int e;
            memcpy(&xf, s + 4 * (size_t)i, 4);
            e = hc__quant((double)xf, p, HC_F32, &q);
            if (e) { err = e < err ? e : err; q = prev; }
            d[i] = q - prev;
            prev = q;
        }
    } else {
        const unsigned char *s = src + first * 8;
        for (i = 0; i < cnt; i++) {
            double x;
            int e;
            memcpy(&x, s + 8 * (size_t)i, 8);
            e = hc__quant(x, p, HC_F64, &q);
            if (e) { err = e < err ? e : err; q = prev; }
            d[i] = q - prev;
            prev = q;
        }
    }
    for (; i < HC_BLOCK; i++) d[i] = 0;
    return err;
}

/* hc_compress_range / hc_add_raw_range: the raw operand's min (d[0]) and max (d[1]) as the
 * blocks are quantized. Kernels that hold a block's floats in vectors fold them into vlo/vhi
 * (float32 min/max: exact, and the double of a float min is the min of the doubles); the
 * others (float64, a block the fast path refused, the portable/SSE2/AVX2 kernels) add the
 * block's values to d from the block they just read (in cache). Only blocks that quantized
 * count: a call that returns HC_OK saw no NaN or infinity, so the range is the finite one. */
typedef struct hc__rng {
    double d[2];
#ifdef HC__AVX512
    __m512 vlo, vhi; /* the AVX-512 kernels' */
    __m256 alo, ahi; /* the AVX2 kernels' */
#endif
} hc__rng;
#ifdef HC__AVX512
/* The AVX-512 chunk loops' constants, set once a chunk and hidden from the optimiser (an
 * empty asm), so that GCC keeps them in registers instead of re-broadcasting them every block
 * (it did: 6 broadcasts and 3 stack loads a block in the fused add; bench README, issue 27). */
typedef struct hc__k512 {
    __m512 inv, step, eb;      /* the float32 fast quantization's 1/step, step, eb */
    __m512i q1, q2, not0, sgn; /* 2^30 - 1, 2^31 - 1, ~1, 2^31 */
} hc__k512;
#endif
/* (inlined: compiled for its caller's instruction set, so an AVX caller runs no legacy-SSE
 * code: the SSE/AVX transitions of a call to hc__minmax_f32 made the AVX2 path several times
 * slower; bench README, issue 27) */
HC__INLINE void hc__range_block(const unsigned char *src, int dtype, uint64_t first, int cnt, double *d)
{
    int i;
    if (dtype == HC_F32) {
        float l = HUGE_VALF, h = -HUGE_VALF, x;
#ifdef HC__SSE2
        if (cnt == HC_BLOCK) { /* (VEX-encoded where the caller is an AVX function) */
            const float *xs = (const float *)(const void *)(src + first * 4);
            __m128 vl = _mm_loadu_ps(xs), vh = vl;
            float tl[4], th[4];
            for (i = 4; i < HC_BLOCK; i += 4) {
                const __m128 v = _mm_loadu_ps(xs + i);
                vl = _mm_min_ps(vl, v);
                vh = _mm_max_ps(vh, v);
            }
            _mm_storeu_ps(tl, vl);
            _mm_storeu_ps(th, vh);
            for (i = 0; i < 4; i++) {
                l = tl[i] < l ? tl[i] : l;
                h = th[i] > h ? th[i] : h;
            }
            cnt = 0;
        }
#endif
        for (i = 0; i < cnt; i++) {
            memcpy(&x, src + (first + (uint64_t)i) * 4, 4);
            l = x < l ? x : l;
            h = x > h ? x : h;
        }
        d[0] = (double)l < d[0] ? (double)l : d[0];
        d[1] = (double)h > d[1] ? (double)h : d[1];
        return;
    }
    for (i = 0; i < cnt; i++) {
        double x;
        memcpy(&x, src + (first + (uint64_t)i) * 8, 8);
        d[0] = x < d[0] ? x : d[0];
        d[1] = x > d[1] ? x : d[1];
    }
}

/* ---- AVX-512F block kernels (CPU codec, HC_ISA_AVX512; x86-64 gcc/clang builds, compiled
 * with a target attribute and chosen at run time, so the binary still runs on any x86-64).
 * A block is two vectors of 16 lanes. Bit planes need no transpose: plane k of the 32 |d| is
 * two 16-bit lane masks (vptestmd), and decoding ORs bit k into the lanes a plane's bits select
 * (masked vpord). The same bytes and statuses as the portable kernels, which they call for what
 * they leave out: float64 and non-fast float32 quantization, quantization errors (NaN, Inf,
 * overflow), range checks of blocks that can reach 2^30. */
#ifdef HC__AVX512
#define HC__M16(cnt) ((cnt) >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (cnt)) - 1u)) /* lanes 0-15 < cnt */
#define HC__M16H(cnt) ((cnt) <= 16 ? (__mmask16)0 : HC__M16((cnt) - 16))                 /* lanes 16-31 < cnt */

/* HC_ISA_AVX512_GFNI: the block's 32 words (a: words 0-15, b: 16-31) as a 32x32 bit matrix,
 * transposed in place (afterwards bit i of word k = old bit k of word i; its own inverse), so
 * that r planes cost one transpose, not r lane-mask steps. A byte permute gathers, in each of 16
 * qwords, byte j of 8 consecutive words (last word first); vgf2p8affineqb with the matrix
 * operand the data and the byte operand 1 << i returns as byte i bit i of each of those 8 bytes, i.e.
 * bits 8j..8j+7 of the 8 words as 8 plane bytes; a second permute puts each plane's 4 bytes
 * together. The index tables follow from the formulas beside them. */
/* A block's payload up to its planes (rate byte rb): an outlier block's |d[0]| (m0) in its ob
 * bytes, written as one word (the sign word at dst + ob writes over the rest), then the sign
 * word. Returns where the planes go, *r their count; NULL for a zero block (no payload). */
static inline unsigned char *hc__block_head(unsigned char *dst, unsigned rb, uint32_t m0, uint32_t sign, unsigned *r)
{
    if (hc__rb_outlier(rb)) {
        hc__put32(dst, m0);
        dst += hc__rb_obytes(rb);
        *r = hc__rb_rate(rb);
    } else {
        *r = rb;
        if (rb == 0) return NULL;
    }
    hc__put32(dst, sign);
    return dst + 4;
}
#define HC__MASK64(nbytes) ((nbytes) >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << (nbytes)) - 1)) /* bytes 0..nbytes-1 */
/* qword q, byte m of the gathered vector for words' bytes 0-1 (the one for bytes 2-3: + 2):
 * byte 4 (8 (q & 3) + 7 - m) + (q >> 2) of the 128 bytes a:b */
static const unsigned char hc__tr_gather[64] = {
    28, 24, 20, 16, 12, 8,  4,  0,  60, 56, 52, 48, 44, 40, 36, 32, 92, 88, 84, 80, 76, 72,
    68, 64, 124, 120, 116, 112, 108, 104, 100, 96, 29, 25, 21, 17, 13, 9,  5,  1,  61, 57,
    53, 49, 45, 41, 37, 33, 93, 89, 85, 81, 77, 73, 69, 65, 125, 121, 117, 113, 109, 105, 101, 97};
/* output byte t = 4 (8 (t >> 5) + i) + g, i = (t >> 2) & 7, g = t & 3, from byte 32 (t >> 5) + 8 g + i */
static const unsigned char hc__tr_place[64] = {
    0, 8,  16, 24, 1, 9,  17, 25, 2, 10, 18, 26, 3, 11, 19, 27, 4, 12, 20, 28, 5, 13,
    21, 29, 6, 14, 22, 30, 7, 15, 23, 31, 32, 40, 48, 56, 33, 41, 49, 57, 34, 42, 50, 58,
    35, 43, 51, 59, 36, 44, 52, 60, 37, 45, 53, 61, 38, 46, 54, 62, 39, 47, 55, 63};
HC__T512G HC__INLINE void hc__tr512g(__m512i *a, __m512i *b)
{
    const __m512i ident = _mm512_set1_epi64(0x8040201008040201LL); /* byte i = 1 << i */
    const __m512i g0 = _mm512_loadu_si512((const void *)hc__tr_gather), g1 = _mm512_add_epi8(g0, _mm512_set1_epi8(2));
    const __m512i pl = _mm512_loadu_si512((const void *)hc__tr_place);
    const __m512i x0 = _mm512_gf2p8affine_epi64_epi8(ident, _mm512_permutex2var_epi8(*a, g0, *b), 0);
    const __m512i x1 = _mm512_gf2p8affine_epi64_epi8(ident, _mm512_permutex2var_epi8(*a, g1, *b), 0);
    *a = _mm512_permutexvar_epi8(pl, x0);
    *b = _mm512_permutexvar_epi8(pl, x1);
}
/* hc__enc512 by one transpose: the planes first, the rate byte from them (rest's bit k is set
 * where plane k has a bit beyond lane 0). hc__enc512 and hc__dec512 (AVX-512F targets) call it
 * and hc__planes_in512g under g; they are inlined only into the flattened GFNI-target chunk
 * functions (hc__chunk_512g, hc__dec_512g), where g is 1. */
HC__T512G static inline unsigned hc__enc512g(__m512i lo, __m512i hi, const __m512i *ab, const hc__k512 *K, int mode,
                                             unsigned char *dst, uint32_t *size)
{
    const __m512i z = _mm512_setzero_si512(), not0 = K->not0;
    /* (each pair of 16-lane masks joined in a mask register, kunpckwd: one move out, no shift) */
    const uint32_t sign = _cvtmask32_u32(_mm512_kunpackw(_mm512_cmplt_epi32_mask(hi, z), _mm512_cmplt_epi32_mask(lo, z)));
    __m512i a = ab ? ab[0] : _mm512_abs_epi32(lo), b = ab ? ab[1] : _mm512_abs_epi32(hi);
    const uint32_t m0 = (uint32_t)_mm_cvtsi128_si32(_mm512_castsi512_si128(a));
    uint32_t rest;
    unsigned rb, r;
    hc__tr512g(&a, &b); /* a: planes 0-15, b: planes 16-31 */
    rest = _cvtmask32_u32(_mm512_kunpackw(_mm512_test_epi32_mask(b, not0), _mm512_test_epi32_mask(a, not0)));
    rb = hc__rate_byte(m0, rest, mode, size);
    dst = hc__block_head(dst, rb, m0, sign, &r);
    if (!dst) return rb;
    if (hc__rb_outlier(rb)) {
        a = _mm512_and_si512(a, not0);
        b = _mm512_and_si512(b, not0);
    }
    if (r <= 16) {
        _mm512_mask_storeu_epi8(dst, HC__MASK64(4 * r), a);
    } else {
        _mm512_storeu_si512((void *)dst, a);
        _mm512_mask_storeu_epi8(dst + 64, HC__MASK64(4 * (r - 16)), b);
    }
    return rb;
}
/* The magnitudes of r planes (0-32) at src (4 r bytes read), as hc__dec512's loop. */
HC__T512G static inline void hc__planes_in512g(const unsigned char *src, unsigned r, __m512i *a, __m512i *b)
{
    __m512i x = _mm512_maskz_loadu_epi8(HC__MASK64(4 * r), src);
    __m512i y = r > 16 ? _mm512_maskz_loadu_epi8(HC__MASK64(4 * (r - 16)), src + 64) : _mm512_setzero_si512();
    hc__tr512g(&x, &y);
    *a = x;
    *b = y;
}

/* Plans (the rate byte, as hc__plan) and encodes deltas (lo: d[0..15], hi: d[16..31]) to dst
 * (as hc__encode_block); *size = its payload bytes. g: by hc__enc512g. */
HC__T512 HC__INLINE unsigned hc__enc512(__m512i lo, __m512i hi, const __m512i *ab, const hc__k512 *K, int mode, int g,
                                        unsigned char *dst, uint32_t *size)
{
    const __m512i z = _mm512_setzero_si512(), b = ab ? ab[1] : _mm512_abs_epi32(hi);
    __m512i a = ab ? ab[0] : _mm512_abs_epi32(lo), bit = _mm512_set1_epi32(1); /* |INT32_MIN| = 2^31, as hc__mag */
    uint32_t sign, m0, rest;
    unsigned rb, r, k;
    if (g) return hc__enc512g(lo, hi, ab, K, mode, dst, size);
    sign = (uint32_t)_mm512_cmplt_epi32_mask(lo, z) | ((uint32_t)_mm512_cmplt_epi32_mask(hi, z) << 16);
    m0 = (uint32_t)_mm_cvtsi128_si32(_mm512_castsi512_si128(a));
    rest = (uint32_t)_mm512_reduce_or_epi32(_mm512_or_si512(_mm512_maskz_mov_epi32(0xFFFE, a), b));
    rb = hc__rate_byte(m0, rest, mode, size);
    dst = hc__block_head(dst, rb, m0, sign, &r);
    if (!dst) return rb;
    if (hc__rb_outlier(rb)) a = _mm512_maskz_mov_epi32(0xFFFE, a);
    for (k = 0; k < r; k++) {
        hc__put32(dst + 4 * k, (uint32_t)_mm512_test_epi32_mask(a, bit) | ((uint32_t)_mm512_test_epi32_mask(b, bit) << 16));
        bit = _mm512_add_epi32(bit, bit);
    }
    return rb;
}

/* hc__decode_checked into two vectors; t: scratch for the rare range check; g: the planes by
 * hc__planes_in512g. */
HC__T512 HC__INLINE int hc__dec512(const unsigned char *src, unsigned rb, int cnt, int64_t qmax, int g, __m512i *lo,
                                      __m512i *hi, int32_t *t)
{
    __m512i a = _mm512_setzero_si512(), b = a, bit = _mm512_set1_epi32(1);
    uint32_t sign, m0 = 0;
    unsigned r, k;
    int bad = 0;
    if (rb == 0) {
        *lo = *hi = a;
        return 0;
    }
    if (hc__rb_outlier(rb)) {
        /* m0's ob bytes from one word: the 4-byte sign word follows them */
        const unsigned ob = hc__rb_obytes(rb);
        m0 = hc__get32(src) & (0xFFFFFFFFu >> (32 - 8 * ob));
        src += ob;
        r = hc__rb_rate(rb);
        if (m0 > 2147483647u) { bad = 1; m0 = 0; }
    } else {
        r = rb;
    }
    sign = hc__get32(src);
    src += 4;
    if (g) hc__planes_in512g(src, r, &a, &b);
    else for (k = 0; k < r; k++) {
        const uint32_t w = hc__get32(src + 4 * k);
        a = _mm512_mask_or_epi32(a, (__mmask16)w, a, bit);
        b = _mm512_mask_or_epi32(b, (__mmask16)(w >> 16), b, bit);
        bit = _mm512_add_epi32(bit, bit);
    }
    if (hc__rb_outlier(rb)) a = _mm512_mask_mov_epi32(a, 1, _mm512_set1_epi32((int)m0));
    *lo = _mm512_mask_sub_epi32(a, (__mmask16)sign, _mm512_setzero_si512(), a);
    *hi = _mm512_mask_sub_epi32(b, (__mmask16)(sign >> 16), _mm512_setzero_si512(), b);
    if (bad) return HC_ERR_CORRUPT;
    if (!hc__rb_qsmall(rb, 3u, 25u, 25u)) {
        _mm512_storeu_si512((void *)t, *lo);
        _mm512_storeu_si512((void *)(t + 16), *hi);
        if (hc__q_out_of_range(t, cnt, qmax)) return HC_ERR_CORRUPT;
    }
    return 0;
}

/* One vector of the float32 fast quantization (hc__qp_block's, lane for lane): q, and the
 * lanes where it holds. Round half to even is symmetric, so t is rounded with its sign; r x step
 * is exact (|r| < 2^30, step a normal power of two), so x - r step by one fused multiply-add
 * rounds as the product and the difference did; |t| < 2^30 is tested on q (float t below 2^30
 * is at most 2^30 - 64; cvtt gives INT32_MIN for NaN and beyond 2^31). */
HC__T512 HC__INLINE __mmask16 hc__q512(__m512 x, const hc__k512 *K, __m512i *q)
{
    const __m512 r = _mm512_roundscale_ps(_mm512_mul_ps(x, K->inv), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    /* |x - r step| as x - r step with the sign bit cleared (q2 = 2^31 - 1: every bit but the sign) */
    const __m512 err = _mm512_castsi512_ps(_mm512_and_si512(K->q2, _mm512_castps_si512(_mm512_fnmadd_ps(r, K->step, x))));
    *q = _mm512_cvttps_epi32(r);
    /* |q| <= 2^30 - 1: q + 2^30 - 1 in [0, 2^31 - 2] as unsigned; NaN fails the error test */
    return _mm512_cmp_ps_mask(err, K->eb, _CMP_LE_OQ) & _mm512_cmplt_epu32_mask(_mm512_add_epi32(*q, K->q1), K->q2);
}
/* K's values for p */
HC__T512 static inline void hc__k512_init(hc__k512 *K, const hc__params *p)
{
    K->inv = _mm512_set1_ps(p->invf);
    K->step = _mm512_set1_ps(p->stepf);
    K->eb = _mm512_set1_ps(p->ebf);
    K->q1 = _mm512_set1_epi32(1073741823);
    K->q2 = _mm512_set1_epi32(2147483647);
    K->not0 = _mm512_set1_epi32(~1);
    K->sgn = _mm512_set1_epi32((int)0x80000000u);
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+v"(K->inv), "+v"(K->step), "+v"(K->eb), "+v"(K->q1), "+v"(K->q2), "+v"(K->not0), "+v"(K->sgn));
#endif
}

/* hc__qp_block into two vectors (the fast float32 path here, everything else through it). */
HC__T512 HC__INLINE int hc__qp512(const unsigned char *src, int dtype, uint64_t first, int cnt, const hc__params *p,
                                     const hc__k512 *K, __m512i *lo, __m512i *hi, int32_t *t, hc__rng *rg)
{
    if (dtype == HC_F32 && p->fastq && HC__FLT_FAST) {
        const __mmask16 m0 = HC__M16(cnt), m1 = HC__M16H(cnt);
        const unsigned char *s = src + first * 4;
        __m512i q0, q1;
        __m512 x0, x1;
        __mmask16 ok0, ok1;
        if (cnt == HC_BLOCK) { /* plain loads: a masked load costs a uop more */
            x0 = _mm512_loadu_ps(s);
            x1 = _mm512_loadu_ps(s + 64);
        } else {
            x0 = _mm512_maskz_loadu_ps(m0, s);
            x1 = _mm512_maskz_loadu_ps(m1, s + 64);
        }
        ok0 = hc__q512(x0, K, &q0);
        ok1 = hc__q512(x1, K, &q1);
        if ((ok0 & ok1) == 0xFFFF) {
            const __m512i z = _mm512_setzero_si512();
            if (rg) { /* the range of the loaded lanes (all finite here: every lane quantized) */
                rg->vlo = _mm512_mask_min_ps(rg->vlo, m0, rg->vlo, x0);
                rg->vhi = _mm512_mask_max_ps(rg->vhi, m0, rg->vhi, x0);
                rg->vlo = _mm512_mask_min_ps(rg->vlo, m1, rg->vlo, x1);
                rg->vhi = _mm512_mask_max_ps(rg->vhi, m1, rg->vhi, x1);
            }
            /* d[i] = q[i] - q[i-1], d[0] = q[0]; lanes past cnt 0 */
            *lo = _mm512_maskz_sub_epi32(m0, q0, _mm512_alignr_epi32(q0, z, 15));
            *hi = _mm512_maskz_sub_epi32(m1, q1, _mm512_alignr_epi32(q1, q0, 15));
            return 0;
        }
    }
    {
        int st = hc__qp_block(src, dtype, first, cnt, p, t, HC_ISA_SSE2);
        *lo = _mm512_loadu_si512((const void *)t);
        *hi = _mm512_loadu_si512((const void *)(t + 16));
        if (rg && !st) hc__range_block(src, dtype, first, cnt, rg->d);
        return st;
    }
}

/* hc__rng's vectors: start empty; at a chunk's end, folded into d */
HC__T512 static inline void hc__rng_init512(hc__rng *rg)
{
    rg->vlo = _mm512_set1_ps(HUGE_VALF);
    rg->vhi = _mm512_set1_ps(-HUGE_VALF);
}
HC__T512 static inline void hc__rng_end512(hc__rng *rg)
{
    const double l = (double)_mm512_reduce_min_ps(rg->vlo), h = (double)_mm512_reduce_max_ps(rg->vhi);
    rg->d[0] = l < rg->d[0] ? l : rg->d[0];
    rg->d[1] = h > rg->d[1] ? h : rg->d[1];
}

/* Lane-wise sum of a block's deltas (d0 += e0: lanes 0-15, d1 += e1: lanes 16-31) with hc__block_in's
 * 31-bit rule: a sum beyond +-(2^31 - 1) becomes 0 and is reported. The common case (no lane
 * out of range) costs one test: a lane's sign bit in (d ^ s) & (e ^ s) says its sum wrapped,
 * in |s| that s is INT32_MIN (|INT32_MIN| keeps the sign bit); the masks only when one is set. */
HC__T512 HC__INLINE int hc__sum512(__m512i *d0, __m512i *d1, __m512i e0, __m512i e1, const hc__k512 *K, __m512i *ab)
{
    const __m512i sgn = K->sgn;
    const __m512i s0 = _mm512_add_epi32(*d0, e0), s1 = _mm512_add_epi32(*d1, e1);
    const __m512i a0 = _mm512_abs_epi32(s0), a1 = _mm512_abs_epi32(s1);
    const __m512i b0 = _mm512_or_si512(_mm512_and_si512(_mm512_xor_si512(*d0, s0), _mm512_xor_si512(e0, s0)), a0);
    const __m512i b1 = _mm512_or_si512(_mm512_and_si512(_mm512_xor_si512(*d1, s1), _mm512_xor_si512(e1, s1)), a1);
    __mmask16 k0, k1;
    if (!_mm512_test_epi32_mask(_mm512_or_si512(b0, b1), sgn)) {
        *d0 = s0;
        *d1 = s1;
        ab[0] = a0;
        ab[1] = a1;
        return 0;
    }
    k0 = (__mmask16)~_mm512_test_epi32_mask(b0, sgn);
    k1 = (__mmask16)~_mm512_test_epi32_mask(b1, sgn);
    *d0 = _mm512_maskz_mov_epi32(k0, s0);
    *d1 = _mm512_maskz_mov_epi32(k1, s1);
    ab[0] = _mm512_maskz_mov_epi32(k0, a0);
    ab[1] = _mm512_maskz_mov_epi32(k1, a1);
    return 1;
}

/* ---- AVX2 block kernels (HC_ISA_AVX2, for CPUs without AVX-512): a block is four 8-lane
 * vectors; the planes by a byte transpose (hc__enc256, hc__dec256); the sign word by movemasks
 * and variable shifts; the same bytes and statuses. */
/* o = the 4 x 4 transpose of x's 64-bit pieces (o[i] piece j = x[j] piece i); its own inverse,
 * so hc__enc256 and hc__dec256 share it */
HC__T256 static inline void hc__t64x4(__m256i o[4], const __m256i x[4])
{
    const __m256i t0 = _mm256_unpacklo_epi64(x[0], x[1]), t1 = _mm256_unpackhi_epi64(x[0], x[1]);
    const __m256i t2 = _mm256_unpacklo_epi64(x[2], x[3]), t3 = _mm256_unpackhi_epi64(x[2], x[3]);
    o[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    o[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    o[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    o[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}
/* lanes 8v .. 8v+7 below cnt: all ones */
HC__T256 static inline __m256i hc__lanes256(int v, int cnt)
{
    return _mm256_cmpgt_epi32(_mm256_set1_epi32(cnt), _mm256_setr_epi32(8 * v, 8 * v + 1, 8 * v + 2, 8 * v + 3, 8 * v + 4,
                                                                          8 * v + 5, 8 * v + 6, 8 * v + 7));
}

/* hc__enc512 on four vectors */
HC__T256 static inline unsigned hc__enc256(const __m256i *d, int mode, unsigned char *dst, uint32_t *size)
{
    __m256i a[4], o;
    uint32_t sign = 0, m0, rest;
    unsigned rb, r, k;
    int v;
    for (v = 0; v < 4; v++) {
        sign |= (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(d[v])) << (8 * v);
        a[v] = _mm256_abs_epi32(d[v]);
    }
    m0 = (uint32_t)_mm256_extract_epi32(a[0], 0);
    o = _mm256_or_si256(_mm256_or_si256(_mm256_blend_epi32(a[0], _mm256_setzero_si256(), 1), a[1]), _mm256_or_si256(a[2], a[3]));
    {
        __m128i x = _mm_or_si128(_mm256_castsi256_si128(o), _mm256_extracti128_si256(o, 1));
        x = _mm_or_si128(x, _mm_shuffle_epi32(x, _MM_SHUFFLE(1, 0, 3, 2)));
        x = _mm_or_si128(x, _mm_shuffle_epi32(x, _MM_SHUFFLE(2, 3, 0, 1)));
        rest = (uint32_t)_mm_cvtsi128_si32(x);
    }
    rb = hc__rate_byte(m0, rest, mode, size);
    if (hc__rb_outlier(rb)) {
        unsigned ob = hc__rb_obytes(rb), j;
        for (j = 0; j < ob; j++) dst[j] = (unsigned char)(m0 >> (8 * j));
        dst += ob;
        a[0] = _mm256_blend_epi32(a[0], _mm256_setzero_si256(), 1);
        r = hc__rb_rate(rb);
    } else {
        r = rb;
        if (r == 0) return rb;
    }
    hc__put32(dst, sign);
    dst += 4;
    if (r == 0) return rb;
    {
        /* The planes by a byte transpose: byte b of the 32 lanes gathered into one vector B[b]
         * (its byte i = lane i's byte b: a shuffle within each 128-bit half, a dword permute,
         * then a 4 x 4 transpose of 64-bit pieces), then plane 8b + j is the byte movemask of
         * B[b] shifted left by 7 - j (vpaddb doubles each byte). Planes r and above are zero
         * and not written. */
        const __m256i bs = _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6,
                                            10, 14, 3, 7, 11, 15);
        const __m256i pd = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
        __m256i q[4], B[4];
        uint32_t w[32];
        unsigned b, j;
        for (v = 0; v < 4; v++) q[v] = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(a[v], bs), pd); /* 64-bit piece k: byte k of lanes 8v.. */
        hc__t64x4(B, q);
        for (b = 0; 8 * b < r; b++) {
            __m256i x = B[b];
            for (j = 8; j-- > 0;) {
                w[8 * b + j] = (uint32_t)_mm256_movemask_epi8(x);
                x = _mm256_add_epi8(x, x);
            }
        }
        for (k = 0; k < r; k++) hc__put32(dst + 4 * k, w[k]);
    }
    return rb;
}

/* hc__dec512 on four vectors (t: scratch) */
HC__T256 static inline int hc__dec256(const unsigned char *src, unsigned rb, int cnt, int64_t qmax, __m256i *d, int32_t *t)
{
    __m256i a[4];
    uint32_t sign, m0 = 0;
    unsigned r;
    int bad = 0, v;
    const __m256i one = _mm256_set1_epi32(1), lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    for (v = 0; v < 4; v++) a[v] = _mm256_setzero_si256();
    if (rb == 0) {
        for (v = 0; v < 4; v++) d[v] = a[v];
        return 0;
    }
    if (hc__rb_outlier(rb)) {
        unsigned ob = hc__rb_obytes(rb), j;
        for (j = 0; j < ob; j++) m0 |= (uint32_t)src[j] << (8 * j);
        src += ob;
        r = hc__rb_rate(rb);
        if (m0 > 2147483647u) { bad = 1; m0 = 0; }
    } else {
        r = rb;
    }
    sign = hc__get32(src);
    src += 4;
    if (r) {
        /* hc__enc256's byte transpose backwards: byte b of the 32 lanes built in one vector from
         * planes 8b + 7 .. 8b (each plane word spread to one byte a lane: a shuffle, an and, a
         * compare; then x = 2x + bit), then the 64-bit pieces transposed, the dword permute and
         * the byte shuffle undone. */
        const __m256i bs = _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6,
                                            10, 14, 3, 7, 11, 15);
        const __m256i ipd = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
        const __m256i rep = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3,
                                             3, 3);
        const __m256i bit = _mm256_set1_epi64x((long long)0x8040201008040201ull);
        __m256i B[4];
        unsigned b, j;
        for (b = 0; b < 4; b++) {
            __m256i x = _mm256_setzero_si256();
            for (j = 8 * b < r ? (r - 8 * b < 8 ? r - 8 * b : 8) : 0; j-- > 0;) { /* from the byte's top plane below r */
                const __m256i e = _mm256_cmpeq_epi8(
                    _mm256_and_si256(_mm256_shuffle_epi8(_mm256_set1_epi32((int)hc__get32(src + 4 * (8 * b + j))), rep), bit), bit);
                x = _mm256_sub_epi8(_mm256_add_epi8(x, x), e);
            }
            B[b] = x;
        }
        hc__t64x4(a, B);
        for (v = 0; v < 4; v++) a[v] = _mm256_shuffle_epi8(_mm256_permutevar8x32_epi32(a[v], ipd), bs);
    }
    if (hc__rb_outlier(rb)) a[0] = _mm256_blend_epi32(a[0], _mm256_set1_epi32((int)m0), 1);
    for (v = 0; v < 4; v++) {
        /* lanes whose sign bit is set: 0 - a */
        const __m256i sm = _mm256_cmpeq_epi32(
            _mm256_and_si256(_mm256_srlv_epi32(_mm256_set1_epi32((int)sign), _mm256_add_epi32(lane, _mm256_set1_epi32(8 * v))), one), one);
        d[v] = _mm256_sub_epi32(_mm256_xor_si256(a[v], sm), sm);
    }
    if (bad) return HC_ERR_CORRUPT;
    if (!hc__rb_qsmall(rb, 3u, 25u, 25u)) {
        for (v = 0; v < 4; v++) _mm256_storeu_si256((__m256i *)(void *)(t + 8 * v), d[v]);
        if (hc__q_out_of_range(t, cnt, qmax)) return HC_ERR_CORRUPT;
    }
    return 0;
}

HC__T256 static inline void hc__rng_init256(hc__rng *rg)
{
    rg->alo = _mm256_set1_ps(HUGE_VALF);
    rg->ahi = _mm256_set1_ps(-HUGE_VALF);
}
HC__T256 static inline void hc__rng_end256(hc__rng *rg)
{
    float l[8], h[8];
    int i;
    _mm256_storeu_ps(l, rg->alo);
    _mm256_storeu_ps(h, rg->ahi);
    for (i = 0; i < 8; i++) {
        rg->d[0] = (double)l[i] < rg->d[0] ? (double)l[i] : rg->d[0];
        rg->d[1] = (double)h[i] > rg->d[1] ? (double)h[i] : rg->d[1];
    }
}

/* hc__qp512 on four vectors */
HC__T256 static inline int hc__qp256(const unsigned char *src, int dtype, uint64_t first, int cnt, const hc__params *p,
                                     __m256i *d, int32_t *t, hc__rng *rg)
{
    if (dtype == HC_F32 && p->fastq && HC__FLT_FAST) {
        float xs[HC_BLOCK];
        const float *xp = (const float *)(const void *)(src + first * 4);
        const __m256 inv = _mm256_set1_ps(p->invf), step = _mm256_set1_ps(p->stepf), eb = _mm256_set1_ps(p->ebf);
        const __m256 sgn = _mm256_castsi256_ps(_mm256_set1_epi32((int)0x80000000u));
        const __m256i q30 = _mm256_set1_epi32(1073741824), z = _mm256_setzero_si256();
        __m256i q[4];
        int ok = 1, v;
        if (cnt < HC_BLOCK) {
            memset(xs, 0, sizeof xs);
            memcpy(xs, xp, (size_t)cnt * 4);
            xp = xs;
        }
        for (v = 0; v < 4; v++) { /* as hc__q512: t rounded with its sign, the range test on q */
            const __m256 x = _mm256_loadu_ps(xp + 8 * v);
            const __m256 rr = _mm256_round_ps(_mm256_mul_ps(x, inv), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
            const __m256 okv = _mm256_cmp_ps(_mm256_andnot_ps(sgn, _mm256_sub_ps(x, _mm256_mul_ps(rr, step))), eb, _CMP_LE_OQ);
            q[v] = _mm256_cvttps_epi32(rr);
            /* |q| <= 2^30 - 1: q + 2^30 > 0 (2^30 wraps to INT32_MIN, as does cvtt's INT32_MIN + 2^30 < 0) */
            ok &= _mm256_movemask_ps(_mm256_and_ps(okv, _mm256_castsi256_ps(_mm256_cmpgt_epi32(_mm256_add_epi32(q[v], q30), z)))) == 255;
        }
        if (ok) {
            const __m256i rot = _mm256_setr_epi32(7, 0, 1, 2, 3, 4, 5, 6);
            __m256i prev = _mm256_setzero_si256();
            if (rg && cnt == HC_BLOCK) { /* (the zeros past a partial block's end are not its values) */
                const float *xq = (const float *)(const void *)(src + first * 4);
                for (v = 0; v < 4; v++) {
                    const __m256 x = _mm256_loadu_ps(xq + 8 * v);
                    rg->alo = _mm256_min_ps(rg->alo, x);
                    rg->ahi = _mm256_max_ps(rg->ahi, x);
                }
            } else if (rg) {
                hc__range_block(src, dtype, first, cnt, rg->d);
            }
            for (v = 0; v < 4; v++) {
                /* q[i-1]: lanes rotated by one, lane 0 from the previous vector's lane 7 */
                const __m256i qm1 = _mm256_blend_epi32(_mm256_permutevar8x32_epi32(q[v], rot), prev, 1);
                prev = _mm256_permutevar8x32_epi32(q[v], _mm256_set1_epi32(7));
                d[v] = _mm256_and_si256(_mm256_sub_epi32(q[v], qm1), hc__lanes256(v, cnt));
            }
            return 0;
        }
    }
    {
        int st = hc__qp_block(src, dtype, first, cnt, p, t, HC_ISA_SSE2), v;
        for (v = 0; v < 4; v++) d[v] = _mm256_loadu_si256((const __m256i *)(const void *)(t + 8 * v));
        if (rg && !st) hc__range_block(src, dtype, first, cnt, rg->d);
        return st;
    }
}

/* hc__sum512 on four vectors */
HC__T256 static inline int hc__sum256(__m256i *d, const __m256i *e)
{
    const __m256i mn = _mm256_set1_epi32((int)0x80000000u);
    int ovf = 0, v;
    for (v = 0; v < 4; v++) {
        const __m256i s = _mm256_add_epi32(d[v], e[v]);
        const __m256i bad = _mm256_or_si256(_mm256_srai_epi32(_mm256_and_si256(_mm256_xor_si256(d[v], s), _mm256_xor_si256(e[v], s)), 31),
                                            _mm256_cmpeq_epi32(s, mn));
        ovf |= _mm256_movemask_ps(_mm256_castsi256_ps(bad));
        d[v] = _mm256_andnot_si256(bad, s);
    }
    return ovf != 0;
}
#endif

/* min, max (comparisons in float: exact), NaN and infinity flags of cnt floats */
static void hc__minmax_f32(const unsigned char *s, size_t cnt, float *lo, float *hi, int *nan, int *inf)
{
    size_t i = 0;
    float l = *lo, h = *hi;
    int bn = 0, bi = 0;
#ifdef HC__SSE2
    {
        __m128 vl = _mm_set1_ps(l), vh = _mm_set1_ps(h), vn = _mm_setzero_ps(), vi = _mm_setzero_ps();
        const __m128 vabs = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff)), vinf = _mm_set1_ps(HUGE_VALF);
        float tl[4], th[4];
        int k;
        for (; i + 4 <= cnt; i += 4) {
            const __m128 x = _mm_loadu_ps((const float *)(const void *)(s + 4 * i));
            vn = _mm_or_ps(vn, _mm_cmpunord_ps(x, x));
            vi = _mm_or_ps(vi, _mm_cmpeq_ps(_mm_and_ps(x, vabs), vinf));
            vl = _mm_min_ps(x, vl); /* x < l ? x : l, NaN keeps l */
            vh = _mm_max_ps(x, vh);
        }
        _mm_storeu_ps(tl, vl);
        _mm_storeu_ps(th, vh);
        for (k = 0; k < 4; k++) {
            l = tl[k] < l ? tl[k] : l;
            h = th[k] > h ? th[k] : h;
        }
        bn = _mm_movemask_ps(vn) != 0;
        bi = _mm_movemask_ps(vi) != 0;
    }
#endif
    for (; i < cnt; i++) {
        float x;
        memcpy(&x, s + 4 * i, 4);
        bn |= x != x;
        bi |= x - x != 0.0f && x == x;
        l = x < l ? x : l;
        h = x > h ? x : h;
    }
    *lo = l;
    *hi = h;
    *nan |= bn;
    *inf |= bi;
}

static int hc__minmax(const void *in, uint64_t n, int dtype, double *mn, double *mx, int nt)
{
    double lo = HUGE_VAL, hi = -HUGE_VAL;
    int nan = 0, inf = 0;
    int64_t i, nn = (int64_t)n;
    const unsigned char *s = (const unsigned char *)in;
    (void)nt;
    if (dtype == HC_F32) {
        const int64_t nch = (nn + 16383) / 16384;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) reduction(min : lo) reduction(max : hi) reduction(| : nan, inf) num_threads(hc__nt(nt, nch))
#endif
        for (i = 0; i < nch; i++) {
            float l = HUGE_VALF, h = -HUGE_VALF;
            int bn = 0, bi = 0;
            int64_t b = i * 16384, e = b + 16384 < nn ? b + 16384 : nn;
            hc__minmax_f32(s + 4 * (size_t)b, (size_t)(e - b), &l, &h, &bn, &bi);
            lo = (double)l < lo ? (double)l : lo;
            hi = (double)h > hi ? (double)h : hi;
            nan |= bn;
            inf |= bi;
        }
    } else {
#ifdef _OPENMP
#pragma omp parallel for schedule(static) reduction(min : lo) reduction(max : hi) reduction(| : nan, inf) num_threads(hc__nt(nt, nn / 16384))
#endif
        for (i = 0; i < nn; i++) {
            double x;
            memcpy(&x, s + 8 * (size_t)i, 8);
            nan |= x != x;
            inf |= (x - x != 0.0) && x == x;
            lo = x < lo ? x : lo;
            hi = x > hi ? x : hi;
        }
    }
    *mn = lo;
    *mx = hi;
    if (inf) return HC_ERR_INF; /* most negative code of the two, as on the GPU */
    if (nan) return HC_ERR_NAN;
    return HC_OK;
}

HOMCOMP_DEF hc_status hc_stream_info(const void *stream, size_t len, hc_info *info)
{
    hc__hdr h;
    int st;
    uint64_t nb;
    if (!stream || !info) return HC_ERR_NULL;
    memset(info, 0, sizeof *info);
    if (len < HC_HEADER_BYTES) return HC_ERR_CORRUPT;
    st = hc__parse_header((const unsigned char *)stream, &h);
    if (st) return (hc_status)st;
    nb = hc__nblocks(h.n);
    info->dtype = (hc_dtype)h.dtype;
    info->mode = (hc_mode)h.mode;
    info->step_exp = h.k;
    info->n = h.n;
    info->eb = h.eb;
    info->payload_bytes = h.payload;
    info->stream_bytes = HC_HEADER_BYTES + nb + h.payload;
    info->checksum = h.csum_flag;
    return HC_OK;
}

/* The checksum of the first len bytes of stream s (see hc__csum_word). Full words in parallel
 * chunks, then the two exceptions: word 3 (the checksum's own bytes) and a partial last word. */
static uint32_t hc__checksum(const unsigned char *s, uint64_t len, int nt)
{
    const int64_t nw = (int64_t)(len / 4), nch = (nw + 16383) / 16384;
    int64_t c;
    uint32_t sum = 0;
    (void)nt;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) reduction(+ : sum) num_threads(hc__nt(nt, nch))
#endif
    for (c = 0; c < nch; c++) {
        int64_t i = c * 16384, e = i + 16384 < nw ? i + 16384 : nw;
        uint32_t t = 0;
        for (; i < e; i++) t += hc__csum_word(hc__get32(s + 4 * i), (uint64_t)i);
        sum += t;
    }
    if (nw > 3) sum += hc__csum_word(0, 3) - hc__csum_word(hc__get32(s + 12), 3);
    if (len % 4) sum += hc__csum_word(hc__csum_get(s, len, (uint64_t)nw), (uint64_t)nw);
    return sum;
}

/* Header, length, rate bytes, payload total and checksum: everything but the blocks' contents.
 * Fills chunk offsets (nchunks + 1) when off != NULL. */
/* The rate bytes r[0..cnt): every one legal for the mode (hc__rate_valid), their payload
 * bytes added to *total; 0 or HC_ERR_CORRUPT. isa >= SSE2: 16 at a time (the sizes as bytes,
 * summed by psadbw), the same result as the byte loop. */
static int hc__rates_scan(const unsigned char *r, uint64_t cnt, int mode, int isa, uint64_t *total)
{
    uint64_t i = 0, t = 0;
    int bad = 0;
#ifdef HC__SSE2_HOST
    if (isa >= HC_ISA_SSE2 && cnt >= 16) {
        const __m128i z = _mm_setzero_si128(), m31 = _mm_set1_epi8(31), m3 = _mm_set1_epi8(3);
        const __m128i m96 = _mm_set1_epi8(0x60), four = _mm_set1_epi8(4), five = _mm_set1_epi8(5);
        const __m128i no_outlier = mode == HC_OUTLIER ? z : _mm_set1_epi8(-1);
        __m128i acc = z, badv = z;
        for (; i + 16 <= cnt; i += 16) {
            const __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(r + i));
            const __m128i o = _mm_cmplt_epi8(v, z); /* bit 7: the outlier form */
            const __m128i rate = _mm_and_si128(v, m31), r2 = _mm_add_epi8(rate, rate);
            /* outlier: obytes + 4 + 4 rate = ((rb >> 5) & 3) + 5 + 4 rate (at most 132) */
            const __m128i so = _mm_add_epi8(_mm_add_epi8(_mm_and_si128(_mm_srli_epi16(v, 5), m3), five), _mm_add_epi8(r2, r2));
            /* plain (legal: rb <= 31): rb ? 4 + 4 rb : 0 (at most 128) */
            const __m128i sp = _mm_andnot_si128(_mm_cmpeq_epi8(v, z), _mm_add_epi8(_mm_add_epi8(r2, r2), four));
            acc = _mm_add_epi64(acc, _mm_sad_epu8(_mm_or_si128(_mm_and_si128(o, so), _mm_andnot_si128(o, sp)), z));
            /* illegal: a plain byte above 31, an outlier byte in a plain stream */
            badv = _mm_or_si128(badv, _mm_andnot_si128(o, _mm_andnot_si128(_mm_cmpeq_epi8(_mm_and_si128(v, m96), z), _mm_set1_epi8(-1))));
            badv = _mm_or_si128(badv, _mm_and_si128(o, no_outlier));
        }
        {
            uint64_t two[2];
            _mm_storeu_si128((__m128i *)(void *)two, acc);
            t = two[0] + two[1];
        }
        bad = _mm_movemask_epi8(badv) != 0;
    }
#endif
    (void)isa;
    for (; i < cnt; i++) {
        bad |= !hc__rate_valid(r[i], mode);
        t += hc__payload_size(r[i]);
    }
    *total += t;
    return bad ? HC_ERR_CORRUPT : 0;
}

static int hc__check_stream(const unsigned char *s, size_t len, hc__hdr *h, uint64_t *off, int nt, int isa)
{
    uint64_t nb, nch, c, total = 0;
    int st;
    if (len < HC_HEADER_BYTES) return HC_ERR_CORRUPT;
    st = hc__parse_header(s, h);
    if (st) return st;
    nb = hc__nblocks(h->n);
    if (nb > len - HC_HEADER_BYTES || h->payload > len - HC_HEADER_BYTES - nb) return HC_ERR_CORRUPT;
    /* the checksum first: a flagged stream changed anywhere past its header reads as CHECKSUM */
    if (h->csum_flag && hc__checksum(s, HC_HEADER_BYTES + nb + h->payload, nt) != h->csum) return HC_ERR_CHECKSUM;
    nch = (nb + HC__CHUNK - 1) / HC__CHUNK;
    for (c = 0; c < nch; c++) {
        uint64_t b = c * HC__CHUNK, e = (c + 1) * HC__CHUNK < nb ? (c + 1) * HC__CHUNK : nb;
        if (off) off[c] = total;
        if (hc__rates_scan(s + HC_HEADER_BYTES + b, e - b, h->mode, isa, &total)) return HC_ERR_CORRUPT;
    }
    if (off) off[nch] = total;
    if (total != h->payload) return HC_ERR_CORRUPT;
    return HC_OK;
}

/* Decodes block b (rate byte rb, payload at src) into d and applies the one definition of a
 * valid block: an outlier magnitude fits 31 bits and every quantized value |q| <= qmax. */
static int hc__decode_checked(const unsigned char *src, unsigned rb, int cnt, int64_t qmax, int32_t *d, int isa)
{
    int i;
    if (!rb) {
        for (i = 0; i < HC_BLOCK; i++) d[i] = 0;
        return 0;
    }
    if (hc__decode_block(src, rb, d, isa)) return HC_ERR_CORRUPT;
    if (!hc__rb_qsmall(rb, 3u, 25u, 25u) && hc__q_out_of_range(d, cnt, qmax)) return HC_ERR_CORRUPT; /* else |q| < 2^30 */
    return 0;
}

/* Opens a stream for reading: hc__check_stream with a chunk-offset table in t (t->p; free it
 * with hc__table_free, also after an error). */
static hc_status hc__open(const void *s, size_t len, hc__hdr *h, hc__table *t, int nt, int isa)
{
    uint64_t nb, nch;
    int st;
    t->p = NULL;
    if (len < HC_HEADER_BYTES) return HC_ERR_CORRUPT;
    st = hc__parse_header((const unsigned char *)s, h);
    if (st) return (hc_status)st;
    nb = hc__nblocks(h->n);
    if (nb > len - HC_HEADER_BYTES) return HC_ERR_CORRUPT; /* before sizing anything by n */
    nch = (nb + HC__CHUNK - 1) / HC__CHUNK;
    if (hc__table_get(t, nch + 1)) return HC_ERR_NOMEM;
    st = hc__check_stream((const unsigned char *)s, len, h, t->p, nt, isa);
    if (st) hc__table_free(t);
    return (hc_status)st;
}

HOMCOMP_DEF hc_status hc_validate(const void *stream, size_t len, hc_info *info, const hc_options *opt)
{
    hc__hdr h;
    hc__table t;
    uint64_t *off, nb;
    int64_t c, nch;
    int err = 0, nt = hc__threads(opt), isa = hc__isa(opt);
    hc_status st;
    hc_info tmp;
    const unsigned char *s = (const unsigned char *)stream;
    if (info) memset(info, 0, sizeof *info);
    if (!stream) return HC_ERR_NULL;
    if (nt < 0 || isa < 0) return HC_ERR_ARG;
    st = hc__open(stream, len, &h, &t, nt, isa);
    if (st) return st;
    off = t.p;
    /* every block as the decoders see it */
    nb = hc__nblocks(h.n);
    nch = (int64_t)((nb + HC__CHUNK - 1) / HC__CHUNK);
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 1) reduction(min : err) num_threads(hc__nt(nt, nch))
#endif
    for (c = 0; c < nch; c++) {
        uint64_t b = (uint64_t)c * HC__CHUNK, e = b + HC__CHUNK < nb ? b + HC__CHUNK : nb, pos = off[c];
        const int64_t qmax = hc__qmax(h.dtype, h.k);
        int32_t d[HC_BLOCK];
        for (; b < e; b++) {
            unsigned rb = s[HC_HEADER_BYTES + b];
            int cnt = (int)(h.n - b * HC_BLOCK < HC_BLOCK ? h.n - b * HC_BLOCK : HC_BLOCK);
            int e2 = hc__decode_checked(s + HC_HEADER_BYTES + nb + pos, rb, cnt, qmax, d, isa);
            if (e2 < err) err = e2;
            pos += hc__payload_size(rb);
        }
    }
    hc__table_free(&t);
    if (err) return (hc_status)err;
    return hc_stream_info(stream, len, info ? info : &tmp);
}

/* Chunked encoder shared by compress and the adds: chunk c encodes into out's payload area
 * at c x CHUNK x 128 (its worst case), then chunks move down in order (never overlapping
 * a later chunk's data), so any thread count gives the same bytes. */
enum { HC__SRC_RAW = 0, HC__SRC_STREAM = 1, HC__SRC_QP = 2, HC__SRC_NONE = 3 };
/* what a chunk loop is specialised for: any job (j->a and j->kind read per block), compress
 * (no compressed operand, raw input), the fused add (a compressed operand + raw) */
enum { HC__FORM_ANY = 0, HC__FORM_COMPRESS = 1, HC__FORM_ADD_RAW = 2, HC__FORM_ADD_RAW_VALS = 3 };

typedef struct {
    const unsigned char *a; /* compressed operand (adds) */
    const uint64_t *aoff;
    int kind;               /* second operand kind */
    const unsigned char *b; /* raw bytes / stream / deltas */
    const uint64_t *boff;
    const hc__params *p;
    hc__hdr h;              /* output header (payload filled at the end) */
    int nt;                 /* threads */
    int isa;                /* HC_ISA_* (resolved) */
    unsigned char *vals;    /* hc_add_raw_values: the sum's values, as hc_decompress writes them; else NULL */
    int vfast;              /* hc_decompress's float32 fast path (fastd && HC__FLT_FAST) */
    double vstep;           /* 2^k, as hc_decompress */
    uint64_t *rng;          /* hc_compress_range / hc_add_raw_range: chunk c's raw min and max (two
                             * doubles' bits at 2c, 2c + 1); else NULL */
} hc__job;

/* hc_add_raw_values: block b's values from the sum's deltas d (canonical padding) and rate
 * byte rb, exactly as hc__dec_body writes them from the stream (the same two float32 paths,
 * chosen by the same test); cnt values to j->vals. */
static void hc__vals_block(const hc__job *j, const int32_t *d, unsigned rb, int cnt, uint64_t first)
{
    int i;
    if (j->h.dtype == HC_F32) {
        float v[HC_BLOCK];
        if (j->vfast && hc__rb_small(rb)) {
            int32_t q32 = 0;
            for (i = 0; i < HC_BLOCK; i++) { q32 += d[i]; v[i] = (float)q32 * j->p->stepf; }
        } else {
            int64_t q = 0;
            for (i = 0; i < HC_BLOCK; i++) { q += d[i]; v[i] = hc__to_f32((double)q * j->vstep); }
        }
        memcpy(j->vals + first * 4, v, (size_t)cnt * 4);
    } else {
        double v[HC_BLOCK];
        int64_t q = 0;
        for (i = 0; i < HC_BLOCK; i++) { q += d[i]; v[i] = (double)q * j->vstep; }
        memcpy(j->vals + first * 8, v, (size_t)cnt * 8);
    }
}

#ifdef HC__AVX512
/* Float32 block of deltas (lo, hi) whose every |q| < 2^24 (hc__rb_small): prefix sums in
 * int32, then (float)q x 2^k, as the portable fast path; cnt values to o. */
HC__T512 static inline void hc__out512(__m512i lo, __m512i hi, float stepf, int cnt, unsigned char *o)
{
    const __m512i z = _mm512_setzero_si512();
    const __m512 st = _mm512_set1_ps(stepf);
    lo = _mm512_add_epi32(lo, _mm512_alignr_epi32(lo, z, 15));
    hi = _mm512_add_epi32(hi, _mm512_alignr_epi32(hi, z, 15));
    lo = _mm512_add_epi32(lo, _mm512_alignr_epi32(lo, z, 14));
    hi = _mm512_add_epi32(hi, _mm512_alignr_epi32(hi, z, 14));
    lo = _mm512_add_epi32(lo, _mm512_alignr_epi32(lo, z, 12));
    hi = _mm512_add_epi32(hi, _mm512_alignr_epi32(hi, z, 12));
    lo = _mm512_add_epi32(lo, _mm512_alignr_epi32(lo, z, 8));
    hi = _mm512_add_epi32(hi, _mm512_alignr_epi32(hi, z, 8));
    hi = _mm512_add_epi32(hi, _mm512_permutexvar_epi32(_mm512_set1_epi32(15), lo));
    _mm512_mask_storeu_ps(o, HC__M16(cnt), _mm512_mul_ps(_mm512_cvtepi32_ps(lo), st));
    _mm512_mask_storeu_ps(o + 64, HC__M16H(cnt), _mm512_mul_ps(_mm512_cvtepi32_ps(hi), st));
}
/* Float32 block of deltas d[4] (hc__out512's contract) with the AVX2 kernels */
HC__T256 static inline void hc__out256(__m256i *d, float stepf, int cnt, unsigned char *o)
{
    const __m256 st = _mm256_set1_ps(stepf);
    const __m256i hi = _mm256_setr_epi32(0, 0, 0, 0, -1, -1, -1, -1), b3 = _mm256_set1_epi32(3), b7 = _mm256_set1_epi32(7);
    __m256i carry = _mm256_setzero_si256();
    float v[HC_BLOCK];
    int k;
    for (k = 0; k < 4; k++) {
        __m256i x = d[k];
        x = _mm256_add_epi32(x, _mm256_slli_si256(x, 4)); /* within each 128-bit half */
        x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));
        x = _mm256_add_epi32(x, _mm256_and_si256(_mm256_permutevar8x32_epi32(x, b3), hi));
        x = _mm256_add_epi32(x, carry);
        carry = _mm256_permutevar8x32_epi32(x, b7);
        _mm256_storeu_ps(v + 8 * k, _mm256_mul_ps(_mm256_cvtepi32_ps(x), st));
    }
    memcpy(o, v, (size_t)cnt * 4);
}
#endif

/* One block of the portable path (isa SCALAR or SSE2): the inputs' block b into d (the sum for
 * the adds); 0 or a status. */
static int hc__block_in(const hc__job *j, uint64_t b, int cnt, uint64_t *apos, uint64_t *bpos, int64_t qmax, int32_t *d)
{
    const uint64_t nb = hc__nblocks(j->h.n), first = b * HC_BLOCK;
    int32_t e2[HC_BLOCK];
    int st, i;
    if (!j->a) return hc__qp_block(j->b, j->h.dtype, first, cnt, j->p, d, j->isa);
    {
        unsigned ra = j->a[HC_HEADER_BYTES + b];
        st = hc__decode_checked(j->a + HC_HEADER_BYTES + nb + *apos, ra, cnt, qmax, d, j->isa);
        *apos += hc__payload_size(ra);
    }
    if (j->kind == HC__SRC_STREAM) {
        unsigned rbb = j->b[HC_HEADER_BYTES + b];
        int s2 = hc__decode_checked(j->b + HC_HEADER_BYTES + nb + *bpos, rbb, cnt, qmax, e2, j->isa);
        if (s2 < st) st = s2;
        *bpos += hc__payload_size(rbb);
    } else if (j->kind == HC__SRC_RAW) {
        int s2 = hc__qp_block(j->b, j->h.dtype, first, cnt, j->p, e2, j->isa);
        if (s2 < st) st = s2;
    } else {
        const int32_t *qd = (const int32_t *)(const void *)j->b; /* QP deltas */
        for (i = 0; i < HC_BLOCK; i++) e2[i] = i < cnt ? qd[first + i] : 0;
    }
    for (i = 0; i < HC_BLOCK; i++) {
        int64_t s = (int64_t)d[i] + e2[i];
        if (s > HC__D31 || s < -HC__D31) { if (HC_ERR_SUM_OVERFLOW < st) st = HC_ERR_SUM_OVERFLOW; s = 0; }
        d[i] = (int32_t)s;
    }
    /* the sum must stay a valid stream: every summed value |q| <= qmax */
    if (hc__q_out_of_range(d, cnt, qmax) && HC_ERR_SUM_OVERFLOW < st) st = HC_ERR_SUM_OVERFLOW;
    return st;
}

#ifdef HC__AVX512
/* hc__block_in + plan + encode of block b with the AVX-512 kernels; *rb its rate byte, *sz its
 * payload bytes. The fused adds work on the quantized integers: unpack both blocks (as many
 * planes as their rate bytes say), add, repack; no dequantization, no transpose. */
HC__T512 static inline int hc__block512(const hc__job *j, uint64_t b, int cnt, uint64_t *apos, uint64_t *bpos, int64_t qmax,
                                        int g, const int form, const hc__k512 *K, unsigned char *dst, unsigned *rb, uint32_t *sz,
                                        hc__rng *rg)
{
    const uint64_t nb = hc__nblocks(j->h.n), first = b * HC_BLOCK;
    const int kind = form ? HC__SRC_RAW : j->kind, has_a = form == HC__FORM_COMPRESS ? 0 : form ? 1 : j->a != NULL;
    int32_t t[HC_BLOCK];
    __m512i d0, d1, e0, e1, ab[2]; /* ab: the sum's |d0|, |d1| (the adds), reused by the encoder */
    int st, check;
    /* the raw operand 16 blocks ahead: the kernels are fast enough for its load latency to
     * show (demos/bench/README.md, "Calibration notes") */
    if (kind == HC__SRC_RAW && b + 17 < nb) { /* block b + 16, not the (maybe partial) last */
        const char *ahead = (const char *)j->b + (first + 16 * HC_BLOCK) * (j->h.dtype == HC_F32 ? 4u : 8u);
        _mm_prefetch(ahead, _MM_HINT_T0);
        _mm_prefetch(ahead + 64, _MM_HINT_T0);
    }
    if (!has_a) {
        st = hc__qp512(j->b, j->h.dtype, first, cnt, j->p, K, &d0, &d1, t, rg);
    } else {
        unsigned ra = j->a[HC_HEADER_BYTES + b];
        st = hc__dec512(j->a + HC_HEADER_BYTES + nb + *apos, ra, cnt, qmax, g, &d0, &d1, t);
        *apos += hc__payload_size(ra);
        /* both operands' values below 2^30 (rate bytes; raw values always): their sum cannot
         * leave 31 bits, so the range check is skipped where qmax is 2^31 - 1 */
        check = qmax != 2147483647LL || !hc__rb_qsmall(ra, 3u, 25u, 25u);
        if (kind == HC__SRC_STREAM) {
            unsigned rbb = j->b[HC_HEADER_BYTES + b];
            int s2 = hc__dec512(j->b + HC_HEADER_BYTES + nb + *bpos, rbb, cnt, qmax, g, &e0, &e1, t);
            if (s2 < st) st = s2;
            *bpos += hc__payload_size(rbb);
            check |= !hc__rb_qsmall(rbb, 3u, 25u, 25u);
        } else if (kind == HC__SRC_RAW) {
            int s2 = hc__qp512(j->b, j->h.dtype, first, cnt, j->p, K, &e0, &e1, t, rg);
            if (s2 < st) st = s2;
        } else {
            const int32_t *qd = (const int32_t *)(const void *)j->b + first; /* QP deltas */
            e0 = _mm512_maskz_loadu_epi32(HC__M16(cnt), qd);
            e1 = _mm512_maskz_loadu_epi32(HC__M16H(cnt), qd + 16);
            check = 1;
        }
        if (hc__sum512(&d0, &d1, e0, e1, K, ab) && HC_ERR_SUM_OVERFLOW < st) st = HC_ERR_SUM_OVERFLOW;
        if (check) {
            _mm512_storeu_si512((void *)t, d0);
            _mm512_storeu_si512((void *)(t + 16), d1);
            if (hc__q_out_of_range(t, cnt, qmax) && HC_ERR_SUM_OVERFLOW < st) st = HC_ERR_SUM_OVERFLOW;
        }
    }
    if (cnt < HC_BLOCK) { /* canonical padding (a full block has none) */
        d0 = _mm512_maskz_mov_epi32(HC__M16(cnt), d0);
        d1 = _mm512_maskz_mov_epi32(HC__M16H(cnt), d1);
        if (has_a) {
            ab[0] = _mm512_maskz_mov_epi32(HC__M16(cnt), ab[0]);
            ab[1] = _mm512_maskz_mov_epi32(HC__M16H(cnt), ab[1]);
        }
    }
    *rb = hc__enc512(d0, d1, has_a ? ab : NULL, K, j->h.mode, g, dst, sz);
    if (form == HC__FORM_ADD_RAW_VALS) { /* the sum's values from its deltas: no decode */
        if (j->h.dtype == HC_F32 && j->vfast && hc__rb_small(*rb)) {
            hc__out512(d0, d1, j->p->stepf, cnt, j->vals + first * 4);
        } else {
            _mm512_storeu_si512((void *)t, d0);
            _mm512_storeu_si512((void *)(t + 16), d1);
            hc__vals_block(j, t, *rb, cnt, first);
        }
    }
    return st;
}
#endif

#ifdef HC__AVX512
/* hc__block512 with the AVX2 kernels */
HC__T256 static inline int hc__block256(const hc__job *j, uint64_t b, int cnt, uint64_t *apos, uint64_t *bpos, int64_t qmax,
                                        unsigned char *dst, unsigned *rb, uint32_t *sz, hc__rng *rg)
{
    const uint64_t nb = hc__nblocks(j->h.n), first = b * HC_BLOCK;
    int32_t t[HC_BLOCK];
    __m256i d[4], e[4];
    int st, check, v;
    if (j->kind == HC__SRC_RAW && b + 17 < nb) { /* as hc__block512 */
        const char *ahead = (const char *)j->b + (first + 16 * HC_BLOCK) * (j->h.dtype == HC_F32 ? 4u : 8u);
        _mm_prefetch(ahead, _MM_HINT_T0);
        _mm_prefetch(ahead + 64, _MM_HINT_T0);
    }
    if (!j->a) {
        st = hc__qp256(j->b, j->h.dtype, first, cnt, j->p, d, t, rg);
    } else {
        unsigned ra = j->a[HC_HEADER_BYTES + b];
        st = hc__dec256(j->a + HC_HEADER_BYTES + nb + *apos, ra, cnt, qmax, d, t);
        *apos += hc__payload_size(ra);
        check = qmax != 2147483647LL || !hc__rb_qsmall(ra, 3u, 25u, 25u);
        if (j->kind == HC__SRC_STREAM) {
            unsigned rbb = j->b[HC_HEADER_BYTES + b];
            int s2 = hc__dec256(j->b + HC_HEADER_BYTES + nb + *bpos, rbb, cnt, qmax, e, t);
            if (s2 < st) st = s2;
            *bpos += hc__payload_size(rbb);
            check |= !hc__rb_qsmall(rbb, 3u, 25u, 25u);
        } else if (j->kind == HC__SRC_RAW) {
            int s2 = hc__qp256(j->b, j->h.dtype, first, cnt, j->p, e, t, rg);
            if (s2 < st) st = s2;
        } else {
            const int32_t *qd = (const int32_t *)(const void *)j->b + first; /* QP deltas */
            for (v = 0; v < HC_BLOCK; v++) t[v] = v < cnt ? qd[v] : 0;
            for (v = 0; v < 4; v++) e[v] = _mm256_loadu_si256((const __m256i *)(const void *)(t + 8 * v));
            check = 1;
        }
        if (hc__sum256(d, e) && HC_ERR_SUM_OVERFLOW < st) st = HC_ERR_SUM_OVERFLOW;
        if (check) {
            for (v = 0; v < 4; v++) _mm256_storeu_si256((__m256i *)(void *)(t + 8 * v), d[v]);
            if (hc__q_out_of_range(t, cnt, qmax) && HC_ERR_SUM_OVERFLOW < st) st = HC_ERR_SUM_OVERFLOW;
        }
    }
    for (v = 0; v < 4; v++) d[v] = _mm256_and_si256(d[v], hc__lanes256(v, cnt)); /* canonical padding */
    *rb = hc__enc256(d, j->h.mode, dst, sz);
    if (j->vals) { /* hc_add_raw_values, as hc__block512 */
        if (j->h.dtype == HC_F32 && j->vfast && hc__rb_small(*rb)) {
            hc__out256(d, j->p->stepf, cnt, j->vals + first * 4);
        } else {
            for (v = 0; v < 4; v++) _mm256_storeu_si256((__m256i *)(void *)(t + 8 * v), d[v]);
            hc__vals_block(j, t, *rb, cnt, first);
        }
    }
    return st;
}
#endif

/* Chunk c (blocks c x CHUNK ..) encoded to dst; *csize its payload bytes; 0 or the most
 * negative status. wide: 1 the AVX-512 kernels, 2 the AVX2 ones (a constant in each caller). */
HC__INLINE int hc__chunk_body(const hc__job *j0, uint64_t c, unsigned char *out, unsigned char *dst, uint64_t *csize,
                              const int wide, const int form)
{
    /* the job and its parameters copied to locals whose addresses stay here: the payload and
     * value stores (char pointers) may alias the caller's job, so the compiler reloaded and
     * re-broadcast p's step, 1/step and eb for every block; from these it hoists them (bench
     * README, issue 27) */
    const hc__params pl = *j0->p;
    hc__job jl = *j0;
    const hc__job *j = &jl;
    const uint64_t n = j->h.n, nb = hc__nblocks(n);
    const int64_t qmax = hc__qmax(j->h.dtype, j->h.k);
    uint64_t b = c * HC__CHUNK, e = b + HC__CHUNK < nb ? b + HC__CHUNK : nb;
    uint64_t apos = j->aoff ? j->aoff[c] : 0, bpos = j->boff ? j->boff[c] : 0, pos = 0;
    unsigned char *rates = out + HC_HEADER_BYTES;
    int err = 0;
    /* the raw operand's range (hc_compress_range, hc_add_raw_range): rg only then */
    const int raw = form == HC__FORM_COMPRESS || form == HC__FORM_ADD_RAW || form == HC__FORM_ADD_RAW_VALS ||
                    (form == HC__FORM_ANY && (!j->a || j->kind == HC__SRC_RAW));
    hc__rng rng, *rg = j->rng && raw ? &rng : NULL;
#ifdef HC__AVX512
    hc__k512 K;
    if (wide == 1 || wide == 3) hc__k512_init(&K, &pl);
#endif
    jl.p = &pl;
    (void)wide;
    (void)form;
    if (rg) {
        rng.d[0] = HUGE_VAL;
        rng.d[1] = -HUGE_VAL;
#ifdef HC__AVX512
        if (wide == 1 || wide == 3) hc__rng_init512(rg);
        if (wide == 2) hc__rng_init256(rg);
#endif
    }
    for (; b < e; b++) {
        const uint64_t first = b * HC_BLOCK;
        const int cnt = (int)(n - first < HC_BLOCK ? n - first : HC_BLOCK);
        unsigned rb;
        uint32_t sz;
        int st, i;
#ifdef HC__AVX512
        if (wide == 1 || wide == 3) {
            st = hc__block512(j, b, cnt, &apos, &bpos, qmax, wide == 3, form, &K, dst + pos, &rb, &sz, rg);
        } else if (wide == 2) {
            st = hc__block256(j, b, cnt, &apos, &bpos, qmax, dst + pos, &rb, &sz, rg);
        } else
#endif
        {
            int32_t d[HC_BLOCK];
            st = hc__block_in(j, b, cnt, &apos, &bpos, qmax, d);
            for (i = cnt; i < HC_BLOCK; i++) d[i] = 0; /* canonical padding */
            rb = hc__plan(d, j->h.mode, &sz);
            hc__encode_block(d, rb, dst + pos, j->isa);
            if (rg && !st) hc__range_block(j->b, j->h.dtype, first, cnt, rng.d); /* (before values = raw is written) */
            if (j->vals) hc__vals_block(j, d, rb, cnt, first);
        }
        if (st < err) err = st;
        rates[b] = (unsigned char)rb;
        pos += sz;
    }
    if (rg) {
#ifdef HC__AVX512
        if (wide == 1 || wide == 3) hc__rng_end512(rg);
        if (wide == 2) hc__rng_end256(rg);
#endif
        memcpy(j->rng + 2 * c, rng.d, 2 * sizeof(double));
    }
    *csize = pos;
    return err;
}
static int hc__chunk_base(const hc__job *j, uint64_t c, unsigned char *out, unsigned char *dst, uint64_t *csize)
{
    return hc__chunk_body(j, c, out, dst, csize, 0, HC__FORM_ANY);
}
#ifdef HC__AVX512
/* The AVX-512 chunk loops, one copy per form (compress, the fused add, the other adds), so
 * that each inlines only the block code it runs. */
HC__T512 HC__FLAT static int hc__chunk_512(const hc__job *j, uint64_t c, unsigned char *out, unsigned char *dst, uint64_t *csize)
{
    return hc__chunk_body(j, c, out, dst, csize, 1, HC__FORM_ANY);
}
HC__T512 HC__FLAT static int hc__chunk_512_c(const hc__job *j, uint64_t c, unsigned char *out, unsigned char *dst, uint64_t *csize)
{
    return hc__chunk_body(j, c, out, dst, csize, 1, HC__FORM_COMPRESS);
}
HC__T512 HC__FLAT static int hc__chunk_512_r(const hc__job *j, uint64_t c, unsigned char *out, unsigned char *dst, uint64_t *csize)
{
    return hc__chunk_body(j, c, out, dst, csize, 1, HC__FORM_ADD_RAW);
}
HC__T512 HC__FLAT static int hc__chunk_512_v(const hc__job *j, uint64_t c, unsigned char *out, unsigned char *dst, uint64_t *csize)
{
    return hc__chunk_body(j, c, out, dst, csize, 1, HC__FORM_ADD_RAW_VALS);
}
HC__T512G HC__FLAT static int hc__chunk_512g(const hc__job *j, uint64_t c, unsigned char *out, unsigned char *dst,
                                             uint64_t *csize)
{
    return hc__chunk_body(j, c, out, dst, csize, 3, HC__FORM_ANY);
}
HC__T512G HC__FLAT static int hc__chunk_512g_c(const hc__job *j, uint64_t c, unsigned char *out, unsigned char *dst,
                                               uint64_t *csize)
{
    return hc__chunk_body(j, c, out, dst, csize, 3, HC__FORM_COMPRESS);
}
HC__T512G HC__FLAT static int hc__chunk_512g_r(const hc__job *j, uint64_t c, unsigned char *out, unsigned char *dst,
                                               uint64_t *csize)
{
    return hc__chunk_body(j, c, out, dst, csize, 3, HC__FORM_ADD_RAW);
}
HC__T512G HC__FLAT static int hc__chunk_512g_v(const hc__job *j, uint64_t c, unsigned char *out, unsigned char *dst,
                                               uint64_t *csize)
{
    return hc__chunk_body(j, c, out, dst, csize, 3, HC__FORM_ADD_RAW_VALS);
}
HC__T256 static int hc__chunk_256(const hc__job *j, uint64_t c, unsigned char *out, unsigned char *dst, uint64_t *csize)
{
    return hc__chunk_body(j, c, out, dst, csize, 2, HC__FORM_ANY);
}
#endif
static int hc__chunk(const hc__job *j, uint64_t c, unsigned char *out, unsigned char *dst, uint64_t *csize)
{
#ifdef HC__AVX512
    const int form = !j->a ? HC__FORM_COMPRESS
                     : j->kind == HC__SRC_RAW ? (j->vals ? HC__FORM_ADD_RAW_VALS : HC__FORM_ADD_RAW)
                                              : HC__FORM_ANY; /* (vals: raw adds only) */
    if (j->isa == HC_ISA_AVX512_GFNI)
        return form == HC__FORM_COMPRESS ? hc__chunk_512g_c(j, c, out, dst, csize)
               : form == HC__FORM_ADD_RAW ? hc__chunk_512g_r(j, c, out, dst, csize)
               : form == HC__FORM_ADD_RAW_VALS ? hc__chunk_512g_v(j, c, out, dst, csize)
                                               : hc__chunk_512g(j, c, out, dst, csize);
    if (j->isa == HC_ISA_AVX512)
        return form == HC__FORM_COMPRESS ? hc__chunk_512_c(j, c, out, dst, csize)
               : form == HC__FORM_ADD_RAW ? hc__chunk_512_r(j, c, out, dst, csize)
               : form == HC__FORM_ADD_RAW_VALS ? hc__chunk_512_v(j, c, out, dst, csize)
                                               : hc__chunk_512(j, c, out, dst, csize);
    if (j->isa == HC_ISA_AVX2) return hc__chunk_256(j, c, out, dst, csize);
#endif
    return hc__chunk_base(j, c, out, dst, csize);
}

/* Encodes every chunk; csize[c] = chunk c's payload bytes. One thread: chunks in order, each
 * straight to its final place (*compact = 1). Several: chunk c to out's payload area at
 * c x CHUNK x 128 (its worst case), moved down in order by hc__finish (never overlapping a
 * later chunk's data), so any thread count gives the same bytes. */
static int hc__encode_chunks(const hc__job *j, unsigned char *out, uint64_t *csize, int *compact)
{
    const uint64_t nb = hc__nblocks(j->h.n);
    const int64_t nch = (int64_t)((nb + HC__CHUNK - 1) / HC__CHUNK);
    unsigned char *pay = out + HC_HEADER_BYTES + nb;
    int64_t c;
    int err = 0;
    *compact = hc__nt(j->nt, nch) == 1;
    if (*compact) {
        uint64_t pos = 0;
        for (c = 0; c < nch; c++) {
            int st = hc__chunk(j, (uint64_t)c, out, pay + pos, &csize[c]);
            if (st < err) err = st;
            pos += csize[c];
        }
        return err;
    }
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 1) reduction(min : err) num_threads(hc__nt(j->nt, nch))
#endif
    for (c = 0; c < nch; c++) {
        int st = hc__chunk(j, (uint64_t)c, out, pay + (uint64_t)c * HC__CHUNK * HC_MAX_BLOCK_PAYLOAD, &csize[c]);
        if (st < err) err = st;
    }
    return err;
}

static hc_status hc__finish(const hc__job *j, unsigned char *out, uint64_t *csize, int compact, size_t *out_size)
{
    uint64_t nb = hc__nblocks(j->h.n), nch = (nb + HC__CHUNK - 1) / HC__CHUNK, c, pos = 0;
    unsigned char *pay = out + HC_HEADER_BYTES + nb;
    hc__hdr h = j->h;
    for (c = 0; c < nch; c++) {
        if (!compact && pos != c * HC__CHUNK * HC_MAX_BLOCK_PAYLOAD)
            memmove(pay + pos, pay + c * HC__CHUNK * HC_MAX_BLOCK_PAYLOAD, csize[c]);
        pos += csize[c];
    }
    h.payload = pos;
    hc__write_header(out, &h);
    if (h.csum_flag) hc__put32(out + 12, hc__checksum(out, HC_HEADER_BYTES + nb + pos, j->nt));
    if (out_size) *out_size = (size_t)(HC_HEADER_BYTES + nb + pos);
    return HC_OK;
}

/* range: NULL, or the raw operand's min and max, written on HC_OK (hc_compress_range) */
static hc_status hc__run(hc__job *j, void *out, size_t out_cap, size_t *out_size, double *range)
{
    uint64_t nb = hc__nblocks(j->h.n), nch = (nb + HC__CHUNK - 1) / HC__CHUNK, c;
    hc__table csize;
    /* the range's per-chunk table: on the stack wherever csize's is, so the range calls
     * allocate exactly where the plain ones do */
    uint64_t rlocal[2 * HOMCOMP_TABLE_LOCAL], *rp = NULL;
    int st, compact = 0;
    if (out_cap < hc_compress_bound(j->h.n, (hc_dtype)j->h.dtype)) return HC_ERR_CAPACITY;
    if (hc__table_get(&csize, nch + 1)) return HC_ERR_NOMEM;
    if (range) {
        rp = nch + 1 <= HOMCOMP_TABLE_LOCAL ? rlocal : (uint64_t *)HOMCOMP_MALLOC((size_t)(2 * nch) * sizeof(uint64_t));
        if (!rp) {
            hc__table_free(&csize);
            return HC_ERR_NOMEM;
        }
    }
    j->rng = rp;
    st = hc__encode_chunks(j, (unsigned char *)out, csize.p, &compact);
    if (st == HC_OK) st = hc__finish(j, (unsigned char *)out, csize.p, compact, out_size);
    if (st == HC_OK && range) {
        double lo = HUGE_VAL, hi = -HUGE_VAL, v[2];
        for (c = 0; c < nch; c++) {
            memcpy(v, rp + 2 * c, sizeof v);
            lo = v[0] < lo ? v[0] : lo;
            hi = v[1] > hi ? v[1] : hi;
        }
        range[0] = lo;
        range[1] = hi;
    }
    j->rng = NULL;
    if (rp && rp != rlocal) HOMCOMP_FREE(rp);
    hc__table_free(&csize);
    return (hc_status)st;
}

/* The arguments hc_compress and hc_cuda_compress both take: pointers, enums, n. */
static hc_status hc__compress_args(const hc_config *cfg, const void *in, uint64_t n, const void *out)
{
    if (!cfg || !out || (n && !in)) return HC_ERR_NULL;
    if ((cfg->dtype != HC_F32 && cfg->dtype != HC_F64) || (cfg->mode != HC_PLAIN && cfg->mode != HC_OUTLIER) ||
        (cfg->bound != HC_ABS && cfg->bound != HC_REL) || (cfg->checksum != 0 && cfg->checksum != 1))
        return HC_ERR_ARG;
    if (n > ((uint64_t)1 << 56) || hc_compress_bound(n, cfg->dtype) == 0) return HC_ERR_SIZE;
    return HC_OK;
}

static hc_status hc__compress(const hc_config *cfg, const void *in, uint64_t n, void *out, size_t out_cap,
                              size_t *out_size, double *range, const hc_options *opt)
{
    hc__params p;
    hc__job j;
    double eb;
    int st, nt = hc__threads(opt), isa = hc__isa(opt);
    st = hc__compress_args(cfg, in, n, out);
    if (st) return (hc_status)st;
    if (nt < 0 || isa < 0) return HC_ERR_ARG;
    if (out_cap < hc_compress_bound(n, cfg->dtype)) return HC_ERR_CAPACITY;
    eb = cfg->eb;
    if (cfg->bound == HC_REL) {
        double mn, mx;
        if (!(eb > 0.0) || !(eb <= DBL_MAX)) return HC_ERR_EB;
        st = hc__minmax(in, n, cfg->dtype, &mn, &mx, nt);
        if (st) return (hc_status)st;
        eb = hc__rel_eb(eb, mn, mx);
    }
    st = hc__params_from_eb(eb, cfg->dtype, &p);
    if (st) return (hc_status)st;
    memset(&j, 0, sizeof j);
    j.kind = HC__SRC_RAW;
    j.b = (const unsigned char *)in;
    j.p = &p;
    j.nt = nt;
    j.isa = isa;
    j.h.dtype = cfg->dtype;
    j.h.mode = cfg->mode;
    j.h.k = p.k;
    j.h.n = n;
    j.h.eb = eb;
    j.h.csum_flag = cfg->checksum;
    return hc__run(&j, out, out_cap, out_size, range);
}
HOMCOMP_DEF hc_status hc_compress(const hc_config *cfg, const void *in, uint64_t n, void *out, size_t out_cap,
                            size_t *out_size, const hc_options *opt)
{
    return hc__compress(cfg, in, n, out, out_cap, out_size, NULL, opt);
}
HOMCOMP_DEF hc_status hc_compress_range(const hc_config *cfg, const void *in, uint64_t n, void *out, size_t out_cap,
                                  size_t *out_size, double range[2], const hc_options *opt)
{
    if (!range) return HC_ERR_NULL;
    return hc__compress(cfg, in, n, out, out_cap, out_size, range, opt);
}

/* What a decompress chunk needs. */
typedef struct {
    const unsigned char *s;
    const uint64_t *off;
    uint64_t n;
    int dtype, fastd, isa;
    int64_t qmax;
    double step;
    float stepf;
    unsigned char *out;
} hc__dec;

#ifdef HC__AVX512
HC__T256 static inline int hc__dec_block256(const hc__dec *D, const unsigned char *src, unsigned rb, int cnt, uint64_t first,
                                            int32_t *d, int *done)
{
    __m256i v[4];
    int e2 = hc__dec256(src, rb, cnt, D->qmax, v, d), k;
    *done = D->dtype == HC_F32 && D->fastd && hc__rb_small(rb);
    if (*done) {
        hc__out256(v, D->stepf, cnt, D->out + first * 4);
    } else {
        for (k = 0; k < 4; k++) _mm256_storeu_si256((__m256i *)(void *)(d + 8 * k), v[k]);
    }
    return e2;
}
/* Block b (rate byte rb, payload at src) decoded: to the output when it is a fast float32
 * block (*done = 1), else its deltas to d; 0 or a status. */
HC__T512 static inline int hc__dec_block512(const hc__dec *D, const unsigned char *src, unsigned rb, int cnt, uint64_t first,
                                            int g, int32_t *d, int *done)
{
    __m512i lo, hi;
    int e2 = hc__dec512(src, rb, cnt, D->qmax, g, &lo, &hi, d);
    *done = D->dtype == HC_F32 && D->fastd && hc__rb_small(rb);
    if (*done) {
        hc__out512(lo, hi, D->stepf, cnt, D->out + first * 4);
    } else {
        _mm512_storeu_si512((void *)d, lo);
        _mm512_storeu_si512((void *)(d + 16), hi);
    }
    return e2;
}
#endif

/* Decodes chunk c; 0 or the most negative status. wide: the AVX-512 kernels (a constant). */
HC__INLINE int hc__dec_body(const hc__dec *D, uint64_t c, const int wide)
{
    const uint64_t n = D->n, nb = hc__nblocks(n);
    uint64_t b = c * HC__CHUNK, e = b + HC__CHUNK < nb ? b + HC__CHUNK : nb, pos = D->off[c];
    const unsigned char *s = D->s;
    int32_t d[HC_BLOCK];
    int err = 0;
    (void)wide;
    for (; b < e; b++) {
        const unsigned rb = s[HC_HEADER_BYTES + b];
        const uint64_t first = b * HC_BLOCK;
        const int cnt = (int)(n - first < HC_BLOCK ? n - first : HC_BLOCK);
        int64_t q = 0;
        int i, e2;
#ifdef HC__AVX512
        if (wide) {
            int done;
            if (wide == 1 || wide == 3) e2 = hc__dec_block512(D, s + HC_HEADER_BYTES + nb + pos, rb, cnt, first, wide == 3, d, &done);
            else e2 = hc__dec_block256(D, s + HC_HEADER_BYTES + nb + pos, rb, cnt, first, d, &done);
            if (e2 < err) err = e2;
            pos += hc__payload_size(rb);
            if (done) continue;
        } else
#endif
        {
            e2 = hc__decode_checked(s + HC_HEADER_BYTES + nb + pos, rb, cnt, D->qmax, d, D->isa);
            if (e2 < err) err = e2;
            pos += hc__payload_size(rb);
        }
        if (D->dtype == HC_F32) {
            float v[HC_BLOCK];
            if (D->fastd && hc__rb_small(rb)) {
                /* every |q| < 2^24: (float)q * 2^k is exact, as is the double path */
                int32_t qs[HC_BLOCK], q32 = 0;
                for (i = 0; i < HC_BLOCK; i++) { q32 += d[i]; qs[i] = q32; }
                for (i = 0; i < HC_BLOCK; i++) v[i] = (float)qs[i] * D->stepf;
            } else {
                for (i = 0; i < HC_BLOCK; i++) { q += d[i]; v[i] = hc__to_f32((double)q * D->step); }
            }
            memcpy(D->out + first * 4, v, (size_t)cnt * 4);
        } else {
            double v[HC_BLOCK];
            for (i = 0; i < HC_BLOCK; i++) { q += d[i]; v[i] = (double)q * D->step; }
            memcpy(D->out + first * 8, v, (size_t)cnt * 8);
        }
    }
    return err;
}
static int hc__dec_base(const hc__dec *D, uint64_t c) { return hc__dec_body(D, c, 0); }
#ifdef HC__AVX512
HC__T512 HC__FLAT static int hc__dec_512(const hc__dec *D, uint64_t c) { return hc__dec_body(D, c, 1); }
HC__T512G HC__FLAT static int hc__dec_512g(const hc__dec *D, uint64_t c) { return hc__dec_body(D, c, 3); }
HC__T256 static int hc__dec_256(const hc__dec *D, uint64_t c) { return hc__dec_body(D, c, 2); }
#endif
static int hc__dec_chunk(const hc__dec *D, uint64_t c)
{
#ifdef HC__AVX512
    if (D->isa == HC_ISA_AVX512_GFNI) return hc__dec_512g(D, c);
    if (D->isa == HC_ISA_AVX512) return hc__dec_512(D, c);
    if (D->isa == HC_ISA_AVX2) return hc__dec_256(D, c);
#endif
    return hc__dec_base(D, c);
}

HOMCOMP_DEF hc_status hc_decompress(const void *stream, size_t len, hc_dtype dtype, void *out, uint64_t n,
                              const hc_options *opt)
{
    hc__hdr h;
    hc__table t;
    hc__dec D;
    uint64_t nb;
    int64_t c, nch;
    int err = 0, nt = hc__threads(opt), isa = hc__isa(opt);
    hc_status st;
    if (!stream || (n && !out)) return HC_ERR_NULL;
    if ((dtype != HC_F32 && dtype != HC_F64) || nt < 0 || isa < 0) return HC_ERR_ARG;
    st = hc__open(stream, len, &h, &t, nt, isa);
    if (st) return st;
    if (h.n != n || h.dtype != (int)dtype) { hc__table_free(&t); return HC_ERR_FORMAT; }
    nb = hc__nblocks(n);
    nch = (int64_t)((nb + HC__CHUNK - 1) / HC__CHUNK);
    memset(&D, 0, sizeof D);
    D.s = (const unsigned char *)stream;
    D.off = t.p;
    D.n = n;
    D.dtype = h.dtype;
    D.isa = isa;
    D.out = (unsigned char *)out;
    D.step = ldexp(1.0, h.k);
    D.qmax = hc__qmax(h.dtype, h.k);
    {
        hc__params pp;
        memset(&pp, 0, sizeof pp);
        hc__params_from_eb(h.eb, h.dtype, &pp);
        D.fastd = pp.fastd && HC__FLT_FAST;
        D.stepf = pp.stepf;
    }
    if (hc__nt(nt, nch) == 1) {
        for (c = 0; c < nch; c++) {
            int e2 = hc__dec_chunk(&D, (uint64_t)c);
            if (e2 < err) err = e2;
        }
    } else {
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 1) reduction(min : err) num_threads(hc__nt(nt, nch))
#endif
        for (c = 0; c < nch; c++) {
            int e2 = hc__dec_chunk(&D, (uint64_t)c);
            if (e2 < err) err = e2;
        }
    }
    hc__table_free(&t);
    return (hc_status)err;
}

/* Quantize + predict raw (the caller's dtype) with the step of eb into deltas. */
static hc_status hc__qp_run(const hc__params *p, int dtype, const void *raw, uint64_t n, int32_t *deltas, int nt, int isa)
{
    int64_t b, nb = (int64_t)hc__nblocks(n);
    int err = 0;
    (void)nt;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) reduction(min : err) num_threads(hc__nt(nt, nb / 1024))
#endif
    for (b = 0; b < nb; b++) {
        uint64_t first = (uint64_t)b * HC_BLOCK;
        int cnt = (int)(n - first < HC_BLOCK ? n - first : HC_BLOCK);
        int e = hc__qp_block((const unsigned char *)raw, dtype, first, cnt, p, deltas + first, isa);
        if (e < err) err = e;
    }
    return (hc_status)err;
}

HOMCOMP_DEF hc_status hc_qp(const void *ref, size_t ref_len, hc_dtype dtype, const void *raw, uint64_t n, int32_t *deltas,
                      const hc_options *opt)
{
    hc__hdr h;
    hc__params p;
    int st, nt = hc__threads(opt), isa = hc__isa(opt);
    if (!ref || !deltas || (n && !raw)) return HC_ERR_NULL;
    if ((dtype != HC_F32 && dtype != HC_F64) || nt < 0 || isa < 0) return HC_ERR_ARG;
    if (ref_len < HC_HEADER_BYTES) return HC_ERR_CORRUPT;
    st = hc__parse_header((const unsigned char *)ref, &h);
    if (st) return (hc_status)st;
    /* the caller's dtype sizes raw[], never the stream's header */
    if (h.n != n || h.dtype != (int)dtype) return HC_ERR_MISMATCH;
    hc__params_from_eb(h.eb, h.dtype, &p);
    return hc__qp_run(&p, dtype, raw, n, deltas, nt, isa);
}

HOMCOMP_DEF hc_status hc_qp_eb(double eb, hc_dtype dtype, const void *raw, uint64_t n, int32_t *deltas,
                         const hc_options *opt)
{
    hc__params p;
    int st, nt = hc__threads(opt), isa = hc__isa(opt);
    if (!deltas || (n && !raw)) return HC_ERR_NULL;
    if ((dtype != HC_F32 && dtype != HC_F64) || nt < 0 || isa < 0) return HC_ERR_ARG;
    if (n > ((uint64_t)1 << 56)) return HC_ERR_SIZE;
    st = hc__params_from_eb(eb, dtype, &p);
    if (st) return (hc_status)st;
    return hc__qp_run(&p, dtype, raw, n, deltas, nt, isa);
}

/* [p, p + len) and [q, q + qlen) share a byte (addresses compared as integers) */
static int hc__overlap(const void *p, size_t len, const void *q, size_t qlen)
{
    uintptr_t a = (uintptr_t)p, b = (uintptr_t)q;
    return len && qlen && a < b + qlen && b < a + len;
}

/* An input the output overlaps is read from a copy (in-place adds); *copy keeps it for restoring. */
static hc_status hc__detach(const void **in, size_t len, const void *out, size_t out_cap, unsigned char **copy)
{
    *copy = NULL;
    if (!hc__overlap(*in, len, out, out_cap)) return HC_OK;
    *copy = (unsigned char *)HOMCOMP_MALLOC(len);
    if (!*copy) return HC_ERR_NOMEM;
    memcpy(*copy, *in, len);
    *in = *copy;
    return HC_OK;
}

static hc_status hc__add_common(const void *c, size_t clen, int kind, int dtype, const void *b, size_t blen,
                                uint64_t n, void *out, size_t out_cap, size_t *out_size, void *vals, double *range,
                                const hc_options *opt)
{
    hc__hdr ha, hb;
    hc__params p;
    hc__table at, bt;
    uint64_t *aoff = NULL, *boff = NULL;
    unsigned char *ca = NULL, *cb = NULL;
    const void *c0 = c;
    hc__job j;
    hc_status st;
    int nt = hc__threads(opt), isa = hc__isa(opt);
    if (!c || !out || (n && !b) || (kind == HC__SRC_STREAM && !b)) return HC_ERR_NULL;
    if (nt < 0 || isa < 0 || (kind == HC__SRC_RAW && dtype != HC_F32 && dtype != HC_F64)) return HC_ERR_ARG;
    if (kind != HC__SRC_STREAM) {
        size_t es = kind == HC__SRC_RAW && dtype == HC_F64 ? 8 : 4;
        if (n > ((uint64_t)1 << 56) || n > SIZE_MAX / es) return HC_ERR_SIZE;
        blen = (size_t)n * es; /* the caller's element type sizes the operand */
    }
    /* the values (hc_add_raw_values): raw itself, or apart from every operand and out */
    if (vals && ((vals != b && hc__overlap(vals, blen, b, blen)) || hc__overlap(vals, blen, c, clen) ||
                 hc__overlap(vals, blen, out, out_cap)))
        return HC_ERR_ARG;
    /* in place (out overlapping an input): read that input from a copy */
    st = hc__detach(&c, clen, out, out_cap, &ca);
    if (st == HC_OK) st = hc__detach(&b, blen, out, out_cap, &cb);
    at.p = bt.p = NULL;
    if (st == HC_OK) st = hc__open(c, clen, &ha, &at, nt, isa);
    aoff = at.p;
    if (st == HC_OK && kind == HC__SRC_STREAM) {
        st = hc__open(b, blen, &hb, &bt, nt, isa);
        boff = bt.p;
        if (st == HC_OK && !hc__compatible(&ha, &hb)) st = HC_ERR_MISMATCH;
        n = ha.n;
    } else if (st == HC_OK && (ha.n != n || (kind == HC__SRC_RAW && ha.dtype != dtype))) {
        st = HC_ERR_MISMATCH; /* the caller's dtype sizes raw[], never the stream's header */
    }
    if (st == HC_OK) {
        hc__params_from_eb(ha.eb, ha.dtype, &p);
        memset(&j, 0, sizeof j);
        j.a = (const unsigned char *)c;
        j.aoff = aoff;
        j.kind = kind;
        j.b = (const unsigned char *)b;
        j.boff = boff;
        j.p = &p;
        j.h = ha; /* the sum keeps the first operand's checksum choice */
        j.nt = nt;
        j.isa = isa;
        j.vals = (unsigned char *)vals;
        j.vfast = p.fastd && HC__FLT_FAST;
        j.vstep = ldexp(1.0, ha.k);
        st = hc__run(&j, out, out_cap, out_size, range);
        /* a failed in-place add gives the accumulator back */
        if (st != HC_OK && st != HC_ERR_CAPACITY && ca) memcpy((void *)c0, ca, clen);
    }
    hc__table_free(&at);
    hc__table_free(&bt);
    if (ca) HOMCOMP_FREE(ca);
    if (cb) HOMCOMP_FREE(cb);
    return st;
}

HOMCOMP_DEF hc_status hc_add(const void *a, size_t alen, const void *b, size_t blen, void *out, size_t out_cap,
                       size_t *out_size, const hc_options *opt)
{
    return hc__add_common(a, alen, HC__SRC_STREAM, 0, b, blen, 0, out, out_cap, out_size, NULL, NULL, opt);
}
HOMCOMP_DEF hc_status hc_add_raw(const void *c, size_t clen, hc_dtype dtype, const void *raw, uint64_t n, void *out,
                           size_t out_cap, size_t *out_size, const hc_options *opt)
{
    return hc__add_common(c, clen, HC__SRC_RAW, (int)dtype, raw, 0, n, out, out_cap, out_size, NULL, NULL, opt);
}
HOMCOMP_DEF hc_status hc_add_raw_values(const void *c, size_t clen, hc_dtype dtype, const void *raw, uint64_t n, void *out,
                                  size_t out_cap, size_t *out_size, void *values, const hc_options *opt)
{
    if (!values && n) return HC_ERR_NULL;
    return hc__add_common(c, clen, HC__SRC_RAW, (int)dtype, raw, 0, n, out, out_cap, out_size, n ? values : NULL, NULL, opt);
}
HOMCOMP_DEF hc_status hc_add_raw_range(const void *c, size_t clen, hc_dtype dtype, const void *raw, uint64_t n, void *out,
                                 size_t out_cap, size_t *out_size, void *values, double range[2], const hc_options *opt)
{
    if (!range) return HC_ERR_NULL;
    return hc__add_common(c, clen, HC__SRC_RAW, (int)dtype, raw, 0, n, out, out_cap, out_size, n ? values : NULL, range, opt);
}
HOMCOMP_DEF hc_status hc_add_qp(const void *c, size_t clen, const int32_t *deltas, uint64_t n, void *out,
                          size_t out_cap, size_t *out_size, const hc_options *opt)
{
    return hc__add_common(c, clen, HC__SRC_QP, 0, deltas, 0, n, out, out_cap, out_size, NULL, NULL, opt);
}

/* ---- CUDA codec ------------------------------------------------------------------------ */
#ifdef __CUDACC__

#define HC__TB 256                  /* threads per CTA = 32-element blocks per tile */
#define HC__NW (HC__TB / 32)        /* warps per CTA */
#define HC__ROW 36                  /* staging row: 128 bytes + 16 bytes pad, in words */
#define HC__SMW (HC__NW * 32 * HC__ROW) /* shared words: staging rows, or a tile payload + slack */
#define HC__FA (1ull << 62) /* look-back status: aggregate available */
#define HC__FP (2ull << 62) /* inclusive prefix available */
#define HC__VM ((1ull << 62) - 1)

typedef struct {
    hc_cuda_result res;            /* 16 bytes, what the caller reads */
    int pre_status, pad;           /* errors found by the min/max kernel (uniform for later kernels) */
    unsigned long long minkey, maxkey, tile_ctr;
    unsigned csum[4];              /* checksum sums: operand a, operand b, output */
} hc__ws; /* 64 bytes, then 3 x ntiles look-back words */

static uint64_t hc__ntiles(uint64_t n)
{
    uint64_t t = (hc__nblocks(n) + HC__TB - 1) / HC__TB;
    return t ? t : 1;
}

template <typename T> struct hc__dt { enum { v = sizeof(T) == 4 ? HC_F32 : HC_F64 }; };
__device__ static inline float hc__cvt(double v, float *) { return hc__to_f32(v); }
__device__ static inline double hc__cvt(double v, double *) { return v; }

__device__ static inline unsigned long long hc__key(double x)
{
    unsigned long long u = (unsigned long long)__double_as_longlong(x);
    return (u >> 63) ? ~u : (u | (1ull << 63));
}
__device__ static inline double hc__unkey(unsigned long long k)
{
    unsigned long long u = (k >> 63) ? (k & ~(1ull << 63)) : ~k;
    return __longlong_as_double((long long)u);
}

static __global__ void hc__k_init(hc__ws *ws, unsigned long long *st, uint64_t count)
{
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i == 0) {
        ws->res.status = 0; ws->res.reserved = 0; ws->res.bytes = 0;
        ws->pre_status = 0; ws->minkey = ~0ull; ws->maxkey = 0; ws->tile_ctr = 0;
        ws->csum[0] = ws->csum[1] = ws->csum[2] = ws->csum[3] = 0;
    }
    for (; i < count; i += (uint64_t)gridDim.x * blockDim.x) st[i] = 0;
}

/* ---- the stream checksum (hc__csum_word) on the GPU: one pass over a finished stream ----
 * The stream at s (flagged streams only; a stream's length from its header, bounded by lim; the
 * output's from the result the encoding kernel wrote when use_result) adds its checksum words into
 * *acc. Launched only for checksummed streams (or when the host cannot tell), after the
 * encoding kernel for an output; costs one read of the compressed bytes. */
static __global__ void hc__k_csum(const unsigned char *s, uint64_t lim, int use_result, unsigned *acc, const hc__ws *ws)
{
    uint64_t len;
    if (use_result) {
        if (ws->res.status) return;
        len = ws->res.bytes;
    } else {
        hc__hdr h;
        /* the flag first: an unflagged stream (the host could not tell) costs one byte read */
        if (lim < HC_HEADER_BYTES || !(s[7] & HC__FLAG_CSUM) || hc__parse_header(s, &h)) return; /* the decoder reports it */
        len = HC_HEADER_BYTES + (h.n + HC_BLOCK - 1) / HC_BLOCK + h.payload;
        if (len > lim) return;
    }
    if (!(s[7] & HC__FLAG_CSUM)) return;
    const uint64_t nw = (len + 3) / 4;
    unsigned t = 0;
    for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < nw; i += (uint64_t)gridDim.x * blockDim.x)
        t += hc__csum_word(hc__csum_get(s, len, i), i);
    for (int o = 16; o; o >>= 1) t += __shfl_xor_sync(~0u, t, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(acc, t);
}
/* input s (len bytes) carries a checksum that differs from sum (a well-formed header only:
 * a malformed one is the decoder's to report, as on the CPU) */
__device__ static inline bool hc__csum_bad(const unsigned char *s, uint64_t len, unsigned sum)
{
    hc__hdr h;
    if (!s || len < HC_HEADER_BYTES || hc__parse_header(s, &h) || !h.csum_flag) return false;
    if (HC_HEADER_BYTES + (h.n + HC_BLOCK - 1) / HC_BLOCK + h.payload > len) return false;
    return h.csum != sum;
}
/* After the sums: check the inputs' checksums (a, and b when given), or write the output's. */
static __global__ void hc__k_csum_end(const unsigned char *a, uint64_t alen, const unsigned char *b, uint64_t blen,
                                      unsigned char *out, hc__ws *ws)
{
    if (hc__csum_bad(a, alen, ws->csum[0]) || hc__csum_bad(b, blen, ws->csum[1])) atomicMin(&ws->res.status, HC_ERR_CHECKSUM);
    if (out && ws->res.status == 0 && (out[7] & HC__FLAG_CSUM)) hc__put32(out + 12, ws->csum[2]);
}

__device__ static inline void hc__minmax_done(double lo, double hi, int nan, int inf, hc__ws *ws)
{
    for (int o = 16; o; o >>= 1) {
        double l2 = __shfl_xor_sync(~0u, lo, o), h2 = __shfl_xor_sync(~0u, hi, o);
        lo = l2 < lo ? l2 : lo;
        hi = h2 > hi ? h2 : hi;
    }
    nan = __any_sync(~0u, nan);
    inf = __any_sync(~0u, inf);
    if ((threadIdx.x & 31) == 0) {
        atomicMin(&ws->minkey, hc__key(lo));
        atomicMax(&ws->maxkey, hc__key(hi));
        if (nan || inf) {
            int e = inf ? HC_ERR_INF : HC_ERR_NAN;
            atomicMin(&ws->pre_status, e);
            atomicMin(&ws->res.status, e);
        }
    }
}

template <typename T> static __global__ void hc__k_minmax(const T *in, uint64_t n, hc__ws *ws)
{
    double lo = HUGE_VAL, hi = -HUGE_VAL;
    int nan = 0, inf = 0;
    for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x) {
        double x = (double)in[i];
        nan |= x != x;
        inf |= (x - x != 0.0) && x == x;
        lo = x < lo ? x : lo;
        hi = x > hi ? x : hi;
    }
    hc__minmax_done(lo, hi, nan, inf, ws);
}

/* float32: comparisons in float (exact), 16-byte loads, four in flight per thread */
__device__ static __forceinline__ void hc__mm1(float x, float &lo, float &hi, int &nan, int &inf)
{
    nan |= x != x;
    inf |= fabsf(x) == HUGE_VALF;
    lo = fminf(lo, x); /* a NaN operand keeps the other */
    hi = fmaxf(hi, x);
}
template <> __global__ void hc__k_minmax<float>(const float *in, uint64_t n, hc__ws *ws)
{
    float lo = HUGE_VALF, hi = -HUGE_VALF;
    int nan = 0, inf = 0;
    const uint64_t t0 = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x, nt = (uint64_t)gridDim.x * blockDim.x;
    uint64_t head = ((16u - ((uintptr_t)in & 15u)) & 15u) / 4u;
    if (head > n) head = n;
    const uint64_t nv = (n - head) / 4, tail = head + 4 * nv;
    if (t0 < head) hc__mm1(in[t0], lo, hi, nan, inf);
    if (tail + t0 < n) hc__mm1(in[tail + t0], lo, hi, nan, inf);
    const float4 *v = (const float4 *)(in + head);
    for (uint64_t j = t0; j < nv; j += 4 * nt) {
        float4 r[4];
#pragma unroll
        for (int u = 0; u < 4; u++) r[u] = j + u * nt < nv ? __ldcs(v + j + u * nt) : make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
        for (int u = 0; u < 4; u++)
            if (j + u * nt < nv) {
                hc__mm1(r[u].x, lo, hi, nan, inf); hc__mm1(r[u].y, lo, hi, nan, inf);
                hc__mm1(r[u].z, lo, hi, nan, inf); hc__mm1(r[u].w, lo, hi, nan, inf);
            }
    }
    hc__minmax_done((double)lo, (double)hi, nan, inf, ws);
}

/* ---- decoupled look-back (Merrill & Garland) ----
 * A tile publishes its aggregate as soon as it knows it (hc__publish), does its other work,
 * then warp 0 looks back (hc__lookback) for the exclusive prefix. Tiles take their ids from
 * an atomic counter, so every predecessor is running and never waits on a successor. */
__device__ static inline void hc__publish(unsigned long long *st, unsigned long long tile, unsigned long long agg)
{
    ((volatile unsigned long long *)st)[tile] = (tile ? HC__FA : HC__FP) | agg;
}
template <int W>
__device__ static unsigned long long hc__lookback(unsigned long long *st, unsigned long long tile, unsigned long long agg)
{
    /* one round reads 32 W predecessors (W per lane, nearest first). W = 1 everywhere: a
     * wider window was slower for every operation (demos/bench/README.md, "Calibration notes") */
    volatile unsigned long long *vs = st;
    const int lane = threadIdx.x & 31;
    unsigned long long excl = 0;
    long long pos = (long long)tile - 1;
    if (tile == 0) return 0;
    for (;;) {
        unsigned long long s[W];
#pragma unroll
        for (int j = 0; j < W; j++) {
            const long long idx = pos - (W * lane + j);
            s[j] = idx >= 0 ? vs[idx] : HC__FP;
        }
        int jp = W;
#pragma unroll
        for (int j = W - 1; j >= 0; j--)
            if ((s[j] >> 62) == 2) jp = j;
        bool xb = false;
#pragma unroll
        for (int j = 0; j < W; j++) xb |= j <= jp && (s[j] >> 62) == 0;
        const unsigned pm = __ballot_sync(~0u, jp < W);
        const int last = pm ? __ffs((int)pm) - 1 : 31; /* lanes up to here count */
        if (__any_sync(~0u, lane <= last && xb)) continue;
        unsigned long long v = 0;
#pragma unroll
        for (int j = 0; j < W; j++) v += (lane <= last && j <= jp) ? (s[j] & HC__VM) : 0;
        for (int o = 16; o; o >>= 1) v += __shfl_xor_sync(~0u, v, o);
        excl += v;
        if (pm) break;
        pos -= 32 * W;
    }
    if (lane == 0) vs[tile] = HC__FP | (excl + agg);
    return excl;
}

/* Exclusive sum of v over the CTA (one barrier); *agg = the CTA's total. */
__device__ static __forceinline__ unsigned hc__cta_scan(unsigned v, unsigned *wsum, unsigned *agg)
{
    const int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    unsigned x = v, pre = 0, tot = 0;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        unsigned y = __shfl_up_sync(~0u, x, o);
        if (lane >= o) x += y;
    }
    if (lane == 31) wsum[w] = x;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < HC__NW; k++) {
        unsigned t = wsum[k];
        pre += k < w ? t : 0;
        tot += t;
    }
    *agg = tot;
    return pre + x - v;
}

/* ---- 32x32 bit-matrix transposes specialised for values below 2^R ----
 * Rounds of the transpose commute; where one side of a swap is known to be zero the swap is
 * a merge (encoder) or a split (decoder): R <= 8 costs ~90 operations instead of ~400. */
__device__ __forceinline__ constexpr uint32_t hc__lo(int j)
{
    return j == 16 ? 0x0000ffffu : j == 8 ? 0x00ff00ffu : j == 4 ? 0x0f0f0f0fu : j == 2 ? 0x33333333u : 0x55555555u;
}
template <int J> __device__ __forceinline__ void hc__tr_merge(uint32_t *a) /* rows i + J known zero in their low groups */
{
#pragma unroll
    for (int i = 0; i < J; i++) a[i] |= a[i + J] << J;
}
template <int J> __device__ __forceinline__ void hc__tr_split(uint32_t *a) /* rows i + J zero */
{
#pragma unroll
    for (int i = 0; i < J; i++) {
        a[i + J] = (a[i] >> J) & hc__lo(J);
        a[i] &= hc__lo(J);
    }
}
template <int J, int R> __device__ __forceinline__ void hc__tr_round(uint32_t *a) /* full swap round on rows < R */
{
#pragma unroll
    for (int b = 0; b < R; b += 2 * J)
#pragma unroll
        for (int i = b; i < b + J; i++) {
            uint32_t t = ((a[i] >> J) ^ a[i + J]) & hc__lo(J);
            a[i + J] ^= t;
            a[i] ^= t << J;
        }
}
template <int R> __device__ __forceinline__ void hc__tr_fwd(uint32_t *a) /* a[i] < 2^R -> a[k] = plane k, k < R */
{
    if (R <= 16) hc__tr_merge<16>(a);
    if (R <= 8) hc__tr_merge<8>(a);
    if (R <= 4) hc__tr_merge<4>(a);
    if (R >= 32) hc__tr_round<16, R>(a);
    if (R >= 16) hc__tr_round<8, R>(a);
    if (R >= 8) hc__tr_round<4, R>(a);
    hc__tr_round<2, R>(a);
    hc__tr_round<1, R>(a);
}
template <int R> __device__ __forceinline__ void hc__tr_inv(uint32_t *a) /* planes a[0..R-1] -> a[0..31] */
{
    hc__tr_round<1, R>(a);
    hc__tr_round<2, R>(a);
    if (R >= 8) hc__tr_round<4, R>(a);
    if (R >= 16) hc__tr_round<8, R>(a);
    if (R >= 32) hc__tr_round<16, R>(a);
    if (R <= 4) hc__tr_split<4>(a);
    if (R <= 8) hc__tr_split<8>(a);
    if (R <= 16) hc__tr_split<16>(a);
}

__device__ static __forceinline__ unsigned hc__wmax(unsigned v)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    return __reduce_max_sync(~0u, v);
#else
    for (int o = 16; o; o >>= 1) { unsigned u = __shfl_xor_sync(~0u, v, o); v = u > v ? u : v; }
    return v;
#endif
}

/* 32-bit word at any byte offset of a shared buffer */
__device__ static __forceinline__ uint32_t hc__sget(const unsigned *w, unsigned off)
{
    const unsigned k = off >> 2, sh = off & 3u;
    return sh ? __funnelshift_r(w[k], w[k + 1], 8 * sh) : w[k];
}
__device__ static __forceinline__ void hc__sput(unsigned char *pb, unsigned off, uint32_t v, bool al)
{
    if (al) *(unsigned *)(pb + off) = v;
    else { pb[off] = (unsigned char)v; pb[off + 1] = (unsigned char)(v >> 8); pb[off + 2] = (unsigned char)(v >> 16); pb[off + 3] = (unsigned char)(v >> 24); }
}
template <int R>
__device__ __forceinline__ void hc__enc_planes(uint32_t *a, unsigned char *pb, unsigned off, unsigned r, bool al, bool any)
{
    hc__tr_fwd<R>(a);
    if (any)
#pragma unroll
        for (int k = 0; k < R; k++)
            if ((unsigned)k < r) hc__sput(pb, off + 4 * k, a[k], al);
}
template <int R> __device__ __forceinline__ void hc__dec_planes(uint32_t *a, const unsigned *w, unsigned off, unsigned r)
{
#pragma unroll
    for (int k = 0; k < R; k++) a[k] = (unsigned)k < r ? hc__sget(w, off + 4 * k) : 0u;
    hc__tr_inv<R>(a);
}

/* Encode this thread's block (deltas d, destroyed) at byte offset off of the tile payload in
 * shared memory. All 32 lanes call it (the transpose size is uniform across the warp). */
__device__ static __forceinline__ void hc__enc_block(int32_t *d, unsigned rb, unsigned size, unsigned char *pb, unsigned off)
{
    uint32_t *a = (uint32_t *)d, sign = 0;
#pragma unroll
    for (int i = 0; i < HC_BLOCK; i++) {
        sign |= ((uint32_t)d[i] >> 31) << i;
        a[i] = hc__mag(d[i]);
    }
    if (hc__rb_outlier(rb)) {
        unsigned ob = hc__rb_obytes(rb);
        for (unsigned j = 0; j < ob; j++) pb[off + j] = (unsigned char)(a[0] >> (8 * j));
        off += ob;
        a[0] = 0;
    }
    const unsigned r = hc__rb_rate(rb), rmax = hc__wmax(r);
    const bool al = (off & 3u) == 0, any = size != 0;
    if (any) hc__sput(pb, off, sign, al);
    off += 4;
    if (rmax <= 4) hc__enc_planes<4>(a, pb, off, r, al, any);
    else if (rmax <= 8) hc__enc_planes<8>(a, pb, off, r, al, any);
    else if (rmax <= 16) hc__enc_planes<16>(a, pb, off, r, al, any);
    else hc__enc_planes<32>(a, pb, off, r, al, any);
}

/* Decode this thread's block from the tile payload in shared memory; nonzero = corrupt. */
__device__ static __forceinline__ int hc__dec_block(const unsigned *w, unsigned rb, unsigned off, int32_t *d)
{
    uint32_t *a = (uint32_t *)d, m0 = 0, sign = 0;
    int bad = 0;
    if (hc__rb_outlier(rb)) {
        unsigned ob = hc__rb_obytes(rb);
        m0 = hc__sget(w, off) & (ob == 4 ? ~0u : ((1u << (8 * ob)) - 1u));
        off += ob;
    }
    if (rb) sign = hc__sget(w, off);
    off += 4;
    const unsigned r = hc__rb_rate(rb), rmax = hc__wmax(r);
    if (rmax <= 4) hc__dec_planes<4>(a, w, off, r);
    else if (rmax <= 8) hc__dec_planes<8>(a, w, off, r);
    else if (rmax <= 16) hc__dec_planes<16>(a, w, off, r);
    else hc__dec_planes<32>(a, w, off, r);
    if (hc__rb_outlier(rb)) {
        if (m0 > 2147483647u) { bad = 1; m0 = 0; }
        a[0] = m0;
    }
#pragma unroll
    for (int i = 0; i < HC_BLOCK; i++) {
        const int32_t s = -(int32_t)((sign >> i) & 1u);
        d[i] = ((int32_t)a[i] ^ s) - s;
    }
    return bad;
}

/* ---- staging: a warp's 32 blocks between global memory (coalesced) and one shared row per
 * block (row = lane). A row holds 128 bytes: all 32 floats, or half (pass h) of 32 doubles. */
template <typename T>
__device__ __forceinline__ void hc__stage_in(unsigned *stg, const T *in, uint64_t wbase, uint64_t n, int h, bool vec)
{
    const int lane = threadIdx.x & 31, EPP = 128 / (int)sizeof(T);
    if (vec) {
        const unsigned char *g = (const unsigned char *)(in + wbase) + h * 128;
        uint4 v[8];
#pragma unroll
        for (int j = 0; j < 8; j++) {
            const int c = j * 32 + lane;
            v[j] = __ldcs((const uint4 *)(g + (c >> 3) * (32 * sizeof(T)) + (c & 7) * 16));
        }
#pragma unroll
        for (int j = 0; j < 8; j++) {
            const int c = j * 32 + lane;
            *(uint4 *)(stg + (c >> 3) * HC__ROW + (c & 7) * 4) = v[j];
        }
    } else {
#pragma unroll 8
        for (int j = 0; j < EPP; j++) {
            const int idx = j * 32 + lane, blk = idx / EPP, pos = idx % EPP;
            const uint64_t e = wbase + blk * 32 + h * EPP + pos;
            ((T *)(stg + blk * HC__ROW))[pos] = e < n ? in[e] : (T)0;
        }
    }
}
template <typename T>
__device__ __forceinline__ void hc__stage_out(const unsigned *stg, T *out, uint64_t wbase, uint64_t n, int h, bool vec)
{
    const int lane = threadIdx.x & 31, EPP = 128 / (int)sizeof(T);
    if (vec) {
        unsigned char *g = (unsigned char *)(out + wbase) + h * 128;
#pragma unroll
        for (int j = 0; j < 8; j++) {
            const int c = j * 32 + lane;
            __stcs((uint4 *)(g + (c >> 3) * (32 * sizeof(T)) + (c & 7) * 16), *(const uint4 *)(stg + (c >> 3) * HC__ROW + (c & 7) * 4));
        }
    } else {
#pragma unroll 8
        for (int j = 0; j < EPP; j++) {
            const int idx = j * 32 + lane, blk = idx / EPP, pos = idx % EPP;
            const uint64_t e = wbase + blk * 32 + h * EPP + pos;
            if (e < n) out[e] = ((const T *)(stg + blk * HC__ROW))[pos];
        }
    }
}

/* one staging row <-> 32 registers, 16 bytes at a time (conflict-free: row stride 36 words) */
__device__ __forceinline__ void hc__row_ld(const unsigned *row, uint32_t *v)
{
#pragma unroll
    for (int j = 0; j < 8; j++) {
        const uint4 t = ((const uint4 *)row)[j];
        v[4 * j] = t.x; v[4 * j + 1] = t.y; v[4 * j + 2] = t.z; v[4 * j + 3] = t.w;
    }
}
__device__ __forceinline__ void hc__row_st(unsigned *row, const uint32_t *v)
{
#pragma unroll
    for (int j = 0; j < 8; j++) ((uint4 *)row)[j] = make_uint4(v[4 * j], v[4 * j + 1], v[4 * j + 2], v[4 * j + 3]);
}

#define HC__F23 12582912.0f     /* 1.5 x 2^23 */
#define HC__F23_BITS 0x4B400000 /* its bit pattern */
/* float32 fast-path constants (see hc__qp_block; any ebf <= eb keeps the result exact) */
typedef struct {
    int fastq, fastd;
    float invf, stepf, ebf, cneg;
} hc__fq;
__device__ static __forceinline__ hc__fq hc__fq_of(const hc__params *p)
{
    hc__fq f;
    f.fastq = p->k >= -126 && p->k <= 126;
    f.fastd = p->k >= -126 && p->k <= 103;
    f.invf = f.fastq ? __int_as_float((127 - p->k) << 23) : 0.0f;
    f.stepf = f.fastq ? __int_as_float((127 + p->k) << 23) : 0.0f;
    f.ebf = __double2float_rd(p->eb);
    f.cneg = -HC__F23 * f.stepf; /* -1.5 x 2^23 x step, exact */
    return f;
}

/* float32 quantization by the 1.5 x 2^23 rounding, the kernels' one home for it: s = x/step +
 * 1.5 x 2^23 rounds x/step half-even to an integer (exactly for |x/step| < 2^22) held in s's low
 * mantissa bits: q = bits(s) - bits(1.5 x 2^23). *ok: that range and |x - q step| <= eb. */
__device__ static __forceinline__ int32_t hc__fq_round(float x, const hc__fq *f, bool *ok)
{
    const float t = __fmul_rn(x, f->invf), s = __fadd_rn(t, HC__F23), r = __fsub_rn(s, HC__F23);
    *ok = (fabsf(t) < 4194304.0f) & (fabsf(__fsub_rn(x, __fmul_rn(r, f->stepf))) <= f->ebf);
    return __float_as_int(s) - HC__F23_BITS;
}
/* q alone, for a block already known to take the fast path */
__device__ static __forceinline__ int32_t hc__fq_q(float x, const hc__fq *f)
{
    return __float_as_int(__fadd_rn(__fmul_rn(x, f->invf), HC__F23)) - HC__F23_BITS;
}
/* the inverse for |q| < 2^22: q step as one fma, (1.5 x 2^23 + q) step - 1.5 x 2^23 step */
__device__ static __forceinline__ float hc__fq_value(int32_t q, const hc__fq *f)
{
    return fmaf(__int_as_float(q + HC__F23_BITS), f->stepf, f->cneg);
}

/* Quantize + predict the warp's blocks (stage in, then this thread's row): deltas d, as
 * hc__qp_block. Float32 in float arithmetic where exact (|x/step| < 2^22 by the 1.5 x 2^23
 * trick), else, for the whole block, the double path. */
template <typename T>
__device__ __forceinline__ int hc__qp_warp(unsigned *stg, const T *in, uint64_t wbase, uint64_t n, bool vec, int cnt,
                                           const hc__params *p, const hc__fq *f, int32_t *d)
{
    const int lane = threadIdx.x & 31;
    int err = 0;
    if (sizeof(T) == 4) {
        hc__stage_in(stg, in, wbase, n, 0, vec);
        __syncwarp();
        const float *row = (const float *)(stg + lane * HC__ROW);
        uint32_t xw[HC_BLOCK];
        hc__row_ld(stg + lane * HC__ROW, xw);
        bool ok = f->fastq;
        int32_t prev = 0;
#pragma unroll
        for (int i = 0; i < HC_BLOCK; i++) {
            bool oki;
            int32_t q = hc__fq_round(__uint_as_float(xw[i]), f, &oki);
            ok &= oki;
            q = i < cnt ? q : prev;
            d[i] = q - prev;
            prev = q;
        }
        if (!ok) { /* rare: the double path, in place in this lane's row, then back to d */
            unsigned *rw = stg + lane * HC__ROW;
            prev = 0;
#pragma unroll 1
            for (int i = 0; i < HC_BLOCK; i++) {
                int32_t q = prev;
                if (i < cnt) {
                    int e = hc__quant((double)row[i], p, HC_F32, &q);
                    if (e) { err = e < err ? e : err; q = prev; }
                }
                rw[i] = (unsigned)(q - prev);
                prev = q;
            }
            hc__row_ld(rw, (uint32_t *)d);
        }
    } else {
        int32_t prev = 0;
#pragma unroll
        for (int h = 0; h < 2; h++) {
            hc__stage_in(stg, in, wbase, n, h, vec);
            __syncwarp();
            const double *row = (const double *)(stg + lane * HC__ROW);
#pragma unroll
            for (int i = 0; i < 16; i++) {
                int32_t q = prev;
                if (h * 16 + i < cnt) {
                    int e = hc__quant(row[i], p, HC_F64, &q);
                    if (e) { err = e < err ? e : err; q = prev; }
                }
                d[h * 16 + i] = q - prev;
                prev = q;
            }
            __syncwarp();
        }
    }
    return err;
}

/* A tile's payload [src, src + len) -> shared memory as whole 16-byte aligned chunks: the
 * payload starts at byte (src & 15) of the buffer (the return value). Loads are issued four
 * per thread before any is used (no round trip per iteration); a chunk reaching past the
 * stream end lim is read byte by byte, so nothing outside [stream, lim) is touched (the
 * first chunk starts at or after src - 15 >= stream + 25). */
__device__ static __forceinline__ unsigned hc__load_tile(unsigned *w, unsigned len, const unsigned char *src,
                                                         const unsigned char *lim)
{
    const unsigned sh = (unsigned)((uintptr_t)src & 15), nc = len ? (sh + len + 15) >> 4 : 0;
    const unsigned char *g = src - sh;
    for (unsigned c0 = threadIdx.x; c0 < nc; c0 += 4 * HC__TB) {
        uint4 v[4];
#pragma unroll
        for (int k = 0; k < 4; k++) {
            const unsigned c = c0 + k * HC__TB;
            v[k] = make_uint4(0u, 0u, 0u, 0u);
            if (c < nc) {
                const unsigned char *p = g + 16 * c;
                if (p + 16 <= lim) v[k] = *(const uint4 *)p;
                else {
                    uint32_t t[4] = {0u, 0u, 0u, 0u};
                    for (unsigned b = 0; p + b < lim; b++) t[b >> 2] |= (uint32_t)p[b] << (8 * (b & 3));
                    v[k] = make_uint4(t[0], t[1], t[2], t[3]);
                }
            }
        }
#pragma unroll
        for (int k = 0; k < 4; k++)
            if (c0 + k * HC__TB < nc) ((uint4 *)w)[c0 + k * HC__TB] = v[k];
    }
    return sh;
}
__device__ static __forceinline__ void hc__store_tile(const unsigned *w, unsigned len, unsigned char *dst)
{
    const unsigned sh = (unsigned)((uintptr_t)dst & 3), end = sh + len, nw = (end + 3) >> 2;
    unsigned char *g = dst - sh;
    const unsigned char *sb = (const unsigned char *)w;
#pragma unroll 4
    for (unsigned m = threadIdx.x; m < nw; m += HC__TB) {
        const unsigned lo = 4 * m, hi = lo + 4;
        if (lo >= sh && hi <= end) ((unsigned *)g)[m] = hc__sget(w, lo - sh);
        else for (unsigned t = lo > sh ? lo : sh; t < (hi < end ? hi : end); t++) g[t] = sb[t - sh];
    }
}

__device__ static inline void hc__write_final(unsigned char *out, const hc__hdr *h0, uint64_t nb, uint64_t payload, hc__ws *ws)
{
    hc__hdr h = *h0;
    h.payload = payload;
    hc__write_header(out, &h);
    ws->res.bytes = HC_HEADER_BYTES + nb + payload;
}

/* Second half of every encoding kernel: rate bytes, scan, publish, encode into shared
 * memory, look back, store. d = this thread's final deltas (zero past the data). */
__device__ static __forceinline__ void hc__emit(int32_t *d, int mode, unsigned *sm, unsigned *wsum, unsigned long long *s_off,
                                       unsigned char *out, uint64_t nb, uint64_t tile, uint64_t b,
                                       unsigned long long *st, const hc__hdr *h, hc__ws *ws)
{
    uint32_t rest = 0;
#pragma unroll
    for (int i = 1; i < HC_BLOCK; i++) rest |= hc__mag(d[i]);
    unsigned size, agg;
    const unsigned rb = hc__rate_byte(hc__mag(d[0]), rest, mode, &size);
    const unsigned excl = hc__cta_scan(size, wsum, &agg); /* barrier: every earlier use of sm is done */
    if (threadIdx.x == 0) hc__publish(st, tile, agg);
    if (b < nb) out[HC_HEADER_BYTES + b] = (unsigned char)rb;
    hc__enc_block(d, rb, size, (unsigned char *)sm, excl);
    if (threadIdx.x < 32) {
        unsigned long long o = hc__lookback<1>(st, tile, agg);
        if (threadIdx.x == 0) *s_off = o;
    }
    __syncthreads();
    const unsigned long long off = *s_off;
    hc__store_tile(sm, agg, out + HC_HEADER_BYTES + nb + off);
    if (tile == gridDim.x - 1 && threadIdx.x == 0) hc__write_final(out, h, nb, off + agg, ws);
}

__device__ static __forceinline__ int hc__block_cnt(uint64_t b, uint64_t nb, uint64_t n)
{
    return b < nb ? (int)(n - b * HC_BLOCK < HC_BLOCK ? n - b * HC_BLOCK : HC_BLOCK) : 0;
}

template <typename T>
static __global__ void __launch_bounds__(HC__TB, 4)
hc__k_compress(const T *in, uint64_t n, unsigned char *out, double eb_in, int use_rel, int mode /* | checksum << 1 */, hc__ws *ws,
               unsigned long long *st)
{
    __shared__ __align__(16) unsigned sm[HC__SMW];
    __shared__ unsigned s_wsum[HC__NW];
    __shared__ unsigned long long s_tile, s_off;
    const int tid = threadIdx.x, w = tid >> 5;
    double eb = eb_in;
    hc__params p;
    if (use_rel) {
        if (ws->pre_status) return; /* written by the previous kernel: uniform */
        eb = hc__rel_eb(eb_in, hc__unkey(ws->minkey), hc__unkey(ws->maxkey));
    }
    int pst = hc__params_from_eb(eb, hc__dt<T>::v, &p);
    if (pst) {
        if (blockIdx.x == 0 && tid == 0) atomicMin(&ws->res.status, pst);
        return;
    }
    const hc__fq f = hc__fq_of(&p);
    if (tid == 0) s_tile = atomicAdd(&ws->tile_ctr, 1ull);
    __syncthreads();
    const uint64_t tile = s_tile, nb = (n + HC_BLOCK - 1) / HC_BLOCK, b = tile * HC__TB + tid;
    const uint64_t wbase = (tile * HC__TB + w * 32) * HC_BLOCK;
    const bool vec = (tile + 1) * HC__TB * HC_BLOCK <= n && ((uintptr_t)in & 15) == 0;
    int32_t d[HC_BLOCK];
    int err = hc__qp_warp<T>(sm + w * 32 * HC__ROW, in, wbase, n, vec, hc__block_cnt(b, nb, n), &p, &f, d);
    if (err) atomicMin(&ws->res.status, err);
    hc__hdr h;
    h.dtype = hc__dt<T>::v; h.mode = mode & 1; h.k = p.k; h.n = n; h.eb = eb; h.payload = 0;
    h.csum_flag = mode >> 1; h.csum = 0; /* the checksum itself: hc__k_csum_end */
    hc__emit(d, mode & 1, sm, s_wsum, &s_off, out, nb, tile, b, st, &h, ws);
}

/* Header checks every tile repeats (uniform: all tiles read the same bytes). */
__device__ static inline int hc__dev_header(const unsigned char *s, uint64_t len, int dtype, uint64_t n, hc__hdr *h)
{
    int st = hc__parse_header(s, h);
    uint64_t nb = (n + HC_BLOCK - 1) / HC_BLOCK;
    if (st) return st;
    if (h->n != n || h->dtype != dtype) return HC_ERR_FORMAT;
    if (HC_HEADER_BYTES + nb + h->payload > len) return HC_ERR_CORRUPT;
    return 0;
}

/* Rate byte of block b of a compressed operand (0 and a corrupt status when invalid). */
__device__ static __forceinline__ unsigned hc__rate(const unsigned char *s, uint64_t b, uint64_t nb, int mode, int *err)
{
    unsigned r = b < nb ? s[HC_HEADER_BYTES + b] : 0;
    if (!hc__rate_valid(r, mode)) { *err = HC_ERR_CORRUPT; r = 0; }
    return r;
}
template <typename T>
static __global__ void __launch_bounds__(HC__TB, 4)
hc__k_decompress(const unsigned char *s, uint64_t len, uint64_t n, T *out, hc__ws *ws, unsigned long long *st)
{
    __shared__ __align__(16) unsigned sm[HC__SMW];
    __shared__ unsigned s_wsum[HC__NW];
    __shared__ unsigned long long s_tile, s_off;
    __shared__ int s_bad;
    __shared__ hc__hdr s_h;
    const int tid = threadIdx.x, w = tid >> 5;
    if (tid == 0) s_tile = atomicAdd(&ws->tile_ctr, 1ull);
    if (tid == 32) { /* another warp: overlaps the atomic's round trip */
        s_bad = hc__dev_header(s, len, hc__dt<T>::v, n, &s_h);
    }
    __syncthreads();
    if (s_bad) {
        if (s_tile == 0 && tid == 0) atomicMin(&ws->res.status, s_bad);
        return;
    }
    const hc__hdr h = s_h;
    const uint64_t tile = s_tile, nb = (n + HC_BLOCK - 1) / HC_BLOCK, b = tile * HC__TB + tid;
    int err = 0;
    unsigned rb = hc__rate(s, b, nb, h.mode, &err), agg;
    const unsigned excl = hc__cta_scan(hc__payload_size(rb), s_wsum, &agg);
    if (tid == 0) hc__publish(st, tile, agg);
    if (tid < 32) {
        unsigned long long o = hc__lookback<1>(st, tile, agg);
        if (tid == 0) s_off = o;
    }
    __syncthreads();
    const unsigned long long off = s_off, end = off + agg;
    if (end > h.payload || (tile == gridDim.x - 1 && end != h.payload)) {
        err = HC_ERR_CORRUPT;
        if (end > h.payload) { rb = 0; agg = 0; }
    }
    const unsigned sh = hc__load_tile(sm, agg, s + HC_HEADER_BYTES + nb + off, s + len);
    __syncthreads();
    int32_t d[HC_BLOCK];
    if (hc__dec_block(sm, rb, sh + excl, d)) err = HC_ERR_CORRUPT;
    if (!hc__rb_qsmall(rb, 3u, 25u, 25u) && hc__q_out_of_range(d, hc__block_cnt(b, nb, n), hc__qmax(h.dtype, h.k)))
        err = HC_ERR_CORRUPT;
    if (err) atomicMin(&ws->res.status, err);
    __syncthreads(); /* payload reads done: the staging rows reuse sm */
    hc__params p;
    hc__params_from_eb(h.eb, h.dtype, &p);
    const uint64_t wbase = (tile * HC__TB + w * 32) * HC_BLOCK;
    const bool vec = (tile + 1) * HC__TB * HC_BLOCK <= n && ((uintptr_t)out & 15) == 0;
    unsigned *stg = sm + w * 32 * HC__ROW, *row = stg + (tid & 31) * HC__ROW;
    if (sizeof(T) == 4) {
        const hc__fq f = hc__fq_of(&p);
        /* every |q| < 2^22: plain rate <= 17, or outlier with |d[0]| < 2^16 and rate <= 16 */
        const bool small = hc__rb_qsmall(rb, 2u, 16u, 17u);
        uint32_t *x = (uint32_t *)d; /* values replace the deltas in place */
        if (f.fastd && small) {
            int32_t q = 0;
#pragma unroll
            for (int i = 0; i < HC_BLOCK; i++) { q += d[i]; x[i] = __float_as_uint(hc__fq_value(q, &f)); }
        } else {
            long long q = 0;
#pragma unroll
            for (int i = 0; i < HC_BLOCK; i++) { q += d[i]; x[i] = __float_as_uint(hc__cvt((double)q * p.step, (float *)0)); }
        }
        hc__row_st(row, x);
        __syncwarp();
        hc__stage_out(stg, (float *)out, wbase, n, 0, vec);
    } else {
        long long q = 0;
#pragma unroll
        for (int hh = 0; hh < 2; hh++) {
            double *x = (double *)row;
#pragma unroll
            for (int i = 0; i < 16; i++) { q += d[hh * 16 + i]; x[i] = (double)q * p.step; }
            __syncwarp();
            hc__stage_out(stg, (double *)out, wbase, n, hh, vec);
            __syncwarp();
        }
    }
}

enum { HC__K_STREAM = 0, HC__K_RAW = 1, HC__K_QP = 2 };

/* ---- the fused float32 add's raw operand: 16-byte asynchronous copies (cp.async) into
 * unpadded 32-word rows, chunk j of row r at chunk j ^ (r & 7) (conflict-free both ways),
 * issued as soon as the tile id is known and awaited only when the values are needed. */
#define HC__SMA ((48 * 1024 - 256) / 4) /* the add kernel's shared words (raw rows + payload) */
#define HC__RAWW (HC__TB * 32)          /* words of the swizzled raw rows */
__device__ static __forceinline__ void hc__cp16(unsigned *sdst, const unsigned char *gsrc)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned sa = (unsigned)__cvta_generic_to_shared(sdst);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(sa), "l"(gsrc) : "memory");
#else
    *(uint4 *)sdst = __ldcs((const uint4 *)gsrc);
#endif
}
__device__ static __forceinline__ void hc__cp_commit(void)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::: "memory");
#endif
}
__device__ static __forceinline__ void hc__cp_wait(void)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group 0;\n" ::: "memory");
#endif
}
/* the warp's 32 full blocks at in + wbase (16-byte aligned) -> swizzled rows wb */
__device__ static __forceinline__ void hc__raw_prefetch(unsigned *wb, const float *in, uint64_t wbase)
{
    const int lane = threadIdx.x & 31;
    const unsigned char *g = (const unsigned char *)(in + wbase);
#pragma unroll
    for (int j = 0; j < 8; j++) {
        const int c = j * 32 + lane, r = c >> 3, ch = c & 7;
        hc__cp16(wb + r * 32 + ((ch ^ (r & 7)) << 2), g + r * 128 + ch * 16);
    }
    hc__cp_commit();
}
__device__ static __forceinline__ unsigned hc__swz(int i, unsigned sw) { return (((unsigned)i >> 2 ^ sw) << 2) | ((unsigned)i & 3u); }
/* the exact deltas of a full float32 block in swizzled row rw, written back in place (as
 * hc__qp_warp: the float fast path where it is exact for the whole block, else the double path) */
__device__ static __forceinline__ int hc__qp_inplace(unsigned *rw, unsigned sw, const hc__params *p, const hc__fq *f)
{
    uint32_t e[HC_BLOCK];
    int err = 0;
#pragma unroll
    for (int j = 0; j < 8; j++) {
        const uint4 t = *(const uint4 *)(rw + ((j ^ sw) << 2));
        e[4 * j] = t.x; e[4 * j + 1] = t.y; e[4 * j + 2] = t.z; e[4 * j + 3] = t.w;
    }
    bool ok = f->fastq;
    int32_t prev = 0;
#pragma unroll
    for (int i = 0; i < HC_BLOCK; i++) {
        bool oki;
        const int32_t q = hc__fq_round(__uint_as_float(e[i]), f, &oki);
        ok &= oki;
        e[i] = (uint32_t)(q - prev);
        prev = q;
    }
    if (ok) {
#pragma unroll
        for (int j = 0; j < 8; j++) *(uint4 *)(rw + ((j ^ sw) << 2)) = make_uint4(e[4 * j], e[4 * j + 1], e[4 * j + 2], e[4 * j + 3]);
    } else { /* rare: the double path, in place */
        prev = 0;
#pragma unroll 1
        for (int i = 0; i < HC_BLOCK; i++) {
            const unsigned k = hc__swz(i, sw);
            int32_t q = prev;
            int e2 = hc__quant((double)__uint_as_float(rw[k]), p, HC_F32, &q);
            if (e2) { err = e2 < err ? e2 : err; q = prev; }
            rw[k] = (unsigned)(q - prev);
            prev = q;
        }
    }
    return err;
}

/* the exact deltas of a float32 block of cnt values in row rw (swizzle sw; as hc__qp_warp: the
 * float fast path where it is exact for the whole block, else the double path), in place */
__device__ static __noinline__ int hc__qp_row(unsigned *rw, unsigned sw, int cnt, const hc__params pv, const hc__fq fv)
{
    const hc__params *p = &pv; /* by value and not inlined: the rare path keeps the caller's registers free */
    const hc__fq *f = &fv;
    bool ok = f->fastq;
    int err = 0;
    int32_t prev = 0;
#pragma unroll 1
    for (int i = 0; i < HC_BLOCK; i++) {
        bool oki;
        (void)hc__fq_round(__uint_as_float(rw[hc__swz(i, sw)]), f, &oki);
        ok &= oki;
    }
#pragma unroll 1
    for (int i = 0; i < HC_BLOCK; i++) {
        const unsigned k = hc__swz(i, sw);
        const float x = __uint_as_float(rw[k]);
        int32_t q = prev;
        if (i >= cnt) {
        } else if (ok) q = hc__fq_q(x, f);
        else {
            int e2 = hc__quant((double)x, p, HC_F32, &q);
            if (e2) { err = e2 < err ? e2 : err; q = prev; }
        }
        rw[k] = (unsigned)(q - prev);
        prev = q;
    }
    return err;
}

/* d += e with the sum bound of hc__add_common; zero past cnt. With chk (a rare block whose rate
 * bytes allow |q| >= 2^30) also the validity of the operands and of the sum over the block's cnt
 * values, every |q| <= qmax: a's values (sum - e), e's when it is a stream (check_e) -> CORRUPT,
 * the sum's -> SUM_OVERFLOW, as the CPU codec reports them. One pass, two running sums. */
__device__ static __forceinline__ void hc__add_deltas(int32_t *d, const int32_t *e, int cnt, bool chk, bool check_e,
                                                      long long qmax, int *err)
{
    long long qs = 0, qe = 0;
    bool bad_in = false, bad_sum = false;
#pragma unroll
    for (int i = 0; i < HC_BLOCK; i++) {
        long long sum = (long long)d[i] + e[i];
        if (sum > HC__D31 || sum < -HC__D31) { *err = HC_ERR_SUM_OVERFLOW < *err ? HC_ERR_SUM_OVERFLOW : *err; sum = 0; }
        if (chk && i < cnt) {
            qs += sum;
            qe += e[i];
            bad_sum |= qs > qmax || qs < -qmax;
            bad_in |= qs - qe > qmax || qs - qe < -qmax || (check_e && (qe > qmax || qe < -qmax));
        }
        d[i] = i < cnt ? (int32_t)sum : 0;
    }
    if (bad_in && HC_ERR_CORRUPT < *err) *err = HC_ERR_CORRUPT;
    if (bad_sum && HC_ERR_SUM_OVERFLOW < *err) *err = HC_ERR_SUM_OVERFLOW;
}

/* ---- hc__k_add's steps (inlined into the kernel; every call is block-uniform, so the
 * __syncthreads inside them are reached by every thread of the block) ---- */

/* Step 1 (one thread): a's header, and with a stream for b, b's header and that the two
 * can be added (a format error of b's reads as a mismatch). */
template <typename T, int KIND>
__device__ static __forceinline__ int hc__add_headers(const unsigned char *a, uint64_t alen, const void *bsrc, uint64_t blen,
                                                      uint64_t n, hc__hdr *h, hc__hdr *hb)
{
    int bad = hc__dev_header(a, alen, hc__dt<T>::v, n, h);
    if (!bad && KIND == HC__K_STREAM) {
        bad = hc__dev_header((const unsigned char *)bsrc, blen, hc__dt<T>::v, n, hb);
        if (!bad && !hc__compatible(h, hb)) bad = HC_ERR_MISMATCH;
        if (bad == HC_ERR_FORMAT) bad = HC_ERR_MISMATCH;
    }
    return bad;
}

/* Step 3 (while the look-backs resolve): the raw or QP operand's deltas into e. Raw values
 * are quantized and predicted from global memory (float64, or float32 rows not prefetched:
 * then the fused path below takes them after the decode), or, for prefetched float32 rows,
 * in place in the rows; QP deltas are staged in. */
template <typename T, int KIND, int FR>
__device__ static __forceinline__ void hc__add_operand(unsigned *sm, const void *bsrc, uint64_t n, uint64_t tile,
                                                       uint64_t wbase, uint64_t nb, int cnt, bool fr, const hc__params *p,
                                                       int32_t *e, int *err)
{
    const int tid = threadIdx.x, w = tid >> 5;
    if (KIND == HC__K_RAW && !FR) {
        const hc__fq f = hc__fq_of(p);
        const bool vec = (tile + 1) * HC__TB * HC_BLOCK <= n && ((uintptr_t)bsrc & 15) == 0;
        int e2 = hc__qp_warp<T>(sm + w * 32 * HC__ROW, (const T *)bsrc, wbase, n, vec, cnt, p, &f, e);
        if (e2 < *err) *err = e2;
    } else if (FR && fr) { /* the raw deltas back into the rows while warp 0 looks back */
        const hc__fq f = hc__fq_of(p);
        hc__cp_wait();
        __syncwarp();
        const int e2 = hc__qp_inplace(sm + tid * 32, (unsigned)(tid & 7), p, &f);
        if (e2 < *err) *err = e2;
    } else if (KIND == HC__K_QP) {
        const uint64_t nq = nb * HC_BLOCK;
        const bool vec = (tile + 1) * HC__TB * HC_BLOCK <= nq && ((uintptr_t)bsrc & 15) == 0;
        unsigned *stg = sm + w * 32 * HC__ROW;
        hc__stage_in(stg, (const float *)bsrc, wbase, nq, 0, vec);
        __syncwarp();
        hc__row_ld(stg + (tid & 31) * HC__ROW, (uint32_t *)e);
#pragma unroll
        for (int i = 0; i < HC_BLOCK; i++) e[i] = i < cnt ? e[i] : 0;
    }
}

/* Step 4 (b a stream): this tile's part of b's payload, bounded by b's own payload total,
 * decoded into e (an overrun decodes nothing: *rbb = 0). */
__device__ static __forceinline__ void hc__add_decode_b(unsigned *sm, const hc__hdr *hbp, const void *bsrc, uint64_t blen,
                                                        uint64_t nb, uint64_t tile, unsigned long long off, unsigned *rbb,
                                                        unsigned agb, unsigned exb, int32_t *e, int *err)
{
    const hc__hdr hb = *hbp;
    const unsigned long long end = off + agb;
    if (end > hb.payload || (tile == gridDim.x - 1 && end != hb.payload)) {
        *err = HC_ERR_CORRUPT;
        if (end > hb.payload) { *rbb = 0; agb = 0; }
    }
    const unsigned sh = hc__load_tile(sm, agb, (const unsigned char *)bsrc + HC_HEADER_BYTES + nb + off,
                                      (const unsigned char *)bsrc + blen);
    __syncthreads();
    if (hc__dec_block(sm, *rbb, sh + exb, e)) *err = HC_ERR_CORRUPT;
    __syncthreads();
}

/* Step 5, fused float32 raw path, rows prefetched: the raw deltas waiting in the rows added
 * to a's decoded deltas d. */
__device__ static __forceinline__ void hc__add_rows(const unsigned *sm, int32_t *d, int *err)
{
    const int tid = threadIdx.x;
    const unsigned *rw = sm + tid * 32, sw = (unsigned)(tid & 7);
#pragma unroll
    for (int j = 0; j < 8; j++) {
        const uint4 t4 = *(const uint4 *)(rw + ((j ^ sw) << 2));
        const int32_t ev[4] = {(int32_t)t4.x, (int32_t)t4.y, (int32_t)t4.z, (int32_t)t4.w};
#pragma unroll
        for (int k = 0; k < 4; k++) {
            long long sum = (long long)d[4 * j + k] + ev[k];
            if (sum > HC__D31 || sum < -HC__D31) { *err = HC_ERR_SUM_OVERFLOW < *err ? HC_ERR_SUM_OVERFLOW : *err; sum = 0; }
            d[4 * j + k] = (int32_t)sum;
        }
    }
}

/* Step 5, fused float32 raw path, rows not prefetched (last tile, unaligned raw or a large
 * payload): the raw blocks loaded after the decode (asynchronous copies hold no registers),
 * quantized and predicted straight into the sum d; a rare block (float fast path not exact,
 * or a 32-bit overflow) is undone and redone exactly. */
__device__ static __forceinline__ void hc__add_raw_late(unsigned *sm, const void *bsrc, uint64_t n, uint64_t tile,
                                                        uint64_t wbase, int cnt, const hc__params *p, int32_t *d, int *err)
{
    const int tid = threadIdx.x, w = tid >> 5;
    __syncthreads();
    const bool swz = (tile + 1) * HC__TB * HC_BLOCK <= n && ((uintptr_t)bsrc & 15) == 0;
    if (swz) {
        hc__raw_prefetch(sm + w * 32 * 32, (const float *)bsrc, wbase);
        hc__cp_wait();
    } else { /* last tile or unaligned: element by element, few registers */
        const float *in = (const float *)bsrc;
        unsigned *stg = sm + w * 32 * HC__ROW;
#pragma unroll 1
        for (int j = 0; j < HC_BLOCK; j++) {
            const uint64_t e0 = wbase + (uint64_t)j * 32 + (tid & 31);
            stg[j * HC__ROW + (tid & 31)] = e0 < n ? __float_as_uint(in[e0]) : 0u;
        }
    }
    __syncwarp();
    unsigned *const rw = swz ? sm + tid * 32 : sm + tid * HC__ROW;
    const unsigned sw = swz ? (unsigned)(tid & 7) : 0u;
    const hc__fq f = hc__fq_of(p);
    bool ok = f.fastq;
    uint32_t ov = 0;
    int32_t prev = 0;
#pragma unroll
    for (int j = 0; j < 8; j++) {
        const uint4 t4 = *(const uint4 *)(rw + ((j ^ sw) << 2));
        const uint32_t xv[4] = {t4.x, t4.y, t4.z, t4.w};
#pragma unroll
        for (int k = 0; k < 4; k++) {
            const int i = 4 * j + k;
            bool oki;
            int32_t q = hc__fq_round(__uint_as_float(xv[k]), &f, &oki);
            ok &= oki;
            q = i < cnt ? q : prev;
            const uint32_t ev = (uint32_t)(q - prev), sv = (uint32_t)d[i] + ev;
            ov |= (((uint32_t)d[i] ^ sv) & (ev ^ sv)) | (sv == 0x80000000u ? 0x80000000u : 0u);
            d[i] = (int32_t)sv;
            prev = q;
        }
    }
    if (__any_sync(~0u, !ok || (ov >> 31))) { /* rare: undo, then the exact deltas and sum bound */
        prev = 0;
#pragma unroll
        for (int i = 0; i < HC_BLOCK; i++) {
            const float x = __uint_as_float(rw[hc__swz(i, sw)]);
            int32_t q = hc__fq_q(x, &f);
            q = i < cnt ? q : prev;
            d[i] = (int32_t)((uint32_t)d[i] - (uint32_t)(q - prev));
            prev = q;
        }
        const int e2 = hc__qp_row(rw, sw, cnt, *p, f);
        if (e2 < *err) *err = e2;
#pragma unroll
        for (int i = 0; i < HC_BLOCK; i++) {
            long long sum = (long long)d[i] + (int32_t)rw[hc__swz(i, sw)];
            if (sum > HC__D31 || sum < -HC__D31) { *err = HC_ERR_SUM_OVERFLOW < *err ? HC_ERR_SUM_OVERFLOW : *err; sum = 0; }
            d[i] = (int32_t)sum;
        }
    }
#pragma unroll
    for (int i = 0; i < HC_BLOCK; i++) d[i] = i < cnt ? d[i] : 0;
}

/* Step 5, fused float32 raw path: decode a first (into the space beside the prefetched rows,
 * or the whole of sm), then the raw blocks straight into the sum (no second array of deltas
 * in registers). */
__device__ static __forceinline__ void hc__add_fused(unsigned *sm, bool fr, unsigned aga, const unsigned char *srca,
                                                     const unsigned char *aend, unsigned ra, unsigned exa, const void *bsrc,
                                                     uint64_t n, uint64_t tile, uint64_t wbase, int cnt, long long qmax,
                                                     const hc__params *p, int32_t *d, int *err)
{
    unsigned *const pb = fr ? sm + HC__RAWW : sm; /* else: last tile, unaligned raw or a large payload */
    const unsigned sh = hc__load_tile(pb, aga, srca, aend);
    __syncthreads();
    if (hc__dec_block(pb, ra, sh + exa, d)) *err = HC_ERR_CORRUPT;
    if (!hc__rb_qsmall(ra, 3u, 25u, 25u) && hc__q_out_of_range(d, cnt, qmax)) *err = HC_ERR_CORRUPT;
    if (fr) hc__add_rows(sm, d, err);
    else hc__add_raw_late(sm, bsrc, n, tile, wbase, cnt, p, d, err);
}

/* Step 5, the other kinds: decode a into d and add e with the sum bound; the rare validity
 * check (operands or sum past |q| < 2^30) fused into the sum (a check right after each
 * decode costs registers). */
template <int KIND>
__device__ static __forceinline__ void hc__add_decoded(unsigned *sm, unsigned aga, const unsigned char *srca,
                                                       const unsigned char *aend, unsigned ra, unsigned exa, unsigned rbb,
                                                       int cnt, long long qmax, const int32_t *e, int32_t *d, int *err)
{
    const unsigned sh = hc__load_tile(sm, aga, srca, aend);
    __syncthreads();
    if (hc__dec_block(sm, ra, sh + exa, d)) *err = HC_ERR_CORRUPT;
    bool esmall = KIND == HC__K_RAW; /* a raw operand's |q| < 2^30; QP deltas below 2^25 keep it there */
    if (KIND == HC__K_STREAM) esmall = hc__rb_qsmall(rbb, 3u, 25u, 25u);
    if (KIND == HC__K_QP) {
        uint32_t m = 0;
#pragma unroll
        for (int i = 0; i < HC_BLOCK; i++) m |= hc__mag(e[i]);
        esmall = m < (1u << 25);
    }
    const bool chk = !(qmax == 2147483647LL && hc__rb_qsmall(ra, 3u, 25u, 25u) && esmall);
    hc__add_deltas(d, e, cnt, chk, KIND == HC__K_STREAM, qmax, err);
}

/* a (compressed) + second operand (compressed stream / raw buffer / QP deltas) -> out.
 * Steps: 1 headers; 2 rate bytes of the compressed operands, publish, look back; 3 the
 * raw/QP operand's loads and quantization while the look-backs resolve; 4 b's payload;
 * 5 a's payload and the add; 6 hc__emit. */
template <typename T, int KIND>
static __global__ void __launch_bounds__(HC__TB, 4)
hc__k_add(const unsigned char *a, uint64_t alen, const void *bsrc, uint64_t blen, uint64_t n, unsigned char *out,
          hc__ws *ws, unsigned long long *stA, unsigned long long *stB, unsigned long long *stO)
{
    enum { FR = KIND == HC__K_RAW && sizeof(T) == 4 }; /* float32 raw operand by cp.async */
    __shared__ __align__(16) unsigned sm[FR ? HC__SMA : HC__SMW];
    __shared__ unsigned s_wsum[2][HC__NW];
    __shared__ unsigned long long s_tile, s_off[2];
    __shared__ int s_bad;
    __shared__ hc__hdr s_h, s_hb;
    const int tid = threadIdx.x, w = tid >> 5;
    if (tid == 0) s_tile = atomicAdd(&ws->tile_ctr, 1ull);
    if (tid == 32) s_bad = hc__add_headers<T, KIND>(a, alen, bsrc, blen, n, &s_h, &s_hb); /* overlaps the atomic */
    __syncthreads();
    if (s_bad) {
        if (s_tile == 0 && tid == 0) atomicMin(&ws->res.status, s_bad);
        return;
    }
    const hc__hdr h = s_h;
    hc__params p;
    hc__params_from_eb(h.eb, h.dtype, &p);
    const uint64_t tile = s_tile, nb = (n + HC_BLOCK - 1) / HC_BLOCK, b = tile * HC__TB + tid;
    const uint64_t wbase = (tile * HC__TB + w * 32) * HC_BLOCK;
    const int cnt = hc__block_cnt(b, nb, n);
    const long long qmax = hc__qmax(h.dtype, h.k);
    int err = 0;
    int32_t d[HC_BLOCK], e[HC_BLOCK];
    /* step 2: rate bytes, one packed scan for both compressed operands (a tile's total < 2^16) */
    unsigned ra = hc__rate(a, b, nb, h.mode, &err), rbb = 0, aggp;
    if (KIND == HC__K_STREAM) rbb = hc__rate((const unsigned char *)bsrc, b, nb, h.mode, &err);
    const unsigned exp = hc__cta_scan(hc__payload_size(ra) | (hc__payload_size(rbb) << 16), s_wsum[0], &aggp);
    unsigned exa = exp & 0xffffu, aga = aggp & 0xffffu, exb = exp >> 16, agb = aggp >> 16;
    bool fr = false; /* full aligned tile whose payload fits beside the raw rows: prefetch them now */
    if (FR) {
        fr = (tile + 1) * HC__TB * HC_BLOCK <= n && ((uintptr_t)bsrc & 15) == 0 && aga + 48u <= 4u * (HC__SMA - HC__RAWW);
        if (fr) hc__raw_prefetch(sm + w * 32 * 32, (const float *)bsrc, wbase);
    }
    if (tid == 0) {
        hc__publish(stA, tile, aga);
        if (KIND == HC__K_STREAM) hc__publish(stB, tile, agb);
    }
    if (w == 0 || (KIND == HC__K_STREAM && w == 1)) {
        unsigned long long o = hc__lookback<1>(w ? stB : stA, tile, w ? agb : aga);
        if ((tid & 31) == 0) s_off[w] = o;
    }
    hc__add_operand<T, KIND, FR>(sm, bsrc, n, tile, wbase, nb, cnt, fr, &p, e, &err); /* step 3 */
    __syncthreads(); /* look-back results visible, staging rows free */
    if (KIND == HC__K_STREAM) hc__add_decode_b(sm, &s_hb, bsrc, blen, nb, tile, s_off[1], &rbb, agb, exb, e, &err);
    /* step 5: a's payload, bounded by its header's total */
    const unsigned long long offa = s_off[0], enda = offa + aga;
    if (enda > h.payload || (tile == gridDim.x - 1 && enda != h.payload)) {
        err = HC_ERR_CORRUPT;
        if (enda > h.payload) { ra = 0; aga = 0; }
    }
    const unsigned char *srca = a + HC_HEADER_BYTES + nb + offa;
    if (FR) hc__add_fused(sm, fr, aga, srca, a + alen, ra, exa, bsrc, n, tile, wbase, cnt, qmax, &p, d, &err);
    else hc__add_decoded<KIND>(sm, aga, srca, a + alen, ra, exa, rbb, cnt, qmax, e, d, &err);
    /* the fused float32 raw path: a valid sum (two operands whose rate bytes bound |q| below
     * 2^30 always give one, so the check runs only on rare blocks) */
    if (FR && !(qmax == 2147483647LL && hc__rb_qsmall(ra, 3u, 25u, 25u)) && hc__q_out_of_range(d, cnt, qmax))
        err = HC_ERR_SUM_OVERFLOW < err ? HC_ERR_SUM_OVERFLOW : err;
    if (err) atomicMin(&ws->res.status, err);
    hc__emit(d, h.mode, sm, s_wsum[1], &s_off[0], out, nb, tile, b, stO, &h, ws); /* step 6 */
}

template <typename T>
static __global__ void __launch_bounds__(HC__TB, 4)
hc__k_qp(const unsigned char *ref, uint64_t rlen, const T *raw, uint64_t n, int32_t *deltas, hc__ws *ws)
{
    __shared__ __align__(16) unsigned sm[HC__SMW];
    __shared__ int s_bad;
    __shared__ hc__hdr s_h;
    const int tid = threadIdx.x, w = tid >> 5;
    if (tid == 0) {
        /* only the header is needed: n and dtype must match, the payload is not read */
        s_bad = hc__parse_header(ref, &s_h);
        if (!s_bad && (s_h.n != n || s_h.dtype != hc__dt<T>::v)) s_bad = HC_ERR_MISMATCH;
        (void)rlen;
    }
    __syncthreads();
    if (s_bad) {
        if (blockIdx.x == 0 && tid == 0) atomicMin(&ws->res.status, s_bad);
        return;
    }
    hc__params p;
    hc__params_from_eb(s_h.eb, s_h.dtype, &p);
    const hc__fq f = hc__fq_of(&p);
    const uint64_t tile = blockIdx.x, nb = (n + HC_BLOCK - 1) / HC_BLOCK, b = tile * HC__TB + tid;
    const uint64_t wbase = (tile * HC__TB + w * 32) * HC_BLOCK, nq = nb * HC_BLOCK;
    unsigned *stg = sm + w * 32 * HC__ROW;
    int32_t d[HC_BLOCK];
    const bool vin = (tile + 1) * HC__TB * HC_BLOCK <= n && ((uintptr_t)raw & 15) == 0;
    int err = hc__qp_warp<T>(stg, raw, wbase, n, vin, hc__block_cnt(b, nb, n), &p, &f, d);
    if (err) atomicMin(&ws->res.status, err);
    __syncwarp();
    hc__row_st(stg + (tid & 31) * HC__ROW, (const uint32_t *)d);
    __syncwarp();
    const bool vout = (tile + 1) * HC__TB * HC_BLOCK <= nq && ((uintptr_t)deltas & 15) == 0;
    hc__stage_out(stg, (float *)deltas, wbase, nq, 0, vout);
}

/* ---- host side of the GPU API ---- */
HOMCOMP_DEF size_t hc_cuda_workspace_size(uint64_t n) { return (size_t)(sizeof(hc__ws) + 3 * hc__ntiles(n) * 8); }
HOMCOMP_DEF hc_cuda_result *hc_cuda_result_ptr(void *d_ws) { return (hc_cuda_result *)d_ws; }
HOMCOMP_DEF hc_status hc_cuda_read_result(const void *d_ws, hc_cuda_result *h_result, cudaStream_t stream)
{
    if (!d_ws || !h_result) return HC_ERR_NULL;
    return cudaMemcpyAsync(h_result, d_ws, sizeof(hc_cuda_result), cudaMemcpyDeviceToHost, stream) == cudaSuccess
               ? HC_OK : HC_ERR_CUDA;
}

static hc_status hc__cuda_prep(uint64_t n, void *d_ws, size_t ws_bytes, cudaStream_t stream, hc__ws **ws,
                               unsigned long long **st)
{
    uint64_t nt = hc__ntiles(n);
    unsigned grid;
    if (!d_ws || ws_bytes < hc_cuda_workspace_size(n) || ((uintptr_t)d_ws & 7)) return HC_ERR_WORKSPACE;
    *ws = (hc__ws *)d_ws;
    *st = (unsigned long long *)((unsigned char *)d_ws + sizeof(hc__ws));
    grid = (unsigned)((3 * nt + 255) / 256);
    if (grid > 1024) grid = 1024;
    hc__k_init<<<grid, 256, 0, stream>>>(*ws, *st, 3 * nt);
    return HC_OK;
}

static hc_status hc__cuda_done(void) { return cudaGetLastError() == cudaSuccess ? HC_OK : HC_ERR_CUDA; }

/* grid of the checksum pass over a stream of at most len bytes */
static unsigned hc__csum_grid(uint64_t len)
{
    uint64_t g = (len / 4 + 255) / 256 + 1;
    return (unsigned)(g > 1024 ? 1024 : g);
}

/* Host-side validation of a device stream: the length always, the header when a host copy is
 * given (*csum then says whether it carries a checksum; -1 = unknown). */
static hc_status hc__cuda_check_stream(const void *d_s, size_t len, const void *h_header, hc_dtype dtype, uint64_t n,
                                       int *csum)
{
    uint64_t nb = hc__nblocks(n);
    *csum = -1;
    if (!d_s) return HC_ERR_NULL;
    if (len < HC_HEADER_BYTES || len - HC_HEADER_BYTES < nb) return HC_ERR_CORRUPT;
    if (h_header) {
        hc__hdr h;
        int st = hc__parse_header((const unsigned char *)h_header, &h);
        if (st) return (hc_status)st;
        if (h.n != n || h.dtype != (int)dtype) return HC_ERR_FORMAT;
        if (h.payload > len - HC_HEADER_BYTES - nb) return HC_ERR_CORRUPT;
        *csum = h.csum_flag;
    }
    return HC_OK;
}

HOMCOMP_DEF hc_status hc_cuda_compress(const hc_config *cfg, const void *d_in, uint64_t n, void *d_out, size_t out_cap,
                                 void *d_ws, size_t ws_bytes, cudaStream_t stream)
{
    hc__ws *ws;
    unsigned long long *st;
    hc__params p;
    double eb;
    int use_rel, mode;
    hc_status s;
    unsigned nt;
    s = hc__compress_args(cfg, d_in, n, d_out);
    if (s) return s;
    if ((uintptr_t)d_in % (cfg->dtype == HC_F32 ? 4 : 8)) return HC_ERR_ALIGN;
    if (out_cap < hc_compress_bound(n, cfg->dtype)) return HC_ERR_CAPACITY;
    if (hc__ntiles(n) > 0x7fffffffu) return HC_ERR_SIZE;
    eb = cfg->eb;
    use_rel = cfg->bound == HC_REL && n > 0;
    if (use_rel) { if (!(eb > 0.0) || !(eb <= DBL_MAX)) return HC_ERR_EB; }
    else if (hc__params_from_eb(eb, cfg->dtype, &p) != HC_OK) return HC_ERR_EB;
    s = hc__cuda_prep(n, d_ws, ws_bytes, stream, &ws, &st);
    if (s) return s;
    nt = (unsigned)hc__ntiles(n);
    mode = (int)cfg->mode | (cfg->checksum << 1);
    if (cfg->dtype == HC_F32) {
        if (use_rel) hc__k_minmax<float><<<1024, 256, 0, stream>>>((const float *)d_in, n, ws);
        hc__k_compress<float><<<nt, HC__TB, 0, stream>>>((const float *)d_in, n, (unsigned char *)d_out, eb, use_rel, mode, ws, st);
    } else {
        if (use_rel) hc__k_minmax<double><<<1024, 256, 0, stream>>>((const double *)d_in, n, ws);
        hc__k_compress<double><<<nt, HC__TB, 0, stream>>>((const double *)d_in, n, (unsigned char *)d_out, eb, use_rel, mode, ws, st);
    }
    if (cfg->checksum) {
        hc__k_csum<<<hc__csum_grid(out_cap), 256, 0, stream>>>((const unsigned char *)d_out, out_cap, 1, &ws->csum[2], ws);
        hc__k_csum_end<<<1, 1, 0, stream>>>(NULL, 0, NULL, 0, (unsigned char *)d_out, ws);
    }
    return hc__cuda_done();
}

HOMCOMP_DEF hc_status hc_cuda_decompress(const void *d_stream, size_t len, const void *h_header, hc_dtype dtype,
                                   void *d_out, uint64_t n, void *d_ws, size_t ws_bytes, cudaStream_t stream)
{
    hc__ws *ws;
    unsigned long long *st;
    hc_status s;
    int csum;
    if (n && !d_out) return HC_ERR_NULL;
    if (dtype != HC_F32 && dtype != HC_F64) return HC_ERR_ARG;
    if ((uintptr_t)d_out % (dtype == HC_F32 ? 4 : 8)) return HC_ERR_ALIGN;
    s = hc__cuda_check_stream(d_stream, len, h_header, dtype, n, &csum);
    if (s) return s;
    s = hc__cuda_prep(n, d_ws, ws_bytes, stream, &ws, &st);
    if (s) return s;
    if (csum) { /* verify a checksummed (or, without h_header, possibly checksummed) stream */
        hc__k_csum<<<hc__csum_grid(len), 256, 0, stream>>>((const unsigned char *)d_stream, len, 0, &ws->csum[0], ws);
        hc__k_csum_end<<<1, 1, 0, stream>>>((const unsigned char *)d_stream, len, NULL, 0, NULL, ws);
    }
    unsigned nt = (unsigned)hc__ntiles(n);
    if (dtype == HC_F32) hc__k_decompress<float><<<nt, HC__TB, 0, stream>>>((const unsigned char *)d_stream, len, n, (float *)d_out, ws, st);
    else hc__k_decompress<double><<<nt, HC__TB, 0, stream>>>((const unsigned char *)d_stream, len, n, (double *)d_out, ws, st);
    return hc__cuda_done();
}

HOMCOMP_DEF hc_status hc_cuda_qp(const void *d_ref, size_t ref_len, const void *h_header, hc_dtype dtype,
                           const void *d_raw, uint64_t n, int32_t *d_deltas, void *d_ws, size_t ws_bytes,
                           cudaStream_t stream)
{
    hc__ws *ws;
    unsigned long long *st;
    hc_status s;
    if (!d_ref || !d_deltas || (n && !d_raw)) return HC_ERR_NULL;
    if (dtype != HC_F32 && dtype != HC_F64) return HC_ERR_ARG;
    if ((uintptr_t)d_raw % (dtype == HC_F32 ? 4 : 8) || ((uintptr_t)d_deltas & 3)) return HC_ERR_ALIGN;
    if (ref_len < HC_HEADER_BYTES) return HC_ERR_CORRUPT;
    if (h_header) {
        hc__hdr h;
        int e = hc__parse_header((const unsigned char *)h_header, &h);
        if (e) return (hc_status)e;
        if (h.n != n || h.dtype != (int)dtype) return HC_ERR_MISMATCH;
    }
    s = hc__cuda_prep(n, d_ws, ws_bytes, stream, &ws, &st);
    if (s) return s;
    unsigned nt = (unsigned)hc__ntiles(n);
    if (dtype == HC_F32) hc__k_qp<float><<<nt, HC__TB, 0, stream>>>((const unsigned char *)d_ref, ref_len, (const float *)d_raw, n, d_deltas, ws);
    else hc__k_qp<double><<<nt, HC__TB, 0, stream>>>((const unsigned char *)d_ref, ref_len, (const double *)d_raw, n, d_deltas, ws);
    return hc__cuda_done();
}

template <int KIND>
static hc_status hc__cuda_add(const void *d_a, size_t alen, const void *d_b, size_t blen, const void *h_header,
                              hc_dtype dtype, uint64_t n, void *d_out, size_t out_cap, void *d_ws, size_t ws_bytes,
                              cudaStream_t stream)
{
    hc__ws *ws;
    unsigned long long *st;
    hc_status s;
    int csum, csum_b = -1;
    if (!d_out || (n && !d_b) || (KIND == HC__K_STREAM && !d_b)) return HC_ERR_NULL;
    if (dtype != HC_F32 && dtype != HC_F64) return HC_ERR_ARG;
    if (KIND == HC__K_RAW && (uintptr_t)d_b % (dtype == HC_F32 ? 4 : 8)) return HC_ERR_ALIGN;
    if (KIND == HC__K_QP && ((uintptr_t)d_b & 3)) return HC_ERR_ALIGN;
    if (out_cap < hc_compress_bound(n, dtype)) return HC_ERR_CAPACITY;
    s = hc__cuda_check_stream(d_a, alen, h_header, dtype, n, &csum);
    if (s) return s;
    if (KIND == HC__K_STREAM) {
        s = hc__cuda_check_stream(d_b, blen, NULL, dtype, n, &csum_b);
        if (s) return s;
    } else {
        blen = (size_t)n * (KIND == HC__K_RAW && dtype == HC_F64 ? 8 : 4);
    }
    /* tiles write the output while later tiles still read the inputs: no in-place on the GPU */
    if (hc__overlap(d_out, out_cap, d_a, alen) || hc__overlap(d_out, out_cap, d_b, blen)) return HC_ERR_OVERLAP;
    s = hc__cuda_prep(n, d_ws, ws_bytes, stream, &ws, &st);
    if (s) return s;
    const unsigned char *ua = (const unsigned char *)d_a, *ub = KIND == HC__K_STREAM ? (const unsigned char *)d_b : NULL;
    /* the inputs' checksums (csum = -1: the host cannot tell, the kernels look) */
    if (csum) hc__k_csum<<<hc__csum_grid(alen), 256, 0, stream>>>(ua, alen, 0, &ws->csum[0], ws);
    if (ub && csum_b) hc__k_csum<<<hc__csum_grid(blen), 256, 0, stream>>>(ub, blen, 0, &ws->csum[1], ws);
    if (csum || (ub && csum_b))
        hc__k_csum_end<<<1, 1, 0, stream>>>(csum ? ua : NULL, alen, ub && csum_b ? ub : NULL, blen, NULL, ws);
    uint64_t nt = hc__ntiles(n);
    if (dtype == HC_F32)
        hc__k_add<float, KIND><<<(unsigned)nt, HC__TB, 0, stream>>>(ua, alen, d_b, ub ? blen : 0, n, (unsigned char *)d_out, ws,
                                                                      st, st + nt, st + 2 * nt);
    else
        hc__k_add<double, KIND><<<(unsigned)nt, HC__TB, 0, stream>>>(ua, alen, d_b, ub ? blen : 0, n, (unsigned char *)d_out, ws,
                                                                       st, st + nt, st + 2 * nt);
    if (csum) { /* the sum keeps a's checksum choice */
        hc__k_csum<<<hc__csum_grid(out_cap), 256, 0, stream>>>((const unsigned char *)d_out, out_cap, 1, &ws->csum[2], ws);
        hc__k_csum_end<<<1, 1, 0, stream>>>(NULL, 0, NULL, 0, (unsigned char *)d_out, ws);
    }
    return hc__cuda_done();
}

HOMCOMP_DEF hc_status hc_cuda_add(const void *d_a, size_t alen, const void *d_b, size_t blen, const void *h_header,
                            hc_dtype dtype, uint64_t n, void *d_out, size_t out_cap, void *d_ws, size_t ws_bytes,
                            cudaStream_t stream)
{
    return hc__cuda_add<HC__K_STREAM>(d_a, alen, d_b, blen, h_header, dtype, n, d_out, out_cap, d_ws, ws_bytes, stream);
}
HOMCOMP_DEF hc_status hc_cuda_add_raw(const void *d_c, size_t clen, const void *h_header, hc_dtype dtype,
                                const void *d_raw, uint64_t n, void *d_out, size_t out_cap, void *d_ws,
                                size_t ws_bytes, cudaStream_t stream)
{
    return hc__cuda_add<HC__K_RAW>(d_c, clen, d_raw, 0, h_header, dtype, n, d_out, out_cap, d_ws, ws_bytes, stream);
}
HOMCOMP_DEF hc_status hc_cuda_add_qp(const void *d_c, size_t clen, const void *h_header, hc_dtype dtype,
                               const int32_t *d_deltas, uint64_t n, void *d_out, size_t out_cap, void *d_ws,
                               size_t ws_bytes, cudaStream_t stream)
{
    return hc__cuda_add<HC__K_QP>(d_c, clen, d_deltas, 0, h_header, dtype, n, d_out, out_cap, d_ws, ws_bytes, stream);
}
#endif /* __CUDACC__ */

#endif /* HOMCOMP_IMPLEMENTATION */

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
