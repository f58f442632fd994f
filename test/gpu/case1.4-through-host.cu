// Case 1.4: the program moves data GPU0 → host → GPU1 itself, with D2H then H2D through a
// pageable host buffer: two ordinary host copies per round, no peer traffic.
// REQUIRES: cuda-gpu, gpus-2
// RUN: rm -rf %t.out %t.sites.json
// RUN: env COMMLEDGER_SITES=%t.sites.json %commledger-cc %nvcc -I%rt_include -I%S/Inputs %s -o %t.exe
// RUN: env CUDA_VISIBLE_DEVICES=0,1 %commledger run -o %t.out -- %t.exe | FileCheck --check-prefix=OUT %s
// RUN: %commledger show --sites %t.sites.json %t.out/trace-*.json | FileCheck %s
// RUN: %commledger report --format json --sites %t.sites.json %t.out > %t.report.json
// RUN: FileCheck --check-prefix=REPORT %s < %t.report.json
// RUN: FileCheck --check-prefix=VERDICTS %s < %t.report.json
// RUN: test -z "$COMMLEDGER_FIXTURE_DIR" || cp %t.out/trace-*.json "$COMMLEDGER_FIXTURE_DIR/case1.4.trace.json"
// RUN: test -z "$COMMLEDGER_FIXTURE_DIR" || cp %t.sites.json "$COMMLEDGER_FIXTURE_DIR/case1.4.sites.json"
// Report: 3 × 1 MiB GPU0→pageable host and 3 × 1 MiB pageable host→GPU1; plus the set-up copy
// into GPU0 and the check copy out of GPU1, 1 MiB each. No peer traffic; every site matches.
// REPORT-DAG: "d2h_pageable": {"labels":["H","G0","G1"],"bytes":{{\[\[}}0,3145728,1048576],[0,0,0],[0,0,0]],"counts":{{\[\[}}0,3,1],[0,0,0],[0,0,0]]}
// REPORT-DAG: "h2d_pageable": {"labels":["H","G0","G1"],"bytes":{{\[\[}}0,0,0],[1048576,0,0],[3145728,0,0]],"counts":{{\[\[}}0,0,0],[1,0,0],[3,0,0]]}
// REPORT-DAG: "p2p_direct": {"labels":["H","G0","G1"],"bytes":{{\[\[}}0,0,0],[0,0,0],[0,0,0]],"counts":{{\[\[}}0,0,0],[0,0,0],[0,0,0]]}
// VERDICTS: "sites": [
// VERDICTS-NOT: "verdict":"{{size|pair|staged|unpredicted|never|unknown}}
#include "gpu_check.h"

#include <vector>

// CHECK: cupti active=true
int main() {
  requireTwoGpus();
  const size_t bufSize = 1024 * 1024; // 1 MiB
  const int iterations = 3;
  std::vector<unsigned char> host(bufSize), staging(bufSize), back(bufSize);
  fill(host.data(), bufSize, 14);
  unsigned char *g0 = nullptr, *g1 = nullptr;
  CK(cudaSetDevice(0));
  CK(cudaMalloc(&g0, bufSize));
  CK(cudaSetDevice(1));
  CK(cudaMalloc(&g1, bufSize));
  CK(cudaMemcpy(g0, host.data(), bufSize, cudaMemcpyHostToDevice));

  for (int i = 0; i < iterations; i++) {
    // 3 × 1048576 = 3145728 bytes GPU0 → pageable host
    // CHECK: L[[@LINE+2]] request cudaMemcpy DeviceToHost G0:device->H:pageable bytes=3145728 count=3
    // CHECK: L[[@LINE+1]] observed DtoH G0:device->H:pageable bytes=3145728 count=3
    CK(cudaMemcpy(staging.data(), g0, bufSize, cudaMemcpyDeviceToHost));
    // 3 × 1048576 = 3145728 bytes pageable host → GPU1
    // CHECK: L[[@LINE+2]] request cudaMemcpy HostToDevice H:pageable->G1:device bytes=3145728 count=3
    // CHECK: L[[@LINE+1]] observed HtoD H:pageable->G1:device bytes=3145728 count=3
    CK(cudaMemcpy(g1, staging.data(), bufSize, cudaMemcpyHostToDevice));
  }
  CK(cudaMemcpy(back.data(), g1, bufSize, cudaMemcpyDeviceToHost));
  const bool ok = same(host.data(), back.data(), bufSize);
  // OUT: case 1.4: 3 rounds GPU0 -> host -> GPU1 of 1048576 bytes: ok
  std::printf("case 1.4: %d rounds GPU0 -> host -> GPU1 of %zu bytes: %s\n", iterations, bufSize,
              ok ? "ok" : "MISMATCH");
  CK(cudaFree(g0));
  CK(cudaFree(g1));
  return ok ? 0 : 1;
}
