// Runtime memsets: local traffic on the device of the pointer; 2D counts width * height.
// RUN: rm -f %t.json
// RUN: %commledger-instrument %s --project-root %S --sites %t.json -- > %t.cu
// RUN: grep -c '^ *COMMLEDGER_SITE(0x' %t.cu | FileCheck %s --check-prefix=COUNT
// RUN: %commledger show %t.json | FileCheck %s --check-prefix=DB
#include <cuda_runtime.h>

#define ROWS 8
// 6 memsets and the cudaMalloc (wrapped for the allocation table).
// COUNT: 7
// DB: sites: 8
void clear(cudaPitchedPtr pitched, cudaExtent extent, cudaStream_t s) {
  float *d;
  cudaSetDevice(1);
  // DB-NEXT: memsets.cu:[[@LINE-1]]:3 cudaSetDevice device instrumented=0 fn=clear
  cudaMalloc(&d, 1 << 20);
  // DB-NEXT: memsets.cu:[[@LINE-1]]:3 cudaMalloc alloc instrumented=1 fn=clear
  cudaMemset(d, 0, 1 << 20); // 1048576
  // DB-NEXT: memsets.cu:[[@LINE-1]]:3 cudaMemset memset instrumented=1 fn=clear | dir=local bytes=1048576 expr="1 << 20" src=unknown dst=device:1 mult=1
  cudaMemsetAsync(d, 0, 512 * sizeof(float), s); // 2048
  // DB-NEXT: memsets.cu:[[@LINE-1]]:3 cudaMemsetAsync memset instrumented=1 fn=clear | dir=local bytes=2048 expr="512 * sizeof(float)" src=unknown dst=device:1 mult=1
  size_t pitch = 512;
  cudaMemset2D(d, pitch, 0, 100, ROWS); // 100 * 8 = 800
  // DB-NEXT: memsets.cu:[[@LINE-1]]:3 cudaMemset2D memset instrumented=1 fn=clear | dir=local bytes=800 expr="100 * ROWS" src=unknown dst=device:1 mult=1
  cudaMemset2DAsync(d, pitch, 0, 100, ROWS, s);
  // DB-NEXT: memsets.cu:[[@LINE-1]]:3 cudaMemset2DAsync memset instrumented=1 fn=clear | dir=local bytes=800 expr="100 * ROWS" src=unknown dst=device:1 mult=1
  cudaMemset3D(pitched, 0, extent);
  // DB-NEXT: memsets.cu:[[@LINE-1]]:3 cudaMemset3D memset instrumented=1 fn=clear | dir=local bytes=? expr="extent" src=unknown dst=device:? mult=1 note="size is described by 'extent', not known statically"
  cudaMemset3DAsync(pitched, 0, extent, s);
  // DB-NEXT: memsets.cu:[[@LINE-1]]:3 cudaMemset3DAsync memset instrumented=1 fn=clear | dir=local bytes=? expr="extent" src=unknown dst=device:? mult=1 note="size is described by 'extent', not known statically"
}
