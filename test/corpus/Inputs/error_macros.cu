// Corpus: the error-checking idioms of real code bases side by side: a CUDA_CHECK statement
// macro, the samples' checkCudaErrors (a function template behind a macro), cudaSafeCall with a
// function, a gpuErrchk "assert" helper, and a macro that stringifies its argument.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(expr)                                                                  \
  do {                                                                                    \
    cudaError_t status_ = (expr);                                                         \
    if (status_ != cudaSuccess) {                                                         \
      std::fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(status_),       \
                   __FILE__, __LINE__);                                                   \
      std::exit(EXIT_FAILURE);                                                            \
    }                                                                                     \
  } while (false)

template <typename T> void check(T result, char const *const func, const char *const file,
                                 int const line) {
  if (result) {
    std::fprintf(stderr, "CUDA error at %s:%d code=%d \"%s\"\n", file, line, (int)result, func);
    std::exit(EXIT_FAILURE);
  }
}
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)

#define cudaSafeCall(err) __cudaSafeCall(err, __FILE__, __LINE__)
inline void __cudaSafeCall(cudaError err, const char *file, const int line) {
  if (cudaSuccess != err) {
    std::fprintf(stderr, "cudaSafeCall() failed at %s:%i : %s\n", file, line,
                 cudaGetErrorString(err));
    std::exit(-1);
  }
}

#define gpuErrchk(ans) { gpuAssert((ans), __FILE__, __LINE__); }
inline void gpuAssert(cudaError_t code, const char *file, int line, bool abort = true) {
  if (code != cudaSuccess) {
    std::fprintf(stderr, "GPUassert: %s %s %d\n", cudaGetErrorString(code), file, line);
    if (abort)
      std::exit(code);
  }
}

int main() {
  const size_t n = 4096;
  float *d = nullptr, *h = nullptr;
  CUDA_CHECK(cudaMalloc(&d, n * sizeof(float)));
  checkCudaErrors(cudaMallocHost(&h, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost));
  cudaSafeCall(cudaMemset(d, 0, n * sizeof(float)));
  gpuErrchk(cudaMemcpyAsync(h, d, 16, cudaMemcpyDeviceToHost, 0));
  if (cudaMemcpy(d, h, 4, cudaMemcpyHostToDevice) != cudaSuccess || cudaDeviceSynchronize())
    return 1;
  checkCudaErrors(cudaFreeHost(h));
  CUDA_CHECK(cudaFree(d));
  return 0;
}
