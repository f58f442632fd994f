// Call correlations from the API-enter callback to the resolver; see CallCorrelations.h.
#include "core/CallCorrelations.h"

#include "core/ObservationPipeline.h"

#include <atomic>

namespace commledger::rt {
namespace {

// Each thread takes the next shard once; constant-initialised, so no TLS constructor runs.
unsigned shardOfThisThread() {
  static std::atomic<unsigned> next{0};
  thread_local unsigned shard = CallCorrelationInbox::kShards; // "not chosen yet"
  if (shard == CallCorrelationInbox::kShards)
    shard = next.fetch_add(1, std::memory_order_relaxed) % CallCorrelationInbox::kShards;
  return shard;
}

} // namespace

void CallCorrelationInbox::add(const CallCorrelation &call) {
  Shard &shard = shards_[shardOfThisThread()];
  std::lock_guard<std::mutex> lock(shard.mutex);
  if (shard.calls.size() >= shardLimit_)
    shard.calls.erase(shard.calls.begin(), shard.calls.begin() + shardLimit_ / 2);
  shard.calls.push_back(call);
}

void CallCorrelationInbox::takeAll(std::vector<CallCorrelation> &out) {
  out.clear();
  for (Shard &shard : shards_) {
    std::lock_guard<std::mutex> lock(shard.mutex);
    if (out.empty()) {
      out.swap(shard.calls); // the common case, one busy thread: no copy
      continue;
    }
    out.insert(out.end(), shard.calls.begin(), shard.calls.end());
    shard.calls.clear();
  }
}

void CallCorrelationInbox::deliverTo(ObservationPipeline &pipeline) {
  takeAll(taken_);
  for (const CallCorrelation &call : taken_) {
    if (call.api)
      pipeline.onApi(call.correlationId, call.api);
    else
      pipeline.onExternalCorrelation(call.correlationId, call.site);
  }
}

void noteCall(CallCorrelationInbox &inbox, const SiteStack &stack, std::uint32_t &lastNoted,
              std::uint32_t correlationId, const char *apiName) {
  if (correlationId == lastNoted && correlationId != 0)
    return; // the driver call under the runtime call just noted
  lastNoted = correlationId;
  CallCorrelation call;
  call.correlationId = correlationId;
  if (!stack.innermostSite(call.site))
    call.api = apiName ? apiName : "unknown";
  inbox.add(call);
}

} // namespace commledger::rt
