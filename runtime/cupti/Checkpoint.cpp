// Periodic checkpoints: every COMMLEDGER_CHECKPOINT_MS (default 2000 ms, 0: off) a background
// thread flushes the CUPTI buffers that are complete and rewrites the trace with end reason
// "checkpoint", so a process killed by SIGKILL leaves what it had done until then. The final trace
// (exit, _exit, fatal signal) replaces it. The program's calls never wait for this thread: it holds
// the pipeline lock (shared only with CUPTI's buffer thread) while it copies the aggregates, and
// each request shard's lock only as long as RequestAggregator::rows() does.
#include "core/PeriodicTask.h"
#include "cupti/Runtime.h"
#include "core/LaunchCounter.h"

#include <cstdio>
#include <cstdlib>

namespace commledger::rt {

void Runtime::startCheckpoints() {
  if (written_.load())
    return; // at exit already, or in a fork() child
  std::string error;
  const std::uint32_t ms =
      PeriodicTask::intervalFromText(std::getenv("COMMLEDGER_CHECKPOINT_MS"), error);
  if (!error.empty())
    std::fprintf(stderr, "commledger: warning: %s\n", error.c_str());
  checkpoints_.start(ms, [this] { writeCheckpoint(); });
  // Registered now, after the program's early static objects, so it runs before their
  // destructors and before onExit: no checkpoint runs while exit() tears the process down.
  std::atexit([] {
    if (Runtime *rt = Runtime::instance())
      rt->checkpoints_.stop();
  });
}

void Runtime::writeCheckpoint() {
  if (written_.load())
    return;
  // 0, not CUPTI_ACTIVITY_FLAG_FLUSH_FORCED: only completed buffers, so the GPU work in flight is
  // never waited for; what is still in CUPTI's buffers goes to the next checkpoint.
  if (cuptiActive_)
    cupti().cuptiActivityFlushAll(0);
  format::Trace trace;
  std::uint64_t records = 0;
  {
    std::lock_guard<std::mutex> lock(activity_.pipelineMutex());
    trace.observed = pipeline_.snapshot();
    trace.kernels = mergeKernelRows(launchCounter().rows(), pipeline_.kernels());
    trace.unifiedMemory = pipeline_.unifiedMemory();
    trace.counters = pipeline_.counters();
    trace.events = pipeline_.events().rows();
    trace.eventsDropped = pipeline_.events().dropped();
    records = pipeline_.recordsSeen();
  }
  trace.requests = requests_.rows();
  // Counts only grow: equal totals mean nothing new since the last checkpoint, so an idle program
  // does not rewrite the same file every interval.
  std::uint64_t requests = 0;
  for (const format::RequestRow &row : trace.requests)
    requests += row.count;
  if (records == lastCheckpointRecords_ && requests == lastCheckpointRequests_)
    return;
  completeTrace(trace, "checkpoint");

  std::lock_guard<std::mutex> file(traceFileMutex_);
  if (written_.load())
    return; // the final trace is being written: it wins
  std::string path, error;
  if (writeTraceFile(trace, path, error)) {
    lastCheckpointRecords_ = records;
    lastCheckpointRequests_ = requests;
  } else if (!checkpointWarned_) {
    checkpointWarned_ = true;
    std::fprintf(stderr, "commledger: warning: cannot write checkpoint %s: %s\n", path.c_str(),
                 error.c_str());
  }
}

} // namespace commledger::rt
