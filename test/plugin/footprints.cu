// Kernel footprints: per pointer parameter, the bytes one launch reads and writes, derived from
// affine indices under thread bounds, bound at each launch to its arguments and configuration.
// RUN: rm -f %t.json
// RUN: %commledger-instrument %s --project-root %S --sites %t.json -- > /dev/null
// RUN: FileCheck %s --input-file=%t.json
#include <cuda_runtime.h>

constexpr int N = 1000;

__global__ void scale(const float *src, float *dst, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    dst[i] = 2 * src[i];
}
__global__ void add2d(const double *a, double *c, int width, int height) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < height && col < width)
    c[row * width + col] += a[row * width + col];
}
__global__ void saxpy(int n, float alpha, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    *(y + i) = alpha * x[i] + y[i];
}
__global__ void strided(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = in[2 * i];
}
__global__ void fill(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 0; }
__global__ void gather(const float *src, const int *idx, float *dst, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    dst[i] = src[idx[i]];
}
__device__ void store(float *q, int i) { q[i] = 1; }
__global__ void viaCall(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    store(p, i);
}
__global__ void untilZero(float *p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  while (p[i] != 0)
    i += 1;
}

void run(float *a, float *b, double *m, double *r, int *ia, int *ib, int *ix, int n,
         cudaStream_t s) {
  // 1-D guarded: N = 1000 of 4*256 = 1024 threads pass i < n; 4 * 1000 = 4000 bytes each.
  // CHECK:      "kernel": "scale",
  // CHECK:      "argument": "a",
  // CHECK-NEXT: "element_bytes": 4,
  // CHECK-NEXT: "param": "src",
  // CHECK-NEXT: "read_bytes": 4000,
  // CHECK-NEXT: "read_expr": "4*min(N, 4*256)",
  // CHECK-NEXT: "read_formula": "4*min(n, gridDim.x*blockDim.x)",
  // CHECK-NEXT: "write_bytes": 0,
  // CHECK:      "param": "dst",
  // CHECK-NEXT: "read_bytes": 0,
  // CHECK:      "write_bytes": 4000,
  scale<<<4, 256>>>(a, b, N);
  // A runtime size stays symbolic: the launch's own expressions replace n and gridDim.x.
  // CHECK:      "kernel": "scale",
  // CHECK:      "param": "src",
  // CHECK-NEXT: "read_bytes": null,
  // CHECK-NEXT: "read_expr": "4*min(n, ((n + 255) / 256)*256)",
  scale<<<(n + 255) / 256, 256, 0, s>>>(a, b, n);
  // 2-D, both coordinates bounded: 100 of 8*16 = 128 columns, 50 of 4*16 = 64 rows;
  // 8 bytes * 100 * 50 = 40000 read from a, read and written in c (+=).
  // CHECK:      "kernel": "add2d",
  // CHECK:      "param": "a",
  // CHECK-NEXT: "read_bytes": 40000,
  // CHECK-NEXT: "read_expr": "8*min(100, 8*16)*min(50, 4*16)",
  // CHECK-NEXT: "read_formula": "8*min(width, gridDim.x*blockDim.x)*min(height, gridDim.y*blockDim.y)",
  // CHECK-NEXT: "write_bytes": 0,
  // CHECK:      "param": "c",
  // CHECK-NEXT: "read_bytes": 40000,
  // CHECK:      "write_bytes": 40000,
  add2d<<<dim3(8, 4), dim3(16, 16)>>>(m, r, 100, 50);
  // Grid-stride: 32*128 = 4096 threads cover all N = 1000 elements once: 4 * 1000 = 4000.
  // CHECK:      "kernel": "saxpy",
  // CHECK:      "param": "x",
  // CHECK-NEXT: "read_bytes": 4000,
  // CHECK-NEXT: "read_expr": "4*N",
  // CHECK-NEXT: "read_formula": "4*n",
  // CHECK-NEXT: "write_bytes": 0,
  // CHECK:      "param": "y",
  // CHECK-NEXT: "read_bytes": 4000,
  // CHECK:      "write_bytes": 4000,
  saxpy<<<32, 128>>>(N, 2.0f, a, b);
  // Strided, bounded by an early return: 500 threads read in[2*i]: 4 * 500 = 2000 bytes
  // accessed (spanning 4000), 4 * 500 = 2000 written to out.
  // CHECK:      "kernel": "strided",
  // CHECK:      "argument": "ia",
  // CHECK-NEXT: "element_bytes": 4,
  // CHECK-NEXT: "notes": [
  // CHECK-NEXT: "'in[2 * i]': stride 2 elements
  // CHECK:      "param": "in",
  // CHECK-NEXT: "read_bytes": 2000,
  // CHECK:      "param": "out",
  // CHECK:      "write_bytes": 2000,
  strided<<<4, 256>>>(ia, ib, 500);
  // Unguarded: every launched thread writes, 2 blocks * 64 threads * 4 bytes = 512.
  // CHECK:      "kernel": "fill",
  // CHECK:      "param": "p",
  // CHECK-NEXT: "read_bytes": 0,
  // CHECK:      "write_bytes": 512,
  // CHECK-NEXT: "write_expr": "4*2*64",
  // CHECK-NEXT: "write_formula": "4*gridDim.x*blockDim.x"
  fill<<<2, 64>>>(a);
  // Indirect: src's index is read from memory; idx itself is a plain 4 * 1000 = 4000 read.
  // CHECK:      "kernel": "gather",
  // CHECK:      "param": "src",
  // CHECK-NEXT: "read_bytes": null,
  // CHECK:      "unknown": "'src[idx[i]]': indirect index 'idx[i]' (read from memory)",
  // CHECK:      "param": "idx",
  // CHECK-NEXT: "read_bytes": 4000,
  // CHECK:      "param": "dst",
  // CHECK:      "write_bytes": 4000,
  gather<<<4, 256>>>(a, ix, b, N);
  // CHECK:      "kernel": "viaCall",
  // CHECK:      "unknown": "'p' is passed to 'store', whose accesses are not analysed",
  viaCall<<<4, 256>>>(a, N);
  // CHECK:      "kernel": "untilZero",
  // CHECK:      "unknown": "'p[i]' is accessed in a while or do loop, whose trip count is not derived",
  untilZero<<<1, 32>>>(a);
  // cudaLaunchKernel: arguments from the `args` array; count is not const, so symbolic.
  int count = N;
  void *args[] = {&a, &b, &count};
  // CHECK:      "api": "cudaLaunchKernel",
  // CHECK:      "kernel": "scale",
  // CHECK:      "param": "src",
  // CHECK-NEXT: "read_bytes": null,
  // CHECK-NEXT: "read_expr": "4*min(count, 4*256)",
  cudaLaunchKernel((const void *)scale, dim3(4), dim3(256), args, 0, s);
  // A kernel without a definition here: no formula, and why.
  // CHECK:      "kernel": "elsewhere",
  // CHECK-NEXT: "params": [],
  // CHECK-NEXT: "reason": "the kernel is not defined in this translation unit"
  extern __global__ void elsewhere(float *);
  elsewhere<<<1, 1>>>(a);
}
