/* homcomp.cuh: compile-only check (tests/meson.build builds it where GCC gives FLT_EVAL_METHOD 16
 * for -std=gnu17 -mavx512fp16; nothing runs, so no AVX512-FP16 CPU is needed). GNU C sets 16
 * wherever AVX512-FP16 is on (gcc -march=native on Sapphire Rapids); float is then evaluated in
 * its own type, so the float32 fast paths must stay on (they were off before 2026-11-28:
 * compress 5x slower for such builds). */
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"

_Static_assert(FLT_EVAL_METHOD == 16, "this unit is built where FLT_EVAL_METHOD is 16");
_Static_assert(HC__FLT_FAST, "the float32 fast paths are off where FLT_EVAL_METHOD is 16");
