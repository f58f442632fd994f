// With instrument=0 the Clang plugin only records the unit's sites and writes the rewritten
// source: clang compiles the original (no site.h symbols in the program); the rewritten source
// then builds and behaves like the original.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -fplugin=%plugin -fplugin-arg-commledger-instrument=0 -fplugin-arg-commledger-sites=%t/sites.json -fplugin-arg-commledger-out=%t/out -fplugin-arg-commledger-project-root=%S -I%S/Inputs %s -o %t/orig
// RUN: llvm-nm %t/orig | FileCheck %s --check-prefix=SYMS
// RUN: %commledger show %t/sites.json | FileCheck %s --check-prefix=DB
// RUN: FileCheck %s --input-file=%t/out/plugin-records-sites.cpp
// RUN: %clangxx -I%S/Inputs -I%rt_include %t/out/plugin-records-sites.cpp -o %t/inst
// RUN: %t/orig > %t/orig.out; %t/inst > %t/inst.out; diff %t/orig.out %t/inst.out
#include "fake_cuda.h"

// SYMS-NOT: commledger

// DB: sites: 1
int main() {
  char a[8], b[8] = {1};
  return cudaMemcpy(a, b, sizeof a, cudaMemcpyHostToHost) - 2;
  // CHECK: return COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, cudaMemcpy(a, b, sizeof a, cudaMemcpyHostToHost)) - 2;
  // DB-NEXT: plugin-records-sites.cpp:[[@LINE-2]]:10 cudaMemcpy copy instrumented=1 fn=main | dir=H2H bytes=8
}
