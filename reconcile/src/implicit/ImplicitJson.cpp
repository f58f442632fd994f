// The JSON report's "allocations", "unified_memory" and "launches" sections.
#include "commledger/reconcile/implicit/ImplicitRender.h"

#include <nlohmann/json.hpp>
#include <sstream>

namespace commledger::reconcile {

namespace {
using json = nlohmann::ordered_json;

json siteOrNull(const std::optional<format::SiteId> &site) {
  return site ? json(format::siteIdToString(*site)) : json(nullptr);
}

json matrix(const CommMatrix &m) {
  return json{{"labels", m.labels}, {"bytes", m.bytes}, {"counts", m.counts}};
}

json pairs(const std::vector<UmPair> &list) {
  json out = json::array();
  for (const UmPair &p : list)
    out.push_back({{"src", endpointLabel(p.src)}, {"dst", endpointLabel(p.dst)},
                   {"bytes", p.total()}, {"prefetch_bytes", p.prefetchBytes},
                   {"fault_bytes", p.faultBytes}});
  return out;
}

json optionalDouble(const std::optional<double> &v) { return v ? json(*v) : json(nullptr); }

void list(std::ostringstream &os, const std::vector<json> &items) {
  os << "[";
  for (std::size_t i = 0; i < items.size(); ++i)
    os << (i ? ",\n  " : "\n  ") << items[i].dump();
  os << (items.empty() ? "]" : "\n ]");
}

// Per-GPU totals and the pair matrix built from the launches' link rows (ZeroCopyPeerMatrix.cpp).
void zeroCopyPeerSections(std::ostringstream &os, const ImplicitTraffic &r) {
  std::vector<json> items;
  for (const GpuZeroCopyPeer &g : r.zeroCopyPerGpu) {
    json wire = json::object(), payload = json::object();
    bool calibrated = true;
    for (auto [name, t] : {std::pair{"host_read", &g.hostRead}, {"host_write", &g.hostWrite},
                           {"peer_read", &g.peerRead}, {"peer_write", &g.peerWrite}}) {
      wire[name] = t->wireBytes;
      payload[name] = optionalDouble(t->payloadBytes);
      calibrated &= t->payloadBytes.has_value();
    }
    items.push_back({{"gpu", endpointLabel(g.device)}, {"wire", wire},
                     {"payload", calibrated ? payload : json(nullptr)}});
  }
  os << ",\n \"zero_copy_per_gpu\": ";
  list(os, items);
  os << ",\n \"zero_copy_peer\": "
     << json{{"basis", r.zeroCopyPeerBasis}, {"labels", r.zeroCopyPeer.labels},
             {"bytes", r.zeroCopyPeer.bytes}, {"unplaced_bytes", r.zeroCopyUnplaced}}
            .dump();
}
} // namespace

std::string implicitJsonSections(const ImplicitTraffic &r) {
  if (r.empty())
    return "";
  std::ostringstream os;
  std::vector<json> items;
  for (const AllocationSummary &a : r.allocations)
    items.push_back({{"site", siteOrNull(a.site)}, {"location", a.location},
                     {"function", a.function}, {"argument", a.argument}, {"api", a.api},
                     {"memory", a.memory}, {"device", a.device}, {"flags", a.flags},
                     {"bytes", a.bytes}, {"count", a.count}});
  os << ",\n \"allocations\": ";
  list(os, items);

  items.clear();
  for (const UmAllocation &u : r.unifiedMemory)
    items.push_back(
        {{"site", siteOrNull(u.site)}, {"label", u.label}, {"bytes", u.allocationBytes},
         {"page_bytes", u.pageBytes}, {"order", u.order},
         {"matrices", {{"all", matrix(u.all)}, {"prefetch", matrix(u.prefetch)},
                       {"fault", matrix(u.fault)}}},
         {"events", u.events}, {"observed", pairs(u.observed)},
         {"predicted", u.predictionKnown ? pairs(u.predicted) : json(nullptr)},
         {"verdict", toString(u.verdict)}, {"message", u.message}});
  os << ",\n \"unified_memory\": {\"matrices\": "
     << json{{"all", matrix(r.umAll)}, {"prefetch", matrix(r.umPrefetch)},
             {"fault", matrix(r.umFault)}}.dump()
     << ",\n  \"allocations\": ";
  list(os, items);
  os << "}";

  items.clear();
  for (const LaunchTraffic &l : r.launches) {
    json accesses = json::array(), links = json::array();
    for (const LaunchTraffic::Access &a : l.accesses)
      accesses.push_back({{"param", a.param}, {"argument", a.argument},
                          {"allocation", a.allocation}, {"link", a.link},
                          {"src", endpointLabel(a.src)}, {"dst", endpointLabel(a.dst)},
                          {"predicted_bytes", a.predictedBytes ? json(*a.predictedBytes)
                                                               : json(nullptr)},
                          {"allocation_bytes", a.allocationBytes}});
    for (const LaunchTraffic::Link &k : l.links)
      links.push_back({{"link", k.link}, {"metric", k.metric}, {"wire_bytes", k.wireBytes},
                       {"ratio", optionalDouble(k.ratio)},
                       {"payload_bytes", optionalDouble(k.payloadBytes)}});
    items.push_back({{"site", siteOrNull(l.site)}, {"location", l.location},
                     {"kernel", l.kernel}, {"device", l.device}, {"ranges", l.ranges},
                     {"wire", l.wire}, {"accesses", accesses}, {"links", links},
                     {"calibration", r.calibration.empty() ? "uncalibrated" : r.calibration},
                     {"verdict", l.verdict}, {"message", l.message}});
  }
  os << ",\n \"launches\": ";
  list(os, items);
  zeroCopyPeerSections(os, r);
  return os.str();
}

} // namespace commledger::reconcile
