// dlopen/dlsym of libcuda and libcupti; see CudaLibraries.h.
#include "cupti/CudaLibraries.h"

#include <dlfcn.h>

#include <cstdlib>
#include <vector>

#ifndef COMMLEDGER_CUPTI_LIBDIR
#define COMMLEDGER_CUPTI_LIBDIR ""
#endif

// Expand macros first: cuda.h maps some names to versioned symbols (cuDeviceGetUuid_v2).
#define COMMLEDGER_STR2(x) #x
#define COMMLEDGER_STR(x) COMMLEDGER_STR2(x)
#define COMMLEDGER_RESOLVE(handle, table, name, missing)                                       \
  do {                                                                                         \
    table.name = reinterpret_cast<decltype(table.name)>(dlsym(handle, COMMLEDGER_STR(name)));  \
    if (!table.name)                                                                           \
      missing = COMMLEDGER_STR(name);                                                          \
  } while (0)

namespace commledger::rt {
namespace {

void *openFirst(const std::vector<std::string> &candidates, std::string &tried) {
  for (const std::string &path : candidates) {
    if (path.empty())
      continue;
    if (void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL))
      return handle;
    tried += tried.empty() ? path : ", " + path;
  }
  return nullptr;
}

std::vector<std::string> cuptiCandidates() {
  const std::string name = "libcupti.so.13";
  std::vector<std::string> paths{name};
  if (const char *home = std::getenv("CUDA_HOME"))
    paths.push_back(std::string(home) + "/lib64/" + name);
  paths.push_back("/usr/local/cuda/lib64/" + name);
  paths.push_back("/usr/local/cuda/extras/CUPTI/lib64/" + name);
  // The toolkit CommLedger was built against: a relocated install may still find it there.
  if (*COMMLEDGER_CUPTI_LIBDIR)
    paths.push_back(std::string(COMMLEDGER_CUPTI_LIBDIR) + "/" + name);
  return paths;
}

} // namespace

bool CudaLibraries::loadDriver(std::string &error) {
  std::string tried;
  void *handle = openFirst({"libcuda.so.1"}, tried);
  if (!handle) {
    error = "cannot load libcuda.so.1 (no NVIDIA driver?)";
    return false;
  }
  std::string missing;
  COMMLEDGER_RESOLVE(handle, driver_, cuInit, missing);
  COMMLEDGER_RESOLVE(handle, driver_, cuDriverGetVersion, missing);
  COMMLEDGER_RESOLVE(handle, driver_, cuDeviceGetCount, missing);
  COMMLEDGER_RESOLVE(handle, driver_, cuDeviceGet, missing);
  COMMLEDGER_RESOLVE(handle, driver_, cuDeviceGetName, missing);
  COMMLEDGER_RESOLVE(handle, driver_, cuDeviceGetPCIBusId, missing);
  COMMLEDGER_RESOLVE(handle, driver_, cuDeviceGetUuid, missing);
  COMMLEDGER_RESOLVE(handle, driver_, cuDeviceGetP2PAttribute, missing);
  COMMLEDGER_RESOLVE(handle, driver_, cuPointerGetAttributes, missing);
  COMMLEDGER_RESOLVE(handle, driver_, cuCtxGetDevice, missing);
  if (!missing.empty()) {
    error = "libcuda.so.1 lacks " + missing + " (driver too old?)";
    return false;
  }
  driverLoaded_ = true;
  return true;
}

bool CudaLibraries::loadCupti(std::string &error) {
  std::string tried;
  void *handle = openFirst(cuptiCandidates(), tried);
  if (!handle) {
    error = "cannot load libcupti.so.13 (tried " + tried + "; set CUDA_HOME)";
    return false;
  }
  std::string missing;
  COMMLEDGER_RESOLVE(handle, cupti_, cuptiSubscribe, missing);
  COMMLEDGER_RESOLVE(handle, cupti_, cuptiEnableCallback, missing);
  COMMLEDGER_RESOLVE(handle, cupti_, cuptiActivityEnable, missing);
  COMMLEDGER_RESOLVE(handle, cupti_, cuptiActivityRegisterCallbacks, missing);
  COMMLEDGER_RESOLVE(handle, cupti_, cuptiActivityFlushAll, missing);
  COMMLEDGER_RESOLVE(handle, cupti_, cuptiActivityGetNextRecord, missing);
  COMMLEDGER_RESOLVE(handle, cupti_, cuptiActivityGetNumDroppedRecords, missing);
  COMMLEDGER_RESOLVE(handle, cupti_, cuptiGetResultString, missing);
  COMMLEDGER_RESOLVE(handle, cupti_, cuptiGetCallbackName, missing);
  if (!missing.empty()) {
    error = "libcupti lacks " + missing;
    return false;
  }
  // Optional: without them allocations have no owning device and unified memory is not traced.
  std::string optional;
  COMMLEDGER_RESOLVE(handle, cupti_, cuptiGetDeviceId, optional);
  COMMLEDGER_RESOLVE(handle, cupti_, cuptiActivityConfigureUnifiedMemoryCounter, optional);
  cuptiHandle_ = handle;
  return true;
}

std::string CudaLibraries::cuptiErrorText(CUptiResult result) const {
  const char *text = nullptr;
  if (cupti_.cuptiGetResultString)
    cupti_.cuptiGetResultString(result, &text);
  return text ? text : "CUPTI error " + std::to_string(static_cast<int>(result));
}

} // namespace commledger::rt
