// Recognises sources and link steps the way gcc, clang and nvcc all spell them.
#include "CompilerCommand.h"

#include "commledger/instrument/CompileFlags.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/Path.h"

namespace commledger::instrument {
namespace {
// Options whose value is the next argument: that value is never a source to instrument.
const llvm::StringSet<> kOptionsWithValue = {
    "-o", "-MF", "-MT", "-MQ", "-include", "-isystem", "-I", "-D", "-U", "-x", "-Xlinker",
    "-Xcompiler", "-Xptxas", "-ccbin", "--compiler-bindir", "--output-file", "-gencode",
    "-arch", "--pre-include", "--include-path", "--options-file", "-optf", "-iquote", "-L", "-l",
    "--system-include", "-Xclang", "-imacros", "--std", "-std"};

bool isSourceExtension(llvm::StringRef path) {
  llvm::StringRef ext = llvm::sys::path::extension(path);
  return ext == ".cu" || ext == ".c" || ext == ".cpp" || ext == ".cc" || ext == ".cxx";
}
} // namespace

CompilerCommand parseCompilerCommand(const std::vector<std::string> &argv) {
  CompilerCommand command;
  if (argv.empty())
    return command;
  command.compiler = argv[0];
  command.args.assign(argv.begin() + 1, argv.end());
  command.isNvcc = llvm::sys::path::stem(command.compiler) == "nvcc";
  command.links = true;
  for (size_t i = 0; i < command.args.size(); ++i) {
    llvm::StringRef arg = command.args[i];
    if (arg == "-c" || arg == "-E" || arg == "-S" || arg == "-M" || arg == "-MM" ||
        arg == "--compile" || arg == "--preprocess" || arg == "-fsyntax-only" || arg == "-ptx" ||
        arg == "-cubin" || arg == "-fatbin" || arg == "--ptx" || arg == "-dc" || arg == "--device-c")
      command.links = false;
    if (kOptionsWithValue.contains(arg)) {
      ++i;
      continue;
    }
    if (!arg.starts_with("-") && isSourceExtension(arg) && llvm::sys::fs::is_regular_file(arg))
      command.sourceArgs.push_back(i);
  }
  return command;
}

// The words of a response file (`@file`, nvcc's `--options-file file` / `-optf file`), where
// build systems put long include lists; unreadable files expand to nothing.
static void appendResponseFile(const std::string &path, std::vector<std::string> &flags) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return;
  llvm::BumpPtrAllocator allocator;
  llvm::StringSaver saver(allocator);
  llvm::SmallVector<const char *, 32> words;
  llvm::cl::TokenizeGNUCommandLine((*buffer)->getBuffer(), saver, words);
  for (const char *word : words)
    if (word)
      flags.emplace_back(word);
}

std::vector<std::string> instrumentFlags(const CompilerCommand &command) {
  std::vector<std::string> flags;
  for (size_t i = 0; i < command.args.size(); ++i) {
    if (std::find(command.sourceArgs.begin(), command.sourceArgs.end(), i) !=
        command.sourceArgs.end())
      continue;
    const std::string &arg = command.args[i];
    if (arg.size() > 1 && arg[0] == '@') {
      appendResponseFile(arg.substr(1), flags);
    } else if ((arg == "--options-file" || arg == "-optf") && i + 1 < command.args.size()) {
      appendResponseFile(command.args[++i], flags);
    } else {
      flags.push_back(arg);
    }
  }
  bool cudaLanguage = false;
  std::vector<std::string> relevant = parseRelevantFlags(flags, cudaLanguage);
  if (cudaLanguage)
    relevant.insert(relevant.begin(), {"-x", "cuda"});
  return relevant;
}

} // namespace commledger::instrument
