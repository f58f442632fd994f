// Kernel launches counted in the CUPTI launch callback, per (site or API bucket, kernel name,
// device). Counting there costs the program nothing on the GPU, unlike CUPTI's kernel records
// (measured: 39 µs per halo-stencil iteration of two kernels, docs/PERFORMANCE.md), which the
// runtime turns on only when durations or intervals are needed (events, counters mode, unified
// memory). Sharded by thread so concurrent launchers rarely share a lock.
#pragma once
#include "commledger/format/Trace.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace commledger::rt {

class LaunchCounter {
public:
  // `bucket` (static string) names the launch API when no site is active.
  void add(std::optional<format::SiteId> site, const char *bucket, const char *kernel,
           int device);
  // Rows with count set and totalNs 0.
  std::vector<format::KernelRow> rows() const;

private:
  using Key = std::tuple<std::optional<format::SiteId>, std::string, std::string, int>;
  struct alignas(64) Shard {
    mutable std::mutex mutex;
    std::map<Key, std::uint64_t> counts;
  };
  static constexpr unsigned kShards = 16;
  Shard shards_[kShards];
};

LaunchCounter &launchCounter(); // the process's, never destroyed

// Kernel rows of both sources: the callback's counts, with the durations of CUPTI's kernel
// records added where both name the same (site, kernel, device); records of launches no
// callback saw (graphs, APIs not traced) are kept as they are.
std::vector<format::KernelRow> mergeKernelRows(std::vector<format::KernelRow> counted,
                                               const std::vector<format::KernelRow> &recorded);

} // namespace commledger::rt
