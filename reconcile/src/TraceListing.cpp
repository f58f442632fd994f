// One line per row of a trace (`commledger show --sites DB.json TRACE.json`). The GPU tests match
// these lines, so the layout and the order are a contract: change them only with test/gpu.
#include "commledger/reconcile/TraceListing.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace commledger::reconcile {

namespace {
using format::SiteId;

// Sorts after every real line; rows of sites the databases do not know go there.
constexpr unsigned long long kUnknownLineKey = 1ull << 30;

// Row kinds in the order they list on one source line.
enum RowOrder { kRequest, kObserved, kAllocation, kKernel, kUnifiedMemory, kNcclCall, kCounter };

struct ListedRow {
  bool unattributed = false;    // no site: after every attributed row, ordered by text
  std::optional<unsigned> line; // of the row's site; empty when no database names it
  int order = kRequest;         // RowOrder: requests first on one line, then observed, ...
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

// The sections of TraceSections.h. Devices read G<n>, the host H; absent values "-".
std::string deviceText(int device) {
  return device == format::kHostEndpoint ? std::string("H") : "G" + std::to_string(device);
}

std::string orDash(const std::string &text) { return text.empty() ? std::string("-") : text; }

std::string indexOrDash(int index) { return index < 0 ? std::string("-") : std::to_string(index); }

// Kernel names stay as CUPTI reports them (mangled): reconcile links no demangler.
std::string kernelText(const format::KernelRow &k) {
  return "kernel " + k.name + " " + deviceText(k.device) + " count=" + std::to_string(k.count) +
         " total_ns=" + std::to_string(k.totalNs);
}

std::string allocationText(const format::AllocationRow &a) {
  return "alloc " + a.api + " " + a.memory + " " + deviceText(a.device) +
         totalsText(a.bytes, a.count) + " flags=" + std::to_string(a.flags);
}

// "24x[0,1]": channels with the same ring order, grouped while consecutive ("+" between groups).
std::string ringsText(const std::vector<std::vector<int>> &rings) {
  if (rings.empty())
    return "-";
  std::string out;
  for (std::size_t i = 0; i < rings.size();) {
    std::size_t same = i + 1;
    while (same < rings.size() && rings[same] == rings[i])
      ++same;
    std::string order;
    for (int rank : rings[i])
      order += (order.empty() ? "" : ",") + std::to_string(rank);
    out += (out.empty() ? "" : "+") + std::to_string(same - i) + "x[" + order + "]";
    i = same;
  }
  return out;
}

std::string rankText(int rank, int nranks) {
  return "rank " + std::to_string(rank) + "/" + std::to_string(nranks);
}

std::string counterValueText(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.15g", value);
  return buffer;
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

  auto siteText = [&](const std::optional<SiteId> &site) {
    if (!site)
      return std::string("-");
    std::optional<unsigned> line = lineOf(*site);
    return "L" + (line ? std::to_string(*line) : std::string("?"));
  };

  std::vector<ListedRow> rows;
  for (const format::RequestRow &r : trace.requests)
    rows.push_back({false, lineOf(r.site), kRequest, requestText(r)});
  for (const format::ObservedRow &o : trace.observed) {
    if (o.site)
      rows.push_back({false, lineOf(*o.site), kObserved, "observed " + observedText(o)});
    else
      rows.push_back(
          {true, std::nullopt, kObserved, "unattributed " + o.bucket + " " + observedText(o)});
  }
  // Rows with a site list at its line; the rest after all of them, as "unattributed <bucket>".
  auto add = [&rows](const std::optional<SiteId> &site, std::optional<unsigned> line,
                     const std::string &bucket, RowOrder order, std::string text) {
    if (site)
      rows.push_back({false, line, order, std::move(text)});
    else
      rows.push_back({true, std::nullopt, order, "unattributed " + bucket + " " + text});
  };
  auto lineOfOptional = [&](const std::optional<SiteId> &site) {
    return site ? lineOf(*site) : std::nullopt;
  };
  for (const format::AllocationRow &a : trace.allocations)
    add(a.site, lineOfOptional(a.site), a.bucket, kAllocation, allocationText(a));
  for (const format::KernelRow &k : trace.kernels)
    add(k.site, lineOfOptional(k.site), k.bucket, kKernel, kernelText(k));
  for (const format::UnifiedMemoryRow &u : trace.unifiedMemory)
    add(u.allocationSite, lineOfOptional(u.allocationSite), u.allocationBucket, kUnifiedMemory,
        "um " + u.counter + " " + orDash(u.cause) + " " + deviceText(u.src) + "->" +
            deviceText(u.dst) + " cause=" + siteText(u.causeSite) +
            " value=" + std::to_string(u.value) + " count=" + std::to_string(u.count));
  for (const format::NcclCallRow &c : trace.ncclCalls)
    add(c.site, lineOfOptional(c.site), c.bucket, kNcclCall,
        "nccl " + c.api + " comm=" + orDash(c.commId) + " " + rankText(c.rank, c.nranks) + " " +
            deviceText(c.device) + " elements=" + std::to_string(c.elements) +
            " dtype=" + orDash(c.datatype) + " op=" + orDash(c.op) +
            " root=" + indexOrDash(c.root) + " peer=" + indexOrDash(c.peer) +
            " calls=" + std::to_string(c.calls) + " bytes=" + std::to_string(c.bytes) +
            " launch=" + siteText(c.launchSite));
  for (const format::CounterRow &c : trace.counters)
    add(c.site, lineOfOptional(c.site), c.bucket, kCounter,
        "counter " + c.metric + " " + orDash(c.kernel) + " " + deviceText(c.device) +
            " value=" + counterValueText(c.value) + " ranges=" + std::to_string(c.ranges));
  std::sort(rows.begin(), rows.end(),
            [](const ListedRow &a, const ListedRow &b) { return a.key() < b.key(); });

  std::string out = std::string("cupti active=") + (trace.cuptiActive ? "true" : "false") + "\n";
  out += "devices=" + std::to_string(trace.devices.size()) +
         " dropped=" + std::to_string(trace.droppedRecords) + " end=" + trace.process.endReason +
         "\n";
  // Communicators first: the NCCL call rows below name them by id.
  std::vector<const format::NcclCommRow *> comms;
  for (const format::NcclCommRow &c : trace.ncclComms)
    comms.push_back(&c);
  std::sort(comms.begin(), comms.end(), [](const auto *a, const auto *b) {
    return std::tie(a->commId, a->rank) < std::tie(b->commId, b->rank);
  });
  for (const format::NcclCommRow *c : comms)
    out += "comm " + orDash(c->commId) + " " + rankText(c->rank, c->nranks) + " " +
           deviceText(c->device) + " rings=" + ringsText(c->rings) + " init=" +
           orDash(c->initApi) + "@" + siteText(c->initSite) + "\n";
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
