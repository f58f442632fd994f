// The verdict rules (docs/reconcile.md, "Verdicts"): one function per rule, tried in order.
#include "commledger/reconcile/Verdict.h"

#include "commledger/format/SiteId.h"
#include "commledger/reconcile/CommMatrix.h"

namespace commledger::reconcile {

namespace {
struct VerdictName {
  Verdict verdict;
  const char *name;
};
constexpr VerdictName kNames[] = {{Verdict::Match, "match"},
                                  {Verdict::SizeDiffers, "size differs"},
                                  {Verdict::PairDiffers, "pair differs"},
                                  {Verdict::StagedViaHost, "staged via host"},
                                  {Verdict::Unpredicted, "unpredicted"},
                                  {Verdict::NeverExecuted, "never executed"},
                                  {Verdict::UnknownSite, "unknown site"},
                                  {Verdict::NotInstrumented, "not instrumented"}};

const std::string kStaged = toString(TrafficKind::P2PStaged);

// Device index a predicted endpoint pins down, or nothing when it is symbolic, host or unknown.
std::optional<int> constantDevice(const format::PredictedEndpoint &e) {
  if (e.kind == format::PredictedEndpoint::Kind::Device && e.isConstantDevice())
    return e.constantDevice();
  return std::nullopt;
}

bool endpointKnown(const format::PredictedEndpoint &e) {
  return e.kind == format::PredictedEndpoint::Kind::Host || constantDevice(e).has_value();
}

// Calls the site made: requests count calls exactly; observed records stand in without them.
std::uint64_t callCount(const SiteEvidence &e) {
  return e.requested.count != 0 ? e.requested.count : e.observed.count;
}
unsigned runCount(const SiteEvidence &e) {
  unsigned runs = e.requested.count != 0 ? e.requested.runs : e.observed.runs;
  return runs == 0 ? 1 : runs;
}
std::uint64_t actualBytes(const SiteEvidence &e) {
  return e.observed.count != 0 ? e.observed.bytes : e.requested.bytes;
}
} // namespace

const char *toString(Verdict verdict) {
  for (const VerdictName &v : kNames)
    if (v.verdict == verdict)
      return v.name;
  return "match";
}

std::optional<Verdict> verdictFromString(std::string_view text) {
  for (const VerdictName &v : kNames)
    if (text == v.name)
      return v.verdict;
  return std::nullopt;
}

std::string predictedLabel(const format::PredictedEndpoint &e) {
  switch (e.kind) {
  case format::PredictedEndpoint::Kind::Host:
    return "H";
  case format::PredictedEndpoint::Kind::Device:
    if (auto device = constantDevice(e))
      return endpointLabel(*device);
    // An empty device is "the current device", which the analysis could not pin down.
    return e.device.empty() ? std::string("G?") : "G[" + e.device + "]";
  default:
    return "?";
  }
}

std::optional<Judgement> ruleUnknownSite(const SiteEvidence &e) {
  if (e.known)
    return std::nullopt;
  return Judgement{Verdict::UnknownSite,
                   "site not in the site database (trace from a different build?)"};
}

std::optional<Judgement> ruleNotInstrumented(const SiteEvidence &e) {
  if (!e.notInstrumented)
    return std::nullopt;
  return Judgement{Verdict::NotInstrumented,
                   "the call was not rewritten (" + e.notInstrumentedReason +
                       "): its traffic, if any, is listed as unattributed"};
}

std::optional<Judgement> ruleNeverExecuted(const SiteEvidence &e) {
  if (e.requested.count != 0 || e.observed.count != 0 || !e.observed.pairs.empty())
    return std::nullopt;
  return Judgement{Verdict::NeverExecuted, "no call was requested or observed"};
}

std::optional<Judgement> ruleStagedViaHost(const SiteEvidence &e) {
  std::optional<int> src, dst;
  for (const PairTraffic &p : e.observed.pairs) {
    if (p.kind != kStaged)
      continue;
    // StagedPtoP keeps both GPUs; an unpaired half knows only the GPU on its own side.
    if (p.src >= 0 && !src)
      src = p.src;
    if (p.dst >= 0 && !dst)
      dst = p.dst;
  }
  if (!src && !dst)
    return std::nullopt;
  std::string from = src ? endpointLabel(*src) : "?", to = dst ? endpointLabel(*dst) : "?";
  return Judgement{Verdict::StagedViaHost,
                   "peer copy " + from + "\u2192" + to +
                       " staged through the host: enable peer access "
                       "(cudaDeviceEnablePeerAccess)"};
}

std::optional<Judgement> rulePairDiffers(const SiteEvidence &e) {
  if (!e.prediction)
    return std::nullopt;
  // Only constant devices are compared: host and symbolic endpoints are not precise enough.
  std::optional<int> src = constantDevice(e.prediction->src);
  std::optional<int> dst = constantDevice(e.prediction->dst);
  if (!src && !dst)
    return std::nullopt;
  for (const PairTraffic &p : e.observed.pairs) {
    if ((!src || *src == p.src) && (!dst || *dst == p.dst))
      continue;
    // CUPTI names the GPU that ran a memset, not the one owning the memory: a difference
    // means one GPU wrote another's memory over the peer link.
    if (p.kind == toString(TrafficKind::Memset) && dst)
      return Judgement{Verdict::PairDiffers, "memset of " + endpointLabel(*dst) +
                                                 " memory ran on " + endpointLabel(p.dst) +
                                                 ": its writes crossed the GPU link"};
    std::string message = "predicted " + predictedLabel(e.prediction->src) + "\u2192" +
                          predictedLabel(e.prediction->dst) + ", observed " +
                          pairLabel(p.src, p.dst);
    if (p.src >= 0 && p.src == p.dst)
      message += ": copy never left the GPU";
    return Judgement{Verdict::PairDiffers, message};
  }
  return std::nullopt;
}

std::optional<Judgement> ruleSizeDiffers(const SiteEvidence &e) {
  if (!e.prediction)
    return std::nullopt;
  std::uint64_t calls = callCount(e), bytes = actualBytes(e);
  if (e.prediction->bytes && bytes != *e.prediction->bytes * calls)
    return Judgement{Verdict::SizeDiffers,
                     "predicted " + std::to_string(*e.prediction->bytes) + " B per call \u00d7 " +
                         std::to_string(calls) + " calls = " +
                         std::to_string(*e.prediction->bytes * calls) + " B, observed " +
                         std::to_string(bytes) + " B"};
  // Multiplicity counts calls per run; each process that ran the site is one run.
  if (e.prediction->multiplicity && calls != *e.prediction->multiplicity * runCount(e))
    return Judgement{Verdict::SizeDiffers,
                     "predicted " + std::to_string(*e.prediction->multiplicity * runCount(e)) +
                         " calls, observed " + std::to_string(calls)};
  return std::nullopt;
}

std::optional<Judgement> ruleUnpredicted(const SiteEvidence &e) {
  if (!e.prediction)
    return Judgement{Verdict::Unpredicted, "no static prediction for this site"};
  bool pairKnown = endpointKnown(e.prediction->src) && endpointKnown(e.prediction->dst);
  // A memset has one endpoint: its destination.
  if (e.prediction->direction == "local")
    pairKnown = endpointKnown(e.prediction->dst);
  if (e.prediction->bytes || pairKnown)
    return std::nullopt;
  std::string size = e.prediction->bytesExpr.empty() ? "?" : e.prediction->bytesExpr;
  return Judgement{Verdict::Unpredicted,
                   "neither size (" + size + ") nor device pair known statically"};
}

Judgement judge(const SiteEvidence &e) {
  for (auto rule : {ruleUnknownSite, ruleNotInstrumented, ruleNeverExecuted, ruleStagedViaHost,
                    rulePairDiffers, ruleSizeDiffers, ruleUnpredicted})
    if (std::optional<Judgement> j = rule(e))
      return *j;
  return Judgement{Verdict::Match, ""};
}

} // namespace commledger::reconcile
