// Attribution of counter samples to kernels by time; see CounterAttributor.h.
#include "core/CounterAttributor.h"

#include <algorithm>
#include <tuple>

namespace commledger::rt {

bool CounterAttributor::Key::operator<(const Key &o) const {
  if (who < o.who || o.who < who)
    return who < o.who;
  return std::tie(kernel, device) < std::tie(o.kernel, o.device);
}

void CounterAttributor::addKernel(const Attribution &who, const CopyRecord &kernel) {
  if (!enabled() || kernel.endNs <= kernel.startNs)
    return;
  auto &byStart = kernels_[kernel.deviceId];
  byStart.emplace(kernel.startNs,
                  Interval{kernel.endNs, who, kernel.kernelName ? kernel.kernelName : "", false});
  if (byStart.size() > kRecentPerDevice)
    byStart.erase(byStart.begin());
  std::uint64_t &longest = maxDuration_[kernel.deviceId];
  longest = std::max(longest, kernel.endNs - kernel.startNs);
  std::uint64_t &latest = latestEnd_[kernel.deviceId];
  latest = std::max(latest, kernel.endNs);
}

void CounterAttributor::addSample(CounterSample sample) {
  if (!enabled() || sample.endNs <= sample.startNs)
    return;
  // An all-zero sample adds nothing to any row: most idle samples end here, so they never wait.
  if (std::all_of(sample.values.begin(), sample.values.end(), [](double v) { return v == 0; }))
    return;
  sample.values.resize(metrics_.size(), 0.0);
  if (tryResolve(sample, false))
    return;
  pending_.push_back(std::move(sample));
  while (pending_.size() > kMaxPending) {
    tryResolve(pending_.front(), true);
    pending_.pop_front();
  }
}

void CounterAttributor::drain() {
  std::deque<CounterSample> still;
  for (CounterSample &s : pending_)
    if (!tryResolve(s, false))
      still.push_back(std::move(s));
  pending_.swap(still);
}

void CounterAttributor::finish() {
  for (const CounterSample &s : pending_)
    tryResolve(s, true);
  pending_.clear();
}

bool CounterAttributor::tryResolve(const CounterSample &sample, bool final) {
  auto latest = latestEnd_.find(sample.device);
  const bool caughtUp =
      latest != latestEnd_.end() && latest->second > sample.endNs + kLateNs;
  if (!final && !caughtUp)
    return false;
  charge(sample);
  return true;
}

void CounterAttributor::charge(const CounterSample &s) {
  // Kernels overlapping [start,end): they start before `end` and no earlier than the longest
  // kernel's duration before `start`, and end after `start`.
  struct Share {
    Interval *kernel;
    std::uint64_t ns;
  };
  std::vector<Share> shares;
  std::uint64_t total = 0;
  auto device = kernels_.find(s.device);
  if (device != kernels_.end()) {
    const std::uint64_t reach = maxDuration_[s.device];
    const std::uint64_t from = s.startNs > reach ? s.startNs - reach : 0;
    for (auto it = device->second.lower_bound(from);
         it != device->second.end() && it->first < s.endNs; ++it) {
      const std::uint64_t lo = std::max(it->first, s.startNs);
      const std::uint64_t hi = std::min(it->second.end, s.endNs);
      if (hi <= lo)
        continue;
      shares.push_back({&it->second, hi - lo});
      total += hi - lo;
    }
  }
  if (shares.empty()) {
    Totals &t = totalsFor(Attribution{std::nullopt, kBetweenKernels}, "", s.device);
    for (std::size_t m = 0; m < metrics_.size(); ++m)
      t.values[m] += s.values[m];
    ++t.ranges; // for this bucket: samples, as there is no launch to count
    return;
  }
  for (const Share &share : shares) {
    Totals &t = totalsFor(share.kernel->who, share.kernel->name, s.device);
    const double fraction = static_cast<double>(share.ns) / static_cast<double>(total);
    for (std::size_t m = 0; m < metrics_.size(); ++m)
      t.values[m] += s.values[m] * fraction;
    if (!share.kernel->counted) {
      share.kernel->counted = true;
      ++t.ranges;
    }
  }
}

CounterAttributor::Totals &CounterAttributor::totalsFor(const Attribution &who,
                                                        const std::string &kernel, int device) {
  Totals &t = totals_[Key{who, kernel, device}];
  t.values.resize(metrics_.size(), 0.0);
  return t;
}

std::vector<format::CounterRow> CounterAttributor::rows() const {
  std::vector<format::CounterRow> out;
  for (const auto &[key, t] : totals_)
    for (std::size_t m = 0; m < metrics_.size(); ++m) {
      format::CounterRow row;
      row.site = key.who.site;
      row.bucket = key.who.bucket;
      row.kernel = key.kernel;
      row.device = key.device;
      row.metric = metrics_[m];
      row.value = t.values[m];
      row.ranges = t.ranges;
      out.push_back(std::move(row));
    }
  return out;
}

} // namespace commledger::rt
