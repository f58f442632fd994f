// A CPU-only libcupti.so.13 for tests (see FakeCuda.h): the functions the runtime resolves, a
// request callback for cudaMemcpy, and activity buffers holding MEMCPY, RUNTIME and
// EXTERNAL_CORRELATION records that cuptiActivityFlushAll delivers. Thread-safe; its own buffer
// layout (each record preceded by its size), read back by its own cuptiActivityGetNextRecord.
#include "FakeCuda.h"

#include <cuda_runtime_api.h>
#include <cupti.h> // with cupti_runtime_cbid.h: the cudaMemcpy parameter struct

#include <cstring>
#include <mutex>
#include <vector>

namespace {

std::mutex mutex;
CUpti_CallbackFunc callback = nullptr;
void *callbackData = nullptr;
CUpti_BuffersCallbackRequestFunc requestBuffer = nullptr;
CUpti_BuffersCallbackCompleteFunc completeBuffer = nullptr;
std::vector<std::vector<std::uint8_t>> records; // waiting for the next flush
std::uint32_t lastCorrelation = 0;
thread_local std::vector<std::uint64_t> externalIds; // CUSTOM0 stack of the calling thread

template <typename Record> void queue(const Record &record) {
  const auto *bytes = reinterpret_cast<const std::uint8_t *>(&record);
  records.emplace_back(bytes, bytes + sizeof record);
}

std::size_t padded(std::size_t n) { return (n + 7) & ~std::size_t{7}; }

} // namespace

extern "C" {

CUptiResult cuptiSubscribe(CUpti_SubscriberHandle *subscriber, CUpti_CallbackFunc fn,
                           void *userdata) {
  std::lock_guard<std::mutex> lock(mutex);
  callback = fn;
  callbackData = userdata;
  *subscriber = reinterpret_cast<CUpti_SubscriberHandle>(&callback);
  return CUPTI_SUCCESS;
}
CUptiResult cuptiEnableCallback(uint32_t, CUpti_SubscriberHandle, CUpti_CallbackDomain,
                                CUpti_CallbackId) {
  return CUPTI_SUCCESS;
}
CUptiResult cuptiActivityEnable(CUpti_ActivityKind) { return CUPTI_SUCCESS; }
CUptiResult cuptiActivityRegisterCallbacks(CUpti_BuffersCallbackRequestFunc request,
                                           CUpti_BuffersCallbackCompleteFunc complete) {
  std::lock_guard<std::mutex> lock(mutex);
  requestBuffer = request;
  completeBuffer = complete;
  return CUPTI_SUCCESS;
}

CUptiResult cuptiActivityFlushAll(uint32_t) {
  std::vector<std::vector<std::uint8_t>> taken;
  {
    std::lock_guard<std::mutex> lock(mutex);
    taken.swap(records);
  }
  if (taken.empty() || !requestBuffer || !completeBuffer)
    return CUPTI_SUCCESS;
  std::size_t i = 0;
  while (i < taken.size()) { // as many buffers as the records need
    std::uint8_t *buffer = nullptr;
    std::size_t size = 0, maxRecords = 0;
    requestBuffer(&buffer, &size, &maxRecords);
    if (!buffer)
      return CUPTI_ERROR_OUT_OF_MEMORY;
    std::size_t used = 0;
    for (; i < taken.size(); ++i) {
      const std::size_t need = sizeof(std::size_t) + padded(taken[i].size());
      if (used + need > size)
        break;
      const std::size_t length = padded(taken[i].size());
      std::memcpy(buffer + used, &length, sizeof length);
      std::memcpy(buffer + used + sizeof length, taken[i].data(), taken[i].size());
      used += need;
    }
    completeBuffer(nullptr, 0, buffer, size, used);
  }
  return CUPTI_SUCCESS;
}

CUptiResult cuptiActivityGetNextRecord(uint8_t *buffer, size_t validSize, CUpti_Activity **record) {
  std::uint8_t *next = buffer;
  if (*record) { // skip the current record: its size sits just before it
    std::uint8_t *current = reinterpret_cast<std::uint8_t *>(*record);
    std::size_t length = 0;
    std::memcpy(&length, current - sizeof length, sizeof length);
    next = current + length;
  }
  if (next + sizeof(std::size_t) > buffer + validSize)
    return CUPTI_ERROR_MAX_LIMIT_REACHED;
  *record = reinterpret_cast<CUpti_Activity *>(next + sizeof(std::size_t));
  return CUPTI_SUCCESS;
}

CUptiResult cuptiActivityGetNumDroppedRecords(CUcontext, uint32_t, size_t *dropped) {
  *dropped = 0;
  return CUPTI_SUCCESS;
}
CUptiResult cuptiActivityPushExternalCorrelationId(CUpti_ExternalCorrelationKind, uint64_t id) {
  externalIds.push_back(id);
  return CUPTI_SUCCESS;
}
CUptiResult cuptiActivityPopExternalCorrelationId(CUpti_ExternalCorrelationKind, uint64_t *last) {
  if (externalIds.empty())
    return CUPTI_ERROR_QUEUE_EMPTY;
  if (last)
    *last = externalIds.back();
  externalIds.pop_back();
  return CUPTI_SUCCESS;
}
CUptiResult cuptiGetResultString(CUptiResult, const char **text) {
  *text = "fake CUPTI error";
  return CUPTI_SUCCESS;
}
CUptiResult cuptiGetCallbackName(CUpti_CallbackDomain, uint32_t, const char **name) {
  *name = "fake";
  return CUPTI_SUCCESS;
}

int fake_cuda_memcpy(void *dst, const void *src, size_t bytes) {
  std::uint32_t correlation = 0;
  CUpti_CallbackFunc fn = nullptr;
  void *userdata = nullptr;
  {
    std::lock_guard<std::mutex> lock(mutex);
    correlation = ++lastCorrelation;
    fn = callback;
    userdata = callbackData;
  }
  const CUpti_CallbackId cbid = CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_v3020;
  cudaMemcpy_v3020_params params{dst, src, bytes, cudaMemcpyHostToHost};
  CUpti_CallbackData data{};
  data.callbackSite = CUPTI_API_ENTER;
  data.functionName = "cudaMemcpy";
  data.functionParams = &params;
  data.correlationId = correlation;
  if (fn)
    fn(userdata, CUPTI_CB_DOMAIN_RUNTIME_API, cbid, &data);
  std::memcpy(dst, src, bytes);

  CUpti_ActivityAPI api{};
  api.kind = CUPTI_ACTIVITY_KIND_RUNTIME;
  api.cbid = cbid;
  api.correlationId = correlation;
  CUpti_ActivityMemcpy6 copy{};
  copy.kind = CUPTI_ACTIVITY_KIND_MEMCPY;
  copy.copyKind = CUPTI_ACTIVITY_MEMCPY_KIND_HTOH;
  copy.srcKind = copy.dstKind = CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE;
  copy.bytes = bytes;
  copy.correlationId = correlation;
  copy.runtimeCorrelationId = correlation;
  std::lock_guard<std::mutex> lock(mutex);
  if (!externalIds.empty()) { // CUPTI emits it before the API record, as
                              // measured on H200s
    CUpti_ActivityExternalCorrelation external{};
    external.kind = CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION;
    external.externalKind = CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0;
    external.externalId = externalIds.back();
    external.correlationId = correlation;
    queue(external);
  }
  queue(api);
  queue(copy);
  return 0;
}

} // extern "C"
