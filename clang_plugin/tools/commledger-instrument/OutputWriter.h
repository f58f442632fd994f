// Where commledger-instrument puts its results: rewritten sources (stdout, one file, or a folder
// mirroring the project) and the merged site database.
#pragma once
#include "commledger/instrument/Instrumenter.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace commledger::instrument {

// `--output <file>` (one unit only), `-o <dir>` (the unit's path relative to its project root,
// recreated under dir), or stdout when both are empty.
llvm::Error writeRewrittenSources(const std::vector<InstrumentedUnit> &units,
                                  const std::string &outputFile, const std::string &outputDir);

// Merges the units' sites into `path` (created if missing; existing sites kept).
llvm::Error mergeSitesInto(const std::string &path, const std::vector<InstrumentedUnit> &units);

} // namespace commledger::instrument
