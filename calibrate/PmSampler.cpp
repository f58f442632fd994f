// CUPTI PM sampling on one GPU (PmSampler.h). The call sequence is the probe's
// (scripts/probes/counter_probe_metrics.cuh, counter_probe_pmdecode.cuh), with
// errors thrown.
#include "PmSampler.h"

#include "CalibrationError.h"

#include <cupti_profiler_target.h>
#include <cupti_target.h>

#include <algorithm>

namespace commledger::calibrate {

namespace {
constexpr std::size_t kHardwareBufferBytes = std::size_t(128) << 20;
constexpr std::uint32_t kImageSamples =
    20000; // per decode round; full images drain in rounds

std::string chipName(int device) {
  COMMLEDGER_CUPTI_PARAMS(CUpti_Device_GetChipName_Params, p);
  p.deviceIndex = device;
  checkCupti(cuptiDeviceGetChipName(&p), "cuptiDeviceGetChipName");
  return p.pChipName ? p.pChipName : "";
}

std::vector<std::uint8_t> counterAvailability(int device) {
  COMMLEDGER_CUPTI_PARAMS(CUpti_PmSampling_GetCounterAvailability_Params, p);
  p.deviceIndex = device;
  checkCupti(cuptiPmSamplingGetCounterAvailability(&p),
             "cuptiPmSamplingGetCounterAvailability");
  std::vector<std::uint8_t> image(p.counterAvailabilityImageSize);
  p.pCounterAvailabilityImage = image.data();
  checkCupti(cuptiPmSamplingGetCounterAvailability(&p),
             "cuptiPmSamplingGetCounterAvailability");
  return image;
}

// Counters of bytes compare with the payload as they are; L2 sector counts are
// 32 bytes each.
double bytesPerUnit(CUpti_Profiler_Host_Object *host, const char *metric) {
  COMMLEDGER_CUPTI_PARAMS(CUpti_Profiler_Host_GetMetricProperties_Params, p);
  p.pHostObject = host;
  p.pMetricName = metric;
  std::string unit =
      cuptiProfilerHostGetMetricProperties(&p) == CUPTI_SUCCESS && p.pDimUnit
          ? p.pDimUnit
          : metric;
  return unit.find("sector") != std::string::npos ? 32.0 : 1.0;
}
} // namespace

void initializeProfiler() {
  COMMLEDGER_CUPTI_PARAMS(CUpti_Profiler_Initialize_Params, p);
  checkCupti(cuptiProfilerInitialize(&p), "cuptiProfilerInitialize");
}

PmSampler::PmSampler(int device, const std::vector<std::string> &metrics)
    : device_(device), names_(metrics) {
  for (const std::string &n : names_)
    cnames_.push_back(n.c_str());
  std::string chip = chipName(device);
  std::vector<std::uint8_t> availability = counterAvailability(device);
  COMMLEDGER_CUPTI_PARAMS(CUpti_Profiler_Host_Initialize_Params, ip);
  ip.profilerType = CUPTI_PROFILER_TYPE_PM_SAMPLING;
  ip.pChipName = chip.c_str();
  ip.pCounterAvailabilityImage = availability.data();
  checkCupti(cuptiProfilerHostInitialize(&ip), "cuptiProfilerHostInitialize");
  host_ = ip.pHostObject;
  COMMLEDGER_CUPTI_PARAMS(CUpti_Profiler_Host_ConfigAddMetrics_Params, ap);
  ap.pHostObject = host_;
  ap.ppMetricNames = cnames_.data();
  ap.numMetrics = cnames_.size();
  checkCupti(cuptiProfilerHostConfigAddMetrics(&ap),
             "cuptiProfilerHostConfigAddMetrics");
  COMMLEDGER_CUPTI_PARAMS(CUpti_Profiler_Host_GetConfigImageSize_Params, sp);
  sp.pHostObject = host_;
  checkCupti(cuptiProfilerHostGetConfigImageSize(&sp),
             "cuptiProfilerHostGetConfigImageSize");
  config_.resize(sp.configImageSize);
  COMMLEDGER_CUPTI_PARAMS(CUpti_Profiler_Host_GetConfigImage_Params, cp);
  cp.pHostObject = host_;
  cp.configImageSize = config_.size();
  cp.pConfigImage = config_.data();
  checkCupti(cuptiProfilerHostGetConfigImage(&cp),
             "cuptiProfilerHostGetConfigImage");
  COMMLEDGER_CUPTI_PARAMS(CUpti_Profiler_Host_GetNumOfPasses_Params, np);
  np.configImageSize = config_.size();
  np.pConfigImage = config_.data();
  checkCupti(cuptiProfilerHostGetNumOfPasses(&np),
             "cuptiProfilerHostGetNumOfPasses");
  if (np.numOfPasses != 1)
    throw CalibrationError(
        "GPU " + std::to_string(device) + " (" + chip + ") needs " +
            std::to_string(np.numOfPasses) +
            " passes for the link counters; PM sampling needs one",
        kCannotCalibrate);
  for (const char *n : cnames_)
    bytesPerUnit_.push_back(bytesPerUnit(host_, n));
}

PmSampler::~PmSampler() {
  disable();
  if (host_) {
    COMMLEDGER_CUPTI_PARAMS(CUpti_Profiler_Host_Deinitialize_Params, p);
    p.pHostObject = host_;
    cuptiProfilerHostDeinitialize(&p);
  }
}

void PmSampler::start(std::uint64_t intervalNs) {
  COMMLEDGER_CUPTI_PARAMS(CUpti_PmSampling_Enable_Params, ep);
  ep.deviceIndex = device_;
  checkCupti(cuptiPmSamplingEnable(&ep), "cuptiPmSamplingEnable");
  sampler_ = ep.pPmSamplingObject;
  COMMLEDGER_CUPTI_PARAMS(CUpti_PmSampling_SetConfig_Params, sp);
  sp.pPmSamplingObject = sampler_;
  sp.configSize = config_.size();
  sp.pConfig = config_.data();
  sp.hardwareBufferSize = kHardwareBufferBytes;
  sp.samplingInterval = intervalNs;
  sp.triggerMode = CUPTI_PM_SAMPLING_TRIGGER_MODE_GPU_TIME_INTERVAL;
  // Keep the oldest: a full buffer loses the end of a phase, never its start.
  sp.hwBufferAppendMode =
      CUPTI_PM_SAMPLING_HARDWARE_BUFFER_APPEND_MODE_KEEP_OLDEST;
  checkCupti(cuptiPmSamplingSetConfig(&sp), "cuptiPmSamplingSetConfig");
  COMMLEDGER_CUPTI_PARAMS(CUpti_PmSampling_Start_Params, st);
  st.pPmSamplingObject = sampler_;
  checkCupti(cuptiPmSamplingStart(&st), "cuptiPmSamplingStart");
}

void PmSampler::stop() {
  COMMLEDGER_CUPTI_PARAMS(CUpti_PmSampling_Stop_Params, p);
  p.pPmSamplingObject = sampler_;
  checkCupti(cuptiPmSamplingStop(&p), "cuptiPmSamplingStop");
}

void PmSampler::disable() {
  if (!sampler_)
    return;
  COMMLEDGER_CUPTI_PARAMS(CUpti_PmSampling_Disable_Params, p);
  p.pPmSamplingObject = sampler_;
  cuptiPmSamplingDisable(&p);
  sampler_ = nullptr;
}

std::vector<Sample> PmSampler::decode() {
  std::vector<Sample> out;
  COMMLEDGER_CUPTI_PARAMS(CUpti_PmSampling_GetCounterDataSize_Params, sp);
  sp.pPmSamplingObject = sampler_;
  sp.pMetricNames = cnames_.data();
  sp.numMetrics = cnames_.size();
  sp.maxSamples = kImageSamples;
  checkCupti(cuptiPmSamplingGetCounterDataSize(&sp),
             "cuptiPmSamplingGetCounterDataSize");
  std::vector<std::uint8_t> image(sp.counterDataSize);
  for (int round = 0; round < 1000; ++round) {
    COMMLEDGER_CUPTI_PARAMS(CUpti_PmSampling_CounterDataImage_Initialize_Params,
                            ip);
    ip.pPmSamplingObject = sampler_;
    ip.counterDataSize = image.size();
    ip.pCounterData = image.data();
    checkCupti(cuptiPmSamplingCounterDataImageInitialize(&ip),
               "cuptiPmSamplingCounterDataImageInitialize");
    COMMLEDGER_CUPTI_PARAMS(CUpti_PmSampling_DecodeData_Params, dp);
    dp.pPmSamplingObject = sampler_;
    dp.pCounterDataImage = image.data();
    dp.counterDataImageSize = image.size();
    checkCupti(cuptiPmSamplingDecodeData(&dp), "cuptiPmSamplingDecodeData");
    overflowed_ |= dp.overflow != 0;
    COMMLEDGER_CUPTI_PARAMS(CUpti_PmSampling_GetCounterDataInfo_Params, info);
    info.pCounterDataImage = image.data();
    info.counterDataImageSize = image.size();
    checkCupti(cuptiPmSamplingGetCounterDataInfo(&info),
               "cuptiPmSamplingGetCounterDataInfo");
    for (std::size_t i = 0; i < info.numCompletedSamples; ++i) {
      COMMLEDGER_CUPTI_PARAMS(CUpti_PmSampling_CounterData_GetSampleInfo_Params,
                              si);
      si.pPmSamplingObject = sampler_;
      si.pCounterDataImage = image.data();
      si.counterDataImageSize = image.size();
      si.sampleIndex = i;
      checkCupti(cuptiPmSamplingCounterDataGetSampleInfo(&si),
                 "cuptiPmSamplingCounterDataGetSampleInfo");
      Sample s;
      s.start = si.startTimestamp;
      s.end = si.endTimestamp;
      s.values.assign(cnames_.size(), 0.0);
      COMMLEDGER_CUPTI_PARAMS(CUpti_Profiler_Host_EvaluateToGpuValues_Params,
                              ev);
      ev.pHostObject = host_;
      ev.pCounterDataImage = image.data();
      ev.counterDataImageSize = image.size();
      ev.rangeIndex = i;
      ev.ppMetricNames = cnames_.data();
      ev.numMetrics = cnames_.size();
      ev.pMetricValues = s.values.data();
      checkCupti(cuptiProfilerHostEvaluateToGpuValues(&ev),
                 "cuptiProfilerHostEvaluateToGpuValues");
      for (std::size_t m = 0; m < s.values.size(); ++m)
        s.values[m] *= bytesPerUnit_[m];
      out.push_back(std::move(s));
    }
    if (dp.decodeStopReason !=
        CUPTI_PM_SAMPLING_DECODE_STOP_REASON_COUNTER_DATA_FULL)
      break;
  }
  std::sort(out.begin(), out.end(),
            [](const Sample &a, const Sample &b) { return a.start < b.start; });
  return out;
}

} // namespace commledger::calibrate
