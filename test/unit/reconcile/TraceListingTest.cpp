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
