// commledger-instrument [options] <source>... -- <compile flags>   (or -p <build dir>)
// Rewrites each source so its copies and memsets report their call site, and writes the sites.
// Whatever fails, every requested output still receives a compilable text: the original.
#include "OutputWriter.h"

#include "commledger/instrument/CompileFlags.h"
#include "commledger/instrument/Instrumenter.h"

#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace commledger::instrument;
namespace cl = llvm::cl;

static cl::OptionCategory category("commledger-instrument options");
static cl::opt<std::string> outputDir("o", cl::desc("Write rewritten sources under <dir>"),
                                      cl::value_desc("dir"), cl::cat(category));
static cl::opt<std::string> outputFile("output", cl::desc("Write the rewritten source to <file>"),
                                       cl::value_desc("file"), cl::cat(category));
static cl::opt<std::string> sitesPath("sites", cl::desc("Write or merge the site database"),
                                      cl::value_desc("sites.json"), cl::cat(category));
static cl::opt<std::string> projectRoot(
    "project-root", cl::desc("Site paths are relative to this (default: git top-level)"),
    cl::value_desc("dir"), cl::cat(category));
static cl::opt<std::string> resourceDir(
    "resource-dir", cl::desc("Clang resource dir (default: $COMMLEDGER_RESOURCE_DIR, else the "
                             "one found at build time)"),
    cl::value_desc("dir"), cl::cat(category));
static cl::opt<std::string> presumedName(
    "presumed-name", cl::desc("File name for the #line directive (default: the source path)"),
    cl::value_desc("path"), cl::cat(category), cl::Hidden);

// A source the parse could not handle goes out unchanged: the build must not break because of us.
static void addOriginal(const std::string &source, std::vector<InstrumentedUnit> &units) {
  for (const InstrumentedUnit &unit : units)
    if (unit.mainFile == source || llvm::StringRef(unit.mainFile).ends_with("/" + source))
      return;
  auto buffer = llvm::MemoryBuffer::getFile(source);
  if (!buffer)
    return;
  InstrumentedUnit unit;
  unit.mainFile = source;
  unit.originalText = (*buffer)->getBuffer().str();
  units.push_back(std::move(unit));
}

int main(int argc, const char **argv) {
  auto parser = clang::tooling::CommonOptionsParser::create(argc, argv, category);
  if (!parser) {
    llvm::errs() << "commledger: " << llvm::toString(parser.takeError()) << "\n";
    return 2;
  }
  const std::vector<std::string> &sources = parser->getSourcePathList();
  if (!presumedName.empty() && sources.size() != 1) {
    llvm::errs() << "commledger: --presumed-name takes one source\n";
    return 2;
  }
  clang::tooling::ClangTool tool(parser->getCompilations(), sources);
  tool.appendArgumentsAdjuster(instrumentArgumentsAdjuster(resolveResourceDir(resourceDir)));

  InstrumentOptions options;
  options.projectRoot = projectRoot;
  options.presumedFileName = presumedName;
  std::vector<InstrumentedUnit> units;
  int status = tool.run(newInstrumentActionFactory(options, units).get());

  bool failed = status != 0;
  for (InstrumentedUnit &unit : units)
    if (!unit.parsed) {
      failed = true;
      llvm::errs() << "commledger: warning: " << unit.mainFile
                   << ": could not be parsed; left unchanged\n";
      unit.rewrittenText.reset();
      unit.sites.sites.clear();
    }
  for (const std::string &source : sources)
    addOriginal(source, units);

  if (llvm::Error error = writeRewrittenSources(units, outputFile, outputDir)) {
    llvm::errs() << llvm::toString(std::move(error)) << "\n";
    return 1;
  }
  if (!sitesPath.empty())
    if (llvm::Error error = mergeSitesInto(sitesPath, units)) {
      llvm::errs() << llvm::toString(std::move(error)) << "\n";
      return 1;
    }
  return failed ? 1 : 0;
}
