// Folds a size expression to an exact byte count: what the compiler can evaluate (constexpr,
// sizeof, enumerators, macros), plus const locals with constant initializers, which C does not
// treat as constant expressions.
#pragma once
#include "clang/AST/Expr.h"

#include <cstdint>
#include <optional>

namespace commledger::instrument {

std::optional<std::int64_t> foldInteger(const clang::Expr *expr, const clang::ASTContext &context);

} // namespace commledger::instrument
