// The allocation range table; see AllocationTable.h.
#include "core/AllocationTable.h"

#include <tuple>

namespace commledger::rt {

AllocationTable &allocationTable() {
  static AllocationTable *table = new AllocationTable();
  return *table;
}

void AllocationTable::add(std::uintptr_t start, const Allocation &allocation) {
  std::lock_guard<std::mutex> lock(mutex_);
  const std::uintptr_t end = start + (allocation.size ? allocation.size : 1);
  // Drop older ranges that overlap [start, end).
  auto it = ranges_.lower_bound(start);
  if (it != ranges_.begin()) {
    auto before = std::prev(it);
    if (before->first + (before->second.size ? before->second.size : 1) > start)
      it = before;
  }
  while (it != ranges_.end() && it->first < end)
    it = ranges_.erase(it);
  ranges_[start] = allocation;
  if (ranges_.size() > kMaxRanges)
    ranges_.erase(ranges_.begin());
  Totals &t = totals_[std::make_tuple(allocation.site, std::string(allocation.api),
                                      std::string(allocation.memory), allocation.device,
                                      allocation.flags)];
  t.bytes += allocation.size;
  ++t.count;
}

std::optional<Allocation> AllocationTable::find(std::uintptr_t address) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = ranges_.upper_bound(address);
  if (it == ranges_.begin())
    return std::nullopt;
  --it;
  if (address - it->first < (it->second.size ? it->second.size : 1))
    return it->second;
  return std::nullopt;
}

void AllocationTable::notePrefetch(std::uintptr_t address, int target, format::SiteId site) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = ranges_.upper_bound(address);
  if (it == ranges_.begin())
    return;
  --it;
  if (address - it->first < (it->second.size ? it->second.size : 1))
    it->second.prefetchSites[target] = site;
}

std::vector<format::AllocationRow> AllocationTable::rows() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<format::AllocationRow> out;
  for (const auto &[key, t] : totals_) {
    format::AllocationRow row;
    row.site = std::get<0>(key);
    row.api = std::get<1>(key);
    if (!row.site)
      row.bucket = row.api;
    row.memory = std::get<2>(key);
    row.device = std::get<3>(key);
    row.flags = std::get<4>(key);
    row.bytes = t.bytes;
    row.count = t.count;
    out.push_back(std::move(row));
  }
  return out;
}

} // namespace commledger::rt
