// A CUDA file compiled by clang with the plugin (host side, real CUDA headers): the object calls
// commledger_enter around the copy; the same compile without the plugin does not.
// REQUIRES: nvcc
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -x cuda --cuda-host-only -nocudalib -Wno-unknown-cuda-version -fplugin=%plugin -fplugin-arg-commledger-sites=%t/sites.json -fplugin-arg-commledger-project-root=%S -c %s -o %t/with.o
// RUN: %clangxx -x cuda --cuda-host-only -nocudalib -Wno-unknown-cuda-version -c %s -o %t/without.o
// RUN: llvm-nm %t/with.o | FileCheck %s
// RUN: llvm-nm %t/without.o | FileCheck %s --check-prefix=PLAIN
// RUN: %commledger show %t/sites.json | FileCheck %s --check-prefix=DB
// CHECK: commledger_enter
// CHECK: commledger_leave
// PLAIN-NOT: commledger
#include <cuda_runtime.h>

__global__ void scale(float *x) { x[threadIdx.x] *= 2; }

// DB: sites: 4
int main() {
  float host[32] = {1}, *dev;
  cudaMalloc(&dev, sizeof host);
  // DB: plugin-cuda-host.cu:[[@LINE+1]]:3 cudaMemcpy copy instrumented=1 fn=main | dir=H2D bytes=128
  cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice);
  scale<<<1, 32>>>(dev);
  return cudaFree(dev);
}
