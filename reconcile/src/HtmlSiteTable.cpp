// The HTML report's per-site table: one <tbody> per site (its row and its
// source snippet row), so the script sorts and filters sites as units.
// Non-match rows come first.
#include "commledger/reconcile/HtmlEscape.h"
#include "commledger/reconcile/HtmlReportParts.h"
#include "commledger/reconcile/HtmlSourceSnippet.h"
#include "commledger/reconcile/HumanUnits.h"

#include <algorithm>
#include <set>
#include <sstream>

namespace commledger::reconcile {

namespace {
struct Column {
  const char *key, *title;
  bool numeric;
};
const Column kColumns[] = {
    {"verdict", "Verdict", true},       {"site", "Site", false},
    {"function", "Function", false},    {"api", "API", false},
    {"observed", "Observed", true},     {"records", "Records", true},
    {"requested", "Requested", true},   {"calls", "Calls", true},
    {"pairs", "Observed pairs", false}, {"predicted", "Predicted", false},
    {"message", "Message", false},
};
constexpr std::size_t kColumnCount = sizeof kColumns / sizeof kColumns[0];

// Sorting on the verdict column groups sites by how bad the finding is (the
// rule order).
int verdictRank(Verdict v) {
  switch (v) {
  case Verdict::UnknownSite:
    return 1;
  case Verdict::NotInstrumented:
    return 2;
  case Verdict::NeverExecuted:
    return 3;
  case Verdict::StagedViaHost:
    return 4;
  case Verdict::PairDiffers:
    return 5;
  case Verdict::SizeDiffers:
    return 6;
  case Verdict::Unpredicted:
    return 7;
  case Verdict::Match:
    return 8;
  }
  return 9;
}

std::string bytesCell(std::uint64_t bytes) {
  return "<td class=\"num\" data-sort=\"" + std::to_string(bytes) +
         "\" title=\"" + std::to_string(bytes) + " bytes\">" +
         formatBytes(bytes) + "</td>";
}

std::string countCell(std::uint64_t n) {
  return "<td class=\"num\" data-sort=\"" + std::to_string(n) + "\">" +
         std::to_string(n) + "</td>";
}

std::string pairsCell(const std::vector<PairTraffic> &pairs) {
  if (pairs.empty())
    return "&ndash;";
  std::string out;
  for (const PairTraffic &p : pairs) {
    bool staged =
        p.kind == toString(TrafficKind::P2PStaged) && p.src >= 0 && p.dst >= 0;
    out += std::string(out.empty() ? "" : "<br>") + "<span class=\"nowrap\">" +
           htmlEscape(pairLabel(p.src, p.dst, staged)) + "</span>" +
           " <span class=\"kind\" title=\"" + std::to_string(p.bytes) +
           " bytes, " + std::to_string(p.count) + " records\">" +
           htmlEscape(p.kind) + "</span>";
  }
  return out;
}

std::string predictedCell(const SiteRow &s) {
  if (!s.predicted)
    return "&ndash;";
  const PredictedSummary &p = *s.predicted;
  std::string pair = p.direction == "local" ? p.dst : p.src + "\u2192" + p.dst;
  std::string size =
      p.bytesPerCall ? formatBytes(*p.bytesPerCall) : p.bytesExpr;
  std::string times =
      p.multiplicity ? std::to_string(*p.multiplicity) : p.multiplicityExpr;
  std::string text = (size.empty() ? "?" : size);
  if (!times.empty())
    text += " \u00d7 " + times;
  if (p.totalBytes)
    text += " = " + formatBytes(*p.totalBytes);
  std::string title = p.direction;
  for (const std::string &note : p.notes)
    title += "; " + note;
  return "<span title=\"" + htmlEscape(title) + "\"><span class=\"nowrap\">" +
         htmlEscape(pair) + "</span> " + htmlEscape(text) + "</span>";
}

void writeSnippet(std::ostringstream &os, const SiteRow &s, std::size_t index,
                  SourceReader &sources) {
  os << "<tr class=\"src\" id=\"src-" << index << "\" hidden><td colspan=\""
     << kColumnCount << "\"><div class=\"snippet\">";
  if (!s.known) {
    os << "<p class=\"nosrc\">unknown site: no source "
          "location</p></div></td></tr>\n";
    return;
  }
  SourceSnippet snippet = sources.around(s.file, s.line);
  os << "<div class=\"path\">" << htmlEscape(snippet.path) << "</div>";
  if (!snippet.available) {
    os << "<p class=\"nosrc\">source not available</p></div></td></tr>\n";
    return;
  }
  os << "<pre>";
  for (std::size_t i = 0; i < snippet.lines.size(); ++i) {
    unsigned n = snippet.firstLine + static_cast<unsigned>(i);
    os << "<span class=\"line" << (n == s.line ? " hit" : "")
       << "\" data-line=\"" << n << "\"><span class=\"ln\">" << n << "</span>"
       << htmlEscape(snippet.lines[i]) << "</span>\n";
  }
  os << "</pre></div></td></tr>\n";
}

void writeSite(std::ostringstream &os, const SiteRow &s, std::size_t index,
               SourceReader &sources) {
  const char *verdict = toString(s.verdict);
  os << "<tbody class=\"site v-" << cssSlug(verdict) << "\" data-verdict=\""
     << verdict << "\" data-index=\"" << index << "\" data-id=\""
     << format::siteIdToString(s.id) << "\">\n<tr>"
     << "<td data-sort=\"" << verdictRank(s.verdict)
     << "\"><span class=\"verdict\">" << verdict << "</span></td>"
     << "<td><a class=\"loc\" href=\"#src-" << index
     << "\" aria-expanded=\"false\">" << htmlEscape(s.location()) << "</a></td>"
     << "<td><code>" << htmlEscape(s.function) << "</code></td>"
     << "<td><code>" << htmlEscape(s.api) << "</code></td>"
     << bytesCell(s.observed.bytes) << countCell(s.observed.count)
     << bytesCell(s.requested.bytes) << countCell(s.requested.count) << "<td>"
     << pairsCell(s.observed.pairs) << "</td>"
     << "<td class=\"pred\">" << predictedCell(s) << "</td>"
     << "<td class=\"msg\">" << htmlEscape(s.message) << "</td></tr>\n";
  writeSnippet(os, s, index, sources);
  os << "</tbody>\n";
}
} // namespace

std::string renderHtmlSites(const Report &report) {
  std::ostringstream os;
  os << "<section id=\"sites-section\">\n<h2>Call sites</h2>\n"
     << "<div class=\"controls\"><label>Filter <input type=\"search\" "
        "id=\"site-filter\" "
        "placeholder=\"file, function, API, message\"></label> "
     << "<label>Verdict <select id=\"verdict-filter\"><option value=\"\">all "
        "verdicts</option>"
        "<option value=\"not-match\">all but match</option>";
  std::set<std::string> present;
  for (const SiteRow &s : report.sites)
    present.insert(toString(s.verdict));
  for (const std::string &v : present)
    os << "<option value=\"" << v << "\">" << v << "</option>";
  os << "</select></label> <button type=\"button\" id=\"toggle-sources\">show "
        "all sources</button>"
     << " <span id=\"site-count\">" << report.sites.size()
     << " sites</span></div>\n"
     << "<p class=\"hint\">Click a column header to sort, a site to show its "
        "source. Observed: "
        "CUPTI's bytes and records; requested: what the program asked "
        "for.</p>\n"
     << "<table id=\"sites\">\n<thead><tr>";
  for (const Column &c : kColumns)
    os << "<th scope=\"col\" data-key=\"" << c.key << "\""
       << (c.numeric ? " data-numeric" : "") << " tabindex=\"0\">" << c.title
       << "</th>";
  os << "</tr></thead>\n";

  // Findings first, each group keeping the report's order (observed bytes, then
  // location).
  std::vector<std::size_t> order(report.sites.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_partition(order.begin(), order.end(), [&](std::size_t i) {
    return report.sites[i].verdict != Verdict::Match;
  });
  SourceReader sources(report.sourceRoot.empty() ? report.projectRoot
                                                 : report.sourceRoot);
  for (std::size_t position = 0; position < order.size(); ++position)
    writeSite(os, report.sites[order[position]], position, sources);
  os << "</table>\n</section>\n";
  return os.str();
}

} // namespace commledger::reconcile
