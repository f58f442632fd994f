// _exit and _Exit end the process without atexit handlers, so the runtime would otherwise leave
// only its last checkpoint. The preloaded library defines both: write the trace (end reason
// "_exit"), then call the C library's own through dlsym(RTLD_NEXT). exit() is not affected: it
// reaches the kernel through glibc's internal _exit, after our atexit handler has run.
#include "cupti/Runtime.h"

#include <dlfcn.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdlib>

namespace {

using commledger::rt::Runtime;

void writeTraceBeforeExit() {
  Runtime *rt = Runtime::instance();
  // A vfork() child shares our memory and may _exit after a failed exec: not our process. _exit is
  // async-signal-safe and often called from handlers: take the signal-safe path.
  if (rt && rt->ownsThisProcess())
    rt->writeTraceOnce("_exit", /*fromSignal=*/true);
}

[[noreturn]] void callNext(const char *name, int status) {
  using ExitFunction = void (*)(int);
  if (auto next = reinterpret_cast<ExitFunction>(dlsym(RTLD_NEXT, name)))
    next(status);
  syscall(SYS_exit_group,
          status); // no next definition: end the process as _exit would
  __builtin_unreachable();
}

} // namespace

extern "C" __attribute__((visibility("default"), noreturn)) void _exit(int status) {
  writeTraceBeforeExit();
  callNext("_exit", status);
}

extern "C" __attribute__((visibility("default"), noreturn)) void _Exit(int status) noexcept {
  writeTraceBeforeExit();
  callNext("_Exit", status);
}
