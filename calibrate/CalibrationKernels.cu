// Kernels of `commledger-calibrate` (see CalibrationKernels.h); the only file
// built by nvcc.
#include "CalibrationKernels.h"

extern "C" __global__ void commledger_calibrate_read(const float *src, size_t n,
                                                     float *sink) {
  float acc = 0.f;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x)
    acc += src[i];
  if (acc == 12345.678f) // never true on zeroed data; without the use the loads
                         // are dropped
    sink[0] = acc;
}

extern "C" __global__ void commledger_calibrate_write(float *dst, size_t n) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x)
    dst[i] = 0.f;
}

namespace commledger::calibrate {

const char *calibrationKernelName(Access access) {
  return access == Access::Read ? "commledger_calibrate_read"
                                : "commledger_calibrate_write";
}

cudaError_t launchCalibrationKernel(Access access, float *data, std::size_t n,
                                    float *sink, int blocks,
                                    cudaStream_t stream) {
  constexpr int kThreads = 256;
  if (access == Access::Read)
    commledger_calibrate_read<<<blocks, kThreads, 0, stream>>>(data, n, sink);
  else
    commledger_calibrate_write<<<blocks, kThreads, 0, stream>>>(data, n);
  return cudaGetLastError();
}

} // namespace commledger::calibrate
