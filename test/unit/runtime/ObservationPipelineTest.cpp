// ObservationPipeline end to end on a fake record stream shaped like the GPU test programs.
#include "core/ObservationPipeline.h"

#include "FakeRecordSource.h"

#include <gtest/gtest.h>

namespace commledger::rt::test {
namespace {

constexpr std::uint64_t MiB = 1024 * 1024;

TEST(ObservationPipeline, PingPongStagedAndDuplex) {
  ObservationPipeline pipeline;
  std::uint32_t id = 1;
  // Case 1.1: 10 ping-pong copies, peer access on, site 0xa (even) and 0xb (odd).
  for (int i = 0; i < 10; ++i, ++id) {
    pipeline.onExternalCorrelation(id, i % 2 ? 0xb : 0xa);
    pipeline.onCopy(i % 2 ? peer(1, 0, MiB, id) : peer(0, 1, MiB, id));
  }
  // Case 1.3: staged copy whose correlation record comes after its halves.
  pipeline.onCopy(stagedDtoH(0, MiB, id));
  pipeline.endOfBatch();
  pipeline.onCopy(stagedHtoD(1, MiB, id));
  pipeline.onExternalCorrelation(id, 0xc);
  pipeline.endOfBatch();
  ++id;
  // Duplex mistake: the "GPU1→GPU0" copy reads GPU0's own buffer: DtoD on GPU0.
  pipeline.onExternalCorrelation(id, 0xd);
  pipeline.onCopy(copy(CopyKind::DtoD, MemoryKind::Device, MemoryKind::Device, 0, MiB, id));
  ++id;
  // A library-internal copy with no site.
  pipeline.onApi(id, "cudaMemcpy");
  pipeline.onCopy(copy(CopyKind::HtoD, MemoryKind::Pageable, MemoryKind::Device, 0, 4, id));

  const auto rows = pipeline.finish();
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[0].bucket, "cudaMemcpy");
  EXPECT_EQ(*rows[1].site, 0xau);
  EXPECT_EQ(rows[1].bytes, 5 * MiB); // 10 iterations / 2 directions × 1 MiB
  EXPECT_EQ(rows[1].count, 5u);
  EXPECT_EQ(*rows[2].site, 0xbu);
  EXPECT_EQ(rows[2].src.device, 1);
  EXPECT_EQ(*rows[3].site, 0xcu);
  EXPECT_EQ(rows[3].copyKind, CopyKind::StagedPtoP);
  EXPECT_EQ(rows[3].bytes, MiB);
  EXPECT_EQ(*rows[4].site, 0xdu);
  EXPECT_EQ(rows[4].src.device, 0);
  EXPECT_EQ(rows[4].dst.device, 0);
}

} // namespace
} // namespace commledger::rt::test
