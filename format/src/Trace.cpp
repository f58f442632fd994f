// JSON reader and writer of the per-process trace (docs/formats.md, "Trace").
#include "commledger/format/Trace.h"

#include "JsonFields.h"
#include "JsonListStream.h"
#include "TraceRows.h"
#include "TraceSections.h"
#include "commledger/format/AtomicFile.h"

namespace commledger::format {

using namespace detail;
using nlohmann::json;

namespace {
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
  detail::putSections(doc, t);
  return doc.dump(1) + "\n";
}

bool parseTrace(const std::string &text, const std::string &path, Trace &out,
                std::string &error) {
  try {
    // The row lists hold nearly all of a trace: read them row by row (JsonListStream.h).
    Trace t;
    detail::JsonListStream rows;
    rows.add("requests", [&t](const json &j, const std::string &w) {
      t.requests.push_back(requestFromJson(j, w));
    });
    rows.add("observed", [&t](const json &j, const std::string &w) {
      t.observed.push_back(observedFromJson(j, w));
    });
    rows.add("events", [&t](const json &j, const std::string &w) {
      t.events.push_back(eventFromJson(j, w));
    });
    detail::addSectionReaders(rows, t);
    json doc = rows.parse(text, kTraceFormat, kTraceVersion);
    t.process = processFromJson(detail::member(doc, "process", "top level"), "process");
    const json &cupti = detail::member(doc, "cupti", "top level");
    t.cuptiActive = detail::boolField(cupti, "active", "cupti");
    t.cuptiError = detail::optionalString(cupti, "error");
    t.droppedRecords = detail::unsignedField(doc, "dropped_records", "top level");
    t.devices = listFrom<DeviceInfo>(doc, "devices", [](const json &j, const std::string &w) {
      DeviceInfo d;
      d.index = deviceField(j, "index", w);
      d.name = detail::optionalString(j, "name");
      d.pciBusId = detail::optionalString(j, "pci_bus_id");
      d.uuid = detail::optionalString(j, "uuid");
      return d;
    });
    if (t.devices.size() > kMaxDeviceIndex + 1u)
      throw FormatError("devices: more than 256 entries (one per GPU of the process)");
    t.peers = listFrom<PeerInfo>(doc, "peers", [](const json &j, const std::string &w) {
      PeerInfo p;
      p.src = deviceField(j, "src", w);
      p.dst = deviceField(j, "dst", w);
      p.accessSupported = detail::boolField(j, "access_supported", w);
      p.nativeAtomicSupported = detail::boolField(j, "native_atomic_supported", w);
      p.performanceRank = static_cast<int>(detail::integerField(j, "performance_rank", w));
      return p;
    });
    rows.check(doc, "requests");
    rows.check(doc, "observed");
    if (doc.contains("events")) {
      rows.check(doc, "events");
      t.eventsDropped = detail::unsignedField(doc, "events_dropped", "top level");
    }
    detail::checkSections(rows, doc);
    out = std::move(t);
    return true;
  } catch (const std::exception &e) {
    error = detail::errorLine(path, e.what());
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
