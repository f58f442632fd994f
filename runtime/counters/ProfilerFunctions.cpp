// Optional resolution of the CUPTI profiler functions; see ProfilerFunctions.h.
#include "counters/ProfilerFunctions.h"

#include <dlfcn.h>

#define COMMLEDGER_STR2(x) #x
#define COMMLEDGER_STR(x) COMMLEDGER_STR2(x)
#define COMMLEDGER_RESOLVE(name)                                                               \
  do {                                                                                         \
    name = reinterpret_cast<decltype(name)>(dlsym(cuptiHandle, COMMLEDGER_STR(name)));         \
    if (!name && missing.empty())                                                              \
      missing = COMMLEDGER_STR(name);                                                          \
  } while (0)

namespace commledger::rt {

bool ProfilerFunctions::resolve(void *cuptiHandle, std::string &missing) {
  missing.clear();
  if (!cuptiHandle) {
    missing = "libcupti";
    return false;
  }
  COMMLEDGER_RESOLVE(cuptiProfilerInitialize);
  COMMLEDGER_RESOLVE(cuptiDeviceGetChipName);
  COMMLEDGER_RESOLVE(cuptiProfilerHostInitialize);
  COMMLEDGER_RESOLVE(cuptiProfilerHostDeinitialize);
  COMMLEDGER_RESOLVE(cuptiProfilerHostConfigAddMetrics);
  COMMLEDGER_RESOLVE(cuptiProfilerHostGetConfigImageSize);
  COMMLEDGER_RESOLVE(cuptiProfilerHostGetConfigImage);
  COMMLEDGER_RESOLVE(cuptiProfilerHostGetNumOfPasses);
  COMMLEDGER_RESOLVE(cuptiProfilerHostEvaluateToGpuValues);
  COMMLEDGER_RESOLVE(cuptiPmSamplingGetCounterAvailability);
  COMMLEDGER_RESOLVE(cuptiPmSamplingEnable);
  COMMLEDGER_RESOLVE(cuptiPmSamplingSetConfig);
  COMMLEDGER_RESOLVE(cuptiPmSamplingStart);
  COMMLEDGER_RESOLVE(cuptiPmSamplingStop);
  COMMLEDGER_RESOLVE(cuptiPmSamplingGetCounterDataSize);
  COMMLEDGER_RESOLVE(cuptiPmSamplingCounterDataImageInitialize);
  COMMLEDGER_RESOLVE(cuptiPmSamplingDecodeData);
  COMMLEDGER_RESOLVE(cuptiPmSamplingGetCounterDataInfo);
  COMMLEDGER_RESOLVE(cuptiPmSamplingCounterDataGetSampleInfo);
  return missing.empty();
}

} // namespace commledger::rt
