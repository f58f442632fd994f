// Bounds and loops of kernels, kept to the shapes whose run counts are formulas (docs/instrumenter.md,
// "Kernel footprints"); anything else is reported with the reason it is not understood.
#include "analysis/KernelScope.h"

#include "analysis/ExprText.h"

#include "clang/AST/Expr.h"

namespace commledger::instrument {
namespace {
// Parameters and launch dimensions: the same for every thread of a launch. Loop variables are
// atoms "$name" (KernelFootprint's resolver), thread indices vary per thread.
bool isLaunchInvariant(const std::string &atom) {
  return atom.rfind("threadIdx.", 0) != 0 && atom.rfind("blockIdx.", 0) != 0 && atom[0] != '$';
}

std::optional<int> coordinateDim(const Polynomial &p) {
  for (int d = 0; d < 3; ++d)
    if (p == threadCoordinate(d))
      return d;
  return std::nullopt;
}

const clang::VarDecl *referencedVar(const clang::Expr *e) {
  auto *ref = llvm::dyn_cast_or_null<clang::DeclRefExpr>(e ? stripCasts(e) : nullptr);
  return ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
}
} // namespace

FormulaPtr KernelScope::executions(const std::set<int> &dims) const {
  FormulaPtr runs = Formula::number(1);
  for (int d : dims) {
    FormulaPtr extent;
    for (const KernelLoop &loop : loops)
      if (loop.gridStride && loop.dim == d)
        extent = loop.iterations; // all threads together cover the loop's range once
    if (!extent) {
      std::string dim = dimensionName(d);
      extent = Formula::binary(Formula::Kind::Mul, Formula::name("gridDim." + dim),
                               Formula::name("blockDim." + dim));
      for (const auto &[dim, bound] : bounds)
        if (dim == d)
          extent = Formula::min(bound, extent);
    }
    runs = Formula::binary(Formula::Kind::Mul, runs, extent);
  }
  for (const KernelLoop &loop : loops)
    if (!loop.gridStride)
      runs = Formula::binary(Formula::Kind::Mul, runs, loop.iterations);
  return runs;
}

const KernelLoop *KernelScope::loopOf(const clang::VarDecl &var) const {
  for (const KernelLoop &loop : loops)
    if (loop.var == &var)
      return &loop;
  return nullptr;
}

std::optional<Polynomial> ScopeParser::bound(const clang::Expr *expr, std::string &why) const {
  auto p = toPolynomial(expr, resolve_, context_, why);
  if (p && !p->onlyAtoms(isLaunchInvariant)) {
    why = "bound '" + exprText(expr, context_) + "' varies between threads or iterations";
    return std::nullopt;
  }
  return p;
}

bool ScopeParser::addBounds(const clang::Expr *cond, bool negated, KernelScope &scope,
                            std::string &why) const {
  const clang::Expr *e = cond->IgnoreParenImpCasts();
  auto *binary = llvm::dyn_cast<clang::BinaryOperator>(e);
  std::string notBound = "'" + exprText(cond, context_) + "' is not a bound on a thread index";
  if (!binary) {
    why = notBound;
    return false;
  }
  auto op = binary->getOpcode();
  // i < n && j < m holds when both hold; i >= n || j >= m is false when both bounds hold.
  if (op == (negated ? clang::BO_LOr : clang::BO_LAnd))
    return addBounds(binary->getLHS(), negated, scope, why) &&
           addBounds(binary->getRHS(), negated, scope, why);
  if (negated) {
    switch (op) {
    case clang::BO_GE: op = clang::BO_LT; break;
    case clang::BO_GT: op = clang::BO_LE; break;
    case clang::BO_LT: op = clang::BO_GE; break;
    case clang::BO_LE: op = clang::BO_GT; break;
    default: why = notBound; return false;
    }
  }
  const clang::Expr *index = binary->getLHS(), *limit = binary->getRHS();
  if (op == clang::BO_GT || op == clang::BO_GE) { // n > i is i < n
    std::swap(index, limit);
    op = op == clang::BO_GT ? clang::BO_LT : clang::BO_LE;
  }
  if (op != clang::BO_LT && op != clang::BO_LE) {
    why = notBound;
    return false;
  }
  std::string ignored;
  auto coordinate = toPolynomial(index, resolve_, context_, ignored);
  std::optional<int> dim = coordinate ? coordinateDim(*coordinate) : std::nullopt;
  if (!dim) {
    why = notBound;
    return false;
  }
  auto b = bound(limit, why);
  if (!b)
    return false;
  if (op == clang::BO_LE)
    *b = *b + Polynomial::constant(1);
  scope.bounds.push_back({*dim, b->formula()});
  return true;
}

std::optional<KernelLoop> ScopeParser::parseLoop(const clang::ForStmt &loop,
                                                 std::string &why) const {
  why = "in a loop that is neither grid-stride nor counted up to a parameter";
  const clang::VarDecl *var = nullptr;
  const clang::Expr *init = nullptr;
  if (auto *decl = llvm::dyn_cast_or_null<clang::DeclStmt>(loop.getInit());
      decl && decl->isSingleDecl()) {
    var = llvm::dyn_cast<clang::VarDecl>(decl->getSingleDecl());
    init = var ? var->getInit() : nullptr;
  } else if (auto *assign = llvm::dyn_cast_or_null<clang::BinaryOperator>(loop.getInit());
             assign && assign->getOpcode() == clang::BO_Assign) {
    var = referencedVar(assign->getLHS());
    init = assign->getRHS();
  }
  auto *cond = llvm::dyn_cast_or_null<clang::BinaryOperator>(
      loop.getCond() ? loop.getCond()->IgnoreParenImpCasts() : nullptr);
  if (!var || !init || !cond || referencedVar(cond->getLHS()) != var ||
      (cond->getOpcode() != clang::BO_LT && cond->getOpcode() != clang::BO_LE))
    return std::nullopt;
  const clang::Expr *inc = loop.getInc() ? loop.getInc()->IgnoreParenImpCasts() : nullptr;
  std::optional<Polynomial> step;
  if (auto *unary = llvm::dyn_cast_or_null<clang::UnaryOperator>(inc);
      unary && unary->isIncrementOp() && referencedVar(unary->getSubExpr()) == var)
    step = Polynomial::constant(1);
  else if (auto *add = llvm::dyn_cast_or_null<clang::CompoundAssignOperator>(inc);
           add && add->getOpcode() == clang::BO_AddAssign && referencedVar(add->getLHS()) == var)
    step = toPolynomial(add->getRHS(), resolve_, context_, why);
  if (!step)
    return std::nullopt;
  std::string ignored;
  auto start = toPolynomial(init, resolve_, context_, ignored);
  auto limit = bound(cond->getRHS(), why);
  if (!start || !limit)
    return std::nullopt;
  if (cond->getOpcode() == clang::BO_LE)
    *limit = *limit + Polynomial::constant(1);
  KernelLoop result;
  result.var = var;
  for (int d = 0; d < 3; ++d)
    if (*start == threadCoordinate(d) && *step == threadsInDimension(d)) {
      result.gridStride = true;
      result.dim = d;
      result.iterations = limit->formula();
      return result;
    }
  if (*step == Polynomial::constant(1) && start->onlyAtoms(isLaunchInvariant)) {
    result.iterations = (*limit + start->negated()).formula();
    return result;
  }
  return std::nullopt;
}

} // namespace commledger::instrument
