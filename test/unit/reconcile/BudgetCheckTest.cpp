// Budget rules on a hand-built report: site limits by ID, pair limits on the `all` matrix,
// forbidden kinds and pairs on site and unattributed rows, and the run recorded as a budget.
#include "commledger/reconcile/BudgetCheck.h"

#include <gtest/gtest.h>

using namespace commledger;
using namespace commledger::reconcile;

namespace {
// G0->G1 staged: 4000 B in 4 copies at site 1 (a.cu:10:3); 100 B H->G1 unattributed.
Report sample() {
  Report r;
  r.deviceCount = 2;
  MatrixSet m(2);
  m.add({TrafficKind::P2PStaged, 0, -1, 4000, 4});
  m.add({TrafficKind::P2PStaged, -1, 1, 4000, 4});
  m.add({TrafficKind::H2DPinned, -1, 1, 100, 1});
  r.matrices = m.matrices;
  SiteRow s;
  s.id = 1;
  s.file = "a.cu";
  s.line = 10;
  s.column = 3;
  s.api = "cudaMemcpyPeer";
  s.observed = {4000, 4, 1, {{0, 1, "p2p_staged", 4000, 4}}};
  r.sites.push_back(s);
  r.unattributed.push_back({"cudaMemcpyAsync", "HtoD", {-1, 1, "h2d_pinned", 100, 1}});
  return r;
}

format::SiteBudget siteBudget(format::SiteId id, std::uint64_t maxBytes) {
  format::SiteBudget b;
  b.id = id;
  b.limits.maxBytes = maxBytes;
  return b;
}
} // namespace

TEST(BudgetCheck, WithinBudgetIsSilent) {
  format::Budget b;
  b.sites.push_back(siteBudget(1, 4000));
  b.pairs.push_back(*format::parsePair("H->G1"));
  b.pairs.back().limits.maxBytes = 4100; // staged hop 4000 + unattributed 100
  EXPECT_TRUE(checkBudget(sample(), b).empty());
}

TEST(BudgetCheck, SiteLimitsNameTheSite) {
  format::Budget b;
  b.sites.push_back(siteBudget(1, 3999));
  b.sites.back().limits.maxCount = 3;
  b.sites.push_back(siteBudget(2, 0)); // not in the run: nothing to exceed
  auto v = checkBudget(sample(), b);
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0], "budget exceeded: a.cu:10:3 cudaMemcpyPeer moved 4000 B, budget 3999 B");
  EXPECT_EQ(v[1], "budget exceeded: a.cu:10:3 cudaMemcpyPeer made 4 transfers, budget 3");
}

TEST(BudgetCheck, PairLimitsReadTheAllMatrix) {
  format::Budget b;
  b.pairs.push_back(*format::parsePair("G0->H"));
  b.pairs.back().limits.maxCount = 0;
  b.pairs.push_back(*format::parsePair("G5->G7")); // outside the matrix: zero traffic
  b.pairs.back().limits.maxBytes = 0;
  auto v = checkBudget(sample(), b);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0], "budget exceeded: pair G0->H made 4 transfers, budget 0");
}

TEST(BudgetCheck, ForbidMatchesKindPairAndUnattributed) {
  format::Budget b;
  b.forbid = {{"p2p_staged", std::nullopt},
              {"p2p_staged", format::parsePair("G1->G0")},
              {"unattributed", std::nullopt},
              {"", format::parsePair("H->G1")}};
  auto v = checkBudget(sample(), b);
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(v[0], "forbidden traffic: a.cu:10:3 cudaMemcpyPeer moved 4000 B of p2p_staged "
                  "G0->G1 (forbid kind p2p_staged)");
  EXPECT_EQ(v[1], "forbidden traffic: unattributed cudaMemcpyAsync moved 100 B of h2d_pinned "
                  "H->G1 (forbid kind unattributed)");
  EXPECT_EQ(v[2], "forbidden traffic: unattributed cudaMemcpyAsync moved 100 B of h2d_pinned "
                  "H->G1 (forbid pair H->G1)");
}

TEST(BudgetCheck, UnknownSiteKeepsTheBudgetsPlace) {
  Report r = sample();
  r.sites[0].known = false;
  r.sites[0].file.clear();
  r.sites[0].api.clear();
  format::Budget b;
  b.sites.push_back(siteBudget(1, 1));
  b.sites[0].file = "old.cu";
  b.sites[0].line = 7;
  b.sites[0].column = 2;
  b.sites[0].api = "cudaMemcpy";
  auto v = checkBudget(r, b);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0], "budget exceeded: old.cu:7:2 cudaMemcpy moved 4000 B, budget 1 B");
}

TEST(BudgetCheck, ValidateNamesUnknownKinds) {
  format::Budget b;
  b.forbid = {{"unattributed", std::nullopt}, {"memset", std::nullopt}};
  std::string error;
  EXPECT_TRUE(validateBudget(b, "b.json", error)) << error;
  b.forbid.push_back({"staged", std::nullopt});
  EXPECT_FALSE(validateBudget(b, "b.json", error));
  EXPECT_EQ(error.rfind("commledger: b.json: forbid[2].kind: unknown kind 'staged' (expected "
                        "one of p2p_direct, ",
                        0),
            0u)
      << error;
}

TEST(BudgetCheck, RecordedRunIsItsOwnBudget) {
  format::Budget b = budgetFromReport(sample());
  ASSERT_EQ(b.sites.size(), 1u);
  EXPECT_EQ(b.sites[0].file, "a.cu");
  EXPECT_EQ(b.sites[0].limits.maxBytes, 4000u);
  EXPECT_EQ(b.sites[0].limits.maxCount, 4u);
  // G0->H 4000, H->G1 4000 + 100: the non-empty entries of the `all` matrix.
  ASSERT_EQ(b.pairs.size(), 2u);
  EXPECT_EQ(format::pairText(b.pairs[0].src, b.pairs[0].dst), "H->G1");
  EXPECT_EQ(b.pairs[0].limits.maxBytes, 4100u);
  EXPECT_EQ(format::pairText(b.pairs[1].src, b.pairs[1].dst), "G0->H");
  EXPECT_FALSE(b.pairs[1].limits.maxCount);
  EXPECT_TRUE(b.forbid.empty());
  EXPECT_TRUE(checkBudget(sample(), b).empty());
}
