// The same checks compiled as C++ (stb convention: headers must build in C and C++).
#include "test_headers.c"
