// What the CUPTI API-enter callback learns about each copy/memset call, handed to the
// CorrelationResolver: the call's correlation id (the one its MEMCPY/MEMSET records carry) with
// the site on the calling thread, or, when no site is active, the API's name (the bucket its
// copies go to). This replaces CUPTI's RUNTIME, DRIVER and EXTERNAL_CORRELATION activity, which
// recorded every API call of the program.
#pragma once
#include "core/SiteStack.h"

#include <cstdint>
#include <mutex>
#include <vector>

namespace commledger::rt {

class ObservationPipeline;

struct CallCorrelation {
  std::uint32_t correlationId = 0;
  const char *api = nullptr; // set (static string) when the call ran without a site
  format::SiteId site = 0;   // valid when api is null
};

// Written by the program's threads inside the callback, read by whoever processes CUPTI
// buffers. Sharded by thread so that threads copying concurrently rarely share a lock.
class CallCorrelationInbox {
public:
  static constexpr unsigned kShards = 16;
  // Per shard: as many calls as the resolver remembers. Past it the oldest half is dropped;
  // only a thread making that many calls before CUPTI hands back one buffer loses any.
  static constexpr std::size_t kDefaultShardLimit = 1u << 18;
  explicit CallCorrelationInbox(std::size_t shardLimit = kDefaultShardLimit)
      : shardLimit_(shardLimit < 2 ? 2 : shardLimit) {}

  void add(const CallCorrelation &call);
  // Moves what was added so far into `out` (which is cleared first); per thread, oldest first.
  void takeAll(std::vector<CallCorrelation> &out);
  // takeAll, then tells the pipeline each call's site or API name. Caller holds the pipeline.
  void deliverTo(ObservationPipeline &pipeline);

private:
  struct alignas(64) Shard {
    std::mutex mutex;
    std::vector<CallCorrelation> calls;
  };
  std::size_t shardLimit_;
  Shard shards_[kShards];
  std::vector<CallCorrelation> taken_; // deliverTo's scratch: keeps its capacity
};

// The callback's per-thread rule. cudart's driver call underneath a runtime call shares its
// correlation id (measured, docs/measured-cupti.md): only the first callback of an id is noted,
// so a call without a site is named after the API the program called. `lastNoted` is the
// calling thread's. A site stack past its capacity no longer knows its innermost site: such a
// call is noted by name, as a call without one.
void noteCall(CallCorrelationInbox &inbox, const SiteStack &stack, std::uint32_t &lastNoted,
              std::uint32_t correlationId, const char *apiName);

} // namespace commledger::rt
