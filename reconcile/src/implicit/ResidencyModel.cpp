// The page-granular residency model of managed allocations and its verdicts.
#include "commledger/reconcile/implicit/ResidencyModel.h"

#include <algorithm>

namespace commledger::reconcile {

namespace {
constexpr int kNowhere = -2; // never touched: the first access populates the page in place

UmPair &pairOf(std::vector<UmPair> &pairs, int src, int dst) {
  for (UmPair &p : pairs)
    if (p.src == src && p.dst == dst)
      return p;
  pairs.push_back(UmPair{src, dst, 0, 0});
  return pairs.back();
}

std::uint64_t findTotal(const std::vector<UmPair> &pairs, int src, int dst) {
  for (const UmPair &p : pairs)
    if (p.src == src && p.dst == dst)
      return p.total();
  return 0;
}
} // namespace

const char *toString(UmVerdict verdict) {
  switch (verdict) {
  case UmVerdict::Match: return "match";
  case UmVerdict::OverMigration: return "over-migration";
  case UmVerdict::Thrashing: return "thrashing";
  case UmVerdict::PartialAccess: return "partial access";
  case UmVerdict::PredictionUnknown: return "prediction unknown";
  case UmVerdict::Unobserved: return "unobserved";
  }
  return "prediction unknown";
}

std::uint64_t umPageBytes(std::uint64_t allocationBytes) {
  return allocationBytes != 0 && allocationBytes < kUmPageBytes ? allocationBytes : kUmPageBytes;
}

std::vector<UmPair> replayResidency(std::uint64_t allocationBytes,
                                    const std::vector<ResidencyStep> &steps,
                                    std::map<std::pair<int, int>, unsigned> *transitions) {
  std::vector<UmPair> pairs;
  const std::uint64_t page = umPageBytes(allocationBytes);
  if (allocationBytes == 0)
    return pairs;
  std::vector<int> where((allocationBytes + page - 1) / page, kNowhere);
  for (const ResidencyStep &step : steps) {
    std::uint64_t touched = std::min(step.bytes, allocationBytes);
    std::size_t pages = static_cast<std::size_t>((touched + page - 1) / page);
    std::map<std::pair<int, int>, bool> moved;
    for (std::size_t i = 0; i < pages; ++i) {
      int from = where[i];
      where[i] = step.device;
      if (from == kNowhere || from == step.device)
        continue;
      // The last page of an allocation that is no whole number of pages is shorter.
      std::uint64_t len = std::min<std::uint64_t>(page, allocationBytes - i * page);
      UmPair &p = pairOf(pairs, from, step.device);
      (step.kind == ResidencyStep::Kind::Prefetch ? p.prefetchBytes : p.faultBytes) += len;
      moved[{from, step.device}] = true;
    }
    if (transitions)
      for (const auto &[key, yes] : moved)
        ++(*transitions)[key];
  }
  return pairs;
}

void judgeUnifiedMemory(UmAllocation &a, bool anyCountersInTraces,
                        const std::map<std::pair<int, int>, unsigned> &transitions) {
  auto count = [&](const char *event) {
    auto it = a.events.find(event);
    return it == a.events.end() ? 0 : it->second;
  };
  if (!anyCountersInTraces) {
    a.verdict = UmVerdict::Unobserved;
    a.message = "the traces hold no unified-memory counters: nothing to compare with";
    return;
  }
  if (count("thrashing") > 0) {
    a.verdict = UmVerdict::Thrashing;
    a.message = std::to_string(count("thrashing")) + " thrashing events: pages bounce between "
                "processors faster than they are used";
    return;
  }
  if (!a.predictionKnown) {
    a.verdict = UmVerdict::PredictionUnknown;
    return; // the step builder wrote why into message
  }
  // Within page granularity: each modelled move of a page range may differ by up to one page
  // (a partly touched last page), so the tolerance is one page per move on that pair.
  auto tolerance = [&](int src, int dst) {
    auto it = transitions.find({src, dst});
    return a.pageBytes * std::max<unsigned>(1, it == transitions.end() ? 0 : it->second);
  };
  std::vector<std::pair<int, int>> keys;
  for (const UmPair &p : a.observed)
    keys.push_back({p.src, p.dst});
  for (const UmPair &p : a.predicted)
    keys.push_back({p.src, p.dst});
  std::string over, partial;
  std::uint64_t observedPrefetch = 0, observedFault = 0;
  for (const UmPair &p : a.observed) {
    observedPrefetch += p.prefetchBytes;
    observedFault += p.faultBytes;
  }
  for (const auto &[src, dst] : keys) {
    std::uint64_t obs = findTotal(a.observed, src, dst), pred = findTotal(a.predicted, src, dst);
    std::string text = pairLabel(src, dst) + " observed " + std::to_string(obs) + " B, predicted " +
                       std::to_string(pred) + " B";
    if (obs > pred + tolerance(src, dst) && over.find(pairLabel(src, dst)) == std::string::npos)
      over += (over.empty() ? "" : "; ") + text;
    else if (obs + tolerance(src, dst) < pred &&
             partial.find(pairLabel(src, dst)) == std::string::npos)
      partial += (partial.empty() ? "" : "; ") + text;
  }
  if (!over.empty()) {
    a.verdict = UmVerdict::OverMigration;
    a.message = over + (observedPrefetch && observedFault ? " (prefetch plus fault)"
                                                          : " (pages bouncing)");
  } else if (!partial.empty()) {
    a.verdict = UmVerdict::PartialAccess;
    a.message = partial + ": the program touched fewer pages than modelled";
  } else {
    a.verdict = UmVerdict::Match;
    a.message = "observed migrations match the residency model within " +
                std::to_string(a.pageBytes) + " B pages";
  }
}

} // namespace commledger::reconcile
