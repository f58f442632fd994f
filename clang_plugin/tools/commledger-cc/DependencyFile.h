// The compiler wrote the dependency file of a temporary rewritten copy: point it back at the
// original source, or the build system sees a missing input and rebuilds the unit every time.
#pragma once
#include "CompilerCommand.h"

#include <string>
#include <utility>
#include <vector>

namespace commledger::instrument {

// The -MF file of the command, or <output without extension>.d for -MD/-MMD without -MF;
// empty when the command writes no dependency file.
std::string dependencyFilePath(const CompilerCommand &command);

// Replaces each rewritten path (first) by its original (second) in `path`; a missing or
// unreadable file is left alone (the compiler decided not to write it).
void restoreOriginalSources(const std::string &path,
                            const std::vector<std::pair<std::string, std::string>> &renamed);

} // namespace commledger::instrument
