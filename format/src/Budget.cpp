// JSON reader and writer of the traffic budget (docs/formats.md, "Budget").
#include "commledger/format/Budget.h"

#include "JsonFields.h"
#include "commledger/format/AtomicFile.h"

#include <sstream>

namespace commledger::format {

using detail::FormatError;
using json = nlohmann::ordered_json;

namespace {
std::optional<int> parseEndpoint(const std::string &text) {
  if (text == "H")
    return -1;
  if (text.size() < 2 || text.size() > 8 || text[0] != 'G')
    return std::nullopt;
  int device = 0;
  for (std::size_t i = 1; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9')
      return std::nullopt;
    device = device * 10 + (text[i] - '0');
  }
  return device;
}

std::string endpointText(int device) { return device < 0 ? "H" : "G" + std::to_string(device); }

Limits limitsFrom(const nlohmann::json &j, const std::string &where) {
  Limits l;
  l.maxBytes = detail::optionalUnsigned(j, "max_bytes", where);
  l.maxCount = detail::optionalUnsigned(j, "max_count", where);
  return l;
}

void addLimits(json &j, const Limits &l) {
  if (l.maxBytes)
    j["max_bytes"] = *l.maxBytes;
  if (l.maxCount)
    j["max_count"] = *l.maxCount;
}

PairBudget pairFrom(const nlohmann::json &j, const std::string &where) {
  std::string text = detail::stringField(j, "pair", where);
  auto pair = parsePair(text);
  if (!pair)
    throw FormatError(where + ".pair: '" + text + "' is not a pair such as \"G0->G1\" or \"H->G1\"");
  return *pair;
}

SiteBudget siteFrom(const nlohmann::json &j, const std::string &where) {
  SiteBudget s;
  std::string id = detail::stringField(j, "id", where);
  auto parsed = siteIdFromString(id);
  if (!parsed)
    throw FormatError(where + ".id: '" + id + "' is not 0x followed by 16 hex digits");
  s.id = *parsed;
  s.file = detail::optionalString(j, "file");
  s.line = static_cast<unsigned>(detail::optionalUnsigned(j, "line", where).value_or(0));
  s.column = static_cast<unsigned>(detail::optionalUnsigned(j, "column", where).value_or(0));
  s.api = detail::optionalString(j, "api");
  s.limits = limitsFrom(j, where);
  return s;
}

ForbidRule forbidFrom(const nlohmann::json &j, const std::string &where) {
  ForbidRule f;
  if (!j.is_object())
    throw FormatError(where + ": expected an object");
  if (j.contains("kind"))
    f.kind = detail::stringField(j, "kind", where);
  if (j.contains("pair"))
    f.pair = pairFrom(j, where);
  if (f.kind.empty() && !f.pair)
    throw FormatError(where + ": a forbid rule needs a \"kind\", a \"pair\" or both");
  return f;
}

// Optional lists: a hand-written budget may hold only the rules it needs.
template <class T, class F>
std::vector<T> listFrom(const nlohmann::json &doc, const char *key, F convert) {
  std::vector<T> out;
  if (!doc.contains(key))
    return out;
  const nlohmann::json &items = detail::arrayField(doc, key, "top level");
  for (std::size_t i = 0; i < items.size(); ++i)
    out.push_back(convert(items[i], std::string(key) + "[" + std::to_string(i) + "]"));
  return out;
}

// One entry per line: budgets are reviewed and edited by hand.
void writeList(std::ostringstream &os, const char *key, const std::vector<json> &items,
               bool last) {
  os << " \"" << key << "\": [";
  for (std::size_t i = 0; i < items.size(); ++i)
    os << (i ? ",\n  " : "\n  ") << items[i].dump();
  os << (items.empty() ? "]" : "\n ]") << (last ? "\n" : ",\n");
}
} // namespace

std::optional<PairBudget> parsePair(const std::string &text) {
  auto arrow = text.find("->");
  if (arrow == std::string::npos)
    return std::nullopt;
  auto src = parseEndpoint(text.substr(0, arrow));
  auto dst = parseEndpoint(text.substr(arrow + 2));
  if (!src || !dst)
    return std::nullopt;
  PairBudget p;
  p.src = *src;
  p.dst = *dst;
  return p;
}

std::string pairText(int src, int dst) { return endpointText(src) + "->" + endpointText(dst); }

std::string toJsonText(const Budget &b) {
  std::vector<json> sites, pairs, forbid;
  for (const SiteBudget &s : b.sites) {
    json j{{"id", siteIdToString(s.id)}, {"file", s.file}, {"line", s.line},
           {"column", s.column},         {"api", s.api}};
    addLimits(j, s.limits);
    sites.push_back(std::move(j));
  }
  for (const PairBudget &p : b.pairs) {
    json j{{"pair", pairText(p.src, p.dst)}};
    addLimits(j, p.limits);
    pairs.push_back(std::move(j));
  }
  for (const ForbidRule &f : b.forbid) {
    json j = json::object();
    if (f.pair)
      j["pair"] = pairText(f.pair->src, f.pair->dst);
    if (!f.kind.empty())
      j["kind"] = f.kind;
    forbid.push_back(std::move(j));
  }
  std::ostringstream os;
  os << "{\"format\": \"" << kBudgetFormat << "\",\n \"version\": " << b.version << ",\n";
  writeList(os, "sites", sites, false);
  writeList(os, "pairs", pairs, false);
  writeList(os, "forbid", forbid, true);
  os << "}\n";
  return os.str();
}

bool parseBudget(const std::string &text, const std::string &path, Budget &out,
                 std::string &error) {
  try {
    nlohmann::json doc = detail::parseVersioned(text, kBudgetFormat, kBudgetVersion);
    Budget b;
    b.sites = listFrom<SiteBudget>(doc, "sites", siteFrom);
    b.pairs = listFrom<PairBudget>(doc, "pairs", [](const nlohmann::json &j, const std::string &w) {
      PairBudget p = pairFrom(j, w);
      p.limits = limitsFrom(j, w);
      return p;
    });
    b.forbid = listFrom<ForbidRule>(doc, "forbid", forbidFrom);
    out = std::move(b);
    return true;
  } catch (const std::exception &e) {
    error = detail::errorLine(path, e.what());
    return false;
  }
}

bool readBudget(const std::string &path, Budget &out, std::string &error) {
  std::string text;
  return readWholeFile(path, text, error) && parseBudget(text, path, out, error);
}

bool writeBudget(const std::string &path, const Budget &budget, std::string &error) {
  return writeFileAtomically(path, toJsonText(budget), error);
}

} // namespace commledger::format
