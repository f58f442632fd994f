// `commledger calibrate`: runs commledger-calibrate from this executable's own
// bin/ folder (the CUDA half is a separate program, so this CLI stays free of
// CUDA) with the same arguments.
#include "Subcommands.h"

#include <limits.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>

namespace commledger::cli {

namespace {
const char *const kCalibrateHelp =
    "usage: commledger calibrate [-o FILE]\n"
    "\n"
    "Measures this machine's links with known transfers: on every GPU, 16 MiB "
    "read\n"
    "and written by a kernel in mapped host memory (pcie_read, pcie_write) and "
    "in\n"
    "each peer GPU's memory (nvlink_read, nvlink_write), 5 times each, under "
    "CUPTI\n"
    "PM sampling. Writes the machine profile: per link, wire bytes / payload "
    "bytes\n"
    "and the achieved bandwidth. Reports estimate payload as wire / ratio.\n"
    "Needs the GPUs to itself and permission to read GPU performance "
    "counters;\n"
    "without a GPU or that permission it fails with exit code 2.\n"
    "\n"
    "  -o FILE   where the profile goes (default: "
    "commledger-machine-profile.json)\n";

// Like `commledger run` finds the runtime beside the tool: the installed layout
// keeps both executables in one bin/ folder.
std::string siblingProgram(const char *name) {
  char buffer[PATH_MAX];
  const ssize_t n = readlink("/proc/self/exe", buffer, sizeof buffer - 1);
  if (n <= 0)
    return name;
  std::string self(buffer, static_cast<size_t>(n));
  return self.substr(0, self.rfind('/') + 1) + name;
}
} // namespace

int calibrateCommand(const Arguments &args) {
  for (const std::string &a : args)
    if (a == "--help" || a == "-h") {
      std::cout << kCalibrateHelp;
      return 0;
    }
  const std::string program = siblingProgram("commledger-calibrate");
  if (access(program.c_str(), X_OK) != 0) {
    std::cerr << "commledger: calibrate: " << program
              << " not found (this build had no CUDA compiler)\n";
    return kUsage;
  }
  std::vector<char *> argv{const_cast<char *>(program.c_str())};
  for (const std::string &a : args)
    argv.push_back(const_cast<char *>(a.c_str()));
  argv.push_back(nullptr);
  std::cout.flush();
  execv(program.c_str(), argv.data());
  std::cerr << "commledger: calibrate: cannot run " << program << ": "
            << std::strerror(errno) << "\n";
  return kUsage;
}

} // namespace commledger::cli
