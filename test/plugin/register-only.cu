// Frees, device and peer control are register-only: in the database with instrumented=0 and no
// reason, and not rewritten. Runtime-API allocations, launches and NCCL calls are wrapped so the
// runtime learns their site (allocation table, kernel records, NCCL interposer).
// RUN: rm -f %t.json
// RUN: %commledger-instrument %s --project-root %S --sites %t.json -- > %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %commledger show %t.json | FileCheck %s --check-prefix=DB
#include <cuda_runtime.h>
#include <nccl.h>

// Wrapped, in source order: 5 allocations, 2 launches, 1 NCCL call; nothing else.
// CHECK-COUNT-8: {{^ *}}COMMLEDGER_SITE(0x{{.*}}, {{cudaMalloc|cudaHost|kernel|cudaLaunchKernel|ncclAllReduce}}
// CHECK-NOT: {{^[^/]*}}COMMLEDGER_SITE(
__global__ void kernel(float *p) { p[threadIdx.x] = 0; }

// DB: sites: 13
int setup(ncclComm_t comm, cudaStream_t s) {
  float *d, *h, *m, *r = new float[4];
  cudaSetDevice(0);
  // DB-NEXT: register-only.cu:[[@LINE-1]]:3 cudaSetDevice device instrumented=0 fn=setup
  cudaDeviceEnablePeerAccess(1, 0);
  // DB-NEXT: register-only.cu:[[@LINE-1]]:3 cudaDeviceEnablePeerAccess peer instrumented=0 fn=setup
  cudaMalloc(&d, 64);
  // DB-NEXT: register-only.cu:[[@LINE-1]]:3 cudaMalloc alloc instrumented=1 fn=setup
  cudaMallocManaged(&m, 64);
  // DB-NEXT: register-only.cu:[[@LINE-1]]:3 cudaMallocManaged alloc instrumented=1 fn=setup
  cudaMallocHost(&h, 64);
  // DB-NEXT: register-only.cu:[[@LINE-1]]:3 cudaMallocHost alloc instrumented=1 fn=setup
  cudaHostAlloc(&h, 64, cudaHostAllocDefault);
  // DB-NEXT: register-only.cu:[[@LINE-1]]:3 cudaHostAlloc alloc instrumented=1 fn=setup
  cudaHostRegister(r, 16, cudaHostRegisterDefault);
  // DB-NEXT: register-only.cu:[[@LINE-1]]:3 cudaHostRegister alloc instrumented=1 fn=setup
  kernel<<<1, 4, 0, s>>>(d);
  // DB-NEXT: register-only.cu:[[@LINE-1]]:3 <<<>>> launch instrumented=1 fn=setup
  void *args[] = {&d};
  cudaLaunchKernel((const void *)kernel, dim3(1), dim3(4), args, 0, s);
  // DB-NEXT: register-only.cu:[[@LINE-1]]:3 cudaLaunchKernel launch instrumented=1 fn=setup
  ncclAllReduce(d, d, 16, ncclFloat, ncclSum, comm, s);
  // DB-NEXT: register-only.cu:[[@LINE-1]]:3 ncclAllReduce nccl instrumented=1 fn=setup
  cudaDeviceDisablePeerAccess(1);
  // DB-NEXT: register-only.cu:[[@LINE-1]]:3 cudaDeviceDisablePeerAccess peer instrumented=0 fn=setup
  cudaFree(d);
  // DB-NEXT: register-only.cu:[[@LINE-1]]:3 cudaFree free instrumented=0 fn=setup
  cudaFreeHost(h);
  // DB-NEXT: register-only.cu:[[@LINE-1]]:3 cudaFreeHost free instrumented=0 fn=setup
  return 0;
}
