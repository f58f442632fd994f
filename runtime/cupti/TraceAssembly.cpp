// Writes the process's trace: flush CUPTI, resolve what still waits, add the machine's
// inventory, write atomically through format::writeTrace.
#include "core/ProcessIdentity.h"
#include "core/TraceLocation.h"
#include "cupti/DeviceInventory.h"
#include "cupti/Runtime.h"

#include <dlfcn.h>

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

} // namespace

void Runtime::writeTraceOnce(const std::string &endReason, bool fromSignal) {
  if (written_.exchange(true))
    return;
  // A signal may hit while this thread (or CUPTI's) is inside consume(): never wait for it.
  std::unique_lock<std::mutex> lock(activity_.pipelineMutex(), std::defer_lock);
  const bool pipelineFree = !fromSignal || lock.try_lock();
  if (lock.owns_lock())
    lock.unlock(); // flushing calls back into consume(), which takes the lock
  format::Trace trace;
  if (pipelineFree) {
    if (cuptiActive_)
      activity_.flush();
    lock.lock();
    trace.observed = pipeline_.finish();
    trace.events = pipeline_.events().rows();
    trace.eventsDropped = pipeline_.events().dropped();
  } else {
    std::fprintf(stderr, "commledger: warning: signal arrived while CUPTI records were being "
                         "processed; the trace lists requests only\n");
  }
  // A process that neither entered a site nor ran CUDA work (a shell, a compiler the preload
  // reached) leaves no file behind.
  const bool sawRecords = pipelineFree && pipeline_.recordsSeen() > 0;
  if (lock.owns_lock())
    lock.unlock();
  if (!used_.load() && !sawRecords)
    return;
  warnOnceIfInactive();
  if (!eventsError_.empty())
    std::fprintf(stderr, "commledger: warning: %s; the event log is off\n", eventsError_.c_str());
  trace.requests = requests_.rows();
  trace.cuptiActive = cuptiActive_;
  trace.cuptiError = cuptiError_;
  trace.droppedRecords = activity_.droppedRecords();
  fillProcessIdentity(trace.process);
  trace.process.startNs = startNs_;
  trace.process.endNs = wallClockNs();
  trace.process.endReason = endReason;
  trace.process.cudaRuntimeVersion = programRuntimeVersion();
  markUsed(); // a process with records but no site still gets its inventory, if not too late
  trace.devices = inventory_.devices;
  trace.peers = inventory_.peers;
  trace.process.cudaDriverVersion = inventory_.process.cudaDriverVersion;

  const std::string dir = traceDirectory();
  std::string error;
  const std::string path = dir + "/" + traceFileName(trace.process.host, trace.process.pid);
  if (!makeDirectories(dir, error) || !format::writeTrace(path, trace, error))
    std::fprintf(stderr, "commledger: warning: cannot write trace %s: %s\n", path.c_str(),
                 error.c_str());
}

void Runtime::firstUse() {
  std::call_once(inventoryOnce_, [this] {
    if (libs_.hasDriver())
      collectDeviceInventory(libs_.driver(), inventory_);
    used_.store(true, std::memory_order_release);
  });
}

} // namespace commledger::rt
