// The checkpoint thread; see PeriodicTask.h.
#include "core/PeriodicTask.h"

#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <new>

namespace commledger::rt {

void PeriodicTask::start(std::uint32_t intervalMs, std::function<void()> task) {
  if (intervalMs == 0 || stopping_.load())
    return;
  std::lock_guard<std::mutex> lock(mutex_);
  if (started_.load() || stopping_.load())
    return;
  task_ = std::move(task);
  // Created with every asynchronous signal blocked, so it inherits the mask from its first
  // instruction: a SIGTERM or SIGINT handler of the program then runs on the program's threads.
  sigset_t all, previous;
  sigfillset(&all);
  for (int fault : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
    sigdelset(&all,
              fault); // synchronous: blocking them would hide a crash, not move it
  pthread_sigmask(SIG_SETMASK, &all, &previous);
  try {
    thread_ = std::thread([this, intervalMs] {
      taskThread_.store(std::this_thread::get_id());
      loop(intervalMs);
    });
    started_.store(true);
  } catch (...) {
    // No thread (resource limits): the program runs on, the trace is written at exit only.
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
}

PeriodicTask::~PeriodicTask() {
  stop();
  // Stopped from its own task, the thread was detached: it must be done with
  // *this first.
  while (detached_.load() && !finished_.load())
    std::this_thread::yield();
}

void PeriodicTask::loop(std::uint32_t intervalMs) {
  {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!stopping_.load()) {
      wake_.wait_for(lock, std::chrono::milliseconds(intervalMs),
                     [this] { return stopping_.load(); });
      if (stopping_.load())
        break;
      lock.unlock(); // stop() must be able to take the lock while the task runs
      try {
        task_();
      } catch (...) {
        // An exception leaving this thread would terminate the program; a checkpoint that
        // failed (out of memory, say) is skipped, the next one tries again.
      }
      runs_.fetch_add(1);
      lock.lock();
    }
  }
  finished_.store(true);
}

void PeriodicTask::requestStop() {
  stopping_.store(true);
  // No lock here: a signal handler may have interrupted a holder of mutex_. The thread sees the
  // flag at its next wake-up at the latest.
}

void PeriodicTask::stop() {
  stopping_.store(true);
  if (inChild_.load())
    return; // mutex_ may have been copied locked by a thread that does not
            // exist here
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_.store(true);
  }
  wake_.notify_all();
  if (!started_.load())
    return;
  if (taskThread_.load() == std::this_thread::get_id()) {
    // The task itself ended the process (exit() on the checkpoint thread). If another thread
    // holds joinMutex_ it is joining this one, which ends once the task returns.
    std::unique_lock<std::mutex> guard(joinMutex_, std::try_to_lock);
    if (guard.owns_lock() && thread_.joinable()) {
      detached_.store(true);
      thread_.detach();
    }
    return;
  }
  std::lock_guard<std::mutex> guard(joinMutex_);
  if (thread_.joinable())
    thread_.join();
}

void PeriodicTask::forgetInChild() {
  inChild_.store(true);
  stopping_.store(true);
  // The thread object names a thread of the parent: release it without join() or terminate(). Its
  // storage is left as is; the child never touches it again.
  if (thread_.joinable())
    new (&thread_) std::thread();
  started_.store(false);
}

std::uint32_t PeriodicTask::intervalFromText(const char *text, std::string &error) {
  if (!text || !*text)
    return kDefaultIntervalMs;
  std::uint64_t value = 0;
  for (const char *p = text; *p; ++p) {
    if (*p < '0' || *p > '9') {
      error = std::string("COMMLEDGER_CHECKPOINT_MS='") + text +
              "' is not a number of milliseconds; using " + std::to_string(kDefaultIntervalMs);
      return kDefaultIntervalMs;
    }
    value =
        std::min<std::uint64_t>(kMaxIntervalMs, value * 10 + static_cast<std::uint64_t>(*p - '0'));
  }
  return static_cast<std::uint32_t>(value);
}

} // namespace commledger::rt
