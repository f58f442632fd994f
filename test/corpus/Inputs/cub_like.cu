// Corpus: CUB/Thrust-style header utilities: templates taking a temporary-storage pointer and a
// stream, copies through cudaMemcpyAsync in function templates and class templates.
#include <cuda_runtime.h>
#include <cstddef>
#include <type_traits>

namespace mini_cub {

template <typename T>
__host__ __device__ inline T divUp(T a, T b) { return (a + b - 1) / b; }

template <typename T> __global__ void reduceKernel(const T *in, T *out, int n) {
  T sum = T();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    sum += in[i];
  atomicAdd(out, sum);
}

template <typename T>
cudaError_t DeviceReduceSum(void *tempStorage, size_t &tempBytes, const T *in, T *out, int n,
                            cudaStream_t stream = 0) {
  if (tempStorage == nullptr) {
    tempBytes = sizeof(T);
    return cudaSuccess;
  }
  T *acc = static_cast<T *>(tempStorage);
  cudaError_t e = cudaMemsetAsync(acc, 0, sizeof(T), stream);
  if (e != cudaSuccess)
    return e;
  reduceKernel<<<divUp(n, 256), 256, 0, stream>>>(in, acc, n);
  return cudaMemcpyAsync(out, acc, sizeof(T), cudaMemcpyDeviceToDevice, stream);
}

template <typename T, int kItems> struct BlockLoadHost {
  static_assert(std::is_trivially_copyable<T>::value, "copied bytewise");
  static cudaError_t Load(T *dst, const T *src, cudaStream_t stream) {
    return cudaMemcpyAsync(dst, src, kItems * sizeof(T), cudaMemcpyDefault, stream);
  }
};

} // namespace mini_cub

int main() {
  const int n = 1 << 20;
  float *in, *out, h = 0;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  size_t tempBytes = 0;
  mini_cub::DeviceReduceSum<float>(nullptr, tempBytes, in, out, n);
  void *temp;
  cudaMalloc(&temp, tempBytes);
  mini_cub::DeviceReduceSum(temp, tempBytes, in, out, n);
  mini_cub::BlockLoadHost<float, 1>::Load(&h, out, 0);
  double *din;
  cudaMalloc(&din, 64 * sizeof(double));
  mini_cub::BlockLoadHost<double, 64>::Load(din, din, 0);
  cudaStreamSynchronize(0);
  return h == 0 ? 0 : 1;
}
