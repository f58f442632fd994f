// `commledger timeline`: traces' event logs -> Chrome trace event JSON for Perfetto.
#include "Subcommands.h"

#include "commledger/reconcile/CommandLine.h"
#include "commledger/reconcile/ReconcileInput.h"
#include "commledger/reconcile/Timeline.h"

#include <iostream>

namespace commledger::cli {

using namespace commledger::reconcile;

namespace {
const char *const kTimelineHelp =
    "usage: commledger timeline [--sites FILE]... [-o FILE] TRACE_OR_DIR...\n"
    "\n"
    "Writes the copies and memsets that traces recorded with 'commledger run --events N'\n"
    "as Chrome trace event JSON: one process per trace, one thread per GPU and stream,\n"
    "one slice per copy with its site, file:line:col and verdict. Open it in\n"
    "https://ui.perfetto.dev or chrome://tracing (docs/timeline.md).\n"
    "\n"
    "  --sites FILE   site database; repeatable (default: ./commledger-sites.json)\n"
    "  -o FILE        write the timeline to FILE instead of standard output\n"
    "  TRACE_OR_DIR   a trace file, or a directory: every trace-*.json in it\n";

} // namespace

int timelineCommand(const Arguments &args) {
  TimelineOptions options;
  std::string error;
  if (!parseTimelineArguments(args, options, error))
    return usageError(error, kTimelineHelp);
  if (options.help) {
    std::cout << kTimelineHelp;
    return 0;
  }
  ReconcileInput input;
  if (!loadRun(options.siteFiles, options.inputs, input))
    return kBadInput;
  const Timeline timeline = buildTimeline(input);
  for (const std::string &warning : timeline.warnings)
    std::cerr << "commledger: warning: " << warning << "\n";
  return emit(renderTimelineJson(timeline), options.output);
}

} // namespace commledger::cli
