/* spiral.h - O(1) spiral-matrix index maths, row/tile generation, streamed fills,
 *            payload reordering and XOR checksums; sequential, OpenMP and CUDA.
 *            v1.0.0, MIT license (see the end of this file).
 *
 * WHAT IT DOES
 *   An M x N matrix is filled clockwise from the top-left corner with 1, 2, ..., M*N, outer
 *   ring first:                      1  2  3  4  5
 *                                   14 15 16 17  6
 *                                   13 20 19 18  7
 *                                   12 11 10  9  8
 *   This header gives the value of a cell in O(1) (seed section 2), the inverse (value ->
 *   cell, integer-only, exact for every size whose M*N fits in 64 bits), whole rows, tiles
 *   and row bands at a couple of operations per cell (a row crosses at most three regimes,
 *   each a progression with constant second difference), the XOR checksum of the matrix
 *   computed by generating every value (sequential, OpenMP, CUDA) plus its closed form
 *   (seed 7.4), and the real use of the index maths (seed 8.1): moving a payload of
 *   elements of any size between row-major and spiral order, on the CPU and on the GPU
 *   with shared-memory tiles and coalesced reads and writes (seed 8.2).
 *
 * EXAMPLE (a complete program: cc -std=c11 -O2 example.c; add -fopenmp for threads)
 *
 *   [example:begin]
 *   #define SPIRAL_IMPLEMENTATION
 *   #include "spiral.h"
 *   #include <stdio.h>
 *
 *   int main(void)
 *   {
 *       uint64_t row[5], r = 0, c = 0, x = 0;
 *       spiral_options opt = spiral_options_default();   // all OpenMP threads
 *       spiral_status s;
 *       opt.threads = 2;                    // or leave 0
 *       if ((s = spiral_row(4, 5, 1, 0, 5, row)) != SPIRAL_OK ||        // 14 15 16 17 6
 *           (s = spiral_coord(4, 5, 19, &r, &c)) != SPIRAL_OK ||        // 19 is at (2, 2)
 *           (s = spiral_checksum(1000, 3000, &x, &opt)) != SPIRAL_OK) { // 3e6 values
 *           fprintf(stderr, "spiral: %s\n", spiral_status_string(s));
 *           return 1;
 *       }
 *       printf("row 1: %llu .. %llu, 19 at (%llu, %llu), value(3, 4) = %llu\n",
 *              (unsigned long long)row[0], (unsigned long long)row[4], (unsigned long long)r,
 *              (unsigned long long)c, (unsigned long long)spiral_value(4, 5, 3, 4));
 *       printf("xor of 1000 x 3000: %llu (closed form %llu)\n", (unsigned long long)x,
 *              (unsigned long long)spiral_xor_1_to(1000ull * 3000ull));
 *       return row[0] == 14 && row[4] == 6 && r == 2 && c == 2 && spiral_value(4, 5, 3, 4) == 8 &&
 *                      x == spiral_xor_1_to(1000ull * 3000ull) ? 0 : 1;
 *   }
 *   [example:end]
 *
 *   Define SPIRAL_IMPLEMENTATION in exactly one C or CUDA file before the include; other
 *   files include the header plainly. Compile with -fopenmp for the OpenMP paths, with
 *   nvcc for the CUDA functions (they exist only when __CUDACC__ is defined).
 *
 * COMPILE-TIME OPTIONS
 *   SPIRAL_IMPLEMENTATION   compile the implementation in this translation unit
 *   SPIRAL_STATIC           make every public function static (and marked unused), so
 *                           several translation units may each carry the implementation
 *   SPIRAL_DEF              the storage class of the public functions (default: extern, or
 *                           static with SPIRAL_STATIC); define it yourself to override
 *   SPIRAL_OMP_MIN_CELLS    below this many cells the OpenMP paths stay on one thread (65536)
 *   SPIRAL_MAX_THREADS      the largest spiral_options.threads accepted (1024, as in every header)
 *   SPIRAL_NO_VECTOR_EXT    use the portable scalar lanes instead of gcc/clang vector types
 *   spiral.h allocates no memory and asserts nothing, so it has no MALLOC/FREE/ASSERT hooks.
 *
 * ARGUMENT ORDER
 *   Every function takes the matrix shape first (M rows, N columns), then the cell, value,
 *   row band or tile, then the output, then spiral_options (OpenMP functions) or the GPU
 *   workspace and stream (CUDA functions): spiral_value(M, N, r, c) like
 *   spiral_value_at(M, N, r, c, &v). (v0.1 had spiral_value(r, c, M, N); it changed in 0.2.)
 *
 * OPTIONS
 *   spiral_options opt = spiral_options_default() (or SPIRAL_OPTIONS_INIT, or a zeroed struct)
 *   is the default; NULL means the same. Field:
 *     threads   OpenMP threads for the functions marked [omp] below; 0 = omp_get_max_threads().
 *               Negative or above SPIRAL_MAX_THREADS: SPIRAL_ERR_ARG. The count is capped by
 *               the work (chunks of about 64K cells; one thread below SPIRAL_OMP_MIN_CELLS
 *               cells), so a tiny matrix never starts 64 threads.
 *               Without OpenMP the field is checked and otherwise ignored.
 *
 * API (M rows, N columns, r/c 0-based, values 1..M*N, all 64-bit)
 *   spiral_status_string(s)               "ok" or a sentence for a status
 *   spiral_options_default()              the default options (SPIRAL_OPTIONS_INIT: the same)
 *   spiral_check_size(M, N)               OK, SPIRAL_ERR_EMPTY (M or N = 0) or SPIRAL_ERR_SIZE
 *   spiral_value(M, N, r, c)              value of a cell; unchecked, static inline, host and
 *                                         device (preconditions: r < M, c < N, M*N < 2^64)
 *   spiral_value_at(M, N, r, c, &v)       the same, checked
 *   spiral_coord(M, N, k, &r, &c)         inverse: cell holding value k, O(1), exact
 *   spiral_xor_1_to(K)                    1 ^ 2 ^ ... ^ K in O(1) (seed 7.4)
 *   spiral_row(M, N, r, c0, len, out)     out[i] = value(r, c0 + i)
 *   spiral_tile(M, N, r0, c0, h, w, out, ld)   a rectangle, row stride ld (>= w when h > 1)
 *   spiral_fill_rows(M, N, r0, nrows, out, opt)      [omp] rows [r0, r0+nrows) row-major (a
 *                                         band); loop over bands to write a matrix of any size
 *   spiral_checksum_rows(M, N, r0, nrows, &x, opt)   [omp] XOR of a band by row generation
 *   spiral_checksum(M, N, &x, opt)        [omp] XOR of the whole matrix by row generation
 *   spiral_checksum_formula_rows(M, N, r0, nrows, &x, opt)   [omp] the same by the per-cell
 *                                         formula (the seed's method: baseline and oracle)
 *   spiral_reorder(M, N, es, in, out, dir, opt)   [omp] payload of es-byte elements:
 *                                         SPIRAL_TO_SPIRAL: out[value(r,c)-1] = in[r*N+c]
 *                                         SPIRAL_TO_ROWMAJOR: the inverse permutation
 *   CUDA (nvcc; device pointers; every call is asynchronous on the caller's stream, with no
 *   allocation and no synchronization inside; d_ws/ws_bytes is the caller's device workspace
 *   of at least spiral_cuda_workspace_size() bytes, which is 0 in this version, so d_ws may
 *   be NULL with ws_bytes = 0):
 *   spiral_cuda_workspace_size(M, N, es)  bytes of workspace any call below needs (pure)
 *   spiral_cuda_checksum(M, N, r0, nrows, d_x, d_ws, ws_bytes, stream)   *d_x = XOR of band
 *   spiral_cuda_checksum_formula(M, N, r0, nrows, d_x, d_ws, ws_bytes, stream)   per-cell
 *   spiral_cuda_fill_rows(M, N, r0, nrows, d_out, d_ws, ws_bytes, stream)  band into memory
 *   spiral_cuda_reorder(M, N, es, d_in, d_out, dir, d_ws, ws_bytes, stream)  shared-memory
 *                                         tiles
 *
 * ERRORS
 *   Every checked function returns a spiral_status: SPIRAL_OK (0) or a negative code:
 *   _NULL a required pointer is NULL; _ARG an invalid value (element size, direction, row
 *   stride, thread count, overlapping payload buffers, misaligned fill output); _SIZE M*N,
 *   or a buffer's byte size, does not fit in 64 bits / size_t, or the GPU workspace is too
 *   small; _CUDA a CUDA call or launch failed; _EMPTY M or N is 0 (checksums are then set
 *   to 0); _RANGE a cell, value, row band or tile lies outside the matrix. Nothing wraps
 *   silently, nothing is written out of bounds, and outputs are untouched on error (except
 *   a CPU checksum, which is set to 0 unless its pointer is NULL; the GPU checksums zero
 *   *d_x only for an empty matrix). SPIRAL_ERR_NOMEM, _MPI and _INTERNAL exist so the
 *   shared codes have one value in every header of this project; spiral.h never returns them.
 *
 * THREAD SAFETY AND MEMORY
 *   No global or static mutable state: every function may run concurrently on different
 *   data (and on the same input, if outputs differ). The [omp] functions open an OpenMP
 *   parallel region; called from inside another one they follow your nesting settings.
 *   Nothing is allocated, on the host or on the device.
 *
 * PRECONDITIONS AND LIMITS
 *   M*N < 2^64 (else SPIRAL_ERR_SIZE). Output buffers must hold what is written: len values
 *   (spiral_row), (h-1)*ld + w (spiral_tile), nrows*N (fill), M*N*es bytes (reorder); the
 *   header cannot check a buffer's length. spiral_reorder's in and out must not overlap
 *   (checked: SPIRAL_ERR_ARG). spiral_value is unchecked (use spiral_value_at for untrusted
 *   input). The checksums generate every value, so their time is proportional to the band's
 *   cells: a full 2^64-cell matrix is accepted but will not finish. GPU reordering takes
 *   elements up to about 40 KiB (larger: SPIRAL_ERR_ARG); the GPU fill needs an 8-byte
 *   aligned output and is tuned for rows of a thousand cells or more.
 */
#ifndef SPIRAL_H
#define SPIRAL_H

#include <stddef.h>
#include <stdint.h>

/* The project version (meson.build's project(version:)); every header carries the same. */
#define SPIRAL_VERSION_MAJOR 1
#define SPIRAL_VERSION_MINOR 0
#define SPIRAL_VERSION_PATCH 0

#if defined(__GNUC__) || defined(__clang__)
#define SPIRAL__UNUSED __attribute__((unused))
#else
#define SPIRAL__UNUSED
#endif

#ifndef SPIRAL_DEF
#ifdef SPIRAL_STATIC
#define SPIRAL_DEF static SPIRAL__UNUSED
#else
#define SPIRAL_DEF extern
#endif
#endif

#ifdef __CUDACC__
#include <cuda_runtime.h>
#define SPIRAL_HD __host__ __device__
#else
#define SPIRAL_HD
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum spiral_status {
    SPIRAL_OK = 0,
    SPIRAL_ERR_NULL = -1,     /* a required pointer is NULL */
    SPIRAL_ERR_ARG = -2,      /* an invalid value: element size, direction, stride, threads, overlap */
    SPIRAL_ERR_SIZE = -3,     /* M*N (or a buffer's byte size) does not fit; GPU workspace too small */
    SPIRAL_ERR_NOMEM = -4,    /* (never returned: spiral.h allocates nothing) */
    SPIRAL_ERR_CUDA = -5,     /* a CUDA call or kernel launch failed */
    SPIRAL_ERR_MPI = -6,      /* (never returned: spiral.h has no MPI code) */
    SPIRAL_ERR_INTERNAL = -7, /* (never returned: no internal consistency checks fail) */
    SPIRAL_ERR_EMPTY = -16,   /* M or N is 0: the matrix has no cells */
    SPIRAL_ERR_RANGE = -17    /* a cell, value, row band or tile lies outside the matrix */
} spiral_status;

typedef enum spiral_direction {
    SPIRAL_TO_SPIRAL = 0,  /* row-major payload -> spiral order */
    SPIRAL_TO_ROWMAJOR = 1 /* spiral-order payload -> row-major */
} spiral_direction;

/* Zero-initialised = defaults (spiral_options_default(), SPIRAL_OPTIONS_INIT); NULL means the same. */
typedef struct spiral_options {
    int threads; /* OpenMP threads; 0 = omp_get_max_threads() */
} spiral_options;
#define SPIRAL_OPTIONS_INIT {0}

SPIRAL_DEF const char *spiral_status_string(spiral_status s);
SPIRAL_DEF spiral_options spiral_options_default(void);
SPIRAL_DEF spiral_status spiral_check_size(uint64_t M, uint64_t N);
SPIRAL_DEF spiral_status spiral_value_at(uint64_t M, uint64_t N, uint64_t r, uint64_t c, uint64_t *v);
SPIRAL_DEF spiral_status spiral_coord(uint64_t M, uint64_t N, uint64_t k, uint64_t *r, uint64_t *c);
SPIRAL_DEF uint64_t spiral_xor_1_to(uint64_t K);
SPIRAL_DEF spiral_status spiral_row(uint64_t M, uint64_t N, uint64_t r, uint64_t c0, uint64_t len, uint64_t *out);
SPIRAL_DEF spiral_status spiral_tile(uint64_t M, uint64_t N, uint64_t r0, uint64_t c0, uint64_t h, uint64_t w,
                                    uint64_t *out, uint64_t ld);
SPIRAL_DEF spiral_status spiral_fill_rows(uint64_t M, uint64_t N, uint64_t r0, uint64_t nrows, uint64_t *out,
                                         const spiral_options *opt);
SPIRAL_DEF spiral_status spiral_checksum_rows(uint64_t M, uint64_t N, uint64_t r0, uint64_t nrows, uint64_t *x,
                                             const spiral_options *opt);
SPIRAL_DEF spiral_status spiral_checksum(uint64_t M, uint64_t N, uint64_t *x, const spiral_options *opt);
SPIRAL_DEF spiral_status spiral_checksum_formula_rows(uint64_t M, uint64_t N, uint64_t r0, uint64_t nrows,
                                                     uint64_t *x, const spiral_options *opt);
SPIRAL_DEF spiral_status spiral_reorder(uint64_t M, uint64_t N, size_t elem_size, const void *in, void *out,
                                       spiral_direction dir, const spiral_options *opt);
#ifdef __CUDACC__
SPIRAL_DEF size_t spiral_cuda_workspace_size(uint64_t M, uint64_t N, size_t elem_size);
SPIRAL_DEF spiral_status spiral_cuda_checksum(uint64_t M, uint64_t N, uint64_t r0, uint64_t nrows,
                                             unsigned long long *d_x, void *d_ws, size_t ws_bytes,
                                             cudaStream_t stream);
SPIRAL_DEF spiral_status spiral_cuda_checksum_formula(uint64_t M, uint64_t N, uint64_t r0, uint64_t nrows,
                                                     unsigned long long *d_x, void *d_ws, size_t ws_bytes,
                                                     cudaStream_t stream);
SPIRAL_DEF spiral_status spiral_cuda_fill_rows(uint64_t M, uint64_t N, uint64_t r0, uint64_t nrows, uint64_t *d_out,
                                              void *d_ws, size_t ws_bytes, cudaStream_t stream);
SPIRAL_DEF spiral_status spiral_cuda_reorder(uint64_t M, uint64_t N, size_t elem_size, const void *d_in, void *d_out,
                                            spiral_direction dir, void *d_ws, size_t ws_bytes, cudaStream_t stream);
#endif

#ifdef __cplusplus
}
#endif

static inline SPIRAL_HD uint64_t spiral__min(uint64_t a, uint64_t b) { return a < b ? a : b; }

/* Value of cell (r, c), the formula of seed 2.1-2.4. Unchecked: r < M, c < N, M*N < 2^64. */
static inline SPIRAL_HD uint64_t spiral_value(uint64_t M, uint64_t N, uint64_t r, uint64_t c)
{
    uint64_t L = spiral__min(spiral__min(r, c), spiral__min(M - 1 - r, N - 1 - c));
    uint64_t w = N - 2 * L, h = M - 2 * L;
    uint64_t S = M * N - w * h + 1; /* first value of ring L: cells of the outer rings + 1 */
    if (r == L) return S + (c - L);                                /* top edge */
    if (c == L + w - 1) return S + w + (r - L) - 1;                /* right edge */
    if (r == L + h - 1) return S + w + h - 2 + (L + w - 1 - c);    /* bottom (h > 1 here) */
    return S + 2 * w + h - 3 + (L + h - 1 - r);                    /* left edge */
}

#endif /* SPIRAL_H */

/* =========================================================================================
 * IMPLEMENTATION
 * ========================================================================================= */
#if defined(SPIRAL_IMPLEMENTATION) && !defined(SPIRAL__IMPLEMENTED)
#define SPIRAL__IMPLEMENTED

#include <string.h>

#ifndef SPIRAL_OMP_MIN_CELLS
#define SPIRAL_OMP_MIN_CELLS 65536
#endif
#ifndef SPIRAL_MAX_THREADS
#define SPIRAL_MAX_THREADS 1024
#endif
#ifdef _OPENMP
#include <omp.h>
#endif

/* ---- index maths shared by the host and device code ------------------------------------ */

static inline SPIRAL_HD uint64_t spiral__max(uint64_t a, uint64_t b) { return a > b ? a : b; }
/* ceil(a / b) for b > 0, without the a + b - 1 that wraps when a is near 2^64. */
static inline SPIRAL_HD uint64_t spiral__ceil_div(uint64_t a, uint64_t b) { return a / b + (a % b != 0); }

/* Row r of the matrix in three regimes (all arithmetic mod 2^64; the results fit):
 *   columns [0, cl):      left edges of the outer layers c = 0, 1, ...:
 *                         v(c) = c*(P - 4c - 7) + P - 3 - r,          P = 2(M + N)
 *   columns [cl, N - cr): the top (r in the upper half) or bottom edge of layer
 *                         rt = min(r, M-1-r): v = mid0 + (c - cl) or mid0 - (c - cl)
 *   columns [N - cr, N):  right edges of layers L = N-1-c:
 *                         v(L) = L*(P - 4L - 3) + N + r
 * The outer regimes have second difference -8, the middle one is arithmetic (step +-1). */
typedef struct spiral__rowp {
    uint64_t cl, cr;   /* widths of the left and right regimes */
    uint64_t mid0;     /* value at column cl when the middle regime is not empty */
    uint64_t P;        /* 2(M+N) mod 2^64 */
    int up;            /* middle regime ascends (top edge) or descends (bottom edge) */
} spiral__rowp;

static inline SPIRAL_HD spiral__rowp spiral__row_params(uint64_t M, uint64_t N, uint64_t r)
{
    spiral__rowp p;
    uint64_t rt = spiral__min(r, M - 1 - r);
    p.P = 2 * (M + N);
    p.cl = spiral__min(rt, N / 2);
    p.cr = spiral__min(rt, N - N / 2);
    p.up = (r <= M - 1 - r);
    p.mid0 = 0;
    if (p.cl + p.cr < N) { /* middle regime present: layer rt, w >= 1 */
        uint64_t w = N - 2 * rt, h = M - 2 * rt;
        uint64_t S = M * N - w * h + 1;
        p.mid0 = p.up ? S : S + 2 * w + h - 3; /* top-left corner, or bottom-left corner */
    }
    return p;
}
static inline SPIRAL_HD uint64_t spiral__left_v(uint64_t P, uint64_t r, uint64_t c)
{
    return c * (P - 4 * c - 7) + P - 3 - r;
}
static inline SPIRAL_HD uint64_t spiral__right_v(uint64_t P, uint64_t N, uint64_t r, uint64_t L)
{
    return L * (P - 4 * L - 3) + N + r;
}

/* One piece of a row: columns [c, c + n) hold v, v + d, v + 2d + dd, ... (second difference
 * dd: -8 in the outer regimes, 0 in the middle one). */
typedef struct spiral__piece {
    uint64_t c, n, v, d, dd;
} spiral__piece;

/* The one home of the three-way split: piece `which` (0 left, 1 middle, 2 right regime) of
 * row r cut to columns [c0, c1), left to right. Returns 0 when that piece is empty. Row
 * generation, the CPU and GPU checksums and the per-cell accessor below all go through it. */
static inline SPIRAL_HD int spiral__row_piece(const spiral__rowp *p, uint64_t N, uint64_t r, uint64_t c0, uint64_t c1,
                                              int which, spiral__piece *pc)
{
    const uint64_t m8 = (uint64_t)0 - 8;
    uint64_t a, b;
    if (which == 0) { a = c0; b = spiral__min(c1, p->cl); }
    else if (which == 1) { a = spiral__max(c0, p->cl); b = spiral__min(c1, N - p->cr); }
    else { a = spiral__max(c0, N - p->cr); b = c1; }
    if (a >= b) return 0;
    pc->c = a;
    pc->n = b - a;
    if (which == 0) { /* v(c+1) - v(c) = P - 8c - 11 */
        pc->v = spiral__left_v(p->P, r, a); pc->d = p->P - 8 * a - 11; pc->dd = m8;
    } else if (which == 1) {
        pc->v = p->up ? p->mid0 + (a - p->cl) : p->mid0 - (a - p->cl);
        pc->d = p->up ? 1 : (uint64_t)0 - 1; pc->dd = 0;
    } else { /* columns left to right: layer L = N-1-c falls, v(c+1) - v(c) = 8L - 1 - P */
        uint64_t L = N - 1 - a;
        pc->v = spiral__right_v(p->P, N, r, L); pc->d = 8 * L - 1 - p->P; pc->dd = m8;
    }
    return 1;
}

/* Value at column c of a row described by p (any regime): the first value of the piece
 * spiral__row_piece would return for [c, c + 1), written out with the same regime tests and
 * the same formulas (spiral__left_v, spiral__right_v, mid0). The GPU fill calls this for
 * every cell; going through spiral__row_piece there (its clamps and differences) made the
 * fill markedly slower (demos/bench/README.md, "Calibration notes"), so this one stays direct;
 * the tests compare both. */
static inline SPIRAL_HD uint64_t spiral__row_v(const spiral__rowp *p, uint64_t N, uint64_t r, uint64_t c)
{
    if (c < p->cl) return spiral__left_v(p->P, r, c);
    if (c >= N - p->cr) return spiral__right_v(p->P, N, r, N - 1 - c);
    return p->up ? p->mid0 + (c - p->cl) : p->mid0 - (c - p->cl);
}

/* One contiguous run of a T x T tile's cells in spiral order (seed 8.2): horizontal runs
 * are the middle regime of a tile row, vertical runs the left or right regime of a tile
 * column. pos is the spiral position (value - 1) of the run's first cell (ti, tj) in the
 * tile; the e-th cell of the run is (ti + e*di, tj + e*dj) at position pos + e. */
typedef struct spiral__run {
    uint64_t pos;
    uint32_t len, ti, tj;
    int di, dj;
} spiral__run;

/* Run number idx of the tile at (r0, c0) of size th x tw: idx < th is the middle regime of
 * tile row idx, idx >= th the outer regime of tile column idx - th. Returns 0 if empty. */
static inline SPIRAL_HD int spiral__tile_run(uint64_t M, uint64_t N, uint64_t r0, uint64_t c0, uint32_t th,
                                             uint32_t tw, uint32_t idx, spiral__run *run)
{
    if (idx < th) {
        uint64_t r = r0 + idx;
        spiral__rowp p = spiral__row_params(M, N, r);
        uint64_t a = spiral__max(c0, p.cl), b = spiral__min(c0 + tw, N - p.cr); /* [a, b) */
        if (a >= b) return 0;
        run->len = (uint32_t)(b - a);
        run->ti = idx;
        run->di = 0;
        if (p.up) { run->pos = p.mid0 - 1 + (a - p.cl); run->tj = (uint32_t)(a - c0); run->dj = 1; }
        else { run->pos = p.mid0 - 1 - (b - 1 - p.cl); run->tj = (uint32_t)(b - 1 - c0); run->dj = -1; }
        return 1;
    } else {
        uint64_t c = c0 + (idx - th), L, ra, rb;
        int left = c < N / 2;
        L = left ? c : N - 1 - c;
        /* rows where this column is in an outer regime: L < min(r, M-1-r) */
        if (M < 2 * L + 3) return 0;
        ra = L + 1; rb = M - 2 - L;  /* inclusive */
        if (ra < r0) ra = r0;
        if (rb > r0 + th - 1) rb = r0 + th - 1;
        if (ra > rb) return 0;
        run->len = (uint32_t)(rb - ra + 1);
        run->tj = idx - th;
        run->dj = 0;
        if (left) { /* left edge climbs: position falls as r grows */
            run->pos = spiral__left_v(2 * (M + N), rb, c) - 1; run->ti = (uint32_t)(rb - r0); run->di = -1;
        } else {
            run->pos = spiral__right_v(2 * (M + N), N, ra, L) - 1; run->ti = (uint32_t)(ra - r0); run->di = 1;
        }
        return 1;
    }
}

#ifdef __cplusplus
extern "C" {
#endif

SPIRAL_DEF spiral_options spiral_options_default(void)
{
    spiral_options o = SPIRAL_OPTIONS_INIT;
    return o;
}

SPIRAL_DEF const char *spiral_status_string(spiral_status s)
{
    switch (s) {
    case SPIRAL_OK: return "ok";
    case SPIRAL_ERR_NULL: return "a required pointer argument is NULL";
    case SPIRAL_ERR_ARG: return "an invalid argument: element size, direction, row stride, thread count, "
                                "overlapping buffers or a misaligned output";
    case SPIRAL_ERR_SIZE: return "M*N, or a buffer's size in bytes, does not fit in 64 bits or size_t "
                                 "(or the GPU workspace is too small)";
    case SPIRAL_ERR_NOMEM: return "out of memory (spiral.h itself never returns this: it allocates nothing)";
    case SPIRAL_ERR_CUDA: return "a CUDA call or kernel launch failed";
    case SPIRAL_ERR_MPI: return "an MPI call failed (spiral.h itself never returns this)";
    case SPIRAL_ERR_INTERNAL: return "internal error in spiral.h: please report it";
    case SPIRAL_ERR_EMPTY: return "the matrix is empty (M or N is 0): give both dimensions >= 1";
    case SPIRAL_ERR_RANGE: return "a cell, value, row band or tile lies outside the matrix";
    }
    return "unknown spiral_status";
}

SPIRAL_DEF spiral_status spiral_check_size(uint64_t M, uint64_t N)
{
    if (M == 0 || N == 0) return SPIRAL_ERR_EMPTY;
    if (M > UINT64_MAX / N) return SPIRAL_ERR_SIZE;
    return SPIRAL_OK;
}

/* Checks a row band [r0, r0 + nrows) of a valid matrix. */
static spiral_status spiral__check_band(uint64_t M, uint64_t N, uint64_t r0, uint64_t nrows)
{
    spiral_status s = spiral_check_size(M, N);
    if (s != SPIRAL_OK) return s;
    if (r0 > M || nrows > M - r0) return SPIRAL_ERR_RANGE;
    return SPIRAL_OK;
}

/* Threads for `chunks` pieces of work covering `cells` cells: the option (0 = all), capped by
 * the work so a small band stays on one thread. *nt is 1 without OpenMP. */
static spiral_status spiral__threads(const spiral_options *opt, uint64_t chunks, uint64_t cells, int *nt)
{
    int t = opt ? opt->threads : 0;
    if (t < 0 || t > SPIRAL_MAX_THREADS) return SPIRAL_ERR_ARG;
#ifdef _OPENMP
    if (t == 0) t = omp_get_max_threads();
    if (cells < SPIRAL_OMP_MIN_CELLS || t < 1) t = 1;
    if ((uint64_t)t > chunks) t = chunks ? (int)chunks : 1;
#else
    (void)chunks; (void)cells;
    t = 1;
#endif
    *nt = t;
    return SPIRAL_OK;
}

/* Rows per parallel chunk (at least ~64K cells, so narrow matrices do not drown in overhead)
 * and the number of chunks of a band of nrows rows. The count never wraps (nrows may be near
 * 2^64 when N = 1) and stays below 2^50 (nrows * N < 2^64), so it fits an int64_t. */
static uint64_t spiral__chunks(uint64_t nrows, uint64_t N, uint64_t *rpc)
{
    uint64_t k = (uint64_t)65536 / N;
    *rpc = k ? k : 1;
    return spiral__ceil_div(nrows, *rpc);
}

SPIRAL_DEF spiral_status spiral_value_at(uint64_t M, uint64_t N, uint64_t r, uint64_t c, uint64_t *v)
{
    spiral_status s;
    if (!v) return SPIRAL_ERR_NULL;
    if ((s = spiral_check_size(M, N)) != SPIRAL_OK) return s;
    if (r >= M || c >= N) return SPIRAL_ERR_RANGE;
    *v = spiral_value(M, N, r, c);
    return SPIRAL_OK;
}

SPIRAL_DEF uint64_t spiral_xor_1_to(uint64_t K)
{
    switch (K & 3) { /* seed 7.4: XOR of 4 consecutive integers from a multiple of 4 is 0 */
    case 0: return K;
    case 1: return 1;
    case 2: return K + 1;
    default: return 0;
    }
}
/* floor(sqrt(n)), integer digit-by-digit method: exact for every 64-bit n. */
static uint64_t spiral__isqrt(uint64_t n)
{
    uint64_t root = 0, bit = (uint64_t)1 << 62;
    while (bit > n) bit >>= 2;
    while (bit) {
        if (n >= root + bit) { n -= root + bit; root = (root >> 1) + bit; }
        else root >>= 1;
        bit >>= 2;
    }
    return root;
}

/* Inverse. Cells in layers 0..L-1 number M*N - (M-2L)(N-2L), so value k lies in the
 * largest layer L with (a-2L)(b-2L) >= R, where a <= b are the sides and R = M*N - k + 1
 * the cells from k to the end. With x = a-2L and d = b-a that is x(x+d) >= R, whose real
 * root x* = 2R / (d + sqrt(d^2 + 4R)) we estimate with an integer square root (scaled down
 * by 2^s where the radicand would overflow; the error stays a few units), then correct L
 * with the exact test (a-2L)(b-2L) >= R, which cannot overflow since it is <= M*N. */
SPIRAL_DEF spiral_status spiral_coord(uint64_t M, uint64_t N, uint64_t k, uint64_t *r, uint64_t *c)
{
    spiral_status s;
    uint64_t MN, a, b, d, R, t, den, x, L, Lmax, w, h, S, off;
    unsigned sh = 0;
    if (!r || !c) return SPIRAL_ERR_NULL;
    if ((s = spiral_check_size(M, N)) != SPIRAL_OK) return s;
    MN = M * N;
    if (k < 1 || k > MN) return SPIRAL_ERR_RANGE;
    a = spiral__min(M, N); b = M + N - a; d = b - a;
    R = MN - k + 1;
    while ((d >> sh) >= ((uint64_t)1 << 31) || (2 * sh < 64 && (R >> (2 * sh)) >= ((uint64_t)1 << 61)))
        sh++; /* sh <= 33 */
    t = spiral__isqrt((d >> sh) * (d >> sh) + 4 * (2 * sh < 64 ? R >> (2 * sh) : 0));
    t = t > (UINT64_MAX >> sh) ? UINT64_MAX : t << sh; /* ~ sqrt(d^2 + 4R), saturated */
    den = t / 2 + d / 2 + 1;                                             /* ~ (sqrt + d) / 2 */
    x = R / den;
    Lmax = (a - 1) / 2;
    L = x >= a ? 0 : (a - x) / 2;
    if (L > Lmax) L = Lmax;
    while (L < Lmax && (a - 2 * (L + 1)) * (b - 2 * (L + 1)) >= R) L++;
    while ((a - 2 * L) * (b - 2 * L) < R) L--; /* L = 0 always passes: a*b = M*N >= R */
    w = N - 2 * L; h = M - 2 * L;
    S = MN - w * h + 1;
    off = k - S;
    if (off < w) { *r = L; *c = L + off; return SPIRAL_OK; }               /* top */
    off -= w;
    if (off < h - 1) { *r = L + 1 + off; *c = L + w - 1; return SPIRAL_OK; } /* right */
    off -= h - 1;
    if (off < w - 1) { *r = L + h - 1; *c = L + w - 2 - off; return SPIRAL_OK; } /* bottom */
    off -= w - 1;
    *r = L + h - 2 - off; *c = L;                                            /* left */
    return SPIRAL_OK;
}

/* ---- progressions: v, v+d, v+2d+dd, ... (second difference dd, 0 or -8) ----------------
 * SPIRAL__K independent lanes, each stepping by the stride-K difference of the progression
 * (one add and one xor per value, plus one add per lane and step for the quadratic
 * regimes). Every value is generated; nothing is skipped. With gcc/clang the lanes are
 * explicit vectors (vector extensions: SSE2 by default, AVX2/AVX-512 with -march), since
 * gcc 12 neither vectorizes the plain lane loops well nor, in one store variant, correctly. */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__) && !defined(SPIRAL_NO_VECTOR_EXT)
#define SPIRAL__VECTOR_EXT 1
#if defined(__AVX512F__)
#define SPIRAL__VL 8 /* 64-bit lanes per vector */
#elif defined(__AVX2__)
#define SPIRAL__VL 4
#else
#define SPIRAL__VL 2 /* SSE2, NEON */
#endif
#define SPIRAL__NV 4 /* vectors per step: enough for ILP, few enough for 16 registers */
#define SPIRAL__K (SPIRAL__NV * SPIRAL__VL)
typedef uint64_t spiral__vec __attribute__((vector_size(SPIRAL__VL * 8)));
#else
#define SPIRAL__K 16
#endif
/* Lane j starts at term j; its stride is term j+K - term j. */
static inline void spiral__lanes_init(uint64_t *V, uint64_t *D, uint64_t v, uint64_t d, uint64_t dd)
{
    int j;
    for (j = 0; j < SPIRAL__K; j++) { V[j] = v; v += d; d += dd; }
    for (j = 0; j < SPIRAL__K; j++) { D[j] = v - V[j]; v += d; d += dd; }
}
#ifdef SPIRAL__VECTOR_EXT
static inline uint64_t spiral__xor_prog(uint64_t v, uint64_t d, uint64_t dd, uint64_t n)
{
    uint64_t acc = 0, i, b, nb = n / SPIRAL__K;
    if (nb >= 2) {
        uint64_t V[SPIRAL__K], D[SPIRAL__K], A[SPIRAL__VL];
        spiral__vec vv[SPIRAL__NV], dv[SPIRAL__NV], av[SPIRAL__NV], DD;
        const uint64_t dds = dd * SPIRAL__K * SPIRAL__K;
        int j;
        spiral__lanes_init(V, D, v, d, dd);
        for (j = 0; j < SPIRAL__VL; j++) A[j] = dds;
        memcpy(&DD, A, sizeof DD);
        for (j = 0; j < SPIRAL__NV; j++) {
            memcpy(&vv[j], V + j * SPIRAL__VL, sizeof vv[j]);
            memcpy(&dv[j], D + j * SPIRAL__VL, sizeof dv[j]);
            av[j] = vv[j] ^ vv[j]; /* zero */
        }
        for (b = 0; b < nb; b++) {
            for (j = 0; j < SPIRAL__NV; j++) { av[j] ^= vv[j]; vv[j] += dv[j]; }
            if (dd)
                for (j = 0; j < SPIRAL__NV; j++) dv[j] += DD;
        }
        for (j = 1; j < SPIRAL__NV; j++) av[0] ^= av[j];
        memcpy(A, &av[0], sizeof av[0]);
        for (j = 0; j < SPIRAL__VL; j++) acc ^= A[j];
        v = V[0] + nb * D[0] + dds * (nb * (nb - 1) / 2); /* term nb*K */
        d += nb * SPIRAL__K * dd;
        n -= nb * SPIRAL__K;
    }
    for (i = 0; i < n; i++) { acc ^= v; v += d; d += dd; }
    return acc;
}
#else
static inline uint64_t spiral__xor_prog(uint64_t v, uint64_t d, uint64_t dd, uint64_t n)
{
    uint64_t acc = 0, i, b, nb = n / SPIRAL__K;
    if (nb >= 2) {
        uint64_t V[SPIRAL__K], D[SPIRAL__K], A[SPIRAL__K];
        const uint64_t DD = dd * SPIRAL__K * SPIRAL__K;
        int j;
        spiral__lanes_init(V, D, v, d, dd);
        for (j = 0; j < SPIRAL__K; j++) A[j] = 0;
        for (b = 0; b < nb; b++)
            for (j = 0; j < SPIRAL__K; j++) { A[j] ^= V[j]; V[j] += D[j]; D[j] += DD; }
        for (j = 0; j < SPIRAL__K; j++) acc ^= A[j];
        v = V[0];
        d += nb * SPIRAL__K * dd;
        n -= nb * SPIRAL__K;
    }
    for (i = 0; i < n; i++) { acc ^= v; v += d; d += dd; }
    return acc;
}
#endif
/* Emitting is bound by memory bandwidth, so a plain loop suffices (gcc 12.2 -O3 also
 * miscompiled the eight-lane form of this store loop; the scalar loop vectorizes for the
 * arithmetic regime on its own). */
static inline void spiral__emit_prog(uint64_t *out, uint64_t v, uint64_t d, uint64_t dd, uint64_t n)
{
    uint64_t i;
    for (i = 0; i < n; i++) { out[i] = v; v += d; d += dd; }
}

/* XOR of columns [c0, c1) of row r, and the same values written to out[0 .. c1-c0). */
static inline uint64_t spiral__row_xor(uint64_t M, uint64_t N, uint64_t r, uint64_t c0, uint64_t c1)
{
    spiral__rowp p = spiral__row_params(M, N, r);
    spiral__piece pc;
    uint64_t acc = 0;
    int k;
    /* literal steps per regime, as the compiler specialises the loops for them (fewer
     * instructions than passing pc.d and pc.dd through) */
    for (k = 0; k < 3; k++)
        if (spiral__row_piece(&p, N, r, c0, c1, k, &pc)) {
            if (k != 1) acc ^= spiral__xor_prog(pc.v, pc.d, (uint64_t)0 - 8, pc.n);
            else if (p.up) acc ^= spiral__xor_prog(pc.v, 1, 0, pc.n);
            else acc ^= spiral__xor_prog(pc.v, (uint64_t)0 - 1, 0, pc.n);
        }
    return acc;
}
static inline void spiral__row_emit(uint64_t M, uint64_t N, uint64_t r, uint64_t c0, uint64_t c1, uint64_t *out)
{
    spiral__rowp p = spiral__row_params(M, N, r);
    spiral__piece pc;
    int k;
    for (k = 0; k < 3; k++)
        if (spiral__row_piece(&p, N, r, c0, c1, k, &pc)) {
            if (k != 1) spiral__emit_prog(out + (pc.c - c0), pc.v, pc.d, (uint64_t)0 - 8, pc.n);
            else if (p.up) spiral__emit_prog(out + (pc.c - c0), pc.v, 1, 0, pc.n);
            else spiral__emit_prog(out + (pc.c - c0), pc.v, (uint64_t)0 - 1, 0, pc.n);
        }
}

SPIRAL_DEF spiral_status spiral_row(uint64_t M, uint64_t N, uint64_t r, uint64_t c0, uint64_t len, uint64_t *out)
{
    spiral_status s;
    if (!out && len) return SPIRAL_ERR_NULL;
    if ((s = spiral_check_size(M, N)) != SPIRAL_OK) return s;
    if (r >= M || c0 > N || len > N - c0) return SPIRAL_ERR_RANGE;
    if (len) spiral__row_emit(M, N, r, c0, c0 + len, out);
    return SPIRAL_OK;
}

SPIRAL_DEF spiral_status spiral_tile(uint64_t M, uint64_t N, uint64_t r0, uint64_t c0, uint64_t h, uint64_t w,
                                    uint64_t *out, uint64_t ld)
{
    spiral_status s;
    uint64_t i;
    if (!out && h && w) return SPIRAL_ERR_NULL;
    if ((s = spiral_check_size(M, N)) != SPIRAL_OK) return s;
    if (r0 > M || h > M - r0 || c0 > N || w > N - c0) return SPIRAL_ERR_RANGE;
    if (!h || !w) return SPIRAL_OK; /* nothing to write: any ld is fine (and ld = 0 divides nothing) */
    if (h > 1 && ld < w) return SPIRAL_ERR_ARG;
    if (h > 1 && (h - 1) > (SIZE_MAX / sizeof(uint64_t) - w) / ld) return SPIRAL_ERR_SIZE;
    for (i = 0; i < h; i++) spiral__row_emit(M, N, r0 + i, c0, c0 + w, out + i * ld);
    return SPIRAL_OK;
}

SPIRAL_DEF spiral_status spiral_fill_rows(uint64_t M, uint64_t N, uint64_t r0, uint64_t nrows, uint64_t *out,
                                         const spiral_options *opt)
{
    spiral_status s;
    uint64_t rpc, nchunk;
    int nt;
    if ((s = spiral__check_band(M, N, r0, nrows)) != SPIRAL_OK) return s;
    nchunk = spiral__chunks(nrows, N, &rpc);
    if ((s = spiral__threads(opt, nchunk, nrows * N, &nt)) != SPIRAL_OK) return s;
    if (!nrows) return SPIRAL_OK;
    if (!out) return SPIRAL_ERR_NULL;
    if (nrows > SIZE_MAX / sizeof(uint64_t) / N) return SPIRAL_ERR_SIZE;
    {
        int64_t ch;
#ifdef _OPENMP
#pragma omp parallel for num_threads(nt) schedule(dynamic, 1) if (nt > 1)
#endif
        for (ch = 0; ch < (int64_t)nchunk; ch++) {
            uint64_t i = (uint64_t)ch * rpc, e = nrows - i > rpc ? i + rpc : nrows;
            for (; i < e; i++) spiral__row_emit(M, N, r0 + i, 0, N, out + i * N);
        }
    }
    (void)nt;
    return SPIRAL_OK;
}

/* XOR of the values of rows [r0, r0+nrows): by row generation, or (per_cell) by the formula
 * for every cell, the seed's method, kept as the baseline and the oracle. Chunks of rows are
 * spread over the OpenMP threads. */
static spiral_status spiral__xor_band(uint64_t M, uint64_t N, uint64_t r0, uint64_t nrows, uint64_t *x,
                                      const spiral_options *opt, int per_cell)
{
    spiral_status s;
    uint64_t rpc, nchunk, acc = 0;
    int nt;
    if (!x) return SPIRAL_ERR_NULL;
    *x = 0;
    if ((s = spiral__check_band(M, N, r0, nrows)) != SPIRAL_OK) return s;
    nchunk = spiral__chunks(nrows, N, &rpc);
    if ((s = spiral__threads(opt, nchunk, nrows * N, &nt)) != SPIRAL_OK) return s;
    {
        int64_t ch;
#ifdef _OPENMP
#pragma omp parallel for num_threads(nt) schedule(dynamic, 1) reduction(^ : acc) if (nt > 1)
#endif
        for (ch = 0; ch < (int64_t)nchunk; ch++) {
            uint64_t i = (uint64_t)ch * rpc, e = nrows - i > rpc ? i + rpc : nrows, c;
            if (per_cell) {
                for (; i < e; i++)
                    for (c = 0; c < N; c++) acc ^= spiral_value(M, N, r0 + i, c);
            } else {
                for (; i < e; i++) acc ^= spiral__row_xor(M, N, r0 + i, 0, N);
            }
        }
    }
    (void)nt;
    *x = acc;
    return SPIRAL_OK;
}

SPIRAL_DEF spiral_status spiral_checksum_rows(uint64_t M, uint64_t N, uint64_t r0, uint64_t nrows, uint64_t *x,
                                             const spiral_options *opt)
{
    return spiral__xor_band(M, N, r0, nrows, x, opt, 0);
}

SPIRAL_DEF spiral_status spiral_checksum(uint64_t M, uint64_t N, uint64_t *x, const spiral_options *opt)
{
    return spiral__xor_band(M, N, 0, M, x, opt, 0);
}

SPIRAL_DEF spiral_status spiral_checksum_formula_rows(uint64_t M, uint64_t N, uint64_t r0, uint64_t nrows,
                                                     uint64_t *x, const spiral_options *opt)
{
    return spiral__xor_band(M, N, r0, nrows, x, opt, 1);
}

/* ---- payload reordering (CPU): the same tile runs as the GPU kernel ----------------------
 * Tiles of T x T cells; each run is contiguous in spiral order and a row piece or a column
 * piece of the tile in row-major order, so both sides stay cache-friendly. */
#define SPIRAL__CPU_TILE 64
static inline void spiral__copy_elem(unsigned char *dst, const unsigned char *src, size_t es)
{
    switch (es) { /* constant sizes let the compiler emit single moves */
    case 1: memcpy(dst, src, 1); break;
    case 2: memcpy(dst, src, 2); break;
    case 4: memcpy(dst, src, 4); break;
    case 8: memcpy(dst, src, 8); break;
    case 12: memcpy(dst, src, 12); break;
    case 16: memcpy(dst, src, 16); break;
    default: memcpy(dst, src, es); break;
    }
}

static void spiral__reorder_tile(uint64_t M, uint64_t N, size_t es, const unsigned char *in, unsigned char *out,
                                 int to_spiral, uint64_t r0, uint64_t c0, uint32_t th, uint32_t tw)
{
    uint32_t idx;
    for (idx = 0; idx < th + tw; idx++) {
        spiral__run run;
        uint32_t e;
        if (!spiral__tile_run(M, N, r0, c0, th, tw, idx, &run)) continue;
        for (e = 0; e < run.len; e++) {
            uint64_t rr = r0 + (uint64_t)((int64_t)run.ti + (int64_t)e * run.di);
            uint64_t cc = c0 + (uint64_t)((int64_t)run.tj + (int64_t)e * run.dj);
            size_t rm = (size_t)(rr * N + cc) * es, sp = (size_t)(run.pos + e) * es;
            if (to_spiral) spiral__copy_elem(out + sp, in + rm, es);
            else spiral__copy_elem(out + rm, in + sp, es);
        }
    }
}

/* Argument checks shared by the CPU and GPU reordering; *bytes = M*N*es. */
static spiral_status spiral__check_reorder(uint64_t M, uint64_t N, size_t es, const void *in, const void *out,
                                           spiral_direction dir, size_t *bytes)
{
    spiral_status s;
    uintptr_t a, b;
    if ((s = spiral_check_size(M, N)) != SPIRAL_OK) return s;
    if (!in || !out) return SPIRAL_ERR_NULL;
    if (es == 0 || (dir != SPIRAL_TO_SPIRAL && dir != SPIRAL_TO_ROWMAJOR)) return SPIRAL_ERR_ARG;
    if (M * N > SIZE_MAX / es) return SPIRAL_ERR_SIZE;
    *bytes = (size_t)(M * N) * es;
    a = (uintptr_t)in; b = (uintptr_t)out;
    if (a < b ? b - a < *bytes : a - b < *bytes) return SPIRAL_ERR_ARG; /* overlapping buffers */
    return SPIRAL_OK;
}

SPIRAL_DEF spiral_status spiral_reorder(uint64_t M, uint64_t N, size_t elem_size, const void *in, void *out,
                                       spiral_direction dir, const spiral_options *opt)
{
    spiral_status s;
    uint64_t T = SPIRAL__CPU_TILE, ty, tx, nt;
    size_t bytes;
    int nth;
    if ((s = spiral__check_reorder(M, N, elem_size, in, out, dir, &bytes)) != SPIRAL_OK) return s;
    ty = spiral__ceil_div(M, T); tx = spiral__ceil_div(N, T);
    if (ty > UINT64_MAX / tx || ty * tx > INT64_MAX) return SPIRAL_ERR_SIZE;
    nt = ty * tx;
    if ((s = spiral__threads(opt, nt, M * N, &nth)) != SPIRAL_OK) return s;
    {
        int64_t t;
#ifdef _OPENMP
#pragma omp parallel for num_threads(nth) schedule(dynamic, 4) if (nth > 1)
#endif
        for (t = 0; t < (int64_t)nt; t++) {
            uint64_t r0 = ((uint64_t)t / tx) * T, c0 = ((uint64_t)t % tx) * T;
            spiral__reorder_tile(M, N, elem_size, (const unsigned char *)in, (unsigned char *)out,
                                 dir == SPIRAL_TO_SPIRAL, r0, c0, (uint32_t)spiral__min(T, M - r0),
                                 (uint32_t)spiral__min(T, N - c0));
        }
    }
    (void)nth;
    return SPIRAL_OK;
}

#ifdef __cplusplus
}
#endif
/* ---- CUDA ------------------------------------------------------------------------------- */
#ifdef __CUDACC__

#define SPIRAL__THREADS 256

/* Warp shuffle, then one shared-memory hop and a single __syncthreads (seed 5.2), then one
 * 64-bit atomicXor per block. Every thread of the block must call it. */
static __device__ __forceinline__ void spiral__block_xor(unsigned long long acc, unsigned long long *out)
{
    __shared__ unsigned long long warp_x[32];
    const unsigned tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); /* 1-3D blocks */
    const unsigned lane = tid & 31, wid = tid >> 5, nw = (blockDim.x * blockDim.y * blockDim.z + 31) >> 5;
    for (int off = 16; off > 0; off >>= 1) acc ^= __shfl_down_sync(0xffffffffu, acc, off);
    if (lane == 0) warp_x[wid] = acc;
    __syncthreads();
    if (wid == 0) {
        acc = lane < nw ? warp_x[lane] : 0ull;
        for (int off = 16; off > 0; off >>= 1) acc ^= __shfl_down_sync(0xffffffffu, acc, off);
        if (lane == 0 && acc) atomicXor(out, acc);
    }
}

/* XOR of v, v+d, ... (n terms, second difference dd) in registers; 8-way unrolled with
 * independent offsets for the arithmetic case so adds and xors overlap. */
static SPIRAL_HD __forceinline__ uint64_t spiral__dxor_lin(uint64_t v, uint64_t s, uint64_t n)
{
    uint64_t a0 = 0, a1 = 0;
    const uint64_t s2 = 2 * s, s3 = 3 * s, s4 = 4 * s, s5 = 5 * s, s6 = 6 * s, s7 = 7 * s, s8 = 8 * s;
    for (; n >= 8; n -= 8, v += s8) {
        a0 ^= v ^ (v + s) ^ (v + s2) ^ (v + s3);
        a1 ^= (v + s4) ^ (v + s5) ^ (v + s6) ^ (v + s7);
    }
    for (; n; n--, v += s) a0 ^= v;
    return a0 ^ a1;
}
static SPIRAL_HD __forceinline__ uint64_t spiral__dxor_quad(uint64_t v, uint64_t d, uint64_t dd, uint64_t n)
{
    uint64_t a = 0;
#ifdef __CUDA_ARCH__
#pragma unroll 4
#endif
    for (uint64_t i = 0; i < n; i++) { a ^= v; v += d; d += dd; }
    return a;
}
static SPIRAL_HD __forceinline__ uint64_t spiral__drow_xor(uint64_t M, uint64_t N, uint64_t r, uint64_t c0,
                                                            uint64_t c1)
{
    spiral__rowp p = spiral__row_params(M, N, r);
    spiral__piece pc;
    uint64_t acc = 0;
#ifdef __CUDA_ARCH__
#pragma unroll
#endif
    for (int k = 0; k < 3; k++)
        if (spiral__row_piece(&p, N, r, c0, c1, k, &pc))
            acc ^= pc.dd ? spiral__dxor_quad(pc.v, pc.d, pc.dd, pc.n) : spiral__dxor_lin(pc.v, pc.d, pc.n);
    return acc;
}

/* Each thread takes contiguous segments of SEG cells of the band (flattened row-major),
 * grid-stride; a segment may span rows. One 64-bit division per segment. */
#define SPIRAL__SEG 512
static __global__ void __launch_bounds__(SPIRAL__THREADS)
spiral__k_checksum(uint64_t M, uint64_t N, uint64_t r0, uint64_t total, uint64_t nseg, unsigned long long *out)
{
    uint64_t acc = 0;
    uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t sg = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; sg < nseg; sg += stride) {
        uint64_t e0 = sg * SPIRAL__SEG, e1 = total - e0 > SPIRAL__SEG ? e0 + SPIRAL__SEG : total;
        uint64_t r = r0 + e0 / N, c = e0 % N;
        while (e0 < e1) {
            uint64_t n = spiral__min(e1 - e0, N - c);
            acc ^= spiral__drow_xor(M, N, r, c, c + n);
            e0 += n; r++; c = 0;
        }
    }
    spiral__block_xor(acc, out);
}

/* The seed's branchless per-cell formula (5.3), the baseline the row kernel is measured
 * against; also an independent oracle in the tests. */
static __device__ __forceinline__ uint64_t spiral__value_branchless(uint64_t M, uint64_t N, uint64_t r, uint64_t c)
{
    uint64_t L = spiral__min(spiral__min(r, c), spiral__min(M - 1 - r, N - 1 - c));
    uint64_t w = N - 2 * L, h = M - 2 * L, S = M * N - w * h + 1;
    bool c1 = (r == L);
    bool c2 = (!c1) & (c == L + w - 1);
    bool c3 = (!c1) & (!c2) & (r == L + h - 1) & (h > 1);
    bool c4 = (!c1) & (!c2) & (!c3);
    uint64_t v1 = S + (c - L), v2 = S + w + (r - L) - 1;
    uint64_t v3 = S + w + h - 2 + (L + w - 1 - c), v4 = S + 2 * w + h - 3 + (L + h - 1 - r);
    return c1 * v1 + c2 * v2 + c3 * v3 + c4 * v4;
}
static __global__ void __launch_bounds__(SPIRAL__THREADS)
spiral__k_checksum_formula(uint64_t M, uint64_t N, uint64_t r0, uint64_t nrows, unsigned long long *out)
{
    const uint64_t sy = (uint64_t)gridDim.y * blockDim.y, sx = (uint64_t)gridDim.x * blockDim.x;
    uint64_t acc = 0;
    /* grid-stride loops that stop before the index would wrap past 2^64 */
    for (uint64_t i = (uint64_t)blockIdx.y * blockDim.y + threadIdx.y; i < nrows; i = nrows - i > sy ? i + sy : nrows)
        for (uint64_t c = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; c < N; c = N - c > sx ? c + sx : N)
            acc ^= spiral__value_branchless(M, N, r0 + i, c);
    spiral__block_xor(acc, out);
}

/* Fill: block (x, y) writes chunks x, x+gridDim.x, ... of rows y, y+gridDim.y, ...; each
 * thread stores 16 bytes (two values) per step, consecutive threads consecutive pairs. */
#define SPIRAL__FILL_UNROLL 4
static __global__ void __launch_bounds__(SPIRAL__THREADS)
spiral__k_fill(uint64_t M, uint64_t N, uint64_t r0, uint64_t nrows, uint64_t *out)
{
    const uint64_t pairs_per_chunk = (uint64_t)blockDim.x * SPIRAL__FILL_UNROLL;
    const uint64_t odd_base = ((uintptr_t)out >> 3) & 1; /* element g is 16-aligned iff g+odd_base even */
    for (uint64_t i = blockIdx.y; i < nrows; i += gridDim.y) {
        const uint64_t r = r0 + i, g0 = i * N;
        const spiral__rowp p = spiral__row_params(M, N, r);
        const uint64_t head = (g0 + odd_base) & 1, npairs = (N - head) / 2;
        if (blockIdx.x == 0) { /* unpaired first and last element of the row */
            if (threadIdx.x == 0 && head) out[g0] = spiral__row_v(&p, N, r, 0);
            if (threadIdx.x == 1 && ((N - head) & 1)) out[g0 + N - 1] = spiral__row_v(&p, N, r, N - 1);
        }
        ulonglong2 *o2 = reinterpret_cast<ulonglong2 *>(out + g0 + head);
        for (uint64_t q0 = (uint64_t)blockIdx.x * pairs_per_chunk; q0 < npairs; q0 += (uint64_t)gridDim.x * pairs_per_chunk) {
#pragma unroll
            for (int u = 0; u < SPIRAL__FILL_UNROLL; u++) {
                uint64_t q = q0 + (uint64_t)u * blockDim.x + threadIdx.x;
                if (q < npairs) {
                    uint64_t c = head + 2 * q;
                    ulonglong2 v;
                    v.x = spiral__row_v(&p, N, r, c);
                    v.y = spiral__row_v(&p, N, r, c + 1);
                    o2[q] = v;
                }
            }
        }
    }
}

/* Reordering with shared-memory tiles (seed 8.2). Word is the widest type dividing the
 * element size, W words per element; the tile is T x T elements with one word of padding
 * per row. To spiral: coalesced row reads into the tile, then each warp writes whole runs
 * (contiguous in spiral order) from the tile. To row-major: the same runs are read, the
 * tile rows written. */
template <typename Word>
static __global__ void __launch_bounds__(SPIRAL__THREADS)
spiral__k_reorder(uint64_t M, uint64_t N, uint32_t W, uint32_t T, uint64_t tiles_x, uint64_t ntiles,
                  const Word *__restrict__ in, Word *__restrict__ out, int to_spiral)
{
    extern __shared__ unsigned char spiral__smem_raw[];
    spiral__run *runs = reinterpret_cast<spiral__run *>(spiral__smem_raw);
    __shared__ int nruns_s;
    const uint32_t pitch = T * W + 1, max_runs = 2 * T;
    Word *tile = reinterpret_cast<Word *>(spiral__smem_raw + ((max_runs * sizeof(spiral__run) + 15) & ~(size_t)15));
    const uint32_t lane = threadIdx.x & 31, wid = threadIdx.x >> 5, nw = blockDim.x >> 5;
    for (uint64_t t = blockIdx.x; t < ntiles; t += gridDim.x) {
        const uint64_t r0 = (t / tiles_x) * T, c0 = (t % tiles_x) * T;
        const uint32_t th = (uint32_t)spiral__min(T, M - r0), tw = (uint32_t)spiral__min(T, N - c0);
        const uint32_t rw = tw * W; /* words per tile row */
        if (threadIdx.x == 0) nruns_s = 0;
        __syncthreads();
        for (uint32_t idx = threadIdx.x; idx < th + tw; idx += blockDim.x) {
            spiral__run run;
            if (spiral__tile_run(M, N, r0, c0, th, tw, idx, &run)) runs[atomicAdd(&nruns_s, 1)] = run;
        }
        if (to_spiral) /* rows of the tile: lanes along the row's words, coalesced */
            for (uint32_t i = wid; i < th; i += nw) {
                const Word *src = in + ((r0 + i) * N + c0) * W;
                for (uint32_t j = lane; j < rw; j += 32) tile[i * pitch + j] = src[j];
            }
        __syncthreads();
        const int nr = nruns_s;
        for (int k = wid; k < nr; k += nw) { /* one warp per run, lanes along its words */
            const spiral__run run = runs[k];
            const uint32_t nwords = run.len * W;
            Word *sp = (Word *)(to_spiral ? (const Word *)out : in) + run.pos * W;
            for (uint32_t q = lane; q < nwords; q += 32) {
                uint32_t e = W == 1 ? q : q / W, wd = q - e * W;
                uint32_t ti = run.ti + e * run.di, tj = run.tj + e * run.dj;
                Word *cell = &tile[ti * pitch + tj * W + wd];
                if (to_spiral) sp[q] = *cell;
                else *cell = sp[q];
            }
        }
        __syncthreads();
        if (!to_spiral)
            for (uint32_t i = wid; i < th; i += nw) {
                Word *dst = out + ((r0 + i) * N + c0) * W;
                for (uint32_t j = lane; j < rw; j += 32) dst[j] = tile[i * pitch + j];
            }
        __syncthreads(); /* the tile and run list are reused by the next tile */
    }
}

static int spiral__sm_count(void)
{
    int dev = 0, sms = 0;
    if (cudaGetDevice(&dev) != cudaSuccess) return 80;
    if (cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess || sms <= 0) return 80;
    return sms;
}

/* Workspace check shared by every entry point: at least the queried size, and a pointer when
 * any is given. */
static spiral_status spiral__check_ws(const void *d_ws, size_t ws_bytes, size_t need)
{
    if (ws_bytes < need) return SPIRAL_ERR_SIZE;
    if (ws_bytes && !d_ws) return SPIRAL_ERR_NULL;
    return SPIRAL_OK;
}

extern "C" {

SPIRAL_DEF size_t spiral_cuda_workspace_size(uint64_t M, uint64_t N, size_t elem_size)
{
    (void)M; (void)N; (void)elem_size;
    return 0; /* no kernel needs scratch today; the parameter keeps the API stable if one does */
}

SPIRAL_DEF spiral_status spiral_cuda_checksum(uint64_t M, uint64_t N, uint64_t r0, uint64_t nrows,
                                             unsigned long long *d_x, void *d_ws, size_t ws_bytes,
                                             cudaStream_t stream)
{
    spiral_status s;
    if (!d_x) return SPIRAL_ERR_NULL;
    if ((s = spiral__check_ws(d_ws, ws_bytes, spiral_cuda_workspace_size(M, N, 8))) != SPIRAL_OK) return s;
    s = spiral__check_band(M, N, r0, nrows);
    if (s != SPIRAL_OK && s != SPIRAL_ERR_EMPTY) return s;
    if (cudaMemsetAsync(d_x, 0, sizeof *d_x, stream) != cudaSuccess) return SPIRAL_ERR_CUDA;
    if (s != SPIRAL_OK || nrows == 0) return s;
    {
        uint64_t total = nrows * N, nseg = spiral__ceil_div(total, SPIRAL__SEG);
        uint64_t blocks = spiral__ceil_div(nseg, SPIRAL__THREADS), cap = (uint64_t)spiral__sm_count() * 8;
        spiral__k_checksum<<<(unsigned)spiral__min(blocks, cap), SPIRAL__THREADS, 0, stream>>>(M, N, r0, total, nseg,
                                                                                                d_x);
    }
    return cudaGetLastError() == cudaSuccess ? SPIRAL_OK : SPIRAL_ERR_CUDA;
}

SPIRAL_DEF spiral_status spiral_cuda_checksum_formula(uint64_t M, uint64_t N, uint64_t r0, uint64_t nrows,
                                                     unsigned long long *d_x, void *d_ws, size_t ws_bytes,
                                                     cudaStream_t stream)
{
    spiral_status s;
    if (!d_x) return SPIRAL_ERR_NULL;
    if ((s = spiral__check_ws(d_ws, ws_bytes, spiral_cuda_workspace_size(M, N, 8))) != SPIRAL_OK) return s;
    s = spiral__check_band(M, N, r0, nrows);
    if (s != SPIRAL_OK && s != SPIRAL_ERR_EMPTY) return s;
    if (cudaMemsetAsync(d_x, 0, sizeof *d_x, stream) != cudaSuccess) return SPIRAL_ERR_CUDA;
    if (s != SPIRAL_OK || nrows == 0) return s;
    {
        dim3 blk(32, SPIRAL__THREADS / 32);
        uint64_t gx = spiral__ceil_div(N, 32), gy = spiral__ceil_div(nrows, blk.y);
        dim3 grid((unsigned)spiral__min(gx, 65535), (unsigned)spiral__min(gy, 65535));
        spiral__k_checksum_formula<<<grid, blk, 0, stream>>>(M, N, r0, nrows, d_x);
    }
    return cudaGetLastError() == cudaSuccess ? SPIRAL_OK : SPIRAL_ERR_CUDA;
}

SPIRAL_DEF spiral_status spiral_cuda_fill_rows(uint64_t M, uint64_t N, uint64_t r0, uint64_t nrows, uint64_t *d_out,
                                              void *d_ws, size_t ws_bytes, cudaStream_t stream)
{
    spiral_status s = spiral__check_band(M, N, r0, nrows);
    if (s != SPIRAL_OK) return s;
    if ((s = spiral__check_ws(d_ws, ws_bytes, spiral_cuda_workspace_size(M, N, 8))) != SPIRAL_OK) return s;
    if (!nrows) return SPIRAL_OK;
    if (!d_out) return SPIRAL_ERR_NULL;
    if (nrows > SIZE_MAX / sizeof(uint64_t) / N) return SPIRAL_ERR_SIZE;
    if (((uintptr_t)d_out & 7) != 0) return SPIRAL_ERR_ARG;
    {
        uint64_t ppc = (uint64_t)SPIRAL__THREADS * SPIRAL__FILL_UNROLL;
        uint64_t gx = spiral__ceil_div(N / 2, ppc);
        dim3 grid((unsigned)spiral__min(gx ? gx : 1, 65535), (unsigned)spiral__min(nrows, 65535));
        spiral__k_fill<<<grid, SPIRAL__THREADS, 0, stream>>>(M, N, r0, nrows, d_out);
    }
    return cudaGetLastError() == cudaSuccess ? SPIRAL_OK : SPIRAL_ERR_CUDA;
}

SPIRAL_DEF spiral_status spiral_cuda_reorder(uint64_t M, uint64_t N, size_t elem_size, const void *d_in, void *d_out,
                                            spiral_direction dir, void *d_ws, size_t ws_bytes, cudaStream_t stream)
{
    spiral_status s;
    size_t ws, bytes;
    uint32_t W, T = 64; /* 64 x 64 tiles for elements up to 8 bytes: runs of 256-512 bytes */
    const size_t smem_cap = 40 * 1024;
    if ((s = spiral__check_reorder(M, N, elem_size, d_in, d_out, dir, &bytes)) != SPIRAL_OK) return s;
    if ((s = spiral__check_ws(d_ws, ws_bytes, spiral_cuda_workspace_size(M, N, elem_size))) != SPIRAL_OK) return s;
    {
        uintptr_t al = (uintptr_t)d_in | (uintptr_t)d_out;
        ws = (elem_size % 16 == 0 && al % 16 == 0) ? 16 : (elem_size % 8 == 0 && al % 8 == 0) ? 8
           : (elem_size % 4 == 0 && al % 4 == 0) ? 4 : (elem_size % 2 == 0 && al % 2 == 0) ? 2 : 1;
    }
    if (elem_size / ws > 65536) return SPIRAL_ERR_ARG;
    W = (uint32_t)(elem_size / ws);
    for (;;) { /* largest tile whose words and run list fit the shared-memory budget */
        size_t need = ((2 * T * sizeof(spiral__run) + 15) & ~(size_t)15) + (size_t)T * (T * W + 1) * ws;
        if (need <= smem_cap) break;
        if (T == 1) return SPIRAL_ERR_ARG; /* element too large */
        T /= 2;
    }
    {
        size_t smem = ((2 * T * sizeof(spiral__run) + 15) & ~(size_t)15) + (size_t)T * (T * W + 1) * ws;
        uint64_t tiles_x = spiral__ceil_div(N, T), ntiles = spiral__ceil_div(M, T) * tiles_x;
        unsigned grid = (unsigned)spiral__min(ntiles, (uint64_t)spiral__sm_count() * 16);
        int ts = dir == SPIRAL_TO_SPIRAL;
        switch (ws) {
        case 16: spiral__k_reorder<uint4><<<grid, SPIRAL__THREADS, smem, stream>>>(M, N, W, T, tiles_x, ntiles, (const uint4 *)d_in, (uint4 *)d_out, ts); break;
        case 8: spiral__k_reorder<unsigned long long><<<grid, SPIRAL__THREADS, smem, stream>>>(M, N, W, T, tiles_x, ntiles, (const unsigned long long *)d_in, (unsigned long long *)d_out, ts); break;
        case 4: spiral__k_reorder<unsigned><<<grid, SPIRAL__THREADS, smem, stream>>>(M, N, W, T, tiles_x, ntiles, (const unsigned *)d_in, (unsigned *)d_out, ts); break;
        case 2: spiral__k_reorder<unsigned short><<<grid, SPIRAL__THREADS, smem, stream>>>(M, N, W, T, tiles_x, ntiles, (const unsigned short *)d_in, (unsigned short *)d_out, ts); break;
        default: spiral__k_reorder<unsigned char><<<grid, SPIRAL__THREADS, smem, stream>>>(M, N, W, T, tiles_x, ntiles, (const unsigned char *)d_in, (unsigned char *)d_out, ts); break;
        }
    }
    return cudaGetLastError() == cudaSuccess ? SPIRAL_OK : SPIRAL_ERR_CUDA;
}

} /* extern "C" */
#endif /* __CUDACC__ */

#endif /* SPIRAL_IMPLEMENTATION */

/*
------------------------------------------------------------------------------
REVISION HISTORY
  1.0.0  spiral_options_default()/SPIRAL_OPTIONS_INIT; SPIRAL_MAX_THREADS is 1024 (was 4096)
  0.9.0  SPIRAL_ERR_EMPTY -16, SPIRAL_ERR_RANGE -17 (own codes from -16); SPIRAL_DEF (was
         SPIRALDEF); version = the project version; the LICENSE text at the end
  0.2.0  house conventions: spiral_value(M, N, r, c) (was r, c, M, N); spiral_options with
         threads for the OpenMP functions; CUDA entry points take (d_ws, ws_bytes, stream)
         with spiral_cuda_workspace_size; statuses renumbered (SPIRAL_ERR_OVERFLOW is now
         SPIRAL_ERR_SIZE); SPIRAL_DEF overridable; no unused MALLOC/FREE/ASSERT hooks;
         spiral_tile with w = 0 and ld = 0 no longer divides by zero; chunk and grid counts
         of bands near 2^64 rows no longer wrap; overlapping reorder buffers refused
  0.1.0  first release: value, coord, rows, tiles, bands, checksums (CPU, OpenMP, CUDA),
         payload reordering (CPU, CUDA)
------------------------------------------------------------------------------
*/

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
