// Launch configurations come as dim3 constructions (dim3(4, 2), an integer converted to dim3, or
// a dim3 variable so initialised); cudaLaunchKernel's arguments as a local `void *args[] = {&a}`.
#include "analysis/LaunchFootprint.h"

#include "analysis/ConstantFolder.h"
#include "analysis/ExprText.h"
#include "analysis/KernelFootprint.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

namespace commledger::instrument {
namespace {
struct Bindings {
  std::map<std::string, std::string> text;
  std::map<std::string, std::int64_t> values;

  void bind(const std::string &name, const clang::Expr *e, clang::ASTContext &context) {
    text[name] = exprText(e, context);
    if (auto value = foldInteger(e, context))
      values[name] = *value;
  }
};


// Binds `prefix`.x/y/z ("gridDim") to the dim3 expression's components.
void bindDim3(const std::string &prefix, const clang::Expr *e, clang::ASTContext &context,
              Bindings &out, int depth = 0) {
  const clang::Expr *inner = skipExprWrappers(e);
  if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(inner); ref && depth == 0)
    if (auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()); var && var->getInit()) {
      auto *init = llvm::dyn_cast<clang::CXXConstructExpr>(skipExprWrappers(var->getInit()));
      if (init && init->getNumArgs() > 0) // dim3 grid(8, 8): not `dim3 grid;` set field by field
        return bindDim3(prefix, var->getInit(), context, out, depth + 1);
    }
  auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(inner);
  if (construct && construct->getNumArgs() == 1 && construct->getArg(0)->getType()->isRecordType())
    return bindDim3(prefix, construct->getArg(0), context, out, depth + 1); // copy
  for (int d = 0; d < 3; ++d) {
    std::string name = prefix + "." + "xyz"[d];
    const clang::Expr *arg = construct && d < static_cast<int>(construct->getNumArgs())
                                 ? construct->getArg(d)
                                 : nullptr;
    if (construct && (!arg || llvm::isa<clang::CXXDefaultArgExpr>(arg))) {
      out.text[name] = "1";
      out.values[name] = 1;
    } else if (arg) {
      out.bind(name, arg, context);
    } else if (inner->getType()->isIntegerType() && d == 0) {
      out.bind(name, inner, context);
    } else if (inner->getType()->isIntegerType()) {
      out.text[name] = "1";
      out.values[name] = 1;
    } else {
      out.text[name] = exprText(e, context) + "." + "xyz"[d];
    }
  }
}

// The argument expressions of a cudaLaunchKernel `args` array, where it is a local initialised
// with addresses; else empty.
std::vector<const clang::Expr *> argumentArray(const clang::Expr *args) {
  std::vector<const clang::Expr *> out;
  auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(args->IgnoreParenCasts());
  auto *var = ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
  auto *list = var && var->getInit()
                   ? llvm::dyn_cast<clang::InitListExpr>(var->getInit()->IgnoreImplicit())
                   : nullptr;
  for (unsigned i = 0; list && i < list->getNumInits(); ++i) {
    auto *address = llvm::dyn_cast<clang::UnaryOperator>(stripCasts(list->getInit(i)));
    out.push_back(address && address->getOpcode() == clang::UO_AddrOf ? address->getSubExpr()
                                                                       : nullptr);
  }
  return out;
}

void fillBytes(const FormulaPtr &formula, const Bindings &bindings, std::string &formulaText,
               std::string &boundText, std::optional<std::uint64_t> &bytes) {
  formulaText = formula->text();
  boundText = formula->text(bindings.text);
  if (auto value = formula->evaluate(bindings.values); value && *value >= 0)
    bytes = static_cast<std::uint64_t>(*value);
}
} // namespace

std::optional<format::KernelFootprint> launchFootprint(const clang::CallExpr &call,
                                                       clang::ASTContext &context) {
  if (call.isInstantiationDependent())
    return std::nullopt;
  const clang::FunctionDecl *kernel = nullptr;
  std::vector<const clang::Expr *> args;
  const clang::Expr *grid = nullptr, *block = nullptr;
  if (auto *launch = llvm::dyn_cast<clang::CUDAKernelCallExpr>(&call)) {
    kernel = launch->getDirectCallee();
    args.assign(launch->arg_begin(), launch->arg_end());
    const clang::CallExpr *config = launch->getConfig();
    if (!config || config->getNumArgs() < 2)
      return std::nullopt;
    grid = config->getArg(0);
    block = config->getArg(1);
  } else {
    const clang::FunctionDecl *api = call.getDirectCallee();
    std::string name = api ? api->getNameAsString() : "";
    if ((name != "cudaLaunchKernel" && name != "cudaLaunchCooperativeKernel") ||
        call.getNumArgs() < 4)
      return std::nullopt;
    if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(stripCasts(call.getArg(0))))
      kernel = llvm::dyn_cast<clang::FunctionDecl>(ref->getDecl());
    grid = call.getArg(1);
    block = call.getArg(2);
    args = argumentArray(call.getArg(3));
  }
  format::KernelFootprint footprint;
  if (!kernel) {
    footprint.reason = "the launched kernel is not known statically";
    return footprint;
  }
  footprint.kernel = kernel->getQualifiedNameAsString();
  const clang::FunctionDecl *definition = kernel->getDefinition();
  if (!definition || !definition->hasBody()) {
    footprint.reason = "the kernel is not defined in this translation unit";
    return footprint;
  }

  Bindings bindings;
  bindDim3("gridDim", grid, context, bindings);
  bindDim3("blockDim", block, context, bindings);
  for (unsigned i = 0; i < definition->getNumParams() && i < args.size(); ++i)
    if (args[i] && definition->getParamDecl(i)->getType()->isIntegerType())
      bindings.bind(definition->getParamDecl(i)->getName().str(), args[i], context);

  for (const ParamFootprint &analysed : analyzeKernel(*definition, context)) {
    format::FootprintParam param;
    param.param = analysed.param;
    if (analysed.index < args.size() && args[analysed.index])
      param.argument = exprText(args[analysed.index], context);
    param.elementBytes = analysed.elementBytes;
    param.unknown = analysed.unknown;
    param.notes = analysed.notes;
    if (analysed.readBytes)
      fillBytes(analysed.readBytes, bindings, param.readFormula, param.readExpr, param.readBytes);
    if (analysed.writeBytes)
      fillBytes(analysed.writeBytes, bindings, param.writeFormula, param.writeExpr,
                param.writeBytes);
    footprint.params.push_back(std::move(param));
  }
  return footprint;
}

const clang::Expr *skipExprWrappers(const clang::Expr *e) {
  for (;;) {
    e = e->IgnoreParenImpCasts();
    if (auto *cast = llvm::dyn_cast<clang::CXXFunctionalCastExpr>(e))
      e = cast->getSubExpr();
    else if (auto *temp = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(e))
      e = temp->getSubExpr();
    else if (auto *bind = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(e))
      e = bind->getSubExpr();
    else
      return e;
  }
}

} // namespace commledger::instrument
