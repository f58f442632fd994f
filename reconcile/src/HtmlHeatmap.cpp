// Heatmaps of the communication matrices for the HTML report: one HTML table
// per matrix and metric, rows = receivers, columns = senders, H first. Each
// cell carries its exact value (title, data-value) and two intensities, linear
// and log, so the scale and metric toggles are pure CSS.
#include "commledger/reconcile/HtmlEscape.h"
#include "commledger/reconcile/HtmlReportParts.h"
#include "commledger/reconcile/HumanUnits.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace commledger::reconcile {

namespace {
using Grid = std::vector<std::vector<std::uint64_t>>;

std::uint64_t largest(const Grid &grid) {
  std::uint64_t max = 0;
  for (const auto &row : grid)
    for (std::uint64_t v : row)
      max = std::max(max, v);
  return max;
}

// A faint floor keeps every non-zero cell visible next to a much larger one.
double intensity(double scaled) { return 0.08 + 0.92 * scaled; }

std::string fixed3(double v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.3f", v);
  return buf;
}

std::string cellLabel(std::uint64_t v, bool bytes) {
  return bytes ? formatBytes(v) : std::to_string(v);
}

std::string describeMatrix(const std::string &name) {
  if (name == "all")
    return "every copy (memsets excluded)";
  auto kind = trafficKindFromString(name);
  std::string text = kind ? describe(*kind) : "";
  return text == name ? "" : text; // "memset" needs no gloss
}

void writeGrid(std::ostringstream &os, const CommMatrix &m, bool bytes) {
  const Grid &grid = bytes ? m.bytes : m.counts;
  const char *metric = bytes ? "bytes" : "counts";
  std::uint64_t max = largest(grid);
  os << "<table class=\"heat " << metric << "\" data-matrix=\""
     << htmlEscape(m.name) << "\" data-metric=\"" << metric << "\">\n<caption>"
     << metric << " <span class=\"max\">(max "
     << htmlEscape(cellLabel(max, bytes)) << ")</span></caption>\n"
     << "<tr><th class=\"corner\" title=\"rows receive, columns "
        "send\">dst\\src</th>";
  for (const std::string &label : m.labels)
    os << "<th scope=\"col\">" << htmlEscape(label) << "</th>";
  os << "</tr>\n";
  for (std::size_t r = 0; r < grid.size(); ++r) {
    os << "<tr><th scope=\"row\">" << htmlEscape(m.labels[r]) << "</th>";
    for (std::size_t c = 0; c < grid[r].size(); ++c) {
      std::uint64_t v = grid[r][c];
      // Both metrics in every title: only one grid shows at a time.
      std::string title = m.labels[r] + " received " +
                          std::to_string(m.bytes[r][c]) + " bytes in " +
                          std::to_string(m.counts[r][c]) + " records from " +
                          m.labels[c] + " (" + m.name + ")";
      os << "<td data-value=\"" << v << "\" title=\"" << htmlEscape(title)
         << "\"";
      if (v == 0) {
        os << " class=\"zero\">0</td>";
        continue;
      }
      double lin = intensity(static_cast<double>(v) / static_cast<double>(max));
      double log = intensity(std::log1p(static_cast<double>(v)) /
                             std::log1p(static_cast<double>(max)));
      // Dark cells get light text, decided per scale.
      std::string cls =
          std::string(lin > 0.55 ? " hl" : "") + (log > 0.55 ? " hg" : "");
      os << " class=\"nz" << cls << "\" style=\"--lin:" << fixed3(lin)
         << ";--log:" << fixed3(log) << "\">" << htmlEscape(cellLabel(v, bytes))
         << "</td>";
    }
    os << "</tr>\n";
  }
  os << "</table>\n";
}
} // namespace

std::string renderHtmlHeatmaps(const Report &report) {
  std::ostringstream os;
  os << "<section id=\"matrices\">\n<h2>Communication matrices</h2>\n"
     << "<p class=\"hint\">Rows receive, columns send; <b>H</b> is the host, "
        "<b>G<i>k</i></b> GPU "
        "<i>k</i>. Hover a cell for its exact bytes and records. Each matrix "
        "is "
        "coloured against its own largest entry.</p>\n"
     << "<div class=\"controls\" role=\"radiogroup\" aria-label=\"colour "
        "scale\">Scale: "
        "<label><input type=\"radio\" name=\"scale\" value=\"lin\" checked> "
        "linear</label> "
        "<label><input type=\"radio\" name=\"scale\" value=\"log\"> log</label>"
        "<span role=\"radiogroup\" aria-label=\"metric\">Show: "
        "<label><input type=\"radio\" name=\"metric\" value=\"bytes\" checked> "
        "bytes</label> "
        "<label><input type=\"radio\" name=\"metric\" value=\"counts\"> "
        "counts</label>"
        "</span></div>\n"
     << "<div class=\"matrices\">\n";
  std::vector<std::string> empty;
  for (const CommMatrix &m : report.matrices) {
    if (m.empty() && m.name != "all") {
      empty.push_back(m.name);
      continue;
    }
    os << "<div class=\"matrix\" id=\"matrix-" << cssSlug(m.name) << "\">\n<h3>"
       << htmlEscape(m.name) << " <small>" << htmlEscape(describeMatrix(m.name))
       << "</small></h3>\n<div class=\"pair\">\n";
    writeGrid(os, m, true);
    writeGrid(os, m, false);
    os << "</div>\n</div>\n";
  }
  os << "</div>\n";
  if (!empty.empty()) {
    os << "<p class=\"hint\">No traffic of kind: ";
    for (std::size_t i = 0; i < empty.size(); ++i)
      os << (i ? ", " : "") << "<code>" << htmlEscape(empty[i]) << "</code>";
    os << ".</p>\n";
  }
  os << "</section>\n";
  return os.str();
}

} // namespace commledger::reconcile
