// Corpus: an RAII device buffer class (copy-to/from host, device-to-device clone, fill) as
// real projects write them, with copies in member functions, constructors and operators.
#include <cuda_runtime.h>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

inline void throwOnError(cudaError_t e, const char *what) {
  if (e != cudaSuccess)
    throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
}

template <typename T> class DeviceBuffer {
public:
  explicit DeviceBuffer(size_t n = 0) : size_(n) {
    if (n)
      throwOnError(cudaMalloc(&data_, n * sizeof(T)), "cudaMalloc");
  }
  explicit DeviceBuffer(const std::vector<T> &host) : DeviceBuffer(host.size()) {
    throwOnError(cudaMemcpy(data_, host.data(), bytes(), cudaMemcpyHostToDevice), "upload");
  }
  DeviceBuffer(const DeviceBuffer &other) : DeviceBuffer(other.size_) {
    throwOnError(cudaMemcpy(data_, other.data_, bytes(), cudaMemcpyDeviceToDevice), "clone");
  }
  DeviceBuffer(DeviceBuffer &&other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
  DeviceBuffer &operator=(DeviceBuffer other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    return *this;
  }
  ~DeviceBuffer() { cudaFree(data_); }

  std::vector<T> download(cudaStream_t stream = 0) const {
    std::vector<T> host(size_);
    throwOnError(cudaMemcpyAsync(host.data(), data_, bytes(), cudaMemcpyDeviceToHost, stream),
                 "download");
    throwOnError(cudaStreamSynchronize(stream), "sync");
    return host;
  }
  void zero(cudaStream_t stream = 0) { throwOnError(cudaMemsetAsync(data_, 0, bytes(), stream), "zero"); }
  void copyFrom(const DeviceBuffer &src, size_t count, size_t offset = 0) {
    throwOnError(cudaMemcpy(data_ + offset, src.data_, count * sizeof(T), cudaMemcpyDefault),
                 "copyFrom");
  }
  size_t bytes() const { return size_ * sizeof(T); }
  T *data() { return data_; }

private:
  T *data_ = nullptr;
  size_t size_ = 0;
};

int main() {
  try {
    DeviceBuffer<float> a(std::vector<float>(1024, 2.0f));
    DeviceBuffer<float> b = a;
    b.zero();
    b.copyFrom(a, 512, 256);
    return b.download()[300] == 2.0f ? 0 : 1;
  } catch (const std::exception &) {
    return 2;
  }
}
