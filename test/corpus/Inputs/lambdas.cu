// Corpus: modern C++ host code: copies inside lambdas, generic lambdas, std::function callbacks,
// immediately invoked lambdas, a range-for over buffers and a ternary choosing the copy.
#include <cuda_runtime.h>
#include <functional>
#include <vector>

struct Tile { float *dev; std::vector<float> host; };

int main() {
  std::vector<Tile> tiles(4);
  for (Tile &t : tiles) {
    t.host.assign(256, 1.0f);
    cudaMalloc(&t.dev, 256 * sizeof(float));
  }
  auto upload = [](Tile &t, cudaStream_t s) {
    return cudaMemcpyAsync(t.dev, t.host.data(), t.host.size() * sizeof(float),
                           cudaMemcpyHostToDevice, s);
  };
  auto download = [&](auto &t) {
    return cudaMemcpy(t.host.data(), t.dev, t.host.size() * sizeof(float), cudaMemcpyDeviceToHost);
  };
  std::function<cudaError_t(Tile &)> clear = [](Tile &t) {
    return cudaMemset(t.dev, 0, t.host.size() * sizeof(float));
  };
  for (Tile &t : tiles)
    if (upload(t, 0) != cudaSuccess || clear(t) != cudaSuccess)
      return 1;
  const bool toHost = [&] {
    float probe = 0;
    return cudaMemcpy(&probe, tiles[0].dev, sizeof(float), cudaMemcpyDeviceToHost) == cudaSuccess;
  }();
  cudaError_t e = toHost ? download(tiles[1])
                         : cudaMemcpy(tiles[1].dev, tiles[2].dev, 4, cudaMemcpyDeviceToDevice);
  for (Tile &t : tiles)
    cudaFree(t.dev);
  return e == cudaSuccess ? 0 : 1;
}
