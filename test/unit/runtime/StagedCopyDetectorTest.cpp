// StagedCopyDetector: DtoH+HtoD halves with device memory kinds pair into one StagedPtoP.
#include "core/StagedCopyDetector.h"

#include "FakeRecordSource.h"

#include <gtest/gtest.h>

namespace commledger::rt::test {
namespace {

constexpr std::uint64_t MiB = 1024 * 1024;

TEST(StagedCopyDetector, PairsHalvesInEitherOrder) {
  ObservedAggregator out;
  StagedCopyDetector detector(out);
  detector.add(atSite(7), stagedDtoH(0, MiB, 100));
  detector.add(atSite(7), stagedHtoD(1, MiB, 100));
  detector.add(atSite(7), stagedHtoD(0, MiB, 101)); // GPU1 → GPU0, HtoD first
  detector.add(atSite(7), stagedDtoH(1, MiB, 101));
  detector.finish();
  const auto rows = out.rows();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].copyKind, CopyKind::StagedPtoP);
  EXPECT_EQ(rows[0].src.device, 0);
  EXPECT_EQ(rows[0].dst.device, 1);
  EXPECT_EQ(rows[0].bytes, MiB); // payload once, not twice
  EXPECT_EQ(rows[0].count, 1u);
  EXPECT_EQ(rows[1].src.device, 1);
  EXPECT_EQ(rows[1].dst.device, 0);
  EXPECT_EQ(*rows[1].site, 7u);
}

TEST(StagedCopyDetector, RepeatedCopiesAggregate) {
  ObservedAggregator out;
  StagedCopyDetector detector(out);
  for (std::uint32_t i = 0; i < 10; ++i) {
    detector.add(atSite(1), stagedDtoH(0, MiB, 200 + i));
    detector.add(atSite(1), stagedHtoD(1, MiB, 200 + i));
  }
  EXPECT_EQ(detector.pendingHalves(), 0u);
  const auto rows = out.rows();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].bytes, 10 * MiB);
  EXPECT_EQ(rows[0].count, 10u);
}

TEST(StagedCopyDetector, ChunksOfOneCopyCountOnce) {
  ObservedAggregator out;
  StagedCopyDetector detector(out);
  for (int chunk = 0; chunk < 4; ++chunk) {
    detector.add(atSite(1), stagedDtoH(0, MiB, 300));
    detector.add(atSite(1), stagedHtoD(1, MiB, 300));
  }
  const auto rows = out.rows();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].bytes, 4 * MiB);
  EXPECT_EQ(rows[0].count, 1u);
}

TEST(StagedCopyDetector, UnpairedHalvesKeepTheirKind) {
  ObservedAggregator out;
  StagedCopyDetector detector(out);
  detector.add(atSite(1), stagedDtoH(0, MiB, 400));
  detector.add(atSite(1), stagedHtoD(1, 2 * MiB, 401)); // other correlation id
  EXPECT_EQ(detector.pendingHalves(), 2u);
  detector.finish();
  const auto rows = out.rows();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].copyKind, CopyKind::HtoD);
  EXPECT_EQ(rows[0].src.device, format::kHostEndpoint);
  EXPECT_EQ(rows[0].src.memory, MemoryKind::Device);
  EXPECT_EQ(rows[0].dst.device, 1);
  EXPECT_EQ(rows[1].copyKind, CopyKind::DtoH);
  EXPECT_EQ(rows[1].src.device, 0);
  EXPECT_EQ(rows[1].dst.device, format::kHostEndpoint);
}

TEST(StagedCopyDetector, OrdinaryHostCopiesPassThrough) {
  ObservedAggregator out;
  StagedCopyDetector detector(out);
  detector.add(atSite(1), copy(CopyKind::DtoH, MemoryKind::Device, MemoryKind::Pinned, 0, 64, 1));
  detector.add(atSite(1), copy(CopyKind::HtoD, MemoryKind::Pageable, MemoryKind::Device, 1, 64, 1));
  EXPECT_EQ(detector.pendingHalves(), 0u);
  EXPECT_EQ(out.rows().size(), 2u);
}

TEST(StagedCopyDetector, PendingHalvesAreBounded) {
  ObservedAggregator out;
  StagedCopyDetector detector(out);
  for (std::uint32_t i = 0; i < 5000; ++i)
    detector.add(atSite(1), stagedDtoH(0, 8, i));
  EXPECT_LE(detector.pendingHalves(), 4096u);
  detector.finish();
  const auto rows = out.rows();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].count, 5000u); // evicted halves are emitted, never dropped
}

} // namespace
} // namespace commledger::rt::test
