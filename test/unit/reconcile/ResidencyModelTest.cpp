// The unified-memory residency model: page replay, step planning from hand-made traces (the
// thesis Listing 3.2 shape, test/gpu/um-thesis-listing.cu), and verdicts.
#include "commledger/reconcile/implicit/ResidencySteps.h"

#include <gtest/gtest.h>

#include <map>

using namespace commledger;
using namespace commledger::reconcile;
using Kind = ResidencyStep::Kind;

namespace {
constexpr std::uint64_t kMiB = 1ull << 20;

std::uint64_t bytesOf(const std::vector<UmPair> &pairs, int src, int dst) {
  for (const UmPair &p : pairs)
    if (p.src == src && p.dst == dst)
      return p.total();
  return 0;
}

format::Site site(format::SiteId id, unsigned line, format::SiteFamily family, std::string api) {
  format::Site s;
  s.id = id;
  s.file = "listing.cu";
  s.line = line;
  s.column = 6;
  s.api = std::move(api);
  s.family = family;
  s.function = "main";
  s.instrumented = true;
  return s;
}

// scalarMultiplication(src, dst, n) with a symbolic bound, as the instrumenter writes it.
format::Site launch(format::SiteId id, unsigned line, const char *src, const char *dst) {
  format::Site s = site(id, line, format::SiteFamily::Launch, "<<<>>>");
  s.column = 3;
  format::KernelFootprint f;
  f.kernel = "scalarMultiplication";
  f.params.push_back({"src", src, 4, std::nullopt, 0, "", "", "", "", "", {}});
  f.params.push_back({"dst", dst, 4, 0, std::nullopt, "", "", "", "", "", {}});
  s.footprint = f;
  return s;
}

// The listing's lines that matter; everything else is blank.
std::map<unsigned, std::string> listingSource() {
  return {{35, "  CK(cudaMallocManaged(&g0, bufSize));"},
          {36, "  CK(cudaMallocManaged(&g1, bufSize));"},
          {39, "    g0[i] = float(i % 4096);"},
          {45, "  scalarMultiplication<<<blocks, threads>>>(g0, g1, n);"},
          {50, "  scalarMultiplication<<<blocks, threads>>>(g1, g0, n);"},
          {56, "    if (g0[i] != float(i % 4096) * 2.0f * 2.0f)"},
          {60, "  CK(cudaFree(g0));"}};
}

SourceLines linesOf(std::map<unsigned, std::string> text) {
  return [text](const std::string &, unsigned line) -> std::optional<std::string> {
    auto it = text.find(line);
    return it == text.end() ? std::string() : it->second;
  };
}

struct Listing {
  format::SiteDatabase db;
  format::Trace trace;
  Listing() {
    db.sites = {site(1, 35, format::SiteFamily::Alloc, "cudaMallocManaged"),
                site(2, 36, format::SiteFamily::Alloc, "cudaMallocManaged"),
                launch(3, 45, "g0", "g1"), launch(4, 50, "g1", "g0"),
                site(5, 60, format::SiteFamily::Free, "cudaFree")};
    trace.kernels = {{3, "", "k", 1, 1, 10}, {4, "", "k", 0, 1, 10}};
  }
};
} // namespace

TEST(ResidencyModel, PageSizeIsTwoMiBUnlessTheAllocationIsSmaller) {
  EXPECT_EQ(umPageBytes(64 * kMiB), 2 * kMiB);
  EXPECT_EQ(umPageBytes(4096), 4096u);
}

TEST(ResidencyModel, FirstTouchPopulatesWithoutTransfer) {
  // Never-touched pages land where they are first used: nothing moves.
  auto pairs = replayResidency(8 * kMiB, {{Kind::Launch, 0, 8 * kMiB, 1}});
  EXPECT_TRUE(pairs.empty());
}

TEST(ResidencyModel, PartialTouchMovesWholePagesAndAShortLastPage) {
  // 5 MiB = 2 + 2 + 1 MiB pages. Host touches all; a launch touches 3 MiB -> pages 0 and 1
  // (4 MiB) move H->G0; then a prefetch of all to G1: 4 MiB from G0 and 1 MiB from H.
  std::map<std::pair<int, int>, unsigned> moves;
  auto pairs = replayResidency(5 * kMiB,
                               {{Kind::Host, -1, 5 * kMiB, 1},
                                {Kind::Launch, 0, 3 * kMiB, 2},
                                {Kind::Prefetch, 1, 5 * kMiB, 3}},
                               &moves);
  EXPECT_EQ(bytesOf(pairs, -1, 0), 4 * kMiB);
  EXPECT_EQ(bytesOf(pairs, 0, 1), 4 * kMiB);
  EXPECT_EQ(bytesOf(pairs, -1, 1), 1 * kMiB);
  for (const UmPair &p : pairs) {
    if (p.dst == 1) {
      EXPECT_EQ(p.faultBytes, 0u) << "prefetch-driven bytes stay apart";
    }
  }
  EXPECT_EQ((moves[{-1, 0}]), 1u);
}

TEST(ResidencyModel, ThesisListingFromSourceOrder) {
  // 64 MiB buffers (16 Mi floats × 4 B = 67108864 B). g0: host init -> H; kernel on G1 reads it:
  // H->G1 67108864; kernel on G0 writes it: G1->G0 67108864; host check: G0->H 67108864.
  // g1: first touched on G1 (0 B), then G1->G0 67108864 for the second kernel.
  Listing l;
  const std::uint64_t size = 67108864;
  StepPlan g0 = planResidency(l.trace, l.db, l.db.sites[0], "g0", size, linesOf(listingSource()));
  ASSERT_TRUE(g0.known) << g0.reason;
  EXPECT_EQ(g0.order, "source");
  auto p0 = replayResidency(size, g0.steps);
  EXPECT_EQ(bytesOf(p0, -1, 1), size);
  EXPECT_EQ(bytesOf(p0, 1, 0), size);
  EXPECT_EQ(bytesOf(p0, 0, -1), size);
  EXPECT_EQ(p0.size(), 3u);
  StepPlan g1 = planResidency(l.trace, l.db, l.db.sites[1], "g1", size, linesOf(listingSource()));
  ASSERT_TRUE(g1.known);
  auto p1 = replayResidency(size, g1.steps);
  EXPECT_EQ(bytesOf(p1, 1, 0), size);
  EXPECT_EQ(p1.size(), 1u);
}

TEST(ResidencyModel, KernelEventsOrderTheLaunches) {
  // Events say the G0 launch (line 50) ran first: g0 goes H->G0 (write), then G0->G1 (read),
  // then G1->H at the host check: the replay follows time, not lines.
  Listing l;
  const std::uint64_t size = 4 * kMiB;
  format::EventRow first, second;
  first.site = 4;
  first.kernel = second.kernel = "k";
  first.device = 0;
  first.startNs = 100;
  second.site = 3;
  second.device = 1;
  second.startNs = 200;
  l.trace.events = {second, first};
  StepPlan g0 = planResidency(l.trace, l.db, l.db.sites[0], "g0", size, linesOf(listingSource()));
  ASSERT_TRUE(g0.known);
  EXPECT_EQ(g0.order, "events");
  auto p = replayResidency(size, g0.steps);
  EXPECT_EQ(bytesOf(p, -1, 0), size);
  EXPECT_EQ(bytesOf(p, 0, 1), size);
  EXPECT_EQ(bytesOf(p, 1, -1), size);
}

TEST(ResidencyModel, UnknownWhenTheArgumentOrAFootprintIsMissing) {
  Listing l;
  EXPECT_FALSE(planResidency(l.trace, l.db, l.db.sites[0], "", 1, linesOf({})).known);
  l.db.sites[2].footprint->reason = "kernel not defined in this translation unit";
  StepPlan p = planResidency(l.trace, l.db, l.db.sites[0], "g0", 1, linesOf(listingSource()));
  EXPECT_FALSE(p.known);
  EXPECT_NE(p.reason.find("line 45"), std::string::npos);
}

TEST(ResidencyModel, Verdicts) {
  UmAllocation a;
  a.pageBytes = 2 * kMiB;
  a.predictionKnown = true;
  a.predicted = {{-1, 0, 0, 64 * kMiB}};
  std::map<std::pair<int, int>, unsigned> moves{{{-1, 0}, 1}};
  a.observed = {{-1, 0, 0, 64 * kMiB - 4096}}; // within one page
  judgeUnifiedMemory(a, true, moves);
  EXPECT_EQ(a.verdict, UmVerdict::Match);
  a.observed = {{-1, 0, 64 * kMiB, 64 * kMiB}}; // prefetched and faulted: twice the bytes
  judgeUnifiedMemory(a, true, moves);
  EXPECT_EQ(a.verdict, UmVerdict::OverMigration);
  EXPECT_NE(a.message.find("prefetch plus fault"), std::string::npos);
  a.observed = {{-1, 0, 0, 8 * kMiB}};
  judgeUnifiedMemory(a, true, moves);
  EXPECT_EQ(a.verdict, UmVerdict::PartialAccess);
  a.events["thrashing"] = 3;
  judgeUnifiedMemory(a, true, moves);
  EXPECT_EQ(a.verdict, UmVerdict::Thrashing);
  judgeUnifiedMemory(a, false, moves);
  EXPECT_EQ(a.verdict, UmVerdict::Unobserved);
}
