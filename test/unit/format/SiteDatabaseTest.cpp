// The site database survives a write/read round trip and rejects malformed files in one line.
#include "commledger/format/SiteDatabase.h"

#include <gtest/gtest.h>

using namespace commledger::format;

namespace {
SiteDatabase sample() {
  SiteDatabase db;
  db.projectRoot = "/src/app";
  Site s;
  s.id = computeSiteId("main.cu", 19, 9, "cudaMemcpy");
  s.file = "main.cu";
  s.line = 19;
  s.column = 9;
  s.api = "cudaMemcpy";
  s.family = SiteFamily::Copy;
  s.function = "main";
  s.instrumented = true;
  Prediction p;
  p.direction = "D2D";
  p.kindArg = "cudaMemcpyDefault";
  p.bytes = 64ull << 20;
  p.bytesExpr = "buf_size";
  p.src.kind = PredictedEndpoint::Kind::Device;
  p.src.device = "0";
  p.dst.kind = PredictedEndpoint::Kind::Device;
  p.dst.device = "k";
  p.multiplicityExpr = "iters";
  p.notes = {"a note"};
  s.prediction = p;
  db.sites.push_back(s);
  Site launch;
  launch.id = computeSiteId("main.cu", 30, 3, "<<<>>>");
  launch.file = "main.cu";
  launch.line = 30;
  launch.column = 3;
  launch.api = "<<<>>>";
  launch.family = SiteFamily::Launch;
  db.sites.push_back(launch);
  return db;
}
} // namespace

TEST(SiteDatabase, RoundTrip) {
  SiteDatabase db = sample();
  SiteDatabase back;
  std::string error;
  ASSERT_TRUE(parseSiteDatabase(toJsonText(db), "x.json", back, error)) << error;
  ASSERT_EQ(back.sites.size(), 2u);
  const Site &s = back.sites[0];
  EXPECT_EQ(s.id, db.sites[0].id);
  EXPECT_EQ(s.family, SiteFamily::Copy);
  ASSERT_TRUE(s.prediction);
  EXPECT_EQ(s.prediction->bytes, 64ull << 20);
  EXPECT_TRUE(s.prediction->src.isConstantDevice());
  EXPECT_EQ(s.prediction->src.constantDevice(), 0);
  EXPECT_FALSE(s.prediction->dst.isConstantDevice());
  EXPECT_EQ(s.prediction->dst.device, "k");
  EXPECT_FALSE(s.prediction->multiplicity);
  EXPECT_EQ(s.prediction->multiplicityExpr, "iters");
  EXPECT_FALSE(back.sites[1].prediction);
  EXPECT_EQ(back.find(db.sites[1].id)->api, "<<<>>>");
}

TEST(SiteDatabase, MergeKeepsFirstOfEachId) {
  SiteDatabase a = sample(), b = sample();
  b.sites[0].function = "other";
  Site extra = b.sites[1];
  extra.id = 42;
  b.sites.push_back(extra);
  a.merge(b);
  ASSERT_EQ(a.sites.size(), 3u);
  EXPECT_EQ(a.sites[0].function, "main");
}

TEST(SiteDatabase, ErrorsNameTheFileAndTheProblem) {
  SiteDatabase out;
  std::string error;
  EXPECT_FALSE(parseSiteDatabase("{\"format\":\"commledger-sites\"", "db.json", out, error));
  EXPECT_EQ(error, "commledger: db.json: not valid JSON (truncated or corrupt file?)");
  EXPECT_FALSE(parseSiteDatabase(R"({"format":"commledger-sites","version":99,"sites":[]})",
                                 "db.json", out, error));
  EXPECT_EQ(error, "commledger: db.json: unsupported version 99 (this build reads version 1)");
  EXPECT_FALSE(parseSiteDatabase(R"({"format":"commledger-trace","version":1})", "db.json", out,
                                 error));
  EXPECT_NE(error.find("not a commledger-sites file"), std::string::npos);
  EXPECT_FALSE(parseSiteDatabase(R"({"format":"commledger-sites","version":1,"sites":[{"id":"0x0000000000000001"}]})",
                                 "db.json", out, error));
  EXPECT_EQ(error, "commledger: db.json: sites[0]: missing field 'file'");
  EXPECT_FALSE(readSiteDatabase("/nonexistent/db.json", out, error));
  EXPECT_EQ(error.rfind("commledger: /nonexistent/db.json: cannot open", 0), 0u);
}
