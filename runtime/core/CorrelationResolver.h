// Maps CUPTI correlation ids to call sites. EXTERNAL_CORRELATION records (CUSTOM0) say which site
// was on the thread's stack when an API call ran; copy records name the driver call (and, for
// MEMCPY, the runtime call) that issued them. Records whose correlation has not arrived yet wait
// here; at finish() the rest become unattributed, bucketed by the issuing API's name.
#pragma once
#include "core/CopyRecord.h"

#include <deque>
#include <functional>
#include <unordered_map>
#include <vector>

namespace commledger::rt {

class CorrelationResolver {
public:
  using Sink = std::function<void(const Attribution &, const CopyRecord &)>;
  explicit CorrelationResolver(Sink sink) : sink_(std::move(sink)) {}

  void onExternalCorrelation(std::uint32_t correlationId, format::SiteId site);
  // An API record; `copyApiName` is set only for copy/memset APIs (static string).
  void onApi(std::uint32_t correlationId, const char *copyApiName);
  void onCopy(const CopyRecord &record);
  // Retries waiting records; call after each batch of records.
  void drain();
  // Resolves what is still waiting, unattributed if need be. Call once, at the end.
  void finish();

  std::size_t waiting() const { return pending_.size(); }

private:
  bool tryResolve(const CopyRecord &record);
  void resolveUnattributed(const CopyRecord &record);
  template <typename Map, typename Value>
  static void insertBounded(Map &map, std::deque<std::uint32_t> &order, std::uint32_t id,
                            Value value);

  Sink sink_;
  // Bounded by oldest-first eviction rather than erased at first match: one call can issue
  // several records (staged halves, batches, chunked copies) that all need the same entry.
  std::unordered_map<std::uint32_t, format::SiteId> sites_;
  std::deque<std::uint32_t> siteOrder_;
  std::unordered_map<std::uint32_t, const char *> apiNames_;
  std::deque<std::uint32_t> apiOrder_;
  std::deque<CopyRecord> pending_;

public:
  static constexpr std::size_t kMaxEntries = 1u << 18, kMaxPending = 1u << 16;
};

} // namespace commledger::rt
