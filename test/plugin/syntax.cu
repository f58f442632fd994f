// Rewrites in every syntactic position: conditions, comma expressions, returns, lambdas, member
// functions, templates (one site for all instantiations), multi-line calls.
// RUN: rm -f %t.json
// RUN: %commledger-instrument %s --project-root %S --sites %t.json -- | FileCheck %s
// RUN: %commledger show %t.json | FileCheck %s --check-prefix=DB
#include <cuda_runtime.h>

// DB: sites: 6
template <typename T> cudaError_t upload(T *d, const T *h, size_t n) {
  return cudaMemcpy(d, h, n * sizeof(T), cudaMemcpyHostToDevice);
  // CHECK: return COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, cudaMemcpy(d, h, n * sizeof(T), cudaMemcpyHostToDevice));
  // DB-NEXT: syntax.cu:[[@LINE-2]]:10 cudaMemcpy copy instrumented=1 fn=upload | dir=H2D bytes=? expr="n * sizeof(T)"
}

struct Mirror {
  float *device;
  void push(const float *host) {
    cudaMemcpyAsync(device, host, 64, cudaMemcpyHostToDevice, 0);
    // CHECK: COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, cudaMemcpyAsync(device, host, 64, cudaMemcpyHostToDevice, 0));
    // DB-NEXT: syntax.cu:[[@LINE-2]]:5 cudaMemcpyAsync copy instrumented=1 fn=Mirror::push | dir=H2D bytes=64
  }
};

int run(float *d, float *h, double *dd, double *hd) {
  upload(d, h, 4);
  upload(dd, hd, 4);
  if (cudaMemset(d, 0, 16) != cudaSuccess)
    return 1;
  // CHECK: if (COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, cudaMemset(d, 0, 16)) != cudaSuccess)
  // DB-NEXT: syntax.cu:[[@LINE-3]]:7 cudaMemset memset instrumented=1 fn=run | dir=local bytes=16
  int x = (cudaMemcpy(h, d, 16, cudaMemcpyDeviceToHost), 7);
  // CHECK: int x = (COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, cudaMemcpy(h, d, 16, cudaMemcpyDeviceToHost)), 7);
  // DB-NEXT: syntax.cu:[[@LINE-2]]:12 cudaMemcpy copy instrumented=1 fn=run | dir=D2H bytes=16
  auto pull = [&](size_t n) { return cudaMemcpy(h, d, n, cudaMemcpyDeviceToHost); };
  // CHECK: auto pull = [&](size_t n) { return COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, cudaMemcpy(h, d, n, cudaMemcpyDeviceToHost)); };
  // DB-NEXT: syntax.cu:[[@LINE-2]]:38 cudaMemcpy copy instrumented=1 fn=run::<lambda> | dir=D2H bytes=? expr="n"
  pull(8);
  return x + cudaMemcpy2D(d, 64,
                          h, 64,
                          16, 4,
                          cudaMemcpyHostToDevice);
  // CHECK: return x + COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, cudaMemcpy2D(d, 64,
  // CHECK-NEXT: {{^}}                          h, 64,
  // CHECK-NEXT: {{^}}                          16, 4,
  // CHECK-NEXT: {{^}}                          cudaMemcpyHostToDevice));
  // 16 bytes wide * 4 rows = 64
  // DB-NEXT: syntax.cu:[[@LINE-9]]:14 cudaMemcpy2D copy instrumented=1 fn=run | dir=H2D bytes=64 expr="16 * 4"
}
