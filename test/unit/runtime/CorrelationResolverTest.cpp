// CorrelationResolver: records meet their site whichever arrives first; the rest are bucketed.
#include "core/CorrelationResolver.h"

#include "FakeRecordSource.h"

#include <gtest/gtest.h>

#include <vector>

namespace commledger::rt::test {
namespace {

struct Collected {
  std::vector<std::pair<Attribution, CopyRecord>> records;
  CorrelationResolver resolver{[this](const Attribution &who, const CopyRecord &r) {
    records.push_back({who, r});
  }};
};

TEST(CorrelationResolver, CorrelationFirstResolvesImmediately) {
  Collected c;
  c.resolver.onExternalCorrelation(10, 0xabc);
  c.resolver.onCopy(peer(0, 1, 8, 10));
  ASSERT_EQ(c.records.size(), 1u);
  EXPECT_EQ(c.records[0].first.site, 0xabcu);
}

TEST(CorrelationResolver, RuntimeCorrelationIdAlsoMatches) {
  Collected c;
  c.resolver.onExternalCorrelation(3, 0x1); // the runtime API record's id
  c.resolver.onCopy(copy(CopyKind::HtoD, MemoryKind::Pinned, MemoryKind::Device, 0, 8, 4, 3));
  ASSERT_EQ(c.records.size(), 1u);
  EXPECT_EQ(c.records[0].first.site, 0x1u);
}

TEST(CorrelationResolver, LateCorrelationResolvesAtDrain) {
  Collected c;
  c.resolver.onCopy(peer(0, 1, 8, 20));
  EXPECT_EQ(c.resolver.waiting(), 1u);
  c.resolver.onExternalCorrelation(20, 0x2);
  c.resolver.drain();
  ASSERT_EQ(c.records.size(), 1u);
  EXPECT_EQ(c.records[0].first.site, 0x2u);
}

TEST(CorrelationResolver, OneCorrelationServesSeveralRecords) {
  Collected c;
  c.resolver.onExternalCorrelation(30, 0x3);
  c.resolver.onCopy(stagedDtoH(0, 8, 30));
  c.resolver.onCopy(stagedHtoD(1, 8, 30));
  ASSERT_EQ(c.records.size(), 2u);
  EXPECT_EQ(c.records[1].first.site, 0x3u);
}

TEST(CorrelationResolver, NamedCallsBucketAtOnceUnknownAtFinish) {
  Collected c;
  c.resolver.onApi(40, "cudaMemcpyAsync"); // noted by the callback: ran without a site
  c.resolver.onApi(41, nullptr);           // not a copy API: names no bucket
  // Correlation 41 is unnamed, runtime correlation 40 named: bucketed now, nothing to wait for.
  c.resolver.onCopy(copy(CopyKind::DtoD, MemoryKind::Device, MemoryKind::Device, 0, 8, 41, 40));
  // Correlation 42 was never noted (an API the callback does not trace): waits until finish.
  c.resolver.onCopy(copy(CopyKind::DtoD, MemoryKind::Device, MemoryKind::Device, 0, 8, 42));
  c.resolver.drain();
  ASSERT_EQ(c.records.size(), 1u);
  EXPECT_FALSE(c.records[0].first.site);
  EXPECT_EQ(c.records[0].first.bucket, "cudaMemcpyAsync");
  EXPECT_EQ(c.resolver.waiting(), 1u);
  c.resolver.finish();
  ASSERT_EQ(c.records.size(), 2u);
  EXPECT_FALSE(c.records[1].first.site);
  EXPECT_EQ(c.records[1].first.bucket, "unknown");
}

TEST(CorrelationResolver, WaitingRecordsAreBoundedNotDropped) {
  Collected c;
  const std::size_t n = CorrelationResolver::kMaxPending + 10;
  for (std::size_t i = 0; i < n; ++i)
    c.resolver.onCopy(peer(0, 1, 1, static_cast<std::uint32_t>(i + 1)));
  EXPECT_EQ(c.resolver.waiting(), CorrelationResolver::kMaxPending);
  c.resolver.finish();
  EXPECT_EQ(c.records.size(), n);
}

} // namespace
} // namespace commledger::rt::test
