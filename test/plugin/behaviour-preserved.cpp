// A C++ host program calling a CPU stand-in of the runtime behaves the same once instrumented:
// same output (argument order, evaluation count), same exit code.
// RUN: rm -f %t.json
// RUN: %clangxx -I%S/Inputs %s -o %t.orig
// RUN: %commledger-instrument %s --project-root %S --output %t.inst.cpp -- -I%S/Inputs
// RUN: %clangxx -I%S/Inputs -I%rt_include %t.inst.cpp -o %t.inst
// RUN: %t.orig > %t.orig.out; echo "exit $?" >> %t.orig.out
// RUN: %t.inst > %t.inst.out; echo "exit $?" >> %t.inst.out
// RUN: diff %t.orig.out %t.inst.out
// RUN: FileCheck %s --input-file=%t.inst.out
// RUN: FileCheck %s --check-prefix=REWRITE --input-file=%t.inst.cpp
#include "fake_cuda.h"

static int evaluations = 0;
static size_t sizeOnce(size_t n) { return ++evaluations, n; }

struct Buffer {
  char data[64];
  int copyFrom(const Buffer &other) {
    return cudaMemcpy(data, other.data, sizeOnce(sizeof data), cudaMemcpyDeviceToDevice);
  }
};

template <typename T> cudaError_t fill(T *p, int v) { return cudaMemset(p, v, sizeof(T)); }

int main() {
  Buffer a, b;
  // CHECK: cudaMemset #1 n=64 value=7
  cudaMemset(b.data, 7, sizeof b.data);
  // The wrapped call keeps its value and type: 64 % 3 = 1.
  // CHECK-NEXT: cudaMemcpy #2 n=64 kind=3
  int r = a.copyFrom(b);
  // REWRITE: return COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, cudaMemcpy(data, other.data, sizeOnce(sizeof data), cudaMemcpyDeviceToDevice));
  auto twice = [&] { return cudaMemcpy(a.data, b.data, 10, cudaMemcpyHostToHost) +
                            cudaMemcpy(a.data, b.data, 11, cudaMemcpyHostToHost); };
  // CHECK-NEXT: cudaMemcpy #3 n=10 kind=0
  // CHECK-NEXT: cudaMemcpy #4 n=11 kind=0
  r += twice();
  double d;
  // CHECK-NEXT: cudaMemset #5 n=8 value=0
  r += fill(&d, 0);
  // CHECK-NEXT: exit 5
  // 64 % 3 + 10 % 3 + 11 % 3 + 0 = 1 + 1 + 2 = 4, plus one evaluation of sizeOnce = 5
  return r + evaluations;
}
