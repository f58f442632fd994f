// Evaluates a kernel footprint formula from the site database ("4*min(n, gridDim.x*blockDim.x)",
// docs/instrumenter.md "Kernel footprints") once a launch's values are known.
#pragma once
#include <map>
#include <optional>
#include <string>

namespace commledger::reconcile {

// The formula's value with every name taken from `bindings` (scalar parameter names,
// "gridDim.x", "blockDim.y", ...). Grammar: numbers, names, + - * /, unary -, parentheses and
// min(a, b). "/" truncates toward zero when both operands are whole, as the C launch arithmetic
// the formulas come from. nullopt on a syntax error, an unbound name or a division by zero.
std::optional<double> evaluateFootprint(const std::string &formula,
                                        const std::map<std::string, double> &bindings);

} // namespace commledger::reconcile
