// Loading the inputs every reading subcommand shares: site databases and traces.
#include "Subcommands.h"

#include "commledger/reconcile/TerminalStyle.h"

#include <iostream>

namespace commledger::cli {

bool loadRun(std::vector<std::string> siteFiles, const std::vector<std::string> &traceArgs,
             reconcile::ReconcileInput &input) {
  if (siteFiles.empty())
    siteFiles.push_back(kDefaultSites);
  std::vector<std::string> tracePaths;
  std::string error;
  reconcile::ProgressLine progress("reading traces");
  auto onTrace = [&progress](std::size_t done, std::size_t total) { progress.update(done, total); };
  if (!reconcile::expandTraceArguments(traceArgs, tracePaths, error) ||
      !reconcile::loadInputs(siteFiles, tracePaths, input, error, onTrace)) {
    progress.erase();
    std::cerr << error << "\n";
    return false;
  }
  return true;
}

void printWarnings(const std::vector<std::string> &warnings) {
  for (const std::string &warning : warnings)
    std::cerr << "commledger: warning: " << warning << "\n";
}

} // namespace commledger::cli
