// Case 1.3: cudaMemcpyPeer and cudaMemcpy Default with peer access off. The driver stages each
// copy through host memory: CUPTI shows DtoH on the source + HtoD on the destination, both with
// device memory kinds, which the runtime records as one StagedPtoP per copy.
// REQUIRES: cuda-gpu, gpus-2
// RUN: rm -rf %t.out %t.sites.json
// RUN: env COMMLEDGER_SITES=%t.sites.json %commledger-cc %nvcc -I%rt_include -I%S/Inputs %s -o %t.exe
// RUN: env CUDA_VISIBLE_DEVICES=0,1 %commledger run -o %t.out -- %t.exe | FileCheck --check-prefix=OUT %s
// RUN: %commledger show --sites %t.sites.json %t.out/trace-*.json | FileCheck %s
// RUN: %commledger report --format json --sites %t.sites.json %t.out > %t.report.json
// RUN: FileCheck --check-prefix=REPORT %s < %t.report.json
// RUN: test -z "$COMMLEDGER_FIXTURE_DIR" || cp %t.out/trace-*.json "$COMMLEDGER_FIXTURE_DIR/case1.3.trace.json"
// RUN: test -z "$COMMLEDGER_FIXTURE_DIR" || cp %t.sites.json "$COMMLEDGER_FIXTURE_DIR/case1.3.sites.json"
// Report: each direction 4 × 1 MiB = 4194304 B, staged: the hops G0→H, H→G1, G1→H, H→G0 carry
// 4194304 B each; both peer sites are flagged "staged via host".
// REPORT-DAG: "p2p_staged": {"labels":["H","G0","G1"],"bytes":{{\[\[}}0,4194304,4194304],[4194304,0,0],[4194304,0,0]],"counts":{{\[\[}}0,4,4],[4,0,0],[4,0,0]]}
// REPORT-DAG: "p2p_direct": {"labels":["H","G0","G1"],"bytes":{{\[\[}}0,0,0],[0,0,0],[0,0,0]],"counts":{{\[\[}}0,0,0],[0,0,0],[0,0,0]]}
// REPORT-DAG: "api":"cudaMemcpyPeer",{{.*}}"verdict":"staged via host","message":"peer copy G0→G1 staged through the host
// REPORT-DAG: "api":"cudaMemcpy",{{.*}}"observed":{"bytes":4194304,{{.*}}"verdict":"staged via host","message":"peer copy G1→G0 staged through the host
#include "gpu_check.h"

#include <vector>

// CHECK: cupti active=true
int main() {
  requireTwoGpus();
  const size_t bufSize = 1024 * 1024; // 1 MiB
  const int iterations = 4;           // per site
  // Peer access is never enabled: every GPU↔GPU copy below goes through the host.
  std::vector<unsigned char> host(bufSize), back(bufSize);
  fill(host.data(), bufSize, 13);
  unsigned char *g0 = nullptr, *g1 = nullptr;
  CK(cudaSetDevice(0));
  CK(cudaMalloc(&g0, bufSize));
  CK(cudaSetDevice(1));
  CK(cudaMalloc(&g1, bufSize));
  CK(cudaMemcpy(g0, host.data(), bufSize, cudaMemcpyHostToDevice));

  for (int i = 0; i < iterations; i++) {
    // 4 × 1048576 = 4194304 bytes GPU0 → host → GPU1
    // CHECK: L[[@LINE+3]] request cudaMemcpyPeer - G0:device->G1:device declared=0->1 bytes=4194304 count=4
    // CHECK: L[[@LINE+2]] observed StagedPtoP G0:device->G1:device bytes=4194304 count=4
    // CHECK-NOT: L[[@LINE+1]] observed
    CK(cudaMemcpyPeer(g1, 1, g0, 0, bufSize));
    // 4 × 1048576 = 4194304 bytes GPU1 → host → GPU0
    // CHECK: L[[@LINE+3]] request cudaMemcpy Default G1:device->G0:device bytes=4194304 count=4
    // CHECK: L[[@LINE+2]] observed StagedPtoP G1:device->G0:device bytes=4194304 count=4
    // CHECK-NOT: L[[@LINE+1]] observed
    CK(cudaMemcpy(g0, g1, bufSize, cudaMemcpyDefault));
  }
  CK(cudaMemcpy(back.data(), g0, bufSize, cudaMemcpyDeviceToHost));
  const bool ok = same(host.data(), back.data(), bufSize);
  // OUT: case 1.3: 8 staged copies of 1048576 bytes: ok
  std::printf("case 1.3: %d staged copies of %zu bytes: %s\n", 2 * iterations, bufSize,
              ok ? "ok" : "MISMATCH");
  CK(cudaFree(g0));
  CK(cudaFree(g1));
  return ok ? 0 : 1;
}
