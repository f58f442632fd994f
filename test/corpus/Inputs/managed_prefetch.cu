// Corpus: unified memory: cudaMallocManaged, prefetches and advice around a kernel. Prefetches
// and advice are registered (not copies the program asked for); the explicit copy is wrapped.
#include <cuda_runtime.h>

__global__ void increment(int *p, size_t n) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    p[i] += 1;
}

int main() {
  const size_t n = 1 << 22;
  int *data = nullptr, device = 0;
  cudaGetDevice(&device);
  cudaMallocManaged(&data, n * sizeof(int));
  cudaMemAdvise(data, n * sizeof(int), cudaMemAdviseSetPreferredLocation, cudaMemLocation{cudaMemLocationTypeDevice, device});
  cudaMemPrefetchAsync(data, n * sizeof(int), cudaMemLocation{cudaMemLocationTypeDevice, device}, 0, 0);
  increment<<<256, 256>>>(data, n);
  cudaMemPrefetchAsync(data, n * sizeof(int), cudaMemLocation{cudaMemLocationTypeHost, 0}, 0, 0);
  int first = 0;
  cudaMemcpy(&first, data, sizeof(int), cudaMemcpyDefault);
  cudaDeviceSynchronize();
  cudaFree(data);
  return first == 1 ? 0 : 1;
}
