// Unified memory prefetch ping-pong: one managed buffer, initialised on the host, prefetched
// GPU0 → GPU1 → GPU0 → host in each of 4 rounds, with a kernel adding 1 on each GPU between the
// prefetches; the host checks the value after every round.
// REQUIRES: cuda-gpu, gpus-2
// RUN: %nvcc -I%S/Inputs %s -o %t.exe && %t.exe | FileCheck --check-prefix=OUT %s
//
// Buffer: 8 Mi floats = 33554432 bytes (32 MiB = 16 × 2 MiB).
// One round: prefetch to GPU0, kernel on GPU0, prefetch to GPU1, kernel on GPU1, prefetch to
// GPU0, kernel on GPU0, prefetch to host, host check. Expected migrations, all prefetch-driven
// (each kernel finds the whole buffer resident: 0 fault-driven bytes, whatever the page size):
//   H → G0   33554432 per round (round 1: from the pages the host initialised; later: from the
//            host check's pages), × 4 = 134217728
//   G0 → G1  33554432 per round, × 4 = 134217728
//   G1 → G0  33554432 per round, × 4 = 134217728
//   G0 → H   33554432 per round, × 4 = 134217728
// Sites: 4 prefetch sites, 3 launch sites; each reached 4 times (one per round).
// Element i after round k: (i % 4096) + 3k.
#include "gpu_check.h"

__global__ void addOne(float *buf, size_t n) {
  const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    buf[i] = buf[i] + 1.0f;
}

static cudaMemLocation onDevice(int device) {
  cudaMemLocation loc = {};
  loc.type = cudaMemLocationTypeDevice;
  loc.id = device;
  return loc;
}

static cudaMemLocation onHost() {
  cudaMemLocation loc = {};
  loc.type = cudaMemLocationTypeHost;
  return loc;
}

// OUT: um prefetch ping-pong: 33554432 bytes, 4 rounds GPU0 -> GPU1 -> GPU0 -> host: ok
int main() {
  requireTwoGpus();
  const size_t bytes = 32u << 20; // 33554432
  const size_t n = bytes / sizeof(float);
  const int rounds = 4;
  const unsigned threads = 256, blocks = static_cast<unsigned>((n + threads - 1) / threads);
  cudaStream_t s0, s1;
  CK(cudaSetDevice(1));
  CK(cudaStreamCreate(&s1));
  CK(cudaSetDevice(0));
  CK(cudaStreamCreate(&s0));
  float *buf = nullptr;
  CK(cudaMallocManaged(&buf, bytes));
  for (size_t i = 0; i < n; ++i)
    buf[i] = float(i % 4096);

  size_t errors = 0;
  for (int round = 1; round <= rounds; ++round) {
    // Each step is synchronized before the next: prefetches and kernels never overlap.
    CK(cudaSetDevice(0));
    CK(cudaMemPrefetchAsync(buf, bytes, onDevice(0), 0, s0));
    addOne<<<blocks, threads, 0, s0>>>(buf, n);
    CK(cudaGetLastError());
    CK(cudaStreamSynchronize(s0));

    CK(cudaSetDevice(1));
    CK(cudaMemPrefetchAsync(buf, bytes, onDevice(1), 0, s1));
    addOne<<<blocks, threads, 0, s1>>>(buf, n);
    CK(cudaGetLastError());
    CK(cudaStreamSynchronize(s1));

    CK(cudaSetDevice(0));
    CK(cudaMemPrefetchAsync(buf, bytes, onDevice(0), 0, s0));
    addOne<<<blocks, threads, 0, s0>>>(buf, n);
    CK(cudaGetLastError());
    CK(cudaMemPrefetchAsync(buf, bytes, onHost(), 0, s0));
    CK(cudaStreamSynchronize(s0));

    for (size_t i = 0; i < n; ++i)
      if (buf[i] != float(i % 4096) + 3.0f * round)
        ++errors;
  }
  std::printf("um prefetch ping-pong: %zu bytes, %d rounds GPU0 -> GPU1 -> GPU0 -> host: %s\n",
              bytes, rounds, errors == 0 ? "ok" : "MISMATCH");
  CK(cudaFree(buf));
  CK(cudaStreamDestroy(s0));
  CK(cudaSetDevice(1));
  CK(cudaStreamDestroy(s1));
  return errors == 0 ? 0 : 1;
}
