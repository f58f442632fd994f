// All output is written atomically so an interrupted run never leaves half a source behind.
#include "OutputWriter.h"

#include "commledger/format/AtomicFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace commledger::instrument {

// `message` names the file; errors from format/ already carry the "commledger: " prefix.
static llvm::Error failure(const std::string &message) {
  llvm::StringRef prefix = llvm::StringRef(message).starts_with("commledger: ") ? "" : "commledger: ";
  return llvm::createStringError(llvm::inconvertibleErrorCode(), prefix.str() + message);
}

llvm::Error writeRewrittenSources(const std::vector<InstrumentedUnit> &units,
                                  const std::string &outputFile, const std::string &outputDir) {
  std::string error;
  if (!outputFile.empty()) {
    if (units.size() != 1)
      return failure(outputFile + ": --output takes one source; use -o <dir> for several");
    if (!format::writeFileAtomically(outputFile, units[0].outputText(), error))
      return failure(error);
    return llvm::Error::success();
  }
  if (outputDir.empty()) {
    for (const InstrumentedUnit &unit : units)
      llvm::outs() << unit.outputText();
    return llvm::Error::success();
  }
  for (const InstrumentedUnit &unit : units) {
    // Keep the project layout so relative includes between rewritten files still resolve.
    llvm::SmallString<256> target(outputDir);
    llvm::StringRef rel = unit.relativePath;
    if (llvm::sys::path::is_absolute(rel)) // outside the project: flatten
      rel = llvm::sys::path::filename(rel);
    llvm::sys::path::append(target, rel);
    if (std::error_code ec = llvm::sys::fs::create_directories(llvm::sys::path::parent_path(target)))
      return failure(std::string(target) + ": cannot create folder: " + ec.message());
    if (!format::writeFileAtomically(std::string(target), unit.outputText(), error))
      return failure(error);
  }
  return llvm::Error::success();
}

llvm::Error mergeSitesInto(const std::string &path, const std::vector<InstrumentedUnit> &units) {
  format::SiteDatabase db;
  std::string error;
  if (llvm::sys::fs::exists(path) && !format::readSiteDatabase(path, db, error))
    return failure(error);
  for (const InstrumentedUnit &unit : units) {
    if (db.projectRoot.empty())
      db.projectRoot = unit.sites.projectRoot;
    db.merge(unit.sites);
  }
  if (!format::writeSiteDatabase(path, db, error))
    return failure(error);
  return llvm::Error::success();
}

} // namespace commledger::instrument
