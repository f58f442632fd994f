// Site IDs are stable, distinct per position and API, and round-trip through their text form.
#include "commledger/format/SiteId.h"

#include <gtest/gtest.h>

using namespace commledger::format;

TEST(SiteId, SameInputsGiveSameId) {
  EXPECT_EQ(computeSiteId("src/a.cu", 10, 5, "cudaMemcpy"),
            computeSiteId("src/a.cu", 10, 5, "cudaMemcpy"));
}

TEST(SiteId, EveryFieldMatters) {
  SiteId base = computeSiteId("src/a.cu", 10, 5, "cudaMemcpy");
  EXPECT_NE(base, computeSiteId("src/b.cu", 10, 5, "cudaMemcpy"));
  EXPECT_NE(base, computeSiteId("src/a.cu", 11, 5, "cudaMemcpy"));
  EXPECT_NE(base, computeSiteId("src/a.cu", 10, 6, "cudaMemcpy"));
  EXPECT_NE(base, computeSiteId("src/a.cu", 10, 5, "cudaMemcpyAsync"));
  // Field boundaries are part of the hash: line 1 col 15 is not line 11 col 5.
  EXPECT_NE(computeSiteId("a", 1, 15, "x"), computeSiteId("a", 11, 5, "x"));
}

TEST(SiteId, TextRoundTrip) {
  SiteId id = 0xfedcba9876543210ULL;
  EXPECT_EQ(siteIdToString(id), "0xfedcba9876543210");
  EXPECT_EQ(siteIdFromString("0xfedcba9876543210"), id);
  EXPECT_EQ(siteIdFromString("0x0000000000000001"), 1u);
}

TEST(SiteId, RejectsMalformedText) {
  EXPECT_FALSE(siteIdFromString(""));
  EXPECT_FALSE(siteIdFromString("12"));
  EXPECT_FALSE(siteIdFromString("0x123"));
  EXPECT_FALSE(siteIdFromString("0xg000000000000000"));
  EXPECT_FALSE(siteIdFromString("1x0000000000000000"));
}
