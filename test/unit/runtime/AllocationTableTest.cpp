// The allocation range table: address lookup, reuse of freed ranges, prefetch sites per target,
// and the per-site totals the trace's allocations section is made of.
#include "core/AllocationTable.h"

#include <gtest/gtest.h>

using namespace commledger;
using namespace commledger::rt;

namespace {
constexpr format::SiteId kManaged = 0x10, kDevice = 0x20, kPrefetchToG1 = 0x30,
                         kPrefetchToHost = 0x40;
constexpr std::uintptr_t kBase = 0x7f0000000000;
constexpr std::uint64_t kMiB = 1u << 20;

Allocation managed(std::uint64_t size, std::optional<format::SiteId> site = kManaged) {
  Allocation a;
  a.site = site;
  a.api = "cudaMallocManaged";
  a.memory = "managed";
  a.flags = 1; // cudaMemAttachGlobal
  a.size = size;
  return a;
}
} // namespace

TEST(AllocationTable, FindsTheRangeHoldingAnAddress) {
  AllocationTable table;
  table.add(kBase, managed(64 * kMiB));
  Allocation d = managed(kMiB, kDevice);
  d.api = "cudaMalloc";
  d.memory = "device";
  d.device = 1;
  table.add(kBase + 128 * kMiB, d);

  ASSERT_TRUE(table.find(kBase));
  EXPECT_EQ(table.find(kBase)->site, kManaged);
  EXPECT_EQ(table.find(kBase + 64 * kMiB - 1)->site, kManaged); // last byte
  EXPECT_FALSE(table.find(kBase + 64 * kMiB));                  // one past the end
  EXPECT_FALSE(table.find(kBase - 1));
  ASSERT_TRUE(table.find(kBase + 128 * kMiB + 4096));
  EXPECT_EQ(table.find(kBase + 128 * kMiB + 4096)->device, 1);
  EXPECT_STREQ(table.find(kBase + 128 * kMiB)->memory, "device");
}

TEST(AllocationTable, OverlappingAllocationReplacesOlderRanges) {
  AllocationTable table;
  // Two 1 MiB ranges, then a 4 MiB one starting inside the first: both were freed and reused.
  table.add(kBase, managed(kMiB, kManaged));
  table.add(kBase + kMiB, managed(kMiB, kManaged));
  table.add(kBase + kMiB / 2, managed(4 * kMiB, kDevice));
  EXPECT_FALSE(table.find(kBase)); // the first range is gone entirely, not just its overlap
  EXPECT_EQ(table.find(kBase + kMiB / 2)->site, kDevice);
  EXPECT_EQ(table.find(kBase + kMiB + 10)->site, kDevice);
  EXPECT_EQ(table.find(kBase + kMiB / 2 + 4 * kMiB - 1)->site, kDevice);
  // A range just after the new one's end is untouched.
  table.add(kBase + 8 * kMiB, managed(kMiB, kManaged));
  table.add(kBase + 7 * kMiB, managed(kMiB, kDevice));
  EXPECT_EQ(table.find(kBase + 8 * kMiB)->site, kManaged);
}

TEST(AllocationTable, PrefetchSitesAreKeptPerTarget) {
  AllocationTable table;
  table.add(kBase, managed(64 * kMiB));
  table.notePrefetch(kBase + 4096, 1, kPrefetchToG1); // any address inside the range counts
  table.notePrefetch(kBase, -1, kPrefetchToHost);
  table.notePrefetch(kBase + 64 * kMiB, 0, kPrefetchToG1); // outside every range: ignored
  auto a = table.find(kBase);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->prefetchSites.size(), 2u);
  EXPECT_EQ(a->prefetchSites.at(1), kPrefetchToG1);
  EXPECT_EQ(a->prefetchSites.at(-1), kPrefetchToHost);
  EXPECT_EQ(a->prefetchSites.count(0), 0u);
  // The latest prefetch to a target wins.
  table.notePrefetch(kBase, 1, kPrefetchToHost);
  EXPECT_EQ(table.find(kBase)->prefetchSites.at(1), kPrefetchToHost);
}

TEST(AllocationTable, RowsSumPerSiteApiMemoryDeviceAndFlags) {
  AllocationTable table;
  table.add(kBase, managed(64 * kMiB));
  table.add(kBase + 64 * kMiB, managed(64 * kMiB)); // same site: one row of 2
  // Reuse evicts the range but keeps the totals: the allocation happened.
  table.add(kBase, managed(2 * kMiB));
  Allocation pinned = managed(16 * kMiB, std::nullopt);
  pinned.api = "cudaHostAlloc";
  pinned.memory = "mapped";
  pinned.flags = 2; // cudaHostAllocMapped
  table.add(kBase + 256 * kMiB, pinned);

  std::vector<format::AllocationRow> rows = table.rows();
  ASSERT_EQ(rows.size(), 2u);
  // Unattributed (no site) sorts first; its bucket is the API.
  EXPECT_FALSE(rows[0].site);
  EXPECT_EQ(rows[0].bucket, "cudaHostAlloc");
  EXPECT_EQ(rows[0].memory, "mapped");
  EXPECT_EQ(rows[0].flags, 2u);
  EXPECT_EQ(rows[0].bytes, 16 * kMiB);
  EXPECT_EQ(rows[0].count, 1u);
  EXPECT_EQ(rows[1].site, kManaged);
  EXPECT_EQ(rows[1].bucket, "");
  EXPECT_EQ(rows[1].api, "cudaMallocManaged");
  EXPECT_EQ(rows[1].device, -1);
  EXPECT_EQ(rows[1].bytes, 64 * kMiB + 64 * kMiB + 2 * kMiB); // 130 MiB over 3 calls
  EXPECT_EQ(rows[1].count, 3u);
}
