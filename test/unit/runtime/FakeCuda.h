/* The CPU stand-in for CUDA that the exit tests link: libcupti.so.13 and libcuda.so.1 built from
 * FakeCupti.cpp and FakeDriver.cpp. A "copy" here is a memcpy that CUPTI's request callback
 * sees as cudaMemcpy and that later appears as a MEMCPY activity record, so the real runtime
 * records its request and its observation without a GPU. */
#ifndef COMMLEDGER_TEST_FAKE_CUDA_H
#define COMMLEDGER_TEST_FAKE_CUDA_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* memcpy(dst, src, bytes) as cudaMemcpy(..., cudaMemcpyHostToHost); returns 0.
 */
int fake_cuda_memcpy(void *dst, const void *src, size_t bytes);

#ifdef __cplusplus
}
#endif
#endif
