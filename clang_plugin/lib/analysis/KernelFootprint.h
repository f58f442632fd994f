// Static footprint of a kernel: for each pointer parameter, the bytes one launch reads and writes,
// as formulas in the kernel's scalar parameters and gridDim/blockDim, or why that is unknown.
// docs/instrumenter.md, "Kernel footprints".
#pragma once
#include "analysis/FootprintFormula.h"

#include "clang/AST/Decl.h"

#include <vector>

namespace commledger::instrument {

struct ParamFootprint {
  unsigned index = 0; // position among the kernel's parameters
  std::string param;
  std::uint64_t elementBytes = 0;
  FormulaPtr readBytes, writeBytes; // null when unknown
  std::string unknown;
  std::vector<std::string> notes;
};

// `kernel` is a __global__ function definition.
std::vector<ParamFootprint> analyzeKernel(const clang::FunctionDecl &kernel,
                                          clang::ASTContext &context);

} // namespace commledger::instrument
