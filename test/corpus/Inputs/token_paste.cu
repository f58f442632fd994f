// Corpus: macros that build the API name by token pasting or wrap whole calls (generated
// bindings, "X-macro" dispatch): some calls cannot be wrapped and must say why.
#include <cuda_runtime.h>

// The callee is pasted together: the call spans the macro's body and its argument.
#define CUDA_API(name) cuda##name
#define COPY_ASYNC(dst, src, bytes, kind, stream) CUDA_API(MemcpyAsync)(dst, src, bytes, kind, stream)
// The whole call is in the macro body (one site at the body, `macro` names it).
#define UPLOAD(dst, src, bytes) cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice)
// The callee comes in as an argument.
#define CALL(fn, ...) fn(__VA_ARGS__)
// An X-macro table of memsets.
#define CLEAR_ALL(X) X(a) X(b)
#define CLEAR_ONE(buf) cudaMemset(buf, 0, 64);

int main() {
  float *a, *b, h[16] = {0};
  cudaMalloc(&a, 64);
  cudaMalloc(&b, 64);
  COPY_ASYNC(a, h, sizeof(h), cudaMemcpyHostToDevice, 0);
  UPLOAD(b, h, sizeof(h));
  CALL(cudaMemcpy, h, a, sizeof(h), cudaMemcpyDeviceToHost);
  CLEAR_ALL(CLEAR_ONE)
  cudaDeviceSynchronize();
  return 0;
}
