// What commledger-cc needs to know about the compiler command it wraps: which arguments are
// sources, whether it links, and which flags matter to the instrumentation parse.
#pragma once
#include <string>
#include <vector>

namespace commledger::instrument {

struct CompilerCommand {
  std::string compiler;           // argv[1] of commledger-cc: nvcc, g++, clang++, ...
  std::vector<std::string> args;  // the compiler's arguments
  std::vector<size_t> sourceArgs; // indices into args of the sources to instrument
  bool links = false;             // no -c/-E/-S/-M: the command produces an executable
  bool isNvcc = false;
};

// Sources are existing files ending in .cu .c .cpp .cc .cxx that are not an option's value.
CompilerCommand parseCompilerCommand(const std::vector<std::string> &argv);

// The flags for `commledger-instrument ... -- <flags>`: the parse-relevant ones, plus `-x cuda`
// when the command forces CUDA on a non-.cu file.
std::vector<std::string> instrumentFlags(const CompilerCommand &command);

} // namespace commledger::instrument
