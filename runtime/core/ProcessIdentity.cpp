// Process identity from the OS; see ProcessIdentity.h.
#include "core/ProcessIdentity.h"

#include <time.h>
#include <unistd.h>

#include <fstream>
#include <iterator>

namespace commledger::rt {

std::int64_t wallClockNs() {
  timespec ts{};
  clock_gettime(CLOCK_REALTIME, &ts);
  return std::int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

std::string hostName() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0 || !*name)
    return "localhost";
  return name;
}

std::vector<std::string> commandLine() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  const std::string raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::string> args;
  std::string::size_type start = 0;
  while (start < raw.size()) {
    const auto end = raw.find('\0', start);
    args.push_back(raw.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos)
      break;
    start = end + 1;
  }
  return args;
}

void fillProcessIdentity(format::ProcessInfo &info) {
  info.host = hostName();
  info.pid = static_cast<std::int64_t>(getpid());
  info.commandLine = commandLine();
}

} // namespace commledger::rt
