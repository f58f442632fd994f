// The instrumenter's one entry point: parse a translation unit, find its call sites, predict
// their traffic and rewrite its main file. Shared by commledger-instrument, commledger-cc (through
// commledger-instrument) and the Clang plugin.
#pragma once
#include "commledger/format/SiteDatabase.h"

#include "clang/Tooling/Tooling.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTConsumer;
class CompilerInstance;
} // namespace clang

namespace commledger::instrument {

struct InstrumentOptions {
  // Site paths are relative to this; empty: the git top-level of the main file, else the
  // current directory.
  std::string projectRoot;
  // Name written in `#line 1 "..."` after the added include, so diagnostics, __FILE__ and
  // __LINE__ of the rewritten file are those of the original. Empty: the main file as parsed.
  std::string presumedFileName;
};

// What one translation unit produced.
struct InstrumentedUnit {
  std::string mainFile;     // as parsed
  std::string relativePath; // relative to sites.projectRoot, as in the sites' "file"
  // False when the parse had errors: then the output is the original text and there are no sites.
  bool parsed = false;
  std::string originalText; // the main file's bytes
  // Set only when at least one call was wrapped; otherwise the original is the output.
  std::optional<std::string> rewrittenText;
  format::SiteDatabase sites;

  const std::string &outputText() const { return rewrittenText ? *rewrittenText : originalText; }
};

// An ASTConsumer that fills `out` when the translation unit is complete.
std::unique_ptr<clang::ASTConsumer> createInstrumentConsumer(clang::CompilerInstance &CI,
                                                             const InstrumentOptions &options,
                                                             InstrumentedUnit &out);

// For ClangTool: one InstrumentedUnit appended to `results` per translation unit parsed.
std::unique_ptr<clang::tooling::FrontendActionFactory>
newInstrumentActionFactory(const InstrumentOptions &options, std::vector<InstrumentedUnit> &results);

} // namespace commledger::instrument
