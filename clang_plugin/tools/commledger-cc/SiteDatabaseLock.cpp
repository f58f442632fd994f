// flock is released by the kernel if the process dies, so a crashed compile never wedges a build.
#include "SiteDatabaseLock.h"

#include "llvm/Support/FileSystem.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace commledger::instrument {

std::string buildSiteDatabasePath() {
  if (const char *env = std::getenv("COMMLEDGER_SITES"); env && *env)
    return env;
  return "commledger-sites.json";
}

static llvm::Error failure(const std::string &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Error mergeIntoSharedDatabase(const std::string &path,
                                    const format::SiteDatabase &unitSites) {
  std::string lockPath = path + ".lock";
  int fd = ::open(lockPath.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    return failure("commledger: " + lockPath + ": cannot open lock file: " + std::strerror(errno));
  while (::flock(fd, LOCK_EX) != 0 && errno == EINTR) {
  }
  format::SiteDatabase db;
  std::string error;
  bool ok = true;
  if (llvm::sys::fs::exists(path))
    ok = format::readSiteDatabase(path, db, error);
  if (ok) {
    db.merge(unitSites);
    ok = format::writeSiteDatabase(path, db, error);
  }
  ::flock(fd, LOCK_UN);
  ::close(fd);
  return ok ? llvm::Error::success() : failure(error);
}

} // namespace commledger::instrument
