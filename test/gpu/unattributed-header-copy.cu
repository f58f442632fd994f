// A copy the instrumenter cannot rewrite (spelled in an included header) is still counted: the
// runtime puts its bytes in the unattributed bucket of its API, and the report marks the header
// site "not instrumented" instead of claiming it never ran.
// REQUIRES: cuda-gpu, gpus-2
// RUN: rm -rf %t.out %t.sites.json
// RUN: env COMMLEDGER_SITES=%t.sites.json %commledger-cc %nvcc -I%rt_include -I%S/Inputs %s -o %t.exe
// RUN: env CUDA_VISIBLE_DEVICES=0,1 %commledger run -o %t.out -- %t.exe | FileCheck --check-prefix=OUT %s
// RUN: %commledger show --sites %t.sites.json %t.out/trace-*.json | FileCheck %s
// RUN: %commledger report --format json --sites %t.sites.json %t.out > %t.report.json
// RUN: FileCheck --check-prefix=REPORT %s < %t.report.json
// RUN: test -z "$COMMLEDGER_FIXTURE_DIR" || cp %t.out/trace-*.json "$COMMLEDGER_FIXTURE_DIR/unattributed.trace.json"
// RUN: test -z "$COMMLEDGER_FIXTURE_DIR" || cp %t.sites.json "$COMMLEDGER_FIXTURE_DIR/unattributed.sites.json"
// Report: the header copy, 3 × 65536 = 196608 B pageable host → GPU1, is unattributed under
// cudaMemcpy and still in the matrix; the instrumented copy 65536 B host → GPU1 matches.
// REPORT-DAG: "h2d_pageable": {"labels":["H","G0","G1"],"bytes":{{\[\[}}0,0,0],[0,0,0],[262144,0,0]],"counts":{{\[\[}}0,0,0],[0,0,0],[4,0,0]]}
// REPORT-DAG: {"bucket":"cudaMemcpy","copyKind":"HtoD","src":"H","dst":"G1","kind":"h2d_pageable","bytes":196608,"count":3}
// REPORT-DAG: "file":"{{.*}}header_copy.h",{{.*}}"verdict":"not instrumented"
#include "gpu_check.h"
#include "header_copy.h"

#include <vector>

// CHECK: cupti active=true
int main() {
  requireTwoGpus();
  const size_t bytes = 64 * 1024; // 64 KiB
  std::vector<unsigned char> host(bytes, 7);
  unsigned char *g1 = nullptr;
  CK(cudaSetDevice(1));
  CK(cudaMalloc(&g1, bytes));
  for (int i = 0; i < 3; ++i)
    CK(copyInHeader(g1, host.data(), bytes));
  // CHECK: L[[@LINE+2]] request cudaMemcpy HostToDevice H:pageable->G1:device bytes=65536 count=1
  // CHECK: L[[@LINE+1]] observed HtoD H:pageable->G1:device bytes=65536 count=1
  CK(cudaMemcpy(g1, host.data(), bytes, cudaMemcpyHostToDevice));
  // CHECK: unattributed cudaMemcpy HtoD H:pageable->G1:device bytes=196608 count=3
  CK(cudaFree(g1));
  // OUT: unattributed: ok
  std::printf("unattributed: ok\n");
  return 0;
}
