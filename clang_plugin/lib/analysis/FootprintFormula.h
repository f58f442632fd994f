// The tiny expression language of kernel footprints: numbers, names (kernel scalar parameters,
// gridDim.x/y/z, blockDim.x/y/z), + - * / and min. Built by KernelFootprint, bound and folded at
// launch sites by LaunchFootprint; its text is what reconcile's evaluateFootprint parses.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace commledger::instrument {

class Formula;
using FormulaPtr = std::shared_ptr<const Formula>;

class Formula {
public:
  enum class Kind { Number, Name, Add, Sub, Mul, Div, Min };

  static FormulaPtr number(std::int64_t value);
  static FormulaPtr name(std::string name);
  // Constructors that fold numbers and drop neutral elements (1*x, x+0).
  static FormulaPtr binary(Kind kind, FormulaPtr lhs, FormulaPtr rhs);
  static FormulaPtr min(FormulaPtr lhs, FormulaPtr rhs);

  Kind kind() const { return kind_; }
  // Text such as "4*min(n, gridDim.x*blockDim.x)". `substitute` replaces names by text (a
  // launch's argument spelling); substituted text that is not one token is parenthesised.
  std::string text(const std::map<std::string, std::string> &substitute = {}) const;
  // The value when every name has one in `values`; division must be exact.
  std::optional<std::int64_t> evaluate(const std::map<std::string, std::int64_t> &values) const;

private:
  Formula(Kind kind, std::int64_t value, std::string name, FormulaPtr lhs, FormulaPtr rhs)
      : kind_(kind), value_(value), name_(std::move(name)), lhs_(std::move(lhs)),
        rhs_(std::move(rhs)) {}
  std::string textAt(int parentPrecedence, bool rightOperand,
                     const std::map<std::string, std::string> &substitute) const;

  Kind kind_;
  std::int64_t value_ = 0;
  std::string name_;
  FormulaPtr lhs_, rhs_;
};

} // namespace commledger::instrument
