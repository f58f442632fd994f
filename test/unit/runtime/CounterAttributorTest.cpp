// CounterAttributor (counters mode): PM samples split over the kernels overlapping them on their
// device by overlap time, "between kernels" when none does, waiting for late kernel records.
#include "core/CounterAttributor.h"

#include <gtest/gtest.h>

namespace commledger::rt {
namespace {

const std::vector<std::string> kMetrics = {"pcie__read_bytes.sum", "nvltx__bytes.sum"};

Attribution site(format::SiteId id) { return Attribution{id, ""}; }

CopyRecord kernel(int device, std::uint64_t start, std::uint64_t end, const char *name) {
  CopyRecord r;
  r.deviceId = device;
  r.startNs = start;
  r.endNs = end;
  r.kernelName = name;
  return r;
}

CounterSample sample(int device, std::uint64_t start, std::uint64_t end, double pcie,
                     double nvl) {
  return CounterSample{device, start, end, {pcie, nvl}};
}

const format::CounterRow *find(const std::vector<format::CounterRow> &rows,
                               const std::string &kernel, int device, const std::string &metric) {
  for (const format::CounterRow &r : rows)
    if (r.kernel == kernel && r.device == device && r.metric == metric)
      return &r;
  return nullptr;
}

TEST(CounterAttributor, OffByDefaultKeepsNothing) {
  CounterAttributor a;
  a.addKernel(site(1), kernel(0, 0, 100, "k"));
  a.addSample(sample(0, 0, 100, 5, 5));
  a.finish();
  EXPECT_TRUE(a.rows().empty());
}

TEST(CounterAttributor, SplitsASampleByOverlapTime) {
  CounterAttributor a;
  a.enable(kMetrics);
  // Sample [100,200) of 1000 bytes: kernel A covers [100,130) = 30 ns, kernel B (another site,
  // concurrent stream) [150,250) covers [150,200) = 50 ns. Shares: A 30/80, B 50/80 →
  // A 1000×30/80 = 375, B 1000×50/80 = 625 (nvltx 80 → 30 and 50).
  a.addKernel(site(1), kernel(0, 50, 130, "A"));
  a.addKernel(site(2), kernel(0, 150, 250, "B"));
  a.addSample(sample(0, 100, 200, 1000, 80));
  a.finish();
  const auto rows = a.rows();
  ASSERT_EQ(rows.size(), 4u); // 2 kernels × 2 metrics
  const auto *aPcie = find(rows, "A", 0, "pcie__read_bytes.sum");
  const auto *bPcie = find(rows, "B", 0, "pcie__read_bytes.sum");
  const auto *bNvl = find(rows, "B", 0, "nvltx__bytes.sum");
  ASSERT_TRUE(aPcie && bPcie && bNvl);
  EXPECT_DOUBLE_EQ(aPcie->value, 375.0);
  EXPECT_DOUBLE_EQ(bPcie->value, 625.0);
  EXPECT_DOUBLE_EQ(bNvl->value, 50.0);
  EXPECT_EQ(aPcie->site, std::optional<format::SiteId>(1));
  EXPECT_EQ(bPcie->site, std::optional<format::SiteId>(2));
  EXPECT_EQ(aPcie->ranges, 1u);
}

TEST(CounterAttributor, SumsSamplesOfOneLaunchAndCountsLaunches) {
  CounterAttributor a;
  a.enable(kMetrics);
  // Two launches of K on GPU1: [0,100) and [200,300); samples of 20 ns each, 3 inside each
  // launch with 10 bytes apiece → 2 × 3 × 10 = 60 bytes over 2 launches. A sample [120,140) in
  // the gap, 7 bytes, belongs to no kernel.
  a.addKernel(site(9), kernel(1, 0, 100, "K"));
  a.addKernel(site(9), kernel(1, 200, 300, "K"));
  for (std::uint64_t t : {0, 20, 40, 200, 220, 240})
    a.addSample(sample(1, t, t + 20, 10, 0));
  a.addSample(sample(1, 120, 140, 7, 0));
  a.finish();
  const auto rows = a.rows();
  const auto *k = find(rows, "K", 1, "pcie__read_bytes.sum");
  ASSERT_NE(k, nullptr);
  EXPECT_DOUBLE_EQ(k->value, 60.0);
  EXPECT_EQ(k->ranges, 2u);
  const auto *gap = find(rows, "", 1, "pcie__read_bytes.sum");
  ASSERT_NE(gap, nullptr);
  EXPECT_EQ(gap->bucket, CounterAttributor::kBetweenKernels);
  EXPECT_FALSE(gap->site.has_value());
  EXPECT_DOUBLE_EQ(gap->value, 7.0);
  EXPECT_EQ(gap->ranges, 1u); // one sample
}

TEST(CounterAttributor, KernelsOfAnotherDeviceDoNotCount) {
  CounterAttributor a;
  a.enable(kMetrics);
  a.addKernel(site(1), kernel(0, 0, 1000, "onGpu0"));
  a.addSample(sample(1, 100, 200, 42, 0)); // GPU1 traffic while GPU0 computes
  a.finish();
  const auto rows = a.rows();
  EXPECT_EQ(find(rows, "onGpu0", 0, "pcie__read_bytes.sum"), nullptr);
  const auto *gap = find(rows, "", 1, "pcie__read_bytes.sum");
  ASSERT_NE(gap, nullptr);
  EXPECT_DOUBLE_EQ(gap->value, 42.0);
}

TEST(CounterAttributor, SampleWaitsForItsKernelRecord) {
  CounterAttributor a;
  a.enable(kMetrics);
  // Decoded before the kernel record arrives: it waits rather than landing between kernels.
  a.addSample(sample(0, 100, 120, 8, 0));
  a.drain();
  EXPECT_EQ(a.pending(), 1u);
  EXPECT_TRUE(a.rows().empty());
  a.addKernel(site(3), kernel(0, 90, 130, "late"));
  a.drain(); // no later kernel yet proves the records caught up: still waits
  EXPECT_EQ(a.pending(), 1u);
  // A kernel ending more than kLateNs after the sample: every overlapping record is in.
  const std::uint64_t after = 120 + CounterAttributor::kLateNs + 1;
  a.addKernel(site(4), kernel(0, after - 10, after, "next"));
  a.drain();
  EXPECT_EQ(a.pending(), 0u);
  const auto rows1 = a.rows();
  const auto *late = find(rows1, "late", 0, "pcie__read_bytes.sum");
  ASSERT_NE(late, nullptr);
  EXPECT_DOUBLE_EQ(late->value, 8.0);
}

TEST(CounterAttributor, FinishResolvesWhatStillWaits) {
  CounterAttributor a;
  a.enable(kMetrics);
  a.addSample(sample(0, 100, 120, 8, 2));
  a.addKernel(site(3), kernel(0, 0, 1000, "k"));
  EXPECT_EQ(a.pending(), 1u);
  a.finish();
  EXPECT_EQ(a.pending(), 0u);
  const auto rows2 = a.rows();
  const auto *k = find(rows2, "k", 0, "nvltx__bytes.sum");
  ASSERT_NE(k, nullptr);
  EXPECT_DOUBLE_EQ(k->value, 2.0);
}

TEST(CounterAttributor, AllZeroSamplesNeitherWaitNorMakeRows) {
  CounterAttributor a;
  a.enable(kMetrics);
  a.addSample(sample(0, 0, 20, 0, 0));
  EXPECT_EQ(a.pending(), 0u);
  a.finish();
  EXPECT_TRUE(a.rows().empty());
}

TEST(CounterAttributor, PendingIsBounded) {
  CounterAttributor a;
  a.enable(kMetrics);
  // No kernel ever arrives: past kMaxPending the oldest resolve (between kernels), so memory
  // stays bounded; 10 extra samples of 1 byte each are charged before finish().
  const std::size_t n = CounterAttributor::kMaxPending + 10;
  for (std::size_t i = 0; i < n; ++i)
    a.addSample(sample(0, i * 20, i * 20 + 20, 1, 0));
  EXPECT_EQ(a.pending(), CounterAttributor::kMaxPending);
  const auto rows3 = a.rows();
  const auto *gap = find(rows3, "", 0, "pcie__read_bytes.sum");
  ASSERT_NE(gap, nullptr);
  EXPECT_DOUBLE_EQ(gap->value, 10.0);
}

TEST(CounterAttributor, LongKernelStillFoundForLaterSamples) {
  CounterAttributor a;
  a.enable(kMetrics);
  // A 10 ms kernel started long before a short one: a sample late in the long kernel, after
  // the short one ended, overlaps only the long one.
  a.addKernel(site(1), kernel(0, 0, 10'000'000, "long"));
  a.addKernel(site(2), kernel(0, 100, 200, "short"));
  a.addSample(sample(0, 9'000'000, 9'000'020, 5, 0));
  a.finish();
  const auto rows4 = a.rows();
  const auto *k = find(rows4, "long", 0, "pcie__read_bytes.sum");
  ASSERT_NE(k, nullptr);
  EXPECT_DOUBLE_EQ(k->value, 5.0);
  const auto rowsLast = a.rows();
  EXPECT_EQ(find(rowsLast, "short", 0, "pcie__read_bytes.sum"), nullptr);
}

} // namespace
} // namespace commledger::rt
