// Maps CUPTI correlation ids to call sites. The API-enter callback notes, per copy/memset call,
// the site that was on the thread's stack or, without one, the API's name (CallCorrelations.h);
// copy records carry the call's correlation id (and, for MEMCPY, possibly the runtime call's).
// Records of a call noted by name are bucketed under it at once; records whose call was never
// noted (an API we do not trace) wait here, and at finish() become unattributed `unknown`.
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

  // The call `correlationId` ran under `site` (the name is that of the CUPTI record that once
  // carried this, EXTERNAL_CORRELATION).
  void onExternalCorrelation(std::uint32_t correlationId, format::SiteId site);
  // The call ran without a site; `copyApiName` (static string) names its copies' bucket, and
  // nullptr (not a copy API) is ignored.
  void onApi(std::uint32_t correlationId, const char *copyApiName);
  void onCopy(const CopyRecord &record);
  // Retries waiting records; call after each batch of records.
  void drain();
  // Resolves what is still waiting, unattributed if need be. Call once, at the end.
  void finish();
  // Hands each waiting record to `sink` as finish() would attribute it now, changing nothing:
  // what a checkpoint writes while the run goes on.
  void peekPending(const Sink &sink) const;

  std::size_t waiting() const { return pending_.size(); }

private:
  bool tryResolve(const CopyRecord &record);
  void resolveUnattributed(const CopyRecord &record);
  Attribution attributionNow(const CopyRecord &record) const;
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
