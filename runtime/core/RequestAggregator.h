// Requested traffic per (site, api, kind, src endpoint, dst endpoint, declared devices): bytes and
// count. Called on every instrumented call, so the common case (a shape seen before) takes one
// short sharded lock and allocates nothing.
#pragma once
#include "commledger/format/Trace.h"

#include <cstdint>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace commledger::rt {

struct RequestKey {
  format::SiteId site = 0;
  const char *api = nullptr; // static string; equal names at different addresses merge later
  int kind = -1;
  format::Endpoint src, dst;
  int declaredSrcDevice = -2, declaredDstDevice = -2;
  bool operator==(const RequestKey &o) const;
};

struct RequestKeyHash {
  std::size_t operator()(const RequestKey &key) const;
};

class RequestAggregator {
public:
  void add(const RequestKey &key, std::uint64_t bytes);
  // Rows sorted by site, then api, kind and endpoints: deterministic traces.
  std::vector<format::RequestRow> rows() const;

private:
  struct Totals {
    std::uint64_t bytes = 0, count = 0;
  };
  struct Shard {
    mutable std::mutex mutex;
    std::unordered_map<RequestKey, Totals, RequestKeyHash> totals;
  };
  static constexpr unsigned kShards = 16; // threads copying at different sites rarely collide
  Shard shards_[kShards];
};

} // namespace commledger::rt
