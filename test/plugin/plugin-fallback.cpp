// When the plugin cannot compile the instrumented source (here: site.h is not where rt-include
// says), it prints one warning naming the file, and clang compiles and links the original.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang_c -c %S/Inputs/plugin_site_stub.c -o %t/stub.o
// RUN: %clangxx -fplugin=%plugin -fplugin-arg-commledger-rt-include=%t/missing -I%S/Inputs %s %t/stub.o -o %t/prog 2> %t/err
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t/err
// RUN: %t/prog | FileCheck %s
// WARN: commledger: warning: {{.*}}plugin-fallback.cpp: rt-include={{.*}}missing holds no commledger/site.h; compiling the original source
// WARN-NOT: commledger
#include "fake_cuda.h"

// CHECK-NOT: commledger_enter
// CHECK: cudaMemcpy #1 n=4 kind=0
int main() {
  char a[4], b[4] = {0};
  return cudaMemcpy(a, b, sizeof a, cudaMemcpyHostToHost) - 1; // 4 % 3 = 1
}
