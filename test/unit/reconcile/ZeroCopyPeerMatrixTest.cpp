// Per-GPU zero-copy/peer totals and the zero_copy_peer pair matrix, summed from launch link rows.
#include "commledger/reconcile/implicit/ImplicitTrafficBuilder.h"

#include <gtest/gtest.h>

using namespace commledger::reconcile;

namespace {
LaunchTraffic::Link link(const char *kind, int src, int dst, double wire,
                         std::optional<double> payload, bool pairKnown = true) {
  LaunchTraffic::Link l;
  l.link = kind;
  l.wireBytes = wire;
  l.payloadBytes = payload;
  l.src = src;
  l.dst = dst;
  l.pairKnown = pairKnown;
  return l;
}

LaunchTraffic launch(int device, std::vector<LaunchTraffic::Link> links) {
  LaunchTraffic l;
  l.device = device;
  l.links = std::move(links);
  return l;
}
} // namespace

TEST(ZeroCopyPeerMatrix, CalibratedRowsGivePayloadPerGpuAndPair) {
  ImplicitTraffic t;
  t.deviceCount = 2;
  t.calibration = "profile.json";
  // G0 reads 100 B from the host (wire 110) twice over two launches, writes 50 B to G1 (wire 60);
  // G1 reads 30 B from G0 (wire 40). A launch without links (far side) adds nothing.
  t.launches = {launch(0, {link("pcie_read", -1, 0, 55, 50), link("nvlink_write", 0, 1, 60, 50)}),
                launch(0, {link("pcie_read", -1, 0, 55, 50)}),
                launch(1, {link("nvlink_read", 0, 1, 40, 30)}), launch(1, {})};
  addZeroCopyPeer(t);
  ASSERT_EQ(t.zeroCopyPerGpu.size(), 2u);
  const GpuZeroCopyPeer &g0 = t.zeroCopyPerGpu[0], &g1 = t.zeroCopyPerGpu[1];
  EXPECT_EQ(g0.device, 0);
  EXPECT_DOUBLE_EQ(g0.hostRead.wireBytes, 110); // 55 + 55
  EXPECT_DOUBLE_EQ(*g0.hostRead.payloadBytes, 100); // 50 + 50
  EXPECT_DOUBLE_EQ(*g0.peerWrite.payloadBytes, 50);
  EXPECT_DOUBLE_EQ(*g0.hostWrite.payloadBytes, 0);
  EXPECT_DOUBLE_EQ(*g1.peerRead.payloadBytes, 30);
  EXPECT_EQ(t.zeroCopyPeerBasis, "payload");
  // [dst][src], host = index 0: H→G0 is [1][0] = 100; G0→G1 is [2][1] = 80 = G0's 50 B peer
  // write + G1's 30 B peer read from G0.
  EXPECT_EQ(t.zeroCopyPeer.labels, (std::vector<std::string>{"H", "G0", "G1"}));
  EXPECT_EQ(t.zeroCopyPeer.bytes,
            (std::vector<std::vector<std::uint64_t>>{{0, 0, 0}, {100, 0, 0}, {0, 80, 0}}));
  EXPECT_EQ(t.zeroCopyUnplaced, 0u);
}

TEST(ZeroCopyPeerMatrix, OneUncalibratedRowMakesTheMatrixWire) {
  ImplicitTraffic t;
  t.deviceCount = 3;
  t.calibration = "profile.json";
  // The profile has no ratio for G0→G2: the whole matrix falls back to wire bytes so that its
  // cells share one unit; that GPU's payload total is unknown.
  t.launches = {launch(0, {link("pcie_write", 0, -1, 70, 64),
                           link("nvlink_write", 0, 2, 90, std::nullopt)})};
  addZeroCopyPeer(t);
  EXPECT_EQ(t.zeroCopyPeerBasis, "wire");
  EXPECT_EQ(t.zeroCopyPeer.bytes[0][1], 70u); // G0→H, wire
  EXPECT_EQ(t.zeroCopyPeer.bytes[3][1], 90u); // G0→G2, wire
  EXPECT_DOUBLE_EQ(*t.zeroCopyPerGpu[0].hostWrite.payloadBytes, 64);
  EXPECT_FALSE(t.zeroCopyPerGpu[0].peerWrite.payloadBytes);
}

TEST(ZeroCopyPeerMatrix, LinkMixingSeveralPeersIsCountedPerGpuButPlacedInNoCell) {
  ImplicitTraffic t;
  t.deviceCount = 3;
  // G0 reads from G1 and G2 in one kernel: one nvlrx counter for both, so no pair is known.
  t.launches = {launch(0, {link("nvlink_read", 2, 0, 500, std::nullopt, false)})};
  addZeroCopyPeer(t);
  EXPECT_EQ(t.zeroCopyPeerBasis, "wire"); // uncalibrated report
  EXPECT_DOUBLE_EQ(t.zeroCopyPerGpu[0].peerRead.wireBytes, 500);
  EXPECT_EQ(t.zeroCopyUnplaced, 500u);
  for (const auto &row : t.zeroCopyPeer.bytes)
    for (std::uint64_t cell : row)
      EXPECT_EQ(cell, 0u);
}
