// The report's NCCL rows from hand-made traces: per-pair predictions over the
// communicator's GPUs, kernels matched through launch sites, ranks joined
// across processes, hosts, counters, verdicts.
#include "commledger/reconcile/ReportBuilder.h"
#include "commledger/reconcile/nccl/NcclCommunicators.h"

#include <gtest/gtest.h>

using namespace commledger;
using namespace commledger::reconcile;
using nccl::NcclSiteRow;
using nccl::NcclVerdict;

namespace {
constexpr std::uint64_t kMiB = 1048576;
constexpr format::SiteId kAllReduce = 0x10, kSend = 0x20, kRecv = 0x21,
                         kGroupEnd = 0x22, kBroadcast = 0x30;
const char *const kRingKernel = "_Z39ncclDevKernel_AllReduce_Sum_f32_RING_"
                                "LL24ncclDevKernelArgsStorageILm4096EE";
const char *const kSendRecvKernel =
    "_Z22ncclDevKernel_SendRecv24ncclDevKernelArgsStorageILm4096EE";

format::Site ncclSite(format::SiteId id, const std::string &api,
                      unsigned line) {
  format::Site s;
  s.instrumented = true;
  s.id = id;
  s.file = "prog.cu";
  s.line = line;
  s.column = 5;
  s.api = api;
  s.family = format::SiteFamily::Nccl;
  return s;
}

// One call row of rank `rank` (on device `rank`) of the 2-rank communicator
// "c1", float32.
format::NcclCallRow call(format::SiteId site, const std::string &api, int rank,
                         std::uint64_t elements, format::SiteId launch,
                         int root = -1, int peer = -1) {
  format::NcclCallRow r;
  r.site = site;
  r.api = api;
  r.commId = "c1";
  r.rank = rank;
  r.nranks = 2;
  r.device = rank;
  r.elements = elements;
  r.datatypeBytes = 4;
  r.root = root;
  r.peer = peer;
  r.launchSite = launch;
  r.calls = 1;
  r.bytes = elements * 4;
  return r;
}

format::KernelRow kernel(format::SiteId site, const char *name, int device) {
  return format::KernelRow{site, "", name, device, 1, 1000};
}

format::NcclCommRow comm(int rank, bool rings) {
  format::NcclCommRow c;
  c.commId = "c1";
  c.rank = rank;
  c.nranks = 2;
  c.device = rank;
  if (rings)
    c.rings = {{0, 1}, {0, 1}};
  return c;
}

// One process per rank, as nccl-procs: trace r holds rank r only.
LoadedTrace rankTrace(int rank, const std::string &host = "vm") {
  LoadedTrace t;
  t.path = "trace-rank" + std::to_string(rank) + ".json";
  t.trace.process.host = host;
  t.trace.cuptiActive = true;
  t.trace.devices = {{rank, "H200", "", ""}};
  t.trace.ncclComms = {comm(rank, rank == 0)};
  return t;
}

const NcclSiteRow *rowOf(const Report &r, format::SiteId id) {
  for (const NcclSiteRow &row : r.nccl.sites)
    if (row.id == id)
      return &row;
  return nullptr;
}

std::uint64_t pairBytes(const NcclSiteRow &row, int src, int dst) {
  for (const nccl::NcclPair &p : row.predicted)
    if (p.src == src && p.dst == dst)
      return p.bytes;
  return 0;
}

ReconcileInput allReduceProcs(const std::string &host1 = "vm") {
  ReconcileInput in;
  in.sites.sites = {ncclSite(kAllReduce, "ncclAllReduce", 10)};
  for (int r = 0; r < 2; ++r) {
    LoadedTrace t = rankTrace(r, r == 0 ? "vm" : host1);
    // S = 1 MiB of float32: count = 262144 elements.
    t.trace.ncclCalls = {
        call(kAllReduce, "ncclAllReduce", r, 262144, kAllReduce)};
    t.trace.kernels = {kernel(kAllReduce, kRingKernel, r)};
    in.traces.push_back(t);
  }
  return in;
}
} // namespace

TEST(NcclReport, AllReduceAcrossProcessesJoinsByCommId) {
  Report r = buildReport(allReduceProcs());
  const NcclSiteRow *row = rowOf(r, kAllReduce);
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->nranks, 2);
  EXPECT_EQ(row->ranksTraced, 2u);
  EXPECT_EQ(row->calls, 2u);      // one per rank
  EXPECT_EQ(row->operations, 1u); // one all-reduce
  EXPECT_EQ(row->size, kMiB);
  // Ring, n = 2: each rank sends 2(n-1)/n·S = S to its successor.
  EXPECT_EQ(pairBytes(*row, 0, 1), kMiB);
  EXPECT_EQ(pairBytes(*row, 1, 0), kMiB);
  EXPECT_EQ(row->predictedTotal, 2 * kMiB);
  // RING_LL is a default build's shared kernel: not proof of the ring.
  EXPECT_EQ(row->algorithm, "unknown (ring assumed)");
  EXPECT_EQ(row->protocol, "unknown");
  EXPECT_EQ(row->verdict, NcclVerdict::AlgorithmUnknown);
  EXPECT_EQ(row->kernelCount, 2u); // one kernel per GPU
  // The report's "nccl" matrix ([dst][src], index 0 = host) and "all" include
  // the pairs.
  const CommMatrix *ncclMatrix = nullptr;
  for (const CommMatrix &m : r.matrices)
    if (m.name == "nccl")
      ncclMatrix = &m;
  ASSERT_NE(ncclMatrix, nullptr);
  EXPECT_EQ(ncclMatrix->bytes[2][1], kMiB);
  EXPECT_EQ(ncclMatrix->bytes[1][2], kMiB);
  EXPECT_EQ(ncclMatrix->counts[2][1], 1u);
  EXPECT_EQ(r.matrices.front().bytes[2][1], kMiB);
  ASSERT_EQ(r.nccl.matrices.size(), 1u);
  EXPECT_EQ(r.nccl.matrices[0].name, "nccl_all_reduce");
}

TEST(NcclReport, GroupedSendRecvShareTheGroupKernelAndCountOnce) {
  ReconcileInput in;
  in.sites.sites = {ncclSite(kSend, "ncclSend", 20),
                    ncclSite(kRecv, "ncclRecv", 21),
                    ncclSite(kGroupEnd, "ncclGroupEnd", 22)};
  LoadedTrace t = rankTrace(0);
  t.trace.devices = {{0, "H200", "", ""}, {1, "H200", "", ""}};
  t.trace.ncclComms = {comm(0, true), comm(1, false)};
  // Ring exchange of 256 KiB = 65536 floats: rank r sends to and receives from
  // the other rank.
  for (int r = 0; r < 2; ++r) {
    t.trace.ncclCalls.push_back(
        call(kSend, "ncclSend", r, 65536, kGroupEnd, -1, 1 - r));
    t.trace.ncclCalls.push_back(
        call(kRecv, "ncclRecv", r, 65536, kGroupEnd, -1, 1 - r));
    t.trace.kernels.push_back(kernel(kGroupEnd, kSendRecvKernel, r));
  }
  in.traces = {t};
  Report r = buildReport(in);
  ASSERT_EQ(r.nccl.sites.size(), 2u); // ncclGroupEnd moves no data: no row
  const NcclSiteRow *send = rowOf(r, kSend), *recv = rowOf(r, kRecv);
  ASSERT_TRUE(send && recv);
  EXPECT_EQ(pairBytes(*send, 0, 1), 262144u);
  EXPECT_EQ(pairBytes(*send, 1, 0), 262144u);
  EXPECT_EQ(pairBytes(*recv, 0, 1), 262144u); // peer → rank: the same transfers
  EXPECT_EQ(send->algorithm, "direct");
  EXPECT_EQ(send->verdict, NcclVerdict::Observed);
  ASSERT_EQ(send->kernels.size(), 2u);
  EXPECT_EQ(send->kernels[0].sharedBy,
            2u); // the group's kernel carries both sites
  // Only the Send reaches the matrices: 256 KiB each way, not twice that.
  EXPECT_EQ(r.matrices.front().bytes[2][1], 262144u);
  EXPECT_EQ(r.matrices.front().bytes[1][2], 262144u);
}

TEST(NcclReport, BroadcastWithoutKernelsIsNotObservedAndAnOpenChain) {
  ReconcileInput in;
  in.sites.sites = {ncclSite(kBroadcast, "ncclBroadcast", 30)};
  for (int r = 0; r < 2; ++r) {
    LoadedTrace t = rankTrace(r);
    t.trace.ncclCalls = {
        call(kBroadcast, "ncclBroadcast", r, 262144, kBroadcast, 0)};
    in.traces.push_back(t);
  }
  Report r = buildReport(in);
  const NcclSiteRow *row = rowOf(r, kBroadcast);
  ASSERT_NE(row, nullptr);
  // Open chain from root 0, n = 2: G0→G1 S = 1 MiB, nothing back.
  EXPECT_EQ(pairBytes(*row, 0, 1), kMiB);
  EXPECT_EQ(pairBytes(*row, 1, 0), 0u);
  EXPECT_EQ(row->algorithm, "RING"); // NCCL has only the ring for broadcast
  EXPECT_EQ(row->verdict, NcclVerdict::NotObserved);
  ASSERT_EQ(row->perGpu.size(), 2u);
  EXPECT_EQ(row->perGpu[0].predictedSent, kMiB);
  EXPECT_EQ(row->perGpu[1].predictedReceived, kMiB);
  EXPECT_FALSE(row->perGpu[0].nvlinkTx);
}

TEST(NcclReport, MissingRankIsReportedAndWarned) {
  ReconcileInput in = allReduceProcs();
  in.traces.pop_back(); // rank 1's trace not given
  Report r = buildReport(in);
  const NcclSiteRow *row = rowOf(r, kAllReduce);
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->ranksTraced, 1u);
  EXPECT_EQ(row->verdict, NcclVerdict::RanksMissing);
  EXPECT_TRUE(
      row->predicted.empty()); // every pair has the unknown GPU at one end
  bool warned = false;
  for (const std::string &w : r.warnings)
    warned =
        warned || w.find("rank 1 of 2 is in no trace") != std::string::npos;
  EXPECT_TRUE(warned);
}

TEST(NcclReport, SeveralHostsKeyGpusByHostAndDevice) {
  ReconcileInput in = allReduceProcs("nodeB");
  in.traces[0].trace.process.host = "nodeA";
  in.traces[1].trace.devices = {{0, "H200", "", ""}};
  in.traces[1].trace.ncclComms[0].device = 0;
  in.traces[1].trace.ncclCalls[0].device = 0;
  in.traces[1].trace.kernels[0].device = 0;
  Report r = buildReport(in);
  ASSERT_EQ(r.nccl.gpus.size(), 2u);
  EXPECT_EQ(r.nccl.gpus[0].label, "nodeA:G0");
  EXPECT_EQ(r.nccl.gpus[1].label, "nodeB:G0");
  const NcclSiteRow *row = rowOf(r, kAllReduce);
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(pairBytes(*row, 0, 1), kMiB);
  EXPECT_EQ(r.nccl.matrices[0].labels[2], "nodeB:G0");
  EXPECT_EQ(r.nccl.matrices[0].bytes[2][1], kMiB);
  // The report's own matrices key GPUs by device only: NCCL stays out of them,
  // with a warning.
  EXPECT_TRUE(r.matrices.front().empty());
  EXPECT_FALSE(r.warnings.empty());
}

TEST(NcclReport, CountersGiveNvlinkBytesPerGpu) {
  ReconcileInput in = allReduceProcs();
  in.traces[0].trace.counters = {
      format::CounterRow{kAllReduce, "", kRingKernel, 0, "nvltx__bytes.sum",
                         1.25e6, 10},
      format::CounterRow{kAllReduce, "", kRingKernel, 0, "nvlrx__bytes.sum",
                         1.5e6, 10},
      format::CounterRow{kAllReduce, "", "otherKernel", 0, "nvltx__bytes.sum",
                         9e9, 10}};
  Report r = buildReport(in);
  const NcclSiteRow *row = rowOf(r, kAllReduce);
  ASSERT_NE(row, nullptr);
  EXPECT_TRUE(row->counters);
  ASSERT_EQ(row->perGpu.size(), 2u);
  ASSERT_TRUE(row->perGpu[0].nvlinkTx && row->perGpu[0].nvlinkRx);
  EXPECT_DOUBLE_EQ(*row->perGpu[0].nvlinkTx,
                   1.25e6); // the other kernel's row is not this site's
  EXPECT_DOUBLE_EQ(*row->perGpu[0].nvlinkRx, 1.5e6);
  EXPECT_EQ(row->perGpu[0].predictedSent, kMiB);
  EXPECT_FALSE(row->perGpu[1].nvlinkTx); // rank 1's trace had no counters
}

TEST(NcclReport, NoRingsInAnyTraceFallsBackAndSaysSo) {
  ReconcileInput in = allReduceProcs();
  in.traces[0].trace.ncclComms[0].rings.clear();
  Report r = buildReport(in);
  const NcclSiteRow *row = rowOf(r, kAllReduce);
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(pairBytes(*row, 0, 1),
            kMiB); // n = 2: the fallback ring 0,1 is the only ring
  bool said = false;
  for (const std::string &note : row->notes)
    said = said || note.find("no rings in any trace") != std::string::npos;
  EXPECT_TRUE(said);
}

TEST(NcclTopology, TreesNeedEveryRanksLine) {
  // Channel 0: rank 0 is the root with child 1; channel 1: rank 1 gave no line.
  format::NcclCommRow r0 = comm(0, true), r1 = comm(1, false);
  r0.trees = {"-1->0->1", "1->0->"};
  r1.trees = {"0->1->"};
  nccl::NcclTopology t = nccl::topologyOf({&r0, &r1}, 2);
  ASSERT_EQ(t.channels.size(), 2u);
  EXPECT_EQ(t.channels[0].ring, (std::vector<int>{0, 1}));
  EXPECT_EQ(t.channels[0].treeParent, (std::vector<int>{-1, 0}));
  EXPECT_TRUE(t.channels[1].treeParent.empty());
}

TEST(NcclTopology, PlainKernelNameStripsItaniumMangling) {
  EXPECT_EQ(nccl::plainKernelName(kRingKernel),
            "ncclDevKernel_AllReduce_Sum_f32_RING_LL");
  EXPECT_EQ(nccl::plainKernelName("_Z17ncclPatternKernelPfmi"),
            "ncclPatternKernel");
  EXPECT_EQ(nccl::plainKernelName("ncclDevKernel_SendRecv"),
            "ncclDevKernel_SendRecv");
  EXPECT_EQ(nccl::plainKernelName("_Z99short"),
            "_Z99short"); // length past the end: unchanged
}
