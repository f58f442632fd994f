// A duplex benchmark in the style of Comm|Scope's cudaMemcpyAsync-duplex: two cudaMemcpyPeerAsync
// on two streams, meant GPU0→GPU1 and GPU1→GPU0. The second copy's source is by mistake the
// buffer on GPU0, so while its device arguments say GPU1→GPU0, the copy never leaves GPU0.
// REQUIRES: cuda-gpu, gpus-2
// RUN: rm -rf %t.out %t.sites.json
// RUN: env COMMLEDGER_SITES=%t.sites.json %commledger-cc %nvcc -I%rt_include -I%S/Inputs %s -o %t.exe
// RUN: env CUDA_VISIBLE_DEVICES=0,1 %commledger run -o %t.out -- %t.exe | FileCheck --check-prefix=OUT %s
// RUN: %commledger show --sites %t.sites.json %t.out/trace-*.json | FileCheck %s
// RUN: %commledger report --format json --sites %t.sites.json %t.out > %t.report.json
// RUN: FileCheck --check-prefix=REPORT %s < %t.report.json
// RUN: test -z "$COMMLEDGER_FIXTURE_DIR" || cp %t.out/trace-*.json "$COMMLEDGER_FIXTURE_DIR/duplex.trace.json"
// RUN: test -z "$COMMLEDGER_FIXTURE_DIR" || cp %t.sites.json "$COMMLEDGER_FIXTURE_DIR/duplex.sites.json"
// Report: copy A 5 × 1 MiB GPU0→GPU1 over the link (match); copy B 5 × 1 MiB stays on GPU0
// (pair differs: the copy never left the GPU); memsets of 1 MiB on each GPU; 1 MiB out of each.
// REPORT-DAG: "p2p_direct": {"labels":["H","G0","G1"],"bytes":{{\[\[}}0,0,0],[0,0,0],[0,5242880,0]],"counts":{{\[\[}}0,0,0],[0,0,0],[0,5,0]]}
// REPORT-DAG: "d2d_local": {"labels":["H","G0","G1"],"bytes":{{\[\[}}0,0,0],[0,5242880,0],[0,0,0]],"counts":{{\[\[}}0,0,0],[0,5,0],[0,0,0]]}
// REPORT-DAG: "d2h_pageable": {"labels":["H","G0","G1"],"bytes":{{\[\[}}0,1048576,1048576],[0,0,0],[0,0,0]],"counts":{{\[\[}}0,1,1],[0,0,0],[0,0,0]]}
// REPORT-DAG: "verdict":"pair differs","message":"predicted G1→G0, observed G0→G0: copy never left the GPU"
#include "gpu_check.h"

#include <vector>

// CHECK: cupti active=true
int main() {
  requireTwoGpus();
  const size_t bytes = 1024 * 1024; // 1 MiB
  const int iterations = 5;
  unsigned char *src0, *dst0, *src1, *dst1;
  cudaStream_t s0, s1;
  CK(cudaSetDevice(0));
  CK(cudaDeviceEnablePeerAccess(1, 0));
  CK(cudaMalloc(&src0, bytes));
  CK(cudaMalloc(&dst0, bytes));
  CK(cudaStreamCreate(&s0));
  CK(cudaSetDevice(1));
  CK(cudaDeviceEnablePeerAccess(0, 0));
  CK(cudaMalloc(&src1, bytes));
  CK(cudaMalloc(&dst1, bytes));
  CK(cudaStreamCreate(&s1));
  CK(cudaMemset(src0, 0xa0, bytes));
  CK(cudaMemset(src1, 0xa1, bytes));

  for (int i = 0; i < iterations; ++i) {
    // 5 × 1048576 = 5242880 bytes GPU0 → GPU1, as intended
    // CHECK: L[[@LINE+2]] request cudaMemcpyPeerAsync - G0:device->G1:device declared=0->1 bytes=5242880 count=5
    // CHECK: L[[@LINE+1]] observed PtoP G0:device->G1:device bytes=5242880 count=5
    CK(cudaMemcpyPeerAsync(dst1, 1, src0, 0, bytes, s0));
    // The mistake: src0 instead of src1. Declared GPU1→GPU0, observed GPU0→GPU0.
    // CHECK: L[[@LINE+3]] request cudaMemcpyPeerAsync - G0:device->G0:device declared=1->0 bytes=5242880 count=5
    // CHECK: L[[@LINE+2]] observed {{DtoD|PtoP}} G0:device->G0:device bytes=5242880 count=5
    // CHECK-NOT: L[[@LINE+1]] observed {{.*}}G1:
    CK(cudaMemcpyPeerAsync(dst0, 0, src0, 1, bytes, s1));
  }
  CK(cudaStreamSynchronize(s0));
  CK(cudaStreamSynchronize(s1));
  std::vector<unsigned char> back0(bytes), back1(bytes);
  CK(cudaMemcpy(back0.data(), dst0, bytes, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(back1.data(), dst1, bytes, cudaMemcpyDeviceToHost));
  // Both destinations hold GPU0's pattern: the "GPU1→GPU0" copy read GPU0's own buffer.
  const bool ok = back0[0] == 0xa0 && back0[bytes - 1] == 0xa0 && back1[0] == 0xa0;
  // OUT: duplex: 5 rounds of 1048576 bytes; copy B read GPU0's own buffer: ok
  std::printf("duplex: %d rounds of %zu bytes; copy B read GPU0's own buffer: %s\n", iterations,
              bytes, ok ? "ok" : "MISMATCH");
  return ok ? 0 : 1;
}
