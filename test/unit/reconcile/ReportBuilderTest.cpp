// Joining databases and traces: device count, per-site totals, unknown sites, unattributed rows.
#include "commledger/reconcile/ReportBuilder.h"

#include <gtest/gtest.h>

using namespace commledger;
using namespace commledger::reconcile;
using format::CopyKind;
using format::MemoryKind;

namespace {
format::Site copySite(format::SiteId id, const std::string &file, unsigned line) {
  format::Site s;
  s.instrumented = true;
  s.id = id;
  s.file = file;
  s.line = line;
  s.column = 3;
  s.api = "cudaMemcpy";
  s.family = format::SiteFamily::Copy;
  return s;
}

format::ObservedRow observed(std::optional<format::SiteId> site, CopyKind kind, int src,
                             MemoryKind srcMem, int dst, MemoryKind dstMem,
                             std::uint64_t bytes, std::uint64_t count) {
  format::ObservedRow r;
  r.site = site;
  r.bucket = site ? "" : "cudaMemcpyToSymbol";
  r.copyKind = kind;
  r.src = {src, srcMem};
  r.dst = {dst, dstMem};
  r.bytes = bytes;
  r.count = count;
  return r;
}

ReconcileInput sampleInput() {
  ReconcileInput in;
  in.siteFiles = {"sites.json"};
  in.sites.sites = {copySite(1, "a.cu", 10), copySite(2, "a.cu", 20), copySite(3, "b.cu", 5)};
  format::Site alloc = copySite(4, "a.cu", 2);
  alloc.family = format::SiteFamily::Alloc;
  in.sites.sites.push_back(alloc);
  LoadedTrace t;
  t.path = "trace-h-1.json";
  t.trace.cuptiActive = true;
  t.trace.devices.resize(2);
  t.trace.devices[1].index = 1;
  t.trace.observed = {
      observed(1, CopyKind::PtoP, 0, MemoryKind::Device, 1, MemoryKind::Device, 1000, 10),
      observed(2, CopyKind::DtoH, 1, MemoryKind::Device, 0, MemoryKind::Device, 500, 1),
      observed(2, CopyKind::HtoD, 1, MemoryKind::Device, 0, MemoryKind::Device, 500, 1),
      observed(std::nullopt, CopyKind::HtoD, -1, MemoryKind::Pinned, 1, MemoryKind::Device, 8,
               1),
      observed(99, CopyKind::HtoD, -1, MemoryKind::Pageable, 3, MemoryKind::Device, 64, 1)};
  in.traces.push_back(t);
  return in;
}

const SiteRow *rowFor(const Report &r, format::SiteId id) {
  for (const SiteRow &s : r.sites)
    if (s.id == id)
      return &s;
  return nullptr;
}
} // namespace

TEST(ReportBuilder, DeviceCountCoversInventoryAndEveryIndexSeen) {
  ReconcileInput in = sampleInput();
  EXPECT_EQ(countDevices(in), 4); // device 3 appears in an observed row
  in.traces[0].trace.observed.clear();
  EXPECT_EQ(countDevices(in), 2); // the inventory alone
}

TEST(ReportBuilder, RowsForCopySitesAndUnknownSites) {
  Report r = buildReport(sampleInput());
  EXPECT_EQ(r.sites.size(), 4u); // 3 copy sites + site 99; the alloc site moved nothing
  EXPECT_EQ(rowFor(r, 4), nullptr);
  const SiteRow *unknown = rowFor(r, 99);
  ASSERT_NE(unknown, nullptr);
  EXPECT_FALSE(unknown->known);
  EXPECT_EQ(unknown->verdict, Verdict::UnknownSite);
  EXPECT_EQ(rowFor(r, 3)->verdict, Verdict::NeverExecuted);
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0], "trace-h-1.json: 1 sites not in the site database (trace from a "
                           "different build?)");
}

TEST(ReportBuilder, UnpairedStagedHalvesCountThePayloadOnce) {
  Report r = buildReport(sampleInput());
  const SiteRow *staged = rowFor(r, 2);
  ASSERT_NE(staged, nullptr);
  EXPECT_EQ(staged->observed.bytes, 500u);
  EXPECT_EQ(staged->observed.count, 1u);
  EXPECT_EQ(staged->verdict, Verdict::StagedViaHost);
  EXPECT_EQ(staged->message.find("peer copy G1\u2192G0"), 0u);
}

TEST(ReportBuilder, MatricesIncludeUnattributedAndUnknownTraffic) {
  Report r = buildReport(sampleInput());
  ASSERT_EQ(r.deviceCount, 4);
  const CommMatrix &all = r.matrices.front();
  EXPECT_EQ(all.bytes[2][1], 1000u); // G0 → G1 direct
  EXPECT_EQ(all.bytes[0][2], 500u);  // G1 → H, first staged half
  EXPECT_EQ(all.bytes[1][0], 500u);  // H → G0, second staged half
  EXPECT_EQ(all.bytes[2][0], 8u);    // unattributed H → G1
  EXPECT_EQ(all.bytes[4][0], 64u);   // unknown site H → G3
  ASSERT_EQ(r.unattributed.size(), 1u);
  EXPECT_EQ(r.unattributed[0].bucket, "cudaMemcpyToSymbol");
  EXPECT_EQ(r.unattributed[0].traffic.kind, "h2d_pinned");
}

TEST(ReportBuilder, SortedByObservedBytesThenLocation) {
  Report r = buildReport(sampleInput());
  ASSERT_EQ(r.sites.size(), 4u);
  EXPECT_EQ(r.sites[0].id, 1u); // 1000 bytes
  EXPECT_EQ(r.sites[1].id, 2u); // 500
  EXPECT_EQ(r.sites[2].id, 99u); // 64
  EXPECT_EQ(r.sites[3].id, 3u); // 0
}

TEST(ReportBuilder, TracesAddUp) {
  ReconcileInput in = sampleInput();
  in.traces.push_back(in.traces.front());
  in.traces.back().path = "trace-h-2.json";
  Report r = buildReport(in);
  EXPECT_EQ(rowFor(r, 1)->observed.bytes, 2000u);
  EXPECT_EQ(rowFor(r, 1)->observed.count, 20u);
  EXPECT_EQ(r.matrices.front().counts[2][1], 20u);
  EXPECT_EQ(r.unattributed.at(0).traffic.count, 2u);
  EXPECT_EQ(r.warnings.size(), 2u); // one per trace
}

TEST(ReportBuilder, WarnsWhenCuptiWasOff) {
  ReconcileInput in = sampleInput();
  in.traces[0].trace.cuptiActive = false;
  in.traces[0].trace.cuptiError = "CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED";
  Report r = buildReport(in);
  ASSERT_EQ(r.warnings.size(), 2u);
  EXPECT_NE(r.warnings[0].find("CUPTI was not active"), std::string::npos);
}
