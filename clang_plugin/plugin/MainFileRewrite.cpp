// The plugin gets control in CreateASTConsumer, after the main file has a FileID but before the
// preprocessor has lexed a byte of it (clang/lib/Frontend/FrontendAction.cpp, BeginSourceFile):
// the last point where the compile's input can still be replaced.
#include "MainFileRewrite.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstdlib>
#include <dlfcn.h>

namespace commledger::instrument {
namespace {
// Set only on the thread running the separate parse: every plugin registered as "add before/after
// main action" is instantiated for any compile in the process, ours included.
thread_local bool nestedParse = false;

class InstrumentOnlyAction : public clang::ASTFrontendAction {
public:
  InstrumentOnlyAction(const InstrumentOptions &options, InstrumentedUnit &unit)
      : options_(options), unit_(unit) {}

  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &CI,
                                                        llvm::StringRef) override {
    return createInstrumentConsumer(CI, options_, unit_);
  }

private:
  const InstrumentOptions &options_;
  InstrumentedUnit &unit_;
};

// The folder this .so was loaded from: an installed plugin finds site.h at <prefix>/include.
std::string pluginFolder() {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void *>(&pluginFolder), &info) || !info.dli_fname)
    return "";
  return llvm::sys::path::parent_path(info.dli_fname).str();
}

bool holdsSiteHeader(llvm::StringRef dir) {
  llvm::SmallString<256> header(dir);
  llvm::sys::path::append(header, "commledger", "site.h");
  return !dir.empty() && llvm::sys::fs::exists(header);
}
} // namespace

bool insideInstrumentationParse() { return nestedParse; }

llvm::Expected<InstrumentedUnit> instrumentMainFile(clang::CompilerInstance &CI,
                                                    const InstrumentOptions &options) {
  auto invocation = std::make_shared<clang::CompilerInvocation>(CI.getInvocation());
  // Only the parse is wanted: nothing this compile writes (object, -MF file, serialized or
  // logged diagnostics) may be written a second time by it.
  clang::FrontendOptions &frontend = invocation->getFrontendOpts();
  frontend.ProgramAction = clang::frontend::ParseSyntaxOnly;
  frontend.OutputFile.clear();
  frontend.DisableFree = false;
  frontend.ShowStats = false;
  invocation->getDependencyOutputOpts() = clang::DependencyOutputOptions();
  invocation->getDiagnosticOpts().DiagnosticSerializationFile.clear();
  invocation->getDiagnosticOpts().DiagnosticLogFile.clear();
  // Same macro as commledger-instrument's parse, so code that tests it sees one behaviour.
  invocation->getPreprocessorOpts().addMacroDef("__COMMLEDGER_INSTRUMENTING__");

  clang::CompilerInstance nested(invocation, CI.getPCHContainerOperations());
  nested.setVirtualFileSystem(CI.getVirtualFileSystemPtr());
  // The compile reports its own diagnostics; printing the parse's too would double them.
  nested.createDiagnostics(new clang::IgnoringDiagConsumer, /*ShouldOwnClient=*/true);

  InstrumentedUnit unit;
  InstrumentOnlyAction action(options, unit);
  nestedParse = true;
  nested.ExecuteAction(action);
  nestedParse = false;
  if (!unit.parsed)
    return llvm::createStringError("could not be parsed for instrumentation");
  return unit;
}

llvm::Expected<std::string> resolveRuntimeIncludeDir(const std::string &flagValue) {
  if (!flagValue.empty()) { // asked for explicitly: a wrong folder is an error, not a fallback
    if (holdsSiteHeader(flagValue))
      return flagValue;
    return llvm::createStringError("rt-include=" + flagValue + " holds no commledger/site.h");
  }
  std::vector<std::string> candidates;
  if (const char *env = std::getenv("COMMLEDGER_RT_INCLUDE"); env && *env)
    candidates.push_back(env);
  if (std::string folder = pluginFolder(); !folder.empty())
    candidates.push_back(folder + "/../include");
  candidates.push_back(COMMLEDGER_SOURCE_RT_INCLUDE); // the plugin runs from the build tree
  for (const std::string &dir : candidates)
    if (holdsSiteHeader(dir))
      return dir;
  return llvm::createStringError(
      "commledger/site.h not found (pass -fplugin-arg-commledger-rt-include=<dir>)");
}

llvm::Error replaceMainFile(clang::CompilerInstance &CI, const std::string &text,
                            const std::string &includeDir) {
  clang::SourceManager &sm = CI.getSourceManager();
  clang::FileID original = sm.getMainFileID();
  clang::OptionalFileEntryRef entry = sm.getFileEntryRefForID(original);
  if (!entry)
    return llvm::createStringError("the main file is not a file on disk");
  clang::OptionalDirectoryEntryRef dir = CI.getFileManager().getOptionalDirectoryRef(includeDir);
  if (!dir)
    return llvm::createStringError("cannot open include folder " + includeDir);

  // The preprocessor already applied -I/-isystem: add the folder to its search list directly.
  // System, so the macro's expansion never trips the user's warning flags.
  CI.getPreprocessor().getHeaderSearchInfo().AddSystemSearchPath(
      clang::DirectoryLookup(*dir, clang::SrcMgr::C_System, /*isFramework=*/false));

  // The main FileID's offset range was sized for the original bytes, so the longer text needs a
  // FileID of its own; it keeps the FileEntry, hence the name in -MD output and debug info.
  clang::SrcMgr::CharacteristicKind kind =
      sm.getFileCharacteristic(sm.getLocForStartOfFile(original));
  sm.overrideFileContents(*entry, llvm::MemoryBuffer::getMemBufferCopy(text, entry->getName()));
  sm.setMainFileID(sm.createFileID(*entry, clang::SourceLocation(), kind));
  return llvm::Error::success();
}

} // namespace commledger::instrument
