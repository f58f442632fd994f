// Assembling the implicit-traffic sections: allocations, observed unified memory with the
// residency model's prediction per managed allocation site, and per-launch counter rows.
#include "commledger/reconcile/implicit/ImplicitTrafficBuilder.h"

#include "commledger/reconcile/implicit/ResidencySteps.h"

#include <algorithm>

namespace commledger::reconcile {

namespace {
int devicesSeen(const ReconcileInput &input, int deviceCount) {
  int top = deviceCount - 1;
  for (const LoadedTrace &t : input.traces) {
    for (const format::UnifiedMemoryRow &r : t.trace.unifiedMemory)
      top = std::max({top, r.src, r.dst});
    for (const format::AllocationRow &r : t.trace.allocations)
      top = std::max(top, r.device);
    for (const format::KernelRow &r : t.trace.kernels)
      top = std::max(top, r.device);
    for (const format::CounterRow &r : t.trace.counters)
      top = std::max(top, r.device);
  }
  return top + 1;
}

void addPairs(std::vector<UmPair> &into, const std::vector<UmPair> &from) {
  for (const UmPair &p : from) {
    auto it = std::find_if(into.begin(), into.end(),
                           [&](const UmPair &q) { return q.src == p.src && q.dst == p.dst; });
    if (it == into.end()) {
      into.push_back(p);
    } else {
      it->prefetchBytes += p.prefetchBytes;
      it->faultBytes += p.faultBytes;
    }
  }
}

// Replays the allocation in every trace that made it; the prediction is known only if every
// replay is.
void predict(const ReconcileInput &input, const AllocationSummary &alloc, const format::Site &site,
             const SourceLines &source, UmAllocation &um,
             std::map<std::pair<int, int>, unsigned> &transitions) {
  um.predictionKnown = true;
  std::string notes;
  for (const LoadedTrace &t : input.traces)
    for (const format::AllocationRow &a : t.trace.allocations) {
      if (a.site != alloc.site || a.memory != "managed" || a.count == 0)
        continue;
      if (a.count > 1) {
        um.predictionKnown = false;
        notes = "allocated " + std::to_string(a.count) +
                " times in one run: the model follows a single allocation";
        continue;
      }
      um.pageBytes = umPageBytes(a.bytes);
      StepPlan plan = planResidency(t.trace, input.sites, site, alloc.argument, a.bytes, source);
      um.order = plan.order;
      if (!plan.reason.empty() && notes.find(plan.reason) == std::string::npos)
        notes += (notes.empty() ? "" : "; ") + plan.reason;
      if (!plan.known) {
        um.predictionKnown = false;
        continue;
      }
      addPairs(um.predicted, replayResidency(a.bytes, plan.steps, &transitions));
    }
  um.message = notes;
}
} // namespace

ImplicitTraffic buildImplicitTraffic(const ReconcileInput &input, int deviceCount,
                                     const ImplicitOptions &options) {
  ImplicitTraffic out;
  out.deviceCount = devicesSeen(input, deviceCount);
  out.calibration = options.profile ? options.profilePath : "";
  out.allocations = summarizeAllocations(input, options.source);
  addObservedUnifiedMemory(input, out);
  bool anyCounters = std::any_of(input.traces.begin(), input.traces.end(), [](const LoadedTrace &t) {
    return !t.trace.unifiedMemory.empty();
  });

  for (const AllocationSummary &alloc : out.allocations) {
    if (alloc.memory != "managed" || !alloc.site)
      continue;
    auto it = std::find_if(out.unifiedMemory.begin(), out.unifiedMemory.end(),
                           [&](const UmAllocation &u) { return u.site == alloc.site; });
    if (it == out.unifiedMemory.end()) {
      UmAllocation fresh;
      fresh.site = alloc.site;
      fresh.all = CommMatrix("all", out.deviceCount);
      fresh.prefetch = CommMatrix("prefetch", out.deviceCount);
      fresh.fault = CommMatrix("fault", out.deviceCount);
      out.unifiedMemory.push_back(std::move(fresh));
      it = std::prev(out.unifiedMemory.end());
    }
    UmAllocation &um = *it;
    um.label = alloc.location + (alloc.argument.empty() ? "" : " (" + alloc.argument + ")");
    um.allocationBytes = alloc.count ? alloc.bytes / alloc.count : alloc.bytes;
    std::map<std::pair<int, int>, unsigned> transitions;
    if (const format::Site *site = input.sites.find(*alloc.site)) {
      predict(input, alloc, *site, options.source, um, transitions);
    } else {
      um.message = "the allocation site is in no site database";
    }
    std::string why = um.message;
    judgeUnifiedMemory(um, anyCounters, transitions);
    if (um.verdict != UmVerdict::PredictionUnknown && !why.empty())
      um.message += " (" + why + ")"; // e.g. a symbolic footprint taken as the whole allocation
  }
  for (UmAllocation &um : out.unifiedMemory)
    if (um.predicted.empty() && !um.predictionKnown && um.message.empty()) {
      um.verdict = UmVerdict::PredictionUnknown;
      um.message = um.site ? "not a managed allocation of any trace"
                           : "the address matched no allocation the runtime saw";
    }
  out.launches = launchTraffic(input, out.allocations, options);
  addZeroCopyPeer(out);
  return out;
}

} // namespace commledger::reconcile
