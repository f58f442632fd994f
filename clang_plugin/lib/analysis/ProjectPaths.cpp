// Real paths on both sides, so a symlinked checkout or "./x.cu" vs "x.cu" give the same ID.
#include "analysis/ProjectPaths.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

namespace commledger::instrument {
namespace {
std::string realAbsolute(const std::string &path) {
  llvm::SmallString<256> real;
  if (!llvm::sys::fs::real_path(path, real))
    return std::string(real);
  llvm::SmallString<256> absolute(path);
  llvm::sys::fs::make_absolute(absolute);
  llvm::sys::path::remove_dots(absolute, /*remove_dot_dot=*/true);
  return std::string(absolute);
}
} // namespace

std::string findProjectRoot(const std::string &explicitRoot, const std::string &file) {
  if (!explicitRoot.empty())
    return realAbsolute(explicitRoot);
  // The launcher has no flag of its own for this: build systems set it in the environment.
  if (const char *fromEnv = std::getenv("COMMLEDGER_PROJECT_ROOT"); fromEnv && *fromEnv)
    return realAbsolute(fromEnv);
  std::string dir = llvm::sys::path::parent_path(realAbsolute(file)).str();
  while (!dir.empty()) {
    llvm::SmallString<256> git(dir);
    llvm::sys::path::append(git, ".git");
    if (llvm::sys::fs::exists(git))
      return dir;
    llvm::StringRef parent = llvm::sys::path::parent_path(dir);
    if (parent == dir)
      break;
    dir = parent.str();
  }
  llvm::SmallString<256> cwd;
  llvm::sys::fs::current_path(cwd);
  return realAbsolute(std::string(cwd));
}

std::string relativeToRoot(const std::string &root, const std::string &file) {
  std::string absolute = realAbsolute(file);
  llvm::StringRef rel(absolute);
  if (!root.empty() && rel.consume_front(root) && (rel.empty() || rel.front() == '/'))
    return rel.ltrim('/').str();
  return absolute;
}

} // namespace commledger::instrument
