// Runtime API copies: every form is wrapped, with direction, bytes and kind predicted.
// RUN: rm -f %t.json
// RUN: %commledger-instrument %s --project-root %S --sites %t.json -- > %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: grep -c '^ *COMMLEDGER_SITE(0x' %t.cu | FileCheck %s --check-prefix=COUNT
// RUN: %commledger show %t.json | FileCheck %s --check-prefix=DB
#include <cuda_runtime.h>

__device__ float symbol[256];

// COUNT: 23
// DB: sites: 23
void copies(float *d, float *h, cudaArray_t array, cudaStream_t s, cudaMemcpy3DParms *p3,
            cudaMemcpy3DPeerParms *pp, void **dsts, const void **srcs, size_t *sizes,
            cudaMemcpyAttributes *attrs, size_t *attrIdx, cudaMemcpy3DBatchOp *ops) {
  const size_t n = 1024; // bytes
  cudaMemcpy(d, h, n, cudaMemcpyHostToDevice);
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpy copy instrumented=1 fn=copies | dir=H2D bytes=1024 expr="n" src=host:unknown dst=device:? mult=1 kind=cudaMemcpyHostToDevice
  // CHECK: {{^}}  COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, cudaMemcpy(d, h, n, cudaMemcpyHostToDevice));
  cudaMemcpyAsync(h, d, n, cudaMemcpyDeviceToHost, s);
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpyAsync copy instrumented=1 fn=copies | dir=D2H bytes=1024 expr="n" src=device:? dst=host:unknown mult=1 kind=cudaMemcpyDeviceToHost
  cudaMemcpyPeer(d, 1, h, 0, n);
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpyPeer copy instrumented=1 fn=copies | dir=P2P bytes=1024 expr="n" src=device:0 dst=device:1 mult=1
  cudaMemcpyPeerAsync(d, 1, h, 0, n, s);
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpyPeerAsync copy instrumented=1 fn=copies | dir=P2P bytes=1024 expr="n" src=device:0 dst=device:1 mult=1
  cudaMemcpy2D(d, 64, h, 64, 32, 8, cudaMemcpyDeviceToDevice);        // 32 * 8 = 256
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpy2D copy instrumented=1 fn=copies | dir=D2D bytes=256 expr="32 * 8" src=device:? dst=device:? mult=1 kind=cudaMemcpyDeviceToDevice
  cudaMemcpy2DAsync(d, 64, h, 64, 32, 8, cudaMemcpyHostToHost, s);    // 256
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpy2DAsync copy instrumented=1 fn=copies | dir=H2H bytes=256 expr="32 * 8" src=host:unknown dst=host:unknown mult=1 kind=cudaMemcpyHostToHost
  cudaMemcpy2DToArray(array, 0, 0, h, 64, 32, 2, cudaMemcpyHostToDevice);   // 32 * 2 = 64
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpy2DToArray copy instrumented=1 fn=copies | dir=H2D bytes=64 expr="32 * 2" src=host:unknown dst=device:0 mult=1 kind=cudaMemcpyHostToDevice
  cudaMemcpy2DToArrayAsync(array, 0, 0, h, 64, 32, 2, cudaMemcpyHostToDevice, s);
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpy2DToArrayAsync copy instrumented=1 fn=copies | dir=H2D bytes=64 expr="32 * 2" src=host:unknown dst=device:0 mult=1 kind=cudaMemcpyHostToDevice
  cudaMemcpy2DFromArray(h, 64, array, 0, 0, 32, 2, cudaMemcpyDeviceToHost);
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpy2DFromArray copy instrumented=1 fn=copies | dir=D2H bytes=64 expr="32 * 2" src=device:0 dst=host:unknown mult=1 kind=cudaMemcpyDeviceToHost
  cudaMemcpy2DFromArrayAsync(h, 64, array, 0, 0, 32, 2, cudaMemcpyDeviceToHost, s);
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpy2DFromArrayAsync copy instrumented=1 fn=copies | dir=D2H bytes=64 expr="32 * 2" src=device:0 dst=host:unknown mult=1 kind=cudaMemcpyDeviceToHost
  cudaMemcpy2DArrayToArray(array, 0, 0, array, 0, 0, 32, 2, cudaMemcpyDeviceToDevice);
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpy2DArrayToArray copy instrumented=1 fn=copies | dir=D2D bytes=64 expr="32 * 2" src=device:0 dst=device:0 mult=1 kind=cudaMemcpyDeviceToDevice
  cudaMemcpy3D(p3);
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpy3D copy instrumented=1 fn=copies | dir=unknown bytes=? expr="p3" src=unknown dst=unknown mult=1 note="size is described by 'p3', not known statically"
  cudaMemcpy3DAsync(p3, s);
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpy3DAsync copy instrumented=1 fn=copies | dir=unknown bytes=? expr="p3" src=unknown dst=unknown mult=1 note="size is described by 'p3', not known statically"
  cudaMemcpy3DPeer(pp);
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpy3DPeer copy instrumented=1 fn=copies | dir=unknown bytes=? expr="pp" src=unknown dst=unknown mult=1 note="size is described by 'pp', not known statically"
  cudaMemcpy3DPeerAsync(pp, s);
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpy3DPeerAsync copy instrumented=1 fn=copies | dir=unknown bytes=? expr="pp" src=unknown dst=unknown mult=1 note="size is described by 'pp', not known statically"
  cudaMemcpyToSymbol(symbol, h, sizeof(symbol)); // 256 * 4 = 1024
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpyToSymbol copy instrumented=1 fn=copies | dir=H2D bytes=1024 expr="sizeof(symbol)" src=host:unknown dst=device:0 mult=1 kind=cudaMemcpyHostToDevice
  cudaMemcpyToSymbolAsync(symbol, h, 16, 0, cudaMemcpyHostToDevice, s);
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpyToSymbolAsync copy instrumented=1 fn=copies | dir=H2D bytes=16 expr="16" src=host:unknown dst=device:0 mult=1 kind=cudaMemcpyHostToDevice
  cudaMemcpyFromSymbol(h, symbol, sizeof(float) * 4); // 16
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpyFromSymbol copy instrumented=1 fn=copies | dir=D2H bytes=16 expr="sizeof(float) * 4" src=device:0 dst=host:unknown mult=1 kind=cudaMemcpyDeviceToHost
  cudaMemcpyFromSymbolAsync(h, symbol, 16, 0, cudaMemcpyDeviceToHost, s);
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpyFromSymbolAsync copy instrumented=1 fn=copies | dir=D2H bytes=16 expr="16" src=device:0 dst=host:unknown mult=1 kind=cudaMemcpyDeviceToHost
  cudaMemcpyToArray(array, 0, 0, h, 48, cudaMemcpyHostToDevice);
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpyToArray copy instrumented=1 fn=copies | dir=H2D bytes=48 expr="48" src=host:unknown dst=device:0 mult=1 kind=cudaMemcpyHostToDevice
  cudaMemcpyFromArray(h, array, 0, 0, 48, cudaMemcpyDeviceToHost);
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpyFromArray copy instrumented=1 fn=copies | dir=D2H bytes=48 expr="48" src=device:0 dst=host:unknown mult=1 kind=cudaMemcpyDeviceToHost
  cudaMemcpyBatchAsync(dsts, srcs, sizes, 4, attrs, attrIdx, 1, s);
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpyBatchAsync copy instrumented=1 fn=copies | dir=unknown bytes=? expr="sizes" src=unknown dst=unknown mult=1 note="size is described by 'sizes', not known statically"
  cudaMemcpy3DBatchAsync(2, ops, 0, s);
  // DB-NEXT: copies-runtime.cu:[[@LINE-1]]:3 cudaMemcpy3DBatchAsync copy instrumented=1 fn=copies | dir=unknown bytes=? expr="ops" src=unknown dst=unknown mult=1 note="size is described by 'ops', not known statically"
  // CHECK: {{^}}  COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, cudaMemcpy3DBatchAsync(2, ops, 0, s));
}
