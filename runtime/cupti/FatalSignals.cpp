// Fatal-signal hook; see FatalSignals.h. Flushing CUPTI and writing JSON in a handler is not
// async-signal-safe: it is best effort for a process that is dying anyway.
#include "cupti/FatalSignals.h"

#include "cupti/Runtime.h"

#include <execinfo.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>

namespace commledger::rt {
namespace {

struct Hooked {
  int signal;
  const char *name;
  struct sigaction previous;
};

Hooked hooked[] = {{SIGSEGV, "SIGSEGV", {}}, {SIGABRT, "SIGABRT", {}}, {SIGBUS, "SIGBUS", {}},
                   {SIGFPE, "SIGFPE", {}},   {SIGILL, "SIGILL", {}},   {SIGTERM, "SIGTERM", {}}};

// COMMLEDGER_BACKTRACE=1: the frames of the fault on stderr (addresses in libcommledger-rt.so
// resolve with addr2line against an unstripped build), for faults inside the runtime itself.
void printBacktrace() {
  const char *on = std::getenv("COMMLEDGER_BACKTRACE");
  if (!on || *on != '1')
    return;
  void *frames[48];
  const int n = backtrace(frames, 48);
  backtrace_symbols_fd(frames, n, STDERR_FILENO);
}

void onFatalSignal(int signal) {
  for (Hooked &h : hooked) {
    if (h.signal != signal)
      continue;
    printBacktrace();
    if (Runtime *rt = Runtime::instance())
      rt->writeTraceOnce(std::string("signal ") + h.name, /*fromSignal=*/true);
    sigaction(signal, &h.previous, nullptr);
    // Blocked while this handler runs: delivered to the restored handler once we return (a
    // fault re-executes the faulting instruction anyway), so the exit status is unchanged.
    raise(signal);
    return;
  }
}

} // namespace

void installFatalSignalHandlers() {
  for (Hooked &h : hooked) {
    struct sigaction current {};
    if (sigaction(h.signal, nullptr, &current) != 0 || current.sa_handler == SIG_IGN)
      continue;
    struct sigaction ours {};
    ours.sa_handler = onFatalSignal;
    sigemptyset(&ours.sa_mask);
    if (sigaction(h.signal, &ours, &h.previous) != 0)
      h.previous = current;
  }
}

} // namespace commledger::rt
