// Expr::EvaluateAsInt first; where it fails, a small structural walk that follows const VarDecls.
#include "analysis/ConstantFolder.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

namespace commledger::instrument {
namespace {
using clang::BinaryOperator;

constexpr int kMaxDepth = 8; // const chains longer than this are not worth following

std::optional<std::int64_t> fold(const clang::Expr *expr, const clang::ASTContext &context,
                                 int depth) {
  if (!expr || depth > kMaxDepth || expr->isValueDependent() || expr->isTypeDependent())
    return std::nullopt;
  clang::Expr::EvalResult result;
  if (expr->EvaluateAsInt(result, context))
    return result.Val.getInt().getExtValue();

  const clang::Expr *e = expr->IgnoreParenCasts();
  if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
    if (var && var->getType().isConstQualified() && var->getInit())
      return fold(var->getInit(), context, depth + 1);
    return std::nullopt;
  }
  if (auto *bin = llvm::dyn_cast<BinaryOperator>(e)) {
    auto lhs = fold(bin->getLHS(), context, depth + 1);
    auto rhs = fold(bin->getRHS(), context, depth + 1);
    if (!lhs || !rhs)
      return std::nullopt;
    switch (bin->getOpcode()) {
    case clang::BO_Mul: return *lhs * *rhs;
    case clang::BO_Add: return *lhs + *rhs;
    case clang::BO_Sub: return *lhs - *rhs;
    case clang::BO_Div: return *rhs ? std::optional(*lhs / *rhs) : std::nullopt;
    case clang::BO_Shl: return *rhs >= 0 && *rhs < 63 ? std::optional(*lhs << *rhs) : std::nullopt;
    default: return std::nullopt;
    }
  }
  return std::nullopt;
}
} // namespace

std::optional<std::int64_t> foldInteger(const clang::Expr *expr,
                                        const clang::ASTContext &context) {
  return fold(expr, context, 0);
}

} // namespace commledger::instrument
