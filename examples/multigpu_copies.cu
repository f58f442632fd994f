// CommLedger's bundled example: the ComScribe explicit-copy cases (1.1, 1.3, 1.4, 4) on two GPUs,
// with two classic mistakes for the report to find: a peer copy made before peer access is on
// (staged through the host), and a "duplex" copy whose source sits on the destination GPU.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

#define CHECK(call)                                                                            \
  do {                                                                                         \
    cudaError_t err_ = (call);                                                                 \
    if (err_ != cudaSuccess) {                                                                 \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));      \
      std::exit(1);                                                                            \
    }                                                                                          \
  } while (0)

constexpr size_t kBytes = 4 << 20; // 4 MiB per buffer
constexpr int kPingPongs = 10;

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices < 2) {
    std::printf("multigpu_copies: needs two GPUs, found %d\n", devices);
    return 0;
  }
  float *g0, *g0b, *g1, *g1b, *pinned;
  CHECK(cudaSetDevice(0));
  CHECK(cudaMalloc(&g0, kBytes));
  CHECK(cudaMalloc(&g0b, kBytes));
  CHECK(cudaSetDevice(1));
  CHECK(cudaMalloc(&g1, kBytes));
  CHECK(cudaMalloc(&g1b, kBytes));
  CHECK(cudaMallocHost(&pinned, kBytes));
  std::vector<float> pageable(kBytes / sizeof(float), 2.0f);

  // Case 4: host to GPU0 from pageable memory, back to pinned memory.
  CHECK(cudaMemcpy(g0, pageable.data(), kBytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(pinned, g0, kBytes, cudaMemcpyDeviceToHost));

  // Case 1.3: peer access is not enabled yet, so the driver stages this copy through the host.
  CHECK(cudaMemcpyPeer(g1, 1, g0, 0, kBytes));

  // Case 1.1: ping-pong between the GPUs with peer access on (the thesis' Listing 3.1).
  CHECK(cudaSetDevice(0));
  CHECK(cudaDeviceEnablePeerAccess(1, 0));
  CHECK(cudaSetDevice(1));
  CHECK(cudaDeviceEnablePeerAccess(0, 0));
  for (int i = 0; i < kPingPongs; i++) {
    if (i % 2 == 0)
      CHECK(cudaMemcpy(g1, g0, kBytes, cudaMemcpyDefault));
    else
      CHECK(cudaMemcpy(g0, g1, kBytes, cudaMemcpyDefault));
  }

  // Duplex: meant GPU0->GPU1 and GPU1->GPU0 at once; the second source should have been g1.
  cudaStream_t s0, s1;
  CHECK(cudaSetDevice(0));
  CHECK(cudaStreamCreate(&s0));
  CHECK(cudaSetDevice(1));
  CHECK(cudaStreamCreate(&s1));
  CHECK(cudaMemcpyPeerAsync(g1b, 1, g0, 0, kBytes, s0));
  CHECK(cudaMemcpyPeerAsync(g0b, 0, g0, 1, kBytes, s1));
  CHECK(cudaStreamSynchronize(s0));
  CHECK(cudaStreamSynchronize(s1));

  // Case 1.4: GPU1 to GPU0 through a host buffer.
  CHECK(cudaMemcpy(pinned, g1, kBytes, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(g0b, pinned, kBytes, cudaMemcpyHostToDevice));

  CHECK(cudaMemcpy(pageable.data(), g0b, kBytes, cudaMemcpyDeviceToHost));
  for (float v : pageable)
    if (v != 2.0f) {
      std::printf("multigpu_copies: wrong data %f\n", v);
      return 1;
    }
  std::printf("multigpu_copies: ok\n");
  return 0;
}
