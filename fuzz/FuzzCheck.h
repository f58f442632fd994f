// Properties every fuzz target checks beyond "no crash": a refused input gets one error line
// naming the file, and an accepted one survives write-then-read unchanged.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <string>

namespace commledger::fuzz {

// The path the targets pass to the readers; every error line must name it.
inline const char *const kInputPath = "fuzz-input.json";

// Aborts (a finding for libFuzzer) with `what` when `ok` is false.
inline void require(bool ok, const char *what, const std::string &detail) {
  if (ok)
    return;
  std::fprintf(stderr, "fuzz property violated: %s\n  %s\n", what, detail.c_str());
  std::abort();
}

// "commledger: <file>: <problem>", one line: what bad-input tests promise for any input.
inline void requireOneErrorLine(const std::string &error, const std::string &path) {
  std::string prefix = "commledger: " + path + ": ";
  require(error.compare(0, prefix.size(), prefix) == 0 && error.size() > prefix.size(),
          "error line does not start with 'commledger: <file>: '", error);
  require(error.find_first_of("\n\r") == std::string::npos, "error is not one line", error);
}

} // namespace commledger::fuzz
