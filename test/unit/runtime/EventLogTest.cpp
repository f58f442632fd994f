// The event log: bounded by its capacity, attributed by the pipeline's resolver even when the
// correlation arrives late, raw CUPTI kinds (a staged copy stays two halves), off by default.
#include "core/EventLog.h"
#include "core/ObservationPipeline.h"

#include "FakeRecordSource.h"

#include <gtest/gtest.h>

namespace commledger::rt::test {
namespace {

constexpr std::uint64_t MiB = 1024 * 1024;

CopyRecord timed(CopyRecord r, std::uint64_t start, std::uint64_t end, std::uint32_t stream) {
  r.startNs = start;
  r.endNs = end;
  r.streamId = stream;
  return r;
}

TEST(EventLog, OffByDefaultAggregatesUnchanged) {
  ObservationPipeline pipeline;
  pipeline.onExternalCorrelation(1, 0xa);
  pipeline.onCopy(timed(peer(0, 1, MiB, 1), 100, 200, 7));
  const auto rows = pipeline.finish();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].bytes, MiB);
  EXPECT_FALSE(pipeline.events().enabled());
  EXPECT_TRUE(pipeline.events().rows().empty());
  EXPECT_EQ(pipeline.events().dropped(), 0u);
}

TEST(EventLog, KeepsTheFirstNAndCountsTheRest) {
  ObservationPipeline pipeline(3);
  // 5 copies of 1 MiB at one site: 3 kept, 2 dropped, all 5 in the aggregate.
  for (std::uint32_t id = 1; id <= 5; ++id) {
    pipeline.onExternalCorrelation(id, 0xa);
    pipeline.onCopy(timed(peer(0, 1, MiB, id), id * 1000, id * 1000 + 500, 7));
  }
  const auto rows = pipeline.finish();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].count, 5u);
  const auto events = pipeline.events().rows();
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(pipeline.events().dropped(), 2u);
  EXPECT_EQ(events[0].startNs, 1000);
  EXPECT_EQ(events[2].endNs, 3500);
  EXPECT_EQ(*events[0].site, 0xau);
  EXPECT_EQ(events[0].stream, 7u);
  EXPECT_EQ(events[0].src.device, 0);
  EXPECT_EQ(events[0].dst.device, 1);
}

TEST(EventLog, LateCorrelationAndStagedHalves) {
  ObservationPipeline pipeline(8);
  // A staged copy whose halves arrive before the correlation record (as in case 1.3).
  pipeline.onCopy(timed(stagedDtoH(0, MiB, 9), 10, 20, 13));
  pipeline.endOfBatch();
  pipeline.onCopy(timed(stagedHtoD(1, MiB, 9), 30, 40, 14));
  pipeline.onExternalCorrelation(9, 0xc);
  pipeline.endOfBatch();
  // A library copy no site issued: bucketed by its API, like its aggregate row.
  pipeline.onApi(10, "cudaMemcpy");
  pipeline.onCopy(timed(copy(CopyKind::HtoD, MemoryKind::Pageable, MemoryKind::Device, 0, 4, 10),
                        5, 6, 0));
  const auto rows = pipeline.finish();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1].copyKind, CopyKind::StagedPtoP);

  const auto events = pipeline.events().rows();
  ASSERT_EQ(events.size(), 3u); // sorted by start: the library copy, then the two halves
  EXPECT_FALSE(events[0].site);
  EXPECT_EQ(events[0].bucket, "cudaMemcpy");
  EXPECT_EQ(events[1].copyKind, CopyKind::DtoH);
  EXPECT_EQ(*events[1].site, 0xcu);
  EXPECT_EQ(events[1].device, 0);
  EXPECT_EQ(events[1].stream, 13u);
  EXPECT_EQ(events[2].copyKind, CopyKind::HtoD);
  EXPECT_EQ(*events[2].site, 0xcu);
  EXPECT_EQ(events[2].device, 1);
  EXPECT_TRUE(events[2].bucket.empty());
}

TEST(EventLog, UnattributedSlotFallsInUnknownBucket) {
  EventLog log(2);
  const std::uint32_t slot = log.admit(timed(peer(0, 1, MiB, 1), 1, 2, 3));
  EXPECT_EQ(slot, 0u);
  const auto events = log.rows();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].bucket, "unknown");
  log.attribute(EventLog::kNoSlot, atSite(0xa)); // ignored, not a crash
}

TEST(EventLog, CapacityFromEnvironmentText) {
  std::string error;
  EXPECT_EQ(EventLog::capacityFromText(nullptr, error), 0u);
  EXPECT_EQ(EventLog::capacityFromText("", error), 0u);
  EXPECT_EQ(EventLog::capacityFromText("0", error), 0u);
  EXPECT_EQ(EventLog::capacityFromText("64", error), 64u);
  EXPECT_EQ(EventLog::capacityFromText("99999999999999999999999", error), EventLog::kMaxEvents);
  EXPECT_TRUE(error.empty());
  EXPECT_EQ(EventLog::capacityFromText("-3", error), 0u);
  EXPECT_EQ(error, "COMMLEDGER_EVENTS='-3' is not a number of events");
}

} // namespace
} // namespace commledger::rt::test
