// What a rewritten <<<>>> launch hands the runtime so each launch gets a predicted footprint: its
// configuration, the scalar arguments its unfolded formulas name, and its pointer arguments (which
// allocation the kernel received). docs/instrumenter.md, "Launch values".
#pragma once
#include "commledger/format/SiteDatabase.h"

#include "clang/AST/Expr.h"

#include <string>

namespace commledger::instrument {

// Values passed at most: beyond, the launch passes nothing (the runtime's key is fixed-size).
inline constexpr unsigned kMaxLaunchValues = 32;

// For a launch with a footprint: fills footprint.launchValues / launchPointers, and returns the
// expression to evaluate inside the site before the launch
// ("::commledger_rt::launch_values<1>({...})"); or sets footprint.launchValuesReason and returns
// "". Each value copies an operand of the launch, so every one must be free of side effects and
// spelled in the main file between `begin` and `close` (the wrapped text).
std::string planLaunchValues(const clang::CallExpr &call, format::KernelFootprint &footprint,
                             clang::ASTContext &context, clang::SourceLocation begin,
                             clang::SourceLocation close);

} // namespace commledger::instrument
