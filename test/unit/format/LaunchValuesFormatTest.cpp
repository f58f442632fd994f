// Launch values in the formats: the site database's footprint.launch_values and the trace's
// `launches` section round-trip, stay optional, and reject impossible rows.
#include "commledger/format/SiteDatabase.h"
#include "commledger/format/Trace.h"

#include <gtest/gtest.h>

using namespace commledger::format;

namespace {
Site launchSite() {
  Site s;
  s.id = 0x1234;
  s.file = "a.cu";
  s.api = "<<<>>>";
  s.family = SiteFamily::Launch;
  KernelFootprint f;
  f.kernel = "scale";
  FootprintParam p;
  p.param = "src";
  f.params.push_back(p);
  s.footprint = f;
  return s;
}
} // namespace

TEST(LaunchValuesFormat, SiteDatabaseNamesRoundTrip) {
  SiteDatabase db;
  Site s = launchSite();
  s.footprint->launchValues = {"gridDim.x", "blockDim.x", "n", "src"};
  s.footprint->launchPointers = 1;
  db.sites.push_back(s);
  Site t = launchSite();
  t.id = 0x5678;
  t.footprint->launchValuesReason = "the grid (f()) may have side effects";
  db.sites.push_back(t);

  SiteDatabase back;
  std::string error;
  ASSERT_TRUE(parseSiteDatabase(toJsonText(db), "x.json", back, error)) << error;
  EXPECT_EQ(back.sites[0].footprint->launchValues, s.footprint->launchValues);
  EXPECT_EQ(back.sites[0].footprint->launchPointers, 1u);
  EXPECT_TRUE(back.sites[1].footprint->launchValues.empty());
  EXPECT_EQ(back.sites[1].footprint->launchValuesReason, "the grid (f()) may have side effects");
  // Older databases have none of the fields: still read, nothing passed.
  db.sites[0].footprint->launchValues.clear();
  db.sites[0].footprint->launchPointers = 0;
  std::string old = toJsonText(db);
  EXPECT_EQ(old.find("\"launch_values\""), std::string::npos);
  ASSERT_TRUE(parseSiteDatabase(old, "x.json", back, error)) << error;
  EXPECT_TRUE(back.sites[0].footprint->launchValues.empty());
}

TEST(LaunchValuesFormat, MorePointersThanValuesIsAnError) {
  SiteDatabase db;
  db.sites.push_back(launchSite());
  db.sites[0].footprint->launchValues = {"src"};
  db.sites[0].footprint->launchPointers = 2;
  SiteDatabase back;
  std::string error;
  EXPECT_FALSE(parseSiteDatabase(toJsonText(db), "x.json", back, error));
  EXPECT_NE(error.find("launch_pointers"), std::string::npos) << error;
}

TEST(LaunchValuesFormat, TraceSectionRoundTripsAndIsOptional) {
  Trace t;
  LaunchRow known;
  known.site = 0x1234;
  known.values = {4, 1, 1, 256, 1, 1, 1000, 0x7f0000001000ull, 0xffffffffffffffffull};
  known.allocationSites = {SiteId(0xA), std::nullopt};
  known.count = 3;
  LaunchRow other;
  other.site = 0x1234;
  other.other = true;
  other.count = 12;
  t.launches = {known, other};

  Trace back;
  std::string error;
  ASSERT_TRUE(parseTrace(toJsonText(t), "t.json", back, error)) << error;
  ASSERT_EQ(back.launches.size(), 2u);
  EXPECT_EQ(back.launches[0].site, 0x1234u);
  EXPECT_EQ(back.launches[0].values,
            known.values); // the full 64 bits survive JSON
  EXPECT_EQ(back.launches[0].allocationSites, known.allocationSites);
  EXPECT_EQ(back.launches[0].count, 3u);
  EXPECT_FALSE(back.launches[0].other);
  EXPECT_TRUE(back.launches[1].other);
  EXPECT_EQ(back.launches[1].count, 12u);

  // Absent when empty: a trace without launches has no section and reads back empty.
  std::string plain = toJsonText(Trace());
  EXPECT_EQ(plain.find("\"launches\""), std::string::npos);
  ASSERT_TRUE(parseTrace(plain, "t.json", back, error)) << error;
  EXPECT_TRUE(back.launches.empty());
}

TEST(LaunchValuesFormat, BadRowsAreRejected) {
  Trace t;
  LaunchRow row;
  row.site = 0x1;
  row.values = {7};
  row.allocationSites = {std::nullopt, std::nullopt}; // two pointers among one value
  row.count = 1;
  t.launches = {row};
  Trace back;
  std::string error;
  EXPECT_FALSE(parseTrace(toJsonText(t), "t.json", back, error));
  EXPECT_NE(error.find("allocation_sites"), std::string::npos) << error;

  t.launches[0].allocationSites.clear();
  std::string text = toJsonText(t);
  text.insert(text.find('7', text.find("\"values\"")), "-"); // a negative value
  EXPECT_FALSE(parseTrace(text, "t.json", back, error));
  EXPECT_NE(error.find("values"), std::string::npos) << error;
}
