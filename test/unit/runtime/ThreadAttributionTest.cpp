// 8 host threads copy at their own sites at the same time, as libcommledger-rt.so sees it: a
// per-thread site stack, the sharded request aggregator, and CUPTI-like record batches fed to the
// observation pipeline under one lock, out of order, while a checkpoint thread snapshots both every
// millisecond. Every site's bytes and counts must come out exact, nothing unattributed. Built and
// run under ThreadSanitizer by scripts/test.sh (build-tsan).
#include "core/ObservationPipeline.h"
#include "core/PeriodicTask.h"
#include "core/RequestAggregator.h"
#include "core/SiteStack.h"

#include "FakeRecordSource.h"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

namespace commledger::rt::test {
namespace {

constexpr int kThreads = 8;
constexpr int kCopiesPerThread = 400;
constexpr int kBatch = 16; // records a thread hands over at once, as CUPTI hands buffers

thread_local SiteStack siteStack; // as in SiteApi.cpp

format::SiteId siteOf(int thread) { return 0x7000 + static_cast<format::SiteId>(thread); }
// Thread t copies 1000 × (t + 1) bytes to GPU t % 2 per call.
std::uint64_t bytesOf(int thread) { return 1000ull * static_cast<std::uint64_t>(thread + 1); }

struct Shared {
  RequestAggregator requests;
  ObservationPipeline pipeline;
  std::mutex pipelineMutex; // CuptiActivityApi's lock
  std::atomic<std::uint32_t> nextCorrelation{1};
};

struct Pending {
  std::uint32_t id;
  format::SiteId site;
  CopyRecord copy;
};

void deliver(Shared &shared, std::vector<Pending> &batch) {
  std::lock_guard<std::mutex> lock(shared.pipelineMutex);
  // Copies before their correlations: the resolver must hold them until the batch ends.
  for (const Pending &p : batch)
    shared.pipeline.onCopy(p.copy);
  for (const Pending &p : batch)
    shared.pipeline.onExternalCorrelation(p.id, p.site);
  shared.pipeline.endOfBatch();
  batch.clear();
}

void copyingThread(Shared &shared, int thread) {
  std::vector<Pending> batch;
  const int gpu = thread % 2;
  for (int i = 0; i < kCopiesPerThread; ++i) {
    // commledger_enter, the CUPTI API-enter callback, commledger_leave.
    siteStack.push(siteOf(thread));
    SiteFrame *frame = siteStack.frameToCapture();
    ASSERT_NE(frame, nullptr);
    frame->request.api = "cudaMemcpyAsync";
    frame->request.kind = 1; // cudaMemcpyHostToDevice
    frame->request.bytes = bytesOf(thread);
    frame->captured = true;
    const std::uint32_t id = shared.nextCorrelation.fetch_add(1);
    const SiteFrame *popped = siteStack.pop();
    ASSERT_NE(popped, nullptr);
    RequestKey key;
    key.site = popped->site;
    key.api = popped->request.api;
    key.kind = popped->request.kind;
    key.src = {format::kHostEndpoint, MemoryKind::Pinned};
    key.dst = {gpu, MemoryKind::Device};
    shared.requests.add(key, popped->request.bytes);
    batch.push_back(
        {id, siteOf(thread),
         copy(CopyKind::HtoD, MemoryKind::Pinned, MemoryKind::Device, gpu, bytesOf(thread), id)});
    if (batch.size() == kBatch)
      deliver(shared, batch);
  }
  if (!batch.empty())
    deliver(shared, batch);
  EXPECT_EQ(siteStack.depth(), 0u);
}

TEST(ThreadAttribution, EightThreadsAreAttributedExactly) {
  Shared shared;
  std::atomic<std::uint64_t> snapshots{0};
  PeriodicTask checkpoints;
  checkpoints.start(1, [&] { // Runtime::writeCheckpoint, minus the file
    {
      std::lock_guard<std::mutex> lock(shared.pipelineMutex);
      shared.pipeline.snapshot();
    }
    shared.requests.rows();
    snapshots.fetch_add(1);
  });
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back(copyingThread, std::ref(shared), t);
  for (std::thread &t : threads)
    t.join();
  checkpoints.stop();

  const auto requests = shared.requests.rows();
  const auto observed = shared.pipeline.finish();
  ASSERT_EQ(requests.size(), static_cast<std::size_t>(kThreads));
  ASSERT_EQ(observed.size(),
            static_cast<std::size_t>(kThreads)); // no unattributed bucket
  for (int t = 0; t < kThreads; ++t) {
    // 400 calls × 1000 × (t + 1) bytes, to GPU t % 2.
    const std::uint64_t bytes = kCopiesPerThread * bytesOf(t);
    EXPECT_EQ(requests[t].site, siteOf(t));
    EXPECT_EQ(requests[t].bytes, bytes);
    EXPECT_EQ(requests[t].count, static_cast<std::uint64_t>(kCopiesPerThread));
    EXPECT_EQ(requests[t].dst.device, t % 2);
    ASSERT_TRUE(observed[t].site.has_value());
    EXPECT_EQ(*observed[t].site, siteOf(t));
    EXPECT_EQ(observed[t].bytes, bytes);
    EXPECT_EQ(observed[t].count, static_cast<std::uint64_t>(kCopiesPerThread));
    EXPECT_EQ(observed[t].dst.device, t % 2);
  }
}

TEST(ThreadAttribution, NestedSitesOnEachThreadStayApart) {
  // Each thread's stack is its own: a thread entering an outer then an inner site captures at the
  // inner one, whatever the other threads do at the same time.
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([t, &wrong] {
      for (int i = 0; i < 1000; ++i) {
        siteStack.push(0x100 + t);
        siteStack.push(0x200 + t);
        SiteFrame *inner = siteStack.frameToCapture();
        if (!inner || inner->site != static_cast<format::SiteId>(0x200 + t))
          wrong.fetch_add(1);
        siteStack.pop();
        const SiteFrame *outer = siteStack.pop();
        if (!outer || outer->site != static_cast<format::SiteId>(0x100 + t))
          wrong.fetch_add(1);
      }
    });
  for (std::thread &t : threads)
    t.join();
  EXPECT_EQ(wrong.load(), 0);
}

} // namespace
} // namespace commledger::rt::test
