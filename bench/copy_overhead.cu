// Overhead benchmark (docs/PERFORMANCE.md): times a burst of copies, built plain and through
// commledger-cc, so the ratio instrumented/plain shows what the runtime adds per call.
//   copy_overhead small   100000 × cudaMemcpyAsync 4 KiB pinned H2D on one stream
//   copy_overhead p2p       1000 × cudaMemcpyPeerAsync 64 MiB GPU0 → GPU1, peer access on
// Prints one line: "<mode> <calls> <seconds>".
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <cuda_runtime.h>

#define CK(call)                                                                                \
  do {                                                                                          \
    cudaError_t err_ = (call);                                                                  \
    if (err_ != cudaSuccess) {                                                                  \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));        \
      return 2;                                                                                 \
    }                                                                                           \
  } while (0)

static double seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

static int smallCopies() {
  const size_t bytes = 4096;
  const int calls = 100000;
  void *host = nullptr, *dev = nullptr;
  cudaStream_t stream;
  CK(cudaMallocHost(&host, bytes));
  CK(cudaMalloc(&dev, bytes));
  CK(cudaStreamCreate(&stream));
  CK(cudaMemcpyAsync(dev, host, bytes, cudaMemcpyHostToDevice, stream)); // warm-up
  CK(cudaStreamSynchronize(stream));
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < calls; ++i)
    CK(cudaMemcpyAsync(dev, host, bytes, cudaMemcpyHostToDevice, stream));
  CK(cudaStreamSynchronize(stream));
  std::printf("small %d %.6f\n", calls, seconds(start));
  return 0;
}

static int peerCopies() {
  const size_t bytes = 64u << 20;
  const int calls = 1000;
  void *src = nullptr, *dst = nullptr;
  cudaStream_t stream;
  CK(cudaSetDevice(1));
  CK(cudaDeviceEnablePeerAccess(0, 0));
  CK(cudaMalloc(&dst, bytes));
  CK(cudaSetDevice(0));
  CK(cudaDeviceEnablePeerAccess(1, 0));
  CK(cudaMalloc(&src, bytes));
  CK(cudaStreamCreate(&stream));
  CK(cudaMemcpyPeerAsync(dst, 1, src, 0, bytes, stream)); // warm-up
  CK(cudaStreamSynchronize(stream));
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < calls; ++i)
    CK(cudaMemcpyPeerAsync(dst, 1, src, 0, bytes, stream));
  CK(cudaStreamSynchronize(stream));
  std::printf("p2p %d %.6f\n", calls, seconds(start));
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 2 && std::strcmp(argv[1], "small") == 0)
    return smallCopies();
  if (argc == 2 && std::strcmp(argv[1], "p2p") == 0)
    return peerCopies();
  std::fprintf(stderr, "usage: copy_overhead small|p2p\n");
  return 2;
}
