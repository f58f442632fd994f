// Kernels per (site or bucket, name, device): count and summed duration. Also remembers the
// latest kernels per device with their site, so unified-memory migrations can be charged to the
// launch that was running on the GPU when they happened (UnifiedMemoryAttributor).
#pragma once
#include "core/CopyRecord.h"

#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace commledger::rt {

// Owns kernel names for the process's life: CUPTI's strings die with their buffer.
class KernelNames {
public:
  const char *intern(const char *name) { return name ? intern(std::string(name)) : intern(""); }
  const char *intern(const std::string &name) { return names_.insert(name).first->c_str(); }

private:
  std::set<std::string> names_;
};

class KernelAggregator {
public:
  void add(const Attribution &who, const CopyRecord &kernel);
  std::vector<format::KernelRow> rows() const;
  // The site of a kernel that ran on `device` at `ns` (CUPTI clock), if one is remembered.
  std::optional<format::SiteId> siteRunningAt(int device, std::uint64_t ns) const;
  // The latest end time seen on `device` (0 if none): later migrations may still find theirs.
  std::uint64_t latestEnd(int device) const;

  static constexpr std::size_t kRecentPerDevice = 1u << 16;

private:
  struct Key {
    Attribution who;
    std::string name;
    int device = 0;
    bool operator<(const Key &o) const;
  };
  struct Totals {
    std::uint64_t count = 0, totalNs = 0;
  };
  struct Interval {
    std::uint64_t start = 0, end = 0;
    std::optional<format::SiteId> site;
  };
  std::map<Key, Totals> totals_;
  std::map<int, std::deque<Interval>> recent_;
};

} // namespace commledger::rt
