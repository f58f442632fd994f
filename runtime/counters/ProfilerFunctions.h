// The CUPTI profiler functions counters mode calls (profiler host, PM sampling), resolved from the
// already-dlopened libcupti. Optional: a CUPTI without them only turns counters mode off.
#pragma once
#include <cupti.h>
#include <cupti_pmsampling.h>
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_target.h>

#include <string>

namespace commledger::rt {

#define COMMLEDGER_FN(name) decltype(&::name) name = nullptr

struct ProfilerFunctions {
  COMMLEDGER_FN(cuptiProfilerInitialize);
  COMMLEDGER_FN(cuptiDeviceGetChipName);
  COMMLEDGER_FN(cuptiProfilerHostInitialize);
  COMMLEDGER_FN(cuptiProfilerHostDeinitialize);
  COMMLEDGER_FN(cuptiProfilerHostConfigAddMetrics);
  COMMLEDGER_FN(cuptiProfilerHostGetConfigImageSize);
  COMMLEDGER_FN(cuptiProfilerHostGetConfigImage);
  COMMLEDGER_FN(cuptiProfilerHostGetNumOfPasses);
  COMMLEDGER_FN(cuptiProfilerHostEvaluateToGpuValues);
  COMMLEDGER_FN(cuptiPmSamplingGetCounterAvailability);
  COMMLEDGER_FN(cuptiPmSamplingEnable);
  COMMLEDGER_FN(cuptiPmSamplingSetConfig);
  COMMLEDGER_FN(cuptiPmSamplingStart);
  COMMLEDGER_FN(cuptiPmSamplingStop);
  COMMLEDGER_FN(cuptiPmSamplingGetCounterDataSize);
  COMMLEDGER_FN(cuptiPmSamplingCounterDataImageInitialize);
  COMMLEDGER_FN(cuptiPmSamplingDecodeData);
  COMMLEDGER_FN(cuptiPmSamplingGetCounterDataInfo);
  COMMLEDGER_FN(cuptiPmSamplingCounterDataGetSampleInfo);

  // From libcupti's handle; false with `missing` naming the first function it lacks.
  bool resolve(void *cuptiHandle, std::string &missing);
};

#undef COMMLEDGER_FN

// CUPTI profiler parameter structs: zeroed, with structSize set (the {SIZE} idiom trips -Wextra).
#define COMMLEDGER_PARAMS(T, v)                                                                \
  T v{};                                                                                       \
  v.structSize = T##_STRUCT_SIZE

} // namespace commledger::rt
