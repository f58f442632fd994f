// The ordered accesses to one managed allocation in one trace, for the residency model: launches
// that receive it (matched statically by argument text in the allocating function), prefetches
// of it, and host code that subscripts it. Ordered by the trace's kernel events when present,
// else by source line (docs/implicit-traffic.md, "Residency model").
#pragma once
#include "commledger/format/SiteDatabase.h"
#include "commledger/format/Trace.h"
#include "commledger/reconcile/implicit/ResidencyModel.h"
#include "commledger/reconcile/implicit/SourceText.h"

#include <string>
#include <vector>

namespace commledger::reconcile {

struct StepPlan {
  bool known = false;
  std::string reason;            // why the prediction is unknown; else notes ("" when none)
  std::string order = "source";  // "events" or "source"
  std::vector<ResidencyStep> steps;
};

// `argument` is the allocation's pointer text ("g0"); `allocationBytes` one allocation's size.
StepPlan planResidency(const format::Trace &trace, const format::SiteDatabase &db,
                       const format::Site &allocation, const std::string &argument,
                       std::uint64_t allocationBytes, const SourceLines &source);

} // namespace commledger::reconcile
