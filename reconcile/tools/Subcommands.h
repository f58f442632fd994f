// The subcommands of `commledger`, one file each; main() in commledger.cpp dispatches to them.
#pragma once
#include "commledger/reconcile/ReconcileInput.h"

#include <string>
#include <vector>

namespace commledger::cli {

using Arguments = std::vector<std::string>;

// Exit codes shared by every subcommand: bad input (a file) and bad usage (the command line).
constexpr int kBadInput = 1, kUsage = 2;

int reportCommand(const Arguments &args);
int showCommand(const Arguments &args);
int runCommand(const Arguments &args);
int checkCommand(const Arguments &args);
int timelineCommand(const Arguments &args);
int calibrateCommand(const Arguments &args);

// The site database used when no --sites is given.
inline constexpr const char *kDefaultSites = "commledger-sites.json";

// Reads the site databases (kDefaultSites when none) and the traces named by TRACE_OR_DIR
// arguments, with a progress line on a terminal; on failure prints the one-line error.
bool loadRun(std::vector<std::string> siteFiles, const std::vector<std::string> &traceArgs,
             reconcile::ReconcileInput &input);
// "commledger: warning: ..." on stderr, one line each.
void printWarnings(const std::vector<std::string> &warnings);

// Prints "commledger: <message>" and the subcommand's help to stderr; returns kUsage.
int usageError(const std::string &message, const char *help);
// Writes `text` to stdout, or atomically to `path` when it is not empty; returns the exit code.
int emit(const std::string &text, const std::string &path);

} // namespace commledger::cli
