// LaunchValuesAggregator: distinct tuples counted per site, pointers looked up once per tuple, the
// per-site bound, invalid calls, and concurrent adds.
#include "core/LaunchValuesAggregator.h"

#include <gtest/gtest.h>

#include <thread>

namespace commledger::rt {
namespace {

int lookups = 0;
// Two allocations: [0x1000, 0x2000) from site 0xA, [0x5000, 0x6000) from site 0xB.
std::optional<format::SiteId> fakeTable(std::uint64_t address) {
  ++lookups;
  if (address >= 0x1000 && address < 0x2000)
    return 0xA;
  if (address >= 0x5000 && address < 0x6000)
    return 0xB;
  return std::nullopt;
}

TEST(LaunchValuesAggregator, CountsDistinctTuplesAndLooksPointersUpOnce) {
  LaunchValuesAggregator agg;
  lookups = 0;
  // gridDim.x, blockDim.x, n, src, dst: the last two are pointers.
  const std::uint64_t first[] = {4, 256, 1000, 0x1000, 0x5000};
  const std::uint64_t swapped[] = {4, 256, 1000, 0x5000, 0x1010};
  for (int i = 0; i < 3; ++i)
    agg.add(7, first, 5, 2, fakeTable);
  agg.add(7, swapped, 5, 2, fakeTable);
  // Two distinct tuples × two pointers = 4 lookups, not 8.
  EXPECT_EQ(lookups, 4);

  std::vector<format::LaunchRow> rows = agg.rows();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].site, 7u);
  EXPECT_EQ(rows[0].values, std::vector<std::uint64_t>(first, first + 5));
  EXPECT_EQ(rows[0].count, 3u);
  ASSERT_EQ(rows[0].allocationSites.size(), 2u);
  EXPECT_EQ(rows[0].allocationSites[0], format::SiteId(0xA));
  EXPECT_EQ(rows[0].allocationSites[1], format::SiteId(0xB));
  EXPECT_EQ(rows[1].count, 1u);
  EXPECT_EQ(rows[1].allocationSites[0], format::SiteId(0xB));
  EXPECT_EQ(rows[1].allocationSites[1],
            format::SiteId(0xA)); // 0x1010 is inside 0x1000's range
  EXPECT_FALSE(rows[0].other);
}

TEST(LaunchValuesAggregator, UnknownPointerHasNoAllocationSite) {
  LaunchValuesAggregator agg;
  const std::uint64_t values[] = {1, 32, 0x9000};
  agg.add(1, values, 3, 1, fakeTable);
  std::vector<format::LaunchRow> rows = agg.rows();
  ASSERT_EQ(rows.size(), 1u);
  ASSERT_EQ(rows[0].allocationSites.size(), 1u);
  EXPECT_FALSE(rows[0].allocationSites[0].has_value());
}

TEST(LaunchValuesAggregator, BoundsDistinctTuplesPerSite) {
  LaunchValuesAggregator agg;
  // 64 + 6 distinct tuples at site 3: the first 64 kept, 6 (plus 2 repeats of a late one) other.
  const unsigned distinct = LaunchValuesAggregator::kMaxTuplesPerSite + 6;
  for (std::uint64_t n = 0; n < distinct; ++n)
    agg.add(3, &n, 1, 0, fakeTable);
  std::uint64_t late = distinct - 1;
  agg.add(3, &late, 1, 0, fakeTable);
  agg.add(3, &late, 1, 0, fakeTable);
  std::uint64_t early = 0; // already known: still counted on its own row
  agg.add(3, &early, 1, 0, fakeTable);
  // Another site has its own bound.
  agg.add(4, &late, 1, 0, fakeTable);

  std::vector<format::LaunchRow> rows = agg.rows();
  ASSERT_EQ(rows.size(), LaunchValuesAggregator::kMaxTuplesPerSite + 1 + 1);
  EXPECT_EQ(rows[0].values, std::vector<std::uint64_t>{0});
  EXPECT_EQ(rows[0].count, 2u);
  const format::LaunchRow &other = rows[LaunchValuesAggregator::kMaxTuplesPerSite];
  EXPECT_EQ(other.site, 3u);
  EXPECT_TRUE(other.other);
  EXPECT_TRUE(other.values.empty());
  EXPECT_EQ(other.count, 6u + 2u);
  EXPECT_EQ(rows.back().site, 4u);
  EXPECT_EQ(rows.back().count, 1u);
}

TEST(LaunchValuesAggregator, InvalidCallsCountAsOther) {
  LaunchValuesAggregator agg;
  std::uint64_t many[LaunchValuesAggregator::kMaxValues + 1] = {};
  agg.add(5, many, LaunchValuesAggregator::kMaxValues + 1, 0,
          fakeTable);                // too many values
  agg.add(5, many, 2, 3, fakeTable); // pointers > count
  agg.add(5, nullptr, 0, 0, fakeTable);
  std::vector<format::LaunchRow> rows = agg.rows();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_TRUE(rows[0].other);
  EXPECT_EQ(rows[0].count, 3u);
}

TEST(LaunchValuesAggregator, ConcurrentAddsLoseNothing) {
  LaunchValuesAggregator agg;
  // 8 threads × 1000 launches, each thread alternating between two tuples of its own site and one
  // tuple shared by all at site 100: per-thread tuples 500 each, shared 8 × 1000 / 2.
  std::vector<std::thread> threads;
  for (std::uint64_t t = 0; t < 8; ++t)
    threads.emplace_back([&agg, t] {
      for (std::uint64_t i = 0; i < 1000; ++i) {
        const std::uint64_t own[] = {i % 2, 0x1000};
        agg.add(t, own, 2, 1, nullptr);
        if (i % 2 == 0) {
          const std::uint64_t shared[] = {42};
          agg.add(100, shared, 1, 0, nullptr);
        }
      }
    });
  for (std::thread &t : threads)
    t.join();
  std::vector<format::LaunchRow> rows = agg.rows();
  ASSERT_EQ(rows.size(), 8u * 2 + 1);
  for (unsigned i = 0; i < 16; ++i)
    EXPECT_EQ(rows[i].count, 500u);
  EXPECT_EQ(rows.back().site, 100u);
  EXPECT_EQ(rows.back().count, 8u * 500);
  EXPECT_FALSE(rows[0].allocationSites[0].has_value()); // no lookup given
}

} // namespace
} // namespace commledger::rt
