// Parent-map walks from a call up to its function.
#include "analysis/CallContext.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprConcepts.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/TypeLoc.h"

namespace commledger::instrument {

const clang::FunctionDecl *enclosingFunction(clang::ASTContext &context,
                                             const clang::Stmt &stmt) {
  clang::DynTypedNodeList parents = context.getParents(stmt);
  while (!parents.empty()) {
    const clang::DynTypedNode &node = parents[0];
    if (auto *function = node.get<clang::FunctionDecl>())
      return function;
    if (auto *lambda = node.get<clang::LambdaExpr>())
      return lambda->getCallOperator();
    parents = context.getParents(node);
  }
  return nullptr;
}

std::string functionDisplayName(const clang::FunctionDecl *function) {
  if (!function)
    return "";
  if (const clang::FunctionDecl *pattern = function->getTemplateInstantiationPattern())
    function = pattern;
  auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(function);
  if (method && method->getParent()->isLambda()) {
    // A lambda's call operator has no useful name: say whose lambda it is.
    auto *outer = llvm::dyn_cast_or_null<clang::FunctionDecl>(
        method->getParent()->getDeclContext()->getNonClosureAncestor());
    std::string outerName = outer ? functionDisplayName(outer) : std::string();
    return outerName.empty() ? "<lambda>" : outerName + "::<lambda>";
  }
  return function->getQualifiedNameAsString();
}

namespace {
std::optional<std::string> unevaluatedOperandReason(const clang::DynTypedNode &node) {
  if (auto *trait = node.get<clang::UnaryExprOrTypeTraitExpr>())
    return std::string("unevaluated operand of ") +
           clang::getTraitSpelling(trait->getKind());
  if (node.get<clang::CXXNoexceptExpr>())
    return std::string("unevaluated operand of noexcept");
  if (auto *typeId = node.get<clang::CXXTypeidExpr>())
    if (!typeId->isPotentiallyEvaluated())
      return std::string("unevaluated operand of typeid");
  if (auto *typeLoc = node.get<clang::TypeLoc>())
    if (typeLoc->getAs<clang::DecltypeTypeLoc>() ||
        typeLoc->getType()->getAs<clang::DecltypeType>())
      return std::string("unevaluated operand of decltype");
  if (node.get<clang::RequiresExpr>())
    return std::string("unevaluated operand of requires");
  return std::nullopt;
}

std::optional<std::string> deviceCodeReason(const clang::FunctionDecl *function) {
  if (!function)
    return std::nullopt;
  if (function->hasAttr<clang::CUDAGlobalAttr>())
    return std::string("device code (__global__ function)");
  if (function->hasAttr<clang::CUDADeviceAttr>() && !function->hasAttr<clang::CUDAHostAttr>())
    return std::string("device code (__device__ function)");
  return std::nullopt;
}
} // namespace

std::optional<std::string> notExecutedOnHostReason(clang::ASTContext &context,
                                                   const clang::Stmt &call,
                                                   const clang::FunctionDecl *function) {
  clang::DynTypedNodeList parents = context.getParents(call);
  while (!parents.empty()) {
    const clang::DynTypedNode &node = parents[0];
    if (auto reason = unevaluatedOperandReason(node))
      return reason;
    if (node.get<clang::FunctionDecl>() || node.get<clang::LambdaExpr>())
      break;
    parents = context.getParents(node);
  }
  return deviceCodeReason(function);
}

} // namespace commledger::instrument
