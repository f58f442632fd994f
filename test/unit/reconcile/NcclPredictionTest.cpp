// NCCL per-pair predictions for n = 2…16: row sums, the open broadcast/reduce chains (thesis
// Figure 6.5), channel splits over different rings, trees, and the nccl-tests bus-bandwidth
// factors (busiest rank's sent bytes / S). Expected values are derived in the comments.
#include "commledger/reconcile/nccl/NcclPrediction.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace commledger::reconcile::nccl;

namespace {
constexpr double S = 1 << 20; // 1 MiB; a power of two so S/n·(n-1) stays near-exact

NcclCall call(NcclCollective c, int n, NcclAlgorithmChoice a = NcclAlgorithmChoice::Ring) {
  NcclCall k;
  k.collective = c;
  k.algorithm = a;
  k.nranks = n;
  k.bytes = S;
  return k;
}

double busiestSender(const NcclPrediction &p) {
  double most = 0;
  for (std::size_t r = 0; r < p.sent.size(); ++r)
    most = std::max(most, sentBy(p, static_cast<int>(r)));
  return most;
}

NcclTopology ringOf(std::vector<int> order) { return NcclTopology{{{std::move(order), {}}}}; }
} // namespace

// nccl-tests busBw = algBw × factor; the factor is what the busiest rank moves per byte of S.
TEST(NcclPrediction, BusBandwidthFactors) {
  for (int n = 2; n <= 16; ++n) {
    SCOPED_TRACE(n);
    NcclTopology none;
    double ring = (n - 1.0) / n;
    EXPECT_DOUBLE_EQ(busiestSender(predictNccl(call(NcclCollective::AllReduce, n), none)) / S,
                     2 * ring);
    EXPECT_DOUBLE_EQ(busiestSender(predictNccl(call(NcclCollective::AllGather, n), none)) / S,
                     ring);
    EXPECT_DOUBLE_EQ(
        busiestSender(predictNccl(call(NcclCollective::ReduceScatter, n), none)) / S, ring);
    EXPECT_DOUBLE_EQ(busiestSender(predictNccl(call(NcclCollective::Broadcast, n), none)) / S, 1);
    EXPECT_DOUBLE_EQ(busiestSender(predictNccl(call(NcclCollective::Reduce, n), none)) / S, 1);
    EXPECT_DOUBLE_EQ(busiestSender(predictNccl(call(NcclCollective::AlltoAll, n), none)) / S,
                     ring);
    NcclCall send = call(NcclCollective::Send, n);
    send.rank = 0;
    send.peer = n - 1;
    EXPECT_DOUBLE_EQ(busiestSender(predictNccl(send, none)) / S, 1);
    // Gather/scatter: the root receives (sends) (n-1)/n·S, nccl-tests' factor for them.
    NcclCall gather = call(NcclCollective::Gather, n);
    gather.root = n / 2;
    EXPECT_DOUBLE_EQ(receivedBy(predictNccl(gather, none), n / 2) / S, ring);
    NcclCall scatter = call(NcclCollective::Scatter, n);
    scatter.root = 1;
    EXPECT_DOUBLE_EQ(sentBy(predictNccl(scatter, none), 1) / S, ring);
  }
}

TEST(NcclPrediction, RingRowSumsAndSuccessor) {
  for (int n = 2; n <= 16; ++n) {
    SCOPED_TRACE(n);
    NcclPrediction p = predictNccl(call(NcclCollective::AllReduce, n), {});
    EXPECT_TRUE(p.topologyAssumed);
    EXPECT_FALSE(p.algorithmAssumed);
    double total = 0;
    for (int r = 0; r < n; ++r) {
      // 2(n-1)/n·S, all of it to the successor r+1 on the default ring.
      EXPECT_DOUBLE_EQ(sentBy(p, r), 2.0 * (n - 1) / n * S);
      EXPECT_DOUBLE_EQ(p.sent[r][(r + 1) % n], 2.0 * (n - 1) / n * S);
      EXPECT_EQ(p.sent[r][r], 0);
      total += sentBy(p, r);
    }
    EXPECT_DOUBLE_EQ(total, 2.0 * (n - 1) * S); // n ranks × 2(n-1)/n·S
  }
}

// Thesis Figure 6.5: broadcast from the root along the ring; nobody sends back to the root.
TEST(NcclPrediction, BroadcastIsAnOpenChainFromTheRoot) {
  for (int n = 2; n <= 16; ++n) {
    for (int root : {0, n - 1, n / 2}) {
      SCOPED_TRACE(testing::Message() << "n=" << n << " root=" << root);
      NcclCall c = call(NcclCollective::Broadcast, n);
      c.root = root;
      NcclPrediction p = predictNccl(c, {});
      int last = (root + n - 1) % n; // the root's ring predecessor ends the chain
      EXPECT_DOUBLE_EQ(receivedBy(p, root), 0);
      EXPECT_DOUBLE_EQ(sentBy(p, last), 0);
      for (int r = 0; r < n; ++r) {
        if (r != last) {
          EXPECT_DOUBLE_EQ(p.sent[r][(r + 1) % n], S);
        }
      }
      double total = 0;
      for (int r = 0; r < n; ++r)
        total += sentBy(p, r);
      EXPECT_DOUBLE_EQ(total, (n - 1) * S); // n-1 hops of S
    }
  }
}

TEST(NcclPrediction, ReduceIsAnOpenChainEndingAtTheRoot) {
  for (int n = 2; n <= 16; ++n) {
    int root = n / 3;
    SCOPED_TRACE(n);
    NcclCall c = call(NcclCollective::Reduce, n);
    c.root = root;
    NcclPrediction p = predictNccl(c, {});
    EXPECT_DOUBLE_EQ(sentBy(p, root), 0);                  // the chain ends at the root
    EXPECT_DOUBLE_EQ(receivedBy(p, (root + 1) % n), 0);    // and starts after it
    EXPECT_DOUBLE_EQ(receivedBy(p, root), n == 1 ? 0 : S); // from its predecessor
  }
}

// Two channels with different rings: each carries S/2 along its own ring.
TEST(NcclPrediction, ChannelsSplitEvenlyOverTheirRings) {
  NcclTopology t{{{{0, 1, 2, 3}, {}}, {{0, 2, 1, 3}, {}}}};
  NcclPrediction p = predictNccl(call(NcclCollective::AllGather, 4), t);
  EXPECT_FALSE(p.topologyAssumed);
  double hop = 3.0 / 4 * S / 2; // (n-1)/n of each channel's S/2
  EXPECT_DOUBLE_EQ(p.sent[0][1], hop);     // ring A
  EXPECT_DOUBLE_EQ(p.sent[0][2], hop);     // ring B
  EXPECT_DOUBLE_EQ(p.sent[3][0], 2 * hop); // both rings close 3 → 0
  EXPECT_DOUBLE_EQ(p.sent[1][3], hop);     // ring B
  EXPECT_DOUBLE_EQ(p.sent[1][2], hop);     // ring A
  EXPECT_DOUBLE_EQ(p.sent[1][0], 0);
  for (int r = 0; r < 4; ++r)
    EXPECT_DOUBLE_EQ(sentBy(p, r), 3.0 / 4 * S);

  // Broadcast from 1 over the same channels: ring A 1→2→3→0, ring B 1→3→0→2.
  NcclCall b = call(NcclCollective::Broadcast, 4);
  b.root = 1;
  NcclPrediction q = predictNccl(b, t);
  EXPECT_DOUBLE_EQ(q.sent[1][2], S / 2);
  EXPECT_DOUBLE_EQ(q.sent[1][3], S / 2);
  EXPECT_DOUBLE_EQ(q.sent[3][0], S);     // on both chains
  EXPECT_DOUBLE_EQ(q.sent[0][2], S / 2); // ring B's last hop
  EXPECT_DOUBLE_EQ(sentBy(q, 2), S / 2); // last on A, middle on B
  EXPECT_DOUBLE_EQ(receivedBy(q, 1), 0);
}

TEST(NcclPrediction, TreeAllReduceGoesUpAndDown) {
  // Channel 0: 0 root, children 1 and 2, 3 under 1. Channel 1: chain 3 → 2 → 1 → 0 rooted at 3.
  NcclTopology t{{{{0, 1, 2, 3}, {-1, 0, 0, 1}}, {{0, 1, 2, 3}, {1, 2, 3, -1}}}};
  NcclPrediction p = predictNccl(call(NcclCollective::AllReduce, 4, NcclAlgorithmChoice::Tree), t);
  EXPECT_FALSE(p.algorithmAssumed);
  double half = S / 2;
  EXPECT_DOUBLE_EQ(p.sent[1][0], 2 * half); // channel 0 up + channel 1 down (1 → 0)
  EXPECT_DOUBLE_EQ(p.sent[0][1], 2 * half); // channel 0 down + channel 1 up (0 → 1)
  EXPECT_DOUBLE_EQ(p.sent[0][2], half);
  EXPECT_DOUBLE_EQ(p.sent[3][1], half);
  // Rank 1 in channel 0: up to 0, down to 3; channel 1: up to 2, down to 0 → 4 × S/2.
  EXPECT_DOUBLE_EQ(sentBy(p, 1), 4 * half);
}

TEST(NcclPrediction, UnknownsFallBackToTheRingAndSaySo) {
  NcclPrediction u = predictNccl(call(NcclCollective::AllReduce, 4, NcclAlgorithmChoice::Unknown),
                                 ringOf({0, 3, 2, 1}));
  EXPECT_TRUE(u.algorithmAssumed);
  EXPECT_FALSE(u.topologyAssumed);
  EXPECT_DOUBLE_EQ(u.sent[0][3], 2.0 * 3 / 4 * S);
  EXPECT_NE(u.note.find("algorithm unknown"), std::string::npos);

  NcclPrediction t = predictNccl(call(NcclCollective::AllReduce, 4, NcclAlgorithmChoice::Tree),
                                 ringOf({0, 1, 2, 3}));
  EXPECT_TRUE(t.algorithmAssumed); // no trees known
  EXPECT_DOUBLE_EQ(t.sent[2][3], 2.0 * 3 / 4 * S);

  NcclPrediction bad = predictNccl(call(NcclCollective::AllGather, 4), ringOf({0, 1, 1, 3}));
  EXPECT_TRUE(bad.topologyAssumed);
  EXPECT_DOUBLE_EQ(bad.sent[0][1], 3.0 / 4 * S);
}

TEST(NcclPrediction, PointToPointAndBadArguments) {
  NcclCall recv = call(NcclCollective::Recv, 3);
  recv.rank = 2;
  recv.peer = 0;
  NcclPrediction r = predictNccl(recv, {});
  EXPECT_DOUBLE_EQ(r.sent[0][2], S); // the matching send's transfer, peer → rank
  EXPECT_DOUBLE_EQ(sentBy(r, 2), 0);

  NcclCall badRoot = call(NcclCollective::Broadcast, 3);
  badRoot.root = 3;
  NcclPrediction b = predictNccl(badRoot, {});
  EXPECT_FALSE(b.note.empty());
  EXPECT_DOUBLE_EQ(sentBy(b, 0) + sentBy(b, 1) + sentBy(b, 2), 0);
  EXPECT_TRUE(predictNccl(call(NcclCollective::AllReduce, 0), {}).sent.empty());
}
