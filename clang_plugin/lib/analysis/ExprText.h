// Source text of expressions as the user wrote them, for symbolic predictions ("iters", "k").
#pragma once
#include "clang/AST/Expr.h"

#include <string>

namespace commledger::instrument {

// The expression's spelling where it maps to one file range (macro arguments included), else the
// pretty-printed expression. Whitespace runs collapse to one space.
std::string exprText(const clang::Expr *expr, const clang::ASTContext &context);

// The expression without parentheses, implicit casts and explicit casts.
const clang::Expr *stripCasts(const clang::Expr *expr);

} // namespace commledger::instrument
