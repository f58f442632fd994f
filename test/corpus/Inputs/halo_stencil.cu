// Corpus: a 3D Jacobi stencil split along z over GPUs, halos exchanged peer to peer (3D peer
// copies for the faces, a 2D copy for the boundary plane), in the style of HPC mini-apps.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

#define CUDA_CHECK(call)                                                                   \
  do {                                                                                     \
    cudaError_t err_ = (call);                                                             \
    if (err_ != cudaSuccess) {                                                             \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));    \
      return 1;                                                                            \
    }                                                                                      \
  } while (0)

struct Domain {
  int nx, ny, nzLocal;
  size_t pitchBytes() const { return nx * sizeof(double); }
  size_t planeBytes() const { return (size_t)nx * ny * sizeof(double); }
};

__global__ void jacobi(const double *in, double *out, int nx, int ny, int nz) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y, z = blockIdx.z + 1;
  if (x <= 0 || x >= nx - 1 || y <= 0 || y >= ny - 1 || z >= nz + 1)
    return;
  size_t i = ((size_t)z * ny + y) * nx + x;
  out[i] = (in[i - 1] + in[i + 1] + in[i - nx] + in[i + nx] + in[i - nx * ny] + in[i + nx * ny]) / 6;
}

static cudaMemcpy3DPeerParms facePeerCopy(const Domain &d, double *dst, int dstDev, int dstZ,
                                          double *src, int srcDev, int srcZ) {
  cudaMemcpy3DPeerParms p = {};
  p.srcPtr = make_cudaPitchedPtr(src, d.pitchBytes(), d.nx, d.ny);
  p.srcPos = make_cudaPos(0, 0, srcZ);
  p.srcDevice = srcDev;
  p.dstPtr = make_cudaPitchedPtr(dst, d.pitchBytes(), d.nx, d.ny);
  p.dstPos = make_cudaPos(0, 0, dstZ);
  p.dstDevice = dstDev;
  p.extent = make_cudaExtent(d.pitchBytes(), d.ny, 1);
  return p;
}

int exchangeHalos(const Domain &d, std::vector<double *> &field, std::vector<cudaStream_t> &s) {
  int gpus = (int)field.size();
  for (int g = 0; g + 1 < gpus; ++g) {
    cudaMemcpy3DPeerParms up = facePeerCopy(d, field[g + 1], g + 1, 0, field[g], g, d.nzLocal);
    cudaMemcpy3DPeerParms down = facePeerCopy(d, field[g], g, d.nzLocal + 1, field[g + 1], g + 1, 1);
    CUDA_CHECK(cudaMemcpy3DPeerAsync(&up, s[g]));
    CUDA_CHECK(cudaMemcpy3DPeerAsync(&down, s[g + 1]));
  }
  return 0;
}

int main() {
  Domain d{128, 128, 32};
  int gpus = 0;
  CUDA_CHECK(cudaGetDeviceCount(&gpus));
  std::vector<double *> in(gpus), out(gpus);
  std::vector<cudaStream_t> streams(gpus);
  std::vector<double> boundary((size_t)d.nx * d.ny, 1.0);
  for (int g = 0; g < gpus; ++g) {
    CUDA_CHECK(cudaSetDevice(g));
    size_t bytes = d.planeBytes() * (d.nzLocal + 2);
    CUDA_CHECK(cudaMalloc(&in[g], bytes));
    CUDA_CHECK(cudaMalloc(&out[g], bytes));
    CUDA_CHECK(cudaMemset(in[g], 0, bytes));
    CUDA_CHECK(cudaStreamCreate(&streams[g]));
  }
  // Dirichlet boundary: the bottom plane of GPU 0, as a pitched 2D copy.
  CUDA_CHECK(cudaSetDevice(0));
  CUDA_CHECK(cudaMemcpy2DAsync(in[0], d.pitchBytes(), boundary.data(), d.pitchBytes(),
                               d.pitchBytes(), d.ny, cudaMemcpyHostToDevice, streams[0]));
  for (int it = 0; it < 100; ++it) {
    if (exchangeHalos(d, in, streams))
      return 1;
    for (int g = 0; g < gpus; ++g) {
      cudaSetDevice(g);
      jacobi<<<dim3(d.nx / 128, d.ny, d.nzLocal), 128, 0, streams[g]>>>(in[g], out[g], d.nx, d.ny,
                                                                         d.nzLocal);
      std::swap(in[g], out[g]);
    }
  }
  for (int g = 0; g < gpus; ++g)
    CUDA_CHECK(cudaStreamSynchronize(streams[g]));
  double corner = 0;
  CUDA_CHECK(cudaMemcpyPeer(&corner, 0, in[gpus - 1], gpus - 1, sizeof(double)));
  std::printf("%f\n", corner);
  return 0;
}
