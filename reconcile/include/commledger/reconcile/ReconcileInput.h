// Loading the inputs of a report: any number of site databases, merged, and any number of traces
// (a directory stands for every trace-*.json in it). Files are read only by the format readers.
#pragma once
#include "commledger/format/SiteDatabase.h"
#include "commledger/format/Trace.h"

#include <functional>
#include <string>
#include <vector>

namespace commledger::reconcile {

struct LoadedTrace {
  std::string path;
  format::Trace trace;
};

struct ReconcileInput {
  std::vector<std::string> siteFiles;
  format::SiteDatabase sites; // all databases merged
  std::vector<LoadedTrace> traces;
};

// Replaces each directory by its trace-*.json files (sorted); files pass through unchanged. A
// directory without traces is an error naming it.
bool expandTraceArguments(const std::vector<std::string> &args, std::vector<std::string> &paths,
                          std::string &error);
// On failure `error` is one line, "commledger: <file>: <problem>".
// `progress(done, total)` is called after each trace is read (the CLI's progress line).
bool loadInputs(const std::vector<std::string> &siteFiles,
                const std::vector<std::string> &tracePaths, ReconcileInput &out,
                std::string &error,
                const std::function<void(std::size_t, std::size_t)> &progress = {});

} // namespace commledger::reconcile
