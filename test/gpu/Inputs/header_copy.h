// A copy spelled in a header: the instrumenter rewrites only the main file, so this call keeps
// no site and its traffic is unattributed.
#pragma once
#include <cuda_runtime.h>

inline cudaError_t copyInHeader(void *dst, const void *src, size_t bytes) {
  return cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice);
}
