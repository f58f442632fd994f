// PM sampling plumbing for the issue-3 probe: enable/configure/start one sampler per device,
// decode its hardware buffer into timestamped samples, and sum the samples that overlap a
// kernel's [start,end] window.
#pragma once
#include <algorithm>
#include <cupti_pmsampling.h>
#include "counter_probe_metrics.cuh"

constexpr size_t kHwBufferBytes = size_t(128) << 20;
constexpr uint32_t kImageSamples = 20000;  // per decode round; full images are drained in rounds

struct Sample { uint64_t start, end; std::vector<double> v; };

// Enable -> SetConfig (GPU_TIME_INTERVAL in ns; falls back to SYSCLK cycles) -> Start.
static CUpti_PmSampling_Object* startSampler(int dev, MetricGroup& g, uint64_t intervalNs) {
  PARAMS(CUpti_PmSampling_Enable_Params, ep);
  ep.deviceIndex = dev;
  if (!CP(cuptiPmSamplingEnable(&ep))) return nullptr;
  PARAMS(CUpti_PmSampling_SetConfig_Params, sp);
  sp.pPmSamplingObject = ep.pPmSamplingObject;
  sp.configSize = g.config.size();
  sp.pConfig = g.config.data();
  sp.hardwareBufferSize = kHwBufferBytes;
  sp.samplingInterval = intervalNs;
  sp.triggerMode = CUPTI_PM_SAMPLING_TRIGGER_MODE_GPU_TIME_INTERVAL;
  sp.hwBufferAppendMode = CUPTI_PM_SAMPLING_HARDWARE_BUFFER_APPEND_MODE_KEEP_OLDEST;
  const char* mode = "gpu_time_ns";
  if (!CP(cuptiPmSamplingSetConfig(&sp))) {
    sp.triggerMode = CUPTI_PM_SAMPLING_TRIGGER_MODE_GPU_SYSCLK_INTERVAL;  // interval in cycles
    mode = "sysclk_cycles(fallback)";
    if (!CP(cuptiPmSamplingSetConfig(&sp))) mode = nullptr;
  }
  PARAMS(CUpti_PmSampling_Start_Params, st);
  st.pPmSamplingObject = ep.pPmSamplingObject;
  if (!mode || !CP(cuptiPmSamplingStart(&st))) {
    PARAMS(CUpti_PmSampling_Disable_Params, dp);
    dp.pPmSamplingObject = ep.pPmSamplingObject;
    CP(cuptiPmSamplingDisable(&dp));
    return nullptr;
  }
  printf("SAMPLER dev=%d started interval=%llu trigger=%s hw_buffer=%zu\n", dev,
         (unsigned long long)intervalNs, mode, kHwBufferBytes);
  return ep.pPmSamplingObject;
}

static void stopSampler(CUpti_PmSampling_Object* obj) {
  PARAMS(CUpti_PmSampling_Stop_Params, sp);
  sp.pPmSamplingObject = obj;
  CP(cuptiPmSamplingStop(&sp));
}
static void disableSampler(CUpti_PmSampling_Object* obj) {
  PARAMS(CUpti_PmSampling_Disable_Params, dp);
  dp.pPmSamplingObject = obj;
  CP(cuptiPmSamplingDisable(&dp));
}

// GetCounterDataSize/CounterDataImageInitialize, then DecodeData rounds until END_OF_RECORDS:
// GetCounterDataInfo, GetSampleInfo (timestamps) and EvaluateToGpuValues per sample.
static std::vector<Sample> decodeAll(int dev, CUpti_PmSampling_Object* obj, MetricGroup& g) {
  std::vector<Sample> out;
  PARAMS(CUpti_PmSampling_GetCounterDataSize_Params, sp);
  sp.pPmSamplingObject = obj;
  sp.pMetricNames = g.cnames.data();
  sp.numMetrics = g.cnames.size();
  sp.maxSamples = kImageSamples;
  if (!CP(cuptiPmSamplingGetCounterDataSize(&sp))) return out;
  std::vector<uint8_t> image(sp.counterDataSize);
  for (int round = 0; round < 200; ++round) {
    PARAMS(CUpti_PmSampling_CounterDataImage_Initialize_Params, ip);
    ip.pPmSamplingObject = obj;
    ip.counterDataSize = image.size();
    ip.pCounterData = image.data();
    if (!CP(cuptiPmSamplingCounterDataImageInitialize(&ip))) break;
    PARAMS(CUpti_PmSampling_DecodeData_Params, dp);
    dp.pPmSamplingObject = obj;
    dp.pCounterDataImage = image.data();
    dp.counterDataImageSize = image.size();
    if (!CP(cuptiPmSamplingDecodeData(&dp))) break;
    PARAMS(CUpti_PmSampling_GetCounterDataInfo_Params, info);
    info.pCounterDataImage = image.data();
    info.counterDataImageSize = image.size();
    if (!CP(cuptiPmSamplingGetCounterDataInfo(&info))) break;
    printf("DECODE dev=%d round=%d reason=%d(1=image_full 2=end) overflow=%d total=%zu "
           "populated=%zu completed=%zu\n", dev, round, (int)dp.decodeStopReason,
           (int)dp.overflow, info.numTotalSamples, info.numPopulatedSamples,
           info.numCompletedSamples);
    for (size_t i = 0; i < info.numCompletedSamples; ++i) {
      PARAMS(CUpti_PmSampling_CounterData_GetSampleInfo_Params, si);
      si.pPmSamplingObject = obj;
      si.pCounterDataImage = image.data();
      si.counterDataImageSize = image.size();
      si.sampleIndex = i;
      Sample s;
      if (!CP(cuptiPmSamplingCounterDataGetSampleInfo(&si)) || !evaluate(g, image, i, s.v)) break;
      s.start = si.startTimestamp, s.end = si.endTimestamp;
      out.push_back(std::move(s));
    }
    if (dp.decodeStopReason != CUPTI_PM_SAMPLING_DECODE_STOP_REASON_COUNTER_DATA_FULL) break;
  }
  std::sort(out.begin(), out.end(), [](const Sample& a, const Sample& b) { return a.start < b.start; });
  return out;
}

// Sum of every sample overlapping [a,b] (whole samples: kernels are isolated by idle gaps, so a
// straddling sample carries this kernel's bytes and idle background only).
struct Window { std::vector<double> sum; int samples = 0; };
static Window sumWindow(const std::vector<Sample>& s, uint64_t a, uint64_t b, size_t nm) {
  Window w;
  w.sum.assign(nm, 0.0);
  for (auto& x : s) {
    if (x.start >= b) break;
    if (x.end <= a) continue;
    for (size_t m = 0; m < nm && m < x.v.size(); ++m) w.sum[m] += x.v[m];
    w.samples++;
  }
  return w;
}

// Print where the sample timestamps lie relative to a reference clock's [lo,hi].
static void printClockCheck(int dev, const std::vector<Sample>& s, const char* clock, uint64_t lo,
                            uint64_t hi) {
  if (s.empty() || !lo) return;
  long double ds = (long double)s.front().start - lo, de = (long double)s.back().end - hi;
  printf("CLOCK observe_dev=%d vs=%s first_sample_start_minus_first_kernel_start_ns=%.0Lf "
         "last_sample_end_minus_last_kernel_end_ns=%.0Lf (same timebase if first is about -1e6 "
         "and last is +1e6..1e9; a huge or wrong-signed gap means another clock)\n",
         dev, clock, ds, de);
}
