// JSON reader and writer of the site database (docs/formats.md, "Site database").
#include "commledger/format/SiteDatabase.h"

#include "JsonFields.h"
#include "commledger/format/AtomicFile.h"

#include <cstdlib>
#include <unordered_set>

namespace commledger::format {

using detail::FormatError;
using nlohmann::json;

namespace {
const char *const kFamilyNames[] = {"copy", "memset", "alloc", "free", "launch",
                                    "nccl", "device", "peer",  "hint",  "other"};
const char *const kEndpointKindNames[] = {"unknown", "host", "device"};

json endpointToJson(const PredictedEndpoint &e) {
  json j = {{"kind", toString(e.kind)}};
  if (e.kind == PredictedEndpoint::Kind::Device)
    j["device"] = e.device;
  if (e.kind == PredictedEndpoint::Kind::Host)
    j["host_memory"] = e.hostMemory;
  return j;
}

PredictedEndpoint endpointFromJson(const json &j, const std::string &where) {
  PredictedEndpoint e;
  std::string kind = detail::stringField(j, "kind", where);
  if (kind == "host")
    e.kind = PredictedEndpoint::Kind::Host;
  else if (kind == "device")
    e.kind = PredictedEndpoint::Kind::Device;
  else if (kind != "unknown")
    throw FormatError(where + ".kind: unknown endpoint kind '" + kind + "'");
  e.device = detail::optionalString(j, "device");
  e.hostMemory = detail::optionalString(j, "host_memory");
  return e;
}

json optionalNumber(const std::optional<std::uint64_t> &v) { return v ? json(*v) : json(nullptr); }

json predictionToJson(const Prediction &p) {
  return {{"direction", p.direction},         {"kind_arg", p.kindArg},
          {"bytes", optionalNumber(p.bytes)}, {"bytes_expr", p.bytesExpr},
          {"src", endpointToJson(p.src)},     {"dst", endpointToJson(p.dst)},
          {"multiplicity", optionalNumber(p.multiplicity)},
          {"multiplicity_expr", p.multiplicityExpr},
          {"notes", p.notes}};
}

Prediction predictionFromJson(const json &j, const std::string &where) {
  Prediction p;
  p.direction = detail::stringField(j, "direction", where);
  p.kindArg = detail::optionalString(j, "kind_arg");
  p.bytes = detail::optionalUnsigned(j, "bytes", where);
  p.bytesExpr = detail::optionalString(j, "bytes_expr");
  p.src = endpointFromJson(detail::member(j, "src", where), where + ".src");
  p.dst = endpointFromJson(detail::member(j, "dst", where), where + ".dst");
  p.multiplicity = detail::optionalUnsigned(j, "multiplicity", where);
  p.multiplicityExpr = detail::optionalString(j, "multiplicity_expr");
  if (auto it = j.find("notes"); it != j.end() && it->is_array())
    for (const json &n : *it)
      if (n.is_string())
        p.notes.push_back(n.get<std::string>());
  return p;
}

json footprintToJson(const KernelFootprint &f) {
  json params = json::array();
  for (const FootprintParam &p : f.params) {
    json j = {{"param", p.param},
              {"argument", p.argument},
              {"element_bytes", p.elementBytes},
              {"read_bytes", optionalNumber(p.readBytes)},
              {"write_bytes", optionalNumber(p.writeBytes)},
              {"read_formula", p.readFormula},
              {"write_formula", p.writeFormula},
              {"read_expr", p.readExpr},
              {"write_expr", p.writeExpr}};
    if (!p.unknown.empty())
      j["unknown"] = p.unknown;
    if (!p.notes.empty())
      j["notes"] = p.notes;
    params.push_back(std::move(j));
  }
  json j = {{"kernel", f.kernel}, {"params", std::move(params)}};
  if (!f.reason.empty())
    j["reason"] = f.reason;
  if (!f.launchValues.empty()) {
    j["launch_values"] = f.launchValues;
    j["launch_pointers"] = f.launchPointers;
  }
  if (!f.launchValuesReason.empty())
    j["launch_values_reason"] = f.launchValuesReason;
  return j;
}

KernelFootprint footprintFromJson(const json &j, const std::string &where) {
  KernelFootprint f;
  f.kernel = detail::stringField(j, "kernel", where);
  f.reason = detail::optionalString(j, "reason");
  const json &params = detail::arrayField(j, "params", where);
  for (size_t i = 0; i < params.size(); ++i) {
    std::string at = where + ".params[" + std::to_string(i) + "]";
    const json &pj = params[i];
    FootprintParam p;
    p.param = detail::stringField(pj, "param", at);
    p.argument = detail::optionalString(pj, "argument");
    p.elementBytes = detail::optionalUnsigned(pj, "element_bytes", at).value_or(0);
    p.readBytes = detail::optionalUnsigned(pj, "read_bytes", at);
    p.writeBytes = detail::optionalUnsigned(pj, "write_bytes", at);
    p.readFormula = detail::optionalString(pj, "read_formula");
    p.writeFormula = detail::optionalString(pj, "write_formula");
    p.readExpr = detail::optionalString(pj, "read_expr");
    p.writeExpr = detail::optionalString(pj, "write_expr");
    p.unknown = detail::optionalString(pj, "unknown");
    if (auto it = pj.find("notes"); it != pj.end() && it->is_array())
      for (const json &n : *it)
        if (n.is_string())
          p.notes.push_back(n.get<std::string>());
    f.params.push_back(std::move(p));
  }
  // Optional since launches pass values: older databases have none and still read.
  if (auto it = j.find("launch_values"); it != j.end() && it->is_array())
    for (const json &n : *it) {
      if (!n.is_string())
        throw FormatError(where + ".launch_values: each entry is a name");
      f.launchValues.push_back(n.get<std::string>());
    }
  f.launchPointers =
      static_cast<unsigned>(detail::optionalUnsigned(j, "launch_pointers", where).value_or(0));
  if (f.launchPointers > f.launchValues.size())
    throw FormatError(where + ".launch_pointers: more pointers than launch values");
  f.launchValuesReason = detail::optionalString(j, "launch_values_reason");
  return f;
}

json siteToJson(const Site &s) {
  json j = {{"id", siteIdToString(s.id)}, {"file", s.file},         {"line", s.line},
            {"column", s.column},         {"api", s.api},           {"family", toString(s.family)},
            {"function", s.function},     {"instrumented", s.instrumented}};
  if (!s.reason.empty())
    j["reason"] = s.reason;
  if (!s.macro.empty())
    j["macro"] = s.macro;
  if (s.prediction)
    j["prediction"] = predictionToJson(*s.prediction);
  if (s.footprint)
    j["footprint"] = footprintToJson(*s.footprint);
  return j;
}

Site siteFromJson(const json &j, const std::string &where) {
  Site s;
  std::string id = detail::stringField(j, "id", where);
  auto parsed = siteIdFromString(id);
  if (!parsed)
    throw FormatError(where + ".id: '" + id + "' is not 0x followed by 16 hex digits");
  s.id = *parsed;
  s.file = detail::stringField(j, "file", where);
  s.line = static_cast<unsigned>(detail::unsignedField(j, "line", where));
  s.column = static_cast<unsigned>(detail::unsignedField(j, "column", where));
  s.api = detail::stringField(j, "api", where);
  std::string family = detail::stringField(j, "family", where);
  auto f = siteFamilyFromString(family);
  if (!f)
    throw FormatError(where + ".family: unknown family '" + family + "'");
  s.family = *f;
  s.function = detail::optionalString(j, "function");
  s.instrumented = detail::boolField(j, "instrumented", where);
  s.reason = detail::optionalString(j, "reason");
  s.macro = detail::optionalString(j, "macro");
  if (auto it = j.find("prediction"); it != j.end() && !it->is_null())
    s.prediction = predictionFromJson(*it, where + ".prediction");
  // Optional since the footprint analysis came: older databases have none and still read.
  if (auto it = j.find("footprint"); it != j.end() && !it->is_null())
    s.footprint = footprintFromJson(*it, where + ".footprint");
  return s;
}
} // namespace

const char *toString(SiteFamily family) { return kFamilyNames[static_cast<int>(family)]; }

std::optional<SiteFamily> siteFamilyFromString(std::string_view text) {
  for (int i = 0; i <= static_cast<int>(SiteFamily::Other); ++i)
    if (text == kFamilyNames[i])
      return static_cast<SiteFamily>(i);
  return std::nullopt;
}

const char *toString(PredictedEndpoint::Kind kind) {
  return kEndpointKindNames[static_cast<int>(kind)];
}

bool PredictedEndpoint::isConstantDevice() const {
  if (kind != Kind::Device || device.empty() || device.size() > 6)
    return false;
  for (char c : device)
    if (c < '0' || c > '9')
      return false;
  return true;
}

int PredictedEndpoint::constantDevice() const { return std::atoi(device.c_str()); }

bool PredictedEndpoint::operator==(const PredictedEndpoint &other) const {
  return kind == other.kind && device == other.device && hostMemory == other.hostMemory;
}

const Site *SiteDatabase::find(SiteId id) const {
  for (const Site &s : sites)
    if (s.id == id)
      return &s;
  return nullptr;
}

void SiteDatabase::merge(const SiteDatabase &other) {
  std::unordered_set<SiteId> known;
  for (const Site &s : sites)
    known.insert(s.id);
  for (const Site &s : other.sites)
    if (known.insert(s.id).second)
      sites.push_back(s);
  if (projectRoot.empty())
    projectRoot = other.projectRoot;
}

std::string toJsonText(const SiteDatabase &db) {
  json sites = json::array();
  for (const Site &s : db.sites)
    sites.push_back(siteToJson(s));
  json doc = {{"format", kSiteDatabaseFormat},
              {"version", db.version},
              {"project_root", db.projectRoot},
              {"sites", std::move(sites)}};
  return doc.dump(1) + "\n";
}

bool parseSiteDatabase(const std::string &text, const std::string &path, SiteDatabase &out,
                       std::string &error) {
  try {
    json doc = detail::parseVersioned(text, kSiteDatabaseFormat, kSiteDatabaseVersion);
    SiteDatabase db;
    db.version = kSiteDatabaseVersion;
    db.projectRoot = detail::optionalString(doc, "project_root");
    const json &sites = detail::arrayField(doc, "sites", "top level");
    for (size_t i = 0; i < sites.size(); ++i)
      db.sites.push_back(siteFromJson(sites[i], "sites[" + std::to_string(i) + "]"));
    out = std::move(db);
    return true;
  } catch (const std::exception &e) {
    error = detail::errorLine(path, e.what());
    return false;
  }
}

bool readSiteDatabase(const std::string &path, SiteDatabase &out, std::string &error) {
  std::string text;
  return readWholeFile(path, text, error) && parseSiteDatabase(text, path, out, error);
}

bool writeSiteDatabase(const std::string &path, const SiteDatabase &db, std::string &error) {
  return writeFileAtomically(path, toJsonText(db), error);
}

} // namespace commledger::format
