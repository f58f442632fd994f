// Calls spelled in a macro body: rewritten once in this file's body, left alone in another file's.
// RUN: rm -f %t.json
// RUN: %commledger-instrument %s --project-root %S --sites %t.json -- -I%S/Inputs | FileCheck %s
// RUN: %commledger show %t.json | FileCheck %s --check-prefix=DB
#include <cuda_runtime.h>
#include "copy_macro.h"

#define DOWNLOAD(h, d, n) cudaMemcpy(h, d, n, cudaMemcpyDeviceToHost)
// CHECK: #define DOWNLOAD(h, d, n) COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, cudaMemcpy(h, d, n, cudaMemcpyDeviceToHost))
// Nothing else is wrapped: not the uses of DOWNLOAD, not the other two.
// CHECK-NOT: {{^[^/]*}}COMMLEDGER_SITE(
#define CALL(f, ...) f(__VA_ARGS__)

// DB: sites: 3
// DB-NEXT: macro-body.cu:8:27 cudaMemcpy copy instrumented=1 macro=DOWNLOAD fn=roundTrip | dir=D2H bytes=512
void roundTrip(float *h, float *d) {
  DOWNLOAD(h, d, 512);
  DOWNLOAD(h, d, 512);
  // CHECK: DOWNLOAD(h, d, 512);
  UPLOAD_FROM_HEADER(d, h, 128);
  // CHECK: UPLOAD_FROM_HEADER(d, h, 128);
  // DB-NEXT: macro-body.cu:[[@LINE-2]]:3 cudaMemcpy copy instrumented=0 macro=UPLOAD_FROM_HEADER reason="the call is produced by macro 'UPLOAD_FROM_HEADER' defined in another file" fn=roundTrip | dir=H2D bytes=128
  CALL(cudaMemset, d, 0, 64);
  // CHECK: CALL(cudaMemset, d, 0, 64);
  // DB-NEXT: macro-body.cu:[[@LINE-2]]:8 cudaMemset memset instrumented=0 reason="the call spans a macro boundary" fn=roundTrip | dir=local bytes=64
}
