// How the plugin makes clang compile the instrumented main file: a separate syntax-only parse of
// the same invocation runs the instrumenter, then the compile's main file is swapped for the
// rewritten text before the compile's own parse starts.
#pragma once
#include "commledger/instrument/Instrumenter.h"

#include "llvm/Support/Error.h"

#include <string>

namespace clang {
class CompilerInstance;
} // namespace clang

namespace commledger::instrument {

// True while instrumentMainFile's own parse runs: the plugin must not act on that parse.
bool insideInstrumentationParse();

// Parses CI's main file again in its own CompilerInstance (same flags, host side, diagnostics
// dropped, plus -D__COMMLEDGER_INSTRUMENTING__) and returns what the instrumenter made of it.
llvm::Expected<InstrumentedUnit> instrumentMainFile(clang::CompilerInstance &CI,
                                                    const InstrumentOptions &options);

// The folder holding commledger/site.h: `flagValue` if set, else $COMMLEDGER_RT_INCLUDE, else
// <folder of the plugin>/../include (an install), else the source tree's runtime/include.
llvm::Expected<std::string> resolveRuntimeIncludeDir(const std::string &flagValue);

// Makes CI compile `text` as its main file (same name, so __FILE__, diagnostics and debug info
// are unchanged) and adds `includeDir` as a system include folder. Call before parsing starts.
llvm::Error replaceMainFile(clang::CompilerInstance &CI, const std::string &text,
                            const std::string &includeDir);

} // namespace commledger::instrument
