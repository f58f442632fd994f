// Shared by the GPU test programs: stop with a message on any CUDA error, compare buffers.
#pragma once
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#define CK(call)                                                                                \
  do {                                                                                          \
    cudaError_t err_ = (call);                                                                  \
    if (err_ != cudaSuccess) {                                                                  \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));        \
      std::exit(2);                                                                             \
    }                                                                                           \
  } while (0)

inline void requireTwoGpus() {
  int count = 0;
  CK(cudaGetDeviceCount(&count));
  if (count < 2) {
    std::fprintf(stderr, "needs 2 GPUs, found %d\n", count);
    std::exit(2);
  }
}

// Fills host memory with a pattern that depends on `seed`.
inline void fill(unsigned char *p, size_t n, unsigned seed) {
  for (size_t i = 0; i < n; ++i)
    p[i] = static_cast<unsigned char>((i * 31 + seed) & 0xff);
}

inline bool same(const unsigned char *a, const unsigned char *b, size_t n) {
  return std::memcmp(a, b, n) == 0;
}
