// Case 6: a managed buffer allocated and initialised on the host, doubled in place by a kernel on
// GPU0, read back on the host.
// REQUIRES: cuda-gpu
// RUN: %nvcc -I%S/Inputs %s -o %t.exe && %t.exe | FileCheck --check-prefix=OUT %s
//
// One GPU is enough (GPU0); the test does not ask for two.
// Buffer: 8 Mi floats = 8388608 × 4 = 33554432 bytes (32 MiB = 16 × 2 MiB).
// Expected unified-memory migrations (payload, fault-driven; whole buffer touched and a multiple
// of 2 MiB, so the same for 4 KiB, 64 KiB or 2 MiB migration units; only fault counts differ):
//   host init loop          first touch on the host: 0 bytes.
//   kernel on GPU0          H → G0 33554432 (read-modify-write of every element).
//   host check              G0 → H 33554432.
// Kernel footprint: reads 33554432 bytes of buf and writes 33554432 bytes of buf.
#include "gpu_check.h"

__global__ void doubleInPlace(float *buf, size_t n) {
  const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    buf[i] = buf[i] * 2.0f;
}

// OUT: um host init: 33554432 bytes, host -> GPU0 -> host: ok
int main() {
  const size_t bytes = 32u << 20; // 33554432
  const size_t n = bytes / sizeof(float);
  CK(cudaSetDevice(0));
  float *buf = nullptr;
  CK(cudaMallocManaged(&buf, bytes));
  for (size_t i = 0; i < n; ++i)
    buf[i] = float(i % 4096);

  const unsigned threads = 256;
  doubleInPlace<<<static_cast<unsigned>((n + threads - 1) / threads), threads>>>(buf, n);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());

  size_t errors = 0;
  for (size_t i = 0; i < n; ++i)
    if (buf[i] != float(i % 4096) * 2.0f)
      ++errors;
  std::printf("um host init: %zu bytes, host -> GPU0 -> host: %s\n", bytes,
              errors == 0 ? "ok" : "MISMATCH");
  CK(cudaFree(buf));
  return errors == 0 ? 0 : 1;
}
