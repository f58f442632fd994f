// Calls inside macro arguments are wrapped inside the argument; the macro itself is untouched.
// RUN: rm -f %t.json
// RUN: %commledger-instrument %s --project-root %S --sites %t.json -- | FileCheck %s
// RUN: %commledger show %t.json | FileCheck %s --check-prefix=DB
#include <cuda_runtime.h>
#include <stdio.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) printf("failed\n");                               \
  } while (0)
#define TWICE(x) (x) + (x)
#define OK(x) ((x) == cudaSuccess)

// DB: sites: 3
// CHECK: #include "commledger/site.h"
// CHECK-NEXT: #line 1 "{{.*}}macro-args.cu"
// CHECK: #define CHECK(call)
// CHECK-NEXT: do {
// CHECK-NEXT: cudaError_t err_ = (call);
void copy(float *d, const float *h) {
  const size_t bytes = 256 * sizeof(float); // 256 * 4 = 1024
  CHECK(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice));
  // CHECK: CHECK(COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice)));
  // DB-NEXT: macro-args.cu:[[@LINE-2]]:9 cudaMemcpy copy instrumented=1 fn=copy | dir=H2D bytes=1024 expr="bytes" src=host:unknown dst=device:? mult=1 kind=cudaMemcpyHostToDevice
  CHECK(OK(cudaMemset(d, 0, 64)) ? cudaSuccess : cudaErrorUnknown);
  // CHECK: CHECK(OK(COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, cudaMemset(d, 0, 64))) ? cudaSuccess : cudaErrorUnknown);
  // DB-NEXT: macro-args.cu:[[@LINE-2]]:12 cudaMemset memset instrumented=1 fn=copy | dir=local bytes=64
  int twice = TWICE(cudaMemcpyAsync(d, h, 8, cudaMemcpyDefault, 0));
  // An argument expanded twice is still written once: one site, one wrap.
  // CHECK: int twice = TWICE(COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, cudaMemcpyAsync(d, h, 8, cudaMemcpyDefault, 0)));
  // DB-NEXT: macro-args.cu:[[@LINE-3]]:21 cudaMemcpyAsync copy instrumented=1 fn=copy | dir=unknown bytes=8
  (void)twice;
}
