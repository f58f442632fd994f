// Renderers of a Report: text for a terminal (100 columns), versioned JSON, and CSV (one row per
// site). Only the text has human units; JSON and CSV keep exact integers.
#pragma once
#include "commledger/reconcile/Report.h"

#include <optional>
#include <string>
#include <vector>

namespace commledger::reconcile {

std::string renderText(const Report &report);
std::string renderJson(const Report &report);
std::string renderCsv(const Report &report);
std::string renderHtml(const Report &report); // self-contained page: docs/html-report.md
std::string renderSarif(const Report &report); // SARIF 2.1.0: one result per non-match site

// The formats `commledger report --format` knows, in the order --help lists them.
std::vector<std::string> reportFormats();
// The report in `format`; nothing when the format is unknown.
std::optional<std::string> renderReport(const Report &report, const std::string &format);

} // namespace commledger::reconcile
