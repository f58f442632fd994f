// `commledger show`: the format tag picks the listing; bad input is one line naming the file.
#include "commledger/reconcile/ShowListing.h"

#include "commledger/format/Trace.h"

#include <gtest/gtest.h>

using namespace commledger;
using namespace commledger::reconcile;

TEST(ShowListing, SiteDatabaseGetsTheSiteListing) {
  format::SiteDatabase db;
  std::string out, error;
  ASSERT_TRUE(renderListing(format::toJsonText(db), "db.json", nullptr, out, error)) << error;
  EXPECT_EQ(out, "sites: 0\n");
}

TEST(ShowListing, TraceGetsTheTraceListing) {
  format::Trace trace;
  trace.process.endReason = "exit";
  std::string out, error;
  ASSERT_TRUE(renderListing(format::toJsonText(trace), "t.json", nullptr, out, error)) << error;
  EXPECT_EQ(out, "cupti active=false\ndevices=0 dropped=0 end=exit\n");
  format::SiteDatabase sites;
  ASSERT_TRUE(renderListing(format::toJsonText(trace), "t.json", &sites, out, error)) << error;
}

TEST(ShowListing, BrokenTraceReportsTheTraceReadersError) {
  std::string out, error;
  EXPECT_FALSE(renderListing(R"({"format": "commledger-trace", "version": 1})", "t.json", nullptr,
                             out, error));
  EXPECT_EQ(error, "commledger: t.json: top level: missing field 'process'");
}

TEST(ShowListing, OtherInputIsOneLineNamingTheFile) {
  std::string out, error;
  EXPECT_FALSE(renderListing(R"({"format": "commledger-report", "version": 1})", "r.json", nullptr,
                             out, error));
  EXPECT_EQ(error, "commledger: r.json: neither a site database nor a trace (format is "
                   "'commledger-report')");
  EXPECT_FALSE(renderListing("{\"format\": ", "cut.json", nullptr, out, error));
  EXPECT_EQ(error, "commledger: cut.json: not valid JSON (truncated or corrupt file?)");
}

TEST(ShowListing, SitesOptionOnlyForTraces) {
  format::SiteDatabase db;
  std::string out, error;
  EXPECT_FALSE(renderListing(format::toJsonText(db), "db.json", &db, out, error));
  EXPECT_EQ(error, "commledger: db.json: is a site database; --sites applies to traces only");
}

TEST(ShowListing, MissingFileNamesIt) {
  std::string out, error;
  EXPECT_FALSE(showFile("/nonexistent/t.json", {}, out, error));
  EXPECT_EQ(error.rfind("commledger: /nonexistent/t.json: cannot open", 0), 0u) << error;
}
