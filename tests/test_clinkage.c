/* C linkage (issue 22): a C program calls the CUDA entry points of every header, compiled by
 * nvcc in tests/test_clinkage_impl.cu. C cannot include the CUDA parts of the headers, so the
 * prototypes are written here as a C user would; if any function had C++ linkage (a mangled
 * name), this program would not link. Needs no GPU: only pure functions are called. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "homcomp.cuh" /* the C part: hc_status */
#include "check.h"

size_t hc_cuda_workspace_size(uint64_t n);
void *hc_cuda_result_ptr(void *d_ws);
size_t sa_cuda_workspace_size(int64_t n);
size_t sa_cuda_workspace_size64(int64_t n);
const char *sa_cuda_status_string(int status);
size_t spiral_cuda_workspace_size(uint64_t M, uint64_t N, size_t elem_size);

int main(int argc, char **argv)
{
    check_init(argc, argv);
    char ws[64];
    CHECK(hc_cuda_workspace_size(1000) > 0);
    CHECK(hc_cuda_result_ptr(ws) == (void *)ws);
    /* sa_cuda's sizes ask CUB, which needs a device: only the refused size is checked */
    CHECK(sa_cuda_workspace_size(-1) == 0 && sa_cuda_workspace_size64(-1) == 0);
    CHECK(strcmp(sa_cuda_status_string(0), "ok") == 0);
    CHECK(spiral_cuda_workspace_size(3, 3, 4) == 0);
    return check_done();
}
