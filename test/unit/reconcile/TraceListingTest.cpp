// `commledger show` on a trace: the row layout and order the GPU tests match.
#include "commledger/reconcile/TraceListing.h"

#include <gtest/gtest.h>

using namespace commledger;
using namespace commledger::reconcile;

namespace {
constexpr format::SiteId kFirst = 0x11, kSecond = 0x22, kStranger = 0x33;

format::Endpoint gpu(int device) { return {device, format::MemoryKind::Device}; }
format::Endpoint host(format::MemoryKind memory) { return {format::kHostEndpoint, memory}; }

format::SiteDatabase twoSites() {
  format::SiteDatabase db;
  db.sites.resize(2);
  db.sites[0].id = kFirst;
  db.sites[0].line = 40;
  db.sites[1].id = kSecond;
  db.sites[1].line = 12;
  return db;
}

format::Trace header() {
  format::Trace t;
  t.cuptiActive = true;
  t.droppedRecords = 3;
  t.devices.resize(2);
  t.process.endReason = "exit";
  return t;
}

format::ObservedRow observed(std::optional<format::SiteId> site, format::CopyKind kind,
                             format::Endpoint src, format::Endpoint dst) {
  format::ObservedRow o;
  o.site = site;
  o.bucket = site ? "" : "cudaMemcpyAsync";
  o.copyKind = kind;
  o.src = src;
  o.dst = dst;
  o.bytes = 8;
  o.count = 1;
  return o;
}
} // namespace

TEST(TraceListing, HeaderOnly) {
  format::Trace t = header();
  EXPECT_EQ(renderTraceListing(t, {}), "cupti active=true\ndevices=2 dropped=3 end=exit\n");
  t.cuptiActive = false;
  EXPECT_EQ(renderTraceListing(t, {}).substr(0, 19), "cupti active=false\n");
}

TEST(TraceListing, RequestWithDeclaredDevices) {
  format::Trace t = header();
  format::RequestRow r;
  r.site = kFirst;
  r.api = "cudaMemcpyPeer";
  r.src = gpu(0);
  r.dst = gpu(1);
  r.declaredSrcDevice = 0;
  r.bytes = 4194304;
  r.count = 4;
  t.requests = {r};
  // Only one declared device: the other reads "-"; no kind reads "-" too.
  EXPECT_EQ(renderTraceListing(t, twoSites()),
            "cupti active=true\ndevices=2 dropped=3 end=exit\n"
            "L40 request cudaMemcpyPeer - G0:device->G1:device declared=0->- bytes=4194304 "
            "count=4\n");
}

TEST(TraceListing, SortsByLineRequestsFirstUnknownAndUnattributedLast) {
  format::Trace t = header();
  format::RequestRow r;
  r.site = kFirst;
  r.api = "cudaMemcpy";
  r.kind = "HostToDevice";
  r.src = host(format::MemoryKind::Pageable);
  r.dst = gpu(0);
  r.bytes = 8;
  r.count = 1;
  t.requests = {r};
  t.observed = {
      observed(std::nullopt, format::CopyKind::HtoD, host(format::MemoryKind::Pinned), gpu(1)),
      observed(kStranger, format::CopyKind::PtoP, gpu(1), gpu(0)),
      observed(kFirst, format::CopyKind::HtoD, host(format::MemoryKind::Pageable), gpu(0)),
      observed(kSecond, format::CopyKind::StagedPtoP, gpu(0), gpu(1)),
      observed(std::nullopt, format::CopyKind::DtoH, gpu(1), host(format::MemoryKind::Pinned))};
  EXPECT_EQ(renderTraceListing(t, twoSites()),
            "cupti active=true\ndevices=2 dropped=3 end=exit\n"
            "L12 observed StagedPtoP G0:device->G1:device bytes=8 count=1\n"
            "L40 request cudaMemcpy HostToDevice H:pageable->G0:device bytes=8 count=1\n"
            "L40 observed HtoD H:pageable->G0:device bytes=8 count=1\n"
            "L? observed PtoP G1:device->G0:device bytes=8 count=1\n"
            "unattributed cudaMemcpyAsync DtoH G1:device->H:pinned bytes=8 count=1\n"
            "unattributed cudaMemcpyAsync HtoD H:pinned->G1:device bytes=8 count=1\n");
}

TEST(TraceListing, WithoutSitesEveryRowIsUnknownLine) {
  format::Trace t = header();
  t.observed = {observed(kFirst, format::CopyKind::DtoD, gpu(1), gpu(1)),
                observed(kSecond, format::CopyKind::DtoD, gpu(0), gpu(0))};
  EXPECT_EQ(renderTraceListing(t, {}), "cupti active=true\ndevices=2 dropped=3 end=exit\n"
                                       "L? observed DtoD G0:device->G0:device bytes=8 count=1\n"
                                       "L? observed DtoD G1:device->G1:device bytes=8 count=1\n");
}

// The optional sections (TraceSections.h): one line per row, on its site's line after requests
// and observed rows, in the order alloc, kernel, um, nccl, counter; sectionless rows last.
TEST(TraceListing, SectionRowsListAtTheirLines) {
  format::Trace t = header();
  format::ObservedRow o = observed(kFirst, format::CopyKind::HtoD,
                                   host(format::MemoryKind::Pinned), gpu(0));
  t.observed = {o};
  format::KernelRow k;
  k.site = kFirst;
  k.name = "_Z4fillPfm";
  k.device = 1;
  k.count = 2;
  k.totalNs = 900;
  format::KernelRow helper = k;
  helper.site.reset();
  helper.bucket = "cudaLaunchKernel";
  helper.name = "helper";
  t.kernels = {k, helper};
  format::AllocationRow a;
  a.site = kSecond;
  a.api = "cudaHostAlloc";
  a.memory = "mapped";
  a.device = format::kHostEndpoint;
  a.flags = 2;
  a.bytes = 16777216;
  a.count = 1;
  format::AllocationRow d = a;
  d.site = kFirst;
  d.api = "cudaMalloc";
  d.memory = "device";
  d.device = 0;
  d.flags = 0;
  t.allocations = {a, d};
  format::CounterRow c;
  c.site = kFirst;
  c.kernel = "_Z4fillPfm";
  c.device = 1;
  c.metric = "nvltx__bytes.sum";
  c.value = 19410000;
  c.ranges = 2;
  t.counters = {c};
  EXPECT_EQ(renderTraceListing(t, twoSites()),
            "cupti active=true\ndevices=2 dropped=3 end=exit\n"
            "L12 alloc cudaHostAlloc mapped H bytes=16777216 count=1 flags=2\n"
            "L40 observed HtoD H:pinned->G0:device bytes=8 count=1\n"
            "L40 alloc cudaMalloc device G0 bytes=16777216 count=1 flags=0\n"
            "L40 kernel _Z4fillPfm G1 count=2 total_ns=900\n"
            "L40 counter nvltx__bytes.sum _Z4fillPfm G1 value=19410000 ranges=2\n"
            "unattributed cudaLaunchKernel kernel helper G1 count=2 total_ns=900\n");
}

TEST(TraceListing, UnifiedMemoryRowsNameAllocationAndCause) {
  format::Trace t = header();
  format::UnifiedMemoryRow prefetched;
  prefetched.allocationSite = kFirst;
  prefetched.counter = "htod";
  prefetched.cause = "user";
  prefetched.causeSite = kSecond;
  prefetched.src = format::kHostEndpoint;
  prefetched.dst = 1;
  prefetched.value = 67108864;
  prefetched.count = 32;
  format::UnifiedMemoryRow fault;
  fault.allocationBucket = "unknown";
  fault.counter = "cpu_page_fault";
  fault.src = fault.dst = format::kHostEndpoint;
  fault.value = 5;
  fault.count = 5;
  t.unifiedMemory = {prefetched, fault};
  // Cause absent: "-"; the cause site is named by its line like the row's own site.
  EXPECT_EQ(renderTraceListing(t, twoSites()),
            "cupti active=true\ndevices=2 dropped=3 end=exit\n"
            "L40 um htod user H->G1 cause=L12 value=67108864 count=32\n"
            "unattributed unknown um cpu_page_fault - H->H cause=- value=5 count=5\n");
}

TEST(TraceListing, NcclCommunicatorsComeFirstThenCallsAtTheirLines) {
  format::Trace t = header();
  format::NcclCommRow second;
  second.commId = "beef";
  second.rank = 1;
  second.nranks = 2;
  second.device = 1;
  second.initApi = "ncclCommInitRank";
  second.initSite = kSecond;
  // Channels grouped while consecutive and equal.
  second.rings = {{0, 1}, {0, 1}, {1, 0}};
  format::NcclCommRow first = second;
  first.rank = 0;
  first.device = 0;
  first.rings = {};
  first.initSite.reset();
  t.ncclComms = {second, first};
  format::NcclCallRow send;
  send.site = kFirst;
  send.api = "ncclSend";
  send.commId = "beef";
  send.rank = 1;
  send.nranks = 2;
  send.device = 1;
  send.elements = 65536;
  send.datatype = "float32";
  send.datatypeBytes = 4;
  send.peer = 0;
  send.launchSite = kSecond;
  send.calls = 2;
  send.bytes = 524288; // 65536 × 4 × 2
  format::NcclCallRow reduce = send;
  reduce.site.reset();
  reduce.bucket = "ncclAllReduce";
  reduce.api = "ncclAllReduce";
  reduce.op = "sum";
  reduce.peer = -1;
  reduce.launchSite = kStranger;
  t.ncclCalls = {send, reduce};
  EXPECT_EQ(renderTraceListing(t, twoSites()),
            "cupti active=true\ndevices=2 dropped=3 end=exit\n"
            "comm beef rank 0/2 G0 rings=- init=ncclCommInitRank@-\n"
            "comm beef rank 1/2 G1 rings=2x[0,1]+1x[1,0] init=ncclCommInitRank@L12\n"
            "L40 nccl ncclSend comm=beef rank 1/2 G1 elements=65536 dtype=float32 op=- root=- "
            "peer=0 calls=2 bytes=524288 launch=L12\n"
            "unattributed ncclAllReduce nccl ncclAllReduce comm=beef rank 1/2 G1 elements=65536 "
            "dtype=float32 op=sum root=- peer=- calls=2 bytes=524288 launch=L?\n");
}
