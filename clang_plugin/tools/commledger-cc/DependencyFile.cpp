// Dependency-file repair for commledger-cc; see DependencyFile.h.
#include "DependencyFile.h"

#include "commledger/format/AtomicFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"

namespace commledger::instrument {

std::string dependencyFilePath(const CompilerCommand &command) {
  bool writesDeps = false;
  std::string output;
  for (size_t i = 0; i < command.args.size(); ++i) {
    llvm::StringRef arg = command.args[i];
    bool hasNext = i + 1 < command.args.size();
    if (arg == "-MF" && hasNext)
      return command.args[i + 1];
    if (arg.starts_with("-MF") && arg.size() > 3)
      return arg.drop_front(3).str();
    if (arg == "-MD" || arg == "-MMD")
      writesDeps = true;
    if (arg == "-o" && hasNext)
      output = command.args[i + 1];
  }
  if (!writesDeps || output.empty())
    return "";
  llvm::SmallString<256> path(output);
  llvm::sys::path::replace_extension(path, "d");
  return std::string(path);
}

void restoreOriginalSources(const std::string &path,
                            const std::vector<std::pair<std::string, std::string>> &renamed) {
  std::string text, error;
  if (path.empty() || !format::readWholeFile(path, text, error))
    return;
  bool changed = false;
  for (const auto &[rewritten, original] : renamed)
    for (size_t at = text.find(rewritten); at != std::string::npos;
         at = text.find(rewritten, at + original.size())) {
      text.replace(at, rewritten.size(), original);
      changed = true;
    }
  if (changed)
    format::writeFileAtomically(path, text, error);
}

} // namespace commledger::instrument
