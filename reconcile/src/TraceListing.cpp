// One line per row of a trace (`commledger show --sites DB.json TRACE.json`). The GPU tests match
// these lines, so the layout and the order are a contract: change them only with test/gpu.
#include "commledger/reconcile/TraceListing.h"

#include <algorithm>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace commledger::reconcile {

namespace {
using format::SiteId;

// Sorts after every real line; rows of sites the databases do not know go there.
constexpr unsigned long long kUnknownLineKey = 1ull << 30;

struct ListedRow {
  bool unattributed = false;    // no site: after every attributed row, ordered by text
  std::optional<unsigned> line; // of the row's site; empty when no database names it
  int order = 0;                // 0 = request, 1 = observed: requests first on one line
  std::string text;

  auto key() const {
    return std::make_tuple(unattributed, line ? *line : kUnknownLineKey, order, std::cref(text));
  }
};

std::string endpointText(const format::Endpoint &e) {
  std::string where = e.device == format::kHostEndpoint ? "H" : "G" + std::to_string(e.device);
  return where + ":" + format::toString(e.memory);
}

std::string pairText(const format::Endpoint &src, const format::Endpoint &dst) {
  return endpointText(src) + "->" + endpointText(dst);
}

std::string totalsText(std::uint64_t bytes, std::uint64_t count) {
  return " bytes=" + std::to_string(bytes) + " count=" + std::to_string(count);
}

std::string optionalDeviceText(const std::optional<int> &device) {
  return device ? std::to_string(*device) : std::string("-");
}

std::string requestText(const format::RequestRow &r) {
  std::string out = "request " + r.api + " " + (r.kind.empty() ? std::string("-") : r.kind) + " " +
                    pairText(r.src, r.dst);
  if (r.declaredSrcDevice || r.declaredDstDevice)
    out += " declared=" + optionalDeviceText(r.declaredSrcDevice) + "->" +
           optionalDeviceText(r.declaredDstDevice);
  return out + totalsText(r.bytes, r.count);
}

// One timed event (`commledger run --events N`), in the trace's order (by start time).
std::string eventText(const format::EventRow &e) {
  return std::string(format::toString(e.copyKind)) + " " + pairText(e.src, e.dst) +
         " bytes=" + std::to_string(e.bytes) + " dev=" + std::to_string(e.device) +
         " stream=" + std::to_string(e.stream) + " dur_ns=" + std::to_string(e.endNs - e.startNs);
}

std::string observedText(const format::ObservedRow &o) {
  return std::string(format::toString(o.copyKind)) + " " + pairText(o.src, o.dst) +
         totalsText(o.bytes, o.count);
}
} // namespace

std::string renderTraceListing(const format::Trace &trace, const format::SiteDatabase &sites) {
  std::unordered_map<SiteId, unsigned> lines;
  for (const format::Site &s : sites.sites)
    lines[s.id] = s.line;
  auto lineOf = [&](SiteId id) -> std::optional<unsigned> {
    auto it = lines.find(id);
    return it == lines.end() ? std::nullopt : std::optional<unsigned>(it->second);
  };

  std::vector<ListedRow> rows;
  for (const format::RequestRow &r : trace.requests)
    rows.push_back({false, lineOf(r.site), 0, requestText(r)});
  for (const format::ObservedRow &o : trace.observed) {
    if (o.site)
      rows.push_back({false, lineOf(*o.site), 1, "observed " + observedText(o)});
    else
      rows.push_back({true, std::nullopt, 1, "unattributed " + o.bucket + " " + observedText(o)});
  }
  std::sort(rows.begin(), rows.end(),
            [](const ListedRow &a, const ListedRow &b) { return a.key() < b.key(); });

  std::string out = std::string("cupti active=") + (trace.cuptiActive ? "true" : "false") + "\n";
  out += "devices=" + std::to_string(trace.devices.size()) +
         " dropped=" + std::to_string(trace.droppedRecords) + " end=" + trace.process.endReason +
         "\n";
  for (const ListedRow &row : rows) {
    if (!row.unattributed)
      out += "L" + (row.line ? std::to_string(*row.line) : std::string("?")) + " ";
    out += row.text + "\n";
  }
  if (!trace.events.empty() || trace.eventsDropped != 0)
    out += "events=" + std::to_string(trace.events.size()) +
           " dropped=" + std::to_string(trace.eventsDropped) + "\n";
  for (const format::EventRow &e : trace.events) {
    if (e.site)
      out += "event L" + (lineOf(*e.site) ? std::to_string(*lineOf(*e.site)) : std::string("?"));
    else
      out += "event unattributed " + e.bucket;
    out += " " + eventText(e) + "\n";
  }
  return out;
}

} // namespace commledger::reconcile
