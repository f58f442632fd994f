// Per-communicator rings and trees from NCCL_DEBUG=INFO text. The lines are written by hand in
// the shapes of NCCL 2.28's format strings: prefix "%s:%d:%d " + "[%d] NCCL INFO %s\n"
// (src/debug.cc, ncclDebugLogV); "%s comm %p rank %d nranks %d cudaDev %d nvmlDev %d busId %lx
// commId 0x%llx - Init COMPLETE" and the split variant "... busId %lx parent %p childCount %d
// color %d key %d - Init COMPLETE" (src/init.cc, ncclCommInitRankFunc); "Trees" + " [%d]
// %d/%d/%d->%d->%d" per channel and "Ring %02d : %d -> %d -> %d" (src/init.cc,
// initTransportsRank); "Channel %02d/%02d :" + " %3d" per rank, rank 0 only (src/graph/rings.cc,
// ncclBuildRings / dumpLine).
#include "core/NcclDebugLog.h"

#include <gtest/gtest.h>

using namespace commledger::rt;

namespace {
using Rings = std::vector<std::vector<int>>;

// ncclCommInitAll on two GPUs: one process, one init thread per rank (tids 4250 and 4251),
// their lines interleaved in one file.
constexpr const char *kInitAll =
    "node1:4242:4242 [0] NCCL INFO Bootstrap: Using eth0:10.0.0.1<0>\n"
    "NCCL version 2.28.3+cuda13.0\n"
    "node1:4242:4250 [0] NCCL INFO [Rank 0] ncclCommInitAll comm 0x5581a0c3e2f0 rank 0 nranks 2 "
    "cudaDev 0 nvmlDev 0 busId 18000 commId 0x6a1b2c3d4e5f6071 - Init START\n"
    "node1:4242:4251 [1] NCCL INFO [Rank 1] ncclCommInitAll comm 0x5581a0d51a80 rank 1 nranks 2 "
    "cudaDev 1 nvmlDev 1 busId 2a000 commId 0x6a1b2c3d4e5f6071 - Init START\n"
    "node1:4242:4250 [0] NCCL INFO Channel 00/02 :    0   1\n"
    "node1:4242:4251 [1] NCCL INFO Trees [0] -1/-1/-1->1->0 [1] 0/-1/-1->1->-1\n"
    "node1:4242:4250 [0] NCCL INFO Channel 01/02 :    0   1\n"
    "node1:4242:4250 [0] NCCL INFO Trees [0] 1/-1/-1->0->-1 [1] -1/-1/-1->0->1\n"
    "node1:4242:4250 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM/read\n"
    "node1:4242:4251 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/CUMEM/read\n"
    "node1:4242:4251 [1] NCCL INFO ncclCommInitAll comm 0x5581a0d51a80 rank 1 nranks 2 cudaDev 1 "
    "nvmlDev 1 busId 2a000 commId 0x6a1b2c3d4e5f6071 - Init COMPLETE\n"
    "node1:4242:4250 [0] NCCL INFO ncclCommInitAll comm 0x5581a0c3e2f0 rank 0 nranks 2 cudaDev 0 "
    "nvmlDev 0 busId 18000 commId 0x6a1b2c3d4e5f6071 - Init COMPLETE\n"
    "node1:4242:4250 [0] NCCL INFO Init timings - ncclCommInitAll: rank 0 nranks 2 total 0.52 "
    "(kernels 0.20, alloc 0.01, bootstrap 0.00, allgathers 0.00, topo 0.10, graphs 0.00, "
    "connections 0.15, rest 0.06)\n";

std::string completeLine(const std::string &who, int dev, const std::string &comm, int rank,
                         int nranks, const std::string &tail) {
  return who + " [" + std::to_string(dev) + "] NCCL INFO ncclCommInitRank comm " + comm +
         " rank " + std::to_string(rank) + " nranks " + std::to_string(nranks) + " cudaDev " +
         std::to_string(dev) + " nvmlDev " + std::to_string(dev) + " busId 1b000 " + tail +
         " - Init COMPLETE\n";
}
} // namespace

TEST(NcclDebugLog, InitAllInOneFileGroupsRanksByThread) {
  NcclDebugLog log = parseNcclDebugLog(kInitAll);
  ASSERT_EQ(log.communicators.size(), 1u);
  const NcclCommunicatorTopology &c = log.communicators[0];
  EXPECT_EQ(c.key, "0x6a1b2c3d4e5f6071");
  EXPECT_EQ(c.nranks, 2);
  ASSERT_EQ(c.ranks.size(), 2u);
  EXPECT_EQ(c.ranks[0].comm, "0x5581a0c3e2f0");
  EXPECT_EQ(c.ranks[0].initFunction, "ncclCommInitAll");
  EXPECT_EQ(c.ranks[1].cudaDev, 1);
  EXPECT_EQ(c.ranks[1].busId, "2a000");
  EXPECT_EQ(c.ranks[1].tid, 4251);
  EXPECT_EQ(c.rings, (Rings{{0, 1}, {0, 1}}));
  // Channel 0: 0 is the root, 1 its child; channel 1 the mirror.
  EXPECT_EQ(c.treeParent, (Rings{{-1, 0}, {1, -1}}));
  EXPECT_EQ(c.ranks[0].trees[0].children, (std::vector<int>{1}));
  EXPECT_GE(log.linesIgnored, 4u); // bootstrap, version, two transport lines, timings
}

// One process per GPU, four processes appending to one file (or files concatenated): ranks meet
// by commId; only rank 0 wrote the rings.
TEST(NcclDebugLog, ProcessesMeetByCommId) {
  std::string text;
  const char *trees[4] = {"Trees [0] 2/-1/-1->0->-1", "Trees [0] -1/-1/-1->1->3",
                          "Trees [0] 3/-1/-1->2->0", "Trees [0] 1/-1/-1->3->2"};
  for (int r = 3; r >= 0; --r) {
    std::string who = "[2026-11-22 10:00:0" + std::to_string(r) + "] gpu" + std::to_string(r / 2) +
                      ":" + std::to_string(100 + r) + ":" + std::to_string(100 + r);
    if (r == 0)
      text += who + " [0] NCCL INFO Channel 00/01 :    0   2   1   3\n";
    text += who + " [" + std::to_string(r % 2) + "] NCCL INFO " + trees[r] + "\n";
    text += completeLine(who, r % 2, "0x7f00000" + std::to_string(r), r, 4, "commId 0xabc");
  }
  NcclDebugLog log = parseNcclDebugLog(text);
  ASSERT_EQ(log.communicators.size(), 1u);
  const NcclCommunicatorTopology &c = log.communicators[0];
  ASSERT_EQ(c.ranks.size(), 4u);
  EXPECT_EQ(c.ranks[2].host, "gpu1");
  EXPECT_EQ(c.ranks[2].pid, 102);
  EXPECT_EQ(c.rings, (Rings{{0, 2, 1, 3}}));
  EXPECT_EQ(c.treeParent, (Rings{{-1, 3, 0, 2}})); // chain 0 ← 2 ← 3 ← 1
}

TEST(NcclDebugLog, SplitChildIsKeyedByItsParent) {
  std::string text = completeLine("h:7:7", 0, "0x10", 0, 1, "commId 0x99") +
                     completeLine("h:7:7", 0, "0x20", 0, 1,
                                  "parent 0x10 childCount 1 color 5 key 0");
  NcclDebugLog log = parseNcclDebugLog(text);
  ASSERT_EQ(log.communicators.size(), 2u);
  EXPECT_EQ(log.communicators[1].key, "0x99/split1/color5");
  EXPECT_EQ(log.communicators[1].ranks[0].parent, "0x10");
}

TEST(NcclDebugLog, GraphRingLinesStandInForChannelLines) {
  // NCCL_DEBUG_SUBSYS=INIT,GRAPH without rank 0's Channel lines: successors 0→2→1→0.
  std::string text;
  int next[3] = {2, 0, 1};
  for (int r = 0; r < 3; ++r) {
    std::string who = "h:1:" + std::to_string(r + 10);
    text += who + " [0] NCCL INFO Ring 00 : " + std::to_string((r + 2) % 3) + " -> " +
            std::to_string(r) + " -> " + std::to_string(next[r]) + "\n";
    text += completeLine(who, r, "0x" + std::to_string(r + 1), r, 3, "commId 0x5");
  }
  NcclDebugLog log = parseNcclDebugLog(text);
  ASSERT_EQ(log.communicators.size(), 1u);
  EXPECT_EQ(log.communicators[0].rings, (Rings{{0, 2, 1}}));
  EXPECT_TRUE(log.communicators[0].treeParent.empty()); // no Trees lines
}

TEST(NcclDebugLog, TruncatedOrForeignLinesLeaveTopologyEmpty) {
  std::string text =
      "h:1:1 [0] NCCL INFO Channel 00/01 :    0   1   2\n"     // 3 of 4 ranks: cut at 128 chars
      "h:1:1 [0] NCCL INFO Trees [0] 1/-1/-1->2->-1\n"         // says rank 2, rank 0 completes
      + completeLine("h:1:1", 0, "0x1", 0, 4, "commId 0x7");
  NcclDebugLog log = parseNcclDebugLog(text);
  ASSERT_EQ(log.communicators.size(), 1u);
  EXPECT_TRUE(log.communicators[0].rings.empty());
  EXPECT_TRUE(log.communicators[0].ranks[0].trees.empty());
}

TEST(NcclDebugLog, GarbageNeverCrashes) {
  std::string junk = "\x01\xff NCCL INFO \n [0] NCCL INFO Channel 99/99 : x\n"
                     "a:b:c [x] NCCL INFO Trees [\n:1:2 [0] NCCL INFO comm rank nranks - Init "
                     "COMPLETE\nh:1:2 [0] NCCL INFO Trees [0] 1/2\nh:1:2 [0] NCCL INFO Channel "
                     "2000000/1 : 1\nh:1:2 [0] NCCL INFO x comm 0x1 rank 5 nranks 2 cudaDev 0 "
                     "nvmlDev 0 busId 0 commId 0x1 - Init COMPLETE\n";
  for (std::size_t cut = 0; cut <= junk.size(); ++cut) {
    NcclDebugLog log = parseNcclDebugLog(std::string_view(junk).substr(0, cut));
    EXPECT_TRUE(log.communicators.empty()); // rank 5 of 2 is refused too
  }
  EXPECT_TRUE(parseNcclDebugLog("").communicators.empty());
}
