// Driver API copies and memsets: cuda.h renames them to *_v2; the site records the name the user
// spelled, and the rewrite wraps the macro name with its arguments.
// RUN: rm -f %t.json
// RUN: %commledger-instrument %s --project-root %S --sites %t.json -- > %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: grep -c '^ *COMMLEDGER_SITE(0x' %t.cu | FileCheck %s --check-prefix=COUNT
// RUN: %commledger show %t.json | FileCheck %s --check-prefix=DB
#include <cuda.h>

// COUNT: 22
// DB: sites: 22
void driver(CUdeviceptr d, CUdeviceptr d2, void *h, CUarray a, CUcontext c0, CUcontext c1,
            CUstream s, CUDA_MEMCPY2D *p2, CUDA_MEMCPY3D *p3, CUDA_MEMCPY3D_PEER *pp) {
  const size_t n = 4096;
  cuMemcpy(d, d2, n);
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemcpy copy instrumented=1 fn=driver | dir=unknown bytes=4096 expr="n" src=unknown dst=unknown mult=1
  cuMemcpyAsync(d, d2, n, s);
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemcpyAsync copy instrumented=1 fn=driver | dir=unknown bytes=4096 expr="n" src=unknown dst=unknown mult=1
  cuMemcpyHtoD(d, h, n);
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemcpyHtoD copy instrumented=1 fn=driver | dir=H2D bytes=4096 expr="n" src=host:unknown dst=device:? mult=1
  // CHECK: {{^}}  COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, cuMemcpyHtoD(d, h, n));
  cuMemcpyDtoH(h, d, n);
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemcpyDtoH copy instrumented=1 fn=driver | dir=D2H bytes=4096 expr="n" src=device:? dst=host:unknown mult=1
  cuMemcpyDtoD(d2, d, n);
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemcpyDtoD copy instrumented=1 fn=driver | dir=D2D bytes=4096 expr="n" src=device:? dst=device:? mult=1
  cuMemcpyHtoDAsync(d, h, n, s);
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemcpyHtoDAsync copy instrumented=1 fn=driver | dir=H2D bytes=4096 expr="n" src=host:unknown dst=device:? mult=1
  cuMemcpyDtoHAsync(h, d, n, s);
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemcpyDtoHAsync copy instrumented=1 fn=driver | dir=D2H bytes=4096 expr="n" src=device:? dst=host:unknown mult=1
  cuMemcpyDtoDAsync(d2, d, n, s);
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemcpyDtoDAsync copy instrumented=1 fn=driver | dir=D2D bytes=4096 expr="n" src=device:? dst=device:? mult=1
  cuMemcpyPeer(d2, c1, d, c0, n);
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemcpyPeer copy instrumented=1 fn=driver | dir=unknown bytes=4096 expr="n" src=unknown dst=unknown mult=1
  cuMemcpyPeerAsync(d2, c1, d, c0, n, s);
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemcpyPeerAsync copy instrumented=1 fn=driver | dir=unknown bytes=4096 expr="n" src=unknown dst=unknown mult=1
  cuMemcpyHtoA(a, 0, h, 256);
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemcpyHtoA copy instrumented=1 fn=driver | dir=H2D bytes=256 expr="256" src=host:unknown dst=device:0 mult=1
  cuMemcpyAtoH(h, a, 0, 256);
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemcpyAtoH copy instrumented=1 fn=driver | dir=D2H bytes=256 expr="256" src=device:0 dst=host:unknown mult=1
  cuMemcpy2D(p2);
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemcpy2D copy instrumented=1 fn=driver | dir=unknown bytes=? expr="p2" src=unknown dst=unknown mult=1 note="size is described by 'p2', not known statically"
  cuMemcpy2DAsync(p2, s);
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemcpy2DAsync copy instrumented=1 fn=driver | dir=unknown bytes=? expr="p2" src=unknown dst=unknown mult=1 note="size is described by 'p2', not known statically"
  cuMemcpy3D(p3);
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemcpy3D copy instrumented=1 fn=driver | dir=unknown bytes=? expr="p3" src=unknown dst=unknown mult=1 note="size is described by 'p3', not known statically"
  cuMemcpy3DPeer(pp);
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemcpy3DPeer copy instrumented=1 fn=driver | dir=unknown bytes=? expr="pp" src=unknown dst=unknown mult=1 note="size is described by 'pp', not known statically"
  cuMemsetD8(d, 0, n);           // 4096 * 1
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemsetD8 memset instrumented=1 fn=driver | dir=local bytes=4096 expr="n" src=unknown dst=device:? mult=1
  cuMemsetD16(d, 0, 1024);       // 1024 * 2 = 2048
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemsetD16 memset instrumented=1 fn=driver | dir=local bytes=2048 expr="1024 * 2" src=unknown dst=device:? mult=1
  cuMemsetD32Async(d, 0, 1024, s); // 1024 * 4 = 4096
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemsetD32Async memset instrumented=1 fn=driver | dir=local bytes=4096 expr="1024 * 4" src=unknown dst=device:? mult=1
  cuMemsetD2D8(d, 64, 0, 32, 4);   // 32 * 4 * 1 = 128
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemsetD2D8 memset instrumented=1 fn=driver | dir=local bytes=128 expr="32 * 4" src=unknown dst=device:? mult=1
  cuMemsetD2D32(d, 256, 0, 32, 4); // 32 * 4 * 4 = 512
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemsetD2D32 memset instrumented=1 fn=driver | dir=local bytes=512 expr="32 * 4 * 4" src=unknown dst=device:? mult=1
  cuMemsetD2D16Async(d, 64, 0, 16, 2, s); // 16 * 2 * 2 = 64
  // DB-NEXT: copies-driver.cu:[[@LINE-1]]:3 cuMemsetD2D16Async memset instrumented=1 fn=driver | dir=local bytes=64 expr="16 * 2 * 2" src=unknown dst=device:? mult=1
}
