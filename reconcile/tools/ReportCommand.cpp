// `commledger report`: site databases + traces -> matrices, per-site table, verdicts.
#include "Subcommands.h"

#include "commledger/reconcile/CommandLine.h"
#include "commledger/reconcile/ReconcileInput.h"
#include "commledger/reconcile/ReportBuilder.h"
#include "commledger/reconcile/ReportWriters.h"

#include <iostream>

namespace commledger::cli {

using namespace commledger::reconcile;

namespace {
const char *const kDefaultSites = "commledger-sites.json";

const char *const kReportHelp =
    "usage: commledger report [--sites FILE]... [--format text|json|csv] [-o FILE]\n"
    "                         TRACE_OR_DIR...\n"
    "\n"
    "Joins site databases and traces by site ID and prints communication matrices\n"
    "(row = receiver, column = sender, H = host) and one row per call site with a verdict.\n"
    "\n"
    "  --sites FILE   site database; repeatable (default: ./commledger-sites.json)\n"
    "  --format F     text (default, 100 columns), json (docs/report-format.md), csv\n"
    "  -o FILE        write the report to FILE instead of standard output\n"
    "  TRACE_OR_DIR   a trace file, or a directory: every trace-*.json in it\n";

} // namespace

int reportCommand(const Arguments &args) {
  ReportOptions options;
  std::string error;
  if (!parseReportArguments(args, options, error))
    return usageError(error, kReportHelp);
  if (options.help) {
    std::cout << kReportHelp;
    return 0;
  }
  if (options.siteFiles.empty())
    options.siteFiles.push_back(kDefaultSites);

  std::vector<std::string> tracePaths;
  ReconcileInput input;
  if (!expandTraceArguments(options.inputs, tracePaths, error) ||
      !loadInputs(options.siteFiles, tracePaths, input, error)) {
    std::cerr << error << "\n";
    return kBadInput;
  }
  Report result = buildReport(input);
  for (const std::string &warning : result.warnings)
    std::cerr << "commledger: warning: " << warning << "\n";

  // The format was checked against reportFormats() when the arguments were parsed.
  return emit(renderReport(result, options.format).value_or(""), options.output);
}

} // namespace commledger::cli
