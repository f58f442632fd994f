/* Corpus: a plain C host file (C libraries wrapping CUDA, Python extensions): the runtime API
   from C, copies in helper functions, a static inline wrapper and a for loop. */
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  float *device;
  float *host;
  size_t count;
} vec_t;

static inline int vec_upload(vec_t *v) {
  return cudaMemcpy(v->device, v->host, v->count * sizeof(float), cudaMemcpyHostToDevice) ==
         cudaSuccess;
}

int vec_init(vec_t *v, size_t count) {
  v->count = count;
  v->host = (float *)calloc(count, sizeof(float));
  if (!v->host || cudaMalloc((void **)&v->device, count * sizeof(float)) != cudaSuccess)
    return 0;
  return cudaMemset(v->device, 0, count * sizeof(float)) == cudaSuccess;
}

int main(void) {
  vec_t v;
  int i;
  if (!vec_init(&v, 1024) || !vec_upload(&v))
    return 1;
  for (i = 0; i < 4; ++i)
    cudaMemcpy(v.host + i * 256, v.device + i * 256, 256 * sizeof(float), cudaMemcpyDeviceToHost);
  printf("%f\n", v.host[0]);
  cudaFree(v.device);
  free(v.host);
  return 0;
}
