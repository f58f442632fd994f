// Corpus: a unit with kernels and launches but no copies (a typical kernels .cu of a library):
// nothing to rewrite, so the instrumenter must leave it byte for byte as written.
#include <cuda_runtime.h>

template <int kBlock> __global__ void transpose(float *out, const float *in, int w, int h) {
  __shared__ float tile[kBlock][kBlock + 1];
  int x = blockIdx.x * kBlock + threadIdx.x, y = blockIdx.y * kBlock + threadIdx.y;
  if (x < w && y < h)
    tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  x = blockIdx.y * kBlock + threadIdx.x;
  y = blockIdx.x * kBlock + threadIdx.y;
  if (x < h && y < w)
    out[y * h + x] = tile[threadIdx.x][threadIdx.y];
}

void launchTranspose(float *out, const float *in, int w, int h, cudaStream_t stream) {
  dim3 block(32, 32), grid((w + 31) / 32, (h + 31) / 32);
  transpose<32><<<grid, block, 0, stream>>>(out, in, w, h);
}
