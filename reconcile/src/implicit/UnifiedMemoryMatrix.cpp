// Observed unified-memory traffic: the traces' unified_memory rows per allocation site, as
// (d+1)×(d+1) matrices (all, prefetch-driven = cause "user", fault-driven = any other cause) and
// event counts (faults, thrashing, throttling, remote maps).
#include "commledger/reconcile/implicit/ImplicitTrafficBuilder.h"

#include <map>

namespace commledger::reconcile {

namespace {
bool isTransfer(const std::string &counter) {
  return counter == "htod" || counter == "dtoh" || counter == "dtod";
}

void addPair(std::vector<UmPair> &pairs, int src, int dst, bool prefetch, std::uint64_t bytes) {
  for (UmPair &p : pairs)
    if (p.src == src && p.dst == dst) {
      (prefetch ? p.prefetchBytes : p.faultBytes) += bytes;
      return;
    }
  UmPair p{src, dst, 0, 0};
  (prefetch ? p.prefetchBytes : p.faultBytes) += bytes;
  pairs.push_back(p);
}
} // namespace

void addObservedUnifiedMemory(const ReconcileInput &input, ImplicitTraffic &out) {
  const int d = out.deviceCount;
  out.umAll = CommMatrix("unified memory", d);
  out.umPrefetch = CommMatrix("unified memory, prefetch", d);
  out.umFault = CommMatrix("unified memory, fault", d);
  std::map<std::string, std::size_t> index; // site ID or "~bucket" -> position in out
  for (const LoadedTrace &t : input.traces)
    for (const format::UnifiedMemoryRow &r : t.trace.unifiedMemory) {
      std::string key = r.allocationSite ? format::siteIdToString(*r.allocationSite)
                                         : "~" + (r.allocationBucket.empty() ? std::string("unknown")
                                                                             : r.allocationBucket);
      auto [it, fresh] = index.try_emplace(key, out.unifiedMemory.size());
      if (fresh) {
        UmAllocation a;
        a.site = r.allocationSite;
        a.label = key[0] == '~' ? key.substr(1) : key;
        a.all = CommMatrix("all", d);
        a.prefetch = CommMatrix("prefetch", d);
        a.fault = CommMatrix("fault", d);
        out.unifiedMemory.push_back(std::move(a));
      }
      UmAllocation &a = out.unifiedMemory[it->second];
      if (!isTransfer(r.counter)) {
        a.events[r.counter] += r.value;
        continue;
      }
      const bool prefetch = r.cause == "user"; // cudaMemPrefetchAsync; the rest is on demand
      Hop hop{TrafficKind::Other, r.src, r.dst, r.value, r.count};
      for (CommMatrix *m : {&a.all, prefetch ? &a.prefetch : &a.fault, &out.umAll,
                            prefetch ? &out.umPrefetch : &out.umFault})
        m->add(hop);
      addPair(a.observed, r.src, r.dst, prefetch, r.value);
    }
}

} // namespace commledger::reconcile
