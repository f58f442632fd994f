// Counters mode (`commledger run --counters`): PCIe and NVLink bytes of zero-copy and peer
// kernels, sampled by CUPTI PM sampling and charged to the kernel running at the time.
// REQUIRES: cuda-gpu, gpus-2
// RUN: rm -rf %t.out %t.sites.json
// RUN: env COMMLEDGER_SITES=%t.sites.json %commledger-cc %nvcc -I%rt_include -I%S/Inputs %s -o %t.exe
// RUN: env CUDA_VISIBLE_DEVICES=0,1 %commledger run --counters -o %t.out -- %t.exe | FileCheck --check-prefix=OUT %s
// RUN: %commledger show --sites %t.sites.json %t.out/trace-*.json | FileCheck %s
//
// Buffers: 4 Mi floats = 4194304 × 4 = 16777216 bytes each. GPU0 runs four kernels, one at a
// time with 1 ms idle between them (so no 20 µs sample straddles two kernels):
//   readMapped   H → G0 16777216 over PCIe      (zero-copy read of mapped host memory)
//   writeMapped  G0 → H 16777216 over PCIe      (zero-copy write)
//   peerRead     G1 → G0 16777216 over NVLink   (loads of GPU1 memory)
//   peerWrite    G0 → G1 16777216 over NVLink   (stores into GPU1 memory)
// Counters count wire bytes (headers, requests): the probe (scripts/probes, two H200s) measured
// per 16 MiB ×1.094 pcie__read (18351957), ×1.126 pcie__write (18897408), ×1.161 nvlrx on the
// reader (19480683), ×1.132 nvltx on the writer (18995877). Each check accepts
// 16000000 ≤ value < 22000000, i.e. ×0.95 … ×1.31 of the payload: the digits (1[6-9]|2[01])
// followed by six more. GPU1 runs no kernel while GPU0's peer kernels move its data, so its
// NVLink bytes land "between kernels": nvltx ≥ 19.4 MB (peer read data) + 13.5 MB (peer write
// requests, measured) plus idle background: 8 or 9 digits.
#include "gpu_check.h"

#include <chrono>
#include <thread>

__global__ void fill(float *p, size_t n) {
  const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    p[i] = float(i % 4096);
}

__global__ void readMapped(const float *in, float *dev, size_t n) {
  const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    dev[i] = in[i] * 2.0f;
}

__global__ void writeMapped(const float *dev, float *out, size_t n) {
  const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    out[i] = dev[i] + 1.0f;
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

// Each kernel alone on GPU0, with idle time on both sides.
static void settle() {
  CK(cudaDeviceSynchronize());
  std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

// CHECK: cupti active=true
// OUT: counters: zero-copy and peer kernels moved 4 × 16777216 bytes: ok
int main() {
  requireTwoGpus();
  const size_t bytes = 16u << 20; // 16777216
  const size_t n = bytes / sizeof(float);
  const unsigned threads = 256, blocks = static_cast<unsigned>((n + threads - 1) / threads);
  CK(cudaSetDevice(1));
  CK(cudaDeviceEnablePeerAccess(0, 0));
  float *src1 = nullptr, *dst1 = nullptr;
  CK(cudaMalloc(&src1, bytes));
  CK(cudaMalloc(&dst1, bytes));
  fill<<<blocks, threads>>>(src1, n);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());

  CK(cudaSetDevice(0));
  CK(cudaDeviceEnablePeerAccess(1, 0));
  float *in = nullptr, *out = nullptr, *dIn = nullptr, *dOut = nullptr, *dev = nullptr,
        *mid0 = nullptr;
  CK(cudaHostAlloc(&in, bytes, cudaHostAllocMapped));
  CK(cudaHostAlloc(&out, bytes, cudaHostAllocMapped));
  CK(cudaHostGetDevicePointer(&dIn, in, 0));
  CK(cudaHostGetDevicePointer(&dOut, out, 0));
  CK(cudaMalloc(&dev, bytes));
  CK(cudaMalloc(&mid0, bytes));
  for (size_t i = 0; i < n; ++i)
    in[i] = float(i % 4096), out[i] = -1.0f;
  settle();

  // CHECK: L[[@LINE+1]] counter pcie__read_bytes.sum {{.*}}readMapped{{.*}} G0 value={{(1[6-9]|2[01])[0-9]{6}(\.[0-9]+)?}} ranges=1
  readMapped<<<blocks, threads>>>(dIn, dev, n);
  CK(cudaGetLastError());
  settle();
  // CHECK: L[[@LINE+1]] counter pcie__write_bytes.sum {{.*}}writeMapped{{.*}} G0 value={{(1[6-9]|2[01])[0-9]{6}(\.[0-9]+)?}} ranges=1
  writeMapped<<<blocks, threads>>>(dev, dOut, n);
  CK(cudaGetLastError());
  settle();
  // CHECK: L[[@LINE+1]] counter nvlrx__bytes.sum {{.*}}peerRead{{.*}} G0 value={{(1[6-9]|2[01])[0-9]{6}(\.[0-9]+)?}} ranges=1
  peerRead<<<blocks, threads>>>(src1, mid0, n);
  CK(cudaGetLastError());
  settle();
  // CHECK: L[[@LINE+1]] counter nvltx__bytes.sum {{.*}}peerWrite{{.*}} G0 value={{(1[6-9]|2[01])[0-9]{6}(\.[0-9]+)?}} ranges=1
  peerWrite<<<blocks, threads>>>(mid0, dst1, n);
  CK(cudaGetLastError());
  settle();
  // CHECK: unattributed between kernels counter nvltx__bytes.sum - G1 value={{[1-9][0-9]{7,8}(\.[0-9]+)?}} ranges=

  size_t errors = 0;
  for (size_t i = 0; i < n; ++i)
    if (out[i] != float(i % 4096) * 2.0f + 1.0f)
      ++errors;
  std::printf("counters: zero-copy and peer kernels moved 4 × %zu bytes: %s\n", bytes,
              errors == 0 ? "ok" : "MISMATCH");
  CK(cudaFree(dev));
  CK(cudaFree(mid0));
  CK(cudaFreeHost(in));
  CK(cudaFreeHost(out));
  CK(cudaSetDevice(1));
  CK(cudaFree(src1));
  CK(cudaFree(dst1));
  return errors == 0 ? 0 : 1;
}
