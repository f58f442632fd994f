// A rewritten launch, built with nvcc, hands the runtime its values inside the site and before the
// launch, and evaluates a launch whose operands have side effects exactly once. Runs without a
// GPU: launch_values is called before the launch, which then just fails.
// REQUIRES: nvcc
// RUN: %commledger-instrument %s --project-root %S --output %t.cu --
// RUN: %nvcc -I%rt_include %t.cu %S/Inputs/launch_values_stub.cpp -o %t.exe
// RUN: %t.exe | FileCheck %s
// The real runtime, preloaded by `commledger run`, keeps them in the trace's `launches` section.
// RUN: %nvcc -I%rt_include %t.cu -o %t-rt.exe
// RUN: rm -rf %t.traces && %commledger run -o %t.traces -- %t-rt.exe > /dev/null
// RUN: cat %t.traces/trace-*.json | FileCheck %s --check-prefix=TRACE
#include <cuda_runtime.h>

#include <cstdio>

__global__ void scale(const float *src, float *dst, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    dst[i] = 2 * src[i];
}

int calls = 0;
int size() { return ++calls, 1000; }

int main() {
  float *a = nullptr, *b = nullptr;
  cudaMalloc(&a, 1000 * sizeof(float));
  cudaMalloc(&b, 1000 * sizeof(float));
  // Allocations are sites too, without values.
  // CHECK:      enter
  // CHECK-NEXT: leave
  // CHECK-NEXT: enter
  // CHECK-NEXT: leave
  int n = 1000;
  // (1000 + 255) / 256 = 4 blocks of 256; n = 1000; then the two pointers.
  scale<<<(n + 255) / 256, 256>>>(a, b, n);
  // CHECK-NEXT: enter
  // CHECK-NEXT: values 9 pointers 2: 4 1 1 256 1 1 1000 [[A:[0-9]+]] [[B:[0-9]+]]{{$}}
  // CHECK-NEXT: leave
  std::printf("a=%llu b=%llu\n", (unsigned long long)a, (unsigned long long)b);
  // CHECK-NEXT: a=[[A]] b=[[B]]{{$}}
  // Rows are sorted by site ID, then values; these two sites' IDs sort in source order.
  // TRACE:      "launches": [
  // TRACE:       "count": 1,
  // TRACE-NEXT:  "site": "0x{{[0-9a-f]+}}",
  // TRACE-NEXT:  "values": [
  // TRACE-NEXT:   4,
  // TRACE-NEXT:   1,
  // TRACE-NEXT:   1,
  // TRACE-NEXT:   256,
  // TRACE-NEXT:   1,
  // TRACE-NEXT:   1,
  // TRACE-NEXT:   1000,

  // dim3(8, 2) x dim3(16, 16); n = -1 reaches the runtime as its 64-bit two's complement.
  dim3 grid(8, 2);
  scale<<<grid, dim3(16, 16)>>>(a, b, -1);
  // CHECK-NEXT: enter
  // CHECK-NEXT: values 9 pointers 2: 8 2 1 16 16 1 18446744073709551615 {{[0-9]+ [0-9]+$}}
  // TRACE:       "count": 1,
  // TRACE-NEXT:  "site": "0x{{[0-9a-f]+}}",
  // TRACE-NEXT:  "values": [
  // TRACE-NEXT:   8,
  // TRACE-NEXT:   2,
  // TRACE-NEXT:   1,
  // TRACE-NEXT:   16,
  // TRACE-NEXT:   16,
  // TRACE-NEXT:   1,
  // TRACE-NEXT:   18446744073709551615,
  // CHECK-NEXT: leave

  // size() has side effects: no values, and it runs once.
  scale<<<4, 256>>>(a, b, size());
  std::printf("size() ran %d time(s)\n", calls);
  // CHECK-NEXT: enter
  // CHECK-NEXT: leave
  // CHECK-NEXT: size() ran 1 time(s)
  // The third launch passed nothing: two rows in all.
  // TRACE-NOT:   "values"
  return 0;
}
