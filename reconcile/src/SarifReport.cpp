// The report as SARIF 2.1.0: one result per site whose verdict is not a match, at its source
// location, so code review and CI show the finding as an annotation on the line of the call.
#include "commledger/reconcile/ReportWriters.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstdio>
#include <iterator>
#include <set>

namespace commledger::reconcile {

namespace {
using json = nlohmann::ordered_json;

struct Rule {
  Verdict verdict;
  const char *level; // SARIF level: warnings cost bandwidth, notes are about the evidence
  const char *description;
};
const Rule kRules[] = {
    {Verdict::StagedViaHost, "warning",
     "A peer copy between two GPUs was staged through host memory (peer access off)."},
    {Verdict::PairDiffers, "warning",
     "The copy ran between other endpoints than the source code names."},
    {Verdict::SizeDiffers, "warning",
     "The bytes or calls observed differ from the size and loop count in the source."},
    {Verdict::NeverExecuted, "note", "The call site made no request and moved no data."},
    {Verdict::Unpredicted, "note",
     "Neither the size nor the device pair of the call is known statically."},
    {Verdict::UnknownSite, "note",
     "A trace names a site that is in no site database (trace from a different build?)."},
    {Verdict::NotInstrumented, "note",
     "The call was not rewritten: its traffic, if any, is counted as unattributed."},
};

std::string ruleId(Verdict v) {
  std::string id = std::string("commledger/") + toString(v);
  for (char &c : id)
    c = c == ' ' ? '-' : c;
  return id;
}

// Percent-encodes what a URI reference may not hold, keeping '/' so paths stay paths.
std::string uriEncode(const std::string &path) {
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || std::string("-._~/").find(static_cast<char>(c)) != std::string::npos) {
      out += static_cast<char>(c);
    } else {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", c);
      out += hex;
    }
  }
  return out;
}

std::string observedPairs(const SiteRow &s) {
  std::set<std::string> seen;
  std::string text;
  for (const PairTraffic &p : s.observed.pairs) {
    bool staged = p.kind == toString(TrafficKind::P2PStaged) && p.src >= 0 && p.dst >= 0;
    std::string label = pairLabel(p.src, p.dst, staged);
    if (seen.insert(label).second)
      text += (text.empty() ? "" : ", ") + label;
  }
  return text;
}

std::string predictedText(const SiteRow &s) {
  if (!s.predicted)
    return "predicted nothing statically";
  const PredictedSummary &p = *s.predicted;
  std::string text = "predicted " + (p.direction == "local" ? p.dst : p.src + "\u2192" + p.dst);
  if (p.bytesPerCall && p.multiplicity)
    text += " " + std::to_string(*p.bytesPerCall) + " B \u00d7 " +
            std::to_string(*p.multiplicity) + " = " + std::to_string(*p.totalBytes) + " B";
  else if (p.bytesPerCall)
    text += " " + std::to_string(*p.bytesPerCall) + " B per call";
  else if (!p.bytesExpr.empty())
    text += " (" + p.bytesExpr + ") B per call";
  return text;
}

std::string messageText(const SiteRow &s) {
  std::string observed =
      s.observed.count == 0
          ? "observed nothing"
          : "observed " + observedPairs(s) + " " + std::to_string(s.observed.bytes) + " B in " +
                std::to_string(s.observed.count) + " record" + (s.observed.count == 1 ? "" : "s");
  return predictedText(s) + " vs " + observed + ": " + toString(s.verdict) + ": " + s.message;
}

json optionalNumber(const std::optional<std::uint64_t> &v) { return v ? json(*v) : json(); }

json properties(const SiteRow &s) {
  json p{{"siteId", format::siteIdToString(s.id)},
         {"verdict", toString(s.verdict)},
         {"api", s.api},
         {"function", s.function},
         {"requestedBytes", s.requested.bytes},
         {"requestedCount", s.requested.count},
         {"observedBytes", s.observed.bytes},
         {"observedCount", s.observed.count}};
  if (s.predicted) {
    p["predictedSrc"] = s.predicted->src;
    p["predictedDst"] = s.predicted->dst;
    p["predictedBytesPerCall"] = optionalNumber(s.predicted->bytesPerCall);
    p["predictedMultiplicity"] = optionalNumber(s.predicted->multiplicity);
    p["predictedTotalBytes"] = optionalNumber(s.predicted->totalBytes);
  }
  json pairs = json::array();
  for (const PairTraffic &t : s.observed.pairs)
    pairs.push_back({{"src", endpointLabel(t.src)},
                     {"dst", endpointLabel(t.dst)},
                     {"kind", t.kind},
                     {"bytes", t.bytes},
                     {"count", t.count}});
  p["observedPairs"] = std::move(pairs);
  return p;
}

json location(const SiteRow &s) {
  json artifact;
  if (!s.file.empty() && s.file.front() == '/') {
    artifact = {{"uri", "file://" + uriEncode(s.file)}};
  } else {
    artifact = {{"uri", uriEncode(s.file)}, {"uriBaseId", "PROJECTROOT"}};
  }
  json region{{"startLine", s.line}};
  if (s.column != 0)
    region["startColumn"] = s.column;
  return json::array({{{"physicalLocation", {{"artifactLocation", artifact}, {"region", region}}}}});
}
} // namespace

std::string renderSarif(const Report &r) {
  json rules = json::array();
  for (const Rule &rule : kRules)
    rules.push_back({{"id", ruleId(rule.verdict)},
                     {"name", toString(rule.verdict)},
                     {"shortDescription", {{"text", rule.description}}},
                     {"fullDescription",
                      {{"text", std::string(rule.description) +
                                    " Verdict rules: docs/reconcile.md, \"Verdicts\"."}}},
                     {"defaultConfiguration", {{"level", rule.level}}}});
  json results = json::array();
  for (const SiteRow &s : r.sites) {
    if (s.verdict == Verdict::Match)
      continue;
    std::size_t index = 0;
    while (index < std::size(kRules) && kRules[index].verdict != s.verdict)
      ++index;
    json result{{"ruleId", ruleId(s.verdict)},
                {"ruleIndex", index},
                {"level", kRules[index].level},
                {"message", {{"text", messageText(s)}}}};
    // An unknown site has no source location: SARIF allows a result without one.
    if (s.known && !s.file.empty() && s.line != 0)
      result["locations"] = location(s);
    result["properties"] = properties(s);
    results.push_back(std::move(result));
  }
  // Laid out one rule and one result per line, so that line tools and review diffs work on it.
  auto list = [](const json &items) {
    std::string text = "[";
    for (std::size_t i = 0; i < items.size(); ++i)
      text += (i ? ",\n    " : "\n    ") + items[i].dump();
    return text + "]";
  };
  std::string out = "{\"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
                    " \"version\": \"2.1.0\",\n"
                    " \"runs\": [{\n"
                    "  \"tool\": {\"driver\": {\"name\": \"CommLedger\", \"rules\": " +
                    list(rules) + "}},\n";
  if (!r.projectRoot.empty() && r.projectRoot.front() == '/') {
    std::string root = r.projectRoot.back() == '/' ? r.projectRoot : r.projectRoot + "/";
    json base{{"PROJECTROOT", {{"uri", "file://" + uriEncode(root)}}}};
    out += "  \"originalUriBaseIds\": " + base.dump() + ",\n";
  }
  return out + "  \"results\": " + list(results) + "\n }]\n}\n";
}

} // namespace commledger::reconcile
