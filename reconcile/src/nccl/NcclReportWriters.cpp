// JSON and text renderings of the NCCL section (the only place it is
// serialised).
#include "commledger/reconcile/nccl/NcclReportWriters.h"
#include "commledger/reconcile/HumanUnits.h"
#include "commledger/reconcile/TextLayout.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>

namespace commledger::reconcile::nccl {

namespace {
using json = nlohmann::ordered_json;

json optionalNumber(const std::optional<std::uint64_t> &v) {
  return v ? json(*v) : json(nullptr);
}
json optionalReal(const std::optional<double> &v) {
  return v ? json(*v) : json(nullptr);
}

std::string gpuLabel(const NcclSection &s, int gpu) {
  return gpu >= 0 && static_cast<std::size_t>(gpu) < s.gpus.size()
             ? s.gpus[gpu].label
             : "?";
}

json siteJson(const NcclSection &s, const NcclSiteRow &r) {
  json pairs = json::array(), kernels = json::array(), perGpu = json::array();
  for (const NcclPair &p : r.predicted)
    pairs.push_back({{"src", gpuLabel(s, p.src)},
                     {"dst", gpuLabel(s, p.dst)},
                     {"bytes", p.bytes}});
  for (const NcclKernelUse &k : r.kernels)
    kernels.push_back({{"name", k.kernel},
                       {"collective", k.collective},
                       {"gpu", gpuLabel(s, k.gpu)},
                       {"count", k.count},
                       {"totalNs", k.totalNs},
                       {"sharedBy", k.sharedBy}});
  for (const NcclGpuBytes &g : r.perGpu)
    perGpu.push_back({{"gpu", gpuLabel(s, g.gpu)},
                      {"predictedSent", g.predictedSent},
                      {"predictedReceived", g.predictedReceived},
                      {"nvlinkTx", optionalReal(g.nvlinkTx)},
                      {"nvlinkRx", optionalReal(g.nvlinkRx)}});
  return json{
      {"id", format::siteIdToString(r.id)},
      {"known", r.known},
      {"file", r.file},
      {"line", r.line},
      {"column", r.column},
      {"function", r.function},
      {"api", r.api},
      {"comm", json{{"id", r.commId},
                    {"nranks", r.nranks},
                    {"ranksTraced", r.ranksTraced}}},
      {"bytesPerCall", optionalNumber(r.bytesPerCall)},
      {"size", optionalNumber(r.size)},
      {"calls", r.calls},
      {"operations", r.operations},
      {"algorithm", r.algorithm},
      {"protocol", r.protocol},
      {"predicted", json{{"totalBytes", r.predictedTotal}, {"pairs", pairs}}},
      {"observed", json{{"kernels", r.kernelCount},
                        {"kernelNs", r.kernelNs},
                        {"counters", r.counters},
                        {"kernelRows", kernels}}},
      {"perGpu", perGpu},
      {"verdict", toString(r.verdict)},
      {"notes", r.notes}};
}

// "2×256.00 KiB" when every pair carries the same bytes, else "3:≤64.00 MiB"
// (pairs, largest).
std::string pairSummary(const NcclSiteRow &r) {
  if (r.predicted.empty())
    return "-";
  std::uint64_t most = 0;
  bool equal = true;
  for (const NcclPair &p : r.predicted) {
    equal = equal && p.bytes == r.predicted.front().bytes;
    most = std::max(most, p.bytes);
  }
  return std::to_string(r.predicted.size()) + (equal ? "\u00d7" : ":\u2264") +
         formatBytes(most);
}

// "RING/LL"; an assumed ring reads "ring?", an unknown protocol "?".
std::string algoCell(const NcclSiteRow &r) {
  std::string algo =
      r.algorithm.rfind("unknown", 0) == 0 ? "ring?" : r.algorithm;
  return algo + "/" + (r.protocol == "unknown" ? "?" : r.protocol);
}
} // namespace

std::string renderNcclJson(const NcclSection &s) {
  std::ostringstream os;
  json gpus = json::array();
  for (const NcclGpu &g : s.gpus)
    gpus.push_back(
        {{"label", g.label}, {"host", g.host}, {"device", g.device}});
  os << "{\"gpus\": " << gpus.dump() << ",\n  \"matrices\": {";
  for (std::size_t i = 0; i < s.matrices.size(); ++i) {
    const CommMatrix &m = s.matrices[i];
    os << (i ? ",\n   " : "\n   ") << json(m.name).dump() << ": "
       << json{{"labels", m.labels}, {"bytes", m.bytes}, {"counts", m.counts}}
              .dump();
  }
  os << (s.matrices.empty() ? "}" : "\n  }") << ",\n  \"sites\": [";
  for (std::size_t i = 0; i < s.sites.size(); ++i)
    os << (i ? ",\n   " : "\n   ") << siteJson(s, s.sites[i]).dump();
  os << (s.sites.empty() ? "]}" : "\n  ]}");
  return os.str();
}

std::string renderNcclText(const NcclSection &s) {
  if (s.sites.empty())
    return "";
  const std::size_t wVerdict = 17, wApi = 13, wSize = 10, wCalls = 5,
                    wAlgo = 11, wPairs = 14;
  const std::size_t wSite =
      kTerminalWidth - (wVerdict + wApi + wSize + wCalls + wAlgo + wPairs + 12);
  std::ostringstream os;
  os << "\nNCCL sites: " << s.sites.size()
     << " (SIZE = S as nccl-tests names it; PAIRS = predicted payload per GPU "
        "pair over all "
        "calls; ring? = algorithm unknown, ring predicted)\n";
  os << padRight("VERDICT", wVerdict) << "  " << padRight("API", wApi) << "  "
     << padLeft("SIZE", wSize) << "  " << padLeft("CALLS", wCalls) << "  "
     << padRight("ALGO/PROTO", wAlgo) << "  " << padRight("PAIRS", wPairs)
     << "  SITE\n";
  std::vector<std::pair<std::string, unsigned>> notes;
  for (const NcclSiteRow &r : s.sites) {
    std::string api = r.api.rfind("nccl", 0) == 0 ? r.api.substr(4) : r.api;
    os << padRight(toString(r.verdict), wVerdict) << "  "
       << padRight(truncateRight(api, wApi), wApi) << "  "
       << padLeft(r.size ? formatBytes(*r.size) : "varies", wSize) << "  "
       << padLeft(std::to_string(r.calls), wCalls) << "  "
       << padRight(truncateRight(algoCell(r), wAlgo), wAlgo) << "  "
       << padRight(pairSummary(r), wPairs) << "  "
       << truncateLeft(r.location(), wSite) << '\n';
    for (const std::string &note : r.notes) {
      auto it = std::find_if(notes.begin(), notes.end(),
                             [&](auto &n) { return n.first == note; });
      if (it == notes.end())
        notes.push_back({note, 1});
      else
        ++it->second;
    }
  }
  // One line per distinct note: a group's shared kernels would otherwise repeat
  // per member.
  for (const auto &[note, sites] : notes)
    os << "note (" << sites << (sites == 1 ? " site" : " sites")
       << "): " << note << '\n';
  return os.str();
}

} // namespace commledger::reconcile::nccl
