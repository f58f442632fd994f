// Probe: do CUPTI's unified-memory counters produce records on this machine? Prints the result of
// configuring each counter kind, of enabling the activity kind (before and after CUDA init), the device's managed-memory
// attributes (HMM shows as pageableMemoryAccess=1), and the records seen per counter kind for a
// managed buffer initialised on the host, used on GPU0, prefetched to GPU1 and read back.
#include <cuda_runtime.h>
#include <cupti.h>

#include <cstdio>
#include <cstdlib>
#include <map>

static std::map<int, unsigned long long> records, bytes;

static void CUPTIAPI requested(uint8_t **buffer, size_t *size, size_t *max) {
  *size = 8 << 20;
  *buffer = static_cast<uint8_t *>(aligned_alloc(8, *size));
  *max = 0;
}
static void CUPTIAPI completed(CUcontext, uint32_t, uint8_t *buffer, size_t, size_t valid) {
  CUpti_Activity *r = nullptr;
  while (cuptiActivityGetNextRecord(buffer, valid, &r) == CUPTI_SUCCESS)
    if (r->kind == CUPTI_ACTIVITY_KIND_UNIFIED_MEMORY_COUNTER) {
      auto *u = reinterpret_cast<CUpti_ActivityUnifiedMemoryCounter3 *>(r);
      records[u->counterKind]++;
      bytes[u->counterKind] += u->value;
    }
  free(buffer);
}

__global__ void touch(float *p, size_t n) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    p[i] += 1.0f;
}

int main() {
  const char *s = nullptr;
  for (int kind = 1; kind < CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_COUNT; ++kind) {
    CUpti_ActivityUnifiedMemoryCounterConfig c{};
    c.scope = CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_SCOPE_PROCESS_ALL_DEVICES;
    c.kind = static_cast<CUpti_ActivityUnifiedMemoryCounterKind>(kind);
    c.enable = 1;
    CUptiResult r = cuptiActivityConfigureUnifiedMemoryCounter(&c, 1);
    cuptiGetResultString(r, &s);
    std::printf("UMCONFIG kind=%d result=%d %s\n", kind, r, s);
  }
  cuptiActivityRegisterCallbacks(requested, completed);
  CUptiResult r = cuptiActivityEnable(CUPTI_ACTIVITY_KIND_UNIFIED_MEMORY_COUNTER);
  cuptiGetResultString(r, &s);
  std::printf("UMENABLE result=%d %s\n", r, s);
  int n = 0;
  cudaGetDeviceCount(&n);
  cudaFree(nullptr); // the driver and a context exist from here on
  r = cuptiActivityEnable(CUPTI_ACTIVITY_KIND_UNIFIED_MEMORY_COUNTER);
  cuptiGetResultString(r, &s);
  std::printf("UMENABLE after CUDA init: result=%d %s\n", r, s);
  for (int d = 0; d < n; ++d) {
    int cma = 0, pma = 0, hra = 0;
    cudaDeviceGetAttribute(&cma, cudaDevAttrConcurrentManagedAccess, d);
    cudaDeviceGetAttribute(&pma, cudaDevAttrPageableMemoryAccess, d);
    cudaDeviceGetAttribute(&hra, cudaDevAttrPageableMemoryAccessUsesHostPageTables, d);
    std::printf("DEVICE %d concurrentManagedAccess=%d pageableMemoryAccess=%d usesHostPageTables=%d\n",
                d, cma, pma, hra);
  }
  const size_t count = 8u << 20; // 32 MiB of float
  float *m = nullptr;
  cudaMallocManaged(&m, count * sizeof(float));
  for (size_t i = 0; i < count; ++i)
    m[i] = 1.0f;
  cudaSetDevice(0);
  touch<<<264, 256>>>(m, count);
  cudaDeviceSynchronize();
  if (n > 1) {
    cudaMemLocation loc{cudaMemLocationTypeDevice, 1};
    cudaMemPrefetchAsync(m, count * sizeof(float), loc, 0, 0);
    cudaDeviceSynchronize();
  }
  double sum = 0;
  for (size_t i = 0; i < count; i += 4096)
    sum += m[i];
  cudaFree(m);
  cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
  std::printf("CHECK sum=%.0f (expect %zu)\n", sum, 2 * (count / 4096));
  for (auto &[kind, c] : records)
    std::printf("UMRECORDS kind=%d records=%llu value_sum=%llu\n", kind, c, bytes[kind]);
  std::printf("UMRECORDS total_kinds=%zu\n", records.size());
  return 0;
}
