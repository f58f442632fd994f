// libcupti and libcuda, loaded with dlopen: the runtime never links them, so a machine without
// them still runs the program. One table of the functions the runtime calls.
#pragma once
#include <cuda.h>
#include <cupti.h>

#include <string>

namespace commledger::rt {

#define COMMLEDGER_FN(name) decltype(&::name) name = nullptr

struct CuptiFunctions {
  COMMLEDGER_FN(cuptiSubscribe);
  COMMLEDGER_FN(cuptiEnableCallback);
  COMMLEDGER_FN(cuptiActivityEnable);
  COMMLEDGER_FN(cuptiActivityRegisterCallbacks);
  COMMLEDGER_FN(cuptiActivityFlushAll);
  COMMLEDGER_FN(cuptiActivityGetNextRecord);
  COMMLEDGER_FN(cuptiActivityGetNumDroppedRecords);
  COMMLEDGER_FN(cuptiGetResultString);
  COMMLEDGER_FN(cuptiGetCallbackName);
  COMMLEDGER_FN(cuptiGetDeviceId);
  COMMLEDGER_FN(cuptiActivityConfigureUnifiedMemoryCounter);
};

struct DriverFunctions {
  COMMLEDGER_FN(cuInit);
  COMMLEDGER_FN(cuDriverGetVersion);
  COMMLEDGER_FN(cuDeviceGetCount);
  COMMLEDGER_FN(cuDeviceGet);
  COMMLEDGER_FN(cuDeviceGetName);
  COMMLEDGER_FN(cuDeviceGetPCIBusId);
  COMMLEDGER_FN(cuDeviceGetUuid);
  COMMLEDGER_FN(cuDeviceGetP2PAttribute);
  COMMLEDGER_FN(cuPointerGetAttributes);
  COMMLEDGER_FN(cuCtxGetDevice);
};

#undef COMMLEDGER_FN

class CudaLibraries {
public:
  // Loads libcuda.so.1 first (CUPTI is useless without it), then libcupti. On failure `error`
  // says which library or symbol is missing; the other table may still be usable.
  bool loadDriver(std::string &error);
  bool loadCupti(std::string &error);

  const DriverFunctions &driver() const { return driver_; }
  const CuptiFunctions &cupti() const { return cupti_; }
  bool hasDriver() const { return driverLoaded_; }
  // libcupti's dlopen handle (null before loadCupti succeeds): counters mode resolves the
  // profiler functions from it, optionally (counters/ProfilerFunctions.h).
  void *cuptiHandle() const { return cuptiHandle_; }

  // CUPTI's text for a result code, or the number if CUPTI is not loaded.
  std::string cuptiErrorText(CUptiResult result) const;

private:
  DriverFunctions driver_;
  CuptiFunctions cupti_;
  bool driverLoaded_ = false;
  void *cuptiHandle_ = nullptr;
};

} // namespace commledger::rt
