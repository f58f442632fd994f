// CUDA unit 2: a device-to-host copy of half the buffer.
#include "copies.h"

#include <cuda_runtime.h>

void download(float *host, const float *device) {
  cudaMemcpy(host, device, kElements / 2 * sizeof(float), cudaMemcpyDeviceToHost);
}
