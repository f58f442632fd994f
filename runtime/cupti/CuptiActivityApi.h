// The only code that touches CUPTI activity buffers (as kineto's CuptiActivityApi): hands CUPTI
// empty buffers, turns completed ones into typed records for the ObservationPipeline, flushes.
#pragma once
#include "core/ObservationPipeline.h"
#include "cupti/CudaLibraries.h"

#include <atomic>
#include <mutex>
#include <string>

namespace commledger::rt {

class CuptiActivityApi {
public:
  CuptiActivityApi(const CudaLibraries &libs, ObservationPipeline &pipeline)
      : libs_(libs), pipeline_(pipeline) {}

  // Registers the buffer callbacks and enables the kinds we consume. Only one instance may be
  // started per process: CUPTI's buffer callbacks are plain functions.
  bool start(std::string &error);
  // Kernel records (durations, intervals) and unified-memory counters, turned on when first
  // needed: at start for events or counters mode, else at the first managed allocation (CUPTI
  // refuses unified-memory counters before the driver is initialised: measured NOT_READY).
  // Idempotent and safe from a CUPTI callback.
  void enableKernelRecords();
  void enableUnifiedMemory();
  // Forces CUPTI to hand back every buffer, complete or not, then resolves what still waits.
  void flush();
  std::uint64_t droppedRecords() const { return dropped_.load(); }
  // Serialises access to the pipeline between CUPTI's thread and the exit path.
  std::mutex &pipelineMutex() { return mutex_; }

private:
  std::atomic<bool> kernelRecords_{false}, unifiedMemory_{false};
  static void CUPTIAPI bufferRequested(uint8_t **buffer, size_t *size, size_t *maxNumRecords);
  static void CUPTIAPI bufferCompleted(CUcontext context, uint32_t streamId, uint8_t *buffer,
                                       size_t size, size_t validSize);
  void consume(CUcontext context, uint32_t streamId, uint8_t *buffer, size_t validSize);
  void dispatch(const CUpti_Activity *record);

  const CudaLibraries &libs_;
  ObservationPipeline &pipeline_;
  std::mutex mutex_;
  std::atomic<std::uint64_t> dropped_{0};
};

} // namespace commledger::rt
