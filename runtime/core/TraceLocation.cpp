// Trace file location; see TraceLocation.h.
#include "core/TraceLocation.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace commledger::rt {

std::string traceDirectory() {
  const char *out = std::getenv("COMMLEDGER_OUT");
  return out && *out ? out : "commledger-out";
}

std::string traceFileName(const std::string &host, std::int64_t pid) {
  // Host names may hold '/' only by mistake, but a file name must not.
  std::string safe = host;
  for (char &c : safe)
    if (c == '/')
      c = '_';
  return "trace-" + safe + "-" + std::to_string(pid) + ".json";
}

bool makeDirectories(const std::string &path, std::string &error) {
  for (std::string::size_type pos = 1; pos <= path.size(); ++pos) {
    if (pos != path.size() && path[pos] != '/')
      continue;
    const std::string prefix = path.substr(0, pos);
    if (mkdir(prefix.c_str(), 0777) != 0 && errno != EEXIST) {
      error = "cannot create " + prefix + ": " + std::strerror(errno);
      return false;
    }
  }
  struct stat st {};
  if (stat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    error = path + " is not a directory";
    return false;
  }
  return true;
}

} // namespace commledger::rt
