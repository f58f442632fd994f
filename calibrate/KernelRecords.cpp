// CUPTI activity buffers for kernel records (KernelRecords.h), as in CUPTI's
// activity_trace_async sample: a request callback, a completion callback, and a
// flush.
#include "KernelRecords.h"

#include "CalibrationError.h"

#include <algorithm>
#include <cstdlib>
#include <mutex>

namespace commledger::calibrate {

namespace {
std::mutex gMutex; // buffers may complete on CUPTI's own thread
std::vector<KernelRecord> gRecords;

void CUPTIAPI requestBuffer(uint8_t **buffer, size_t *size,
                            size_t *maxRecords) {
  *size = std::size_t(1) << 20;
  *buffer = static_cast<uint8_t *>(std::aligned_alloc(8, *size));
  *maxRecords = 0;
}

void CUPTIAPI completeBuffer(CUcontext, uint32_t, uint8_t *buffer, size_t,
                             size_t valid) {
  CUpti_Activity *record = nullptr;
  std::lock_guard<std::mutex> lock(gMutex);
  while (cuptiActivityGetNextRecord(buffer, valid, &record) == CUPTI_SUCCESS) {
    if (record->kind != CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL)
      continue;
    auto *k = reinterpret_cast<const CUpti_ActivityKernel10 *>(record);
    gRecords.push_back({static_cast<int>(k->deviceId), k->name ? k->name : "",
                        k->start, k->end});
  }
  std::free(buffer);
}
} // namespace

void enableKernelRecords() {
  checkCupti(cuptiActivityRegisterCallbacks(requestBuffer, completeBuffer),
             "cuptiActivityRegisterCallbacks");
  checkCupti(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL),
             "cuptiActivityEnable(CONCURRENT_KERNEL)");
}

std::vector<KernelRecord> takeKernelRecords() {
  checkCupti(cuptiActivityFlushAll(1), "cuptiActivityFlushAll");
  std::vector<KernelRecord> out;
  {
    std::lock_guard<std::mutex> lock(gMutex);
    out.swap(gRecords);
  }
  std::sort(out.begin(), out.end(),
            [](const KernelRecord &a, const KernelRecord &b) {
              return a.start < b.start;
            });
  return out;
}

} // namespace commledger::calibrate
