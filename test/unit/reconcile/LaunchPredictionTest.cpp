// predictLaunches: a site's footprint formulas evaluated per recorded launch tuple, totalled over
// counts, per parameter and the allocation each launch handed it.
#include "commledger/reconcile/implicit/LaunchPrediction.h"

#include <gtest/gtest.h>

namespace commledger::reconcile {
namespace {

constexpr format::SiteId kSite = 0x11, kAllocA = 0xA, kAllocB = 0xB;

// `scale(const float *src, float *dst, int n)`: i = blockIdx.x*blockDim.x + threadIdx.x, if (i < n)
// dst[i] = 2*src[i]. The instrumenter's footprint, as in test/plugin/footprints.cu.
format::Site scaleSite() {
  format::Site site;
  site.id = kSite;
  site.api = "<<<>>>";
  site.family = format::SiteFamily::Launch;
  format::KernelFootprint fp;
  fp.kernel = "scale";
  format::FootprintParam src;
  src.param = "src";
  src.elementBytes = 4;
  src.readFormula = "4*min(n, gridDim.x*blockDim.x)";
  src.writeFormula = "0";
  src.writeBytes = 0;
  format::FootprintParam dst = src;
  dst.param = "dst";
  std::swap(dst.readFormula, dst.writeFormula);
  dst.writeBytes.reset();
  dst.readBytes = 0;
  fp.params = {src, dst};
  fp.launchValues = {"gridDim.x",  "gridDim.y", "gridDim.z", "blockDim.x", "blockDim.y",
                     "blockDim.z", "n",         "src",       "dst"};
  fp.launchPointers = 2;
  site.footprint = fp;
  return site;
}

format::LaunchRow row(std::vector<std::uint64_t> values,
                      std::vector<std::optional<format::SiteId>> allocations, std::uint64_t count,
                      format::SiteId site = kSite) {
  format::LaunchRow r;
  r.site = site;
  r.values = std::move(values);
  r.allocationSites = std::move(allocations);
  r.count = count;
  return r;
}

TEST(LaunchPrediction, TotalsPerParameterAndAllocation) {
  std::vector<format::LaunchRow> rows = {
      // 3 launches, 4x256 = 1024 threads, n = 1000: 4 * 1000 = 4000 bytes each, 12000 in all.
      row({4, 1, 1, 256, 1, 1, 1000, 0x1000, 0x5000}, {kAllocA, kAllocB}, 3),
      // Buffers swapped, 8x256 = 2048 threads, n = 5000: 4 * 2048 = 8192 each, 2 → 16384.
      row({8, 1, 1, 256, 1, 1, 5000, 0x5000, 0x1000}, {kAllocB, kAllocA}, 2),
      row({1, 1, 1, 1, 1, 1, 1, 0, 0}, {std::nullopt, std::nullopt}, 9,
          /*site=*/0x99),
  };
  format::LaunchRow other;
  other.site = kSite;
  other.other = true;
  other.count = 5;
  rows.push_back(other);

  std::vector<LaunchParamPrediction> p = predictLaunches(scaleSite(), rows);
  ASSERT_EQ(p.size(), 6u);
  // src: the 5 launches past the bound first (no allocation), then A, then B.
  EXPECT_EQ(p[0].param, "src");
  EXPECT_FALSE(p[0].allocationSite);
  EXPECT_EQ(p[0].launches, 5u);
  EXPECT_FALSE(p[0].readBytes);
  EXPECT_EQ(p[0].writeBytes, 0u); // folded to 0: known without values
  EXPECT_NE(p[0].reason.find("not kept"), std::string::npos);
  EXPECT_EQ(p[1].allocationSite, kAllocA);
  EXPECT_EQ(p[1].launches, 3u);
  EXPECT_EQ(p[1].readBytes, 12000u);
  EXPECT_EQ(p[1].writeBytes, 0u);
  EXPECT_TRUE(p[1].reason.empty());
  EXPECT_EQ(p[2].allocationSite, kAllocB);
  EXPECT_EQ(p[2].readBytes, 16384u);
  // dst: A received the second tuple's writes, B the first's.
  EXPECT_EQ(p[3].param, "dst");
  EXPECT_FALSE(p[3].writeBytes);
  EXPECT_EQ(p[4].allocationSite, kAllocA);
  EXPECT_EQ(p[4].writeBytes, 16384u);
  EXPECT_EQ(p[4].readBytes, 0u);
  EXPECT_EQ(p[5].allocationSite, kAllocB);
  EXPECT_EQ(p[5].writeBytes, 12000u);
}

TEST(LaunchPrediction, NegativeScalarReadsNothing) {
  // n = -5 passed as its 64-bit two's complement: min(-5, 1024) < 0, no thread passes i < n.
  std::vector<format::LaunchRow> rows = {row(
      {4, 1, 1, 256, 1, 1, static_cast<std::uint64_t>(-5), 0x1000, 0x5000}, {kAllocA, kAllocB}, 1)};
  std::vector<LaunchParamPrediction> p = predictLaunches(scaleSite(), rows);
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[0].readBytes, 0u);
  EXPECT_EQ(p[1].writeBytes, 0u);
}

TEST(LaunchPrediction, UnknownParameterAndMismatchedValues) {
  format::Site site = scaleSite();
  site.footprint->params[1].unknown = "index depends on memory";
  site.footprint->params[1].readFormula.clear();
  site.footprint->params[1].writeFormula.clear();
  site.footprint->params[1].readBytes.reset();
  // A trace from another build of the program: 3 values where the database names 9.
  std::vector<format::LaunchRow> rows = {row({4, 256, 1000}, {}, 2)};
  std::vector<LaunchParamPrediction> p = predictLaunches(site, rows);
  ASSERT_EQ(p.size(), 2u);
  EXPECT_FALSE(p[0].readBytes);
  EXPECT_NE(p[0].reason.find("do not match"), std::string::npos);
  EXPECT_EQ(p[1].reason, "index depends on memory");
  EXPECT_FALSE(p[1].readBytes);
  EXPECT_FALSE(p[1].writeBytes);
  EXPECT_EQ(p[1].launches, 2u);
}

TEST(LaunchPrediction, NoFootprintOrNoRows) {
  format::Site site = scaleSite();
  EXPECT_TRUE(predictLaunches(site, {}).empty());
  site.footprint.reset();
  EXPECT_TRUE(predictLaunches(site, {row({1}, {}, 1)}).empty());
}

} // namespace
} // namespace commledger::reconcile
