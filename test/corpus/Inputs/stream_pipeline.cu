// Corpus: a chunked H2D -> kernel -> D2H pipeline over several streams with events, the
// overlap pattern of the CUDA best-practices guide.
#include <cuda_runtime.h>

constexpr int kStreams = 4;
constexpr size_t kChunk = 1 << 20;

__global__ void saxpy(float a, float *x, size_t n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = a * x[i] + 1.0f;
}

float pipeline(float *host, float *dev, int chunks) {
  cudaStream_t streams[kStreams];
  cudaEvent_t start, stop, done[kStreams];
  for (int s = 0; s < kStreams; ++s) {
    cudaStreamCreateWithFlags(&streams[s], cudaStreamNonBlocking);
    cudaEventCreateWithFlags(&done[s], cudaEventDisableTiming);
  }
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start, streams[0]);
  for (int c = 0; c < chunks; ++c) {
    cudaStream_t s = streams[c % kStreams];
    size_t off = c * kChunk;
    cudaMemcpyAsync(dev + off, host + off, kChunk * sizeof(float), cudaMemcpyHostToDevice, s);
    saxpy<<<(kChunk + 255) / 256, 256, 0, s>>>(2.0f, dev + off, kChunk);
    cudaMemcpyAsync(host + off, dev + off, kChunk * sizeof(float), cudaMemcpyDeviceToHost, s);
    cudaEventRecord(done[c % kStreams], s);
  }
  for (int s = 1; s < kStreams; ++s)
    cudaStreamWaitEvent(streams[0], done[s], 0);
  cudaEventRecord(stop, streams[0]);
  cudaEventSynchronize(stop);
  float ms = 0;
  cudaEventElapsedTime(&ms, start, stop);
  for (int s = 0; s < kStreams; ++s) {
    cudaStreamDestroy(streams[s]);
    cudaEventDestroy(done[s]);
  }
  return ms;
}

int main() {
  const int chunks = 16;
  float *host, *dev;
  cudaHostAlloc(&host, chunks * kChunk * sizeof(float), cudaHostAllocDefault);
  cudaMalloc(&dev, chunks * kChunk * sizeof(float));
  float ms = pipeline(host, dev, chunks);
  cudaFreeHost(host);
  cudaFree(dev);
  return ms >= 0 ? 0 : 1;
}
