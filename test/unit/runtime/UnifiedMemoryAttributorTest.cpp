// Unified-memory counter records → rows charged to an allocation and a cause: the prefetch site
// for user migrations, the kernel running on the destination GPU for the rest, nothing for host
// access; records wait for a covering kernel until one is too late to come, or until finish().
#include "core/UnifiedMemoryAttributor.h"

#include <gtest/gtest.h>

using namespace commledger;
using namespace commledger::rt;

namespace {
constexpr format::SiteId kBuffer = 0x10, kPrefetch = 0x20, kLaunchG1 = 0x30, kLaunchG0 = 0x40;
constexpr std::uintptr_t kBase = 0x7f0000000000;
constexpr std::uint64_t k64MiB = 64u << 20, k2MiB = 2u << 20;

struct Fixture {
  AllocationTable allocations;
  KernelAggregator kernels;
  UnifiedMemoryAttributor attributor{allocations, kernels};
  Fixture() {
    Allocation a;
    a.site = kBuffer;
    a.api = "cudaMallocManaged";
    a.memory = "managed";
    a.size = k64MiB;
    allocations.add(kBase, a);
  }
  void kernel(format::SiteId site, int device, std::uint64_t start, std::uint64_t end) {
    CopyRecord r;
    r.kernelName = "k";
    r.deviceId = device;
    r.startNs = start;
    r.endNs = end;
    kernels.add({site, ""}, r);
  }
};

UnifiedMemoryRecord migration(const char *cause, int src, int dst, std::uint64_t start,
                              std::uintptr_t address = kBase) {
  UnifiedMemoryRecord r;
  r.counter = src < 0 ? "htod" : dst < 0 ? "dtoh" : "dtod";
  r.cause = cause;
  r.value = k2MiB;
  r.startNs = start;
  r.endNs = start + 1000;
  r.address = address;
  r.src = src;
  r.dst = dst;
  return r;
}
} // namespace

TEST(UnifiedMemoryAttributor, UserMigrationIsChargedToThePrefetchOfThatTarget) {
  Fixture f;
  f.allocations.notePrefetch(kBase, 1, kPrefetch);
  f.attributor.add(migration("user", -1, 1, 1000, kBase + 4096));
  f.attributor.add(migration("user", -1, 1, 2000, kBase + k2MiB));
  // A prefetch to GPU0 was never noted: no cause site, still charged to the buffer.
  f.attributor.add(migration("user", 1, 0, 3000));
  std::vector<format::UnifiedMemoryRow> rows = f.attributor.rows();
  ASSERT_EQ(rows.size(), 2u);
  const auto &toG1 = rows[0].dst == 1 ? rows[0] : rows[1];
  const auto &toG0 = rows[0].dst == 1 ? rows[1] : rows[0];
  EXPECT_EQ(toG1.allocationSite, kBuffer);
  EXPECT_EQ(toG1.counter, "htod");
  EXPECT_EQ(toG1.cause, "user");
  EXPECT_EQ(toG1.causeSite, kPrefetch);
  EXPECT_EQ(toG1.value, 2 * k2MiB); // two 2 MiB records
  EXPECT_EQ(toG1.count, 2u);
  EXPECT_EQ(toG0.allocationSite, kBuffer);
  EXPECT_FALSE(toG0.causeSite);
}

TEST(UnifiedMemoryAttributor, FaultMigrationIsChargedToTheKernelOnTheDestinationGpu) {
  Fixture f;
  f.kernel(kLaunchG1, 1, 1000, 9000);
  f.kernel(kLaunchG0, 0, 1000, 9000);
  f.attributor.add(migration("coherence", -1, 1, 5000)); // H → G1 while G1's kernel ran
  f.attributor.add(migration("coherence", 1, 0, 6000));  // G1 → G0: G0's kernel, not G1's
  std::vector<format::UnifiedMemoryRow> rows = f.attributor.rows();
  ASSERT_EQ(rows.size(), 2u);
  for (const auto &row : rows)
    EXPECT_EQ(row.causeSite, row.dst == 1 ? kLaunchG1 : kLaunchG0) << row.counter;
}

TEST(UnifiedMemoryAttributor, HostBoundMigrationHasNoCauseSite) {
  Fixture f;
  f.kernel(kLaunchG0, 0, 1000, 9000); // running, but the host touched the pages
  f.attributor.add(migration("coherence", 0, -1, 5000));
  UnifiedMemoryRecord fault;
  fault.counter = "cpu_page_fault";
  fault.value = 3;
  fault.address = kBase;
  f.attributor.add(fault);
  std::vector<format::UnifiedMemoryRow> rows = f.attributor.rows();
  ASSERT_EQ(rows.size(), 2u);
  for (const auto &row : rows) {
    EXPECT_FALSE(row.causeSite) << row.counter;
    EXPECT_EQ(row.allocationSite, kBuffer);
  }
}

TEST(UnifiedMemoryAttributor, WaitsForACoveringKernelThatArrivesLater) {
  Fixture f;
  f.attributor.add(migration("coherence", -1, 1, 5000));
  f.attributor.drain();
  EXPECT_TRUE(f.attributor.rows().empty()); // the kernel's record is not in yet
  f.kernel(kLaunchG1, 1, 4000, 8000);
  f.attributor.drain();
  std::vector<format::UnifiedMemoryRow> rows = f.attributor.rows();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].causeSite, kLaunchG1);
  EXPECT_EQ(rows[0].value, k2MiB);
}

TEST(UnifiedMemoryAttributor, GivesUpOnceAKernelEndsPastTheLateBound) {
  Fixture f;
  f.attributor.add(migration("coherence", -1, 1, 5000)); // ends at 6000
  // A kernel ending exactly at the bound could still be followed by a covering one: wait.
  f.kernel(kLaunchG1, 1, 7000, 6000 + UnifiedMemoryAttributor::kLateNs);
  f.attributor.drain();
  EXPECT_TRUE(f.attributor.rows().empty());
  // One ending past it: kernels complete in order per device, none will cover 5000 any more.
  f.kernel(kLaunchG1, 1, 7000, 6001 + UnifiedMemoryAttributor::kLateNs);
  f.attributor.drain();
  std::vector<format::UnifiedMemoryRow> rows = f.attributor.rows();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_FALSE(rows[0].causeSite);
}

TEST(UnifiedMemoryAttributor, FinishResolvesWhatStillWaits) {
  Fixture f;
  f.attributor.add(migration("coherence", -1, 1, 5000));
  // An address no allocation holds: charged to the "unknown" bucket.
  f.attributor.add(migration("coherence", -1, 1, 5000, kBase + k64MiB));
  EXPECT_TRUE(f.attributor.rows().empty());
  f.attributor.finish();
  std::vector<format::UnifiedMemoryRow> rows = f.attributor.rows();
  ASSERT_EQ(rows.size(), 2u);
  // No allocation site sorts first.
  EXPECT_FALSE(rows[0].allocationSite);
  EXPECT_EQ(rows[0].allocationBucket, "unknown");
  EXPECT_EQ(rows[1].allocationSite, kBuffer);
  for (const auto &row : rows) {
    EXPECT_FALSE(row.causeSite);
    EXPECT_EQ(row.count, 1u);
  }
  f.attributor.finish(); // nothing left: rows unchanged
  EXPECT_EQ(f.attributor.rows().size(), 2u);
}
