// The process-wide state of libcommledger-rt.so: the loaded libraries, whether CUPTI runs, the
// requested and observed aggregates, and the one trace written at exit or on a fatal signal
// (rewritten meanwhile by periodic checkpoints, so SIGKILL leaves the last one).
#pragma once
#include "core/ObservationPipeline.h"
#include "core/PeriodicTask.h"
#include "core/RequestAggregator.h"
#include "counters/PmSampler.h"
#include "cupti/CudaLibraries.h"
#include "cupti/CuptiActivityApi.h"

#include <unistd.h>

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
  // From a signal handler (or _exit) the pipeline may be mid-update: then its rows are left out
  // rather than risk a deadlock, and the checkpoint thread is told to stop, not joined.
  void writeTraceOnce(const std::string &endReason, bool fromSignal = false);
  // The one "CUPTI not started" warning, printed when the process first shows it uses
  // CommLedger (a site, or a trace to write): shells and tools the preload reaches stay quiet.
  void warnOnceIfInactive() {
    if (!cuptiActive_ && !warned_.load(std::memory_order_relaxed))
      printWarning();
  }
  // After fork() the child must not write the parent's data as its own, nor wait for the
  // parent's checkpoint thread.
  void disableInChild() {
    written_.store(true);
    checkpoints_.forgetInChild();
    counterDecoder_.forgetInChild();
  }
  // Called after a traced runtime-API call returned (CUPTI exit callback): cudart has set up its
  // own exit handlers by then, so counters mode registers the one that stops sampling now; it
  // runs before cudart tears the contexts down (atexit runs handlers in reverse order), which
  // stopping the samplers after would crash or hang.
  void noteRuntimeCallReturned() {
    if (countersRunning_.load(std::memory_order_relaxed) &&
        !countersExitRegistered_.exchange(true))
      registerCountersExit();
  }
  // The program allocated managed memory: its migrations need the unified-memory counters and
  // the kernels' intervals to be charged to a launch. Called from the allocation callback.
  void noteManagedMemory() {
    if (!cuptiActive_)
      return;
    activity_.enableKernelRecords();
    activity_.enableUnifiedMemory();
  }
  // False in a vfork() child, which shares our memory but must not write our trace (_exit).
  bool ownsThisProcess() const { return ::getpid() == ownerPid_; }

private:
  Runtime() : pipeline_(eventCapacity(eventsError_)), activity_(libs_, pipeline_) {}
  static std::size_t eventCapacity(std::string &error);
  void initialise();
  bool startCupti(std::string &error);
  void printWarning();
  void firstUse();
  // Checkpoint.cpp: the periodic trace, started by the first site (firstUse).
  void startCheckpoints();
  void writeCheckpoint();
  // counters/CounterSampling.cpp: counters mode (COMMLEDGER_COUNTERS), started by firstUse; the
  // decode thread feeds samples to the pipeline; the exit path stops, decodes the rest.
  void startCounters();
  void decodeCounters();
  void finishCounters(bool fromSignal);
  // TraceAssembly.cpp: what every trace carries besides the aggregates; the atomic write.
  void completeTrace(format::Trace &trace, const std::string &endReason);
  bool writeTraceFile(const format::Trace &trace, std::string &path, std::string &error);

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
  PeriodicTask checkpoints_;
  PmSampler counterSampler_;
  PeriodicTask counterDecoder_; // empties the samplers' hardware buffers every 100 ms
  std::atomic<bool> countersRunning_{false}, countersExitRegistered_{false};
  void registerCountersExit();
  std::mutex traceFileMutex_; // orders a checkpoint's write before the final one
  std::uint64_t lastCheckpointRecords_ = ~0ull, lastCheckpointRequests_ = ~0ull;
  bool checkpointWarned_ = false; // the checkpoint thread's own; warn about a failed write once
  pid_t ownerPid_ = ::getpid();
};

} // namespace commledger::rt
