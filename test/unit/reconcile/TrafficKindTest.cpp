// Classification of observed rows into traffic kinds and their matrix hops.
#include "commledger/reconcile/TrafficKind.h"

#include <gtest/gtest.h>

using namespace commledger;
using namespace commledger::reconcile;
using format::CopyKind;
using format::MemoryKind;

namespace {
format::ObservedRow row(CopyKind kind, int src, MemoryKind srcMem, int dst, MemoryKind dstMem) {
  format::ObservedRow r;
  r.copyKind = kind;
  r.src = {src, srcMem};
  r.dst = {dst, dstMem};
  r.bytes = 1000;
  r.count = 2;
  return r;
}
} // namespace

TEST(TrafficKind, PeerCopies) {
  EXPECT_EQ(classify(row(CopyKind::PtoP, 0, MemoryKind::Device, 1, MemoryKind::Device)),
            TrafficKind::P2PDirect);
  EXPECT_EQ(classify(row(CopyKind::DtoD, 0, MemoryKind::Device, 1, MemoryKind::Device)),
            TrafficKind::P2PDirect);
  EXPECT_EQ(classify(row(CopyKind::DtoD, 1, MemoryKind::Device, 1, MemoryKind::Device)),
            TrafficKind::D2DLocal);
}

TEST(TrafficKind, HostMemoryDecidesPinnedOrPageable) {
  EXPECT_EQ(classify(row(CopyKind::HtoD, -1, MemoryKind::Pinned, 0, MemoryKind::Device)),
            TrafficKind::H2DPinned);
  EXPECT_EQ(classify(row(CopyKind::HtoD, -1, MemoryKind::Pageable, 0, MemoryKind::Device)),
            TrafficKind::H2DPageable);
  EXPECT_EQ(classify(row(CopyKind::DtoH, 0, MemoryKind::Device, -1, MemoryKind::Pinned)),
            TrafficKind::D2HPinned);
  EXPECT_EQ(classify(row(CopyKind::DtoH, 0, MemoryKind::Device, -1, MemoryKind::Pageable)),
            TrafficKind::D2HPageable);
  EXPECT_EQ(classify(row(CopyKind::DtoH, 0, MemoryKind::Device, -1, MemoryKind::Managed)),
            TrafficKind::Other);
}

TEST(TrafficKind, OtherKinds) {
  EXPECT_EQ(classify(row(CopyKind::HtoH, -1, MemoryKind::Pinned, -1, MemoryKind::Pageable)),
            TrafficKind::Other);
  EXPECT_EQ(classify(row(CopyKind::HtoA, -1, MemoryKind::Pinned, 0, MemoryKind::Array)),
            TrafficKind::Other);
  EXPECT_EQ(classify(row(CopyKind::Unknown, 0, MemoryKind::Unknown, 0, MemoryKind::Unknown)),
            TrafficKind::Other);
}

TEST(TrafficKind, StagedPtoPBecomesTwoHopsWithThePayloadEach) {
  auto hops = toHops(row(CopyKind::StagedPtoP, 0, MemoryKind::Device, 1, MemoryKind::Device));
  ASSERT_EQ(hops.size(), 2u);
  EXPECT_EQ(hops[0].kind, TrafficKind::P2PStaged);
  EXPECT_EQ(hops[0].src, 0);
  EXPECT_EQ(hops[0].dst, -1);
  EXPECT_EQ(hops[1].src, -1);
  EXPECT_EQ(hops[1].dst, 1);
  EXPECT_EQ(hops[0].bytes, 1000u);
  EXPECT_EQ(hops[1].bytes, 1000u);
  EXPECT_EQ(hops[1].count, 2u);
}

TEST(TrafficKind, UnpairedStagedHalvesCrossTheHost) {
  auto toHost = row(CopyKind::DtoH, 1, MemoryKind::Device, 0, MemoryKind::Device);
  auto fromHost = row(CopyKind::HtoD, 1, MemoryKind::Device, 0, MemoryKind::Device);
  EXPECT_TRUE(isUnpairedStagedHalf(toHost));
  EXPECT_TRUE(isUnpairedStagedHalf(fromHost));
  EXPECT_EQ(classify(toHost), TrafficKind::P2PStaged);
  auto a = toHops(toHost), b = toHops(fromHost);
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0].src, 1);
  EXPECT_EQ(a[0].dst, -1);
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b[0].src, -1);
  EXPECT_EQ(b[0].dst, 0);
}

TEST(TrafficKind, MemsetSitsOnTheDiagonal) {
  auto hops = toHops(row(CopyKind::Memset, -1, MemoryKind::Unknown, 1, MemoryKind::Device));
  ASSERT_EQ(hops.size(), 1u);
  EXPECT_EQ(hops[0].kind, TrafficKind::Memset);
  EXPECT_EQ(hops[0].src, 1);
  EXPECT_EQ(hops[0].dst, 1);
}

TEST(TrafficKind, NamesRoundTrip) {
  for (TrafficKind kind : kAllTrafficKinds)
    EXPECT_EQ(trafficKindFromString(toString(kind)), kind);
  EXPECT_FALSE(trafficKindFromString("bogus"));
}
