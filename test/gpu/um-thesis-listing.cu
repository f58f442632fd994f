// Case 3 (thesis Listing 3.2): two managed buffers; g0 initialised on the host, a kernel on GPU1
// reads g0 and writes g1, then a kernel on GPU0 reads g1 and writes g0; the host checks g0.
// REQUIRES: cuda-gpu, gpus-2
// RUN: %nvcc -I%S/Inputs %s -o %t.exe && %t.exe | FileCheck --check-prefix=OUT %s
//
// Sizes as in the thesis: 16 Mi floats = 16777216 × 4 = 67108864 bytes (64 MiB = 32 × 2 MiB) per
// buffer; 512 threads per block, 32768 blocks (guarded, so the footprint analysis sees a bound).
// Expected unified-memory migrations (payload bytes, per pair). Every byte of both buffers is
// touched and the sizes are whole multiples of 2 MiB, so the totals are the same whether the
// driver moves 4 KiB host pages, 64 KiB GPU pages or 2 MiB blocks (x86 Linux without ATS/HMM
// for managed memory: the H200 box); only the number of faults and records depends on it.
//   host loop writes g0     first touch on the host: pages populated in host memory, 0 bytes.
//   kernel 1 on GPU1        g0: H → G1 67108864 (read faults, the pages migrate, not copied).
//                           g1: never touched before: populated on GPU1, 0 bytes expected
//                           (the thesis says it migrates from the host too: see which we observe).
//   kernel 2 on GPU0        g1: G1 → G0 67108864 (read).  g0: G1 → G0 67108864 (written, but
//                           the driver cannot know every byte is overwritten, so it migrates).
//   host check reads g0     G0 → H 67108864 (CPU faults).
// Totals: H→G1 67108864, G1→G0 134217728, G0→H 67108864, all fault-driven (no prefetch).
// Kernel footprints: each launch reads 4·16777216 = 67108864 bytes of src, writes as many of dst.
#include "gpu_check.h"

__global__ void scalarMultiplication(const float *src, float *dst, size_t n) {
  const size_t idx = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (idx < n)
    dst[idx] = src[idx] * 2.0f;
}

// OUT: um thesis listing 3.2: 2 buffers of 67108864 bytes, GPU1 then GPU0: ok
int main() {
  requireTwoGpus();
  const size_t bufSize = 1024 * 1024 * 16 * sizeof(float); // 67108864 bytes
  const size_t n = bufSize / sizeof(float);
  float *g0 = nullptr, *g1 = nullptr;
  CK(cudaMallocManaged(&g0, bufSize));
  CK(cudaMallocManaged(&g1, bufSize));

  for (size_t i = 0; i < n; i++)
    g0[i] = float(i % 4096);

  const dim3 threads(512, 1);
  const dim3 blocks(static_cast<unsigned>(n / threads.x), 1);

  CK(cudaSetDevice(1));
  scalarMultiplication<<<blocks, threads>>>(g0, g1, n);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());

  CK(cudaSetDevice(0));
  scalarMultiplication<<<blocks, threads>>>(g1, g0, n);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());

  size_t errors = 0;
  for (size_t i = 0; i < n; i++)
    if (g0[i] != float(i % 4096) * 2.0f * 2.0f)
      ++errors;
  std::printf("um thesis listing 3.2: 2 buffers of %zu bytes, GPU1 then GPU0: %s\n", bufSize,
              errors == 0 ? "ok" : "MISMATCH");
  CK(cudaFree(g0));
  CK(cudaFree(g1));
  return errors == 0 ? 0 : 1;
}
