// The pieces of periodic checkpoints that need no CUPTI: the background thread (PeriodicTask), the
// COMMLEDGER_CHECKPOINT_MS value, and the pipeline snapshot a checkpoint writes (what finish()
// would return now, leaving the pipeline untouched). Also built under ThreadSanitizer.
#include "core/ObservationPipeline.h"
#include "core/PeriodicTask.h"

#include "FakeRecordSource.h"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <thread>

namespace commledger::rt::test {
namespace {

TEST(CheckpointInterval, FromText) {
  std::string error;
  EXPECT_EQ(PeriodicTask::intervalFromText(nullptr, error), 2000u);
  EXPECT_EQ(PeriodicTask::intervalFromText("", error), 2000u);
  EXPECT_EQ(PeriodicTask::intervalFromText("0", error), 0u);
  EXPECT_EQ(PeriodicTask::intervalFromText("250", error), 250u);
  // One day = 24 × 3600 × 1000 ms = 86400000 ms is the bound.
  EXPECT_EQ(PeriodicTask::intervalFromText("99999999999999999999", error), 86400000u);
  EXPECT_TRUE(error.empty());
  EXPECT_EQ(PeriodicTask::intervalFromText("2s", error), 2000u);
  EXPECT_EQ(error, "COMMLEDGER_CHECKPOINT_MS='2s' is not a number of "
                   "milliseconds; using 2000");
}

// Waits for `n` runs without bounding the wait by time: the test's own timeout catches a hang.
void awaitRuns(const PeriodicTask &task, std::uint64_t n) {
  while (task.runs() < n)
    std::this_thread::yield();
}

TEST(PeriodicTask, RunsUntilStoppedAndNeverAfter) {
  std::atomic<int> calls{0};
  PeriodicTask task;
  task.start(1, [&calls] { calls.fetch_add(1); });
  EXPECT_TRUE(task.running());
  awaitRuns(task, 3);
  task.stop();
  const int atStop = calls.load();
  EXPECT_GE(atStop, 3);
  EXPECT_FALSE(task.running());
  task.start(1, [&calls] { calls.fetch_add(1); }); // a stopped task stays stopped
  task.stop();
  EXPECT_EQ(calls.load(), atStop);
}

TEST(PeriodicTask, StopWakesALongInterval) {
  // An hour-long interval: stop() must not wait for it (the test would time out).
  PeriodicTask task;
  std::atomic<int> calls{0};
  task.start(3600 * 1000, [&calls] { calls.fetch_add(1); });
  task.stop();
  EXPECT_EQ(calls.load(), 0);
}

TEST(PeriodicTask, ZeroIntervalStartsNothing) {
  PeriodicTask task;
  task.start(0, [] {});
  EXPECT_FALSE(task.running());
  task.stop();
}

TEST(PeriodicTask, StopFromTheTaskItselfDoesNotDeadlock) {
  // exit() called on the checkpoint thread would reach stop() there.
  PeriodicTask task;
  std::atomic<bool> entered{false}, stopped{false};
  task.start(1, [&] {
    if (!entered.exchange(true)) {
      task.stop();
      stopped.store(true); // only now is running() false
    }
  });
  while (!stopped.load())
    std::this_thread::yield();
  EXPECT_FALSE(task.running());
}

TEST(PeriodicTask, ForkedChildNeitherRunsNorJoinsIt) {
  PeriodicTask task;
  task.start(1, [] {});
  awaitRuns(task, 1);
  const pid_t child = fork();
  if (child == 0) {
    task.forgetInChild();
    task.stop(); // would hang on the parent's thread if it tried to join it
    _exit(task.running() ? 1 : 0);
  }
  int status = -1;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  task.stop();
}

TEST(PipelineSnapshot, IsWhatFinishWouldSayAndChangesNothing) {
  constexpr std::uint64_t MiB = 1024 * 1024;
  ObservationPipeline pipeline;
  // Site 0xa: a peer copy resolved at once. Site 0xb: a staged copy, one half still waiting. A copy
  // whose correlation has not arrived yet (id 4): "unknown" in a snapshot, site 0xc once its
  // correlation comes.
  pipeline.onExternalCorrelation(1, 0xa);
  pipeline.onCopy(peer(0, 1, MiB, 1));
  pipeline.onExternalCorrelation(2, 0xb);
  pipeline.onCopy(stagedDtoH(0, 2 * MiB, 2));
  pipeline.onCopy(copy(CopyKind::HtoD, MemoryKind::Pinned, MemoryKind::Device, 0, 4096, 4));
  pipeline.endOfBatch();

  const auto first = pipeline.snapshot();
  ASSERT_EQ(first.size(), 3u);
  EXPECT_EQ(first[0].bucket, "unknown"); // id 4, unresolved for now
  EXPECT_EQ(*first[1].site, 0xau);
  EXPECT_EQ(*first[2].site, 0xbu);
  EXPECT_EQ(first[2].copyKind, CopyKind::DtoH); // its HtoD half has not come
  EXPECT_EQ(pipeline.snapshot().size(), 3u);    // a second snapshot sees the same

  // The rest arrives: the staged pair completes and id 4 resolves; nothing counts twice.
  pipeline.onCopy(stagedHtoD(1, 2 * MiB, 2));
  pipeline.onExternalCorrelation(4, 0xc);
  pipeline.endOfBatch();
  const auto rows = pipeline.finish();
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(*rows[0].site, 0xau);
  EXPECT_EQ(rows[0].count, 1u);
  EXPECT_EQ(*rows[1].site, 0xbu);
  EXPECT_EQ(rows[1].copyKind, CopyKind::StagedPtoP);
  EXPECT_EQ(rows[1].bytes, 2 * MiB);
  EXPECT_EQ(rows[1].count, 1u);
  EXPECT_EQ(*rows[2].site, 0xcu);
  EXPECT_EQ(rows[2].bytes, 4096u);
}

} // namespace
} // namespace commledger::rt::test
