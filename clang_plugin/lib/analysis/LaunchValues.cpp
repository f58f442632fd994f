// The values are copies of the launch's own operands, evaluated once more just before it: that is
// only the same program when they have no side effects, hence the checks; anything doubtful passes
// nothing and says why.
#include "analysis/LaunchValues.h"

#include "analysis/ExprText.h"
#include "analysis/LaunchFootprint.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

#include <cctype>
#include <set>

namespace commledger::instrument {
namespace {

// Names in a footprint formula's text ("4*min(n, gridDim.x*blockDim.x)" → n, gridDim.x, ...).
void collectNames(const std::string &formula, std::set<std::string> &out) {
  for (size_t i = 0; i < formula.size();) {
    unsigned char c = formula[i];
    if (!std::isalpha(c) && c != '_') {
      ++i;
      continue;
    }
    size_t start = i;
    while (i < formula.size() && (std::isalnum(static_cast<unsigned char>(formula[i])) ||
                                  formula[i] == '_' || formula[i] == '.'))
      ++i;
    std::string name = formula.substr(start, i - start);
    if (name != "min")
      out.insert(name);
  }
}

// A launch configuration operand: dim3 constructions (constexpr constructors) are no effect in
// themselves, only their arguments can be.
bool configFreeOfEffects(const clang::Expr *e, clang::ASTContext &context) {
  e = skipExprWrappers(e);
  if (auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(e)) {
    const clang::CXXConstructorDecl *ctor = construct->getConstructor();
    if (!ctor->isConstexpr() && !ctor->isTrivial() && ctor->getParent()->getName() != "dim3")
      return false;
    for (const clang::Expr *arg : construct->arguments())
      if (!llvm::isa<clang::CXXDefaultArgExpr>(arg) && !configFreeOfEffects(arg, context))
        return false;
    return true;
  }
  return !e->HasSideEffects(context);
}

class Planner {
public:
  Planner(clang::ASTContext &context, clang::SourceLocation begin, clang::SourceLocation close)
      : context_(context), sm_(context.getSourceManager()), begin_(begin), close_(close) {}

  // The operand's text when it can be copied before the launch; else sets reason_.
  std::optional<std::string> copyable(const clang::Expr *e, const std::string &what,
                                      bool isConfig) {
    if (!reason_.empty())
      return std::nullopt;
    clang::SourceLocation b = e->getBeginLoc(), end = e->getEndLoc();
    if (b.isMacroID() || end.isMacroID()) {
      reason_ = what + " is spelled in a macro";
      return std::nullopt;
    }
    if (llvm::isa<clang::CXXDefaultArgExpr>(e->IgnoreImpCasts()) || b.isInvalid() ||
        sm_.getFileID(b) != sm_.getFileID(begin_) || sm_.getFileID(end) != sm_.getFileID(begin_) ||
        sm_.getFileOffset(b) < sm_.getFileOffset(begin_) ||
        sm_.getFileOffset(end) > sm_.getFileOffset(close_)) {
      reason_ = what + " is not written at the launch";
      return std::nullopt;
    }
    if (isConfig ? !configFreeOfEffects(e, context_) : e->HasSideEffects(context_)) {
      reason_ = what + " (" + exprText(e, context_) + ") may have side effects";
      return std::nullopt;
    }
    return exprText(e, context_);
  }

  std::string reason_;

private:
  clang::ASTContext &context_;
  const clang::SourceManager &sm_;
  clang::SourceLocation begin_, close_;
};

} // namespace

std::string planLaunchValues(const clang::CallExpr &call, format::KernelFootprint &footprint,
                             clang::ASTContext &context, clang::SourceLocation begin,
                             clang::SourceLocation close) {
  if (footprint.params.empty())
    return ""; // nothing to predict; footprint.reason says why, if anything
  auto *launch = llvm::dyn_cast<clang::CUDAKernelCallExpr>(&call);
  const clang::FunctionDecl *kernel = launch ? launch->getDirectCallee() : nullptr;
  const clang::FunctionDecl *definition = kernel ? kernel->getDefinition() : nullptr;
  const clang::CallExpr *config = launch ? launch->getConfig() : nullptr;
  if (!definition || !config || config->getNumArgs() < 2) {
    footprint.launchValuesReason = "launch values are passed for <<<>>> launches only";
    return "";
  }

  std::set<std::string> needed;
  for (const format::FootprintParam &p : footprint.params) {
    if (!p.readBytes)
      collectNames(p.readFormula, needed);
    if (!p.writeBytes)
      collectNames(p.writeFormula, needed);
  }

  Planner planner(context, begin, close);
  std::vector<std::string> names, values;
  const clang::Expr *dims[2] = {config->getArg(0), config->getArg(1)};
  for (int d = 0; d < 2; ++d) {
    const char *prefix = d == 0 ? "gridDim" : "blockDim";
    auto text = planner.copyable(dims[d], d == 0 ? "the grid" : "the block", true);
    for (const char *axis : {"x", "y", "z"}) {
      names.push_back(std::string(prefix) + "." + axis);
      values.push_back("(unsigned long long)::dim3(" + text.value_or("") + ")." + axis);
    }
  }
  clang::PrintingPolicy policy = context.getPrintingPolicy();
  for (unsigned i = 0; i < definition->getNumParams() && i < launch->getNumArgs(); ++i) {
    const clang::ParmVarDecl *param = definition->getParamDecl(i);
    std::string name = param->getName().str();
    if (!needed.count(name))
      continue;
    clang::QualType type = param->getType().getCanonicalType().getUnqualifiedType();
    if (!type->isBuiltinType() || !type->isIntegerType()) {
      planner.reason_ = "parameter '" + name + "' is not of a built-in integer type";
      break;
    }
    auto text = planner.copyable(launch->getArg(i), "the argument for '" + name + "'", false);
    names.push_back(name);
    values.push_back("(unsigned long long)(" + type.getAsString(policy) + ")(" + text.value_or("") +
                     ")");
  }
  unsigned pointers = 0;
  for (const format::FootprintParam &p : footprint.params) {
    unsigned i = 0;
    while (i < definition->getNumParams() && definition->getParamDecl(i)->getName() != p.param)
      ++i;
    if (i >= launch->getNumArgs()) {
      planner.reason_ = "pointer parameter '" + p.param + "' has no argument at the launch";
      break;
    }
    const clang::Expr *arg = launch->getArg(i);
    clang::QualType written = arg->IgnoreImpCasts()->getType();
    if (!written->isPointerType() && !written->isArrayType() && !written->isNullPtrType()) {
      planner.reason_ = "the argument for '" + p.param + "' is not a plain pointer";
      break;
    }
    auto text = planner.copyable(arg, "the argument for '" + p.param + "'", false);
    names.push_back(p.param);
    values.push_back("(unsigned long long)(const volatile void *)(" + text.value_or("") + ")");
    ++pointers;
  }
  if (planner.reason_.empty() && names.size() > kMaxLaunchValues)
    planner.reason_ = "more than " + std::to_string(kMaxLaunchValues) + " launch values";
  if (!planner.reason_.empty()) {
    footprint.launchValuesReason = planner.reason_;
    return "";
  }

  footprint.launchValues = names;
  footprint.launchPointers = pointers;
  std::string text = "::commledger_rt::launch_values<" + std::to_string(pointers) + ">({";
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + values[i];
  return text + "})";
}

} // namespace commledger::instrument
