// Rendering the implicit-traffic sections into the JSON and text reports (docs/report-format.md,
// "Implicit traffic"). Both return "" when the sections are empty, so reports of runs without
// allocations, unified memory or counters stay as they were.
#pragma once
#include "commledger/reconcile/implicit/ImplicitTraffic.h"

#include <string>

namespace commledger::reconcile {

// `,\n "allocations": [...],\n "unified_memory": {...},\n "launches": [...]`: to splice into
// the report object after its last section.
std::string implicitJsonSections(const ImplicitTraffic &implicit);
// Short tables, one per section, each starting with a blank line.
std::string implicitTextSections(const ImplicitTraffic &implicit);

} // namespace commledger::reconcile
