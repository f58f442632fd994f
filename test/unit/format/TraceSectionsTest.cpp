// The trace's optional sections (kernels, allocations, unified memory, NCCL communicators and
// calls, counters): each survives toJsonText → parseTrace, traces without them read as before,
// and a malformed row fails with one line naming the file and the field.
#include "commledger/format/Trace.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace commledger::format;

namespace {
constexpr SiteId kLaunch = 0x1111ULL, kAlloc = 0x2222ULL, kPrefetch = 0x3333ULL,
                 kInit = 0x4444ULL, kGroupEnd = 0x5555ULL;

Trace base() {
  Trace t;
  t.process.host = "h";
  t.process.pid = 42;
  t.process.endReason = "exit";
  t.cuptiActive = true;
  t.devices = {{0, "GPU A", "0000:01:00.0", "GPU-1"}, {1, "GPU B", "0000:02:00.0", "GPU-2"}};
  return t;
}

Trace withSections() {
  Trace t = base();
  KernelRow k;
  k.site = kLaunch;
  k.name = "_Z4fillPfm";
  k.device = 1;
  k.count = 3;
  k.totalNs = 30000;
  KernelRow unattributed;
  unattributed.bucket = "cudaLaunchKernel";
  unattributed.name = "helper";
  unattributed.count = 1;
  unattributed.totalNs = 5;
  t.kernels = {k, unattributed};

  AllocationRow a;
  a.site = kAlloc;
  a.api = "cudaHostAlloc";
  a.memory = "mapped";
  a.device = kHostEndpoint;
  a.flags = 2; // cudaHostAllocMapped
  a.bytes = 2 * 16777216ULL;
  a.count = 2;
  t.allocations = {a};

  UnifiedMemoryRow u;
  u.allocationSite = kAlloc;
  u.counter = "htod";
  u.cause = "user";
  u.causeSite = kPrefetch;
  u.src = kHostEndpoint;
  u.dst = 1;
  u.value = 67108864;
  u.count = 32;
  UnifiedMemoryRow fault;
  fault.allocationBucket = "unknown";
  fault.counter = "cpu_page_fault";
  fault.src = fault.dst = kHostEndpoint;
  fault.value = 7;
  fault.count = 7;
  t.unifiedMemory = {u, fault};

  NcclCommRow c;
  c.commId = "a40e7b0a3b29080d";
  c.address = "0x7fb670ce5b70";
  c.rank = 1;
  c.nranks = 2;
  c.device = 1;
  c.initSite = kInit;
  c.initApi = "ncclCommInitRank";
  c.rings = {{0, 1}, {1, 0}};
  c.trees = {"0->1->", "-1->1->0"};
  t.ncclComms = {c};

  NcclCallRow call;
  call.site = kLaunch;
  call.api = "ncclSend";
  call.commId = c.commId;
  call.rank = 1;
  call.nranks = 2;
  call.device = 1;
  call.elements = 65536;
  call.datatypeBytes = 4;
  call.datatype = "float32";
  call.peer = 0;
  call.launchSite = kGroupEnd;
  call.calls = 2;
  call.bytes = 65536ULL * 4 * 2; // elements × datatypeBytes × calls
  t.ncclCalls = {call};

  CounterRow n;
  n.site = kLaunch;
  n.kernel = "_Z4fillPfm";
  n.device = 1;
  n.metric = "nvltx__bytes.sum";
  n.value = 19410000.5;
  n.ranges = 3;
  t.counters = {n};
  return t;
}

Trace roundTrip(const Trace &t) {
  Trace back;
  std::string error;
  EXPECT_TRUE(parseTrace(toJsonText(t), "t.json", back, error)) << error;
  return back;
}

// Parses `text` expecting failure; returns the error line.
std::string parseError(const std::string &text) {
  Trace out;
  std::string error;
  EXPECT_FALSE(parseTrace(text, "bad.json", out, error));
  EXPECT_EQ(error.find('\n'), std::string::npos) << "one line: " << error;
  return error;
}

// The JSON text of withSections() with one field of the first row of `section` replaced.
std::string edited(const char *section, const char *field, const nlohmann::json &value) {
  nlohmann::json doc = nlohmann::json::parse(toJsonText(withSections()));
  nlohmann::json &row = doc.at(section).at(0);
  EXPECT_TRUE(row.contains(field)) << section << "." << field;
  row[field] = value;
  return doc.dump(1);
}
} // namespace

TEST(TraceSections, KernelsAndAllocationsRoundTrip) {
  Trace back = roundTrip(withSections());
  ASSERT_EQ(back.kernels.size(), 2u);
  EXPECT_EQ(back.kernels[0].site, kLaunch);
  EXPECT_EQ(back.kernels[0].name, "_Z4fillPfm");
  EXPECT_EQ(back.kernels[0].device, 1);
  EXPECT_EQ(back.kernels[0].count, 3u);
  EXPECT_EQ(back.kernels[0].totalNs, 30000u);
  EXPECT_FALSE(back.kernels[1].site);
  EXPECT_EQ(back.kernels[1].bucket, "cudaLaunchKernel");
  ASSERT_EQ(back.allocations.size(), 1u);
  EXPECT_EQ(back.allocations[0].site, kAlloc);
  EXPECT_EQ(back.allocations[0].api, "cudaHostAlloc");
  EXPECT_EQ(back.allocations[0].memory, "mapped");
  EXPECT_EQ(back.allocations[0].device, kHostEndpoint);
  EXPECT_EQ(back.allocations[0].flags, 2u);
  EXPECT_EQ(back.allocations[0].bytes, 33554432u); // 2 × 16777216
  EXPECT_EQ(back.allocations[0].count, 2u);
}

TEST(TraceSections, UnifiedMemoryRoundTrips) {
  Trace back = roundTrip(withSections());
  ASSERT_EQ(back.unifiedMemory.size(), 2u);
  const UnifiedMemoryRow &u = back.unifiedMemory[0];
  EXPECT_EQ(u.allocationSite, kAlloc);
  EXPECT_EQ(u.counter, "htod");
  EXPECT_EQ(u.cause, "user");
  EXPECT_EQ(u.causeSite, kPrefetch);
  EXPECT_EQ(u.src, kHostEndpoint);
  EXPECT_EQ(u.dst, 1);
  EXPECT_EQ(u.value, 67108864u);
  EXPECT_EQ(u.count, 32u);
  const UnifiedMemoryRow &f = back.unifiedMemory[1];
  EXPECT_FALSE(f.allocationSite);
  EXPECT_EQ(f.allocationBucket, "unknown");
  EXPECT_EQ(f.cause, "");
  EXPECT_FALSE(f.causeSite);
}

TEST(TraceSections, NcclCommsAndCallsRoundTrip) {
  Trace back = roundTrip(withSections());
  ASSERT_EQ(back.ncclComms.size(), 1u);
  const NcclCommRow &c = back.ncclComms[0];
  EXPECT_EQ(c.commId, "a40e7b0a3b29080d");
  EXPECT_EQ(c.address, "0x7fb670ce5b70");
  EXPECT_EQ(c.rank, 1);
  EXPECT_EQ(c.nranks, 2);
  EXPECT_EQ(c.device, 1);
  EXPECT_EQ(c.initSite, kInit);
  EXPECT_EQ(c.initApi, "ncclCommInitRank");
  EXPECT_EQ(c.rings, (std::vector<std::vector<int>>{{0, 1}, {1, 0}}));
  EXPECT_EQ(c.trees, (std::vector<std::string>{"0->1->", "-1->1->0"}));
  ASSERT_EQ(back.ncclCalls.size(), 1u);
  const NcclCallRow &n = back.ncclCalls[0];
  EXPECT_EQ(n.site, kLaunch);
  EXPECT_EQ(n.api, "ncclSend");
  EXPECT_EQ(n.commId, c.commId);
  EXPECT_EQ(n.rank, 1);
  EXPECT_EQ(n.elements, 65536u);
  EXPECT_EQ(n.datatypeBytes, 4u);
  EXPECT_EQ(n.datatype, "float32");
  EXPECT_EQ(n.op, "");
  EXPECT_EQ(n.root, -1);
  EXPECT_EQ(n.peer, 0);
  EXPECT_EQ(n.launchSite, kGroupEnd);
  EXPECT_EQ(n.calls, 2u);
  EXPECT_EQ(n.bytes, 524288u); // 65536 × 4 × 2
}

TEST(TraceSections, NcclCallAlgorithmIsOptional) {
  // Written only when known; a row without them (older traces, P2P rows) reads back empty.
  Trace t = withSections();
  NcclCallRow all = t.ncclCalls[0];
  all.api = "ncclAllReduce";
  all.peer = -1;
  all.algorithm = "Ring";
  all.protocol = "LL128";
  all.channels = 16;
  t.ncclCalls.push_back(all);
  Trace back = roundTrip(t);
  ASSERT_EQ(back.ncclCalls.size(), 2u);
  EXPECT_EQ(back.ncclCalls[0].algorithm, "");
  EXPECT_EQ(back.ncclCalls[0].protocol, "");
  EXPECT_EQ(back.ncclCalls[0].channels, 0);
  EXPECT_EQ(back.ncclCalls[1].algorithm, "Ring");
  EXPECT_EQ(back.ncclCalls[1].protocol, "LL128");
  EXPECT_EQ(back.ncclCalls[1].channels, 16);
  EXPECT_EQ(toJsonText(withSections()).find("\"algorithm\""), std::string::npos);
}

TEST(TraceSections, CountersRoundTrip) {
  Trace back = roundTrip(withSections());
  ASSERT_EQ(back.counters.size(), 1u);
  EXPECT_EQ(back.counters[0].site, kLaunch);
  EXPECT_EQ(back.counters[0].kernel, "_Z4fillPfm");
  EXPECT_EQ(back.counters[0].metric, "nvltx__bytes.sum");
  EXPECT_DOUBLE_EQ(back.counters[0].value, 19410000.5);
  EXPECT_EQ(back.counters[0].ranges, 3u);
}

TEST(TraceSections, AbsentWhenEmptyAndOldTracesStillRead) {
  std::string text = toJsonText(base());
  for (const char *key :
       {"kernels", "allocations", "unified_memory", "nccl_comms", "nccl_calls", "counters"})
    EXPECT_EQ(text.find(std::string("\"") + key + "\""), std::string::npos) << key;
  // A trace written before the sections existed: the same document, read back empty.
  Trace back = roundTrip(base());
  EXPECT_TRUE(back.kernels.empty());
  EXPECT_TRUE(back.allocations.empty());
  EXPECT_TRUE(back.unifiedMemory.empty());
  EXPECT_TRUE(back.ncclComms.empty());
  EXPECT_TRUE(back.ncclCalls.empty());
  EXPECT_TRUE(back.counters.empty());
  EXPECT_EQ(back.devices.size(), 2u);
}

TEST(TraceSections, RankOutsideNranksIsNamed) {
  std::string error = parseError(edited("nccl_comms", "rank", 2));
  EXPECT_EQ(error.rfind("commledger: bad.json: nccl_comms[0]", 0), 0u) << error;
  EXPECT_NE(error.find("rank 2 of 2 ranks is impossible"), std::string::npos) << error;
}

TEST(TraceSections, RingThatIsNotAListIsNamed) {
  nlohmann::json rings = nlohmann::json::array({"0 1", {1, 0}});
  std::string error = parseError(edited("nccl_comms", "rings", rings));
  EXPECT_EQ(error, "commledger: bad.json: nccl_comms[0].rings: each ring is a list of ranks");
}

TEST(TraceSections, BadSiteIdIsNamed) {
  std::string error = parseError(edited("kernels", "site", "0x11"));
  EXPECT_EQ(error, "commledger: bad.json: kernels[0].site: '0x11' is not 0x followed by 16 hex "
                   "digits");
  // A site in another field names that field.
  error = parseError(edited("nccl_calls", "launch_site", "launch"));
  EXPECT_EQ(error.rfind("commledger: bad.json: nccl_calls[0].launch_site", 0), 0u) << error;
}

TEST(TraceSections, ValueThatIsNotANumberIsNamed) {
  std::string error = parseError(edited("counters", "value", "many"));
  EXPECT_EQ(error, "commledger: bad.json: counters[0].value: not a number");
  error = parseError(edited("allocations", "bytes", "32 MiB"));
  EXPECT_EQ(error, "commledger: bad.json: allocations[0].bytes: expected a non-negative integer");
}
