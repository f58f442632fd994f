// commledger-cc <compiler> <args...>
// Instruments each source of the command into a temporary file (through commledger-instrument,
// in its own process so a crash there cannot take the build down), compiles that instead, links
// the runtime when it is installed, and merges the unit's sites into the per-build database.
// Any instrumentation failure: one warning, the original source compiled unchanged.
#include "CompilerCommand.h"
#include "DependencyFile.h"
#include "SiteDatabaseLock.h"

#include "commledger/format/SiteDatabase.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace commledger::instrument;

namespace {
std::string prefixDir(const char *argv0) {
  std::string exe = llvm::sys::fs::getMainExecutable(argv0, reinterpret_cast<void *>(&prefixDir));
  return llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)).str();
}

std::string runtimeIncludeDir(const std::string &prefix) {
  if (const char *env = std::getenv("COMMLEDGER_RT_INCLUDE"); env && *env)
    return env;
  llvm::SmallString<256> installed(prefix);
  llvm::sys::path::append(installed, "include", "commledger", "site.h");
  if (llvm::sys::fs::exists(installed))
    return prefix + "/include";
  return COMMLEDGER_SOURCE_RT_INCLUDE; // running from the build tree
}

void warn(const std::string &file, const std::string &what) {
  llvm::errs() << "commledger: warning: " << file << ": " << what
               << "; compiling the original source\n";
}

int run(const std::string &program, const std::vector<std::string> &args) {
  std::vector<llvm::StringRef> argv = {program};
  argv.insert(argv.end(), args.begin(), args.end());
  std::string error;
  int rc = llvm::sys::ExecuteAndWait(program, argv, std::nullopt, {}, 0, 0, &error);
  if (rc < 0)
    llvm::errs() << "commledger: " << program << ": " << error << "\n";
  return rc;
}

// Instruments `source` into `tempDir`; returns the rewritten file, or "" (after a warning).
std::string instrument(const std::string &prefix, const std::string &source,
                       const std::vector<std::string> &flags, const std::string &tempDir,
                       const std::string &databasePath) {
  llvm::SmallString<256> output(tempDir), sites(tempDir);
  llvm::sys::path::append(output, llvm::sys::path::filename(source));
  llvm::sys::path::append(sites, "sites.json");
  std::string tool = prefix + "/bin/commledger-instrument";
  std::vector<std::string> args = {source, "--output", std::string(output), "--sites",
                                   std::string(sites), "--presumed-name", source, "--"};
  args.insert(args.end(), flags.begin(), flags.end());
  int rc = run(tool, args);
  if (rc != 0) {
    warn(source, rc < 0 ? "commledger-instrument could not run"
                        : "instrumentation failed (status " + std::to_string(rc) + ")");
    return "";
  }
  commledger::format::SiteDatabase unitSites;
  std::string error;
  if (!commledger::format::readSiteDatabase(std::string(sites), unitSites, error)) {
    warn(source, error);
    return "";
  }
  if (llvm::Error e = mergeIntoSharedDatabase(databasePath, unitSites)) {
    warn(source, llvm::toString(std::move(e)));
    return "";
  }
  return std::string(output);
}

const char *const kHelp =
    "usage: commledger-cc <compiler> <arguments...>\n"
    "\n"
    "Compiler launcher: instruments each source (.cu .c .cpp .cc .cxx) of the command into a\n"
    "temporary file, compiles that with the original command, and merges the unit's sites\n"
    "into the build's site database. Use as a prefix (commledger-cc nvcc -c x.cu -o x.o) or\n"
    "as CMAKE_CUDA_COMPILER_LAUNCHER / CMAKE_CXX_COMPILER_LAUNCHER.\n"
    "\n"
    "environment:\n"
    "  COMMLEDGER_SITES          site database (default ./commledger-sites.json)\n"
    "  COMMLEDGER_PROJECT_ROOT   root that site paths are relative to (default: git top)\n"
    "  COMMLEDGER_RT_INCLUDE     folder holding commledger/site.h\n"
    "  COMMLEDGER_RESOURCE_DIR   Clang's resource folder, for a relocated install\n";
} // namespace

int main(int argc, const char **argv) {
  const std::string first = argc >= 2 ? argv[1] : "";
  if (first == "--help" || first == "-h") {
    llvm::outs() << kHelp;
    return 0;
  }
  if (argc < 2) {
    llvm::errs() << "commledger-cc: no compiler given\n" << kHelp;
    return 2;
  }
  std::vector<std::string> commandLine(argv + 1, argv + argc);
  CompilerCommand command = parseCompilerCommand(commandLine);
  std::string prefix = prefixDir(argv[0]);
  std::vector<std::string> flags = instrumentFlags(command);
  std::string databasePath = buildSiteDatabasePath();

  llvm::SmallString<256> tempDir;
  bool haveTemp = !llvm::sys::fs::createUniqueDirectory("commledger", tempDir);
  std::vector<std::string> args = command.args;
  std::vector<std::string> extra;
  std::vector<std::pair<std::string, std::string>> renamed; // rewritten copy -> original
  for (size_t index : command.sourceArgs) {
    const std::string &source = command.args[index];
    if (!haveTemp) {
      warn(source, "cannot create a temporary folder");
      break;
    }
    // One sub-folder per source: two sources may share a file name.
    llvm::SmallString<256> unitDir(tempDir);
    llvm::sys::path::append(unitDir, std::to_string(index));
    llvm::sys::fs::create_directories(unitDir);
    std::string rewritten = instrument(prefix, source, flags, std::string(unitDir), databasePath);
    if (rewritten.empty())
      continue;
    args[index] = rewritten;
    renamed.emplace_back(rewritten, source);
    // Quoted includes resolve against the original's folder, as if it were compiled in place.
    llvm::SmallString<256> sourceDir(source);
    llvm::sys::fs::make_absolute(sourceDir);
    extra.push_back("-I" + llvm::sys::path::parent_path(sourceDir).str());
  }
  if (!command.sourceArgs.empty())
    extra.push_back("-I" + runtimeIncludeDir(prefix));
  args.insert(args.begin(), extra.begin(), extra.end());
  llvm::SmallString<256> runtimeLib(prefix);
  llvm::sys::path::append(runtimeLib, "lib", "libcommledger-rt.so");
  if (command.links && llvm::sys::fs::exists(runtimeLib)) {
    // Optional: site.h's symbols are weak, so an unlinked program still runs.
    // After the objects: with --as-needed a library named before them would be dropped.
    args.insert(args.end(), {"-L" + prefix + "/lib", "-lcommledger-rt"});
    args.push_back(command.isNvcc ? "-Xlinker=-rpath," + prefix + "/lib"
                                  : "-Wl,-rpath," + prefix + "/lib");
  }

  std::string compiler = command.compiler;
  if (!llvm::sys::path::has_parent_path(compiler))
    if (auto found = llvm::sys::findProgramByName(compiler))
      compiler = *found;
  int rc = run(compiler, args);
  if (rc == 0)
    restoreOriginalSources(dependencyFilePath(command), renamed);
  if (haveTemp)
    llvm::sys::fs::remove_directories(tempDir);
  return rc < 0 ? 127 : rc;
}
