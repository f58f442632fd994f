// Builds the report's NCCL section from the traces' nccl_comms, nccl_calls,
// kernels and counters and the site databases' "nccl" sites
// (docs/report-format.md, section "nccl").
#pragma once
#include "commledger/reconcile/CommMatrix.h"
#include "commledger/reconcile/ReconcileInput.h"
#include "commledger/reconcile/nccl/NcclReport.h"

#include <string>
#include <vector>

namespace commledger::reconcile::nccl {

// Rows per NCCL call site and matrices per collective kind. On one host the
// predicted pairs are also added to `matrices` as TrafficKind::Nccl hops (so
// "all" includes them); with traces from several hosts they are not (the
// report's matrices key GPUs by device only) and a warning says so.
NcclSection buildNcclSection(const ReconcileInput &input, MatrixSet &matrices,
                             std::vector<std::string> &warnings);

} // namespace commledger::reconcile::nccl
