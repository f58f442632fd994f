// Corpus: filter coefficients in __constant__ memory and a __device__ counter read back, through
// the symbol copies (C API and the C++ template overloads).
#include <cuda_runtime.h>

#define KERNEL_RADIUS 8
__constant__ float c_kernel[2 * KERNEL_RADIUS + 1];
__device__ unsigned int d_overflow;
__constant__ struct Params { int width, height; float scale; } c_params;

__global__ void convolveRows(float *dst, const float *src, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x < KERNEL_RADIUS || x >= w - KERNEL_RADIUS)
    return;
  float sum = 0;
  for (int k = -KERNEL_RADIUS; k <= KERNEL_RADIUS; ++k)
    sum += src[x + k] * c_kernel[KERNEL_RADIUS - k];
  dst[x] = sum * c_params.scale;
  if (sum > 1e6f)
    atomicAdd(&d_overflow, 1u);
}

void setConvolutionKernel(const float *h_kernel) {
  cudaMemcpyToSymbol(c_kernel, h_kernel, (2 * KERNEL_RADIUS + 1) * sizeof(float));
}

unsigned int run(float *d_dst, const float *d_src, int w, cudaStream_t stream) {
  Params p{w, 1, 0.5f};
  cudaMemcpyToSymbolAsync(c_params, &p, sizeof(p), 0, cudaMemcpyHostToDevice, stream);
  unsigned int zero = 0, overflow = 0;
  cudaMemcpyToSymbol(d_overflow, &zero, sizeof(zero));
  convolveRows<<<(w + 127) / 128, 128, 0, stream>>>(d_dst, d_src, w);
  cudaMemcpyFromSymbolAsync(&overflow, d_overflow, sizeof(overflow), 0, cudaMemcpyDeviceToHost,
                            stream);
  cudaStreamSynchronize(stream);
  return overflow;
}

int main() {
  float h[2 * KERNEL_RADIUS + 1] = {1.0f};
  setConvolutionKernel(h);
  float *a, *b;
  cudaMalloc(&a, 1024 * sizeof(float));
  cudaMalloc(&b, 1024 * sizeof(float));
  return (int)run(a, b, 1024, 0);
}
