// Correlation id → site resolution; see CorrelationResolver.h.
#include "core/CorrelationResolver.h"

namespace commledger::rt {

template <typename Map, typename Value>
void CorrelationResolver::insertBounded(Map &map, std::deque<std::uint32_t> &order,
                                        std::uint32_t id, Value value) {
  if (map.insert_or_assign(id, value).second)
    order.push_back(id);
  while (order.size() > kMaxEntries) {
    map.erase(order.front());
    order.pop_front();
  }
}

void CorrelationResolver::onExternalCorrelation(std::uint32_t correlationId,
                                                format::SiteId site) {
  insertBounded(sites_, siteOrder_, correlationId, site);
}

void CorrelationResolver::onApi(std::uint32_t correlationId, const char *copyApiName) {
  if (copyApiName)
    insertBounded(apiNames_, apiOrder_, correlationId, copyApiName);
}

bool CorrelationResolver::tryResolve(const CopyRecord &record) {
  auto it = sites_.find(record.correlationId);
  if (it == sites_.end() && record.runtimeCorrelationId != 0)
    it = sites_.find(record.runtimeCorrelationId);
  if (it != sites_.end()) {
    sink_(Attribution{it->second, {}}, record);
    return true;
  }
  // A call noted without a site will never get one: bucket its copies now rather than hold them.
  if (apiNames_.count(record.correlationId) != 0 ||
      (record.runtimeCorrelationId != 0 && apiNames_.count(record.runtimeCorrelationId) != 0)) {
    sink_(attributionNow(record), record);
    return true;
  }
  return false;
}

void CorrelationResolver::resolveUnattributed(const CopyRecord &record) {
  sink_(attributionNow(record), record);
}

Attribution CorrelationResolver::attributionNow(const CopyRecord &record) const {
  auto site = sites_.find(record.correlationId);
  if (site == sites_.end() && record.runtimeCorrelationId != 0)
    site = sites_.find(record.runtimeCorrelationId);
  if (site != sites_.end())
    return Attribution{site->second, {}};
  // Prefer the runtime API's name: it is the call the program made.
  const char *name = nullptr;
  if (record.runtimeCorrelationId != 0) {
    auto it = apiNames_.find(record.runtimeCorrelationId);
    if (it != apiNames_.end())
      name = it->second;
  }
  if (!name) {
    auto it = apiNames_.find(record.correlationId);
    if (it != apiNames_.end())
      name = it->second;
  }
  return Attribution{std::nullopt, name ? name : "unknown"};
}

void CorrelationResolver::peekPending(const Sink &sink) const {
  for (const CopyRecord &record : pending_)
    sink(attributionNow(record), record);
}

void CorrelationResolver::onCopy(const CopyRecord &record) {
  if (tryResolve(record))
    return;
  pending_.push_back(record);
  // Copies no instrumented site issued (library internals) never resolve; cap what waits.
  while (pending_.size() > kMaxPending) {
    resolveUnattributed(pending_.front());
    pending_.pop_front();
  }
}

void CorrelationResolver::drain() {
  std::deque<CopyRecord> still;
  for (const CopyRecord &record : pending_)
    if (!tryResolve(record))
      still.push_back(record);
  pending_.swap(still);
}

void CorrelationResolver::finish() {
  for (const CopyRecord &record : pending_)
    resolveUnattributed(record);
  pending_.clear();
}

} // namespace commledger::rt
