// Sharded aggregation of requested traffic; see RequestAggregator.h.
#include "core/RequestAggregator.h"

#include "core/CapturedRequest.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <map>
#include <tuple>

namespace commledger::rt {
namespace {

std::size_t mix(std::size_t seed, std::size_t value) {
  return seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

int memoryOrder(format::MemoryKind kind) { return static_cast<int>(kind); }

} // namespace

bool RequestKey::operator==(const RequestKey &o) const {
  return site == o.site && kind == o.kind && src == o.src && dst == o.dst &&
         declaredSrcDevice == o.declaredSrcDevice && declaredDstDevice == o.declaredDstDevice &&
         (api == o.api || (api && o.api && std::strcmp(api, o.api) == 0));
}

std::size_t RequestKeyHash::operator()(const RequestKey &key) const {
  // The api pointer is left out of the hash: equal names at different addresses must collide.
  std::size_t h = std::hash<std::uint64_t>()(key.site);
  for (int v : {key.kind, key.src.device, memoryOrder(key.src.memory), key.dst.device,
                memoryOrder(key.dst.memory), key.declaredSrcDevice, key.declaredDstDevice})
    h = mix(h, static_cast<std::size_t>(v));
  return h;
}

void RequestAggregator::add(const RequestKey &key, std::uint64_t bytes) {
  Shard &shard = shards_[std::hash<std::uint64_t>()(key.site) % kShards];
  std::lock_guard<std::mutex> lock(shard.mutex);
  Totals &totals = shard.totals[key];
  totals.bytes += bytes;
  totals.count += 1;
}

std::vector<format::RequestRow> RequestAggregator::rows() const {
  using SortKey = std::tuple<format::SiteId, std::string, std::string, int, int, int, int, int,
                             int>;
  std::map<SortKey, format::RequestRow> merged;
  for (const Shard &shard : shards_) {
    std::lock_guard<std::mutex> lock(shard.mutex);
    for (const auto &[key, totals] : shard.totals) {
      std::string api = key.api ? key.api : "";
      std::string kind = memcpyKindName(key.kind);
      SortKey sortKey{key.site, api, kind, key.src.device, memoryOrder(key.src.memory),
                      key.dst.device, memoryOrder(key.dst.memory), key.declaredSrcDevice,
                      key.declaredDstDevice};
      format::RequestRow &row = merged[sortKey];
      row.site = key.site;
      row.api = api;
      row.kind = kind;
      row.src = key.src;
      row.dst = key.dst;
      if (key.declaredSrcDevice != kNoDevice)
        row.declaredSrcDevice = key.declaredSrcDevice;
      if (key.declaredDstDevice != kNoDevice)
        row.declaredDstDevice = key.declaredDstDevice;
      row.bytes += totals.bytes;
      row.count += totals.count;
    }
  }
  std::vector<format::RequestRow> out;
  out.reserve(merged.size());
  for (auto &entry : merged)
    out.push_back(std::move(entry.second));
  return out;
}

} // namespace commledger::rt
