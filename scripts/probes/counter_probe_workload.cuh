// Workload shared by the two counter probes (issue 3): five grid-stride kernels over 16 MiB of
// float each (zero-copy read/write, peer read/write, local read as the control), the buffers
// they use, error printing that never aborts, and per-kernel timing (20 repetitions).
#pragma once
#include <chrono>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <thread>
#include <vector>
#include <cuda.h>
#include <cuda_runtime.h>
#include <cupti.h>

constexpr size_t kPayloadBytes = size_t(16) << 20;  // 16 MiB moved by every kernel
constexpr size_t kN = kPayloadBytes / sizeof(float);
constexpr int kReps = 20;
enum KernelId { ZC_READ, ZC_WRITE, PEER_READ, PEER_WRITE, LOCAL_READ, NUM_K };
static const char* kKernelName[NUM_K] = {"zc_read", "zc_write", "peer_read", "peer_write",
                                         "local_read"};

// Print and carry on: a probe that stops at the first error tells the lead nothing else.
static bool cudaOk(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return true;
  printf("  CUDA-ERROR %s -> %d %s\n", what, (int)e, cudaGetErrorString(e));
  return false;
}
static bool cuptiOk(CUptiResult r, const char* what) {
  if (r == CUPTI_SUCCESS) return true;
  const char* s = "?";
  cuptiGetResultString(r, &s);
  printf("  CUPTI-ERROR %s -> %d %s\n", what, (int)r, s);
  if (r == CUPTI_ERROR_INSUFFICIENT_PRIVILEGES)
    printf("  HINT counters need root or NVreg_RestrictProfilingToAdminUsers=0\n");
  return false;
}
#define CK(x) cudaOk((x), #x)
#define CP(x) cuptiOk((x), #x)
// CUPTI params structs: zeroed, with structSize set (the {SIZE} idiom trips -Wextra).
#define PARAMS(T, v) \
  T v{};             \
  v.structSize = T##_STRUCT_SIZE

// The kernel stamps %globaltimer at the first block's entry and the last block's exit, so the
// PM-sampling probe can place samples without trusting CUPTI's host-normalised clock.
__device__ __forceinline__ unsigned long long globalTimer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
__device__ __forceinline__ void stampStart(unsigned long long* ts) {
  if (ts && threadIdx.x == 0) atomicMin(&ts[0], globalTimer());
}
__device__ __forceinline__ void stampEnd(unsigned long long* ts) {
  if (!ts) return;  // ts is uniform over the block, so the barrier below is safe
  __syncthreads();
  if (threadIdx.x == 0) atomicMax(&ts[1], globalTimer());
}
__device__ __forceinline__ void readBody(const float* src, size_t n, float* sink,
                                         unsigned long long* ts) {
  stampStart(ts);
  float acc = 0.f;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x)
    acc += src[i];
  if (acc == 12345.678f) sink[0] = acc;  // never true on zeroed data; keeps the loads alive
  stampEnd(ts);
}
__device__ __forceinline__ void writeBody(float* dst, size_t n, unsigned long long* ts) {
  stampStart(ts);
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x)
    dst[i] = 1.0f;
  stampEnd(ts);
}
// extern "C" so the auto-range name and the activity record name are the plain kernel name.
extern "C" __global__ void zc_read(const float* s, size_t n, float* k, unsigned long long* t) {
  readBody(s, n, k, t);
}
extern "C" __global__ void peer_read(const float* s, size_t n, float* k, unsigned long long* t) {
  readBody(s, n, k, t);
}
extern "C" __global__ void local_read(const float* s, size_t n, float* k, unsigned long long* t) {
  readBody(s, n, k, t);
}
extern "C" __global__ void zc_write(float* d, size_t n, unsigned long long* t) { writeBody(d, n, t); }
extern "C" __global__ void peer_write(float* d, size_t n, unsigned long long* t) {
  writeBody(d, n, t);
}

// Buffers of one issuing device: mapped host memory, its own memory, the peer's memory.
struct Workload {
  int dev = 0, peer = -1;
  bool peerOk = false;
  float *hostDev = nullptr, *local = nullptr, *remote = nullptr, *sink = nullptr;
  int blocks = 0, threads = 256;
  cudaStream_t stream = nullptr;
  bool has(int k) const { return (k != PEER_READ && k != PEER_WRITE) || peerOk; }
};

static bool setupWorkload(Workload& w, int dev, int ndev) {
  w.dev = dev;
  w.peer = ndev > 1 ? (dev + 1) % ndev : -1;
  bool ok = CK(cudaSetDevice(dev));
  cudaDeviceProp p;
  ok &= CK(cudaGetDeviceProperties(&p, dev));
  w.blocks = p.multiProcessorCount * 4;
  ok &= CK(cudaStreamCreateWithFlags(&w.stream, cudaStreamNonBlocking));
  float* host = nullptr;  // portable: every device may map it
  ok &= CK(cudaHostAlloc((void**)&host, kPayloadBytes, cudaHostAllocMapped | cudaHostAllocPortable));
  if (host) memset(host, 0, kPayloadBytes), ok &= CK(cudaHostGetDevicePointer((void**)&w.hostDev, host, 0));
  ok &= CK(cudaMalloc((void**)&w.local, kPayloadBytes)) && CK(cudaMemset(w.local, 0, kPayloadBytes));
  ok &= CK(cudaMalloc((void**)&w.sink, 64));
  if (w.peer >= 0) {
    int can = 0;
    CK(cudaDeviceCanAccessPeer(&can, dev, w.peer));
    cudaError_t e = can ? cudaDeviceEnablePeerAccess(w.peer, 0) : cudaErrorPeerAccessUnsupported;
    if (e == cudaErrorPeerAccessAlreadyEnabled) (void)cudaGetLastError(), e = cudaSuccess;
    w.peerOk = CK(e);
    if (w.peerOk) {
      CK(cudaSetDevice(w.peer));
      w.peerOk = CK(cudaMalloc((void**)&w.remote, kPayloadBytes)) &&
                 CK(cudaMemset(w.remote, 0, kPayloadBytes)) && CK(cudaDeviceSynchronize());
      CK(cudaSetDevice(dev));
    }
  }
  printf("WORKLOAD dev=%d peer=%d peer_access=%s blocks=%d threads=%d payload_bytes=%zu ok=%d\n",
         dev, w.peer, w.peerOk ? "on" : "off", w.blocks, w.threads, kPayloadBytes, (int)ok);
  return ok && CK(cudaDeviceSynchronize());
}

// Launch one kernel on the workload's device; ts (2 slots on that device) may be null.
static bool launchKernel(const Workload& w, int k, unsigned long long* ts) {
  if (!w.has(k)) return false;
  dim3 g(w.blocks), b(w.threads);
  switch (k) {
    case ZC_READ: zc_read<<<g, b, 0, w.stream>>>(w.hostDev, kN, w.sink, ts); break;
    case ZC_WRITE: zc_write<<<g, b, 0, w.stream>>>(w.hostDev, kN, ts); break;
    case PEER_READ: peer_read<<<g, b, 0, w.stream>>>(w.remote, kN, w.sink, ts); break;
    case PEER_WRITE: peer_write<<<g, b, 0, w.stream>>>(w.remote, kN, ts); break;
    default: local_read<<<g, b, 0, w.stream>>>(w.local, kN, w.sink, ts); break;
  }
  return CK(cudaGetLastError());
}

// Mean per-kernel time over kReps launches, each launch synchronised on its own so that the
// profiler's per-kernel cost (auto range serialises kernels) shows up per launch.
struct KernelTime { double eventUs = 0, wallUs = 0; int n = 0; };
static void timeKernels(const Workload& w, KernelTime out[NUM_K]) {
  CK(cudaSetDevice(w.dev));
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  for (int k = 0; k < NUM_K; ++k) {
    out[k] = KernelTime{};
    if (!w.has(k)) continue;
    for (int r = 0; r < kReps; ++r) {
      auto t0 = std::chrono::steady_clock::now();
      CK(cudaEventRecord(a, w.stream));
      bool ok = launchKernel(w, k, nullptr);
      CK(cudaEventRecord(b, w.stream));
      ok &= CK(cudaStreamSynchronize(w.stream));
      auto t1 = std::chrono::steady_clock::now();
      float ms = 0;
      ok &= CK(cudaEventElapsedTime(&ms, a, b));
      if (!ok) continue;
      out[k].eventUs += ms * 1e3;
      out[k].wallUs += std::chrono::duration<double, std::micro>(t1 - t0).count();
      out[k].n++;
    }
    if (out[k].n) out[k].eventUs /= out[k].n, out[k].wallUs /= out[k].n;
  }
  CK(cudaEventDestroy(a));
  CK(cudaEventDestroy(b));
}

static void printTimes(const char* tag, int dev, const KernelTime base[NUM_K],
                       const KernelTime with[NUM_K]) {
  for (int k = 0; k < NUM_K; ++k) {
    if (!base[k].n) continue;
    printf("OVERHEAD %s dev=%d kernel=%-10s reps=%d base_event_us=%.1f base_wall_us=%.1f", tag,
           dev, kKernelName[k], base[k].n, base[k].eventUs, base[k].wallUs);
    if (with && with[k].n)
      printf(" prof_event_us=%.1f prof_wall_us=%.1f delta_wall_us=%.1f ratio_wall=%.2f\n",
             with[k].eventUs, with[k].wallUs, with[k].wallUs - base[k].wallUs,
             with[k].wallUs / base[k].wallUs);
    else
      printf(" (no profiled timing)\n");
  }
}

static int kernelIdByName(const char* name) {
  for (int k = 0; k < NUM_K; ++k)
    if (name && strstr(name, kKernelName[k])) return k;
  return -1;
}
