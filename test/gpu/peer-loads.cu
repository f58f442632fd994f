// Case 2: peer loads and stores. With peer access on, a kernel on GPU0 reads 16 MiB of GPU1's
// memory into GPU0 memory, and a second kernel on GPU0 writes 16 MiB into GPU1's memory.
// REQUIRES: cuda-gpu, gpus-2
// RUN: %nvcc -I%S/Inputs %s -o %t.exe && %t.exe | FileCheck --check-prefix=OUT %s
//
// Buffers: 4 Mi floats = 4194304 × 4 = 16777216 bytes each: src1 and dst1 on GPU1, mid0 on GPU0.
// Expected implicit traffic (payload; no activity record, seen only by counters):
//   kernel fill on GPU1        local: writes 16777216 bytes of src1, no link traffic.
//   kernel peerRead on GPU0    G1 → G0 16777216 (loads all of src1); writes mid0 locally.
//   kernel peerWrite on GPU0   G0 → G1 16777216 (stores all of dst1); reads mid0 locally.
// Counters see wire bytes: issue 3 measured, for a 16 MiB peer read, nvlrx 19.86 MB and
// nvltx 13.64 MB on the reading GPU (the requests travel too).
// Explicit: the check copies dst1 to the host, cudaMemcpy DeviceToHost G1 → H 16777216.
#include "gpu_check.h"

#include <vector>

__global__ void fill(float *p, size_t n) {
  const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    p[i] = float(i % 4096);
}

__global__ void peerRead(const float *src1, float *mid0, size_t n) {
  const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    mid0[i] = src1[i] * 2.0f;
}

__global__ void peerWrite(const float *mid0, float *dst1, size_t n) {
  const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    dst1[i] = mid0[i] + 1.0f;
}

// OUT: peer loads: GPU0 read 16777216 bytes of GPU1 and wrote 16777216 bytes to GPU1: ok
int main() {
  requireTwoGpus();
  const size_t bytes = 16u << 20; // 16777216
  const size_t n = bytes / sizeof(float);
  const unsigned threads = 256, blocks = static_cast<unsigned>((n + threads - 1) / threads);
  CK(cudaSetDevice(0));
  CK(cudaDeviceEnablePeerAccess(1, 0));
  CK(cudaSetDevice(1));
  CK(cudaDeviceEnablePeerAccess(0, 0));

  float *src1 = nullptr, *dst1 = nullptr, *mid0 = nullptr;
  CK(cudaMalloc(&src1, bytes));
  CK(cudaMalloc(&dst1, bytes));
  fill<<<blocks, threads>>>(src1, n);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());

  CK(cudaSetDevice(0));
  CK(cudaMalloc(&mid0, bytes));
  peerRead<<<blocks, threads>>>(src1, mid0, n);
  CK(cudaGetLastError());
  peerWrite<<<blocks, threads>>>(mid0, dst1, n);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());

  std::vector<float> host(n);
  CK(cudaMemcpy(host.data(), dst1, bytes, cudaMemcpyDeviceToHost));
  size_t errors = 0;
  for (size_t i = 0; i < n; ++i)
    if (host[i] != float(i % 4096) * 2.0f + 1.0f)
      ++errors;
  std::printf("peer loads: GPU0 read %zu bytes of GPU1 and wrote %zu bytes to GPU1: %s\n", bytes,
              bytes, errors == 0 ? "ok" : "MISMATCH");
  CK(cudaFree(mid0));
  CK(cudaSetDevice(1));
  CK(cudaFree(src1));
  CK(cudaFree(dst1));
  return errors == 0 ? 0 : 1;
}
