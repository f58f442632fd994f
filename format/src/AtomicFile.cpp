// Whole-file reads and crash-safe writes shared by every writer of CommLedger files.
#include "commledger/format/AtomicFile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <unistd.h>

namespace commledger::format {

bool readWholeFile(const std::string &path, std::string &out, std::string &error) {
  std::FILE *f = std::fopen(path.c_str(), "rb");
  if (!f) {
    error = "commledger: " + path + ": cannot open: " + std::strerror(errno);
    return false;
  }
  out.clear();
  char buffer[65536];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0)
    out.append(buffer, n);
  bool failed = std::ferror(f);
  int readErrno = errno; // "Is a directory": fopen succeeds on one, the first read fails
  std::fclose(f);
  if (failed) {
    error = "commledger: " + path + ": cannot read: " + std::strerror(readErrno);
    return false;
  }
  return true;
}

bool writeFileAtomically(const std::string &path, const std::string &text, std::string &error) {
  // The temporary lives beside the target so rename() stays within one file system.
  std::string tmp = path + ".tmp." + std::to_string(::getpid());
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    error = "commledger: " + path + ": cannot create: " + std::strerror(errno);
    return false;
  }
  const char *p = text.data();
  size_t left = text.size();
  while (left > 0) {
    ssize_t w = ::write(fd, p, left);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0) {
      error = "commledger: " + path + ": write failed: " + std::strerror(errno);
      ::close(fd);
      ::unlink(tmp.c_str());
      return false;
    }
    p += w;
    left -= static_cast<size_t>(w);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    error = "commledger: " + path + ": cannot flush: " + std::strerror(errno);
    ::unlink(tmp.c_str());
    return false;
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    error = "commledger: " + path + ": cannot rename: " + std::strerror(errno);
    ::unlink(tmp.c_str());
    return false;
  }
  return true;
}

} // namespace commledger::format
