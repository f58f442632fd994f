// The API-enter callback's rule and its hand-over: a call's correlation id maps to the thread's
// innermost site, or without one to the API the program called (not the driver call cudart makes
// underneath with the same id); the pipeline then attributes the copy records carrying it.
#include "core/CallCorrelations.h"
#include "core/ObservationPipeline.h"

#include "FakeRecordSource.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace commledger::rt::test {
namespace {

constexpr std::uint64_t MiB = 1024 * 1024;

TEST(CallCorrelations, SiteCallsMapToTheInnermostSite) {
  CallCorrelationInbox inbox;
  SiteStack stack;
  std::uint32_t last = 0;
  stack.push(0xa);
  noteCall(inbox, stack, last, 7, "cudaMemcpyPeer"); // runtime callback
  noteCall(inbox, stack, last, 7, "cuMemcpyPeer");   // driver callback underneath: same id
  stack.push(0xb);
  noteCall(inbox, stack, last, 8, "cudaMemcpy");
  std::vector<CallCorrelation> calls;
  inbox.takeAll(calls);
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(calls[0].correlationId, 7u);
  EXPECT_EQ(calls[0].api, nullptr);
  EXPECT_EQ(calls[0].site, 0xau);
  EXPECT_EQ(calls[1].site, 0xbu);
  inbox.takeAll(calls);
  EXPECT_TRUE(calls.empty()); // taken once
}

TEST(CallCorrelations, CallsWithoutASiteAreNamedByTheOuterApi) {
  CallCorrelationInbox inbox;
  SiteStack stack;
  std::uint32_t last = 0;
  noteCall(inbox, stack, last, 3, "cudaMemcpyAsync");
  noteCall(inbox, stack, last, 3, "cuMemcpyHtoDAsync");
  noteCall(inbox, stack, last, 4, "cuMemsetD8"); // the program called the driver directly
  // Past the stack's capacity the innermost site is not stored: named, never a wrong site.
  for (unsigned i = 0; i <= SiteStack::kCapacity; ++i)
    stack.push(0x100 + i);
  noteCall(inbox, stack, last, 5, "cudaMemcpy");
  std::vector<CallCorrelation> calls;
  inbox.takeAll(calls);
  ASSERT_EQ(calls.size(), 3u);
  EXPECT_STREQ(calls[0].api, "cudaMemcpyAsync");
  EXPECT_STREQ(calls[1].api, "cuMemsetD8");
  EXPECT_STREQ(calls[2].api, "cudaMemcpy");
}

TEST(CallCorrelations, DeliveredCallsAttributeRecords) {
  CallCorrelationInbox inbox;
  ObservationPipeline pipeline;
  SiteStack stack;
  std::uint32_t last = 0;
  // Site 0xc: a staged peer copy, two 1 MiB halves with the call's id 1 → one StagedPtoP.
  stack.push(0xc);
  noteCall(inbox, stack, last, 1, "cudaMemcpyPeer");
  stack.pop();
  // No site: a 4-byte pageable H2D copy, bucketed under the runtime API's name.
  noteCall(inbox, stack, last, 2, "cudaMemcpy");
  noteCall(inbox, stack, last, 2, "cuMemcpyHtoD");
  inbox.deliverTo(pipeline);
  pipeline.onCopy(stagedDtoH(0, MiB, 1));
  pipeline.onCopy(stagedHtoD(1, MiB, 1));
  pipeline.onCopy(copy(CopyKind::HtoD, MemoryKind::Pageable, MemoryKind::Device, 0, 4, 2));
  const auto rows = pipeline.finish();
  ASSERT_EQ(rows.size(), 2u); // unattributed rows sort first
  EXPECT_EQ(rows[0].bucket, "cudaMemcpy");
  EXPECT_EQ(rows[0].bytes, 4u);
  EXPECT_EQ(*rows[1].site, 0xcu);
  EXPECT_EQ(rows[1].copyKind, CopyKind::StagedPtoP);
  EXPECT_EQ(rows[1].bytes, MiB);
  EXPECT_EQ(rows[1].count, 1u);
}

TEST(CallCorrelations, ShardDropsItsOldestHalfAtTheLimit) {
  CallCorrelationInbox inbox(4);
  SiteStack stack;
  std::uint32_t last = 0;
  // Limit 4: the 5th call drops calls 1-2 (the oldest 4/2), leaving 3, 4, 5.
  for (std::uint32_t id = 1; id <= 5; ++id)
    noteCall(inbox, stack, last, id, "cudaMemcpy");
  std::vector<CallCorrelation> calls;
  inbox.takeAll(calls);
  ASSERT_EQ(calls.size(), 3u);
  EXPECT_EQ(calls[0].correlationId, 3u);
  EXPECT_EQ(calls[2].correlationId, 5u);
}

TEST(CallCorrelations, ThreadsNoteConcurrentlyNothingLost) {
  CallCorrelationInbox inbox;
  constexpr int kThreads = 8, kCalls = 1000;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&inbox, t] {
      SiteStack stack;
      std::uint32_t last = 0;
      stack.push(static_cast<format::SiteId>(t + 1));
      for (int i = 0; i < kCalls; ++i)
        noteCall(inbox, stack, last, static_cast<std::uint32_t>(t * kCalls + i + 1), "x");
    });
  for (std::thread &thread : threads)
    thread.join();
  std::vector<CallCorrelation> calls;
  inbox.takeAll(calls);
  ASSERT_EQ(calls.size(), static_cast<std::size_t>(kThreads * kCalls)); // 8 × 1000
  for (const CallCorrelation &call : calls) // ids t*1000+1 .. t*1000+1000 belong to site t+1
    EXPECT_EQ(call.site, (call.correlationId - 1) / kCalls + 1);
}

} // namespace
} // namespace commledger::rt::test
