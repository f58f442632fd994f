// JSON conversions of the trace's rows (requests, observed, events) and their endpoints and
// kinds; the document around them is in Trace.cpp.
#include "TraceRows.h"

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

} // namespace

namespace detail {

json endpointToJson(const Endpoint &e) {
  return {{"device", e.device}, {"memory", toString(e.memory)}};
}

int deviceField(const json &j, const char *key, const std::string &where) {
  std::int64_t device = detail::integerField(j, key, where);
  if (device < kHostEndpoint || device > kMaxDeviceIndex)
    throw FormatError(where + "." + key + ": " + std::to_string(device) +
                      " is not a device index (-1 for the host, 0..255 for a GPU)");
  return static_cast<int>(device);
}

Endpoint endpointFromJson(const json &j, const std::string &where) {
  Endpoint e;
  e.device = deviceField(j, "device", where);
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
  return deviceField(j, key, where);
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

namespace {
// Observed rows and events share who moved what: a site or a bucket, the copy kind, the
// endpoints and the bytes; each adds its own fields around them.
template <class Row> json trafficToJson(const Row &r) {
  json j = {{"copy_kind", toString(r.copyKind)}, {"src", endpointToJson(r.src)},
            {"dst", endpointToJson(r.dst)}, {"bytes", r.bytes}};
  putSiteOrBucket(j, r);
  return j;
}

template <class Row> Row trafficFromJson(const json &j, const std::string &where) {
  Row r;
  getSiteOrBucket(j, where, r);
  r.copyKind = copyKindFrom(j, where);
  r.src = endpointFromJson(detail::member(j, "src", where), where + ".src");
  r.dst = endpointFromJson(detail::member(j, "dst", where), where + ".dst");
  r.bytes = detail::unsignedField(j, "bytes", where);
  return r;
}
} // namespace

json observedToJson(const ObservedRow &o) {
  json j = trafficToJson(o);
  j["count"] = o.count;
  return j;
}

ObservedRow observedFromJson(const json &j, const std::string &where) {
  ObservedRow o = trafficFromJson<ObservedRow>(j, where);
  o.count = detail::unsignedField(j, "count", where);
  return o;
}

json eventToJson(const EventRow &e) {
  json j = trafficToJson(e);
  j["start_ns"] = e.startNs;
  j["end_ns"] = e.endNs;
  j["device"] = e.device;
  j["stream"] = e.stream;
  if (!e.kernel.empty())
    j["kernel"] = e.kernel;
  return j;
}

EventRow eventFromJson(const json &j, const std::string &where) {
  EventRow e = trafficFromJson<EventRow>(j, where);
  e.startNs = detail::integerField(j, "start_ns", where);
  e.endNs = detail::integerField(j, "end_ns", where);
  e.device = deviceField(j, "device", where);
  e.stream = static_cast<std::uint32_t>(detail::unsignedField(j, "stream", where));
  e.kernel = detail::optionalString(j, "kernel");
  return e;
}

} // namespace detail

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

} // namespace commledger::format
