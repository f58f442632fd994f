// Binds a kernel's footprint (KernelFootprint) at one launch: the call's arguments replace the
// kernel's parameters, its configuration replaces gridDim/blockDim, and what is constant folds.
#pragma once
#include "commledger/format/SiteDatabase.h"

#include "clang/AST/Expr.h"

#include <optional>

namespace commledger::instrument {

// For `kernel<<<g, b>>>(args)`, cudaLaunchKernel and cudaLaunchCooperativeKernel; nullopt for
// other calls and for launches inside uninstantiated templates.
std::optional<format::KernelFootprint> launchFootprint(const clang::CallExpr &call,
                                                       clang::ASTContext &context);

// `e` without parentheses, implicit casts, functional casts and temporaries: the value a launch
// operand or argument is built from (`dim3(g)`, `(int)n`).
const clang::Expr *skipExprWrappers(const clang::Expr *e);

} // namespace commledger::instrument
