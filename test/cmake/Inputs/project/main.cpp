// C++ host unit: allocates, clears and drives the two CUDA units.
#include "copies.h"

#include <cuda_runtime.h>
#include <vector>

int main() {
  std::vector<float> host(kElements, 1.0f);
  float *device = nullptr;
  if (cudaMalloc(&device, kElements * sizeof(float)) != cudaSuccess)
    return 0; // no GPU: nothing to record
  cudaMemset(device, 0, kElements * sizeof(float));
  upload(device, host.data());
  download(host.data(), device);
  cudaFree(device);
  return 0;
}
