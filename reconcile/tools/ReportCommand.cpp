// `commledger report`: site databases + traces -> matrices, per-site table, verdicts.
#include "Subcommands.h"

#include "commledger/reconcile/CommandLine.h"
#include "commledger/reconcile/ReconcileInput.h"
#include "commledger/reconcile/ReportBuilder.h"
#include "commledger/reconcile/ReportWriters.h"
#include "commledger/reconcile/TerminalStyle.h"
#include "commledger/reconcile/implicit/ImplicitTrafficBuilder.h"

#include <iostream>

namespace commledger::cli {

using namespace commledger::reconcile;

namespace {
const char *const kReportHelp =
    "usage: commledger report [--sites FILE]... [--format text|json|csv] [-o FILE]\n"
    "                         TRACE_OR_DIR...\n"
    "\n"
    "Joins site databases and traces by site ID and prints communication matrices\n"
    "(row = receiver, column = sender, H = host) and one row per call site with a verdict.\n"
    "\n"
    "  --sites FILE   site database; repeatable (default: ./commledger-sites.json)\n"
    "  --format F     text (default, 100 columns), json (docs/report-format.md), csv\n"
    "                 sarif (SARIF 2.1.0: findings as code-review annotations)\n"
    "                 html (one self-contained page, heatmaps: docs/html-report.md)\n"
    "  -o FILE        write the report to FILE instead of standard output\n"
    "  --source-root DIR  read source under DIR: html snippets, allocation names for the unified-\n"
    "                 memory model (default: the database's root)\n"
    "  --machine-profile FILE  wire/payload ratios from `commledger calibrate`: counter bytes\n"
    "                 become payload estimates (default: uncalibrated wire bytes)\n"
    "  TRACE_OR_DIR   a trace file, or a directory: every trace-*.json in it\n"
    "text colours: on a terminal; off with NO_COLOR; COMMLEDGER_COLOR=always|never|auto\n";

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
  ReconcileInput input;
  if (!loadRun(options.siteFiles, options.inputs, input))
    return kBadInput;
  Report result = buildReport(input);
  result.sourceRoot = options.sourceRoot;
  if (!options.sourceRoot.empty() || !options.machineProfile.empty()) {
    ImplicitOptions implicit{sourceLinesUnder(options.sourceRoot.empty() ? input.sites.projectRoot
                                                                         : options.sourceRoot),
                             {}, options.machineProfile};
    if (!options.machineProfile.empty()) {
      format::MachineProfile profile;
      if (!format::readMachineProfile(options.machineProfile, profile, error)) {
        std::cerr << error << '\n'; // the reader names the file: "commledger: <file>: ..."
        return kBadInput;
      }
      implicit.profile = profile;
    }
    result.implicit = buildImplicitTraffic(input, result.deviceCount, implicit);
  }
  result.color = options.output.empty() && colorWantedFor(1); // stdout, when it is a terminal
  printWarnings(result.warnings);

  // The format was checked against reportFormats() when the arguments were parsed.
  return emit(renderReport(result, options.format).value_or(""), options.output);
}

} // namespace commledger::cli
