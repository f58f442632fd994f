// Calls that never run as host code, or live in system headers, are recorded with a reason and
// left exactly as written.
// RUN: rm -f %t.json
// RUN: %commledger-instrument %s --project-root %S --sites %t.json -- -isystem %S/Inputs/sys > %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %commledger show %t.json | FileCheck %s --check-prefix=DB
#include <cuda_runtime.h>
#include <sys_copy.h>

// CHECK-NOT: {{^[^/]*}}COMMLEDGER_SITE(
// DB: sites: 5
// DB-NEXT: Inputs/sys/sys_copy.h:4:10 cudaMemcpy copy instrumented=0 reason="in a system header" fn=systemCopy | dir=H2D bytes=8 expr="8" src=host:unknown dst=device:? mult=1 kind=cudaMemcpyHostToDevice
__device__ void deviceSide(float *d, float *s) {
  cudaMemcpyAsync(d, s, 4, cudaMemcpyDeviceToDevice, 0);
  // DB-NEXT: not-rewritten.cu:[[@LINE-1]]:3 cudaMemcpyAsync copy instrumented=0 reason="device code (__device__ function)" fn=deviceSide | dir=D2D bytes=4 expr="4" src=device:? dst=device:? mult=1 kind=cudaMemcpyDeviceToDevice
}
__global__ void kernelSide(float *d) { cudaMemsetAsync(d, 0, 4, 0); }
// DB-NEXT: not-rewritten.cu:[[@LINE-1]]:40 cudaMemsetAsync memset instrumented=0 reason="device code (__global__ function)" fn=kernelSide | dir=local bytes=4 expr="4" src=unknown dst=device:? mult=1

int host(float *d, float *h) {
  size_t size = sizeof(cudaMemcpy(d, h, 4, cudaMemcpyHostToDevice));
  // DB-NEXT: not-rewritten.cu:[[@LINE-1]]:24 cudaMemcpy copy instrumented=0 reason="unevaluated operand of sizeof" fn=host | dir=H2D bytes=4 expr="4" src=host:unknown dst=device:? mult=1 kind=cudaMemcpyHostToDevice
  decltype(cudaMemset(d, 0, 4)) status = cudaSuccess;
  // DB-NEXT: not-rewritten.cu:[[@LINE-1]]:12 cudaMemset memset instrumented=0 reason="unevaluated operand of decltype" fn=host | dir=local bytes=4 expr="4" src=unknown dst=device:? mult=1
  return (int)size + status + systemCopy(d, h);
}
