// The join of NCCL profiler events (algorithm, protocol, channels per call) with the interposer's
// communicators and call rows: runtime/core/NcclAlgorithmLedger.h.
#include "core/NcclAlgorithmLedger.h"

#include <gtest/gtest.h>

using namespace commledger::rt;

namespace {
// NCCL's communicators are separate heap objects; the context slot sits at one fixed offset in
// each (&comm->profilerContext). 0x5a8 stands for that offset.
constexpr std::uintptr_t kOffset = 0x5a8;
constexpr std::uintptr_t kCommA = 0x7f0000100000, kCommB = 0x7f0000900000;

NcclProfiledCall coll(const char *func, std::uint64_t count, int root, const char *algo,
                      const char *proto, int channels) {
  NcclProfiledCall c;
  c.func = func;
  c.count = count;
  c.root = root;
  c.algorithm = algo;
  c.protocol = proto;
  c.channels = channels;
  return c;
}
} // namespace

TEST(NcclAlgorithmLedger, MapsInterposedApisToNcclFunctionNames) {
  EXPECT_EQ(ncclProfilerFuncOfApi("ncclAllReduce"), "AllReduce");
  EXPECT_EQ(ncclProfilerFuncOfApi("ncclBcast"), "Broadcast");
  EXPECT_EQ(ncclProfilerFuncOfApi("ncclReduceScatter"), "ReduceScatter");
  EXPECT_EQ(ncclProfilerFuncOfApi("ncclSend"), "Send");
  EXPECT_EQ(ncclProfilerFuncOfApi("ncclCommInitAll"), "");
}

TEST(NcclAlgorithmLedger, SlotOffsetIsTheOneThatPlacesMostContexts) {
  // Two communicators of the same shape (rank 0 of 2): each context also lies within reach of
  // the other communicator, but only kOffset places both contexts (2 votes against 1 each).
  std::vector<NcclCommAddress> comms = {{kCommA, 0, 2}, {kCommB, 0, 2}};
  std::vector<NcclProfilerContext> contexts = {{kCommA + kOffset, 11, 0, 2},
                                               {kCommB + kOffset, 22, 0, 2}};
  EXPECT_EQ(ncclContextSlotOffset(comms, contexts), kOffset);
  // A context whose rank differs from every communicator places nothing.
  EXPECT_EQ(ncclContextSlotOffset(comms, {{kCommA + kOffset, 11, 1, 2}}), std::nullopt);
  // One context, two candidate communicators at equal distance in votes: no claim.
  EXPECT_EQ(ncclContextSlotOffset(comms, {{kCommB + kOffset, 22, 0, 2}}), std::nullopt);
}

TEST(NcclAlgorithmLedger, JoinsEachCommunicatorsOwnEvents) {
  NcclAlgorithmLedger ledger;
  const std::size_t a = ledger.addContext({kCommA + kOffset, 11, 0, 2});
  const std::size_t b = ledger.addContext({kCommB + kOffset, 22, 0, 2});
  ledger.record(a, coll("AllReduce", 1 << 20, 0, "Ring", "Simple", 8));
  ledger.record(b, coll("AllReduce", 1 << 20, 0, "Tree", "LL128", 4));
  const std::vector<NcclCommAddress> comms = {{kCommA, 0, 2}, {kCommB, 0, 2}};
  // The interposer's AllReduce rows have root -1; NCCL's events say 0: root is ignored here.
  auto onA = ledger.lookup(comms, comms[0], "ncclAllReduce", 1 << 20, -1, -1);
  ASSERT_TRUE(onA);
  EXPECT_EQ(onA->algorithm, "Ring");
  EXPECT_EQ(onA->protocol, "Simple");
  EXPECT_EQ(onA->channels, 8);
  auto onB = ledger.lookup(comms, comms[1], "ncclAllReduce", 1 << 20, -1, -1);
  ASSERT_TRUE(onB);
  EXPECT_EQ(onB->algorithm, "Tree");
  EXPECT_EQ(onB->protocol, "LL128");
  EXPECT_EQ(onB->channels, 4);
  // Another count was never profiled.
  EXPECT_FALSE(ledger.lookup(comms, comms[0], "ncclAllReduce", 1 << 10, -1, -1));
}

TEST(NcclAlgorithmLedger, RootMattersForBroadcastAndPeerForSendRecv) {
  NcclAlgorithmLedger ledger;
  const std::size_t a = ledger.addContext({kCommA + kOffset, 11, 1, 2});
  ledger.record(a, coll("Broadcast", 4096, 1, "Ring", "LL", 2));
  NcclProfiledCall send;
  send.func = "Send";
  send.count = 4096;
  send.peer = 0;
  send.channels = 1;
  ledger.record(a, send);
  const std::vector<NcclCommAddress> comms = {{kCommA, 1, 2}};
  EXPECT_TRUE(ledger.lookup(comms, comms[0], "ncclBroadcast", 4096, 1, -1));
  EXPECT_FALSE(ledger.lookup(comms, comms[0], "ncclBroadcast", 4096, 0, -1));
  auto p2p = ledger.lookup(comms, comms[0], "ncclSend", 4096, -1, 0);
  ASSERT_TRUE(p2p);
  EXPECT_EQ(p2p->algorithm, ""); // P2P events carry no algorithm or protocol
  EXPECT_EQ(p2p->channels, 1);
  EXPECT_FALSE(ledger.lookup(comms, comms[0], "ncclSend", 4096, -1, 1));
}

TEST(NcclAlgorithmLedger, MixedChoicesAreListedAndChannelsDropped) {
  NcclAlgorithmLedger ledger;
  const std::size_t a = ledger.addContext({kCommA + kOffset, 11, 0, 2});
  ledger.record(a, coll("AllGather", 256, 0, "Ring", "LL", 2));
  ledger.record(a, coll("AllGather", 256, 0, "NVLS", "Simple", 16));
  ledger.record(a, coll("AllGather", 256, 0, "Ring", "LL", 2));
  const std::vector<NcclCommAddress> comms = {{kCommA, 0, 2}};
  auto r = ledger.lookup(comms, comms[0], "ncclAllGather", 256, -1, -1);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->algorithm, "NVLS,Ring");
  EXPECT_EQ(r->protocol, "LL,Simple");
  EXPECT_EQ(r->channels, 0);
}

TEST(NcclAlgorithmLedger, WithoutAnOffsetJoinsOnRankAndSize) {
  // The context lies beyond any plausible offset from the communicator (maxOffset 16 MiB), so
  // no offset is found and the call joins on (rank, nranks) alone.
  NcclAlgorithmLedger ledger;
  const std::size_t a = ledger.addContext({kCommA + (std::uintptr_t{1} << 30), 11, 0, 4});
  ledger.record(a, coll("ReduceScatter", 1024, 0, "PAT", "Simple", 4));
  const std::vector<NcclCommAddress> comms = {{kCommA, 0, 4}};
  auto r = ledger.lookup(comms, comms[0], "ncclReduceScatter", 1024, -1, -1);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->algorithm, "PAT");
  // A communicator of another size sees nothing of it.
  const NcclCommAddress other{kCommB, 0, 2};
  EXPECT_FALSE(ledger.lookup({other}, other, "ncclReduceScatter", 1024, -1, -1));
}
