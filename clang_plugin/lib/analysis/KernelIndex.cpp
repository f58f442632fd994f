// Polynomial arithmetic and the walk from a Clang expression to a polynomial.
#include "analysis/KernelIndex.h"

#include "analysis/ConstantFolder.h"
#include "analysis/ExprText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

#include <algorithm>

namespace commledger::instrument {

Polynomial Polynomial::constant(std::int64_t value) {
  Polynomial p;
  if (value != 0)
    p.terms[{}] = value;
  return p;
}

Polynomial Polynomial::atom(std::string name) {
  Polynomial p;
  p.terms[{std::move(name)}] = 1;
  return p;
}

Polynomial Polynomial::operator+(const Polynomial &other) const {
  Polynomial sum = *this;
  for (const auto &[monomial, coefficient] : other.terms)
    if ((sum.terms[monomial] += coefficient) == 0)
      sum.terms.erase(monomial);
  return sum;
}

Polynomial Polynomial::operator*(const Polynomial &other) const {
  Polynomial product;
  for (const auto &[lm, lc] : terms)
    for (const auto &[rm, rc] : other.terms) {
      std::vector<std::string> monomial = lm;
      monomial.insert(monomial.end(), rm.begin(), rm.end());
      std::sort(monomial.begin(), monomial.end());
      product = product + Polynomial{{{monomial, lc * rc}}};
    }
  return product;
}

Polynomial Polynomial::negated() const { return *this * constant(-1); }

std::int64_t Polynomial::coefficient(const std::vector<std::string> &monomial) const {
  auto it = terms.find(monomial);
  return it == terms.end() ? 0 : it->second;
}

bool Polynomial::onlyAtoms(const std::function<bool(const std::string &)> &allowed) const {
  for (const auto &term : terms)
    for (const std::string &atom : term.first)
      if (!allowed(atom))
        return false;
  return true;
}

FormulaPtr Polynomial::formula() const {
  FormulaPtr sum = Formula::number(0);
  for (const auto &[monomial, coefficient] : terms) {
    FormulaPtr term = Formula::number(coefficient < 0 ? -coefficient : coefficient);
    for (const std::string &atom : monomial)
      term = Formula::binary(Formula::Kind::Mul, term, Formula::name(atom));
    sum = Formula::binary(coefficient < 0 ? Formula::Kind::Sub : Formula::Kind::Add, sum, term);
  }
  return sum;
}

std::string Polynomial::text() const { return formula()->text(); }

const char *dimensionName(int dim) { return dim == 0 ? "x" : dim == 1 ? "y" : "z"; }

Polynomial threadCoordinate(int dim) {
  std::string d = dimensionName(dim);
  return Polynomial::atom("blockIdx." + d) * Polynomial::atom("blockDim." + d) +
         Polynomial::atom("threadIdx." + d);
}

Polynomial threadsInDimension(int dim) {
  std::string d = dimensionName(dim);
  return Polynomial::atom("blockDim." + d) * Polynomial::atom("gridDim." + d);
}

std::optional<std::string> builtinName(const clang::Expr *expr) {
  // Clang declares threadIdx & co. as objects whose x/y/z are MS properties.
  auto *pseudo = llvm::dyn_cast_or_null<clang::PseudoObjectExpr>(expr->IgnoreParenImpCasts());
  if (!pseudo)
    return std::nullopt;
  auto *property = llvm::dyn_cast<clang::MSPropertyRefExpr>(pseudo->getSyntacticForm());
  if (!property)
    return std::nullopt;
  auto *base = llvm::dyn_cast<clang::DeclRefExpr>(property->getBaseExpr()->IgnoreImpCasts());
  if (auto *opaque = llvm::dyn_cast<clang::OpaqueValueExpr>(property->getBaseExpr()))
    base = llvm::dyn_cast<clang::DeclRefExpr>(opaque->getSourceExpr()->IgnoreImpCasts());
  if (!base)
    return std::nullopt;
  std::string object = base->getDecl()->getName().str();
  if (object != "threadIdx" && object != "blockIdx" && object != "blockDim" &&
      object != "gridDim")
    return std::nullopt;
  return object + "." + property->getPropertyDecl()->getName().str();
}

std::optional<Polynomial> toPolynomial(const clang::Expr *expr, const VariableResolver &resolve,
                                       const clang::ASTContext &context, std::string &why) {
  if (std::optional<std::string> builtin = builtinName(expr))
    return Polynomial::atom(*builtin);
  const clang::Expr *e = stripCasts(expr);
  if (std::optional<std::string> builtin = builtinName(e))
    return Polynomial::atom(*builtin);
  if (auto value = foldInteger(e, context))
    return Polynomial::constant(*value);
  if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    if (auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
      return resolve(*var, why);
    why = "index uses '" + exprText(e, context) + "'";
    return std::nullopt;
  }
  if (auto *unary = llvm::dyn_cast<clang::UnaryOperator>(e)) {
    if (unary->getOpcode() == clang::UO_Minus || unary->getOpcode() == clang::UO_Plus) {
      auto sub = toPolynomial(unary->getSubExpr(), resolve, context, why);
      if (sub && unary->getOpcode() == clang::UO_Minus)
        return sub->negated();
      return sub;
    }
    if (unary->getOpcode() == clang::UO_Deref) {
      why = "indirect index '" + exprText(e, context) + "' (read from memory)";
      return std::nullopt;
    }
  }
  if (llvm::isa<clang::ArraySubscriptExpr>(e)) {
    why = "indirect index '" + exprText(e, context) + "' (read from memory)";
    return std::nullopt;
  }
  if (llvm::isa<clang::CallExpr>(e)) {
    why = "index calls a function: '" + exprText(e, context) + "'";
    return std::nullopt;
  }
  if (auto *binary = llvm::dyn_cast<clang::BinaryOperator>(e)) {
    auto op = binary->getOpcode();
    if (op == clang::BO_Add || op == clang::BO_Sub || op == clang::BO_Mul) {
      auto lhs = toPolynomial(binary->getLHS(), resolve, context, why);
      if (!lhs)
        return std::nullopt;
      auto rhs = toPolynomial(binary->getRHS(), resolve, context, why);
      if (!rhs)
        return std::nullopt;
      if (op == clang::BO_Add)
        return *lhs + *rhs;
      if (op == clang::BO_Sub)
        return *lhs + rhs->negated();
      return *lhs * *rhs;
    }
  }
  why = "'" + exprText(e, context) + "' is not affine in the thread indices";
  return std::nullopt;
}

} // namespace commledger::instrument
