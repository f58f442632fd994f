// PM sampling on every GPU and the decoding of its samples; see PmSampler.h. Order of calls as in
// scripts/probes/counter_probe_pmdecode.cuh and counter_probe_metrics.cuh.
#include "counters/PmSampler.h"

#include "counters/ProfilerFunctions.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace commledger::rt {
namespace {

// Link bytes of the whole device, one pass together (measured on H200; the Range Profiler
// rejects the NVLink pair, which is why counters mode samples instead of profiling ranges).
const char *const kMetrics[] = {"pcie__read_bytes.sum", "pcie__write_bytes.sum",
                                "nvlrx__bytes.sum", "nvltx__bytes.sum"};
// What the probe used: at a 20 µs interval it never filled between decodes. The decode thread
// empties it every 100 ms, so a long run never overflows it.
constexpr std::size_t kHardwareBufferBytes = std::size_t(128) << 20;
// Samples per counter-data image (one decode round); a full image is drained in more rounds.
constexpr std::uint32_t kImageSamples = 20000;
constexpr int kMaxRoundsPerDecode = 64;

} // namespace

struct PmSampler::State {
  ProfilerFunctions fn;
  CUpti_Profiler_Host_Object *host = nullptr; // evaluates every device's samples (same chip)
  std::vector<const char *> names;            // point into metrics_
  std::vector<std::uint8_t> config;
  struct Device {
    int index = 0;
    CUpti_PmSampling_Object *sampler = nullptr;
    std::vector<std::uint8_t> image;
    bool overflowWarned = false;
  };
  std::vector<Device> devices;

  bool ok(CUptiResult result, const char *what, std::string &error) const {
    if (result == CUPTI_SUCCESS)
      return true;
    error = std::string(what) + " failed (CUPTI error " + std::to_string(int(result)) + ")";
    if (result == CUPTI_ERROR_INSUFFICIENT_PRIVILEGES)
      error += ": counters need root or NVreg_RestrictProfilingToAdminUsers=0";
    return false;
  }

  void releaseHost() {
    if (!host)
      return;
    COMMLEDGER_PARAMS(CUpti_Profiler_Host_Deinitialize_Params, p);
    p.pHostObject = host;
    fn.cuptiProfilerHostDeinitialize(&p);
    host = nullptr;
  }

  // Host initialise → ConfigAddMetrics → GetConfigImageSize/GetConfigImage → GetNumOfPasses.
  bool buildConfig(const std::string &chip, std::vector<std::uint8_t> &availability,
                   std::string &error) {
    releaseHost();
    COMMLEDGER_PARAMS(CUpti_Profiler_Host_Initialize_Params, ip);
    ip.profilerType = CUPTI_PROFILER_TYPE_PM_SAMPLING;
    ip.pChipName = chip.c_str();
    ip.pCounterAvailabilityImage = availability.empty() ? nullptr : availability.data();
    if (!ok(fn.cuptiProfilerHostInitialize(&ip), "cuptiProfilerHostInitialize", error))
      return false;
    host = ip.pHostObject;
    COMMLEDGER_PARAMS(CUpti_Profiler_Host_ConfigAddMetrics_Params, ap);
    ap.pHostObject = host;
    ap.ppMetricNames = names.data();
    ap.numMetrics = names.size();
    COMMLEDGER_PARAMS(CUpti_Profiler_Host_GetConfigImageSize_Params, sp);
    sp.pHostObject = host;
    if (!ok(fn.cuptiProfilerHostConfigAddMetrics(&ap), "cuptiProfilerHostConfigAddMetrics",
            error) ||
        !ok(fn.cuptiProfilerHostGetConfigImageSize(&sp), "cuptiProfilerHostGetConfigImageSize",
            error))
      return false;
    config.assign(sp.configImageSize, 0);
    COMMLEDGER_PARAMS(CUpti_Profiler_Host_GetConfigImage_Params, cp);
    cp.pHostObject = host;
    cp.configImageSize = config.size();
    cp.pConfigImage = config.data();
    COMMLEDGER_PARAMS(CUpti_Profiler_Host_GetNumOfPasses_Params, np);
    np.configImageSize = config.size();
    np.pConfigImage = config.data();
    if (!ok(fn.cuptiProfilerHostGetConfigImage(&cp), "cuptiProfilerHostGetConfigImage", error) ||
        !ok(fn.cuptiProfilerHostGetNumOfPasses(&np), "cuptiProfilerHostGetNumOfPasses", error))
      return false;
    if (np.numOfPasses != 1) {
      error = "the metrics need " + std::to_string(np.numOfPasses) + " passes, not one";
      return false;
    }
    return true;
  }

  // Enable → SetConfig (GPU_TIME_INTERVAL in ns, keep oldest) → GetCounterDataSize → Start.
  bool startDevice(Device &d, std::uint64_t intervalNs, std::string &error) {
    COMMLEDGER_PARAMS(CUpti_PmSampling_Enable_Params, ep);
    ep.deviceIndex = static_cast<std::size_t>(d.index);
    if (!ok(fn.cuptiPmSamplingEnable(&ep), "cuptiPmSamplingEnable", error))
      return false;
    d.sampler = ep.pPmSamplingObject;
    COMMLEDGER_PARAMS(CUpti_PmSampling_SetConfig_Params, sp);
    sp.pPmSamplingObject = d.sampler;
    sp.configSize = config.size();
    sp.pConfig = config.data();
    sp.hardwareBufferSize = kHardwareBufferBytes;
    sp.samplingInterval = intervalNs;
    sp.triggerMode = CUPTI_PM_SAMPLING_TRIGGER_MODE_GPU_TIME_INTERVAL;
    sp.hwBufferAppendMode = CUPTI_PM_SAMPLING_HARDWARE_BUFFER_APPEND_MODE_KEEP_OLDEST;
    COMMLEDGER_PARAMS(CUpti_PmSampling_GetCounterDataSize_Params, dp);
    dp.pPmSamplingObject = d.sampler;
    dp.pMetricNames = names.data();
    dp.numMetrics = names.size();
    dp.maxSamples = kImageSamples;
    COMMLEDGER_PARAMS(CUpti_PmSampling_Start_Params, st);
    st.pPmSamplingObject = d.sampler;
    if (!ok(fn.cuptiPmSamplingSetConfig(&sp), "cuptiPmSamplingSetConfig", error) ||
        !ok(fn.cuptiPmSamplingGetCounterDataSize(&dp), "cuptiPmSamplingGetCounterDataSize",
            error))
      return false;
    d.image.assign(dp.counterDataSize, 0);
    return ok(fn.cuptiPmSamplingStart(&st), "cuptiPmSamplingStart", error);
  }

  // Rounds of CounterDataImageInitialize → DecodeData → GetCounterDataInfo, then per completed
  // sample GetSampleInfo (timestamps) and EvaluateToGpuValues, until the buffer is empty.
  void decodeDevice(Device &d, std::vector<CounterSample> &out) {
    std::string error;
    for (int round = 0; round < kMaxRoundsPerDecode; ++round) {
      COMMLEDGER_PARAMS(CUpti_PmSampling_CounterDataImage_Initialize_Params, ip);
      ip.pPmSamplingObject = d.sampler;
      ip.counterDataSize = d.image.size();
      ip.pCounterData = d.image.data();
      if (fn.cuptiPmSamplingCounterDataImageInitialize(&ip) != CUPTI_SUCCESS)
        return;
      COMMLEDGER_PARAMS(CUpti_PmSampling_DecodeData_Params, dp);
      dp.pPmSamplingObject = d.sampler;
      dp.pCounterDataImage = d.image.data();
      dp.counterDataImageSize = d.image.size();
      const CUptiResult decoded = fn.cuptiPmSamplingDecodeData(&dp);
      if ((decoded == CUPTI_ERROR_OUT_OF_MEMORY || dp.overflow) && !d.overflowWarned) {
        d.overflowWarned = true;
        std::fprintf(stderr, "commledger: warning: counters: GPU %d's sample buffer overflowed; "
                             "its counter rows miss samples\n", d.index);
      }
      if (decoded != CUPTI_SUCCESS)
        return;
      COMMLEDGER_PARAMS(CUpti_PmSampling_GetCounterDataInfo_Params, info);
      info.pCounterDataImage = d.image.data();
      info.counterDataImageSize = d.image.size();
      if (fn.cuptiPmSamplingGetCounterDataInfo(&info) != CUPTI_SUCCESS)
        return;
      for (std::size_t i = 0; i < info.numCompletedSamples; ++i)
        if (!evaluate(d, i, out))
          break;
      if (dp.decodeStopReason != CUPTI_PM_SAMPLING_DECODE_STOP_REASON_COUNTER_DATA_FULL)
        return;
    }
  }

  bool evaluate(Device &d, std::size_t index, std::vector<CounterSample> &out) {
    COMMLEDGER_PARAMS(CUpti_PmSampling_CounterData_GetSampleInfo_Params, si);
    si.pPmSamplingObject = d.sampler;
    si.pCounterDataImage = d.image.data();
    si.counterDataImageSize = d.image.size();
    si.sampleIndex = index;
    CounterSample sample;
    sample.device = d.index;
    sample.values.assign(names.size(), 0.0);
    COMMLEDGER_PARAMS(CUpti_Profiler_Host_EvaluateToGpuValues_Params, ev);
    ev.pHostObject = host;
    ev.pCounterDataImage = d.image.data();
    ev.counterDataImageSize = d.image.size();
    ev.rangeIndex = index;
    ev.ppMetricNames = names.data();
    ev.numMetrics = names.size();
    ev.pMetricValues = sample.values.data();
    if (fn.cuptiPmSamplingCounterDataGetSampleInfo(&si) != CUPTI_SUCCESS ||
        fn.cuptiProfilerHostEvaluateToGpuValues(&ev) != CUPTI_SUCCESS)
      return false;
    sample.startNs = si.startTimestamp;
    sample.endNs = si.endTimestamp;
    out.push_back(std::move(sample));
    return true;
  }
};

PmSampler::PmSampler() : state_(std::make_unique<State>()) {}
PmSampler::~PmSampler() = default;

bool PmSampler::requested() {
  const char *value = std::getenv("COMMLEDGER_COUNTERS");
  return value && *value && std::strcmp(value, "0") != 0;
}

std::uint64_t PmSampler::intervalFromText(const char *text, std::string &error) {
  if (!text || !*text)
    return kDefaultIntervalNs;
  char *end = nullptr;
  const unsigned long long value = std::strtoull(text, &end, 10);
  if (*text < '0' || *text > '9' || *end || value < kMinIntervalNs || value > kMaxIntervalNs) {
    error = "COMMLEDGER_COUNTERS_INTERVAL_NS='" + std::string(text) + "' is not a number of ns in [" +
            std::to_string(kMinIntervalNs) + ", " + std::to_string(kMaxIntervalNs) +
            "]; using " + std::to_string(kDefaultIntervalNs);
    return kDefaultIntervalNs;
  }
  return value;
}

bool PmSampler::start(void *cuptiHandle, int deviceCount, std::uint64_t intervalNs,
                      std::string &error) {
  std::lock_guard<std::mutex> lock(mutex_);
  State &s = *state_;
  std::string missing;
  if (!s.fn.resolve(cuptiHandle, missing)) {
    error = "this libcupti lacks " + missing + " (PM sampling needs CUDA 12.6 or later)";
    return false;
  }
  if (deviceCount <= 0) {
    error = "no CUDA device";
    return false;
  }
  COMMLEDGER_PARAMS(CUpti_Profiler_Initialize_Params, init);
  if (!s.ok(s.fn.cuptiProfilerInitialize(&init), "cuptiProfilerInitialize", error))
    return false;
  auto chipOf = [&s](int device) {
    COMMLEDGER_PARAMS(CUpti_Device_GetChipName_Params, p);
    p.deviceIndex = static_cast<std::size_t>(device);
    return s.fn.cuptiDeviceGetChipName(&p) == CUPTI_SUCCESS && p.pChipName
               ? std::string(p.pChipName)
               : std::string();
  };
  const std::string chip = chipOf(0);
  if (chip.empty()) {
    error = "cuptiDeviceGetChipName failed for GPU 0";
    return false;
  }
  // Built once, for device 0's chip, and used on every device of the same chip (as the probe).
  std::vector<std::uint8_t> availability;
  COMMLEDGER_PARAMS(CUpti_PmSampling_GetCounterAvailability_Params, ap);
  ap.deviceIndex = 0;
  if (s.fn.cuptiPmSamplingGetCounterAvailability(&ap) == CUPTI_SUCCESS) {
    availability.resize(ap.counterAvailabilityImageSize);
    ap.pCounterAvailabilityImage = availability.data();
    if (s.fn.cuptiPmSamplingGetCounterAvailability(&ap) != CUPTI_SUCCESS)
      availability.clear();
  }
  metrics_.assign(std::begin(kMetrics), std::end(kMetrics));
  s.names.clear();
  for (const std::string &m : metrics_)
    s.names.push_back(m.c_str());
  if (!s.buildConfig(chip, availability, error)) {
    s.releaseHost();
    metrics_.clear();
    return false;
  }
  std::string deviceErrors;
  for (int d = 0; d < deviceCount; ++d) {
    State::Device device;
    device.index = d;
    std::string why;
    if (chipOf(d) != chip)
      why = "chip " + chipOf(d) + " differs from GPU 0's " + chip;
    else if (s.startDevice(device, intervalNs, why))
      s.devices.push_back(std::move(device));
    if (!why.empty())
      deviceErrors += (deviceErrors.empty() ? "" : "; ") + ("GPU " + std::to_string(d) + ": " + why);
  }
  if (!deviceErrors.empty())
    error = deviceErrors;
  running_ = !s.devices.empty();
  return running_;
}

void PmSampler::decode(std::vector<CounterSample> &out) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (State::Device &d : state_->devices)
    state_->decodeDevice(d, out);
}

void PmSampler::stop() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!running_)
    return;
  for (State::Device &d : state_->devices) {
    COMMLEDGER_PARAMS(CUpti_PmSampling_Stop_Params, p);
    p.pPmSamplingObject = d.sampler;
    state_->fn.cuptiPmSamplingStop(&p);
  }
  running_ = false;
}

} // namespace commledger::rt
