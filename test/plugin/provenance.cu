// Pointer provenance in the enclosing function decides the endpoints: cudaSetDevice(k) before
// cudaMalloc, pinned vs pageable host memory, containers filled in a per-device loop, and Peer
// APIs whose device arguments disagree with where the pointers were allocated.
// RUN: rm -f %t.json
// RUN: %commledger-instrument %s --project-root %S --sites %t.json -- > /dev/null
// RUN: %commledger show %t.json | grep -v 'instrumented=0' | FileCheck %s
#include <cuda_runtime.h>
#include <stdlib.h>
#include <vector>

constexpr int kGpus = 2;
constexpr size_t kBytes = 1 << 20; // 1048576

void exchange(int k) {
  float *onGpu0, *onGpuK, *pinned, *bufs[kGpus];
  float *pageable = (float *)malloc(kBytes);
  std::vector<float> host(kBytes / sizeof(float));
  cudaSetDevice(0);
  cudaMalloc(&onGpu0, kBytes);
  cudaSetDevice(k);
  cudaMalloc((void **)&onGpuK, kBytes);
  cudaMallocHost(&pinned, kBytes);
  for (int d = 0; d < kGpus; ++d) {
    cudaSetDevice(d);
    cudaMalloc(&bufs[d], kBytes);
  }
  // CHECK: provenance.cu:[[@LINE+1]]:3 cudaMemcpy copy instrumented=1 fn=exchange | dir=P2P bytes=1048576 expr="kBytes" src=device:0 dst=device:k mult=1 kind=cudaMemcpyDefault
  cudaMemcpy(onGpuK, onGpu0, kBytes, cudaMemcpyDefault);
  // CHECK-NEXT: provenance.cu:[[@LINE+1]]:3 cudaMemcpy copy instrumented=1 fn=exchange | dir=H2D bytes=1048576 expr="kBytes" src=host:pinned dst=device:0 mult=1 kind=cudaMemcpyDefault
  cudaMemcpy(onGpu0, pinned, kBytes, cudaMemcpyDefault);
  // CHECK-NEXT: provenance.cu:[[@LINE+1]]:3 cudaMemcpy copy instrumented=1 fn=exchange | dir=D2H bytes=1048576 expr="kBytes" src=device:k dst=host:pageable mult=1 kind=cudaMemcpyDeviceToHost
  cudaMemcpy(pageable, onGpuK, kBytes, cudaMemcpyDeviceToHost);
  // CHECK-NEXT: provenance.cu:[[@LINE+1]]:3 cudaMemcpy copy instrumented=1 fn=exchange | dir=H2D bytes=1048576 expr="kBytes" src=host:pageable dst=device:1 mult=1 kind=cudaMemcpyHostToDevice
  cudaMemcpy(bufs[1], host.data(), kBytes, cudaMemcpyHostToDevice);
  // CHECK-NEXT: provenance.cu:[[@LINE+1]]:3 cudaMemcpyPeer copy instrumented=1 fn=exchange | dir=P2P bytes=1048576 expr="kBytes" src=device:0 dst=device:1 mult=1
  cudaMemcpyPeer(bufs[1], 1, bufs[0], 0, kBytes);
  // The programmer's device arguments win; the disagreement is a note.
  // CHECK-NEXT: provenance.cu:[[@LINE+1]]:3 cudaMemcpyPeer copy instrumented=1 fn=exchange | dir=D2D bytes=1048576 expr="kBytes" src=device:0 dst=device:0 mult=1 note="dstDevice argument is 0 but dst was allocated on device 1"
  cudaMemcpyPeer(bufs[1], 0, bufs[0], 0, kBytes);
  for (int i = 0; i < kGpus; ++i)
    // bufs[i] lives on device i: the pair stays symbolic.
    // CHECK-NEXT: provenance.cu:[[@LINE+1]]:5 cudaMemcpyPeerAsync copy instrumented=1 fn=exchange | dir=P2P bytes=1048576 expr="kBytes" src=device:i dst=device:1 mult=2
    cudaMemcpyPeerAsync(bufs[1], 1, bufs[i], i, kBytes, 0);
}
