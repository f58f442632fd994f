// Every allocation the program made through the CUDA runtime while the runtime watched: an
// address-range table (address → allocation site, memory, owning device, size) for attributing
// unified-memory migrations, plus per-site totals for the trace. Thread-safe: program threads
// add from the CUPTI callback, the activity thread looks up.
#pragma once
#include "commledger/format/Trace.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace commledger::rt {

struct Allocation {
  std::optional<format::SiteId> site;
  const char *api = "";       // static string
  const char *memory = "";    // "device", "managed", "pinned", "mapped", "registered"
  int device = -1;
  unsigned flags = 0;
  std::uint64_t size = 0;
  // Last prefetch site per target (-1 host, 0.. GPUs): migrations the driver books as
  // user-requested are charged to it.
  std::map<int, format::SiteId> prefetchSites;
};

class AllocationTable {
public:
  // A range that overlaps older ones replaces them: the address was freed and reused.
  void add(std::uintptr_t start, const Allocation &allocation);
  // Frees keep the entry (migration records arrive later than the free); only reuse evicts.
  std::optional<Allocation> find(std::uintptr_t address) const;
  void notePrefetch(std::uintptr_t address, int target, format::SiteId site);
  std::vector<format::AllocationRow> rows() const;

  // Ranges remembered at most; past it the lowest addresses go first (a leak guard only).
  static constexpr std::size_t kMaxRanges = 1u << 20;

private:
  struct Totals {
    std::uint64_t bytes = 0, count = 0;
  };
  mutable std::mutex mutex_;
  std::map<std::uintptr_t, Allocation> ranges_; // by start address
  std::map<std::tuple<std::optional<format::SiteId>, std::string, std::string, int, unsigned>,
           Totals>
      totals_;
};

// The process's table (never destroyed: the exit path reads it).
AllocationTable &allocationTable();

} // namespace commledger::rt
