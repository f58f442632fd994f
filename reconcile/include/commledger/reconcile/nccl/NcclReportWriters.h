// Rendering of the report's NCCL section: the JSON "nccl" value
// (docs/report-format.md) and the text report's table, one line per NCCL call
// site. Called by JsonReport.cpp and TextReport.cpp.
#pragma once
#include "commledger/reconcile/nccl/NcclReport.h"

#include <string>

namespace commledger::reconcile::nccl {

// The value of the report's "nccl" key: {"gpus", "matrices", "sites"}, one site
// per line.
std::string renderNcclJson(const NcclSection &section);
// "" when there is no NCCL site; else a titled table and one note line per site
// that has notes.
std::string renderNcclText(const NcclSection &section);

} // namespace commledger::reconcile::nccl
