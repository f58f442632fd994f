// A background thread that runs one function every N milliseconds (the runtime's checkpoints).
// Stopping wakes it at once and joins it, except from the thread itself or a signal handler, where
// joining could deadlock; a forked child, which has no such thread, never joins it.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace commledger::rt {

class PeriodicTask {
public:
  PeriodicTask() = default;
  PeriodicTask(const PeriodicTask &) = delete;
  PeriodicTask &operator=(const PeriodicTask &) = delete;
  // The runtime keeps its task for the life of the process; tests destroy theirs.
  ~PeriodicTask();

  // Starts the thread once; later calls, an interval of 0, or a stopped task do nothing. The thread
  // blocks every asynchronous signal, so the program's handlers never run on it.
  void start(std::uint32_t intervalMs, std::function<void()> task);
  // Wakes the thread, lets a running task finish, joins. Idempotent.
  void stop();
  // Marks the task stopped without waiting: for signal handlers, and for the thread itself.
  void requestStop();
  // In a fork() child the thread does not exist: forget it without joining.
  void forgetInChild();

  bool running() const { return started_.load() && !stopping_.load(); }
  // How many times the task has run; for tests.
  std::uint64_t runs() const { return runs_.load(); }

  // COMMLEDGER_CHECKPOINT_MS: milliseconds between checkpoints. Unset or empty: the default; "0":
  // off; otherwise decimal digits (clamped at one day). Anything else: the default, and `error`
  // says why.
  static std::uint32_t intervalFromText(const char *text, std::string &error);
  static constexpr std::uint32_t kDefaultIntervalMs = 2000;
  static constexpr std::uint32_t kMaxIntervalMs = 24u * 3600u * 1000u;

private:
  void loop(std::uint32_t intervalMs);

  std::mutex mutex_; // guards thread_ and the wait; never held while the task runs
  std::condition_variable wake_;
  std::thread thread_;
  // Set by the thread itself first thing, so stop() can tell a call from the task without
  // touching thread_; joinMutex_ makes join() and detach() of thread_ one decision.
  std::atomic<std::thread::id> taskThread_{};
  std::mutex joinMutex_;
  std::function<void()> task_;
  std::atomic<bool> started_{false}, stopping_{false}, inChild_{false};
  std::atomic<bool> detached_{false}, finished_{false}; // finished_: the thread's last touch
  std::atomic<std::uint64_t> runs_{0};
};

} // namespace commledger::rt
