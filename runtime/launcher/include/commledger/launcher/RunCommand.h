// `commledger run [-o DIR] [--events N] [--checkpoint-ms N] [--counters] -- ./app args...`: runs a program with libcommledger-rt.so preloaded
// and says where its traces went. Knows nothing of CUPTI: it only prepares the environment.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace commledger::launcher {

struct RunOptions {
  std::string outDir = "commledger-out"; // made absolute and created before the program starts
  std::vector<std::string> argv;         // the program and its arguments
  // COMMLEDGER_EVENTS for the program: keep the first N copies as timed events (0: the
  // environment's own value, if any, stays; the log is off by default).
  std::uint64_t events = 0;
  // COMMLEDGER_CHECKPOINT_MS for the program: milliseconds between trace checkpoints, 0 turns
  // them off; negative: the environment's own value, if any, stays (the runtime's default 2000).
  std::int64_t checkpointMs = -1;
  // COMMLEDGER_COUNTERS=1 for the program: sample PCIe/NVLink counters on every GPU and attribute
  // them to kernels (counters mode). False: the environment's own value, if any, stays.
  bool counters = false;
  // libcommledger-rt.so; empty: $COMMLEDGER_RT_LIB, else <dir of this executable>/../lib/.
  std::string runtimeLibrary;
};

// The library the launcher would preload, or "" when none is found.
std::string findRuntimeLibrary(const RunOptions &options);

// Runs the program and waits for it. Returns its exit code, 128+N when killed by signal N, 127
// when it could not be started. Prints one `commledger:` line to stderr about the trace(s).
int runCommand(const RunOptions &options);

} // namespace commledger::launcher
