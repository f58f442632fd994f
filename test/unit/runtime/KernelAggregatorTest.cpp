// Kernel rows per (site or bucket, name, device), and the per-device index of recent kernels
// that unified-memory attribution asks "which launch was running at t".
#include "core/KernelAggregator.h"

#include <gtest/gtest.h>

using namespace commledger;
using namespace commledger::rt;

namespace {
constexpr format::SiteId kFirst = 0x1, kSecond = 0x2;

Attribution at(format::SiteId site) { return {site, ""}; }
Attribution bucket(const char *api) { return {std::nullopt, api}; }

CopyRecord kernel(const char *name, int device, std::uint64_t start, std::uint64_t end) {
  CopyRecord r;
  r.kernelName = name;
  r.deviceId = device;
  r.startNs = start;
  r.endNs = end;
  return r;
}
} // namespace

TEST(KernelAggregator, RowsCountAndSumDurations) {
  KernelAggregator k;
  k.add(at(kFirst), kernel("_Z4fillPfm", 1, 1000, 1500));
  k.add(at(kFirst), kernel("_Z4fillPfm", 1, 2000, 2700));
  k.add(at(kFirst), kernel("_Z4fillPfm", 0, 3000, 3100)); // other device: its own row
  k.add(bucket("cudaLaunchKernel"), kernel("helper", 0, 4000, 4010));
  k.add(at(kSecond), kernel(nullptr, 0, 5000, 4000)); // no name, end before start: 0 ns

  std::vector<format::KernelRow> rows = k.rows();
  ASSERT_EQ(rows.size(), 4u);
  // Unattributed first (no site), then by site, name, device.
  EXPECT_FALSE(rows[0].site);
  EXPECT_EQ(rows[0].bucket, "cudaLaunchKernel");
  EXPECT_EQ(rows[0].name, "helper");
  EXPECT_EQ(rows[0].totalNs, 10u);
  EXPECT_EQ(rows[1].site, kFirst);
  EXPECT_EQ(rows[1].device, 0);
  EXPECT_EQ(rows[1].count, 1u);
  EXPECT_EQ(rows[1].totalNs, 100u);
  EXPECT_EQ(rows[2].site, kFirst);
  EXPECT_EQ(rows[2].device, 1);
  EXPECT_EQ(rows[2].count, 2u);
  EXPECT_EQ(rows[2].totalNs, 1200u); // (1500-1000) + (2700-2000)
  EXPECT_EQ(rows[3].site, kSecond);
  EXPECT_EQ(rows[3].name, "");
  EXPECT_EQ(rows[3].totalNs, 0u);
}

TEST(KernelAggregator, SiteRunningAtFindsTheKernelOnThatDevice) {
  KernelAggregator k;
  k.add(at(kFirst), kernel("a", 1, 1000, 2000));
  k.add(at(kSecond), kernel("b", 1, 3000, 4000));
  k.add(bucket("cudaLaunchKernel"), kernel("c", 0, 1000, 5000));
  EXPECT_EQ(k.siteRunningAt(1, 1000), kFirst); // bounds are inclusive
  EXPECT_EQ(k.siteRunningAt(1, 2000), kFirst);
  EXPECT_EQ(k.siteRunningAt(1, 3500), kSecond);
  EXPECT_FALSE(k.siteRunningAt(1, 2500)); // between kernels
  EXPECT_FALSE(k.siteRunningAt(1, 4001));
  EXPECT_FALSE(k.siteRunningAt(2, 1500)); // a device with no kernels
  // An unattributed kernel covers the time but has no site to give.
  EXPECT_FALSE(k.siteRunningAt(0, 1500));
}

TEST(KernelAggregator, LatestEndIsPerDevice) {
  KernelAggregator k;
  EXPECT_EQ(k.latestEnd(0), 0u);
  k.add(at(kFirst), kernel("a", 0, 5000, 9000));
  k.add(at(kSecond), kernel("b", 0, 6000, 7000)); // arrives later, ends earlier
  k.add(at(kSecond), kernel("b", 1, 100, 200));
  EXPECT_EQ(k.latestEnd(0), 9000u);
  EXPECT_EQ(k.latestEnd(1), 200u);
  EXPECT_EQ(k.latestEnd(3), 0u);
}
