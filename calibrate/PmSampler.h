// CUPTI PM sampling on one GPU (cupti_pmsampling.h): a one-pass configuration
// of the link metrics, start/stop, and the decoded, timestamped samples.
// Follows the path measured on two H200s by
// scripts/probes/counters_pmsampling_probe.cu.
#pragma once
#include "LinkStatistics.h"

#include <cupti_pmsampling.h>
#include <cupti_profiler_host.h>

#include <cstdint>
#include <string>
#include <vector>

namespace commledger::calibrate {

// cuptiProfilerInitialize once per process, before any sampler.
void initializeProfiler();

class PmSampler {
public:
  // Host configuration of `metrics` for this device's chip; throws
  // CalibrationError when a metric is not accepted or the set needs more than
  // one pass (link traffic cannot replay).
  PmSampler(int device, const std::vector<std::string> &metrics);
  ~PmSampler();
  PmSampler(const PmSampler &) = delete;
  PmSampler &operator=(const PmSampler &) = delete;

  // Enable, configure (GPU time interval) and start; stop. Samples share the
  // clock of CUPTI's activity records, so kernel records place them.
  void start(std::uint64_t intervalNs);
  void stop();
  // Every completed sample since start(), in time order; values in bytes, one
  // per metric.
  std::vector<Sample> decode();
  // Releases the sampler so the next phase can enable it again.
  void disable();

  int device() const { return device_; }
  const std::vector<std::string> &metrics() const { return names_; }
  // The hardware buffer filled up: the last kernels of the phase may have lost
  // their samples.
  bool overflowed() const { return overflowed_; }

private:
  int device_;
  std::vector<std::string> names_;
  std::vector<const char *> cnames_;
  std::vector<std::uint8_t> config_;
  std::vector<double> bytesPerUnit_;
  CUpti_Profiler_Host_Object *host_ = nullptr;
  CUpti_PmSampling_Object *sampler_ = nullptr;
  bool overflowed_ = false;
};

} // namespace commledger::calibrate
