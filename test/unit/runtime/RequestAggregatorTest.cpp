// RequestAggregator: one row per request shape, equal API names merged across addresses.
#include "core/RequestAggregator.h"

#include "core/CapturedRequest.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

namespace commledger::rt {
namespace {

using format::MemoryKind;

RequestKey key(format::SiteId site, const char *api, int src, int dst) {
  RequestKey k;
  k.site = site;
  k.api = api;
  k.kind = 4; // cudaMemcpyDefault
  k.src = {src, MemoryKind::Device};
  k.dst = {dst, MemoryKind::Device};
  return k;
}

TEST(RequestAggregator, AggregatesPerShape) {
  RequestAggregator agg;
  for (int i = 0; i < 5; ++i) {
    agg.add(key(1, "cudaMemcpy", 0, 1), 100);
    agg.add(key(1, "cudaMemcpy", 1, 0), 100);
  }
  const auto rows = agg.rows();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].bytes, 500u);
  EXPECT_EQ(rows[0].count, 5u);
  EXPECT_EQ(rows[0].kind, "Default");
  EXPECT_EQ(rows[0].api, "cudaMemcpy");
  EXPECT_FALSE(rows[0].declaredSrcDevice);
}

TEST(RequestAggregator, EqualNamesAtDifferentAddressesMerge) {
  RequestAggregator agg;
  const std::string copyA = "cudaMemcpyPeer", copyB = "cudaMemcpyPeer";
  RequestKey a = key(2, copyA.c_str(), 0, 1), b = key(2, copyB.c_str(), 0, 1);
  a.kind = b.kind = kNoKind;
  a.declaredSrcDevice = b.declaredSrcDevice = 0;
  a.declaredDstDevice = b.declaredDstDevice = 1;
  agg.add(a, 10);
  agg.add(b, 10);
  const auto rows = agg.rows();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].count, 2u);
  EXPECT_EQ(rows[0].kind, "");
  EXPECT_EQ(*rows[0].declaredDstDevice, 1);
}

TEST(RequestAggregator, ConcurrentThreadsLoseNothing) {
  RequestAggregator agg;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&agg, t] {
      for (int i = 0; i < 10000; ++i)
        agg.add(key(static_cast<format::SiteId>(i % 3), "cudaMemcpyAsync", t, t), 1);
    });
  for (auto &thread : threads)
    thread.join();
  std::uint64_t total = 0;
  for (const auto &row : agg.rows())
    total += row.count;
  EXPECT_EQ(total, 40000u);
}

TEST(MemcpyKindName, NamesCudaKinds) {
  EXPECT_STREQ(memcpyKindName(0), "HostToHost");
  EXPECT_STREQ(memcpyKindName(4), "Default");
  EXPECT_STREQ(memcpyKindName(kNoKind), "");
}

} // namespace
} // namespace commledger::rt
