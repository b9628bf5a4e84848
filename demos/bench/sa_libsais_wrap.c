/* sa_libsais_wrap.c - compiles a libsais source folder's src/libsais.c (found through -I, see
 * demos/bench/meson.build's libsais_dir) with its malloc/free counted, for sa_libsais_bench.
 * libsais allocates only through one aligned-allocation helper that calls malloc and free;
 * <stdlib.h> is included first, so the macros below rename only those calls, not the
 * declarations. Nothing of libsais is copied into this repository. */
#include <stdlib.h>
#include <stddef.h>

void *sa_lb_peer_malloc(size_t sz);
void sa_lb_peer_free(void *p);
#define malloc(sz) sa_lb_peer_malloc(sz)
#define free(p) sa_lb_peer_free(p)
#include "libsais.c"
