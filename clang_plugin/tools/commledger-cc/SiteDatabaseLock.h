// The per-build site database shared by concurrent compiles: merged under an exclusive flock on
// "<database>.lock", then written atomically, so parallel builds never lose or corrupt sites.
#pragma once
#include "commledger/format/SiteDatabase.h"

#include "llvm/Support/Error.h"

#include <string>

namespace commledger::instrument {

// $COMMLEDGER_SITES, else commledger-sites.json in the current directory.
std::string buildSiteDatabasePath();

llvm::Error mergeIntoSharedDatabase(const std::string &path, const format::SiteDatabase &unitSites);

} // namespace commledger::instrument
