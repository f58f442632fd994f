// Hand-written argument parsing for the `commledger` subcommands (no LLVM in reconcile/).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace commledger::reconcile {

struct ReportOptions {
  std::vector<std::string> siteFiles; // --sites, repeatable
  std::string format = "text";        // text | json | csv
  std::string output;                 // -o; empty = stdout
  std::string sourceRoot;             // --source-root: where the HTML report reads snippets
  std::string machineProfile;         // --machine-profile: wire/payload ratios (calibrate)
  std::vector<std::string> inputs;    // traces or directories
  bool help = false;
};

struct ShowOptions {
  std::vector<std::string> siteFiles; // --sites, repeatable: name a trace's sites by line
  std::string input;                  // a site database or a trace
  bool help = false;
};

struct TimelineOptions {
  std::vector<std::string> siteFiles; // --sites, repeatable
  std::string output;                 // -o; empty = stdout
  std::vector<std::string> inputs;    // traces or directories
  bool help = false;
};

struct RunArguments {
  std::string outputDir;            // -o; empty = the launcher's default
  std::uint64_t events = 0;         // --events N; 0 = no event log
  std::int64_t checkpointMs = -1;   // --checkpoint-ms N; -1 = the runtime's default (0 = off)
  bool counters = false;            // --counters: PM-sampled link counters per kernel
  std::vector<std::string> command; // everything after "--"
  bool help = false;
};

// On a usage error return false with `error` saying what is wrong (without "commledger:").
bool parseReportArguments(const std::vector<std::string> &args, ReportOptions &out,
                          std::string &error);
bool parseShowArguments(const std::vector<std::string> &args, ShowOptions &out,
                        std::string &error);
bool parseRunArguments(const std::vector<std::string> &args, RunArguments &out,
                       std::string &error);
bool parseTimelineArguments(const std::vector<std::string> &args, TimelineOptions &out,
                            std::string &error);

} // namespace commledger::reconcile
