// Usage errors and output shared by the subcommands.
#include "Subcommands.h"

#include "commledger/format/AtomicFile.h"

#include <iostream>

namespace commledger::cli {

int usageError(const std::string &message, const char *help) {
  std::cerr << "commledger: " << message << "\n" << help;
  return kUsage;
}

int emit(const std::string &text, const std::string &path) {
  if (path.empty()) {
    std::cout << text;
    return std::cout.good() ? 0 : kBadInput;
  }
  std::string error;
  if (!format::writeFileAtomically(path, text, error)) {
    std::cerr << error << "\n";
    return kBadInput;
  }
  return 0;
}

} // namespace commledger::cli
