// The unified-memory residency model: a managed allocation cut into pages, each resident on the
// host, on one GPU, or nowhere yet; replaying the ordered accesses of a run gives the migrations
// the program implies, per pair, prefetch-driven and fault-driven apart (docs/implicit-traffic.md).
#pragma once
#include "commledger/reconcile/implicit/ImplicitTraffic.h"

#include <cstdint>
#include <string>
#include <vector>

namespace commledger::reconcile {

// 2 MiB: the unit the CUDA driver migrates managed memory in on x86 Linux without HMM (its
// "large page"); smaller allocations are one page of their own size.
inline constexpr std::uint64_t kUmPageBytes = 2ull << 20;
std::uint64_t umPageBytes(std::uint64_t allocationBytes);

// One access to the allocation, in run order: a launch on a GPU, a prefetch, or host code.
struct ResidencyStep {
  enum class Kind { Launch, Prefetch, Host };
  Kind kind = Kind::Launch;
  int device = -1;          // where the pages go: the launch's GPU, the prefetch's dst, -1 host
  std::uint64_t bytes = 0;  // bytes touched from the allocation's start (clipped to its size)
  unsigned line = 0;        // source line (for ordering and messages)
};

// Replays `steps` over an allocation of `allocationBytes`: a page touched where it is not
// resident moves there (first touch of a never-touched page populates it: no transfer). Returns
// the migrated bytes per (src, dst) pair, in first-seen order; `transitions` counts page ranges
// moved per pair (one per step), the tolerance unit when comparing with observed bytes.
std::vector<UmPair> replayResidency(std::uint64_t allocationBytes,
                                    const std::vector<ResidencyStep> &steps,
                                    std::map<std::pair<int, int>, unsigned> *transitions = nullptr);

// Compares predicted and observed pairs of one allocation (fills verdict and message).
void judgeUnifiedMemory(UmAllocation &a, bool anyCountersInTraces,
                        const std::map<std::pair<int, int>, unsigned> &transitions);

} // namespace commledger::reconcile
