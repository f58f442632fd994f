// Where a call sits in the AST: its enclosing function (named as users read it) and whether it is
// ever executed on the host (unevaluated operands and device code are not).
#pragma once
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <string>

namespace commledger::instrument {

// The innermost function around `stmt`; lambdas count as functions.
const clang::FunctionDecl *enclosingFunction(clang::ASTContext &context, const clang::Stmt &stmt);

// "ns::Class::method", "main::<lambda>", the template pattern's name for instantiations; "" at
// namespace scope.
std::string functionDisplayName(const clang::FunctionDecl *function);

// Why a call in `function` never runs as host code ("unevaluated operand of sizeof",
// "device code (__global__)"), or nullopt when it does.
std::optional<std::string> notExecutedOnHostReason(clang::ASTContext &context,
                                                   const clang::Stmt &call,
                                                   const clang::FunctionDecl *function);

} // namespace commledger::instrument
