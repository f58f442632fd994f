// Each verdict rule on its own, then judge()'s precedence.
#include "commledger/reconcile/Verdict.h"

#include <gtest/gtest.h>

using namespace commledger;
using namespace commledger::reconcile;

namespace {
format::PredictedEndpoint device(const std::string &d) {
  format::PredictedEndpoint e;
  e.kind = format::PredictedEndpoint::Kind::Device;
  e.device = d;
  return e;
}
format::PredictedEndpoint host() {
  format::PredictedEndpoint e;
  e.kind = format::PredictedEndpoint::Kind::Host;
  e.hostMemory = "pinned";
  return e;
}

// A site predicted to copy `bytes` per call `multiplicity` times from G0 to G1, which made
// `calls` calls observed as `kind` traffic src→dst.
SiteEvidence evidence(std::uint64_t bytes, std::uint64_t multiplicity, std::uint64_t calls,
                      std::uint64_t observedBytes, int src = 0, int dst = 1,
                      const char *kind = "p2p_direct") {
  SiteEvidence e;
  format::Prediction p;
  p.direction = "P2P";
  p.bytes = bytes;
  p.multiplicity = multiplicity;
  p.src = device("0");
  p.dst = device("1");
  e.prediction = p;
  e.requested = {observedBytes, calls, 1, {PairTraffic{src, dst, "Default", observedBytes, calls}}};
  e.observed = {observedBytes, calls, 1, {PairTraffic{src, dst, kind, observedBytes, calls}}};
  return e;
}
} // namespace

TEST(Verdict, MatchWhenEverythingAgrees) {
  // 10 calls × 1 MiB = 10485760 bytes
  Judgement j = judge(evidence(1 << 20, 10, 10, 10485760));
  EXPECT_EQ(j.verdict, Verdict::Match);
  EXPECT_EQ(j.message, "");
}

TEST(Verdict, UnknownSite) {
  SiteEvidence e = evidence(1, 1, 1, 1);
  EXPECT_FALSE(ruleUnknownSite(e));
  e.known = false;
  ASSERT_TRUE(ruleUnknownSite(e));
  EXPECT_EQ(judge(e).verdict, Verdict::UnknownSite);
}

TEST(Verdict, NeverExecuted) {
  SiteEvidence e = evidence(1, 1, 1, 1);
  EXPECT_FALSE(ruleNeverExecuted(e));
  e.requested = {};
  e.observed = {};
  ASSERT_TRUE(ruleNeverExecuted(e));
  EXPECT_EQ(judge(e).verdict, Verdict::NeverExecuted);
  // Requests without observations (CUPTI off) still count as executed.
  SiteEvidence requestedOnly = evidence(1, 1, 1, 1);
  requestedOnly.observed = {};
  EXPECT_FALSE(ruleNeverExecuted(requestedOnly));
}

TEST(Verdict, StagedViaHost) {
  SiteEvidence e = evidence(1 << 20, 3, 3, 3 << 20, 0, 1, "p2p_staged");
  auto j = ruleStagedViaHost(e);
  ASSERT_TRUE(j);
  EXPECT_EQ(j->verdict, Verdict::StagedViaHost);
  EXPECT_EQ(j->message, "peer copy G0\u2192G1 staged through the host: enable peer access "
                        "(cudaDeviceEnablePeerAccess)");
  EXPECT_FALSE(ruleStagedViaHost(evidence(1, 1, 1, 1)));
}

TEST(Verdict, StagedFromUnpairedHalves) {
  SiteEvidence e = evidence(2, 1, 1, 2);
  e.observed.pairs = {PairTraffic{1, -1, "p2p_staged", 2, 1},
                      PairTraffic{-1, 0, "p2p_staged", 2, 1}};
  auto j = ruleStagedViaHost(e);
  ASSERT_TRUE(j);
  EXPECT_NE(j->message.find("peer copy G1\u2192G0"), std::string::npos);
}

TEST(Verdict, PairDiffersNeverLeftTheGpu) {
  // The duplex bug: predicted G0→G1, both buffers really on G1.
  SiteEvidence e = evidence(256 << 20, 5, 5, 1342177280, 1, 1, "d2d_local");
  auto j = rulePairDiffers(e);
  ASSERT_TRUE(j);
  EXPECT_EQ(j->message, "predicted G0\u2192G1, observed G1\u2192G1: copy never left the GPU");
  EXPECT_EQ(judge(e).verdict, Verdict::PairDiffers);
}

TEST(Verdict, PairDiffersReversed) {
  auto j = rulePairDiffers(evidence(1, 1, 1, 1, 1, 0));
  ASSERT_TRUE(j);
  EXPECT_EQ(j->message, "predicted G0\u2192G1, observed G1\u2192G0");
}

TEST(Verdict, PairIgnoresSymbolicAndHostEndpoints) {
  SiteEvidence e = evidence(1, 1, 1, 1, 1, 0);
  e.prediction->src = device("k");
  e.prediction->dst = host();
  EXPECT_FALSE(rulePairDiffers(e));
  e.prediction->dst = device("0"); // one constant endpoint is compared on its own
  EXPECT_FALSE(rulePairDiffers(e));
  e.prediction->dst = device("1");
  EXPECT_TRUE(rulePairDiffers(e));
}

TEST(Verdict, SizeDiffersOnBytes) {
  // predicted 1 MiB per call; 4 calls moved 2 MiB each: 4 × 2097152 = 8388608
  auto j = ruleSizeDiffers(evidence(1 << 20, 4, 4, 8388608));
  ASSERT_TRUE(j);
  EXPECT_EQ(j->message, "predicted 1048576 B per call \u00d7 4 calls = 4194304 B, observed "
                        "8388608 B");
}

TEST(Verdict, SizeDiffersOnCallCount) {
  // a loop of 10 that broke after 7 calls of 4096 bytes
  auto j = ruleSizeDiffers(evidence(4096, 10, 7, 7 * 4096));
  ASSERT_TRUE(j);
  EXPECT_EQ(j->message, "predicted 10 calls, observed 7");
}

TEST(Verdict, MultiplicityScalesWithRuns) {
  // two processes each ran the loop of 10
  SiteEvidence e = evidence(4096, 10, 20, 20 * 4096);
  e.requested.runs = 2;
  EXPECT_FALSE(ruleSizeDiffers(e));
}

TEST(Verdict, SizeUsesRequestsWhenNothingWasObserved) {
  SiteEvidence e = evidence(100, 1, 1, 100);
  e.observed = {};
  EXPECT_FALSE(ruleSizeDiffers(e));
  e.requested.bytes = 50;
  EXPECT_TRUE(ruleSizeDiffers(e));
}

TEST(Verdict, Unpredicted) {
  SiteEvidence e = evidence(1, 1, 1, 1);
  e.prediction.reset();
  ASSERT_TRUE(ruleUnpredicted(e));
  EXPECT_EQ(judge(e).verdict, Verdict::Unpredicted);

  SiteEvidence symbolic = evidence(1, 1, 1, 1);
  symbolic.prediction->bytes.reset();
  symbolic.prediction->bytesExpr = "n * sizeof(float)";
  symbolic.prediction->multiplicity.reset();
  EXPECT_FALSE(ruleUnpredicted(symbolic)); // the pair is still known
  symbolic.prediction->src = format::PredictedEndpoint{};
  auto j = ruleUnpredicted(symbolic);
  ASSERT_TRUE(j);
  EXPECT_EQ(j->message, "neither size (n * sizeof(float)) nor device pair known statically");
}

TEST(Verdict, MemsetNeedsOnlyItsDestination) {
  SiteEvidence e = evidence(64, 1, 1, 64, 0, 0, "memset");
  e.prediction->direction = "local";
  e.prediction->bytes.reset();
  e.prediction->src = format::PredictedEndpoint{};
  e.prediction->dst = device("0");
  EXPECT_FALSE(ruleUnpredicted(e));
  EXPECT_EQ(judge(e).verdict, Verdict::Match);
}

TEST(Verdict, StagedTakesPrecedenceOverPairAndSize) {
  SiteEvidence e = evidence(1, 1, 5, 999, 1, 0, "p2p_staged");
  EXPECT_EQ(judge(e).verdict, Verdict::StagedViaHost);
}

TEST(Verdict, NamesRoundTrip) {
  for (Verdict v : {Verdict::Match, Verdict::SizeDiffers, Verdict::PairDiffers,
                    Verdict::StagedViaHost, Verdict::Unpredicted, Verdict::NeverExecuted,
                    Verdict::UnknownSite})
    EXPECT_EQ(verdictFromString(toString(v)), v);
  EXPECT_EQ(std::string(toString(Verdict::NeverExecuted)), "never executed");
}

TEST(Verdict, MemsetRunOnAnotherGpuCrossedTheLink) {
  // Measured on two H200s: cudaMemset of GPU0 memory while GPU1 is current shows as a memset
  // record on GPU1.
  SiteEvidence e = evidence(64, 1, 1, 64, 1, 1, "memset");
  e.prediction->direction = "local";
  e.prediction->src = format::PredictedEndpoint{};
  e.prediction->dst = device("0");
  Judgement j = judge(e);
  EXPECT_EQ(j.verdict, Verdict::PairDiffers);
  EXPECT_EQ(j.message, "memset of G0 memory ran on G1: its writes crossed the GPU link");
}

TEST(Verdict, NotInstrumentedIsNotNeverExecuted) {
  SiteEvidence e;
  e.prediction = format::Prediction{};
  e.notInstrumented = true;
  e.notInstrumentedReason = "spelled in an included file";
  Judgement j = judge(e);
  EXPECT_EQ(j.verdict, Verdict::NotInstrumented);
  EXPECT_EQ(j.message, "the call was not rewritten (spelled in an included file): its traffic, if "
                       "any, is listed as unattributed");
  EXPECT_EQ(verdictFromString("not instrumented"), Verdict::NotInstrumented);
}

TEST(Verdict, PredictedLabels) {
  EXPECT_EQ(predictedLabel(device("1")), "G1");
  EXPECT_EQ(predictedLabel(device("peer")), "G[peer]");
  EXPECT_EQ(predictedLabel(device("")), "G?"); // allocated on a device the analysis cannot name
  EXPECT_EQ(predictedLabel(host()), "H");
  EXPECT_EQ(predictedLabel(format::PredictedEndpoint{}), "?");
}
