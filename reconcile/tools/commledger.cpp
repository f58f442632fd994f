// The `commledger` command: dispatches to one subcommand per file (Subcommands.h).
#include "Subcommands.h"

#include <iostream>
#include <string>

using namespace commledger::cli;

namespace {

struct Subcommand {
  const char *name;
  int (*run)(const Arguments &);
};
const Subcommand kSubcommands[] = {
    {"report", reportCommand},
    {"show", showCommand},
    {"run", runCommand},
    {"check", checkCommand},
    {"timeline", timelineCommand},
    {"calibrate", calibrateCommand},
};

const char *const kMainHelp =
    "usage: commledger <command> [options]\n"
    "\n"
    "commands:\n"
    "  report   join site databases and traces: matrices, per-site table, verdicts\n"
    "  show     list a site database or a trace, one site or row per line\n"
    "  run      run a program under the CommLedger runtime and write its trace\n"
    "  check    hold a run to a traffic budget (the CI gate); --write-budget records one\n"
    "  timeline copies per GPU and stream as Chrome trace JSON (Perfetto)\n"
    "  calibrate measure this machine's links: wire/payload ratio and bandwidth per link\n"
    "\n"
    "  commledger <command> --help   options of one command\n"
    "  commledger --version          print the version\n";

} // namespace

int main(int argc, char **argv) {
  if (argc < 2)
    return usageError("no command given", kMainHelp);
  const std::string command = argv[1];
  const Arguments rest(argv + 2, argv + argc);
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kMainHelp;
    return 0;
  }
  if (command == "--version") {
    std::cout << "commledger " << COMMLEDGER_VERSION << "\n";
    return 0;
  }
  for (const Subcommand &s : kSubcommands)
    if (command == s.name)
      return s.run(rest);
  return usageError("unknown command '" + command + "'", kMainHelp);
}
