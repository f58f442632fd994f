// With -fplugin alone clang compiles the instrumented source: enter/leave run around each wrapped
// call with the site's id, the program's own output and exit code are unchanged, and __LINE__ and
// diagnostics still name the original lines. Without the plugin nothing is entered.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang_c -c %S/Inputs/plugin_site_stub.c -o %t/stub.o
// RUN: %clangxx -Wall -I%S/Inputs %s %t/stub.o -o %t/orig 2> /dev/null
// RUN: %clangxx -Wall -fplugin=%plugin -fplugin-arg-commledger-out=%t/out -fplugin-arg-commledger-project-root=%S -I%S/Inputs %s %t/stub.o -o %t/inst 2> %t/inst.err
// RUN: %t/orig > %t/orig.out; echo "exit $?" >> %t/orig.out
// RUN: %t/inst > %t/inst.out; echo "exit $?" >> %t/inst.out
// RUN: FileCheck %s --check-prefix=ORIG --input-file=%t/orig.out
// RUN: FileCheck %s --input-file=%t/inst.out
// RUN: grep -v '^commledger_' %t/inst.out | diff %t/orig.out -
// The ids entered are those of the sites in the rewritten source.
// RUN: cat %t/out/plugin-compiles-instrumented.cpp %t/inst.out | FileCheck %s --check-prefix=IDS
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t/inst.err
// IDS: int r = COMMLEDGER_SITE([[ID:0x[0-9a-f]+]]ULL, cudaMemcpy(
// IDS: commledger_enter [[ID]]
// IDS-NEXT: cudaMemcpy #2
#include "fake_cuda.h"

// ORIG-NOT: commledger_
// ORIG: line [[@LINE+2]]
int main() {
  printf("line %d\n", __LINE__);
  char a[8], b[8];
  // CHECK: line [[@LINE-2]]
  // CHECK-NEXT: commledger_enter 0x{{[0-9a-f]+}}
  // CHECK-NEXT: cudaMemset #1 n=8 value=7
  // CHECK-NEXT: commledger_leave
  cudaMemset(b, 7, sizeof b);
  // CHECK-NEXT: commledger_enter 0x{{[0-9a-f]+}}
  // CHECK-NEXT: cudaMemcpy #2 n=8 kind=0
  // CHECK-NEXT: commledger_leave
  int r = cudaMemcpy(a, b, sizeof a, cudaMemcpyHostToHost);
  // DIAG-NOT: commledger:
  // DIAG: plugin-compiles-instrumented.cpp:[[@LINE+1]]:7: warning: unused variable 'unused'
  int unused;
  // CHECK-NEXT: exit 9
  // 8 % 3 + a[0] = 2 + 7 = 9
  return r + a[0];
}
