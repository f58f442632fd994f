// JSON reader and writer of the machine profile (docs/formats.md, "Machine
// profile").
#include "commledger/format/MachineProfile.h"

#include "JsonFields.h"
#include "commledger/format/AtomicFile.h"

#include <algorithm>
#include <cmath>

namespace commledger::format {

using detail::FormatError;
using json = nlohmann::ordered_json;

namespace {
double numberField(const nlohmann::json &obj, const char *key,
                   const std::string &where) {
  const nlohmann::json &v = detail::member(obj, key, where);
  if (!v.is_number() || !std::isfinite(v.get<double>()))
    throw FormatError(where + "." + key + ": expected a number");
  return v.get<double>();
}

// -1 (host) or a GPU ordinal.
int endpointField(const nlohmann::json &obj, const char *key,
                  const std::string &where) {
  std::int64_t v = detail::integerField(obj, key, where);
  if (v < -1 || v > 1 << 20)
    throw FormatError(where + "." + key + ": " + std::to_string(v) +
                      " is neither -1 (the host) nor a GPU ordinal");
  return static_cast<int>(v);
}

int gpuField(const nlohmann::json &obj, const char *key,
             const std::string &where) {
  int v = endpointField(obj, key, where);
  if (v < 0)
    throw FormatError(where + "." + key +
                      ": expected a GPU ordinal (0 or more)");
  return v;
}

ProfileDevice deviceFrom(const nlohmann::json &j, const std::string &where) {
  ProfileDevice d;
  d.index = gpuField(j, "index", where);
  d.name = detail::stringField(j, "name", where);
  d.pciBusId = detail::stringField(j, "pci_bus_id", where);
  return d;
}

WireCount wireFrom(const nlohmann::json &j, const std::string &where) {
  WireCount w;
  w.device = gpuField(j, "device", where);
  w.metric = detail::stringField(j, "metric", where);
  w.bytes = detail::unsignedField(j, "bytes", where);
  return w;
}

LinkMeasurement linkFrom(const nlohmann::json &j, const std::string &where) {
  LinkMeasurement l;
  l.kind = detail::stringField(j, "kind", where);
  if (!isLinkKind(l.kind))
    throw FormatError(
        where + ".kind: '" + l.kind +
        "' is not pcie_read, pcie_write, nvlink_read or nvlink_write");
  l.src = endpointField(j, "src", where);
  l.dst = endpointField(j, "dst", where);
  l.issuer = gpuField(j, "issuer", where);
  l.payloadBytes = detail::unsignedField(j, "payload_bytes", where);
  if (l.payloadBytes == 0)
    throw FormatError(where + ".payload_bytes: must be more than 0");
  l.repetitions =
      static_cast<unsigned>(detail::unsignedField(j, "repetitions", where));
  const nlohmann::json &wire = detail::arrayField(j, "wire_bytes", where);
  for (std::size_t i = 0; i < wire.size(); ++i)
    l.wire.push_back(
        wireFrom(wire[i], where + ".wire_bytes[" + std::to_string(i) + "]"));
  l.metric = detail::stringField(j, "metric", where);
  l.metricDevice = gpuField(j, "metric_device", where);
  l.ratio = numberField(j, "ratio", where);
  if (l.ratio <= 0)
    throw FormatError(
        where + ".ratio: must be more than 0 (wire bytes per payload byte)");
  l.bandwidthGBps = numberField(j, "bandwidth_gbps", where);
  if (l.bandwidthGBps < 0)
    throw FormatError(where + ".bandwidth_gbps: must not be negative");
  return l;
}

template <class T, class F>
std::vector<T> listFrom(const nlohmann::json &doc, const char *key, F convert) {
  std::vector<T> out;
  const nlohmann::json &items = detail::arrayField(doc, key, "top level");
  for (std::size_t i = 0; i < items.size(); ++i)
    out.push_back(
        convert(items[i], std::string(key) + "[" + std::to_string(i) + "]"));
  return out;
}
} // namespace

bool isLinkKind(const std::string &kind) {
  return std::find(std::begin(kLinkKinds), std::end(kLinkKinds), kind) !=
         std::end(kLinkKinds);
}

const LinkMeasurement *findLink(const MachineProfile &profile,
                                const std::string &kind, int src, int dst) {
  for (const LinkMeasurement &l : profile.links)
    if (l.kind == kind && l.src == src && l.dst == dst)
      return &l;
  return nullptr;
}

std::optional<double> ratioFor(const MachineProfile &profile,
                               const std::string &kind, int src, int dst) {
  if (const LinkMeasurement *exact = findLink(profile, kind, src, dst))
    return exact->ratio;
  std::vector<double> ratios;
  for (const LinkMeasurement &l : profile.links)
    if (l.kind == kind)
      ratios.push_back(l.ratio);
  if (ratios.empty())
    return std::nullopt;
  std::sort(ratios.begin(), ratios.end());
  std::size_t n = ratios.size();
  return n % 2 ? ratios[n / 2] : (ratios[n / 2 - 1] + ratios[n / 2]) / 2;
}

std::string toJsonText(const MachineProfile &p) {
  json doc{{"format", kMachineProfileFormat},
           {"version", p.version},
           {"host", p.host},
           {"sampling_interval_ns", p.samplingIntervalNs},
           {"devices", json::array()},
           {"links", json::array()}};
  for (const ProfileDevice &d : p.devices)
    doc["devices"].push_back(
        {{"index", d.index}, {"name", d.name}, {"pci_bus_id", d.pciBusId}});
  for (const LinkMeasurement &l : p.links) {
    json wire = json::array();
    for (const WireCount &w : l.wire)
      wire.push_back(
          {{"device", w.device}, {"metric", w.metric}, {"bytes", w.bytes}});
    doc["links"].push_back({{"kind", l.kind},
                            {"src", l.src},
                            {"dst", l.dst},
                            {"issuer", l.issuer},
                            {"payload_bytes", l.payloadBytes},
                            {"repetitions", l.repetitions},
                            {"wire_bytes", std::move(wire)},
                            {"metric", l.metric},
                            {"metric_device", l.metricDevice},
                            {"ratio", l.ratio},
                            {"bandwidth_gbps", l.bandwidthGBps}});
  }
  return doc.dump(1) + "\n";
}

bool parseMachineProfile(const std::string &text, const std::string &path,
                         MachineProfile &out, std::string &error) {
  try {
    nlohmann::json doc = detail::parseVersioned(text, kMachineProfileFormat,
                                                kMachineProfileVersion);
    MachineProfile p;
    p.host = detail::stringField(doc, "host", "top level");
    p.samplingIntervalNs =
        detail::unsignedField(doc, "sampling_interval_ns", "top level");
    p.devices = listFrom<ProfileDevice>(doc, "devices", deviceFrom);
    p.links = listFrom<LinkMeasurement>(doc, "links", linkFrom);
    out = std::move(p);
    return true;
  } catch (const std::exception &e) {
    error = detail::errorLine(path, e.what());
    return false;
  }
}

bool readMachineProfile(const std::string &path, MachineProfile &out,
                        std::string &error) {
  std::string text;
  return readWholeFile(path, text, error) &&
         parseMachineProfile(text, path, out, error);
}

bool writeMachineProfile(const std::string &path, const MachineProfile &profile,
                         std::string &error) {
  return writeFileAtomically(path, toJsonText(profile), error);
}

} // namespace commledger::format
