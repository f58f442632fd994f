// The rewritten .cu compiles with nvcc (host compiler g++), kernels and all.
// REQUIRES: nvcc
// RUN: %commledger-instrument %s --project-root %S --output %t.cu --
// RUN: %nvcc -c -I%rt_include %t.cu -o %t.o
// RUN: FileCheck %s --input-file=%t.cu
#include <cuda.h>
#include <cuda_runtime.h>

#define CHECK(x) if ((x) != cudaSuccess) return 1

__constant__ float coefficients[16];
__global__ void scale(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= coefficients[i % 16];
}

template <typename T> int roundTrip(T *h, int n) {
  T *d;
  CHECK(cudaMalloc(&d, n * sizeof(T)));
  CHECK(cudaMemcpy(d, h, n * sizeof(T), cudaMemcpyHostToDevice));
  // CHECK: CHECK(COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, cudaMemcpy(d, h, n * sizeof(T), cudaMemcpyHostToDevice)));
  scale<<<(n + 255) / 256, 256>>>((float *)d, n);
  // CHECK: COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, (::commledger_rt::launch_values<1>({{.*}}(unsigned long long)(int)(n), (unsigned long long)(const volatile void *)((float *)d)}), scale<<<(n + 255) / 256, 256>>>((float *)d, n)));
  CHECK(cudaMemcpyToSymbol(coefficients, h, 16 * sizeof(float)));
  // CHECK: CHECK(COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, cudaMemcpyToSymbol(coefficients, h, 16 * sizeof(float))));
  cuMemcpyDtoH(h, (CUdeviceptr)d, n * sizeof(T));
  // CHECK: COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, cuMemcpyDtoH(h, (CUdeviceptr)d, n * sizeof(T)));
  return cudaFree(d) == cudaSuccess ? 0 : 1;
}

int main() {
  float h[64] = {};
  return roundTrip(h, 64);
}
