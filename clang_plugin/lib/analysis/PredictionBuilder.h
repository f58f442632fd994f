// The static prediction of one copy or memset call: direction, bytes, endpoints, multiplicity.
#pragma once
#include "analysis/PointerProvenance.h"
#include "matchers/ApiSpec.h"

#include "clang/AST/Expr.h"

namespace commledger::instrument {

// `provenance` may be null (call outside any function).
format::Prediction predictTraffic(const clang::CallExpr &call, const ApiSpec &spec,
                                  const PointerProvenance *provenance,
                                  clang::ASTContext &context);

} // namespace commledger::instrument
