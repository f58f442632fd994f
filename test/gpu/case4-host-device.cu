// Case 4: host↔device copies with pinned and pageable host memory, explicit and Default kinds,
// synchronous and async, plus cudaMemset (local traffic), all on GPU0.
// REQUIRES: cuda-gpu, gpus-2
// RUN: rm -rf %t.out %t.sites.json
// RUN: env COMMLEDGER_SITES=%t.sites.json %commledger-cc %nvcc -I%rt_include -I%S/Inputs %s -o %t.exe
// RUN: env CUDA_VISIBLE_DEVICES=0,1 %commledger run -o %t.out -- %t.exe | FileCheck --check-prefix=OUT %s
// RUN: %commledger show --sites %t.sites.json %t.out/trace-*.json | FileCheck %s
// RUN: %commledger report --format json --sites %t.sites.json %t.out > %t.report.json
// RUN: FileCheck --check-prefix=REPORT %s < %t.report.json
// RUN: FileCheck --check-prefix=VERDICTS %s < %t.report.json
// RUN: test -z "$COMMLEDGER_FIXTURE_DIR" || cp %t.out/trace-*.json "$COMMLEDGER_FIXTURE_DIR/case4.trace.json"
// RUN: test -z "$COMMLEDGER_FIXTURE_DIR" || cp %t.sites.json "$COMMLEDGER_FIXTURE_DIR/case4.sites.json"
// Report, 2 rounds × 256 KiB (262144 B) per site: pageable in 524288 B and out 524288 B; pinned
// in 2 sites = 1048576 B; pinned out 2 sites + the final check copy = 1048576 + 262144 B;
// memset 524288 B on GPU0's diagonal; every site matches.
// REPORT-DAG: "h2d_pageable": {"labels":["H","G0","G1"],"bytes":{{\[\[}}0,0,0],[524288,0,0],[0,0,0]],"counts":{{\[\[}}0,0,0],[2,0,0],[0,0,0]]}
// REPORT-DAG: "d2h_pageable": {"labels":["H","G0","G1"],"bytes":{{\[\[}}0,524288,0],[0,0,0],[0,0,0]],"counts":{{\[\[}}0,2,0],[0,0,0],[0,0,0]]}
// REPORT-DAG: "h2d_pinned": {"labels":["H","G0","G1"],"bytes":{{\[\[}}0,0,0],[1048576,0,0],[0,0,0]],"counts":{{\[\[}}0,0,0],[4,0,0],[0,0,0]]}
// REPORT-DAG: "d2h_pinned": {"labels":["H","G0","G1"],"bytes":{{\[\[}}0,1310720,0],[0,0,0],[0,0,0]],"counts":{{\[\[}}0,5,0],[0,0,0],[0,0,0]]}
// REPORT-DAG: "memset": {"labels":["H","G0","G1"],"bytes":{{\[\[}}0,0,0],[0,524288,0],[0,0,0]],"counts":{{\[\[}}0,0,0],[0,2,0],[0,0,0]]}
// VERDICTS: "sites": [
// VERDICTS-NOT: "verdict":"{{size|pair|staged|unpredicted|never|unknown}}
#include "gpu_check.h"

#include <vector>

// CHECK: cupti active=true
int main() {
  const size_t n = 256 * 1024; // 256 KiB per copy
  const int rounds = 2;
  CK(cudaSetDevice(0));
  std::vector<unsigned char> pageable(n), pageableBack(n);
  fill(pageable.data(), n, 4);
  unsigned char *pinned = nullptr, *pinnedBack = nullptr, *d = nullptr;
  CK(cudaMallocHost(&pinned, n));
  CK(cudaMallocHost(&pinnedBack, n));
  CK(cudaMalloc(&d, n));
  std::memcpy(pinned, pageable.data(), n);
  cudaStream_t stream;
  CK(cudaStreamCreate(&stream));
  bool ok = true;

  for (int r = 0; r < rounds; ++r) {
    // 2 × 262144 = 524288 bytes each
    // CHECK: L[[@LINE+2]] request cudaMemcpy HostToDevice H:pageable->G0:device bytes=524288 count=2
    // CHECK: L[[@LINE+1]] observed HtoD H:pageable->G0:device bytes=524288 count=2
    CK(cudaMemcpy(d, pageable.data(), n, cudaMemcpyHostToDevice));
    // CHECK: L[[@LINE+2]] request cudaMemcpy Default G0:device->H:pageable bytes=524288 count=2
    // CHECK: L[[@LINE+1]] observed DtoH G0:device->H:pageable bytes=524288 count=2
    CK(cudaMemcpy(pageableBack.data(), d, n, cudaMemcpyDefault));
    ok = ok && same(pageable.data(), pageableBack.data(), n);
    // CHECK: L[[@LINE+2]] request cudaMemcpy Default H:pinned->G0:device bytes=524288 count=2
    // CHECK: L[[@LINE+1]] observed HtoD H:pinned->G0:device bytes=524288 count=2
    CK(cudaMemcpy(d, pinned, n, cudaMemcpyDefault));
    // CHECK: L[[@LINE+2]] request cudaMemcpy DeviceToHost G0:device->H:pinned bytes=524288 count=2
    // CHECK: L[[@LINE+1]] observed DtoH G0:device->H:pinned bytes=524288 count=2
    CK(cudaMemcpy(pinnedBack, d, n, cudaMemcpyDeviceToHost));
    ok = ok && same(pinned, pinnedBack, n);
    // CHECK: L[[@LINE+2]] request cudaMemcpyAsync HostToDevice H:pinned->G0:device bytes=524288 count=2
    // CHECK: L[[@LINE+1]] observed HtoD H:pinned->G0:device bytes=524288 count=2
    CK(cudaMemcpyAsync(d, pinned, n, cudaMemcpyHostToDevice, stream));
    // CHECK: L[[@LINE+2]] request cudaMemcpyAsync Default G0:device->H:pinned bytes=524288 count=2
    // CHECK: L[[@LINE+1]] observed DtoH G0:device->H:pinned bytes=524288 count=2
    CK(cudaMemcpyAsync(pinnedBack, d, n, cudaMemcpyDefault, stream));
    CK(cudaStreamSynchronize(stream));
    ok = ok && same(pinned, pinnedBack, n);
    // CHECK: L[[@LINE+2]] request cudaMemset - G0:device->G0:device bytes=524288 count=2
    // CHECK: L[[@LINE+1]] observed Memset G0:device->G0:device bytes=524288 count=2
    CK(cudaMemset(d, 0, n));
  }
  CK(cudaMemcpy(pinnedBack, d, n, cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < n; ++i)
    ok = ok && pinnedBack[i] == 0;
  // OUT: case 4: 2 rounds of 7 calls on 262144 bytes: ok
  std::printf("case 4: %d rounds of 7 calls on %zu bytes: %s\n", rounds, n, ok ? "ok" : "MISMATCH");
  CK(cudaStreamDestroy(stream));
  CK(cudaFreeHost(pinned));
  CK(cudaFreeHost(pinnedBack));
  CK(cudaFree(d));
  return ok ? 0 : 1;
}
