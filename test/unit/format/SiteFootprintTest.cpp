// The optional launch footprint in the site database: round trip, and old files without it.
#include "commledger/format/SiteDatabase.h"

#include <gtest/gtest.h>

using namespace commledger::format;

TEST(SiteFootprint, RoundTripsEveryField) {
  SiteDatabase db;
  Site s;
  s.id = 0x1234;
  s.file = "a.cu";
  s.api = "<<<>>>";
  s.family = SiteFamily::Launch;
  KernelFootprint f;
  f.kernel = "scale";
  FootprintParam p;
  p.param = "src";
  p.argument = "d_a";
  p.elementBytes = 4;
  p.readBytes = 4000; // 4 bytes * 1000 elements
  p.readFormula = "4*min(n, gridDim.x*blockDim.x)";
  p.readExpr = "4*min(N, 4*256)";
  p.writeFormula = p.writeExpr = "0";
  p.writeBytes = 0;
  p.notes = {"stride 2"};
  f.params.push_back(p);
  FootprintParam unknown;
  unknown.param = "idx";
  unknown.unknown = "indirect index";
  f.params.push_back(unknown);
  s.footprint = f;
  db.sites.push_back(s);

  SiteDatabase back;
  std::string error;
  ASSERT_TRUE(parseSiteDatabase(toJsonText(db), "x.json", back, error)) << error;
  ASSERT_TRUE(back.sites[0].footprint);
  const KernelFootprint &g = *back.sites[0].footprint;
  EXPECT_EQ(g.kernel, "scale");
  ASSERT_EQ(g.params.size(), 2u);
  EXPECT_EQ(g.params[0].argument, "d_a");
  EXPECT_EQ(g.params[0].elementBytes, 4u);
  EXPECT_EQ(g.params[0].readBytes, 4000u);
  EXPECT_EQ(g.params[0].writeBytes, 0u);
  EXPECT_EQ(g.params[0].readFormula, "4*min(n, gridDim.x*blockDim.x)");
  EXPECT_EQ(g.params[0].readExpr, "4*min(N, 4*256)");
  EXPECT_EQ(g.params[0].notes, std::vector<std::string>{"stride 2"});
  EXPECT_FALSE(g.params[1].readBytes);
  EXPECT_EQ(g.params[1].unknown, "indirect index");
}

TEST(SiteFootprint, OldDatabasesWithoutFootprintStillRead) {
  const char *old = R"({"format": "commledger-sites", "version": 1, "project_root": "/p",
    "sites": [{"id": "0x0000000000000001", "file": "a.cu", "line": 3, "column": 3,
               "api": "<<<>>>", "family": "launch", "function": "f", "instrumented": false}]})";
  SiteDatabase db;
  std::string error;
  ASSERT_TRUE(parseSiteDatabase(old, "old.json", db, error)) << error;
  ASSERT_EQ(db.sites.size(), 1u);
  EXPECT_FALSE(db.sites[0].footprint);
}
