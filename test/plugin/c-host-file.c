// A C host file: wrapped with the C form of COMMLEDGER_SITE (statement expression), compiled with
// clang and run: same output and exit code; const locals fold to exact byte counts in C too.
// RUN: rm -f %t.json
// RUN: %clang_c -I%S/Inputs %s -o %t.orig
// RUN: %commledger-instrument %s --project-root %S --sites %t.json --output %t.inst.c -- -I%S/Inputs
// RUN: %clang_c -Wall -Werror -I%S/Inputs -I%rt_include %t.inst.c -o %t.inst
// RUN: %t.orig > %t.orig.out; echo "exit $?" >> %t.orig.out
// RUN: %t.inst > %t.inst.out; echo "exit $?" >> %t.inst.out
// RUN: diff %t.orig.out %t.inst.out
// RUN: FileCheck %s --check-prefix=REWRITE --input-file=%t.inst.c
// RUN: %commledger show %t.json | FileCheck %s --check-prefix=DB
#include "fake_cuda.h"
#include <stdlib.h>

#define COUNT 32

// DB: sites: 2
int main(void) {
  const size_t n = COUNT * sizeof(int); /* 32 * 4 = 128 */
  int *src = malloc(n), dst[COUNT];
  memset(src, 1, n);
  int rc = cudaMemcpy(dst, src, n, cudaMemcpyHostToHost);
  // REWRITE: int rc = COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, cudaMemcpy(dst, src, n, cudaMemcpyHostToHost));
  // DB-NEXT: c-host-file.c:[[@LINE-2]]:12 cudaMemcpy copy instrumented=1 fn=main | dir=H2H bytes=128 expr="n" src=host:pageable dst=host:pageable mult=1 kind=cudaMemcpyHostToHost
  for (int i = 0; i < 4; i++)
    rc += cudaMemset(dst, 0, sizeof dst);
  // DB-NEXT: c-host-file.c:[[@LINE-1]]:11 cudaMemset memset instrumented=1 fn=main | dir=local bytes=128 expr="sizeof dst" src=unknown dst=host:pageable mult=4
  free(src);
  return rc + 3;
}
