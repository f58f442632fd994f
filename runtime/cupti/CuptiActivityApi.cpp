// CUPTI activity buffer handling; see CuptiActivityApi.h.
#include "cupti/CuptiActivityApi.h"

#include "cupti/CuptiKinds.h"
#include "cupti/RequestCallback.h"
#include "cupti/UnifiedMemoryRecords.h"

#include <cstdlib>
#include <cstring>

namespace commledger::rt {
namespace {

CuptiActivityApi *instance = nullptr;
constexpr size_t kBufferSize = 4 * 1024 * 1024;
constexpr size_t kAlignment = 8; // CUPTI requires 8-byte aligned buffers

// Only the copies themselves: which call (site or API) issued each one is learnt from its
// correlation id in the API-enter callback (RequestCallback.cpp), not from RUNTIME, DRIVER or
// EXTERNAL_CORRELATION records, which would record every API call of the program.
const CUpti_ActivityKind kEnabledKinds[] = {
    CUPTI_ACTIVITY_KIND_MEMCPY,
    CUPTI_ACTIVITY_KIND_MEMCPY2,
    CUPTI_ACTIVITY_KIND_MEMSET,
};

// Kernel records: on from the start when durations or intervals will be needed (the event log,
// counters mode, or COMMLEDGER_KERNELS=1); COMMLEDGER_KERNELS=0 keeps them off even then
// (enableKernelRecords decides that, for every caller).
// Launch counts never need them (LaunchCounter.h).
bool kernelRecordsFromStart() {
  auto on = [](const char *name) {
    const char *v = std::getenv(name);
    return v && *v && std::strcmp(v, "0") != 0;
  };
  return on("COMMLEDGER_KERNELS") || on("COMMLEDGER_EVENTS") || on("COMMLEDGER_COUNTERS");
}

// Memcpy6, MemcpyPtoP4, Memset4 and Kernel10 all carry these fields under the same names.
template <typename Record> void setTiming(CopyRecord &copy, const Record &r) {
  copy.startNs = r.start;
  copy.endNs = r.end;
  copy.streamId = r.streamId;
}

} // namespace

bool CuptiActivityApi::start(std::string &error) {
  const CuptiFunctions &cupti = libs_.cupti();
  instance = this;
  CUptiResult result = cupti.cuptiActivityRegisterCallbacks(bufferRequested, bufferCompleted);
  if (result != CUPTI_SUCCESS) {
    error = "cuptiActivityRegisterCallbacks: " + libs_.cuptiErrorText(result);
    return false;
  }
  for (CUpti_ActivityKind kind : kEnabledKinds) {
    result = cupti.cuptiActivityEnable(kind);
    if (result != CUPTI_SUCCESS) {
      error = "cuptiActivityEnable(" + std::to_string(static_cast<int>(kind)) +
              "): " + libs_.cuptiErrorText(result);
      return false;
    }
  }
  if (kernelRecordsFromStart())
    enableKernelRecords();
  // Configured now (before any context), enabled at the first managed allocation.
  configureUnifiedMemoryCounters(cupti);
  return true;
}

void CuptiActivityApi::enableKernelRecords() {
  if (const char *v = std::getenv("COMMLEDGER_KERNELS"); v && std::strcmp(v, "0") == 0)
    return;
  if (!kernelRecords_.exchange(true))
    libs_.cupti().cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
}

void CuptiActivityApi::enableUnifiedMemory() {
  if (!unifiedMemory_.exchange(true))
    libs_.cupti().cuptiActivityEnable(CUPTI_ACTIVITY_KIND_UNIFIED_MEMORY_COUNTER);
}

void CuptiActivityApi::flush() {
  libs_.cupti().cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
  // Calls noted since the last buffer can still resolve records that wait in the pipeline.
  std::lock_guard<std::mutex> lock(mutex_);
  callCorrelations().deliverTo(pipeline_);
  pipeline_.endOfBatch();
}

void CUPTIAPI CuptiActivityApi::bufferRequested(uint8_t **buffer, size_t *size,
                                                size_t *maxNumRecords) {
  *buffer = static_cast<uint8_t *>(std::aligned_alloc(kAlignment, kBufferSize));
  *size = *buffer ? kBufferSize : 0; // a zero size makes CUPTI drop records, not crash
  *maxNumRecords = 0;
}

void CUPTIAPI CuptiActivityApi::bufferCompleted(CUcontext context, uint32_t streamId,
                                                uint8_t *buffer, size_t /*size*/,
                                                size_t validSize) {
  if (instance && buffer)
    instance->consume(context, streamId, buffer, validSize);
  std::free(buffer);
}

void CuptiActivityApi::consume(CUcontext context, uint32_t streamId, uint8_t *buffer,
                               size_t validSize) {
  const CuptiFunctions &cupti = libs_.cupti();
  std::lock_guard<std::mutex> lock(mutex_);
  // Every call whose copies this buffer holds was noted before it ran, so before this point.
  callCorrelations().deliverTo(pipeline_);
  CUpti_Activity *record = nullptr;
  while (validSize > 0 &&
         cupti.cuptiActivityGetNextRecord(buffer, validSize, &record) == CUPTI_SUCCESS)
    dispatch(record);
  size_t dropped = 0;
  if (cupti.cuptiActivityGetNumDroppedRecords(context, streamId, &dropped) == CUPTI_SUCCESS)
    dropped_ += dropped;
  pipeline_.endOfBatch();
}

void CuptiActivityApi::dispatch(const CUpti_Activity *record) {
  switch (record->kind) {
  case CUPTI_ACTIVITY_KIND_MEMCPY: {
    const auto *r = reinterpret_cast<const CUpti_ActivityMemcpy6 *>(record);
    CopyRecord copy;
    copy.kind = copyKindFromCupti(r->copyKind);
    copy.srcMemory = memoryKindFromCupti(r->srcKind);
    copy.dstMemory = memoryKindFromCupti(r->dstKind);
    copy.deviceId = static_cast<int>(r->deviceId);
    copy.bytes = r->bytes;
    copy.correlationId = r->correlationId;
    copy.runtimeCorrelationId = r->runtimeCorrelationId;
    setTiming(copy, *r);
    pipeline_.onCopy(copy);
    break;
  }
  case CUPTI_ACTIVITY_KIND_MEMCPY2: {
    const auto *r = reinterpret_cast<const CUpti_ActivityMemcpyPtoP4 *>(record);
    CopyRecord copy;
    copy.kind = copyKindFromCupti(r->copyKind);
    copy.srcMemory = memoryKindFromCupti(r->srcKind);
    copy.dstMemory = memoryKindFromCupti(r->dstKind);
    copy.deviceId = static_cast<int>(r->deviceId);
    copy.srcDeviceId = static_cast<int>(r->srcDeviceId);
    copy.dstDeviceId = static_cast<int>(r->dstDeviceId);
    copy.bytes = r->bytes;
    copy.correlationId = r->correlationId;
    setTiming(copy, *r);
    pipeline_.onCopy(copy);
    break;
  }
  case CUPTI_ACTIVITY_KIND_MEMSET: {
    const auto *r = reinterpret_cast<const CUpti_ActivityMemset4 *>(record);
    CopyRecord copy;
    copy.kind = format::CopyKind::Memset;
    copy.srcMemory = copy.dstMemory = memoryKindFromCupti(r->memoryKind);
    copy.deviceId = static_cast<int>(r->deviceId);
    copy.bytes = r->bytes;
    copy.correlationId = r->correlationId;
    setTiming(copy, *r);
    pipeline_.onCopy(copy);
    break;
  }
  case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL:
  case CUPTI_ACTIVITY_KIND_KERNEL: {
    const auto *r = reinterpret_cast<const CUpti_ActivityKernel10 *>(record);
    CopyRecord kernel;
    kernel.deviceId = static_cast<int>(r->deviceId);
    kernel.correlationId = r->correlationId;
    setTiming(kernel, *r);
    pipeline_.onKernel(kernel, r->name);
    break;
  }
  case CUPTI_ACTIVITY_KIND_UNIFIED_MEMORY_COUNTER:
    pipeline_.onUnifiedMemory(unifiedMemoryRecordFrom(
        *reinterpret_cast<const CUpti_ActivityUnifiedMemoryCounter3 *>(record)));
    break;
  default:
    break;
  }
}

} // namespace commledger::rt
