// Overhead benchmark (docs/PERFORMANCE.md, issue 6 (d)): a 2-D Jacobi stencil whose rows are
// split across every visible GPU, with peer access on and the halo rows exchanged each iteration
// by cudaMemcpyPeerAsync, built plain and through commledger-cc to compare run times.
// First a small grid is checked against a CPU reference, then the big grid is timed.
// Usage: halo_stencil [NX NY ITERS]   (default 16384 16384 500; check: 256 256 200)
// Output: '#' lines, then "stencil <iters> <seconds>" for the timed run, then "halo_stencil: ok".
//
// Traffic: rows 0 and NY-1 are fixed boundary; the NY-2 inner rows are split into n blocks. Per
// iteration each of the n-1 block boundaries exchanges one full row each way: 2(n-1) peer copies
// of NX·4 bytes, GPU r → r+1 and r+1 → r. Default: 65536 bytes per copy; over 10 warm-up + 500
// timed iterations, 510 × 65536 = 33423360 bytes each way per pair (n = 2: one pair, 1020 copies).
// Check run: 200 × 1024 = 204800 bytes each way per pair. Plus the initial HostToDevice copies of
// each block (twice: both buffers) and the final DeviceToHost of the owned rows.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

#define CK(call)                                                                                   \
  do {                                                                                             \
    cudaError_t err_ = (call);                                                                     \
    if (err_ != cudaSuccess) {                                                                     \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));           \
      std::exit(2);                                                                                \
    }                                                                                              \
  } while (0)

namespace {

// Local row y of a block is global row lo - 1 + y; rows 0 and rows + 1 are halos (or boundary).
__global__ void jacobi(const float *in, float *out, int nx, int rows) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (x >= 1 && x < nx - 1 && y <= rows) {
    const size_t i = static_cast<size_t>(y) * nx + x;
    out[i] = 0.25f * (in[i - nx] + in[i + nx] + in[i - 1] + in[i + 1]);
  }
}

// Fixed boundary: the top row is hot, everything else starts at zero.
float initial(int y, int /*x*/) { return y == 0 ? 1.0f : 0.0f; }

struct Block {
  int lo = 0, rows = 0; // first owned global row, number of owned rows
  float *cur = nullptr, *next = nullptr;
  cudaStream_t stream = nullptr;
  cudaEvent_t computed = nullptr;
};

// Runs `iters` Jacobi iterations on an nx × ny grid over n GPUs; returns the final grid.
std::vector<float> run(int n, int nx, int ny, int warmup, int iters, double *seconds) {
  const size_t rowBytes = static_cast<size_t>(nx) * sizeof(float);
  std::vector<Block> b(n);
  const int inner = ny - 2;
  for (int r = 0, lo = 1; r < n; ++r) {
    b[r].lo = lo;
    b[r].rows = inner / n + (r < inner % n ? 1 : 0);
    lo += b[r].rows;
    const size_t bytes = (b[r].rows + 2) * rowBytes;
    std::vector<float> host((b[r].rows + 2) * static_cast<size_t>(nx));
    for (int y = 0; y < b[r].rows + 2; ++y)
      for (int x = 0; x < nx; ++x)
        host[static_cast<size_t>(y) * nx + x] = initial(b[r].lo - 1 + y, x);
    CK(cudaSetDevice(r));
    CK(cudaMalloc(&b[r].cur, bytes));
    CK(cudaMalloc(&b[r].next, bytes));
    CK(cudaMemcpy(b[r].cur, host.data(), bytes, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(b[r].next, host.data(), bytes, cudaMemcpyHostToDevice));
    CK(cudaStreamCreate(&b[r].stream));
    CK(cudaEventCreateWithFlags(&b[r].computed, cudaEventDisableTiming));
  }

  auto step = [&]() {
    for (int r = 0; r < n; ++r) {
      CK(cudaSetDevice(r));
      const dim3 threads(32, 8);
      const dim3 blocks((nx + threads.x - 1) / threads.x, (b[r].rows + threads.y - 1) / threads.y);
      jacobi<<<blocks, threads, 0, b[r].stream>>>(b[r].cur, b[r].next, nx, b[r].rows);
      CK(cudaGetLastError());
      CK(cudaEventRecord(b[r].computed, b[r].stream));
    }
    // Each block pulls its two halo rows on its own stream once the neighbour has computed them:
    // the neighbour's last/first owned row lands in this block's row 0 / row rows + 1.
    for (int r = 0; r < n; ++r) {
      CK(cudaSetDevice(r));
      if (r > 0) {
        CK(cudaStreamWaitEvent(b[r].stream, b[r - 1].computed, 0));
        CK(cudaMemcpyPeerAsync(b[r].next, r,
                               b[r - 1].next + static_cast<size_t>(b[r - 1].rows) * nx, r - 1,
                               rowBytes, b[r].stream));
      }
      if (r < n - 1) {
        CK(cudaStreamWaitEvent(b[r].stream, b[r + 1].computed, 0));
        CK(cudaMemcpyPeerAsync(b[r].next + static_cast<size_t>(b[r].rows + 1) * nx, r,
                               b[r + 1].next + nx, r + 1, rowBytes, b[r].stream));
      }
    }
    for (Block &blk : b) // only after every copy has been issued from the neighbours' `next`
      std::swap(blk.cur, blk.next);
  };
  auto syncAll = [&]() {
    for (int r = 0; r < n; ++r) {
      CK(cudaSetDevice(r));
      CK(cudaStreamSynchronize(b[r].stream));
    }
  };

  for (int i = 0; i < warmup; ++i)
    step();
  syncAll();
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < iters; ++i)
    step();
  syncAll();
  *seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::vector<float> grid(static_cast<size_t>(nx) * ny);
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x)
      grid[static_cast<size_t>(y) * nx + x] = initial(y, x);
  for (int r = 0; r < n; ++r) {
    CK(cudaSetDevice(r));
    CK(cudaMemcpy(grid.data() + static_cast<size_t>(b[r].lo) * nx, b[r].cur + nx,
                  b[r].rows * rowBytes, cudaMemcpyDeviceToHost));
    CK(cudaFree(b[r].cur));
    CK(cudaFree(b[r].next));
    CK(cudaStreamDestroy(b[r].stream));
    CK(cudaEventDestroy(b[r].computed));
  }
  return grid;
}

std::vector<float> cpuReference(int nx, int ny, int iters) {
  std::vector<float> cur(static_cast<size_t>(nx) * ny), next;
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x)
      cur[static_cast<size_t>(y) * nx + x] = initial(y, x);
  next = cur;
  for (int it = 0; it < iters; ++it) {
    for (int y = 1; y < ny - 1; ++y)
      for (int x = 1; x < nx - 1; ++x) {
        const size_t i = static_cast<size_t>(y) * nx + x;
        next[i] = 0.25f * (cur[i - nx] + cur[i + nx] + cur[i - 1] + cur[i + 1]);
      }
    std::swap(cur, next);
  }
  return cur;
}

void enablePeers(int n) {
  for (int r = 0; r < n; ++r)
    for (int p : {r - 1, r + 1}) {
      if (p < 0 || p >= n)
        continue;
      CK(cudaSetDevice(r));
      const cudaError_t err = cudaDeviceEnablePeerAccess(p, 0);
      if (err == cudaErrorPeerAccessAlreadyEnabled)
        (void)cudaGetLastError(); // clear it from the last-error state; peer access is on
      else
        CK(err);
    }
}

} // namespace

int main(int argc, char **argv) {
  const int nx = argc > 3 ? std::atoi(argv[1]) : 16384;
  const int ny = argc > 3 ? std::atoi(argv[2]) : 16384;
  const int iters = argc > 3 ? std::atoi(argv[3]) : 500;
  int n = 0;
  CK(cudaGetDeviceCount(&n));
  if (n < 2 || nx < 3 || ny < n + 2 || iters < 1) {
    std::fprintf(stderr, "usage: halo_stencil [NX>=3 NY>=n+2 ITERS>=1]; needs 2 GPUs, found %d\n",
                 n);
    return 2;
  }
  enablePeers(n);

  // The check: the same code on a small grid, compared with the CPU element by element.
  const int cx = 256, cy = 256, citers = 200;
  double unused = 0;
  const std::vector<float> gpu = run(n, cx, cy, 0, citers, &unused);
  const std::vector<float> cpu = cpuReference(cx, cy, citers);
  double worst = 0;
  for (size_t i = 0; i < gpu.size(); ++i)
    worst = std::max(worst, std::fabs(static_cast<double>(gpu[i]) - cpu[i]));
  const bool ok = worst <= 1e-6;
  std::printf("# halo_stencil: n=%d check %dx%d %d iterations vs CPU: max |diff| %g: %s\n", n, cx,
              cy, citers, worst, ok ? "ok" : "MISMATCH");

  double seconds = 0;
  const std::vector<float> grid = run(n, nx, ny, 10, iters, &seconds);
  double sum = 0;
  for (float v : grid)
    sum += v;
  std::printf("# halo_stencil: n=%d grid %dx%d, 10 warm-up + %d iterations, 2 peer copies of %zu "
              "bytes per boundary per iteration, checksum %.6f\n",
              n, nx, ny, iters, nx * sizeof(float), sum);
  std::printf("stencil %d %.6f\n", iters, seconds);
  std::printf("halo_stencil: %s\n", ok ? "ok" : "MISMATCH");
  return ok ? 0 : 1;
}
