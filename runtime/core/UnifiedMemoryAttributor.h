// Unified-memory counter records (no correlation id) → trace rows: each is charged to the
// allocation whose range holds its address (AllocationTable) and to its cause: the prefetch
// site for user-requested migrations, else the kernel that ran on the destination GPU at that
// time (KernelAggregator), else host access. Records wait until a kernel interval covers them
// or the run ends, so kernel records that arrive later still count.
#pragma once
#include "core/AllocationTable.h"
#include "core/KernelAggregator.h"

#include <deque>
#include <map>
#include <string>
#include <vector>

namespace commledger::rt {

struct UnifiedMemoryRecord {
  // "htod", "dtoh", "dtod", "gpu_page_fault", "cpu_page_fault", "thrashing", "throttling",
  // "remote_map" (static strings).
  const char *counter = "";
  const char *cause = ""; // transfers: "user", "coherence", "prefetch", "eviction", ...
  std::uint64_t value = 0, startNs = 0, endNs = 0, address = 0;
  int src = -1, dst = -1; // -1 host
};

class UnifiedMemoryAttributor {
public:
  UnifiedMemoryAttributor(const AllocationTable &allocations, const KernelAggregator &kernels)
      : allocations_(allocations), kernels_(kernels) {}
  void add(const UnifiedMemoryRecord &record);
  // Resolves records a kernel interval now covers; call after each batch.
  void drain();
  // Resolves everything still waiting. Call at the end.
  void finish();
  std::vector<format::UnifiedMemoryRow> rows() const;

  static constexpr std::size_t kMaxPending = 1u << 16;
  // A kernel ending this long after a migration means none will arrive that covers it.
  static constexpr std::uint64_t kLateNs = 50'000'000;

private:
  bool tryResolve(const UnifiedMemoryRecord &record, bool final);
  void charge(const UnifiedMemoryRecord &record, std::optional<format::SiteId> causeSite);
  struct Key {
    std::optional<format::SiteId> allocationSite;
    std::string allocationBucket, counter, cause;
    std::optional<format::SiteId> causeSite;
    int src, dst;
    bool operator<(const Key &o) const;
  };
  struct Totals {
    std::uint64_t value = 0, count = 0;
  };
  const AllocationTable &allocations_;
  const KernelAggregator &kernels_;
  std::deque<UnifiedMemoryRecord> pending_;
  std::map<Key, Totals> totals_;
};

} // namespace commledger::rt
