// A recursive-descent evaluator of footprint formulas; pure, no allocation beyond the name text.
#include "commledger/reconcile/FootprintFormula.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

namespace commledger::reconcile {
namespace {
class Parser {
public:
  Parser(const std::string &text, const std::map<std::string, double> &bindings)
      : text_(text), bindings_(bindings) {}

  std::optional<double> parseAll() {
    auto value = sum();
    skipSpace();
    return value && pos_ == text_.size() ? value : std::nullopt;
  }

private:
  void skipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_])))
      ++pos_;
  }
  bool accept(char c) {
    skipSpace();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  std::optional<double> sum() {
    auto value = product();
    while (value) {
      if (accept('+')) {
        auto rhs = product();
        value = rhs ? std::optional(*value + *rhs) : std::nullopt;
      } else if (accept('-')) {
        auto rhs = product();
        value = rhs ? std::optional(*value - *rhs) : std::nullopt;
      } else {
        break;
      }
    }
    return value;
  }

  std::optional<double> product() {
    auto value = unary();
    while (value) {
      if (accept('*')) {
        auto rhs = unary();
        value = rhs ? std::optional(*value * *rhs) : std::nullopt;
      } else if (accept('/')) {
        auto rhs = unary();
        if (!rhs || *rhs == 0)
          return std::nullopt;
        bool whole = std::trunc(*value) == *value && std::trunc(*rhs) == *rhs;
        value = whole ? std::trunc(*value / *rhs) : *value / *rhs;
      } else {
        break;
      }
    }
    return value;
  }

  std::optional<double> unary() {
    if (accept('-')) {
      auto value = unary();
      return value ? std::optional(-*value) : std::nullopt;
    }
    return primary();
  }

  std::optional<double> primary() {
    skipSpace();
    if (accept('(')) {
      auto value = sum();
      return value && accept(')') ? value : std::nullopt;
    }
    if (pos_ >= text_.size())
      return std::nullopt;
    unsigned char c = text_[pos_];
    if (std::isdigit(c) || c == '.') {
      const char *start = text_.c_str() + pos_;
      char *end = nullptr;
      double value = std::strtod(start, &end);
      if (end == start)
        return std::nullopt;
      pos_ += static_cast<std::size_t>(end - start);
      return value;
    }
    if (!std::isalpha(c) && c != '_')
      return std::nullopt;
    std::size_t start = pos_;
    while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) ||
                                   text_[pos_] == '_' || text_[pos_] == '.'))
      ++pos_;
    std::string name = text_.substr(start, pos_ - start);
    if (name == "min" && accept('(')) {
      auto lhs = sum();
      if (!lhs || !accept(','))
        return std::nullopt;
      auto rhs = sum();
      if (!rhs || !accept(')'))
        return std::nullopt;
      return std::min(*lhs, *rhs);
    }
    auto it = bindings_.find(name);
    return it == bindings_.end() ? std::nullopt : std::optional(it->second);
  }

  const std::string &text_;
  const std::map<std::string, double> &bindings_;
  std::size_t pos_ = 0;
};
} // namespace

std::optional<double> evaluateFootprint(const std::string &formula,
                                        const std::map<std::string, double> &bindings) {
  return Parser(formula, bindings).parseAll();
}

} // namespace commledger::reconcile
