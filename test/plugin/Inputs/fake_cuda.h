/* A CPU stand-in for the CUDA runtime: prints each call's arguments so a test can compare the
 * behaviour of a program before and after instrumentation. C and C++. */
#ifndef FAKE_CUDA_H
#define FAKE_CUDA_H
#include <stdio.h>
#include <string.h>
typedef int cudaError_t;
enum cudaMemcpyKind { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1,
                      cudaMemcpyDeviceToHost = 2, cudaMemcpyDeviceToDevice = 3,
                      cudaMemcpyDefault = 4 };
static int fake_calls = 0;
static cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind) {
  memcpy(dst, src, n);
  printf("cudaMemcpy #%d n=%zu kind=%d\n", ++fake_calls, n, (int)kind);
  return (cudaError_t)(n % 3);
}
static cudaError_t cudaMemset(void *dst, int value, size_t n) {
  memset(dst, value, n);
  printf("cudaMemset #%d n=%zu value=%d\n", ++fake_calls, n, value);
  return 0;
}
#endif
