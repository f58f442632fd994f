// Source of the hand-written trace um-small.json (never compiled): the thesis Listing 3.2 shape
// with 4 MiB buffers, and a mapped host buffer read by a kernel on GPU0.
// The reconciler reads this file for the allocations' pointer names (site lines 10, 11, 12).
__global__ void scale(const float *src, float *dst, size_t n);
int main() {
  const size_t bytes = 4u << 20; // 4194304
  const size_t n = bytes / sizeof(float);
  float *g0, *g1, *h, *dh, *out;
  // the allocation sites:
  CK(cudaMallocManaged(&g0, bytes));
  CK(cudaMallocManaged(&g1, bytes));
  CK(cudaHostAlloc(&h, bytes, cudaHostAllocMapped));
  CK(cudaHostGetDevicePointer(&dh, h, 0));
  for (size_t i = 0; i < n; i++)
    g0[i] = 1.0f;
  CK(cudaSetDevice(1));
  scale<<<n / 256, 256>>>(g0, g1, n);
  CK(cudaSetDevice(0));
  scale<<<n / 256, 256>>>(g1, g0, n);
  scale<<<n / 256, 256>>>(dh, out, n);
  float sum = 0;
  for (size_t i = 0; i < n; i++)
    sum += g0[i];
  CK(cudaFree(g0));
}
