// The HTML report: one self-contained page (inline CSS and script, no external
// resource, a CSP that forbids fetching any) with heatmaps, the per-site table
// with source snippets, unattributed traffic, warnings and run metadata. The
// sections live in Html*.cpp (HtmlReportParts.h).
#include "commledger/reconcile/HtmlEscape.h"
#include "commledger/reconcile/HtmlReportParts.h"
#include "commledger/reconcile/HumanUnits.h"
#include "commledger/reconcile/ReportWriters.h"

#include <map>
#include <set>
#include <sstream>

namespace commledger::reconcile {

namespace {
// Inline style and script only; `default-src 'none'` keeps even a stray URL
// from being fetched.
const char *const kPolicy = "default-src 'none'; style-src 'unsafe-inline'; "
                            "script-src 'unsafe-inline'; img-src data:";

std::string plural(std::size_t n, const char *word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

void writeSummary(std::ostringstream &os, const Report &r) {
  std::set<std::string> hosts;
  for (const RunInfo &run : r.runs)
    hosts.insert(run.process.host);
  os << "<header>\n<h1>CommLedger report</h1>\n<p class=\"facts\">"
     << plural(static_cast<std::size_t>(r.deviceCount), "GPU") << " &middot; "
     << plural(r.sites.size(), "site") << " &middot; "
     << plural(r.runs.size(), "trace");
  if (!hosts.empty()) {
    os << " &middot; host" << (hosts.size() == 1 ? " " : "s ");
    std::size_t i = 0;
    for (const std::string &h : hosts)
      os << (i++ ? ", " : "") << htmlEscape(h);
  }
  os << "</p>\n<p class=\"badges\">";
  // Findings first, then matches.
  std::map<std::pair<bool, int>, std::pair<std::string, std::size_t>> byVerdict;
  for (const SiteRow &s : r.sites) {
    auto &entry =
        byVerdict[{s.verdict == Verdict::Match, static_cast<int>(s.verdict)}];
    entry.first = toString(s.verdict);
    ++entry.second;
  }
  for (const auto &[order, entry] : byVerdict)
    os << "<button type=\"button\" class=\"badge v-" << cssSlug(entry.first)
       << "\" data-verdict=\"" << entry.first << "\">" << entry.first << ": "
       << entry.second << "</button> ";
  os << "</p>\n</header>\n";
}

void writeWarnings(std::ostringstream &os, const Report &r) {
  if (r.warnings.empty())
    return;
  os << "<section id=\"warnings\" "
        "class=\"warnings\">\n<h2>Warnings</h2>\n<ul>\n";
  for (const std::string &w : r.warnings)
    os << "<li>" << htmlEscape(w) << "</li>\n";
  os << "</ul>\n</section>\n";
}

void writeUnattributed(std::ostringstream &os, const Report &r) {
  os << "<section id=\"unattributed\">\n<h2>Unattributed traffic</h2>\n";
  if (r.unattributed.empty()) {
    os << "<p class=\"hint\">Every observed copy belongs to a "
          "site.</p>\n</section>\n";
    return;
  }
  os << "<p class=\"hint\">Copies CUPTI saw that no instrumented site issued "
        "(library-internal or "
        "not-instrumented calls), per API.</p>\n<table "
        "class=\"plain\">\n<tr><th>API</th>"
        "<th>CUPTI kind</th><th>pair</th><th>traffic "
        "kind</th><th>bytes</th><th>records</th>"
        "</tr>\n";
  for (const UnattributedRow &u : r.unattributed)
    os << "<tr><td><code>" << htmlEscape(u.bucket) << "</code></td><td>"
       << htmlEscape(u.copyKind) << "</td><td>"
       << htmlEscape(pairLabel(u.traffic.src, u.traffic.dst)) << "</td><td>"
       << htmlEscape(u.traffic.kind) << "</td><td class=\"num\" title=\""
       << u.traffic.bytes << " bytes\">" << formatBytes(u.traffic.bytes)
       << "</td><td class=\"num\">" << u.traffic.count << "</td></tr>\n";
  os << "</table>\n</section>\n";
}

void writeInputs(std::ostringstream &os, const Report &r) {
  os << "<section id=\"inputs\">\n<h2>Inputs</h2>\n<ul>\n";
  for (const std::string &f : r.siteFiles)
    os << "<li>site database <code>" << htmlEscape(f) << "</code></li>\n";
  for (const std::string &f : r.traceFiles)
    os << "<li>trace <code>" << htmlEscape(f) << "</code></li>\n";
  std::string root = r.sourceRoot.empty() ? r.projectRoot : r.sourceRoot;
  os << "<li>sources read from <code>" << htmlEscape(root.empty() ? "." : root)
     << "</code></li>\n</ul>\n</section>\n";
}
} // namespace

std::string renderHtml(const Report &r) {
  std::ostringstream os;
  os << "<!DOCTYPE html>\n<html lang=\"en\" data-scale=\"lin\" "
        "data-metric=\"bytes\">\n<head>\n<meta charset=\"utf-8\">\n"
     << "<meta http-equiv=\"Content-Security-Policy\" content=\"" << kPolicy
     << "\">\n"
     << "<meta name=\"viewport\" content=\"width=device-width, "
        "initial-scale=1\">\n"
     << "<meta name=\"generator\" content=\"commledger report --format html ("
     << kReportFormat << " " << kReportVersion
     << ")\">\n<title>CommLedger report</title>\n<style>\n"
     << kHtmlStyle << "</style>\n</head>\n<body>\n";
  writeSummary(os, r);
  os << "<main>\n";
  writeWarnings(os, r);
  os << renderHtmlHeatmaps(r) << renderHtmlSites(r);
  writeUnattributed(os, r);
  os << renderHtmlRuns(r);
  writeInputs(os, r);
  os << "</main>\n<script>\n" << kHtmlScript << "</script>\n</body>\n</html>\n";
  return os.str();
}

} // namespace commledger::reconcile
