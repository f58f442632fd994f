// SARIF rendering: one result per non-match site with its rule, level, location and numbers.
#include "commledger/reconcile/ReportWriters.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

using namespace commledger::reconcile;
using nlohmann::json;

namespace {
SiteRow site(unsigned line, Verdict verdict) {
  SiteRow s;
  s.id = line;
  s.file = "src/my file.cu";
  s.line = line;
  s.column = 5;
  s.api = "cudaMemcpy";
  s.verdict = verdict;
  s.message = "why";
  PredictedSummary p;
  p.direction = "P2P";
  p.bytesPerCall = 1024;
  p.multiplicity = 2;
  p.totalBytes = 2048;
  p.src = "G0";
  p.dst = "G1";
  s.predicted = p;
  s.observed = {4096, 2, 1, {{0, 1, "p2p_direct", 4096, 2}}};
  return s;
}
} // namespace

TEST(SarifReport, OneResultPerFinding) {
  Report r;
  r.projectRoot = "/home/u/app";
  r.sites = {site(10, Verdict::SizeDiffers), site(20, Verdict::Match),
             site(30, Verdict::NeverExecuted)};
  json log = json::parse(renderSarif(r));
  EXPECT_EQ(log["version"], "2.1.0");
  const json &run = log["runs"][0];
  EXPECT_EQ(run["originalUriBaseIds"]["PROJECTROOT"]["uri"], "file:///home/u/app/");
  EXPECT_EQ(run["tool"]["driver"]["rules"].size(), 7u);
  ASSERT_EQ(run["results"].size(), 2u);
  const json &first = run["results"][0];
  EXPECT_EQ(first["ruleId"], "commledger/size-differs");
  EXPECT_EQ(run["tool"]["driver"]["rules"][first["ruleIndex"].get<int>()]["id"], first["ruleId"]);
  EXPECT_EQ(first["level"], "warning");
  EXPECT_EQ(first["message"]["text"], "predicted G0\u2192G1 1024 B \u00d7 2 = 2048 B vs observed "
                                      "G0\u2192G1 4096 B in 2 records: size differs: why");
  const json &where = first["locations"][0]["physicalLocation"];
  EXPECT_EQ(where["artifactLocation"]["uri"], "src/my%20file.cu");
  EXPECT_EQ(where["artifactLocation"]["uriBaseId"], "PROJECTROOT");
  EXPECT_EQ(where["region"]["startLine"], 10);
  EXPECT_EQ(where["region"]["startColumn"], 5);
  EXPECT_EQ(first["properties"]["observedBytes"], 4096);
  EXPECT_EQ(first["properties"]["predictedTotalBytes"], 2048);
  EXPECT_EQ(run["results"][1]["level"], "note");
}

TEST(SarifReport, NoRootNoBaseIds) {
  Report r;
  r.sites = {site(10, Verdict::Unpredicted)};
  json run = json::parse(renderSarif(r))["runs"][0];
  EXPECT_FALSE(run.contains("originalUriBaseIds"));
  EXPECT_EQ(run["results"][0]["ruleId"], "commledger/unpredicted");
}
