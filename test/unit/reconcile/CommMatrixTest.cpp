// Matrix layout (host at 0, GPU k at k+1, row = receiver) and the "all" matrix's contents.
#include "commledger/reconcile/CommMatrix.h"

#include <gtest/gtest.h>

using namespace commledger::reconcile;

TEST(CommMatrix, LayoutFollowsComScribe) {
  CommMatrix m("all", 2);
  ASSERT_EQ(m.labels, (std::vector<std::string>{"H", "G0", "G1"}));
  m.add(Hop{TrafficKind::P2PDirect, 0, 1, 4096, 2});
  EXPECT_EQ(m.bytes[2][1], 4096u); // row G1 (receiver), column G0 (sender)
  EXPECT_EQ(m.counts[2][1], 2u);
  EXPECT_EQ(m.bytes[1][2], 0u);
  m.add(Hop{TrafficKind::H2DPinned, -1, 0, 10, 1});
  EXPECT_EQ(m.bytes[1][0], 10u);
  EXPECT_FALSE(m.empty());
  EXPECT_TRUE(CommMatrix("x", 2).empty());
}

TEST(CommMatrix, GrowsForAStrayDeviceRatherThanDropping) {
  CommMatrix m("all", 1);
  m.add(Hop{TrafficKind::P2PDirect, 0, 3, 7, 1});
  ASSERT_EQ(m.labels.size(), 5u);
  EXPECT_EQ(m.labels[4], "G3");
  EXPECT_EQ(m.bytes[4][1], 7u);
  EXPECT_EQ(m.bytes.size(), 5u);
  EXPECT_EQ(m.bytes[0].size(), 5u);
}

TEST(MatrixSet, KindMatricesAndAll) {
  MatrixSet set(2);
  ASSERT_EQ(set.matrices.size(), kAllTrafficKinds.size() + 1);
  set.add(Hop{TrafficKind::P2PStaged, 0, -1, 100, 1});
  set.add(Hop{TrafficKind::P2PStaged, -1, 1, 100, 1});
  set.add(Hop{TrafficKind::Memset, 1, 1, 50, 1});
  EXPECT_EQ(set.all().bytes[0][1], 100u);
  EXPECT_EQ(set.all().bytes[2][0], 100u);
  EXPECT_EQ(set.all().bytes[2][2], 0u); // memsets move nothing between endpoints
  EXPECT_EQ(set.of(TrafficKind::Memset).bytes[2][2], 50u);
  EXPECT_EQ(set.of(TrafficKind::P2PStaged).counts[2][0], 1u);
  EXPECT_TRUE(set.of(TrafficKind::P2PDirect).empty());
  EXPECT_EQ(set.of(TrafficKind::Other).name, "other");
}

TEST(CommMatrix, Labels) {
  EXPECT_EQ(endpointLabel(-1), "H");
  EXPECT_EQ(endpointLabel(3), "G3");
  EXPECT_EQ(pairLabel(0, 1), "G0\u2192G1");
  EXPECT_EQ(pairLabel(0, 1, true), "G0\u2192H\u2192G1");
}
