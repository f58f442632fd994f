// Case 1.1 (thesis Listing 3.1): cudaMemcpy Default ping-pong GPU0 <-> GPU1 with peer access on;
// every copy is a direct P2P copy at its own site.
// REQUIRES: cuda-gpu, gpus-2
// RUN: rm -rf %t.out %t.sites.json
// RUN: env COMMLEDGER_SITES=%t.sites.json %commledger-cc %nvcc -I%rt_include -I%S/Inputs %s -o %t.exe
// RUN: env CUDA_VISIBLE_DEVICES=0,1 %commledger run -o %t.out -- %t.exe | FileCheck --check-prefix=OUT %s
// RUN: %commledger show --sites %t.sites.json %t.out/trace-*.json | FileCheck %s
// RUN: %commledger report --format json --sites %t.sites.json %t.out > %t.report.json
// RUN: FileCheck --check-prefix=REPORT %s < %t.report.json
// RUN: FileCheck --check-prefix=VERDICTS %s < %t.report.json
// RUN: test -z "$COMMLEDGER_FIXTURE_DIR" || cp %t.out/trace-*.json "$COMMLEDGER_FIXTURE_DIR/case1.1.trace.json"
// RUN: test -z "$COMMLEDGER_FIXTURE_DIR" || cp %t.sites.json "$COMMLEDGER_FIXTURE_DIR/case1.1.sites.json"
// Report: 5 × 1 MiB each way over the peer link, 1 MiB in from pageable host memory to GPU0 and
// 1 MiB back out from GPU0; every site matches its prediction.
// REPORT-DAG: "p2p_direct": {"labels":["H","G0","G1"],"bytes":{{\[\[}}0,0,0],[0,0,5242880],[0,5242880,0]],"counts":{{\[\[}}0,0,0],[0,0,5],[0,5,0]]}
// REPORT-DAG: "h2d_pageable": {"labels":["H","G0","G1"],"bytes":{{\[\[}}0,0,0],[1048576,0,0],[0,0,0]],"counts":{{\[\[}}0,0,0],[1,0,0],[0,0,0]]}
// REPORT-DAG: "d2h_pageable": {"labels":["H","G0","G1"],"bytes":{{\[\[}}0,1048576,0],[0,0,0],[0,0,0]],"counts":{{\[\[}}0,1,0],[0,0,0],[0,0,0]]}
// VERDICTS: "sites": [
// VERDICTS-NOT: "verdict":"{{size|pair|staged|unpredicted|never|unknown}}
#include "gpu_check.h"

#include <vector>

// CHECK: cupti active=true
// CHECK: devices={{[2-9]}} dropped=0 end=exit
int main() {
  requireTwoGpus();
  const size_t bufSize = 1024 * 1024; // 1 MiB
  const int iterations = 10;          // 5 copies GPU0→GPU1, 5 copies GPU1→GPU0
  CK(cudaSetDevice(0));
  CK(cudaDeviceEnablePeerAccess(1, 0));
  CK(cudaSetDevice(1));
  CK(cudaDeviceEnablePeerAccess(0, 0));

  std::vector<unsigned char> host(bufSize), back(bufSize);
  fill(host.data(), bufSize, 11);
  unsigned char *g0 = nullptr, *g1 = nullptr;
  CK(cudaSetDevice(0));
  CK(cudaMalloc(&g0, bufSize));
  CK(cudaSetDevice(1));
  CK(cudaMalloc(&g1, bufSize));
  CK(cudaMemcpy(g0, host.data(), bufSize, cudaMemcpyHostToDevice));

  for (int i = 0; i < iterations; i++) {
    if (i % 2 == 0)
      // 5 × 1048576 = 5242880 bytes GPU0 → GPU1
      // CHECK: L[[@LINE+3]] request cudaMemcpy Default G0:device->G1:device bytes=5242880 count=5
      // CHECK: L[[@LINE+2]] observed PtoP G0:device->G1:device bytes=5242880 count=5
      // CHECK-NOT: L[[@LINE+1]] observed
      CK(cudaMemcpy(g1, g0, bufSize, cudaMemcpyDefault));
    else
      // CHECK: L[[@LINE+3]] request cudaMemcpy Default G1:device->G0:device bytes=5242880 count=5
      // CHECK: L[[@LINE+2]] observed PtoP G1:device->G0:device bytes=5242880 count=5
      // CHECK-NOT: L[[@LINE+1]] observed
      CK(cudaMemcpy(g0, g1, bufSize, cudaMemcpyDefault));
  }
  CK(cudaMemcpy(back.data(), g0, bufSize, cudaMemcpyDeviceToHost));
  const bool ok = same(host.data(), back.data(), bufSize);
  // OUT: case 1.1: 10 peer copies of 1048576 bytes: ok
  std::printf("case 1.1: %d peer copies of %zu bytes: %s\n", iterations, bufSize,
              ok ? "ok" : "MISMATCH");
  CK(cudaFree(g0));
  CK(cudaFree(g1));
  return ok ? 0 : 1;
}
