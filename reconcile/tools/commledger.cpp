// The `commledger` command: `report` joins site databases and traces into matrices and a per-site
// table; `show` lists one site database or trace line by line; `run` launches a program under
// the runtime (when this build has the launcher).
#include "commledger/format/AtomicFile.h"
#include "commledger/reconcile/CommandLine.h"
#include "commledger/reconcile/ReconcileInput.h"
#include "commledger/reconcile/ReportBuilder.h"
#include "commledger/reconcile/ReportWriters.h"
#include "commledger/reconcile/ShowListing.h"

#ifdef COMMLEDGER_HAVE_LAUNCHER
#include "commledger/launcher/RunCommand.h"
#endif

#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

using namespace commledger::reconcile;

namespace {

constexpr int kBadInput = 1, kUsage = 2;
const char *const kDefaultSites = "commledger-sites.json";

const char *const kMainHelp =
    "usage: commledger <command> [options]\n"
    "\n"
    "commands:\n"
    "  report   join site databases and traces: matrices, per-site table, verdicts\n"
    "  show     list a site database or a trace, one site or row per line\n"
    "  run      run a program under the CommLedger runtime and write its trace\n"
    "\n"
    "  commledger <command> --help   options of one command\n"
    "  commledger --version          print the version\n";

const char *const kReportHelp =
    "usage: commledger report [--sites FILE]... [--format text|json|csv] [-o FILE]\n"
    "                         TRACE_OR_DIR...\n"
    "\n"
    "Joins site databases and traces by site ID and prints communication matrices\n"
    "(row = receiver, column = sender, H = host) and one row per call site with a verdict.\n"
    "\n"
    "  --sites FILE   site database; repeatable (default: ./commledger-sites.json)\n"
    "  --format F     text (default, 100 columns), json (docs/report-format.md) or csv\n"
    "  -o FILE        write the report to FILE instead of standard output\n"
    "  TRACE_OR_DIR   a trace file, or a directory: every trace-*.json in it\n";

const char *const kShowHelp =
    "usage: commledger show [--sites FILE]... FILE\n"
    "\n"
    "Prints one site database or trace, one line each, for reading and grepping.\n"
    "A site database (what the instrumenter found): 'sites: N', then per site\n"
    "  file:line:col api family instrumented=0|1 [macro=M] [reason=\"R\"] fn=F\n"
    "  and for copies and memsets | dir= bytes= expr=\"\" src= dst= mult= [kind=] [note=\"\"]\n"
    "A trace (what the runtime recorded): 'cupti active=', 'devices= dropped= end=', then\n"
    "  L<line> request API KIND SRC->DST [declared=S->D] bytes=N count=N\n"
    "  L<line> observed COPY_KIND SRC->DST bytes=N count=N\n"
    "  unattributed BUCKET COPY_KIND SRC->DST bytes=N count=N\n"
    "  with endpoints G<n>:<memory> or H:<memory>, sorted by source line.\n"
    "\n"
    "  --sites FILE   site database naming a trace's sites by line; repeatable\n"
    "                 (without it every site reads L?)\n";

const char *const kRunHelp =
    "usage: commledger run [-o DIR] -- PROG ARGS...\n"
    "\n"
    "Runs PROG with the CommLedger runtime preloaded; each process writes\n"
    "trace-<host>-<pid>.json into DIR. Returns PROG's exit code.\n"
    "\n"
    "  -o DIR   where traces go (default: ./commledger-out)\n";

int usageError(const std::string &message, const char *help) {
  std::cerr << "commledger: " << message << "\n" << help;
  return kUsage;
}

std::vector<std::string> argumentsFrom(int argc, char **argv, int first) {
  return std::vector<std::string>(argv + first, argv + argc);
}

int report(const std::vector<std::string> &args) {
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

  std::string text = options.format == "json"  ? renderJson(result)
                     : options.format == "csv" ? renderCsv(result)
                                               : renderText(result);
  if (options.output.empty()) {
    std::cout << text;
    return std::cout.good() ? 0 : kBadInput;
  }
  if (!commledger::format::writeFileAtomically(options.output, text, error)) {
    std::cerr << error << "\n";
    return kBadInput;
  }
  return 0;
}

int show(const std::vector<std::string> &args) {
  ShowOptions options;
  std::string error;
  if (!parseShowArguments(args, options, error))
    return usageError(error, kShowHelp);
  if (options.help) {
    std::cout << kShowHelp;
    return 0;
  }
  std::string text;
  if (!showFile(options.input, options.siteFiles, text, error)) {
    std::cerr << error << "\n";
    return kBadInput;
  }
  std::cout << text;
  return std::cout.good() ? 0 : kBadInput;
}

int run(const std::vector<std::string> &args) {
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
  return commledger::launcher::runCommand(options);
#else
  std::cerr << "commledger: run is not available in this build\n";
  return kUsage;
#endif
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2)
    return usageError("no command given", kMainHelp);
  std::string command = argv[1];
  std::vector<std::string> rest = argumentsFrom(argc, argv, 2);
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kMainHelp;
    return 0;
  }
  if (command == "--version") {
    std::cout << "commledger " << COMMLEDGER_VERSION << "\n";
    return 0;
  }
  if (command == "report")
    return report(rest);
  if (command == "show")
    return show(rest);
  if (command == "run")
    return run(rest);
  return usageError("unknown command '" + command + "'", kMainHelp);
}
