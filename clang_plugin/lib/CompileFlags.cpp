// Translating a unit's compile command into a host-side Clang parse of the same code.
#include "commledger/instrument/CompileFlags.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

namespace commledger::instrument {

std::string resolveResourceDir(const std::string &flagValue) {
  if (!flagValue.empty())
    return flagValue;
  if (const char *env = std::getenv("COMMLEDGER_RESOURCE_DIR"); env && *env)
    return env;
  return COMMLEDGER_DEFAULT_RESOURCE_DIR;
}

bool isCudaSource(llvm::StringRef path) {
  llvm::StringRef ext = llvm::sys::path::extension(path);
  return ext == ".cu" || ext == ".cuh";
}

namespace {
// Flags kept, with the clang spelling they become. nvcc long forms map to the short ones.
struct KeptFlag {
  const char *spelling;
  const char *clangSpelling;
};
const KeptFlag kKeptFlags[] = {
    {"-I", "-I"},           {"--include-path", "-I"}, {"-D", "-D"},
    {"--define-macro", "-D"}, {"-U", "-U"},           {"--undefine-macro", "-U"},
    {"-isystem", "-isystem"}, {"--system-include", "-isystem"}, {"-iquote", "-iquote"},
    {"-include", "-include"}, {"--pre-include", "-include"},
};

std::string cudaPath() {
  if (const char *env = std::getenv("CUDA_PATH"); env && *env)
    return env;
  return COMMLEDGER_DEFAULT_CUDA_PATH;
}
} // namespace

std::vector<std::string> parseRelevantFlags(const std::vector<std::string> &args,
                                            bool &cudaLanguage) {
  std::vector<std::string> out;
  for (size_t i = 0; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    bool hasNext = i + 1 < args.size();
    if ((arg == "-x" || arg == "--x") && hasNext) {
      llvm::StringRef language = args[++i];
      cudaLanguage = language == "cu" || language == "cuda";
      continue;
    }
    if (arg.starts_with("-std=") || arg.starts_with("--std=")) {
      out.push_back("-std=" + arg.split('=').second.str());
      continue;
    }
    if ((arg == "-std" || arg == "--std") && hasNext) {
      out.push_back("-std=" + args[++i]);
      continue;
    }
    for (const KeptFlag &flag : kKeptFlags) {
      llvm::StringRef spelling = flag.spelling;
      if (arg == spelling && hasNext) {
        out.push_back(flag.clangSpelling);
        out.push_back(args[++i]);
        break;
      }
      llvm::StringRef value = arg;
      if (value.consume_front(spelling)) {
        // -Idir, --include-path=dir; but not -include matched as -I + "nclude".
        if (spelling.starts_with("--") && !value.consume_front("="))
          continue;
        if (spelling == "-I" && arg.starts_with("-include"))
          continue;
        if ((spelling == "-isystem" || spelling == "-include" || spelling == "-iquote") &&
            value.empty())
          continue;
        out.push_back(flag.clangSpelling);
        out.push_back(value.str());
        break;
      }
    }
  }
  return out;
}

clang::tooling::ArgumentsAdjuster instrumentArgumentsAdjuster(const std::string &resourceDir) {
  return [resourceDir](const clang::tooling::CommandLineArguments &args,
                       llvm::StringRef filename) {
    bool cudaLanguage = isCudaSource(filename);
    std::vector<std::string> flags(args.begin() + (args.empty() ? 0 : 1), args.end());
    std::vector<std::string> kept = parseRelevantFlags(flags, cudaLanguage);
    clang::tooling::CommandLineArguments out = {args.empty() ? "clang" : args[0], "-fsyntax-only"};
    if (cudaLanguage)
      out.insert(out.end(), {"-x", "cuda", "--cuda-host-only", "-nocudalib",
                             "--cuda-path=" + cudaPath(), "-Wno-unknown-cuda-version"});
    out.insert(out.end(), {"-resource-dir", resourceDir, "-D__COMMLEDGER_INSTRUMENTING__", "-w"});
    out.insert(out.end(), kept.begin(), kept.end());
    out.push_back(filename.str());
    return out;
  };
}

} // namespace commledger::instrument
