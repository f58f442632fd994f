// The event log and the timeline: two cudaMemcpyPeerAsync sites on two streams of GPU0 (peer
// access on), each called twice. Each copy is one timed event on its stream's track, and a
// smaller log keeps the first N and counts the rest.
// REQUIRES: cuda-gpu, gpus-2
// RUN: rm -rf %t.out %t.cut %t.sites.json
// RUN: env COMMLEDGER_SITES=%t.sites.json %commledger-cc %nvcc -I%rt_include -I%S/Inputs %s -o %t.exe
// RUN: env CUDA_VISIBLE_DEVICES=0,1 %commledger run --events 64 -o %t.out -- %t.exe | FileCheck --check-prefix=OUT %s
// RUN: %commledger show --sites %t.sites.json %t.out/trace-*.json | FileCheck %s
// RUN: %commledger show --sites %t.sites.json %t.out/trace-*.json | FileCheck --check-prefix=EVENTS %s
// RUN: %commledger timeline --sites %t.sites.json -o %t.timeline.json %t.out 2> %t.timeline.err
// RUN: FileCheck --check-prefix=TIMELINE %s < %t.timeline.json
// RUN: not grep warning %t.timeline.err
// RUN: env CUDA_VISIBLE_DEVICES=0,1 %commledger run --events 3 -o %t.cut -- %t.exe
// RUN: %commledger show --sites %t.sites.json %t.cut/trace-*.json | FileCheck --check-prefix=CUT %s
// RUN: %commledger timeline --sites %t.sites.json %t.cut 2>&1 >/dev/null | FileCheck --check-prefix=CUTWARN %s
// RUN: test -z "$COMMLEDGER_FIXTURE_DIR" || cp %t.out/trace-*.json "$COMMLEDGER_FIXTURE_DIR/timeline.trace.json"
// RUN: test -z "$COMMLEDGER_FIXTURE_DIR" || cp %t.sites.json "$COMMLEDGER_FIXTURE_DIR/timeline.sites.json"
// Events: 2 sites × 2 iterations = 4 copy records of 1 MiB = 1048576 B, all kept by --events 64;
// --events 3 keeps 3 and drops 4 - 3 = 1 (the aggregates still count all 4).
// TIMELINE:      {"traceEvents": [
// TIMELINE-NEXT: {"name":"process_name","ph":"M","pid":1,"tid":0,
// TIMELINE-NEXT: {"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"G0 stream {{[0-9]+}}"}},
// TIMELINE-NEXT: {"name":"thread_name","ph":"M","pid":1,"tid":2,"args":{"name":"G0 stream {{[0-9]+}}"}},
// TIMELINE-NEXT: {"name":"cudaMemcpyPeerAsync G0→G1 1.00 MiB","cat":"p2p_direct","ph":"X","pid":1,"tid":{{[12]}},"ts":0.0,"dur":{{[0-9.e+-]+}},"args":{"site":"0x{{[0-9a-f]+}}","location":"{{.*}}timeline-events.cu:{{[0-9]+}}:{{[0-9]+}}","function":"main","copy_kind":"PtoP","bytes":1048576,"src":"G0:device","dst":"G1:device","verdict":"match","device":0,"stream":{{[0-9]+}}}},
// TIMELINE-NEXT: {"name":"cudaMemcpyPeerAsync G0→G1 1.00 MiB","cat":"p2p_direct","ph":"X","pid":1,"tid":{{[12]}},
// TIMELINE-NEXT: {"name":"cudaMemcpyPeerAsync G0→G1 1.00 MiB","cat":"p2p_direct","ph":"X","pid":1,"tid":{{[12]}},
// TIMELINE-NEXT: {"name":"cudaMemcpyPeerAsync G0→G1 1.00 MiB","cat":"p2p_direct","ph":"X","pid":1,"tid":{{[12]}},
// TIMELINE-NEXT: ],
// TIMELINE:      "events":4,"events_dropped":0}}
// EVENTS:      events=4 dropped=0
// CUT:         events=3 dropped=1
// CUTWARN:     commledger: warning: {{.*}}: 1 events past the log's bound are not shown (raise --events)
#include "gpu_check.h"

// CHECK: cupti active=true
int main() {
  requireTwoGpus();
  const size_t bufSize = 1024 * 1024; // 1 MiB
  const int iterations = 2;           // per site
  CK(cudaSetDevice(1));
  CK(cudaDeviceEnablePeerAccess(0, 0));
  unsigned char *g1a = nullptr, *g1b = nullptr;
  CK(cudaMalloc(&g1a, bufSize));
  CK(cudaMalloc(&g1b, bufSize));
  CK(cudaSetDevice(0));
  CK(cudaDeviceEnablePeerAccess(1, 0));
  unsigned char *g0a = nullptr, *g0b = nullptr;
  CK(cudaMalloc(&g0a, bufSize));
  CK(cudaMalloc(&g0b, bufSize));
  cudaStream_t s0, s1; // both on GPU0: their copies run, and are timed, there
  CK(cudaStreamCreateWithFlags(&s0, cudaStreamNonBlocking));
  CK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));

  for (int i = 0; i < iterations; i++) {
    // 2 × 1048576 = 2097152 bytes on stream s0
    // CHECK: L[[@LINE+3]] request cudaMemcpyPeerAsync - G0:device->G1:device declared=0->1 bytes=2097152 count=2
    // CHECK: L[[@LINE+2]] observed PtoP G0:device->G1:device bytes=2097152 count=2
    // EVENTS-DAG: event L[[@LINE+1]] PtoP G0:device->G1:device bytes=1048576 dev=0 stream=[[S0:[0-9]+]] dur_ns={{[0-9]+}}
    CK(cudaMemcpyPeerAsync(g1a, 1, g0a, 0, bufSize, s0));
    // 2 × 1048576 = 2097152 bytes on stream s1
    // CHECK: L[[@LINE+3]] request cudaMemcpyPeerAsync - G0:device->G1:device declared=0->1 bytes=2097152 count=2
    // CHECK: L[[@LINE+2]] observed PtoP G0:device->G1:device bytes=2097152 count=2
    // EVENTS-DAG: event L[[@LINE+1]] PtoP G0:device->G1:device bytes=1048576 dev=0 stream=[[S1:[0-9]+]] dur_ns={{[0-9]+}}
    CK(cudaMemcpyPeerAsync(g1b, 1, g0b, 0, bufSize, s1));
  }
  // EVENTS-DAG: event L{{[0-9]+}} PtoP G0:device->G1:device bytes=1048576 dev=0 stream=[[S0]] dur_ns=
  // EVENTS-DAG: event L{{[0-9]+}} PtoP G0:device->G1:device bytes=1048576 dev=0 stream=[[S1]] dur_ns=
  // EVENTS-NOT: event
  CK(cudaStreamSynchronize(s0));
  CK(cudaStreamSynchronize(s1));
  // OUT: timeline: 4 copies of 1048576 bytes on 2 streams
  std::printf("timeline: %d copies of %zu bytes on 2 streams\n", 2 * iterations, bufSize);
  CK(cudaStreamDestroy(s0));
  CK(cudaStreamDestroy(s1));
  CK(cudaFree(g0a));
  CK(cudaFree(g0b));
  CK(cudaSetDevice(1));
  CK(cudaFree(g1a));
  CK(cudaFree(g1b));
  return 0;
}
