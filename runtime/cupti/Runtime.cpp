// Start-up of libcommledger-rt.so and the request path; see Runtime.h. The trace itself is
// assembled in TraceAssembly.cpp.
#include "cupti/Runtime.h"

#include "core/ProcessIdentity.h"
#include "core/SiteStack.h"
#include "core/TraceLocation.h"
#include "cupti/FatalSignals.h"
#include "cupti/PointerClassifier.h"
#include "cupti/RequestCallback.h"
#include "nccl/NcclProfilerPlugin.h"
#include "nccl/NcclRecorder.h"
#include "nccl/NcclTopology.h"

#include <pthread.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace commledger::rt {

Runtime *Runtime::instance_ = nullptr;

namespace {

bool disabledByEnvironment() {
  const char *value = std::getenv("COMMLEDGER_DISABLE");
  return value && *value && std::strcmp(value, "0") != 0;
}

void onExit() {
  if (Runtime *rt = Runtime::instance())
    rt->writeTraceOnce("exit");
}

void inForkedChild() {
  if (Runtime *rt = Runtime::instance())
    rt->disableInChild();
}

// Runs before main (and before the program's own static constructors, as LD_PRELOAD objects
// are initialised first), so CUPTI sees the program's first CUDA call.
__attribute__((constructor)) void commledgerConstructor() { Runtime::startUp(); }
// Also at unload, in case the atexit registration failed; the trace is written once either way.
__attribute__((destructor)) void commledgerDestructor() { onExit(); }

} // namespace

void Runtime::startUp() {
  if (instance_)
    return;
  instance_ = new Runtime();
  instance_->initialise();
}

void Runtime::initialise() {
  startNs_ = wallClockNs();
  std::string driverError;
  libs_.loadDriver(driverError); // the inventory and pointer classification need only libcuda
  std::string error;
  if (disabledByEnvironment())
    error = "disabled by COMMLEDGER_DISABLE";
  else if (!driverError.empty())
    error = driverError;
  else
    startCupti(error);
  cuptiActive_ = error.empty();
  cuptiError_ = error;
  if (!disabledByEnvironment()) {
    arrangeNcclDebugLog(traceDirectory());
    arrangeNcclProfilerPlugin();
    ncclRecorder().setDebugLog(traceDirectory());
  }
  installFatalSignalHandlers();
  pthread_atfork(nullptr, nullptr, inForkedChild);
  // Registered after CUPTI's own exit handlers, so it runs before them.
  std::atexit(onExit);
}

std::size_t Runtime::eventCapacity(std::string &error) {
  return EventLog::capacityFromText(std::getenv("COMMLEDGER_EVENTS"), error);
}

bool Runtime::startCupti(std::string &error) {
  if (!libs_.loadCupti(error))
    return false;
  if (!subscribeRequestCallback(libs_, error))
    return false;
  return activity_.start(error);
}

void Runtime::printWarning() {
  if (warned_.exchange(true))
    return;
  std::fprintf(stderr, "commledger: warning: CUPTI not started (%s); the program runs without "
                       "traffic records\n", cuptiError_.c_str());
}

void Runtime::recordRequest(const SiteFrame &frame) {
  const CapturedRequest &r = frame.request;
  const DriverFunctions &driver = libs_.driver();
  RequestKey key;
  key.site = frame.site;
  key.api = r.api;
  key.kind = r.kind;
  key.dst = classifyPointer(driver, r.dst, r.dstHint);
  key.src = r.isMemset ? key.dst : classifyPointer(driver, r.src, r.srcHint);
  key.declaredSrcDevice = r.declaredSrcDevice;
  key.declaredDstDevice = r.declaredDstDevice;
  requests_.add(key, r.bytes);
}

} // namespace commledger::rt
