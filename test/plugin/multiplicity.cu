// Multiplicity: the product of the constant trip counts of the enclosing loops, symbolic text
// where a bound is not constant; do { } while (0) from statement macros counts once.
// RUN: rm -f %t.json
// RUN: %commledger-instrument %s --project-root %S --sites %t.json -- > /dev/null
// RUN: %commledger show %t.json | FileCheck %s
#include <cuda_runtime.h>

#define CHECK(x) do { if ((x) != cudaSuccess) return; } while (0)
#define ITERS 100

// CHECK: sites: 8
void bench(float *d, float *h, int iters, int n) {
  const int warmup = 10;
  for (int i = 0; i < ITERS; i++)
    // CHECK-NEXT: multiplicity.cu:[[@LINE+1]]:5 cudaMemcpy copy {{.*}} mult=100
    cudaMemcpy(d, h, 4, cudaMemcpyHostToDevice);
  for (int i = 0; i < warmup; ++i)
    for (int j = 1; j <= 4; j++)
      // 10 * 4 = 40
      // CHECK-NEXT: multiplicity.cu:[[@LINE+1]]:13 cudaMemcpy copy {{.*}} mult=40
      CHECK(cudaMemcpy(d, h, 4, cudaMemcpyHostToDevice));
  for (int i = 0; i < iters; i++)
    for (int j = 0; j < 8; j += 2)
      // CHECK-NEXT: multiplicity.cu:[[@LINE+1]]:7 cudaMemcpy copy {{.*}} mult=4 * iters
      cudaMemcpy(d, h, 4, cudaMemcpyHostToDevice);
  for (int i = 2; i < n; i++)
    // CHECK-NEXT: multiplicity.cu:[[@LINE+1]]:5 cudaMemset memset {{.*}} mult=(n - 2)
    cudaMemset(d, 0, 4);
  while (iters-- > 0)
    // CHECK-NEXT: multiplicity.cu:[[@LINE+1]]:5 cudaMemset memset {{.*}} mult=while(iters-- > 0)
    cudaMemset(d, 0, 4);
  // The thesis' ping-pong (Listing 3.1): each branch runs on half of the 10 iterations, which
  // the analysis does not count: it bounds them.
  for (int i = 0; i < 10; i++) {
    if (i % 2 == 0)
      // CHECK-NEXT: multiplicity.cu:[[@LINE+1]]:7 cudaMemcpy copy {{.*}} mult=at most 10 (in a branch)
      cudaMemcpy(d, h, 4, cudaMemcpyDeviceToHost);
    else
      // CHECK-NEXT: multiplicity.cu:[[@LINE+1]]:7 cudaMemcpy copy {{.*}} mult=at most 10 (in a branch)
      cudaMemcpy(h, d, 4, cudaMemcpyHostToDevice);
  }
  // CHECK-NEXT: multiplicity.cu:[[@LINE+1]]:19 cudaMemset memset {{.*}} mult=at most 1 (in a branch)
  (void)(n > 0 && cudaMemset(d, 0, 4) == cudaSuccess);
}
