// Where the runtime's per-call time goes (docs/PERFORMANCE.md): times the small-copy burst of
// copy_overhead.cu (100,000 × cudaMemcpyAsync 4 KiB pinned H2D) under one CUPTI configuration
// per process, each step adding one piece of what libcommledger-rt.so may do per call, and
// `check` prints the correlation ids seen by the API-enter callback next to the copy records'
// (the fact the runtime's attribution rests on, docs/measured-cupti.md).
// Build: nvcc -O2 cupti_step_cost.cu -lcupti -lcuda    Run: bench/run-cupti-step-cost.sh
// A mode is `plain` (no CUPTI) or features joined by '+':
//   callback   API-enter callback on the copy/memset callback ids (runtime + driver domains)
//   memcpy     MEMCPY/MEMCPY2/MEMSET activity (implies callback)
//   pointer    two cuPointerGetAttributes per call (what the request classification costs)
//   api        RUNTIME/DRIVER/EXTERNAL_CORRELATION activity and an external id push/pop per
//              call (how the runtime attributed records before)
// Prints "<mode> <calls> <seconds> <host enqueue seconds>"; `check` prints "CB …" and "REC …" lines.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <cuda.h>
#include <cuda_runtime.h>
#include <cupti.h>

#define CK(call)                                                                                \
  do {                                                                                          \
    int err_ = static_cast<int>(call);                                                          \
    if (err_ != 0) {                                                                            \
      std::fprintf(stderr, "%s:%d: %s failed (%d)\n", __FILE__, __LINE__, #call, err_);         \
      std::exit(2);                                                                             \
    }                                                                                           \
  } while (0)

static bool printCallbacks = false;
static volatile unsigned lastCorrelation = 0; // keeps the callback's work from being elided

static void CUPTIAPI onApi(void *, CUpti_CallbackDomain domain, CUpti_CallbackId, const void *p) {
  const auto *info = static_cast<const CUpti_CallbackData *>(p);
  if (info->callbackSite != CUPTI_API_ENTER)
    return;
  lastCorrelation = info->correlationId;
  if (printCallbacks)
    std::printf("CB %s %s corr=%u\n", domain == CUPTI_CB_DOMAIN_RUNTIME_API ? "rt" : "drv",
                info->functionName, info->correlationId);
}

static void CUPTIAPI bufferRequested(uint8_t **buffer, size_t *size, size_t *maxRecords) {
  *size = 4u << 20;
  *buffer = static_cast<uint8_t *>(std::aligned_alloc(8, *size));
  *maxRecords = 0;
}

static void CUPTIAPI bufferCompleted(CUcontext, uint32_t, uint8_t *buffer, size_t, size_t valid) {
  CUpti_Activity *r = nullptr;
  while (printCallbacks && cuptiActivityGetNextRecord(buffer, valid, &r) == CUPTI_SUCCESS) {
    if (r->kind == CUPTI_ACTIVITY_KIND_MEMCPY) {
      auto *m = reinterpret_cast<CUpti_ActivityMemcpy6 *>(r);
      std::printf("REC memcpy kind=%u bytes=%llu corr=%u rtcorr=%u\n", m->copyKind,
                  (unsigned long long)m->bytes, m->correlationId, m->runtimeCorrelationId);
    } else if (r->kind == CUPTI_ACTIVITY_KIND_MEMCPY2) {
      auto *m = reinterpret_cast<CUpti_ActivityMemcpyPtoP4 *>(r);
      std::printf("REC ptop bytes=%llu corr=%u\n", (unsigned long long)m->bytes, m->correlationId);
    } else if (r->kind == CUPTI_ACTIVITY_KIND_MEMSET) {
      auto *m = reinterpret_cast<CUpti_ActivityMemset4 *>(r);
      std::printf("REC memset bytes=%llu corr=%u\n", (unsigned long long)m->bytes,
                  m->correlationId);
    }
  }
  std::free(buffer);
}

// The copy/memset callback ids, found by name as the runtime's tables list them.
static void enableCopyCallbacks(CUpti_SubscriberHandle subscriber, CUpti_CallbackDomain domain,
                                int count) {
  for (int id = 1; id < count; ++id) {
    const char *name = nullptr;
    if (cuptiGetCallbackName(domain, id, &name) != CUPTI_SUCCESS || !name)
      continue;
    if (std::strstr(name, "emcpy") || std::strstr(name, "emset"))
      cuptiEnableCallback(1, subscriber, domain, id);
  }
}

static void setUp(int level) {
  if (level < 1)
    return;
  CUpti_SubscriberHandle subscriber;
  CK(cuptiSubscribe(&subscriber, reinterpret_cast<CUpti_CallbackFunc>(onApi), nullptr));
  enableCopyCallbacks(subscriber, CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_RUNTIME_TRACE_CBID_SIZE);
  enableCopyCallbacks(subscriber, CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_DRIVER_TRACE_CBID_SIZE);
  if (level < 2)
    return;
  // Knobs to test where the memcpy-record cost comes from (CUPTI's device-side buffers).
  if (const char *v = std::getenv("STEPS_DEVICE_BUFFER")) {
    size_t value = std::strtoull(v, nullptr, 10), size = sizeof(value);
    CK(cuptiActivitySetAttribute(CUPTI_ACTIVITY_ATTR_DEVICE_BUFFER_SIZE, &size, &value));
  }
  if (const char *v = std::getenv("STEPS_PREALLOCATE")) {
    size_t value = std::strtoull(v, nullptr, 10), size = sizeof(value);
    CK(cuptiActivitySetAttribute(CUPTI_ACTIVITY_ATTR_DEVICE_BUFFER_PRE_ALLOCATE_VALUE, &size,
                                 &value));
  }
  if (std::getenv("STEPS_HOST_PINNED")) {
    uint8_t value = 1;
    size_t size = sizeof(value);
    CK(cuptiActivitySetAttribute(CUPTI_ACTIVITY_ATTR_MEM_ALLOCATION_TYPE_HOST_PINNED, &size,
                                 &value));
  }
  if (std::getenv("STEPS_SHARED_BUFFER")) {
    uint8_t value = 0;
    size_t size = sizeof(value);
    CK(cuptiActivitySetAttribute(CUPTI_ACTIVITY_ATTR_PER_THREAD_ACTIVITY_BUFFER, &size, &value));
  }
  CK(cuptiActivityRegisterCallbacks(bufferRequested, bufferCompleted));
  if (std::getenv("STEPS_HW_TRACE")) { // documented for Blackwell; needs the driver initialised
    CK(cuInit(0));
    std::fprintf(stderr, "cuptiActivityEnableHWTrace: %d\n", (int)cuptiActivityEnableHWTrace(1));
  }
  CK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY));
  CK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY2));
  CK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMSET));
}

static void classify(const void *ptr) {
  unsigned long long type = 0, ordinal = 0, managed = 0;
  CUpointer_attribute attributes[] = {CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                      CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                      CU_POINTER_ATTRIBUTE_IS_MANAGED};
  void *data[] = {&type, &ordinal, &managed};
  cuPointerGetAttributes(3, attributes, data, reinterpret_cast<CUdeviceptr>(ptr));
}

static int burst(const char *mode, bool pointers, bool external) {
  const size_t bytes = std::getenv("STEPS_BYTES") ? std::strtoull(std::getenv("STEPS_BYTES"), nullptr, 10) : 4096;
  const int calls = 100000;
  void *host = nullptr, *dev = nullptr;
  cudaStream_t stream;
  CK(cudaMallocHost(&host, bytes));
  CK(cudaMalloc(&dev, bytes));
  CK(cudaStreamCreate(&stream));
  CK(cudaMemcpyAsync(dev, host, bytes, cudaMemcpyHostToDevice, stream)); // warm-up
  CK(cudaStreamSynchronize(stream));
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < calls; ++i) {
    uint64_t popped = 0;
    if (external)
      cuptiActivityPushExternalCorrelationId(CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0, i + 1);
    CK(cudaMemcpyAsync(dev, host, bytes, cudaMemcpyHostToDevice, stream));
    if (external)
      cuptiActivityPopExternalCorrelationId(CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0, &popped);
    if (pointers) {
      classify(dev);
      classify(host);
    }
  }
  // The host-side part: if it is shorter than the total, the GPU bounds the burst.
  double enqueue = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CK(cudaStreamSynchronize(stream));
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s %d %.6f %.6f\n", mode, calls, s, enqueue);
  return 0;
}

// One of each copy shape the GPU suite covers, with callback and record ids side by side.
static int check() {
  printCallbacks = true;
  setUp(2);
  const size_t n = 1 << 20;
  void *g0 = nullptr, *g1 = nullptr, *pinned = nullptr;
  void *pageable = std::malloc(n);
  cudaStream_t s;
  CK(cudaSetDevice(1));
  CK(cudaMalloc(&g1, n));
  CK(cudaSetDevice(0));
  CK(cudaMalloc(&g0, n));
  CK(cudaMallocHost(&pinned, n));
  CK(cudaStreamCreate(&s));
  std::printf("== pinned H2D async\n");
  CK(cudaMemcpyAsync(g0, pinned, n, cudaMemcpyHostToDevice, s));
  CK(cudaStreamSynchronize(s));
  std::printf("== pageable H2D\n");
  CK(cudaMemcpy(g0, pageable, n, cudaMemcpyHostToDevice));
  std::printf("== staged peer (peer off)\n");
  CK(cudaMemcpyPeer(g1, 1, g0, 0, n));
  std::printf("== memset\n");
  CK(cudaMemset(g0, 0, n));
  std::printf("== 2D to array\n");
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<unsigned char>();
  cudaArray_t array = nullptr;
  CK(cudaMallocArray(&array, &desc, 1024, 16));
  CK(cudaMemcpy2DToArray(array, 0, 0, pinned, 1024, 1024, 16, cudaMemcpyHostToDevice));
  CK(cudaDeviceSynchronize());
  CK(cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED));
  std::printf("done\n");
  return 0;
}

int main(int argc, char **argv) {
  const char *mode = argc == 2 ? argv[1] : "";
  if (std::strcmp(mode, "check") == 0)
    return check();
  // A mode is "plain" or features joined by '+': callback, memcpy, pointer, api.
  auto has = [mode](const char *feature) { return std::strstr(mode, feature) != nullptr; };
  const bool known = std::strcmp(mode, "plain") == 0 || has("callback") || has("memcpy") ||
                     has("pointer") || has("api");
  if (!known) {
    std::fprintf(stderr, "usage: cupti_step_cost check|plain|FEATURE[+FEATURE...] with "
                         "FEATURE callback, memcpy, pointer, api\n");
    return 2;
  }
  setUp(has("memcpy") ? 2 : has("callback") ? 1 : 0);
  if (has("api")) {
    if (!has("memcpy"))
      CK(cuptiActivityRegisterCallbacks(bufferRequested, bufferCompleted));
    for (auto kind : {CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_ACTIVITY_KIND_DRIVER,
                      CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION})
      CK(cuptiActivityEnable(kind));
  }
  return burst(mode, has("pointer"), has("api"));
}
