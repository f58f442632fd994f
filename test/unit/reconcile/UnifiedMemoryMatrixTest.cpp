// Observed unified-memory matrices per allocation and in total, prefetch and fault apart.
#include "commledger/reconcile/implicit/ImplicitTrafficBuilder.h"

#include <gtest/gtest.h>

using namespace commledger;
using namespace commledger::reconcile;

TEST(UnifiedMemoryMatrix, PerAllocationAndTotalWithCausesApart) {
  ReconcileInput input;
  LoadedTrace t;
  auto row = [](std::optional<format::SiteId> site, const char *counter, const char *cause, int src,
                int dst, std::uint64_t value) {
    format::UnifiedMemoryRow r;
    r.allocationSite = site;
    r.allocationBucket = site ? "" : "unknown";
    r.counter = counter;
    r.cause = cause;
    r.src = src;
    r.dst = dst;
    r.value = value;
    r.count = 1;
    return r;
  };
  t.trace.unifiedMemory = {row(7, "htod", "user", -1, 1, 100), row(7, "htod", "coherence", -1, 1, 30),
                           row(7, "dtod", "coherence", 1, 0, 50), row(7, "gpu_page_fault", "", 0, 0, 4),
                           row(std::nullopt, "dtoh", "coherence", 0, -1, 8)};
  input.traces.push_back(t);
  ImplicitTraffic out;
  out.deviceCount = 2;
  addObservedUnifiedMemory(input, out);
  ASSERT_EQ(out.unifiedMemory.size(), 2u);
  const UmAllocation &a = out.unifiedMemory[0];
  // [dst][src], host = index 0: H->G1 is [2][0], G1->G0 is [1][2].
  EXPECT_EQ(a.all.bytes[2][0], 130u);     // 100 prefetched + 30 faulted
  EXPECT_EQ(a.prefetch.bytes[2][0], 100u);
  EXPECT_EQ(a.fault.bytes[2][0], 30u);
  EXPECT_EQ(a.fault.bytes[1][2], 50u);
  EXPECT_EQ(a.events.at("gpu_page_fault"), 4u);
  EXPECT_EQ(out.umAll.bytes[2][0], 130u);
  EXPECT_EQ(out.umAll.bytes[0][1], 8u);   // G0->H from the unattributed address
  EXPECT_EQ(out.umPrefetch.bytes[1][2], 0u);
  EXPECT_EQ(out.unifiedMemory[1].label, "unknown");
}
