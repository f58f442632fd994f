// Corpus: single-process multi-GPU NCCL all-reduce (nccl-tests style): communicators per device,
// grouped collectives, and the copies around them. NCCL calls are registered, copies wrapped.
#include <cuda_runtime.h>
#include <nccl.h>
#include <cstdio>
#include <vector>

#define NCCLCHECK(cmd)                                                                    \
  do {                                                                                    \
    ncclResult_t r = cmd;                                                                 \
    if (r != ncclSuccess) {                                                               \
      std::printf("NCCL failure %s:%d '%s'\n", __FILE__, __LINE__, ncclGetErrorString(r));  \
      return 1;                                                                           \
    }                                                                                     \
  } while (0)

int main() {
  int nDev = 0;
  cudaGetDeviceCount(&nDev);
  const size_t count = 32 * 1024 * 1024;
  std::vector<ncclComm_t> comms(nDev);
  std::vector<float *> send(nDev), recv(nDev);
  std::vector<cudaStream_t> streams(nDev);
  std::vector<float> host(count, 1.0f);
  for (int i = 0; i < nDev; ++i) {
    cudaSetDevice(i);
    cudaMalloc(&send[i], count * sizeof(float));
    cudaMalloc(&recv[i], count * sizeof(float));
    cudaMemcpy(send[i], host.data(), count * sizeof(float), cudaMemcpyHostToDevice);
    cudaStreamCreate(&streams[i]);
  }
  NCCLCHECK(ncclCommInitAll(comms.data(), nDev, nullptr));
  NCCLCHECK(ncclGroupStart());
  for (int i = 0; i < nDev; ++i)
    NCCLCHECK(ncclAllReduce(send[i], recv[i], count, ncclFloat, ncclSum, comms[i], streams[i]));
  NCCLCHECK(ncclGroupEnd());
  for (int i = 0; i < nDev; ++i) {
    cudaSetDevice(i);
    cudaStreamSynchronize(streams[i]);
  }
  float result = 0;
  cudaMemcpy(&result, recv[0], sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < nDev; ++i)
    ncclCommDestroy(comms[i]);
  return result == nDev ? 0 : 1;
}
