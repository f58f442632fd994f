// Predicted bytes per pointer parameter of one launch site, from its kernel footprint (site
// database) and the launch values the runtime recorded (trace section `launches`): each distinct
// tuple's formulas evaluated once and multiplied by its count. docs/formats.md, "launches".
#pragma once
#include "commledger/format/SiteDatabase.h"
#include "commledger/format/TraceSections.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace commledger::reconcile {

// One (parameter, allocation it received, reason) of a site: launches are grouped so launches
// handing a parameter different allocations (ping-pong buffers) stay apart.
struct LaunchParamPrediction {
  std::string param;                            // the kernel's pointer parameter
  std::optional<format::SiteId> allocationSite; // the allocation its pointer value fell in
  std::uint64_t launches = 0;                   // launches summed in this row
  // Totals over those launches; nullopt when unknown (then `reason` says why).
  std::optional<std::uint64_t> readBytes, writeBytes;
  std::string reason; // empty when both totals are known
};

// `rows`: the trace's launches rows (any site's: those of other sites are ignored; merge the rows
// of several traces by simply concatenating them). Ordered by the footprint's parameter order, then
// allocation site (none first), then reason. Empty when the site has no footprint parameters or no
// rows: launches that passed no values have only the footprint's folded *_bytes per launch, to
// multiply by the kernel count.
std::vector<LaunchParamPrediction> predictLaunches(const format::Site &site,
                                                   const std::vector<format::LaunchRow> &rows);

} // namespace commledger::reconcile
