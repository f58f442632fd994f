// The sections of the HTML report (renderHtml in ReportWriters.h puts them on
// one page). Each returns an HTML fragment; every input-derived string in it is
// escaped with htmlEscape.
#pragma once
#include "commledger/reconcile/Report.h"

#include <string>

namespace commledger::reconcile {

// Heatmaps of every non-empty matrix ("all" always), bytes and counts, linear
// and log intensities.
std::string renderHtmlHeatmaps(const Report &report);
// The per-site table (non-match rows first), each site with its source snippet
// row.
std::string renderHtmlSites(const Report &report);
// Run metadata per trace: process, command line, CUDA versions, GPUs,
// peer-access topology.
std::string renderHtmlRuns(const Report &report);

// The CSS and the script of the page, inline: the report fetches nothing.
extern const char *const kHtmlStyle;
extern const char *const kHtmlScript;

} // namespace commledger::reconcile
