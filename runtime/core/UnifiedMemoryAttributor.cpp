// Unified-memory attribution; see UnifiedMemoryAttributor.h.
#include "core/UnifiedMemoryAttributor.h"

#include <cstring>
#include <tuple>

namespace commledger::rt {

bool UnifiedMemoryAttributor::Key::operator<(const Key &o) const {
  return std::tie(allocationSite, allocationBucket, counter, cause, causeSite, src, dst) <
         std::tie(o.allocationSite, o.allocationBucket, o.counter, o.cause, o.causeSite, o.src,
                  o.dst);
}

void UnifiedMemoryAttributor::add(const UnifiedMemoryRecord &record) {
  if (tryResolve(record, false))
    return;
  pending_.push_back(record);
  while (pending_.size() > kMaxPending) {
    tryResolve(pending_.front(), true);
    pending_.pop_front();
  }
}

void UnifiedMemoryAttributor::drain() {
  std::deque<UnifiedMemoryRecord> still;
  for (const UnifiedMemoryRecord &r : pending_)
    if (!tryResolve(r, false))
      still.push_back(r);
  pending_.swap(still);
}

void UnifiedMemoryAttributor::finish() {
  for (const UnifiedMemoryRecord &r : pending_)
    tryResolve(r, true);
  pending_.clear();
}

bool UnifiedMemoryAttributor::tryResolve(const UnifiedMemoryRecord &r, bool final) {
  // Migrations the program asked for: the prefetch call that targeted this allocation.
  if (std::strcmp(r.cause, "user") == 0) {
    std::optional<format::SiteId> prefetch;
    if (auto a = allocations_.find(r.address)) {
      auto it = a->prefetchSites.find(r.dst);
      if (it != a->prefetchSites.end())
        prefetch = it->second;
    }
    charge(r, prefetch);
    return true;
  }
  // Host-bound migrations and CPU faults have no GPU cause: the host touched the pages.
  const int gpu = r.dst >= 0 ? r.dst : -1;
  if (gpu < 0) {
    charge(r, std::nullopt);
    return true;
  }
  if (auto site = kernels_.siteRunningAt(gpu, r.startNs)) {
    charge(r, site);
    return true;
  }
  // No kernel covers it yet: wait unless every kernel that could has already arrived.
  if (final || kernels_.latestEnd(gpu) > r.endNs + kLateNs) {
    charge(r, std::nullopt);
    return true;
  }
  return false;
}

void UnifiedMemoryAttributor::charge(const UnifiedMemoryRecord &r,
                                     std::optional<format::SiteId> causeSite) {
  Key key;
  if (auto a = allocations_.find(r.address)) {
    key.allocationSite = a->site;
    if (!a->site)
      key.allocationBucket = a->api;
  } else {
    key.allocationBucket = "unknown";
  }
  key.counter = r.counter;
  key.cause = r.cause;
  key.causeSite = causeSite;
  key.src = r.src;
  key.dst = r.dst;
  Totals &t = totals_[key];
  t.value += r.value;
  ++t.count;
}

std::vector<format::UnifiedMemoryRow> UnifiedMemoryAttributor::rows() const {
  std::vector<format::UnifiedMemoryRow> out;
  for (const auto &[key, t] : totals_) {
    format::UnifiedMemoryRow row;
    row.allocationSite = key.allocationSite;
    row.allocationBucket = key.allocationBucket;
    row.counter = key.counter;
    row.cause = key.cause;
    row.causeSite = key.causeSite;
    row.src = key.src;
    row.dst = key.dst;
    row.value = t.value;
    row.count = t.count;
    out.push_back(std::move(row));
  }
  return out;
}

} // namespace commledger::rt
