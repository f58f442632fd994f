// Overhead benchmark (docs/PERFORMANCE.md, issue 6 (c)): an nccl-tests style all-reduce sweep,
// built plain and through commledger-cc, so the ratio instrumented/plain per size shows what
// CommLedger adds to NCCL calls. One process, ncclCommInitAll over every visible GPU, float sum,
// out of place. Each size: warm-up, then `iters` timed all-reduces (each one ncclGroupStart,
// one ncclAllReduce per rank, ncclGroupEnd), then the result is checked on every rank.
// Usage: nccl_allreduce_sweep [MAX_BYTES [STEP]]   (default 1 GiB, ×2; from 8 bytes)
// Output: '#' header lines, one row per size, then "# ...: ok". Columns as nccl-tests:
//   size(B) count(elements) iters time(us per all-reduce) algbw = size/time busbw = algbw·2(n-1)/n
//
// Traffic (ring, payload): per all-reduce each rank sends 2(n-1)/n·S to its ring successor;
// n=2: S bytes each way. Per size: (warm-up + iters) × that; e.g. S = 1 GiB, n = 2, 5 + 10 calls:
// 15 × 1073741824 = 16106127360 bytes each way.
// Iterations: 1000 up to 4 MiB, then 4 GiB / S (at least 10), 5 warm-up each: at ~20 µs per small
// call and ~350 GB/s busbw on two H200s the sweep takes a few seconds plus communicator setup.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>
#include <nccl.h>

#define CK(call)                                                                                   \
  do {                                                                                             \
    cudaError_t err_ = (call);                                                                     \
    if (err_ != cudaSuccess) {                                                                     \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));           \
      std::exit(2);                                                                                \
    }                                                                                              \
  } while (0)

#define NCCLCHECK(call)                                                                            \
  do {                                                                                             \
    ncclResult_t res_ = (call);                                                                    \
    if (res_ != ncclSuccess) {                                                                     \
      std::fprintf(stderr, "%s:%d: NCCL error: %s\n", __FILE__, __LINE__,                          \
                   ncclGetErrorString(res_));                                                      \
      std::exit(2);                                                                                \
    }                                                                                              \
  } while (0)

namespace {

// Small integers: the sum over ranks is exact in float.
__host__ __device__ float pattern(int rank, size_t i) {
  return static_cast<float>((i % 1021) + 1024 * static_cast<size_t>(rank));
}

__global__ void fill(float *p, size_t n, int rank) {
  for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<size_t>(gridDim.x) * blockDim.x)
    p[i] = pattern(rank, i);
}

struct Ranks {
  int n = 0;
  std::vector<ncclComm_t> comms;
  std::vector<cudaStream_t> streams;
  std::vector<float *> send, recv;
};

void allReduce(const Ranks &g, size_t count) {
  NCCLCHECK(ncclGroupStart());
  for (int r = 0; r < g.n; ++r)
    NCCLCHECK(
        ncclAllReduce(g.send[r], g.recv[r], count, ncclFloat, ncclSum, g.comms[r], g.streams[r]));
  NCCLCHECK(ncclGroupEnd());
}

void syncAll(const Ranks &g) {
  for (int r = 0; r < g.n; ++r) {
    CK(cudaSetDevice(r));
    CK(cudaStreamSynchronize(g.streams[r]));
  }
}

bool check(const Ranks &g, size_t count) {
  std::vector<float> host(count);
  for (int r = 0; r < g.n; ++r) {
    CK(cudaMemcpy(host.data(), g.recv[r], count * sizeof(float), cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < count; ++i) {
      float want = 0;
      for (int k = 0; k < g.n; ++k)
        want += pattern(k, i);
      if (host[i] != want) {
        std::fprintf(stderr, "rank %d element %zu of %zu: got %g, want %g\n", r, i, count,
                     static_cast<double>(host[i]), static_cast<double>(want));
        return false;
      }
    }
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  const size_t maxBytes = argc > 1 ? std::strtoull(argv[1], nullptr, 0) : size_t(1) << 30;
  const size_t step = argc > 2 ? std::strtoull(argv[2], nullptr, 0) : 2;
  const size_t minBytes = 8, warmup = 5;
  if (step < 2 || maxBytes < minBytes) {
    std::fprintf(stderr, "usage: nccl_allreduce_sweep [MAX_BYTES>=8 [STEP>=2]]\n");
    return 2;
  }
  Ranks g;
  CK(cudaGetDeviceCount(&g.n));
  if (g.n < 2) {
    std::fprintf(stderr, "needs 2 GPUs, found %d\n", g.n);
    return 2;
  }
  g.comms.resize(g.n);
  g.streams.resize(g.n);
  g.send.resize(g.n);
  g.recv.resize(g.n);
  NCCLCHECK(ncclCommInitAll(g.comms.data(), g.n, nullptr));
  const size_t maxCount = maxBytes / sizeof(float);
  for (int r = 0; r < g.n; ++r) {
    CK(cudaSetDevice(r));
    CK(cudaStreamCreate(&g.streams[r]));
    CK(cudaMalloc(&g.send[r], maxCount * sizeof(float)));
    CK(cudaMalloc(&g.recv[r], maxCount * sizeof(float)));
    fill<<<1024, 256, 0, g.streams[r]>>>(g.send[r], maxCount, r);
    CK(cudaGetLastError());
  }
  syncAll(g);

  const double busFactor = 2.0 * (g.n - 1) / g.n;
  std::printf("# nccl_allreduce_sweep: nranks %d, float sum, out of place, warm-up %zu\n", g.n,
              warmup);
  std::printf("# %12s %12s %7s %12s %12s %12s\n", "size(B)", "count", "iters", "time(us)",
              "algbw(GB/s)", "busbw(GB/s)");
  bool ok = true;
  int sizes = 0;
  for (size_t bytes = minBytes; bytes <= maxBytes; bytes *= step, ++sizes) {
    const size_t count = bytes / sizeof(float);
    const size_t iters =
        bytes <= (size_t(4) << 20) ? 1000 : std::max<size_t>(10, (size_t(4) << 30) / bytes);
    for (size_t i = 0; i < warmup; ++i)
      allReduce(g, count);
    syncAll(g);
    const auto start = std::chrono::steady_clock::now();
    for (size_t i = 0; i < iters; ++i)
      allReduce(g, count);
    syncAll(g);
    const double us =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
            .count() /
        iters;
    const double algbw = bytes / us / 1e3; // bytes/µs = MB/s; /1e3 = GB/s
    std::printf("  %12zu %12zu %7zu %12.2f %12.2f %12.2f\n", bytes, count, iters, us, algbw,
                algbw * busFactor);
    std::fflush(stdout);
    ok &= check(g, count);
  }
  for (int r = 0; r < g.n; ++r) {
    NCCLCHECK(ncclCommDestroy(g.comms[r]));
    CK(cudaSetDevice(r));
    CK(cudaFree(g.send[r]));
    CK(cudaFree(g.recv[r]));
  }
  std::printf("# nccl_allreduce_sweep: %d sizes %zu..%zu bytes checked: %s\n", sizes, minBytes,
              maxBytes, ok ? "ok" : "MISMATCH");
  return ok ? 0 : 1;
}
