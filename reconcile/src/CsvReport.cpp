// One CSV row per site with a fixed header (RFC 4180 quoting); exact integers, pairs joined by ';'.
#include "commledger/reconcile/ReportWriters.h"

#include <algorithm>
#include <sstream>

namespace commledger::reconcile {

namespace {
const char *const kHeader =
    "id,file,line,column,function,api,family,verdict,"
    "predicted_direction,predicted_bytes_per_call,predicted_bytes_expr,predicted_multiplicity,"
    "predicted_multiplicity_expr,predicted_total_bytes,predicted_src,predicted_dst,"
    "requested_bytes,requested_count,requested_pairs,observed_bytes,observed_count,"
    "observed_pairs,observed_kinds,message";

std::string quote(const std::string &field) {
  if (field.find_first_of(",\"\r\n") == std::string::npos)
    return field;
  std::string out = "\"";
  for (char c : field) {
    if (c == '"')
      out += '"';
    out += c;
  }
  return out + "\"";
}

std::string number(const std::optional<std::uint64_t> &value) {
  return value ? std::to_string(*value) : std::string();
}

// ASCII "G0->G1;H->G0": spreadsheets and scripts split on these more easily than on "→".
std::string pairs(const std::vector<PairTraffic> &list) {
  std::string out;
  for (const PairTraffic &p : list)
    out += (out.empty() ? "" : ";") + endpointLabel(p.src) + "->" + endpointLabel(p.dst);
  return out;
}

std::string kinds(const std::vector<PairTraffic> &list) {
  std::vector<std::string> seen;
  std::string out;
  for (const PairTraffic &p : list) {
    if (std::find(seen.begin(), seen.end(), p.kind) != seen.end())
      continue;
    seen.push_back(p.kind);
    out += (out.empty() ? "" : ";") + p.kind;
  }
  return out;
}
} // namespace

std::string renderCsv(const Report &r) {
  std::ostringstream os;
  os << kHeader << "\n";
  for (const SiteRow &s : r.sites) {
    PredictedSummary none;
    const PredictedSummary &p = s.predicted ? *s.predicted : none;
    std::vector<std::string> fields = {
        format::siteIdToString(s.id), s.file, s.known ? std::to_string(s.line) : "",
        s.known ? std::to_string(s.column) : "", s.function, s.api, s.family,
        toString(s.verdict), p.direction, number(p.bytesPerCall), p.bytesExpr,
        number(p.multiplicity), p.multiplicityExpr, number(p.totalBytes), p.src, p.dst,
        std::to_string(s.requested.bytes), std::to_string(s.requested.count),
        pairs(s.requested.pairs), std::to_string(s.observed.bytes),
        std::to_string(s.observed.count), pairs(s.observed.pairs), kinds(s.observed.pairs),
        s.message};
    for (std::size_t i = 0; i < fields.size(); ++i)
      os << (i ? "," : "") << quote(fields[i]);
    os << "\n";
  }
  return os.str();
}

} // namespace commledger::reconcile
