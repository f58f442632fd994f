// Clang plugin front end: `clang++ -fplugin=<lib>/CommLedgerPlugin.so ...` compiles the
// instrumented main file (host side) and
//   -fplugin-arg-commledger-sites=<file>         merges the unit's sites into <file> (flock)
//   -fplugin-arg-commledger-out=<dir>            writes the rewritten main file into <dir>
//   -fplugin-arg-commledger-project-root=<dir>   site paths relative to <dir>
//   -fplugin-arg-commledger-rt-include=<dir>     where commledger/site.h is (default: found)
//   -fplugin-arg-commledger-instrument=0         records only; compiles the original source
// Any instrumentation failure: one warning, and the original source is compiled.
#include "MainFileRewrite.h"
#include "SiteDatabaseLock.h"

#include "commledger/format/AtomicFile.h"
#include "commledger/instrument/Instrumenter.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace commledger::instrument {
namespace {

struct PluginSettings {
  std::string sitesPath, outputDir, runtimeInclude;
  bool compileInstrumented = true;
  InstrumentOptions options;
};

void warn(llvm::StringRef file, llvm::Error error, llvm::StringRef consequence) {
  llvm::errs() << "commledger: warning: " << file << ": " << llvm::toString(std::move(error))
               << consequence << "\n";
}

// Merges the unit's sites once the compile has parsed without errors, as commledger-cc merges
// only after the compiler succeeded: a failed compile leaves the database untouched.
class SiteRecorder : public clang::ASTConsumer {
public:
  SiteRecorder(clang::DiagnosticsEngine &diagnostics, std::string sitesPath,
               InstrumentedUnit unit)
      : diagnostics_(diagnostics), sitesPath_(std::move(sitesPath)), unit_(std::move(unit)) {}

  void HandleTranslationUnit(clang::ASTContext &) override {
    if (sitesPath_.empty() || diagnostics_.hasErrorOccurred())
      return;
    if (llvm::Error e = mergeIntoSharedDatabase(sitesPath_, unit_.sites))
      warn(sitesPath_, std::move(e), "");
  }

private:
  clang::DiagnosticsEngine &diagnostics_;
  std::string sitesPath_;
  InstrumentedUnit unit_;
};

class CommLedgerAction : public clang::PluginASTAction {
protected:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &CI,
                                                        llvm::StringRef file) override {
    // Device-side compiles of the same file would record the same sites again, and device code
    // is never wrapped.
    if (CI.getLangOpts().CUDAIsDevice)
      return std::make_unique<clang::ASTConsumer>();
    settings_.options.presumedFileName = ""; // #line names the file as this compile names it
    llvm::Expected<InstrumentedUnit> unit = instrumentMainFile(CI, settings_.options);
    if (!unit) {
      warn(file, unit.takeError(), "; compiling the original source");
      return std::make_unique<clang::ASTConsumer>();
    }
    if (settings_.compileInstrumented && unit->rewrittenText)
      compileRewritten(CI, file, *unit->rewrittenText);
    if (!settings_.outputDir.empty())
      writeRewritten(*unit);
    return std::make_unique<SiteRecorder>(CI.getDiagnostics(), settings_.sitesPath,
                                          std::move(*unit));
  }

  bool ParseArgs(const clang::CompilerInstance &, const std::vector<std::string> &args) override {
    if (insideInstrumentationParse())
      return false; // our own parse of the file: leave it alone
    for (llvm::StringRef arg : args) {
      auto [key, value] = arg.split('=');
      if (key == "sites")
        settings_.sitesPath = value.str();
      else if (key == "out")
        settings_.outputDir = value.str();
      else if (key == "project-root")
        settings_.options.projectRoot = value.str();
      else if (key == "rt-include")
        settings_.runtimeInclude = value.str();
      else if (key == "instrument")
        settings_.compileInstrumented = value != "0" && value != "off" && value != "false";
      else
        llvm::errs() << "commledger: warning: unknown plugin argument '" << arg
                     << "' (expected sites=, out=, project-root=, rt-include=, instrument=)\n";
    }
    return true;
  }

  // Before: the main file must be replaced before anything else looks at it.
  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  void compileRewritten(clang::CompilerInstance &CI, llvm::StringRef file,
                        const std::string &text) {
    llvm::Expected<std::string> includeDir = resolveRuntimeIncludeDir(settings_.runtimeInclude);
    llvm::Error error = includeDir ? replaceMainFile(CI, text, *includeDir)
                                   : includeDir.takeError();
    if (error)
      warn(file, std::move(error), "; compiling the original source");
  }

  void writeRewritten(const InstrumentedUnit &unit) {
    llvm::SmallString<256> target(settings_.outputDir);
    llvm::StringRef rel = unit.relativePath;
    llvm::sys::path::append(target, llvm::sys::path::is_absolute(rel)
                                        ? llvm::sys::path::filename(rel) : rel);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(target));
    std::string error;
    if (!format::writeFileAtomically(std::string(target), unit.outputText(), error))
      llvm::errs() << "commledger: warning: " << error << "\n";
  }

  PluginSettings settings_;
};

} // namespace
} // namespace commledger::instrument

static clang::FrontendPluginRegistry::Add<commledger::instrument::CommLedgerAction>
    registration("commledger", "compile the instrumented source and record CommLedger call sites");
