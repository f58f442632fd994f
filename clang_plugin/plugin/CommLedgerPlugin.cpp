// Clang plugin front end: runs after the main action of a host-side compile and
//   -fplugin-arg-commledger-sites=<file>         merges the unit's sites into <file> (flock)
//   -fplugin-arg-commledger-out=<dir>            writes the rewritten main file into <dir>
//   -fplugin-arg-commledger-project-root=<dir>   site paths relative to <dir>
// It does not change what this compile emits: the object is built from the original source.
// To build from the rewritten source use `commledger-cc clang++ ...` (see docs/instrumenter.md).
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
  std::string sitesPath, outputDir;
  InstrumentOptions options;
};

// Runs the instrumenter's consumer, then writes what was asked for.
class PluginConsumer : public clang::ASTConsumer {
public:
  PluginConsumer(clang::CompilerInstance &CI, PluginSettings settings)
      : settings_(std::move(settings)), inner_(createInstrumentConsumer(CI, settings_.options, unit_)) {}

  void HandleTranslationUnit(clang::ASTContext &context) override {
    inner_->HandleTranslationUnit(context);
    if (!unit_.parsed)
      return; // the compile itself reports the errors
    if (!settings_.sitesPath.empty())
      if (llvm::Error e = mergeIntoSharedDatabase(settings_.sitesPath, unit_.sites))
        llvm::errs() << "commledger: warning: " << llvm::toString(std::move(e)) << "\n";
    if (!settings_.outputDir.empty())
      writeRewritten();
  }

private:
  void writeRewritten() {
    llvm::SmallString<256> target(settings_.outputDir);
    llvm::StringRef rel = unit_.relativePath;
    llvm::sys::path::append(target, llvm::sys::path::is_absolute(rel)
                                        ? llvm::sys::path::filename(rel) : rel);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(target));
    std::string error;
    if (!format::writeFileAtomically(std::string(target), unit_.outputText(), error))
      llvm::errs() << "commledger: warning: " << error << "\n";
  }

  PluginSettings settings_;
  InstrumentedUnit unit_;
  std::unique_ptr<clang::ASTConsumer> inner_;
};

class CommLedgerAction : public clang::PluginASTAction {
protected:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &CI,
                                                        llvm::StringRef) override {
    // Device-side compiles of the same file would record the same sites again.
    if (CI.getLangOpts().CUDAIsDevice)
      return std::make_unique<clang::ASTConsumer>();
    settings_.options.presumedFileName = ""; // the rewritten file names the original in #line
    return std::make_unique<PluginConsumer>(CI, settings_);
  }

  bool ParseArgs(const clang::CompilerInstance &, const std::vector<std::string> &args) override {
    for (llvm::StringRef arg : args) {
      auto [key, value] = arg.split('=');
      if (key == "sites")
        settings_.sitesPath = value.str();
      else if (key == "out")
        settings_.outputDir = value.str();
      else if (key == "project-root")
        settings_.options.projectRoot = value.str();
      else
        llvm::errs() << "commledger: warning: unknown plugin argument '" << arg
                     << "' (expected sites=, out=, project-root=)\n";
    }
    return true;
  }

  ActionType getActionType() override { return AddAfterMainAction; }

private:
  PluginSettings settings_;
};

} // namespace
} // namespace commledger::instrument

static clang::FrontendPluginRegistry::Add<commledger::instrument::CommLedgerAction>
    registration("commledger", "record CommLedger call sites and write the rewritten source");
