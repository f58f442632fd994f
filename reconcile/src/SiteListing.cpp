// One line per site of a site database (`commledger show DB.json`). The plugin tests match these
// lines, so the layout is a contract: change it only together with test/plugin.
#include "commledger/reconcile/SiteListing.h"

namespace commledger::reconcile {

namespace {
using format::PredictedEndpoint;

// "device:<k>", "host:<memory>" or "unknown"; "?" where the analysis left the detail empty.
std::string endpointText(const PredictedEndpoint &e) {
  switch (e.kind) {
  case PredictedEndpoint::Kind::Device:
    return "device:" + (e.device.empty() ? std::string("?") : e.device);
  case PredictedEndpoint::Kind::Host:
    return "host:" + (e.hostMemory.empty() ? std::string("?") : e.hostMemory);
  case PredictedEndpoint::Kind::Unknown:
    break;
  }
  return "unknown";
}

std::string predictionText(const format::Prediction &p) {
  std::string out = " | dir=" + p.direction;
  out += " bytes=" + (p.bytes ? std::to_string(*p.bytes) : std::string("?"));
  out += " expr=\"" + p.bytesExpr + "\"";
  out += " src=" + endpointText(p.src) + " dst=" + endpointText(p.dst);
  // A symbolic multiplicity prints its expression, which may be empty ("mult=").
  out += " mult=" + (p.multiplicity ? std::to_string(*p.multiplicity) : p.multiplicityExpr);
  if (!p.kindArg.empty())
    out += " kind=" + p.kindArg;
  for (const std::string &note : p.notes)
    out += " note=\"" + note + "\"";
  return out;
}
} // namespace

std::string siteListingLine(const format::Site &s) {
  std::string out = s.file + ":" + std::to_string(s.line) + ":" + std::to_string(s.column) + " " +
                    s.api + " " + format::toString(s.family) +
                    " instrumented=" + (s.instrumented ? "1" : "0");
  if (!s.macro.empty())
    out += " macro=" + s.macro;
  if (!s.reason.empty())
    out += " reason=\"" + s.reason + "\"";
  out += " fn=" + (s.function.empty() ? std::string("-") : s.function);
  if (s.prediction)
    out += predictionText(*s.prediction);
  return out;
}

std::string renderSiteListing(const format::SiteDatabase &db) {
  std::string out = "sites: " + std::to_string(db.sites.size()) + "\n";
  for (const format::Site &s : db.sites)
    out += siteListingLine(s) + "\n";
  return out;
}

} // namespace commledger::reconcile
