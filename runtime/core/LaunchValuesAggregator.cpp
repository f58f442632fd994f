// Sharded aggregation of launch value tuples; see LaunchValuesAggregator.h.
#include "core/LaunchValuesAggregator.h"

#include <algorithm>
#include <functional>
#include <map>
#include <tuple>

namespace commledger::rt {
namespace {
std::size_t mix(std::size_t seed, std::size_t value) {
  return seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}
} // namespace

bool LaunchValuesAggregator::Key::operator==(const Key &o) const {
  return site == o.site && count == o.count && pointers == o.pointers &&
         std::equal(values, values + count, o.values);
}

std::size_t LaunchValuesAggregator::KeyHash::operator()(const Key &key) const {
  std::size_t h = mix(std::hash<std::uint64_t>()(key.site), key.pointers);
  for (unsigned i = 0; i < key.count; ++i)
    h = mix(h, std::hash<std::uint64_t>()(key.values[i]));
  return h;
}

void LaunchValuesAggregator::add(format::SiteId site, const std::uint64_t *values, unsigned count,
                                 unsigned pointers, AllocationLookup lookup) {
  Shard &shard = shards_[std::hash<std::uint64_t>()(site) % kShards];
  const bool valid = values && count <= kMaxValues && pointers <= count;
  Key key; // on the stack: a known tuple allocates nothing
  key.site = site;
  if (valid) {
    key.count = count;
    key.pointers = pointers;
    std::copy(values, values + count, key.values);
  }
  {
    std::lock_guard<std::mutex> lock(shard.mutex);
    SiteTotals &totals = shard.sites[site];
    if (!valid) {
      ++totals.other;
      return;
    }
    if (auto it = shard.tuples.find(key); it != shard.tuples.end()) {
      ++it->second.count;
      return;
    }
    if (totals.tuples >= kMaxTuplesPerSite) {
      ++totals.other;
      return;
    }
  }
  // A new tuple: look its pointers up outside our lock (the table takes its own).
  std::vector<std::optional<format::SiteId>> allocationSites(pointers);
  for (unsigned i = 0; i < pointers; ++i)
    if (lookup)
      allocationSites[i] = lookup(values[count - pointers + i]);
  std::lock_guard<std::mutex> lock(shard.mutex);
  SiteTotals &totals = shard.sites[site];
  auto it = shard.tuples.find(key);
  if (it == shard.tuples.end()) { // another thread may have added it meanwhile
    if (totals.tuples >= kMaxTuplesPerSite) {
      ++totals.other;
      return;
    }
    ++totals.tuples;
    it = shard.tuples.emplace(key, Entry{std::move(allocationSites), 0}).first;
  }
  ++it->second.count;
}

std::vector<format::LaunchRow> LaunchValuesAggregator::rows() const {
  std::map<std::tuple<format::SiteId, bool, std::vector<std::uint64_t>>, format::LaunchRow> sorted;
  for (const Shard &shard : shards_) {
    std::lock_guard<std::mutex> lock(shard.mutex);
    for (const auto &[key, entry] : shard.tuples) {
      format::LaunchRow row;
      row.site = key.site;
      row.values.assign(key.values, key.values + key.count);
      row.allocationSites = entry.allocationSites;
      row.count = entry.count;
      sorted.emplace(std::make_tuple(key.site, false, row.values), std::move(row));
    }
    for (const auto &[site, totals] : shard.sites) {
      if (totals.other == 0)
        continue;
      format::LaunchRow row;
      row.site = site;
      row.other = true;
      row.count = totals.other;
      sorted.emplace(std::make_tuple(site, true, std::vector<std::uint64_t>{}), std::move(row));
    }
  }
  std::vector<format::LaunchRow> out;
  out.reserve(sorted.size());
  for (auto &entry : sorted)
    out.push_back(std::move(entry.second));
  return out;
}

LaunchValuesAggregator &launchValuesAggregator() {
  static auto *aggregator = new LaunchValuesAggregator(); // never destroyed: read at exit
  return *aggregator;
}

} // namespace commledger::rt
