// Launch values per site (commledger_launch_values): each distinct value tuple with its count, and
// for its pointer values the allocation site holding them. Called on every instrumented launch, so
// a known tuple costs one short sharded lock and no allocation; a site's tuples are bounded, the
// rest counted in one "other" row.
#pragma once
#include "commledger/format/TraceSections.h"

#include <cstdint>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

namespace commledger::rt {

class LaunchValuesAggregator {
public:
  static constexpr unsigned kMaxValues = 32;        // the instrumenter passes no more
  static constexpr unsigned kMaxTuplesPerSite = 64; // distinct tuples kept per site

  // Where a pointer value points: asked once per new tuple, never for a known one.
  using AllocationLookup = std::optional<format::SiteId> (*)(std::uint64_t address);

  // `pointers`: how many of the last values are pointers. More than kMaxValues values, or more
  // pointers than values, count as "other".
  void add(format::SiteId site, const std::uint64_t *values, unsigned count, unsigned pointers,
           AllocationLookup lookup);
  // Sorted by site, then values; a site's "other" row last. Deterministic traces.
  std::vector<format::LaunchRow> rows() const;

private:
  struct Key {
    format::SiteId site = 0;
    unsigned count = 0, pointers = 0;
    std::uint64_t values[kMaxValues] = {};
    bool operator==(const Key &o) const;
  };
  struct KeyHash {
    std::size_t operator()(const Key &key) const;
  };
  struct Entry {
    std::vector<std::optional<format::SiteId>> allocationSites;
    std::uint64_t count = 0;
  };
  struct SiteTotals {
    unsigned tuples = 0;
    std::uint64_t other = 0;
  };
  struct Shard {
    mutable std::mutex mutex;
    std::unordered_map<Key, Entry, KeyHash> tuples;
    std::unordered_map<format::SiteId, SiteTotals> sites;
  };
  static constexpr unsigned kShards = 16; // a site's tuples all live in one shard
  Shard shards_[kShards];
};

// The process's aggregator (never destroyed: the exit path reads it).
LaunchValuesAggregator &launchValuesAggregator();

} // namespace commledger::rt
