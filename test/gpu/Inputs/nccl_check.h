// Shared by the NCCL test programs: stop with a message on any NCCL error, fill a rank's buffer
// with a known pattern on the device, and compare a device buffer with a host-computed answer.
// The pattern values are small integers, so sums over up to 16 ranks stay exact in float.
#pragma once
#include "gpu_check.h"

#include <nccl.h>

#include <vector>

#define NCCLCHECK(call)                                                                            \
  do {                                                                                             \
    ncclResult_t res_ = (call);                                                                    \
    if (res_ != ncclSuccess) {                                                                     \
      std::fprintf(stderr, "%s:%d: NCCL error: %s\n", __FILE__, __LINE__,                          \
                   ncclGetErrorString(res_));                                                      \
      std::exit(2);                                                                                \
    }                                                                                              \
  } while (0)

// Element i of rank r's send buffer; largest value for 16 ranks: 1020 + 1024·15, sums ≤ 2^24.
__host__ __device__ inline float ncclPattern(int rank, size_t i) {
  return static_cast<float>((i % 1021) + 1024 * static_cast<size_t>(rank));
}

__global__ void ncclPatternKernel(float *p, size_t n, int rank) {
  for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<size_t>(gridDim.x) * blockDim.x)
    p[i] = ncclPattern(rank, i);
}

// Fills p[0, n) with rank's pattern on the current device, ordered on `stream`.
inline void fillPattern(float *p, size_t n, int rank, cudaStream_t stream) {
  ncclPatternKernel<<<1024, 256, 0, stream>>>(p, n, rank);
  CK(cudaGetLastError());
}

// Copies n floats of device buffer p back and compares each with expected(i); prints the first
// mismatch. The caller has synchronized the stream that produced p.
template <typename Expected>
bool verifyFloats(const char *what, int rank, const float *p, size_t n, Expected expected) {
  std::vector<float> host(n);
  CK(cudaMemcpy(host.data(), p, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < n; ++i) {
    const float want = expected(i);
    if (host[i] != want) {
      std::fprintf(stderr, "%s: rank %d element %zu: got %g, want %g\n", what, rank, i,
                   static_cast<double>(host[i]), static_cast<double>(want));
      return false;
    }
  }
  return true;
}

// Sum over ranks of element i: what AllReduce / Reduce / ReduceScatter produce.
inline float patternSum(int nranks, size_t i) {
  float s = 0;
  for (int k = 0; k < nranks; ++k)
    s += ncclPattern(k, i);
  return s;
}
