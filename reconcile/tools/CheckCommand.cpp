// `commledger check`: the CI gate. Holds a run (site databases + traces) to a budget file and
// exits 1 with one line per violation, or records the run as the budget (--write-budget).
#include "Subcommands.h"

#include "commledger/reconcile/BudgetCheck.h"
#include "commledger/reconcile/CheckArguments.h"
#include "commledger/reconcile/ReconcileInput.h"
#include "commledger/reconcile/ReportBuilder.h"
#include "commledger/reconcile/TerminalStyle.h"

#include <iostream>

namespace commledger::cli {

using namespace commledger::reconcile;

namespace {
const char *const kCheckHelp =
    "usage: commledger check --budget BUDGET.json [--sites FILE]... TRACE_OR_DIR...\n"
    "       commledger check --write-budget BUDGET.json [--sites FILE]... TRACE_OR_DIR...\n"
    "\n"
    "Compares a run with a traffic budget: per site (max bytes, max transfers), per pair\n"
    "(\"G0->G1\", \"H->G1\") and forbidden traffic (e.g. {\"kind\": \"p2p_staged\"}: no copies\n"
    "between GPUs through the host). Prints one line per violation and exits 1; exits 0 with\n"
    "a one-line summary when the run is within budget. Format: docs/formats.md, \"Budget\";\n"
    "CI use: docs/ci-gate.md.\n"
    "\n"
    "  --budget FILE        the budget to hold the run to\n"
    "  --write-budget FILE  record this run as the budget instead (limits = observed), exit 0\n"
    "  --sites FILE         site database; repeatable (default: ./commledger-sites.json)\n"
    "  TRACE_OR_DIR         a trace file, or a directory: every trace-*.json in it\n"
    "\n"
    "exit status: 0 within budget (or budget written), 1 over budget or bad input, 2 usage\n";

std::string plural(std::size_t n, const char *word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

bool loadReport(const CheckOptions &options, Report &report) {
  ReconcileInput input;
  if (!loadRun(options.siteFiles, options.inputs, input))
    return false;
  report = buildReport(input);
  printWarnings(report.warnings);
  return true;
}
} // namespace

int checkCommand(const Arguments &args) {
  CheckOptions options;
  std::string error;
  if (!parseCheckArguments(args, options, error))
    return usageError(error, kCheckHelp);
  if (options.help) {
    std::cout << kCheckHelp;
    return 0;
  }
  // The budget first: a malformed one fails fast, before any trace is read.
  format::Budget budget;
  if (!options.budget.empty() && (!format::readBudget(options.budget, budget, error) ||
                                  !validateBudget(budget, options.budget, error))) {
    std::cerr << error << "\n";
    return kBadInput;
  }
  Report report;
  if (!loadReport(options, report))
    return kBadInput;

  if (!options.writeBudget.empty()) {
    format::Budget recorded = budgetFromReport(report);
    if (!format::writeBudget(options.writeBudget, recorded, error)) {
      std::cerr << error << "\n";
      return kBadInput;
    }
    std::cout << "commledger: wrote budget " << options.writeBudget << ": "
              << plural(recorded.sites.size(), "site") << ", "
              << plural(recorded.pairs.size(), "pair") << " from "
              << plural(report.traceFiles.size(), "trace") << "\n";
    return 0;
  }

  std::vector<std::string> violations = checkBudget(report, budget);
  for (const std::string &v : violations)
    std::cerr << "commledger: " << v << "\n";
  if (!violations.empty()) {
    std::cerr << "commledger: " << options.budget << ": "
              << plural(violations.size(), "budget violation") << "\n";
    return kBadInput;
  }
  std::cout << "commledger: within budget " << options.budget << ": "
            << plural(budget.sites.size(), "site") << ", " << plural(budget.pairs.size(), "pair")
            << ", " << plural(budget.forbid.size(), "forbid rule") << " checked against "
            << plural(report.traceFiles.size(), "trace") << "\n";
  return 0;
}

} // namespace commledger::cli
