// Argument parsing for `commledger check` (kept apart from CommandLine.cpp, which the other
// subcommands share).
#pragma once
#include <string>
#include <vector>

namespace commledger::reconcile {

struct CheckOptions {
  std::vector<std::string> siteFiles; // --sites, repeatable
  std::string budget;                 // --budget: the budget to hold the run to
  std::string writeBudget;            // --write-budget: record the run as the budget instead
  std::vector<std::string> inputs;    // traces or directories
  bool help = false;
};

// On a usage error return false with `error` saying what is wrong (without "commledger:").
bool parseCheckArguments(const std::vector<std::string> &args, CheckOptions &out,
                         std::string &error);

} // namespace commledger::reconcile
