// How many times a call runs per execution of its function: the product of the trip counts of the
// loops around it. `for (int i = 0; i < 100; i++)` gives 100; `i < iters` gives "iters".
#pragma once
#include "clang/AST/Stmt.h"

#include <cstdint>
#include <optional>
#include <string>

namespace commledger::instrument {

struct Multiplicity {
  std::optional<std::uint64_t> count; // set when every enclosing loop has a constant trip count
  std::string expr;                   // else the product as text ("100 * iters")
};

Multiplicity loopMultiplicity(clang::ASTContext &context, const clang::Stmt &call);

} // namespace commledger::instrument
