// The process-wide state of libcommledger-rt.so: the loaded libraries, whether CUPTI runs, the
// requested and observed aggregates, and the one trace written at exit or on a fatal signal.
#pragma once
#include "core/ObservationPipeline.h"
#include "core/RequestAggregator.h"
#include "cupti/CudaLibraries.h"
#include "cupti/CuptiActivityApi.h"

#include <atomic>
#include <mutex>
#include <string>

namespace commledger::rt {

struct SiteFrame;

class Runtime {
public:
  // Set once by the library constructor, never freed: the exit path and late threads use it.
  static Runtime *instance() { return instance_; }
  static void startUp();

  bool cuptiActive() const { return cuptiActive_; }
  const CuptiFunctions &cupti() const { return libs_.cupti(); }
  // The first site entered collects the device inventory: at exit the driver may already be
  // shutting down (measured: cuInit then fails and the trace listed no devices).
  void markUsed() {
    if (!used_.load(std::memory_order_acquire))
      firstUse();
  }
  // Classifies the frame's captured pointers and adds the request to its row.
  void recordRequest(const SiteFrame &frame);
  // Flushes CUPTI and writes the trace; only the first call in the process does anything.
  // From a signal handler the pipeline may be mid-update: then its rows are left out rather
  // than risk a deadlock.
  void writeTraceOnce(const std::string &endReason, bool fromSignal = false);
  // The one "CUPTI not started" warning, printed when the process first shows it uses
  // CommLedger (a site, or a trace to write): shells and tools the preload reaches stay quiet.
  void warnOnceIfInactive() {
    if (!cuptiActive_ && !warned_.load(std::memory_order_relaxed))
      printWarning();
  }
  // After fork() the child must not write the parent's data as its own.
  void disableInChild() { written_.store(true); }

private:
  Runtime() : pipeline_(eventCapacity(eventsError_)), activity_(libs_, pipeline_) {}
  static std::size_t eventCapacity(std::string &error);
  void initialise();
  bool startCupti(std::string &error);
  void printWarning();
  void firstUse();

  static Runtime *instance_;
  std::string eventsError_; // a COMMLEDGER_EVENTS value we could not read; before pipeline_
  CudaLibraries libs_;
  ObservationPipeline pipeline_;
  CuptiActivityApi activity_;
  RequestAggregator requests_;
  bool cuptiActive_ = false;
  std::string cuptiError_;
  std::int64_t startNs_ = 0;
  std::once_flag inventoryOnce_;
  format::Trace inventory_; // devices, peers and driver version, filled by firstUse()
  std::atomic<bool> used_{false};
  std::atomic<bool> written_{false};
  std::atomic<bool> warned_{false};
};

} // namespace commledger::rt
