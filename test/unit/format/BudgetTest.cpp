// The budget survives a write/read round trip, pairs parse both ways, and bad budgets fail with
// one located line naming the file.
#include "commledger/format/Budget.h"

#include <gtest/gtest.h>

using namespace commledger::format;

namespace {
Budget sample() {
  Budget b;
  SiteBudget s;
  s.id = 0x8d3cULL;
  s.file = "examples/multigpu_copies.cu";
  s.line = 52;
  s.column = 13;
  s.api = "cudaMemcpy";
  s.limits.maxBytes = 10485760;
  s.limits.maxCount = 5;
  b.sites.push_back(s);
  PairBudget p = *parsePair("H->G1");
  p.limits.maxBytes = 4194304;
  b.pairs.push_back(p);
  b.forbid.push_back({"p2p_staged", std::nullopt});
  b.forbid.push_back({"d2d_local", parsePair("G0->G0")});
  return b;
}

bool parseText(const std::string &text, Budget &out, std::string &error) {
  return parseBudget(text, "b.json", out, error);
}
} // namespace

TEST(Budget, RoundTrip) {
  Budget back;
  std::string error;
  ASSERT_TRUE(parseText(toJsonText(sample()), back, error)) << error;
  ASSERT_EQ(back.sites.size(), 1u);
  EXPECT_EQ(back.sites[0].id, 0x8d3cULL);
  EXPECT_EQ(back.sites[0].file, "examples/multigpu_copies.cu");
  EXPECT_EQ(back.sites[0].line, 52u);
  EXPECT_EQ(back.sites[0].column, 13u);
  EXPECT_EQ(back.sites[0].api, "cudaMemcpy");
  EXPECT_EQ(back.sites[0].limits.maxBytes, 10485760u);
  EXPECT_EQ(back.sites[0].limits.maxCount, 5u);
  ASSERT_EQ(back.pairs.size(), 1u);
  EXPECT_EQ(back.pairs[0].src, -1);
  EXPECT_EQ(back.pairs[0].dst, 1);
  EXPECT_EQ(back.pairs[0].limits.maxBytes, 4194304u);
  EXPECT_FALSE(back.pairs[0].limits.maxCount);
  ASSERT_EQ(back.forbid.size(), 2u);
  EXPECT_EQ(back.forbid[0].kind, "p2p_staged");
  EXPECT_FALSE(back.forbid[0].pair);
  ASSERT_TRUE(back.forbid[1].pair);
  EXPECT_EQ(back.forbid[1].pair->src, 0);
  EXPECT_EQ(back.forbid[1].pair->dst, 0);
}

TEST(Budget, OneEntryPerLine) {
  std::string text = toJsonText(sample());
  EXPECT_NE(text.find("\n  {\"pair\":\"H->G1\",\"max_bytes\":4194304}"), std::string::npos) << text;
  EXPECT_NE(text.find("\n  {\"pair\":\"G0->G0\",\"kind\":\"d2d_local\"}"), std::string::npos);
}

TEST(Budget, ListsAreOptional) {
  Budget b;
  std::string error;
  ASSERT_TRUE(parseText(R"({"format": "commledger-budget", "version": 1,
                            "forbid": [{"kind": "p2p_staged"}]})",
                        b, error))
      << error;
  EXPECT_TRUE(b.sites.empty());
  EXPECT_TRUE(b.pairs.empty());
  EXPECT_EQ(b.forbid.size(), 1u);
}

TEST(Budget, Pairs) {
  EXPECT_EQ(pairText(0, 1), "G0->G1");
  EXPECT_EQ(pairText(-1, 12), "H->G12");
  auto p = parsePair("G12->H");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->src, 12);
  EXPECT_EQ(p->dst, -1);
  for (const char *bad : {"G0G1", "G0->", "->G1", "X0->G1", "G->G1", "G0->G1x", "g0->g1"})
    EXPECT_FALSE(parsePair(bad)) << bad;
}

TEST(Budget, BadInputIsOneLocatedLine) {
  struct Case {
    const char *text, *expected;
  } cases[] = {
      {R"({"format": "commledger-budget", "version": 2})",
       "commledger: b.json: unsupported version 2 (this build reads version 1)"},
      {R"({"format": "commledger-trace", "version": 1})",
       "commledger: b.json: not a commledger-budget file (format is 'commledger-trace')"},
      {R"({"format": "commledger-budget", "version": 1, "pairs": [{"pair": "G0-G1"}]})",
       "commledger: b.json: pairs[0].pair: 'G0-G1' is not a pair such as \"G0->G1\" or \"H->G1\""},
      {R"({"format": "commledger-budget", "version": 1, "sites": [{"id": "0x1"}]})",
       "commledger: b.json: sites[0].id: '0x1' is not 0x followed by 16 hex digits"},
      {R"({"format": "commledger-budget", "version": 1,
           "sites": [{"id": "0x0000000000000001", "max_bytes": -3}]})",
       "commledger: b.json: sites[0].max_bytes: expected a non-negative integer"},
      {R"({"format": "commledger-budget", "version": 1, "forbid": [{}]})",
       "commledger: b.json: forbid[0]: a forbid rule needs a \"kind\", a \"pair\" or both"},
      {R"({"format": "commledger-budget", "version": 1, "forbid": {}})",
       "commledger: b.json: top level.forbid: expected an array"},
      {"{\"format\": \"commledger-bu", "commledger: b.json: not valid JSON (truncated or corrupt file?)"},
  };
  for (const Case &c : cases) {
    Budget b;
    std::string error;
    EXPECT_FALSE(parseText(c.text, b, error)) << c.text;
    EXPECT_EQ(error, c.expected);
    EXPECT_EQ(error.find('\n'), std::string::npos);
  }
}

TEST(Budget, MissingFileNamesIt) {
  Budget b;
  std::string error;
  EXPECT_FALSE(readBudget("/nonexistent/budget.json", b, error));
  EXPECT_EQ(error.rfind("commledger: /nonexistent/budget.json: ", 0), 0u) << error;
}
