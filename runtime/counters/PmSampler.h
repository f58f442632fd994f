// Counters mode's CUPTI side: one PM sampler per GPU (cupti_pmsampling.h) counting the PCIe and
// NVLink bytes of the whole device every interval, and the decoding of each device's hardware
// buffer into timestamped samples (CUPTI activity clock) for CounterAttributor. The API sequence is
// the one scripts/probes/counters_pmsampling_probe.cu measured on two H200s.
#pragma once
#include "core/CounterAttributor.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace commledger::rt {

class PmSampler {
public:
  PmSampler();
  ~PmSampler();
  PmSampler(const PmSampler &) = delete;
  PmSampler &operator=(const PmSampler &) = delete;

  // COMMLEDGER_COUNTERS set to anything but "" or "0" (`commledger run --counters`).
  static bool requested();
  // COMMLEDGER_COUNTERS_INTERVAL_NS: unset or empty: the default; otherwise decimal digits in
  // [kMinIntervalNs, kMaxIntervalNs]. Anything else: the default, and `error` says why.
  static std::uint64_t intervalFromText(const char *text, std::string &error);
  static constexpr std::uint64_t kDefaultIntervalNs = 20000; // measured: ~1-3 % overhead
  static constexpr std::uint64_t kMinIntervalNs = 1000, kMaxIntervalNs = 1000000000;

  // Builds one single-pass configuration for device 0's chip and starts a sampler on each of the
  // `deviceCount` devices that shares it. False, with `error`, when no device samples.
  bool start(void *cuptiHandle, int deviceCount, std::uint64_t intervalNs, std::string &error);
  // Appends every completed sample in the devices' hardware buffers to `out`, emptying them.
  // Called by one thread at a time (the decode thread, then the exit path).
  void decode(std::vector<CounterSample> &out);
  // Stops sampling on every device; a decode() after it collects the last samples. The samplers
  // stay enabled: disabling one finalises CUPTI (XLA's experience), and the activity flush at
  // exit still needs it.
  void stop();
  bool running() const { return running_; }
  const std::vector<std::string> &metrics() const { return metrics_; }

private:
  struct State; // CUPTI objects and images, kept out of this header
  std::unique_ptr<State> state_;
  std::vector<std::string> metrics_;
  std::mutex mutex_;
  bool running_ = false;
};

} // namespace commledger::rt
