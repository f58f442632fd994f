// Counters mode (`commledger run --counters`): PM-sampling samples (device-wide counter values over
// [start,end) on the CUPTI activity clock) → trace counter rows per (site or bucket, kernel,
// device, metric). Each sample is split over the kernels that overlap it on its device, in
// proportion to their overlap time; a sample no kernel overlaps goes to kBetweenKernels (copies'
// link traffic lands there). Samples may be decoded before their kernels' records arrive: they
// wait (bounded) until a later kernel on the device shows the records have caught up, or the end.
#pragma once
#include "core/CopyRecord.h"

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

namespace commledger::rt {

struct CounterSample {
  int device = 0;
  std::uint64_t startNs = 0, endNs = 0;
  std::vector<double> values; // one per metric, in the order given to enable()
};

class CounterAttributor {
public:
  static constexpr const char *kBetweenKernels = "between kernels";
  // Pending samples kept at most; beyond it the oldest is resolved with the kernels known.
  static constexpr std::size_t kMaxPending = 1u << 17;
  // Kernels remembered per device for the overlap search.
  static constexpr std::size_t kRecentPerDevice = 1u << 16;
  // A kernel ending this long after a sample means every kernel overlapping it has arrived.
  static constexpr std::uint64_t kLateNs = 50'000'000;

  // Off until enabled: addKernel() then costs nothing, which is the default run.
  void enable(std::vector<std::string> metrics) { metrics_ = std::move(metrics); }
  bool enabled() const { return !metrics_.empty(); }
  const std::vector<std::string> &metrics() const { return metrics_; }

  // A kernel whose site (or bucket) is resolved; `kernel.kernelName` must outlive this object.
  void addKernel(const Attribution &who, const CopyRecord &kernel);
  void addSample(CounterSample sample);
  // Resolves the samples whose kernels have arrived; call after each batch.
  void drain();
  // Resolves everything still waiting. Call at the end.
  void finish();
  std::vector<format::CounterRow> rows() const;
  std::size_t pending() const { return pending_.size(); }

private:
  struct Interval {
    std::uint64_t end = 0;
    Attribution who;
    const char *name = "";
    bool counted = false; // already counted in its row's `ranges`
  };
  struct Key {
    Attribution who;
    std::string kernel;
    int device = 0;
    bool operator<(const Key &o) const;
  };
  struct Totals {
    std::vector<double> values;
    std::uint64_t ranges = 0;
  };
  bool tryResolve(const CounterSample &sample, bool final);
  void charge(const CounterSample &sample);
  Totals &totalsFor(const Attribution &who, const std::string &kernel, int device);

  std::vector<std::string> metrics_;
  // Per device, kernels by start time; maxDuration_ bounds how far back an overlap can start.
  std::map<int, std::multimap<std::uint64_t, Interval>> kernels_;
  std::map<int, std::uint64_t> maxDuration_, latestEnd_;
  std::deque<CounterSample> pending_;
  std::map<Key, Totals> totals_;
};

} // namespace commledger::rt
