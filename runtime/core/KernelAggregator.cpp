// Kernel aggregation and the per-device recent-kernel index; see KernelAggregator.h.
#include "core/KernelAggregator.h"

#include <tuple>

namespace commledger::rt {

bool KernelAggregator::Key::operator<(const Key &o) const {
  if (who < o.who || o.who < who)
    return who < o.who;
  return std::tie(name, device) < std::tie(o.name, o.device);
}

void KernelAggregator::add(const Attribution &who, const CopyRecord &kernel) {
  Totals &t = totals_[Key{who, kernel.kernelName ? kernel.kernelName : "", kernel.deviceId}];
  ++t.count;
  if (kernel.endNs > kernel.startNs)
    t.totalNs += kernel.endNs - kernel.startNs;
  std::deque<Interval> &recent = recent_[kernel.deviceId];
  recent.push_back(Interval{kernel.startNs, kernel.endNs, who.site});
  if (recent.size() > kRecentPerDevice)
    recent.pop_front();
}

std::vector<format::KernelRow> KernelAggregator::rows() const {
  std::vector<format::KernelRow> out;
  for (const auto &[key, t] : totals_) {
    format::KernelRow row;
    row.site = key.who.site;
    row.bucket = key.who.bucket;
    row.name = key.name;
    row.device = key.device;
    row.count = t.count;
    row.totalNs = t.totalNs;
    out.push_back(std::move(row));
  }
  return out;
}

std::optional<format::SiteId> KernelAggregator::siteRunningAt(int device,
                                                              std::uint64_t ns) const {
  auto it = recent_.find(device);
  if (it == recent_.end())
    return std::nullopt;
  // Newest first: records arrive roughly in completion order.
  for (auto k = it->second.rbegin(); k != it->second.rend(); ++k)
    if (k->start <= ns && ns <= k->end)
      return k->site;
  return std::nullopt;
}

std::uint64_t KernelAggregator::latestEnd(int device) const {
  auto it = recent_.find(device);
  std::uint64_t latest = 0;
  if (it != recent_.end())
    for (const Interval &k : it->second)
      latest = k.end > latest ? k.end : latest;
  return latest;
}

} // namespace commledger::rt
