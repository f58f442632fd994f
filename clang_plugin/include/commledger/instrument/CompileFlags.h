// The flags the instrumentation parse adds to a unit's own: CUDA host-side parsing of .cu files,
// Clang's resource dir (its CUDA wrapper headers), and the macro that says "being instrumented".
#pragma once
#include "clang/Tooling/ArgumentsAdjusters.h"

#include <string>
#include <vector>

namespace commledger::instrument {

// --resource-dir flag if given, else $COMMLEDGER_RESOURCE_DIR, else the value baked at build time.
std::string resolveResourceDir(const std::string &flagValue);

// True for the extensions parsed as CUDA (.cu, .cuh).
bool isCudaSource(llvm::StringRef path);

// The flags of a compiler command (gcc, clang or nvcc spelling, without argv[0] and inputs) that
// matter to parsing, in clang spelling: -I -D -U -isystem -iquote -include -std. Everything else
// (code generation, nvcc's -gencode, ...) is dropped so the parse never fails on a foreign flag.
// Sets `cudaLanguage` when the command forces CUDA (`-x cu`, `-x cuda`).
std::vector<std::string> parseRelevantFlags(const std::vector<std::string> &args,
                                            bool &cudaLanguage);

// Rebuilds each command as: clang -fsyntax-only [CUDA host-side flags] -resource-dir <dir>
// -D__COMMLEDGER_INSTRUMENTING__ -w <parseRelevantFlags> <file>.
clang::tooling::ArgumentsAdjuster instrumentArgumentsAdjuster(const std::string &resourceDir);

} // namespace commledger::instrument
