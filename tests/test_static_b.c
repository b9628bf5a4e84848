/* Second unit of the STATIC link test: see test_static_a.c. */
#define STATIC_UNIT b
#include "test_static_a.c"
