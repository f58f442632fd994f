// Renderers of a Report: text for a terminal (100 columns), versioned JSON, and CSV (one row per
// site). Only the text has human units; JSON and CSV keep exact integers.
#pragma once
#include "commledger/reconcile/Report.h"

#include <string>

namespace commledger::reconcile {

std::string renderText(const Report &report);
std::string renderJson(const Report &report);
std::string renderCsv(const Report &report);

} // namespace commledger::reconcile
