// Builds the implicit-traffic part of a report from the loaded inputs: allocation rows, observed
// unified-memory matrices with the residency model's prediction, and per-launch counter rows.
#pragma once
#include "commledger/format/MachineProfile.h"
#include "commledger/reconcile/ReconcileInput.h"
#include "commledger/reconcile/implicit/ImplicitTraffic.h"
#include "commledger/reconcile/implicit/SourceText.h"

#include <optional>

namespace commledger::reconcile {

struct ImplicitOptions {
  SourceLines source;                           // empty: sources unreadable
  std::optional<format::MachineProfile> profile; // --machine-profile
  std::string profilePath;
};

// Source lines read from `root` joined with the site's file (HtmlSourceSnippet's reader).
SourceLines sourceLinesUnder(const std::string &root);

// `deviceCount`: the report's; grows to cover devices only these sections name.
ImplicitTraffic buildImplicitTraffic(const ReconcileInput &input, int deviceCount,
                                     const ImplicitOptions &options);

// Parts, for tests and for each other.
std::vector<AllocationSummary> summarizeAllocations(const ReconcileInput &input,
                                                    const SourceLines &source);
// Observed UM rows of every trace per allocation site; fills the total matrices of `out`.
void addObservedUnifiedMemory(const ReconcileInput &input, ImplicitTraffic &out);
// Per-GPU totals and the zero_copy_peer matrix of `out.launches` (their link rows).
void addZeroCopyPeer(ImplicitTraffic &out);
std::vector<LaunchTraffic> launchTraffic(const ReconcileInput &input,
                                         const std::vector<AllocationSummary> &allocations,
                                         const ImplicitOptions &options);

} // namespace commledger::reconcile
