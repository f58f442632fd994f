// `commledger run`: launch a program with the runtime preloaded (when this build has it).
#include "Subcommands.h"

#include "commledger/reconcile/CommandLine.h"

#ifdef COMMLEDGER_HAVE_LAUNCHER
#include "commledger/launcher/RunCommand.h"
#endif

#include <iostream>

namespace commledger::cli {

using namespace commledger::reconcile;

namespace {
const char *const kRunHelp =
    "usage: commledger run [-o DIR] [--events N] [--checkpoint-ms N] [--counters]\n"
    "                      -- PROG ARGS...\n"
    "\n"
    "Runs PROG with the CommLedger runtime preloaded; each process writes\n"
    "trace-<host>-<pid>.json into DIR. Returns PROG's exit code.\n"
    "\n"
    "  -o DIR       where traces go (default: ./commledger-out)\n"
    "  --events N   also keep the first N copies and memsets of each process as timed\n"
    "               events, for 'commledger timeline' (default: off)\n"
    "  --checkpoint-ms N\n"
    "               rewrite each trace every N ms while PROG runs, so a process killed\n"
    "               by SIGKILL leaves its last checkpoint (default: 2000; 0: off)\n"
    "  --counters   also sample each GPU's PCIe and NVLink byte counters (CUPTI PM\n"
    "               sampling, every COMMLEDGER_COUNTERS_INTERVAL_NS, default 20000) and\n"
    "               charge them to the kernels running; needs profiling permission\n"
    "               (default: off)\n";

} // namespace

int runCommand(const Arguments &args) {
  RunArguments parsed;
  std::string error;
  if (!parseRunArguments(args, parsed, error))
    return usageError(error, kRunHelp);
  if (parsed.help) {
    std::cout << kRunHelp;
    return 0;
  }
#ifdef COMMLEDGER_HAVE_LAUNCHER
  commledger::launcher::RunOptions options;
  if (!parsed.outputDir.empty())
    options.outDir = parsed.outputDir;
  options.argv = parsed.command;
  options.events = parsed.events;
  options.checkpointMs = parsed.checkpointMs;
  options.counters = parsed.counters;
  return commledger::launcher::runCommand(options);
#else
  std::cerr << "commledger: run is not available in this build\n";
  return kUsage;
#endif
}

} // namespace commledger::cli
