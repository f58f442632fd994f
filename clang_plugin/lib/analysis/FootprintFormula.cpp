// Formula trees: folding constructors, printing with minimal parentheses, binding and evaluation.
#include "analysis/FootprintFormula.h"

#include <algorithm>
#include <cctype>

namespace commledger::instrument {
namespace {
int precedence(Formula::Kind kind) {
  switch (kind) {
  case Formula::Kind::Add:
  case Formula::Kind::Sub: return 1;
  case Formula::Kind::Mul:
  case Formula::Kind::Div: return 2;
  default: return 3; // numbers, names and min() never need parentheses
  }
}

bool isOneToken(const std::string &text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '_' || c == '.';
  });
}
} // namespace

FormulaPtr Formula::number(std::int64_t value) {
  return FormulaPtr(new Formula(Kind::Number, value, "", nullptr, nullptr));
}

FormulaPtr Formula::name(std::string name) {
  return FormulaPtr(new Formula(Kind::Name, 0, std::move(name), nullptr, nullptr));
}

FormulaPtr Formula::binary(Kind kind, FormulaPtr lhs, FormulaPtr rhs) {
  bool lNum = lhs->kind_ == Kind::Number, rNum = rhs->kind_ == Kind::Number;
  if (lNum && rNum) {
    std::int64_t l = lhs->value_, r = rhs->value_;
    switch (kind) {
    case Kind::Add: return number(l + r);
    case Kind::Sub: return number(l - r);
    case Kind::Mul: return number(l * r);
    case Kind::Div:
      if (r != 0 && l % r == 0)
        return number(l / r);
      break;
    default: break;
    }
  }
  if (kind == Kind::Mul && lNum && lhs->value_ == 1)
    return rhs;
  if ((kind == Kind::Mul || kind == Kind::Div) && rNum && rhs->value_ == 1)
    return lhs;
  if (kind == Kind::Add && lNum && lhs->value_ == 0)
    return rhs;
  if ((kind == Kind::Add || kind == Kind::Sub) && rNum && rhs->value_ == 0)
    return lhs;
  if (kind == Kind::Mul && ((lNum && lhs->value_ == 0) || (rNum && rhs->value_ == 0)))
    return number(0);
  return FormulaPtr(new Formula(kind, 0, "", std::move(lhs), std::move(rhs)));
}

FormulaPtr Formula::min(FormulaPtr lhs, FormulaPtr rhs) {
  if (lhs->kind_ == Kind::Number && rhs->kind_ == Kind::Number)
    return number(std::min(lhs->value_, rhs->value_));
  return FormulaPtr(new Formula(Kind::Min, 0, "", std::move(lhs), std::move(rhs)));
}

std::string Formula::text(const std::map<std::string, std::string> &substitute) const {
  return textAt(0, false, substitute);
}

std::string Formula::textAt(int parentPrecedence, bool rightOperand,
                            const std::map<std::string, std::string> &substitute) const {
  switch (kind_) {
  case Kind::Number: return std::to_string(value_);
  case Kind::Name: {
    auto it = substitute.find(name_);
    if (it == substitute.end())
      return name_;
    return isOneToken(it->second) ? it->second : "(" + it->second + ")";
  }
  case Kind::Min:
    return "min(" + lhs_->textAt(0, false, substitute) + ", " +
           rhs_->textAt(0, false, substitute) + ")";
  default: break;
  }
  int own = precedence(kind_);
  const char *op = kind_ == Kind::Add ? "+" : kind_ == Kind::Sub ? "-" : kind_ == Kind::Mul ? "*" : "/";
  // a-(b+c), a/(b*c) and a*(b/c) keep their parentheses: integer division does not associate.
  bool rightNeedsParens = kind_ == Kind::Sub || kind_ == Kind::Div ||
                          (kind_ == Kind::Mul && rhs_->kind_ == Kind::Div);
  std::string text = lhs_->textAt(own, false, substitute) + op +
                     rhs_->textAt(own, rightNeedsParens, substitute);
  bool needParens = own < parentPrecedence || (own == parentPrecedence && rightOperand);
  return needParens ? "(" + text + ")" : text;
}

std::optional<std::int64_t>
Formula::evaluate(const std::map<std::string, std::int64_t> &values) const {
  if (kind_ == Kind::Number)
    return value_;
  if (kind_ == Kind::Name) {
    auto it = values.find(name_);
    return it == values.end() ? std::nullopt : std::optional(it->second);
  }
  auto l = lhs_->evaluate(values), r = rhs_->evaluate(values);
  if (!l || !r)
    return std::nullopt;
  switch (kind_) {
  case Kind::Add: return *l + *r;
  case Kind::Sub: return *l - *r;
  case Kind::Mul: return *l * *r;
  case Kind::Div: return *r != 0 ? std::optional(*l / *r) : std::nullopt;
  case Kind::Min: return std::min(*l, *r);
  default: return std::nullopt;
  }
}

} // namespace commledger::instrument
