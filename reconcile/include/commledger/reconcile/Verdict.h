// Verdicts on one site: the evidence gathered for it and the rules that judge it. Each rule is a
// small function returning a verdict when it applies; judge() tries them in precedence order.
#pragma once
#include "commledger/format/SiteDatabase.h"
#include "commledger/reconcile/TrafficKind.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace commledger::reconcile {

enum class Verdict { Match, SizeDiffers, PairDiffers, StagedViaHost, Unpredicted, NeverExecuted,
                     UnknownSite, NotInstrumented };
const char *toString(Verdict verdict); // "match", "size differs", ...
std::optional<Verdict> verdictFromString(std::string_view text);

// Bytes and calls between one pair of endpoints (device -1 = host). `kind` is a TrafficKind name
// for observed traffic and the cudaMemcpyKind for requested traffic.
struct PairTraffic {
  int src = -1, dst = -1;
  std::string kind;
  std::uint64_t bytes = 0, count = 0;
};

struct RequestedSummary {
  std::uint64_t bytes = 0, count = 0;
  unsigned runs = 0; // traces (processes) in which the site made requests
  std::vector<PairTraffic> pairs;
};

struct ObservedSummary {
  std::uint64_t bytes = 0, count = 0; // staged payload counted once
  unsigned runs = 0;
  std::vector<PairTraffic> pairs; // StagedPtoP rows keep the two GPUs as src and dst
};

struct SiteEvidence {
  bool known = true;
  // The instrumenter left the call as it was (`notInstrumentedReason` says why): its traffic, if
  // any, is among the unattributed rows, so "never executed" would be a false claim.
  bool notInstrumented = false;
  std::string notInstrumentedReason;
  std::optional<format::Prediction> prediction;
  RequestedSummary requested;
  ObservedSummary observed;
};

struct Judgement {
  Verdict verdict = Verdict::Match;
  std::string message;
};

std::optional<Judgement> ruleUnknownSite(const SiteEvidence &e);
std::optional<Judgement> ruleNotInstrumented(const SiteEvidence &e);
std::optional<Judgement> ruleNeverExecuted(const SiteEvidence &e);
std::optional<Judgement> ruleStagedViaHost(const SiteEvidence &e);
std::optional<Judgement> rulePairDiffers(const SiteEvidence &e);
std::optional<Judgement> ruleSizeDiffers(const SiteEvidence &e);
std::optional<Judgement> ruleUnpredicted(const SiteEvidence &e);
// The first rule that applies, in the order above; otherwise a match.
Judgement judge(const SiteEvidence &e);

// Predicted endpoint as a label: "G0", "G[k]" (symbolic device), "H", "?".
std::string predictedLabel(const format::PredictedEndpoint &endpoint);

} // namespace commledger::reconcile
