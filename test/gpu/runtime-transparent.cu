// The runtime never changes what a program prints or how it exits: plain run (runtime not
// loaded: the weak site hooks are absent), run with CUPTI blocked (COMMLEDGER_DISABLE=1, one
// warning) and a traced run all give the same stdout and exit code (3).
// REQUIRES: cuda-gpu, gpus-2
// RUN: rm -rf %t.out %t.off %t.sites.json
// RUN: env COMMLEDGER_SITES=%t.sites.json %commledger-cc %nvcc -I%rt_include -I%S/Inputs %s -o %t.exe
// RUN: %t.exe > %t.plain.txt; echo "exit=$?" >> %t.plain.txt
// RUN: FileCheck --check-prefix=OUT %s < %t.plain.txt
// RUN: env COMMLEDGER_DISABLE=1 %commledger run -o %t.off -- %t.exe > %t.off.txt 2> %t.off.err; echo "exit=$?" >> %t.off.txt
// RUN: diff %t.plain.txt %t.off.txt
// RUN: FileCheck --check-prefix=WARN %s < %t.off.err
// RUN: %commledger show %t.off/trace-*.json | FileCheck --check-prefix=OFF %s
// RUN: %commledger run -o %t.out -- %t.exe > %t.traced.txt 2> %t.traced.err; echo "exit=$?" >> %t.traced.txt
// RUN: diff %t.plain.txt %t.traced.txt
// RUN: FileCheck --check-prefix=TRACED %s < %t.traced.err
#include "gpu_check.h"

#include <vector>

// OUT: checksum 1048576
// OUT-NEXT: exit=3
// WARN: commledger: warning: CUPTI not started (disabled by COMMLEDGER_DISABLE)
// WARN-NOT: commledger: warning
// WARN: commledger: trace written to
// OFF: cupti active=false
// OFF-NOT: observed
// TRACED-NOT: warning
// TRACED: commledger: trace written to {{.*}}trace-{{.*}}.json
int main() {
  const size_t n = 1024 * 1024;
  std::vector<unsigned char> host(n, 1), back(n);
  unsigned char *d = nullptr;
  CK(cudaMalloc(&d, n));
  CK(cudaMemcpy(d, host.data(), n, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(back.data(), d, n, cudaMemcpyDeviceToHost));
  // The error state the runtime must not disturb: pointer queries go through the driver.
  cudaError_t before = cudaGetLastError();
  size_t sum = 0;
  for (unsigned char b : back)
    sum += b;
  std::printf("checksum %zu\n", sum);
  CK(cudaFree(d));
  return before == cudaSuccess ? 3 : 4;
}
