// Joining site databases and traces by site ID into a Report.
#include "commledger/reconcile/ReportBuilder.h"
#include "commledger/reconcile/implicit/ImplicitTrafficBuilder.h"
#include "commledger/reconcile/nccl/NcclReportBuilder.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <unordered_set>

namespace commledger::reconcile {

namespace {

// Everything the traces say about one site, before it becomes a row.
struct SiteAccumulator {
  SiteEvidence evidence;
  std::set<std::size_t> requestTraces, observedTraces;
  std::string requestedApi;
  // Unpaired staged halves: the payload crosses twice, the site moved it once.
  std::uint64_t toHostBytes = 0, toHostCount = 0, fromHostBytes = 0, fromHostCount = 0;
};

void addPair(std::vector<PairTraffic> &pairs, int src, int dst, const std::string &kind,
             std::uint64_t bytes, std::uint64_t count) {
  for (PairTraffic &p : pairs)
    if (p.src == src && p.dst == dst && p.kind == kind) {
      p.bytes += bytes;
      p.count += count;
      return;
    }
  pairs.push_back(PairTraffic{src, dst, kind, bytes, count});
}

// The pair a row stands for in per-site tables: StagedPtoP keeps its two GPUs.
PairTraffic observedPair(const format::ObservedRow &row) {
  if (row.copyKind == format::CopyKind::StagedPtoP)
    return {row.src.device, row.dst.device, toString(TrafficKind::P2PStaged), row.bytes,
            row.count};
  Hop hop = toHops(row).front();
  return {hop.src, hop.dst, toString(hop.kind), row.bytes, row.count};
}

void addObserved(SiteAccumulator &acc, const format::ObservedRow &row) {
  PairTraffic pair = observedPair(row);
  addPair(acc.evidence.observed.pairs, pair.src, pair.dst, pair.kind, pair.bytes, pair.count);
  if (!isUnpairedStagedHalf(row)) {
    acc.evidence.observed.bytes += row.bytes;
    acc.evidence.observed.count += row.count;
  } else if (row.copyKind == format::CopyKind::DtoH) {
    acc.toHostBytes += row.bytes;
    acc.toHostCount += row.count;
  } else {
    acc.fromHostBytes += row.bytes;
    acc.fromHostCount += row.count;
  }
}

void addRequested(SiteAccumulator &acc, const format::RequestRow &row) {
  RequestedSummary &r = acc.evidence.requested;
  r.bytes += row.bytes;
  r.count += row.count;
  addPair(r.pairs, row.src.device, row.dst.device, row.kind, row.bytes, row.count);
  if (acc.requestedApi.empty())
    acc.requestedApi = row.api;
}

PredictedSummary summarize(const format::Prediction &p) {
  PredictedSummary s;
  s.direction = p.direction;
  s.bytesPerCall = p.bytes;
  s.bytesExpr = p.bytesExpr;
  s.multiplicity = p.multiplicity;
  s.multiplicityExpr = p.multiplicityExpr;
  if (p.bytes && p.multiplicity)
    s.totalBytes = *p.bytes * *p.multiplicity;
  s.src = predictedLabel(p.src);
  s.dst = predictedLabel(p.dst);
  s.notes = p.notes;
  return s;
}

SiteRow makeRow(format::SiteId id, const format::Site *site, SiteAccumulator &acc) {
  ObservedSummary &o = acc.evidence.observed;
  o.bytes += std::max(acc.toHostBytes, acc.fromHostBytes);
  o.count += std::max(acc.toHostCount, acc.fromHostCount);
  o.runs = static_cast<unsigned>(acc.observedTraces.size());
  acc.evidence.requested.runs = static_cast<unsigned>(acc.requestTraces.size());
  acc.evidence.known = site != nullptr;
  if (site) {
    acc.evidence.prediction = site->prediction;
    acc.evidence.notInstrumented = !site->instrumented;
    acc.evidence.notInstrumentedReason = site->reason.empty() ? "no reason recorded" : site->reason;
  }

  SiteRow row;
  row.id = id;
  row.known = site != nullptr;
  if (site) {
    row.file = site->file;
    row.line = site->line;
    row.column = site->column;
    row.function = site->function;
    row.api = site->api;
    row.family = format::toString(site->family);
    if (site->prediction)
      row.predicted = summarize(*site->prediction);
  } else {
    row.api = acc.requestedApi; // only the runtime's view names an unknown site's API
  }
  row.requested = acc.evidence.requested;
  row.observed = acc.evidence.observed;
  Judgement j = judge(acc.evidence);
  row.verdict = j.verdict;
  row.message = j.message;
  return row;
}

bool carriesTraffic(format::SiteFamily family) {
  return family == format::SiteFamily::Copy || family == format::SiteFamily::Memset;
}

// The database's site IDs, looked up once per trace row: a linear SiteDatabase::find per row
// made 10^5 sites times 10^6 rows a quadratic scan (docs/PERFORMANCE.md, "Reconcile").
using KnownSites = std::unordered_set<format::SiteId>;

void addTraceWarnings(const LoadedTrace &t, const KnownSites &db,
                      std::vector<std::string> &warnings) {
  if (!t.trace.cuptiActive)
    warnings.push_back(t.path + ": CUPTI was not active" +
                       (t.trace.cuptiError.empty() ? "" : " (" + t.trace.cuptiError + ")") +
                       ": no observed traffic");
  if (t.trace.droppedRecords != 0)
    warnings.push_back(t.path + ": " + std::to_string(t.trace.droppedRecords) +
                       " CUPTI records were dropped: observed traffic is incomplete");
  std::set<format::SiteId> missing, named;
  for (const format::RequestRow &r : t.trace.requests)
    if (named.insert(r.site).second && !db.count(r.site))
      missing.insert(r.site);
  for (const format::ObservedRow &r : t.trace.observed)
    if (r.site && named.insert(*r.site).second && !db.count(*r.site))
      missing.insert(*r.site);
  // Not one site known: the database and the trace come from different builds, and every row of
  // the report would be "unknown site"; say what to do about it.
  if (!missing.empty() && missing.size() == named.size())
    warnings.push_back(t.path + ": none of its " + std::to_string(missing.size()) +
                       " sites is in the site database: a trace from a different build? (rebuild "
                       "with commledger-cc, or pass that build's --sites)");
  else if (!missing.empty())
    warnings.push_back(t.path + ": " + std::to_string(missing.size()) +
                       " sites not in the site database (trace from a different build?)");
}

} // namespace

std::string SiteRow::location() const {
  if (!known)
    return format::siteIdToString(id);
  return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

int countDevices(const ReconcileInput &input) {
  int maxIndex = -1;
  auto see = [&](int device) { maxIndex = std::max(maxIndex, device); };
  for (const LoadedTrace &t : input.traces) {
    see(static_cast<int>(t.trace.devices.size()) - 1);
    for (const format::DeviceInfo &d : t.trace.devices)
      see(d.index);
    for (const format::RequestRow &r : t.trace.requests) {
      see(r.src.device);
      see(r.dst.device);
      see(r.declaredSrcDevice.value_or(-1));
      see(r.declaredDstDevice.value_or(-1));
    }
    for (const format::ObservedRow &r : t.trace.observed) {
      see(r.src.device);
      see(r.dst.device);
    }
  }
  return maxIndex + 1;
}

Report buildReport(const ReconcileInput &input) {
  Report report;
  report.deviceCount = countDevices(input);
  report.siteFiles = input.siteFiles;
  report.projectRoot = input.sites.projectRoot;
  MatrixSet matrices(report.deviceCount);
  std::map<format::SiteId, SiteAccumulator> bySite;
  using UnattributedKey = std::tuple<std::string, std::string, int, int, std::string>;
  std::map<UnattributedKey, UnattributedRow> unattributed;
  KnownSites known;
  for (const format::Site &site : input.sites.sites)
    known.insert(site.id);

  for (std::size_t ti = 0; ti < input.traces.size(); ++ti) {
    const LoadedTrace &t = input.traces[ti];
    report.traceFiles.push_back(t.path);
    report.runs.push_back(
        RunInfo{t.path, t.trace.process, t.trace.cuptiActive, t.trace.devices, t.trace.peers});
    addTraceWarnings(t, known, report.warnings);
    for (const format::RequestRow &r : t.trace.requests) {
      SiteAccumulator &acc = bySite[r.site];
      addRequested(acc, r);
      acc.requestTraces.insert(ti);
    }
    for (const format::ObservedRow &r : t.trace.observed) {
      for (const Hop &hop : toHops(r))
        matrices.add(hop);
      if (r.site) {
        SiteAccumulator &acc = bySite[*r.site];
        addObserved(acc, r);
        acc.observedTraces.insert(ti);
        continue;
      }
      PairTraffic pair = observedPair(r);
      std::string bucket = r.bucket.empty() ? "unknown" : r.bucket;
      UnattributedKey key{bucket, format::toString(r.copyKind), pair.src, pair.dst, pair.kind};
      auto [it, inserted] = unattributed.try_emplace(
          key, UnattributedRow{bucket, format::toString(r.copyKind), pair});
      if (!inserted) {
        it->second.traffic.bytes += pair.bytes;
        it->second.traffic.count += pair.count;
      }
    }
  }

  for (const format::Site &site : input.sites.sites) {
    auto it = bySite.find(site.id);
    if (it == bySite.end() && !carriesTraffic(site.family))
      continue; // allocations, launches, ... that moved nothing are not rows of a traffic table
    SiteAccumulator empty;
    report.sites.push_back(makeRow(site.id, &site, it == bySite.end() ? empty : it->second));
  }
  for (auto &[id, acc] : bySite)
    if (!known.count(id))
      report.sites.push_back(makeRow(id, nullptr, acc));

  std::stable_sort(report.sites.begin(), report.sites.end(),
                   [](const SiteRow &a, const SiteRow &b) {
                     // std::tie: comparing must not copy the file names.
                     return std::tie(b.observed.bytes, a.file, a.line, a.column, a.id) <
                            std::tie(a.observed.bytes, b.file, b.line, b.column, b.id);
                   });
  report.implicit = buildImplicitTraffic(
      input, report.deviceCount, ImplicitOptions{sourceLinesUnder(input.sites.projectRoot), {}, ""});
  report.nccl = nccl::buildNcclSection(input, matrices, report.warnings);
  report.matrices = std::move(matrices.matrices);
  for (auto &[key, row] : unattributed)
    report.unattributed.push_back(std::move(row));
  return report;
}

} // namespace commledger::reconcile
