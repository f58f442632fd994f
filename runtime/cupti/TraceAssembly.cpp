// Writes the process's final trace: stop the checkpoints, flush CUPTI, resolve what still waits,
// add the machine's inventory, write atomically through format::writeTrace.
#include "core/ProcessIdentity.h"
#include "core/TraceLocation.h"
#include "cupti/DeviceInventory.h"
#include "cupti/Runtime.h"
#include "core/LaunchCounter.h"

#include "core/AllocationTable.h"
#include "core/LaunchValuesAggregator.h"
#include "nccl/NcclRecorder.h"

#include <dlfcn.h>
#include <time.h>

#include <cstdio>

namespace commledger::rt {
namespace {

// Found only when the program links cudart dynamically (nvcc links it statically by default).
int programRuntimeVersion() {
  using Fn = int (*)(int *);
  auto fn = reinterpret_cast<Fn>(dlsym(RTLD_DEFAULT, "cudaRuntimeGetVersion"));
  int version = 0;
  return fn && fn(&version) == 0 ? version : 0;
}

// try_lock, polled every millisecond for at most `ms`: in a signal handler the holder may be the
// interrupted thread itself (never wait for it), or the checkpoint thread (wait a little).
bool lockWithin(std::mutex &mutex, int ms) {
  for (int waited = 0;; ++waited) {
    if (mutex.try_lock())
      return true;
    if (waited >= ms)
      return false;
    const timespec oneMs{0, 1000000};
    nanosleep(&oneMs, nullptr); // async-signal-safe, unlike std::this_thread::sleep_for
  }
}

constexpr int kPipelineWaitMs = 200; // a checkpoint's snapshot holds the pipeline this long at most
constexpr int kFileWaitMs = 2000;    // a checkpoint's write of a large event log

} // namespace

void Runtime::writeTraceOnce(const std::string &endReason, bool fromSignal) {
  if (written_.exchange(true))
    return;
  // No checkpoint may replace this trace. Joining the thread from a signal handler could wait on a
  // lock the interrupted thread holds: there it is only told to stop, and traceFileMutex_ orders
  // its last write before ours.
  if (fromSignal)
    checkpoints_.requestStop();
  else
    checkpoints_.stop();
  // A signal may hit while this thread (or CUPTI's) is inside consume(): never wait for it.
  std::mutex &pipelineMutex = activity_.pipelineMutex();
  const bool pipelineFree = !fromSignal || lockWithin(pipelineMutex, kPipelineWaitMs);
  if (fromSignal && pipelineFree)
    pipelineMutex.unlock(); // flushing calls back into consume(), which takes the lock
  format::Trace trace;
  bool sawRecords = false;
  if (pipelineFree) {
    if (cuptiActive_) {
      finishCounters(fromSignal); // the last samples join the pipeline before it finishes
      activity_.flush();
    }
    std::lock_guard<std::mutex> lock(pipelineMutex);
    trace.observed = pipeline_.finish();
    trace.kernels = mergeKernelRows(launchCounter().rows(), pipeline_.kernels());
    trace.unifiedMemory = pipeline_.unifiedMemory();
    trace.counters = pipeline_.counters();
    trace.events = pipeline_.events().rows();
    trace.eventsDropped = pipeline_.events().dropped();
    sawRecords = pipeline_.recordsSeen() > 0;
  } else {
    std::fprintf(stderr, "commledger: warning: signal arrived while CUPTI records were being "
                         "processed; the trace lists requests only\n");
  }
  // A process that neither entered a site nor ran CUDA work (a shell, a compiler the preload
  // reached) leaves no file behind.
  if (!used_.load() && !sawRecords)
    return;
  warnOnceIfInactive();
  if (!eventsError_.empty())
    std::fprintf(stderr, "commledger: warning: %s; the event log is off\n", eventsError_.c_str());
  trace.requests = requests_.rows();
  markUsed(); // a process with records but no site still gets its inventory, if
              // not too late
  completeTrace(trace, endReason);

  const bool fileFree =
      fromSignal ? lockWithin(traceFileMutex_, kFileWaitMs) : (traceFileMutex_.lock(), true);
  std::string path, error;
  if (!writeTraceFile(trace, path, error))
    std::fprintf(stderr, "commledger: warning: cannot write trace %s: %s\n", path.c_str(),
                 error.c_str());
  if (fileFree)
    traceFileMutex_.unlock();
}

void Runtime::completeTrace(format::Trace &trace, const std::string &endReason) {
  trace.cuptiActive = cuptiActive_;
  trace.cuptiError = cuptiError_;
  trace.droppedRecords = activity_.droppedRecords();
  fillProcessIdentity(trace.process);
  trace.process.startNs = startNs_;
  trace.process.endNs = wallClockNs();
  trace.process.endReason = endReason;
  trace.process.cudaRuntimeVersion = programRuntimeVersion();
  trace.devices = inventory_.devices;
  trace.peers = inventory_.peers;
  trace.process.cudaDriverVersion = inventory_.process.cudaDriverVersion;
  trace.allocations = allocationTable().rows();
  trace.launches = launchValuesAggregator().rows();
  ncclRecorder().fill(trace);
}

bool Runtime::writeTraceFile(const format::Trace &trace, std::string &path, std::string &error) {
  const std::string dir = traceDirectory();
  path = dir + "/" + traceFileName(trace.process.host, trace.process.pid);
  return makeDirectories(dir, error) && format::writeTrace(path, trace, error);
}

void Runtime::firstUse() {
  std::call_once(inventoryOnce_, [this] {
    if (libs_.hasDriver())
      collectDeviceInventory(libs_.driver(), inventory_);
    used_.store(true, std::memory_order_release);
    startCounters(); // after the inventory: it knows the devices and has run cuInit
    startCheckpoints();
  });
}

} // namespace commledger::rt
