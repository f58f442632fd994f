// Zero-copy and peer loads/stores per launch: hardware counter rows (wire bytes) set against the
// launch site's footprint on parameters that name a mapped host or a peer GPU's allocation.
#include "commledger/reconcile/implicit/ImplicitTrafficBuilder.h"

#include <map>
#include <set>
#include <tuple>

namespace commledger::reconcile {

namespace {
// The calibrated payload of a single full read scatters by a few hundred bytes around the
// allocation's size (measured: 16777853 B for 16 MiB); a re-read shows as a multiple of it.
constexpr double kRereadTolerance = 0.05;
constexpr unsigned kMappedFlag = 2; // cudaHostAllocMapped == cudaHostRegisterMapped == 2

bool isMappedHost(const AllocationSummary &a) {
  return a.memory == "mapped" || (a.memory == "registered" && (a.flags & kMappedFlag));
}

// The counter each link kind is read from, on the GPU whose kernel moves the data.
const char *metricOf(const std::string &link) {
  if (link == "pcie_read") return "pcie__read_bytes.sum";
  if (link == "pcie_write") return "pcie__write_bytes.sum";
  if (link == "nvlink_read") return "nvlrx__bytes.sum";
  return "nvltx__bytes.sum";
}

// Names a launch's arguments may use for an allocation of its function: the allocation's own
// pointer and cudaHostGetDevicePointer aliases of it ("dIn" for "in").
std::map<std::string, const AllocationSummary *>
namesInFunction(const format::Site &launch, const format::SiteDatabase &db,
                const std::vector<AllocationSummary> &allocations, const SourceLines &source) {
  std::map<std::string, const AllocationSummary *> names;
  unsigned first = launch.line;
  for (const format::Site &s : db.sites)
    if (s.file == launch.file && s.function == launch.function)
      first = std::min(first, s.line);
  for (const AllocationSummary &a : allocations)
    if (a.function == launch.function && !a.argument.empty() &&
        a.location.rfind(launch.file + ":", 0) == 0)
      names[a.argument] = &a;
  for (unsigned line = first; source && line < launch.line; ++line)
    if (std::optional<std::string> text = source(launch.file, line))
      if (auto alias = devicePointerAlias(*text))
        if (names.count(alias->second))
          names[alias->first] = names[alias->second];
  return names;
}

void addAccesses(LaunchTraffic &row, const format::Site &launch,
                 const std::map<std::string, const AllocationSummary *> &names) {
  for (const format::FootprintParam &p : launch.footprint->params) {
    auto it = names.find(p.argument);
    if (it == names.end())
      continue;
    const AllocationSummary &a = *it->second;
    bool host = isMappedHost(a), peer = a.memory == "device" && a.device != row.device;
    if (!host && !peer)
      continue;
    auto add = [&](const char *link, int src, int dst, std::optional<std::uint64_t> bytes) {
      if (bytes && *bytes == 0)
        return;
      row.accesses.push_back({p.param, p.argument, a.location, link, src, dst, bytes,
                              a.count ? a.bytes / a.count : a.bytes});
    };
    int owner = host ? -1 : a.device;
    add(host ? "pcie_read" : "nvlink_read", owner, row.device, p.readBytes);
    add(host ? "pcie_write" : "nvlink_write", row.device, owner, p.writeBytes);
  }
}

void judge(LaunchTraffic &row, const ImplicitOptions &options) {
  std::map<std::string, std::tuple<int, int, std::uint64_t, std::uint64_t, bool>> byLink;
  std::set<std::string> mixed; // link kinds whose accesses name several peers
  for (const LaunchTraffic::Access &a : row.accesses) {
    bool fresh = !byLink.count(a.link);
    auto &[src, dst, size, predicted, unknown] = byLink[a.link];
    if (!fresh && (src != a.src || dst != a.dst))
      mixed.insert(a.link);
    src = a.src;
    dst = a.dst;
    size += a.allocationBytes;
    predicted += a.predictedBytes.value_or(0);
    unknown |= !a.predictedBytes;
  }
  if (byLink.empty()) {
    row.verdict = "prediction unknown";
    row.message = "no parameter names a mapped host or peer allocation of the launching function "
                  "(static match by argument text)";
    return;
  }
  row.verdict = "match";
  for (const auto &[link, v] : byLink) {
    const auto &[src, dst, size, predicted, unknown] = v;
    LaunchTraffic::Link l{link, metricOf(link), 0, std::nullopt, std::nullopt, src, dst,
                          !mixed.count(link)};
    auto wire = row.wire.find(l.metric);
    l.wireBytes = wire == row.wire.end() ? 0 : wire->second;
    if (options.profile)
      l.ratio = format::ratioFor(*options.profile, link, src, dst);
    if (l.ratio && *l.ratio > 0)
      l.payloadBytes = l.wireBytes / *l.ratio;
    std::string what = link + " " + pairLabel(src, dst);
    if (!l.payloadBytes) {
      row.verdict = "uncalibrated";
      row.message += (row.message.empty() ? "" : "; ") + what + ": " +
                     std::to_string(static_cast<std::uint64_t>(l.wireBytes)) +
                     " wire bytes (no machine profile ratio: payload not estimated)";
    } else if (*l.payloadBytes > static_cast<double>(size) * (1 + kRereadTolerance)) {
      row.verdict = "re-read";
      row.message += (row.message.empty() ? "" : "; ") + what +
                     ": zero-copy re-reads more bytes than the allocation (a copy would be "
                     "cheaper): payload " + std::to_string(static_cast<std::uint64_t>(*l.payloadBytes)) +
                     " B > " + std::to_string(size) + " B";
    } else if (row.verdict == "match") {
      row.message += (row.message.empty() ? "" : "; ") + what + ": payload " +
                     std::to_string(static_cast<std::uint64_t>(*l.payloadBytes)) + " B, predicted " +
                     (unknown ? std::string("unknown") : std::to_string(predicted) + " B");
    }
    row.links.push_back(l);
  }
}
} // namespace

std::vector<LaunchTraffic> launchTraffic(const ReconcileInput &input,
                                         const std::vector<AllocationSummary> &allocations,
                                         const ImplicitOptions &options) {
  using Key = std::tuple<std::string, std::string, int>;
  std::map<Key, LaunchTraffic> rows;
  std::map<format::SiteId, std::set<int>> launchDevices;
  for (const LoadedTrace &t : input.traces) {
    for (const format::KernelRow &k : t.trace.kernels)
      if (k.site)
        launchDevices[*k.site].insert(k.device);
    for (const format::CounterRow &c : t.trace.counters) {
      std::string id = c.site ? format::siteIdToString(*c.site) : "~" + c.bucket;
      LaunchTraffic &row = rows[Key{id, c.kernel, c.device}];
      row.site = c.site;
      row.kernel = c.kernel;
      row.device = c.device;
      row.location = c.site ? id : c.bucket;
      row.wire[c.metric] += c.value;
      row.ranges = std::max(row.ranges, c.ranges);
    }
  }
  std::vector<LaunchTraffic> out;
  for (auto &[key, row] : rows) {
    const format::Site *site = row.site ? input.sites.find(*row.site) : nullptr;
    if (site)
      row.location = site->file + ":" + std::to_string(site->line) + ":" +
                     std::to_string(site->column);
    if (!site || !site->footprint) {
      row.verdict = "prediction unknown";
      row.message = site ? "the launch site has no kernel footprint" : "no site in the database";
    } else if (row.site && launchDevices.count(*row.site) &&
               !launchDevices[*row.site].count(row.device)) {
      row.verdict = "far side";
      row.message = "counters of " + endpointLabel(row.device) +
                    " while this site's kernel ran on another GPU";
    } else {
      addAccesses(row, *site, namesInFunction(*site, input.sites, allocations, options.source));
      judge(row, options);
    }
    out.push_back(std::move(row));
  }
  return out;
}

} // namespace commledger::reconcile
