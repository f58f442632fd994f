// JSON reader and writer of the per-process trace (docs/formats.md, "Trace").
#include "commledger/format/Trace.h"

#include "JsonFields.h"
#include "commledger/format/AtomicFile.h"

namespace commledger::format {

using detail::FormatError;
using nlohmann::json;

namespace {
const char *const kMemoryKindNames[] = {"unknown", "pageable", "pinned",
                                        "device",  "managed",  "array"};
const char *const kCopyKindNames[] = {"unknown", "HtoD", "DtoH", "HtoA", "AtoH",
                                      "AtoA",    "AtoD", "DtoA", "DtoD", "HtoH",
                                      "PtoP",    "StagedPtoP", "Memset"};

template <size_t N>
std::optional<int> indexOf(const char *const (&names)[N], std::string_view text) {
  for (size_t i = 0; i < N; ++i)
    if (text == names[i])
      return static_cast<int>(i);
  return std::nullopt;
}

json endpointToJson(const Endpoint &e) {
  return {{"device", e.device}, {"memory", toString(e.memory)}};
}

Endpoint endpointFromJson(const json &j, const std::string &where) {
  Endpoint e;
  std::int64_t device = detail::integerField(j, "device", where);
  if (device < kHostEndpoint || device > 1 << 20)
    throw FormatError(where + ".device: " + std::to_string(device) + " is not a device index");
  e.device = static_cast<int>(device);
  std::string memory = detail::stringField(j, "memory", where);
  auto m = memoryKindFromString(memory);
  if (!m)
    throw FormatError(where + ".memory: unknown memory kind '" + memory + "'");
  e.memory = *m;
  return e;
}

SiteId siteFrom(const json &j, const std::string &where) {
  std::string text = detail::stringField(j, "site", where);
  auto id = siteIdFromString(text);
  if (!id)
    throw FormatError(where + ".site: '" + text + "' is not 0x followed by 16 hex digits");
  return *id;
}

std::optional<int> optionalDevice(const json &j, const char *key, const std::string &where) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null())
    return std::nullopt;
  return static_cast<int>(detail::integerField(j, key, where));
}

json requestToJson(const RequestRow &r) {
  json j = {{"site", siteIdToString(r.site)}, {"api", r.api},
            {"kind", r.kind},                 {"src", endpointToJson(r.src)},
            {"dst", endpointToJson(r.dst)},   {"bytes", r.bytes},
            {"count", r.count}};
  if (r.declaredSrcDevice)
    j["declared_src_device"] = *r.declaredSrcDevice;
  if (r.declaredDstDevice)
    j["declared_dst_device"] = *r.declaredDstDevice;
  return j;
}

RequestRow requestFromJson(const json &j, const std::string &where) {
  RequestRow r;
  r.site = siteFrom(j, where);
  r.api = detail::stringField(j, "api", where);
  r.kind = detail::optionalString(j, "kind");
  r.src = endpointFromJson(detail::member(j, "src", where), where + ".src");
  r.dst = endpointFromJson(detail::member(j, "dst", where), where + ".dst");
  r.declaredSrcDevice = optionalDevice(j, "declared_src_device", where);
  r.declaredDstDevice = optionalDevice(j, "declared_dst_device", where);
  r.bytes = detail::unsignedField(j, "bytes", where);
  r.count = detail::unsignedField(j, "count", where);
  return r;
}

CopyKind copyKindFrom(const json &j, const std::string &where) {
  std::string kind = detail::stringField(j, "copy_kind", where);
  auto k = copyKindFromString(kind);
  if (!k)
    throw FormatError(where + ".copy_kind: unknown copy kind '" + kind + "'");
  return *k;
}

json observedToJson(const ObservedRow &o) {
  json j = {{"copy_kind", toString(o.copyKind)}, {"src", endpointToJson(o.src)},
            {"dst", endpointToJson(o.dst)},       {"bytes", o.bytes},
            {"count", o.count}};
  if (o.site)
    j["site"] = siteIdToString(*o.site);
  else
    j["bucket"] = o.bucket;
  return j;
}

ObservedRow observedFromJson(const json &j, const std::string &where) {
  ObservedRow o;
  if (j.contains("site"))
    o.site = siteFrom(j, where);
  else
    o.bucket = detail::stringField(j, "bucket", where);
  o.copyKind = copyKindFrom(j, where);
  o.src = endpointFromJson(detail::member(j, "src", where), where + ".src");
  o.dst = endpointFromJson(detail::member(j, "dst", where), where + ".dst");
  o.bytes = detail::unsignedField(j, "bytes", where);
  o.count = detail::unsignedField(j, "count", where);
  return o;
}

json eventToJson(const EventRow &e) {
  json j = {{"copy_kind", toString(e.copyKind)}, {"src", endpointToJson(e.src)},
            {"dst", endpointToJson(e.dst)},       {"bytes", e.bytes},
            {"start_ns", e.startNs},              {"end_ns", e.endNs},
            {"device", e.device},                 {"stream", e.stream}};
  if (e.site)
    j["site"] = siteIdToString(*e.site);
  else
    j["bucket"] = e.bucket;
  return j;
}

EventRow eventFromJson(const json &j, const std::string &where) {
  EventRow e;
  if (j.contains("site"))
    e.site = siteFrom(j, where);
  else
    e.bucket = detail::stringField(j, "bucket", where);
  e.copyKind = copyKindFrom(j, where);
  e.src = endpointFromJson(detail::member(j, "src", where), where + ".src");
  e.dst = endpointFromJson(detail::member(j, "dst", where), where + ".dst");
  e.bytes = detail::unsignedField(j, "bytes", where);
  e.startNs = detail::integerField(j, "start_ns", where);
  e.endNs = detail::integerField(j, "end_ns", where);
  e.device = static_cast<int>(detail::integerField(j, "device", where));
  e.stream = static_cast<std::uint32_t>(detail::unsignedField(j, "stream", where));
  return e;
}

json processToJson(const ProcessInfo &p) {
  return {{"host", p.host},
          {"pid", p.pid},
          {"command_line", p.commandLine},
          {"start_ns", p.startNs},
          {"end_ns", p.endNs},
          {"cuda_runtime_version", p.cudaRuntimeVersion},
          {"cuda_driver_version", p.cudaDriverVersion},
          {"end_reason", p.endReason}};
}

ProcessInfo processFromJson(const json &j, const std::string &where) {
  ProcessInfo p;
  p.host = detail::stringField(j, "host", where);
  p.pid = detail::integerField(j, "pid", where);
  if (auto it = j.find("command_line"); it != j.end() && it->is_array())
    for (const json &a : *it)
      if (a.is_string())
        p.commandLine.push_back(a.get<std::string>());
  p.startNs = detail::integerField(j, "start_ns", where);
  p.endNs = detail::integerField(j, "end_ns", where);
  p.cudaRuntimeVersion = static_cast<int>(detail::integerField(j, "cuda_runtime_version", where));
  p.cudaDriverVersion = static_cast<int>(detail::integerField(j, "cuda_driver_version", where));
  p.endReason = detail::optionalString(j, "end_reason");
  return p;
}

template <class T, class F>
std::vector<T> listFrom(const json &doc, const char *key, F &&convert) {
  std::vector<T> out;
  const json &items = detail::arrayField(doc, key, "top level");
  for (size_t i = 0; i < items.size(); ++i)
    out.push_back(convert(items[i], std::string(key) + "[" + std::to_string(i) + "]"));
  return out;
}
} // namespace

const char *toString(MemoryKind kind) { return kMemoryKindNames[static_cast<int>(kind)]; }
std::optional<MemoryKind> memoryKindFromString(std::string_view text) {
  auto i = indexOf(kMemoryKindNames, text);
  return i ? std::optional<MemoryKind>(static_cast<MemoryKind>(*i)) : std::nullopt;
}
const char *toString(CopyKind kind) { return kCopyKindNames[static_cast<int>(kind)]; }
std::optional<CopyKind> copyKindFromString(std::string_view text) {
  auto i = indexOf(kCopyKindNames, text);
  return i ? std::optional<CopyKind>(static_cast<CopyKind>(*i)) : std::nullopt;
}

std::string toJsonText(const Trace &t) {
  json devices = json::array(), peers = json::array(), requests = json::array(),
       observed = json::array();
  for (const DeviceInfo &d : t.devices)
    devices.push_back(
        {{"index", d.index}, {"name", d.name}, {"pci_bus_id", d.pciBusId}, {"uuid", d.uuid}});
  for (const PeerInfo &p : t.peers)
    peers.push_back({{"src", p.src},
                     {"dst", p.dst},
                     {"access_supported", p.accessSupported},
                     {"native_atomic_supported", p.nativeAtomicSupported},
                     {"performance_rank", p.performanceRank}});
  for (const RequestRow &r : t.requests)
    requests.push_back(requestToJson(r));
  for (const ObservedRow &o : t.observed)
    observed.push_back(observedToJson(o));
  json events = json::array();
  for (const EventRow &e : t.events)
    events.push_back(eventToJson(e));
  json doc = {{"format", kTraceFormat},
              {"version", t.version},
              {"process", processToJson(t.process)},
              {"cupti", {{"active", t.cuptiActive}, {"error", t.cuptiError}}},
              {"dropped_records", t.droppedRecords},
              {"devices", std::move(devices)},
              {"peers", std::move(peers)},
              {"requests", std::move(requests)},
              {"observed", std::move(observed)}};
  // The event log is optional: traces without it stay as they were.
  if (!t.events.empty() || t.eventsDropped != 0) {
    doc["events"] = std::move(events);
    doc["events_dropped"] = t.eventsDropped;
  }
  return doc.dump(1) + "\n";
}

bool parseTrace(const std::string &text, const std::string &path, Trace &out,
                std::string &error) {
  try {
    json doc = detail::parseVersioned(text, kTraceFormat, kTraceVersion);
    Trace t;
    t.process = processFromJson(detail::member(doc, "process", "top level"), "process");
    const json &cupti = detail::member(doc, "cupti", "top level");
    t.cuptiActive = detail::boolField(cupti, "active", "cupti");
    t.cuptiError = detail::optionalString(cupti, "error");
    t.droppedRecords = detail::unsignedField(doc, "dropped_records", "top level");
    t.devices = listFrom<DeviceInfo>(doc, "devices", [](const json &j, const std::string &w) {
      DeviceInfo d;
      d.index = static_cast<int>(detail::integerField(j, "index", w));
      d.name = detail::optionalString(j, "name");
      d.pciBusId = detail::optionalString(j, "pci_bus_id");
      d.uuid = detail::optionalString(j, "uuid");
      return d;
    });
    t.peers = listFrom<PeerInfo>(doc, "peers", [](const json &j, const std::string &w) {
      PeerInfo p;
      p.src = static_cast<int>(detail::integerField(j, "src", w));
      p.dst = static_cast<int>(detail::integerField(j, "dst", w));
      p.accessSupported = detail::boolField(j, "access_supported", w);
      p.nativeAtomicSupported = detail::boolField(j, "native_atomic_supported", w);
      p.performanceRank = static_cast<int>(detail::integerField(j, "performance_rank", w));
      return p;
    });
    t.requests = listFrom<RequestRow>(doc, "requests", requestFromJson);
    t.observed = listFrom<ObservedRow>(doc, "observed", observedFromJson);
    if (doc.contains("events")) {
      t.events = listFrom<EventRow>(doc, "events", eventFromJson);
      t.eventsDropped = detail::unsignedField(doc, "events_dropped", "top level");
    }
    out = std::move(t);
    return true;
  } catch (const std::exception &e) {
    error = "commledger: " + path + ": " + e.what();
    return false;
  }
}

bool readTrace(const std::string &path, Trace &out, std::string &error) {
  std::string text;
  return readWholeFile(path, text, error) && parseTrace(text, path, out, error);
}

bool writeTrace(const std::string &path, const Trace &trace, std::string &error) {
  return writeFileAtomically(path, toJsonText(trace), error);
}

} // namespace commledger::format
