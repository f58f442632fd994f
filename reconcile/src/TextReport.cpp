// The terminal report: matrices (one unit per matrix, nccl-tests style), the per-site table and
// one diagnostic per site that is not a match. Every line fits kTerminalWidth columns.
#include "commledger/reconcile/HumanUnits.h"
#include "commledger/reconcile/ReportWriters.h"
#include "commledger/reconcile/TerminalStyle.h"
#include "commledger/reconcile/TextLayout.h"
#include "commledger/reconcile/implicit/ImplicitRender.h"
#include "commledger/reconcile/nccl/NcclReportWriters.h"

#include <algorithm>
#include <sstream>

namespace commledger::reconcile {

namespace {

std::string matrixTitle(const CommMatrix &m) {
  if (m.name == "all")
    return "All explicit copies";
  if (auto kind = trafficKindFromString(m.name))
    return describe(*kind);
  return m.name;
}

// Prints `cells` ([dst][src] strings) with the row label column; splits the columns into blocks
// when they would not fit, so 16 GPUs still read on a 100-column terminal.
void printGrid(std::ostream &os, const CommMatrix &m,
               const std::vector<std::vector<std::string>> &cells) {
  std::size_t width = 2;
  for (const auto &row : cells)
    for (const std::string &c : row)
      width = std::max(width, displayWidth(c));
  for (const std::string &l : m.labels)
    width = std::max(width, displayWidth(l));
  const std::string corner = "dst\\src";
  std::size_t labelWidth = corner.size();
  std::size_t perBlock = std::max<std::size_t>(1, (kTerminalWidth - labelWidth) / (width + 2));
  for (std::size_t first = 0; first < m.labels.size(); first += perBlock) {
    std::size_t last = std::min(m.labels.size(), first + perBlock);
    os << padLeft(corner, labelWidth);
    for (std::size_t c = first; c < last; ++c)
      os << "  " << padLeft(m.labels[c], width);
    os << '\n';
    for (std::size_t r = 0; r < m.labels.size(); ++r) {
      os << padLeft(m.labels[r], labelWidth);
      for (std::size_t c = first; c < last; ++c)
        os << "  " << padLeft(cells[r][c], width);
      os << '\n';
    }
  }
}

void printMatrix(std::ostream &os, const CommMatrix &m) {
  std::uint64_t maxBytes = 0;
  for (const auto &row : m.bytes)
    for (std::uint64_t b : row)
      maxBytes = std::max(maxBytes, b);
  ByteUnit unit = unitFor(maxBytes);
  std::vector<std::vector<std::string>> bytes, counts;
  for (std::size_t r = 0; r < m.bytes.size(); ++r) {
    bytes.emplace_back();
    counts.emplace_back();
    for (std::size_t c = 0; c < m.bytes[r].size(); ++c) {
      std::string cell = formatInUnit(m.bytes[r][c], unit);
      // A few bytes in a MiB matrix must not read as zero.
      if (m.bytes[r][c] != 0 && cell == "0.00")
        cell = "<0.01";
      bytes.back().push_back(cell);
      counts.back().push_back(std::to_string(m.counts[r][c]));
    }
  }
  os << "\n" << matrixTitle(m) << ": bytes (" << unit.name;
  if (unit.scale != 1)
    os << ", 1 " << unit.name << " = " << unit.scale << " B";
  os << ")\n";
  printGrid(os, m, bytes);
  os << "\n" << matrixTitle(m) << ": transfers (count)\n";
  printGrid(os, m, counts);
}

std::string predictedCell(const SiteRow &s) {
  if (!s.predicted)
    return "-";
  const PredictedSummary &p = *s.predicted;
  std::string size = p.bytesPerCall ? formatBytes(*p.bytesPerCall) : p.bytesExpr;
  std::string times = p.multiplicity ? std::to_string(*p.multiplicity) : p.multiplicityExpr;
  std::string cell = size.empty() ? "?" : size;
  if (!times.empty() && times != "1")
    cell += "\u00d7" + times;
  // The pair first: symbolic sizes are long and get truncated.
  // A memset has one endpoint: the GPU whose memory it writes.
  return (p.direction == "local" ? p.dst : p.src + "\u2192" + p.dst) + " " + cell;
}

std::string pairsCell(const std::vector<PairTraffic> &pairs) {
  if (pairs.empty())
    return "-";
  const std::string staged = toString(TrafficKind::P2PStaged);
  int src = -1, dst = -1;
  std::size_t stagedRows = 0;
  for (const PairTraffic &p : pairs) {
    if (p.kind != staged)
      continue;
    ++stagedRows;
    src = src < 0 ? p.src : src;
    dst = dst < 0 ? p.dst : dst;
  }
  std::string cell;
  std::size_t shown = 1;
  if (stagedRows != 0) {
    cell = (src < 0 ? "?" : endpointLabel(src)) + "\u2192H\u2192" +
           (dst < 0 ? "?" : endpointLabel(dst));
    shown = stagedRows;
  } else {
    cell = pairLabel(pairs.front().src, pairs.front().dst);
  }
  if (pairs.size() > shown)
    cell += "+" + std::to_string(pairs.size() - shown);
  return cell;
}

std::string plural(std::uint64_t n, const char *word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

void printSites(std::ostream &os, const Report &r) {
  os << "\nSites: " << r.sites.size()
     << ", sorted by observed bytes (B, KiB, MiB, GiB: powers of 1024)\n";
  const std::size_t wVerdict = 15, wBytes = 10, wCalls = 6, wPair = 9, wPredicted = 20;
  const std::size_t wSite = kTerminalWidth - (wVerdict + wBytes + wCalls + wPair + wPredicted + 10);
  os << padRight("VERDICT", wVerdict) << "  " << padLeft("OBSERVED", wBytes) << "  "
     << padLeft("CALLS", wCalls) << "  " << padRight("PAIR", wPair) << "  "
     << padRight("PREDICTED", wPredicted) << "  SITE\n";
  for (const SiteRow &s : r.sites) {
    std::uint64_t calls = s.requested.count != 0 ? s.requested.count : s.observed.count;
    // Colour goes around the padded cell: the escapes must not count as columns.
    std::string verdict = padRight(toString(s.verdict), wVerdict);
    std::string line = (r.color ? paint(s.verdict, verdict) : verdict) + "  " +
                       padLeft(s.observed.count ? formatBytes(s.observed.bytes) : "-", wBytes) +
                       "  " + padLeft(std::to_string(calls), wCalls) + "  " +
                       padRight(truncateRight(pairsCell(s.observed.pairs), wPair), wPair) + "  " +
                       padRight(truncateRight(predictedCell(s), wPredicted), wPredicted) + "  " +
                       truncateLeft(s.location(), wSite);
    os << line.substr(0, line.find_last_not_of(' ') + 1) << '\n';
  }
}

void printFindings(std::ostream &os, const Report &r) {
  bool any = false;
  for (const SiteRow &s : r.sites) {
    if (s.verdict == Verdict::Match)
      continue;
    if (!any)
      os << "\nFindings:\n";
    any = true;
    std::string text = s.location() + ": " + toString(s.verdict) + ": " + s.message;
    std::string where = (s.function.empty() ? std::string() : "in " + s.function + ", ") +
                        (s.api.empty() ? std::string("unknown API") : s.api) + "; requested " +
                        formatBytes(s.requested.bytes) + " in " +
                        plural(s.requested.count, "call") + ", observed " +
                        formatBytes(s.observed.bytes) + " in " +
                        plural(s.observed.count, "record");
    std::vector<std::string> lines = wrap(text, kTerminalWidth, 0, 4);
    // Wrapped as plain text, then the verdict of the first line painted.
    const std::string tag = ": " + std::string(toString(s.verdict)) + ":";
    if (auto at = lines.empty() ? std::string::npos : lines.front().find(tag);
        r.color && at != std::string::npos)
      lines.front().replace(at + 2, tag.size() - 3, paint(s.verdict, toString(s.verdict)));
    for (const std::string &l : lines)
      os << l << '\n';
    for (const std::string &l : wrap(where, kTerminalWidth, 4, 4))
      os << l << '\n';
  }
}

void printUnattributed(std::ostream &os, const Report &r) {
  if (r.unattributed.empty())
    return;
  os << "\nUnattributed traffic (no instrumented site), per API:\n";
  os << padRight("BUCKET", 30) << "  " << padRight("KIND", 14) << "  " << padRight("PAIR", 10)
     << "  " << padLeft("BYTES", 11) << "  " << padLeft("COUNT", 10) << '\n';
  for (const UnattributedRow &u : r.unattributed) {
    const PairTraffic &t = u.traffic;
    os << padRight(truncateRight(u.bucket, 30), 30) << "  " << padRight(t.kind, 14) << "  "
       << padRight(pairLabel(t.src, t.dst, t.kind == toString(TrafficKind::P2PStaged)), 10)
       << "  " << padLeft(formatBytes(t.bytes), 11) << "  "
       << padLeft(std::to_string(t.count), 10) << '\n';
  }
}

} // namespace

std::string renderText(const Report &r) {
  std::ostringstream os;
  os << "CommLedger report: " << r.deviceCount << " GPU" << (r.deviceCount == 1 ? "" : "s")
     << ", " << r.traceFiles.size() << " trace" << (r.traceFiles.size() == 1 ? "" : "s") << ", "
     << r.siteFiles.size() << " site database" << (r.siteFiles.size() == 1 ? "" : "s") << '\n';
  os << "Matrices: row = receiver (dst), column = sender (src); H = host, Gk = GPU k\n";
  bool anyTraffic = false;
  for (const CommMatrix &m : r.matrices) {
    if (m.empty())
      continue;
    anyTraffic = true;
    printMatrix(os, m);
  }
  if (!anyTraffic)
    os << "\nNo explicit traffic observed.\n";
  printSites(os, r);
  os << implicitTextSections(r.implicit);
  os << nccl::renderNcclText(r.nccl);
  printFindings(os, r);
  printUnattributed(os, r);
  return os.str();
}

} // namespace commledger::reconcile
