// The two grid-stride kernels `commledger-calibrate` measures links with: one
// reads every float of a buffer once, one writes every float once, so the
// payload is exactly the buffer's size.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>

namespace commledger::calibrate {

enum class Access { Read, Write };

// The kernel's name as CUPTI's kernel records spell it (extern "C", so
// unmangled).
const char *calibrationKernelName(Access access);

// Launches one kernel over n floats at `data` (mapped host or peer memory) on
// `stream`. `sink` is a device float that keeps the reads alive; it is never
// written on zeroed data.
cudaError_t launchCalibrationKernel(Access access, float *data, std::size_t n,
                                    float *sink, int blocks,
                                    cudaStream_t stream);

} // namespace commledger::calibrate
