// The report as versioned JSON (docs/report-format.md): the only place it is serialised.
#include "commledger/reconcile/ReportWriters.h"
#include "commledger/reconcile/implicit/ImplicitRender.h"
#include "commledger/reconcile/nccl/NcclReportWriters.h"

#include <nlohmann/json.hpp>

#include <sstream>

namespace commledger::reconcile {

namespace {
// ordered_json keeps fields in the order docs/report-format.md lists them.
using json = nlohmann::ordered_json;

json optionalNumber(const std::optional<std::uint64_t> &value) {
  return value ? json(*value) : json(nullptr);
}

json toJson(const CommMatrix &m) {
  return json{{"labels", m.labels}, {"bytes", m.bytes}, {"counts", m.counts}};
}

json toJson(const PairTraffic &p) {
  return json{{"src", endpointLabel(p.src)}, {"dst", endpointLabel(p.dst)}, {"kind", p.kind},
              {"bytes", p.bytes},            {"count", p.count}};
}

json toJson(const std::vector<PairTraffic> &pairs) {
  json out = json::array();
  for (const PairTraffic &p : pairs)
    out.push_back(toJson(p));
  return out;
}

json toJson(const PredictedSummary &p) {
  return json{{"direction", p.direction},
              {"bytesPerCall", optionalNumber(p.bytesPerCall)},
              {"bytesExpr", p.bytesExpr},
              {"multiplicity", optionalNumber(p.multiplicity)},
              {"multiplicityExpr", p.multiplicityExpr},
              {"totalBytes", optionalNumber(p.totalBytes)},
              {"src", p.src},
              {"dst", p.dst},
              {"notes", p.notes}};
}

json toJson(const SiteRow &s) {
  return json{{"id", format::siteIdToString(s.id)},
              {"known", s.known},
              {"file", s.file},
              {"line", s.line},
              {"column", s.column},
              {"function", s.function},
              {"api", s.api},
              {"family", s.family},
              {"predicted", s.predicted ? toJson(*s.predicted) : json(nullptr)},
              {"requested", json{{"bytes", s.requested.bytes},
                                 {"count", s.requested.count},
                                 {"pairs", toJson(s.requested.pairs)}}},
              {"observed", json{{"bytes", s.observed.bytes},
                                {"count", s.observed.count},
                                {"pairs", toJson(s.observed.pairs)}}},
              {"verdict", toString(s.verdict)},
              {"message", s.message}};
}
} // namespace

// Valid JSON laid out for people and line tools too: one matrix, site or unattributed row per line.
std::string renderJson(const Report &r) {
  auto list = [](std::ostringstream &os, const std::vector<json> &items) {
    os << "[";
    for (std::size_t i = 0; i < items.size(); ++i)
      os << (i ? ",\n  " : "\n  ") << items[i].dump();
    os << (items.empty() ? "]" : "\n ]");
  };
  std::ostringstream os;
  os << "{\"format\": " << json(kReportFormat).dump() << ",\n"
     << " \"version\": " << kReportVersion << ",\n"
     << " \"devices\": " << r.deviceCount << ",\n"
     << " \"inputs\": " << json{{"sites", r.siteFiles}, {"traces", r.traceFiles}}.dump() << ",\n"
     << " \"matrices\": {";
  for (std::size_t i = 0; i < r.matrices.size(); ++i)
    os << (i ? ",\n  " : "\n  ") << json(r.matrices[i].name).dump() << ": "
       << toJson(r.matrices[i]).dump();
  os << "\n },\n \"sites\": ";
  std::vector<json> items;
  for (const SiteRow &s : r.sites)
    items.push_back(toJson(s));
  list(os, items);
  os << ",\n \"unattributed\": ";
  items.clear();
  for (const UnattributedRow &u : r.unattributed) {
    json row{{"bucket", u.bucket}, {"copyKind", u.copyKind}};
    row.update(toJson(u.traffic));
    items.push_back(row);
  }
  list(os, items);
  os << implicitJsonSections(r.implicit);
  os << ",\n \"warnings\": " << json(r.warnings).dump();
  os << ",\n \"nccl\": " << nccl::renderNcclJson(r.nccl) << "\n}\n";
  return os.str();
}

} // namespace commledger::reconcile
