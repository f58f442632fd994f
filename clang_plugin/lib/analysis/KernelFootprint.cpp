// Walks a kernel body once, carrying the enclosing bounds and loops (KernelScope); every use of a
// pointer parameter becomes a read and/or write whose run count is a formula, or makes the
// parameter unknown. Reads of one element under one scope count once: p[i] + p[i] is one load.
#include "analysis/KernelFootprint.h"

#include "analysis/ExprText.h"
#include "analysis/KernelScope.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

#include <map>

namespace commledger::instrument {
namespace {
using clang::Expr;
using clang::Stmt;

struct ParamState {
  std::map<std::string, FormulaPtr> reads, writes; // by "index|runs"
  std::string unknown;
  std::vector<std::string> notes;
};

class KernelWalker {
public:
  KernelWalker(const clang::FunctionDecl &kernel, clang::ASTContext &context)
      : context_(context), parser_(resolver_, context) {
    resolver_ = [this](const clang::VarDecl &var, std::string &why) {
      return resolve(var, why);
    };
    for (const clang::ParmVarDecl *param : kernel.parameters())
      if (param->getType()->isPointerType())
        params_[param];
  }

  void prepass(const Stmt *s);
  void visit(const Stmt *s, const KernelScope &scope);
  std::map<const clang::ParmVarDecl *, ParamState> &params() { return params_; }

private:
  std::optional<Polynomial> resolve(const clang::VarDecl &var, std::string &why);
  void visitCompound(const clang::CompoundStmt &body, KernelScope scope);
  void use(const clang::DeclRefExpr &ref, ParamState &state, const KernelScope &scope);
  void access(const Expr *lvalue, const Expr *index, bool negate, ParamState &state,
              const KernelScope &scope);
  // The parent of `node`, stepping over parentheses (and implicit casts when `casts`); `node`
  // becomes the child of the returned parent.
  const Stmt *parentOf(const Expr *&node, bool casts);
  std::string text(const Expr *e) { return exprText(e, context_); }

  clang::ASTContext &context_;
  VariableResolver resolver_;
  ScopeParser parser_;
  const KernelScope *current_ = nullptr; // the scope whose loop variables the resolver sees
  int depth_ = 0;
  std::set<const clang::VarDecl *> modified_;
  std::set<int> dims_;
  std::map<const clang::ParmVarDecl *, ParamState> params_;
};

std::optional<Polynomial> KernelWalker::resolve(const clang::VarDecl &var, std::string &why) {
  std::string name = var.getName().str();
  if (current_ && current_->loopOf(var))
    return Polynomial::atom("$" + name);
  if (llvm::isa<clang::ParmVarDecl>(var)) {
    if (var.getType()->isIntegerType())
      return Polynomial::atom(name);
    why = "uses parameter '" + name + "', which is not an integer";
    return std::nullopt;
  }
  if (modified_.count(&var) || !var.getInit() || !var.hasLocalStorage() || depth_ > 8) {
    why = "uses '" + name + "', which is not a fixed affine value";
    return std::nullopt;
  }
  ++depth_; // follow the definition: int i = blockIdx.x * blockDim.x + threadIdx.x;
  auto p = toPolynomial(var.getInit(), resolver_, context_, why);
  --depth_;
  return p;
}

void KernelWalker::prepass(const Stmt *s) {
  if (!s)
    return;
  auto varOf = [](const Expr *e) -> const clang::VarDecl * {
    auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts());
    return ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
  };
  if (auto *binary = llvm::dyn_cast<clang::BinaryOperator>(s); binary && binary->isAssignmentOp())
    modified_.insert(varOf(binary->getLHS()));
  if (auto *unary = llvm::dyn_cast<clang::UnaryOperator>(s);
      unary && (unary->isIncrementDecrementOp() || unary->getOpcode() == clang::UO_AddrOf))
    modified_.insert(varOf(unary->getSubExpr()));
  if (auto *e = llvm::dyn_cast<Expr>(s))
    if (auto name = builtinName(e); name && name->rfind("Dim.") == std::string::npos)
      dims_.insert(name->back() - 'x'); // threadIdx.y or blockIdx.y index dimension 1
  for (const Stmt *child : s->children())
    prepass(child);
}

void KernelWalker::visit(const Stmt *s, const KernelScope &scope) {
  if (!s)
    return;
  if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(s)) {
    auto *param = llvm::dyn_cast<clang::ParmVarDecl>(ref->getDecl());
    if (auto it = params_.find(param); param && it != params_.end())
      use(*ref, it->second, scope);
    return;
  }
  if (auto *body = llvm::dyn_cast<clang::CompoundStmt>(s))
    return visitCompound(*body, scope);
  if (auto *branch = llvm::dyn_cast<clang::IfStmt>(s)) {
    visit(branch->getCond(), scope);
    KernelScope then = scope, otherwise = scope;
    std::string why;
    current_ = &scope;
    if (!parser_.addBounds(branch->getCond(), false, then, why) && then.unknown.empty())
      then.unknown = "under " + why;
    if (otherwise.unknown.empty())
      otherwise.unknown = "in the else branch of '" + text(branch->getCond()) + "'";
    visit(branch->getThen(), then);
    visit(branch->getElse(), otherwise);
    return;
  }
  if (auto *loop = llvm::dyn_cast<clang::ForStmt>(s)) {
    visit(loop->getInit(), scope);
    KernelScope inner = scope;
    std::string why;
    current_ = &scope;
    if (auto parsed = parser_.parseLoop(*loop, why))
      inner.loops.push_back(*parsed);
    else if (inner.unknown.empty())
      inner.unknown = why;
    visit(loop->getCond(), inner);
    visit(loop->getInc(), inner);
    visit(loop->getBody(), inner);
    return;
  }
  KernelScope inner = scope;
  if ((llvm::isa<clang::WhileStmt>(s) || llvm::isa<clang::DoStmt>(s)) && inner.unknown.empty())
    inner.unknown = "in a while or do loop, whose trip count is not derived";
  if (llvm::isa<clang::AbstractConditionalOperator>(s) && inner.unknown.empty())
    inner.unknown = "in a branch of a conditional expression";
  for (const Stmt *child : s->children())
    visit(child, inner);
}

void KernelWalker::visitCompound(const clang::CompoundStmt &body, KernelScope scope) {
  for (const Stmt *child : body.body()) {
    auto *branch = llvm::dyn_cast<clang::IfStmt>(child);
    const Stmt *then = branch ? branch->getThen() : nullptr;
    if (auto *block = llvm::dyn_cast_or_null<clang::CompoundStmt>(then); block && block->size() == 1)
      then = block->body_front();
    if (!branch || branch->getElse() || !llvm::isa_and_nonnull<clang::ReturnStmt>(then)) {
      visit(child, scope);
      continue;
    }
    // if (i >= n) return; bounds every statement after it.
    visit(branch->getCond(), scope);
    std::string why;
    current_ = &scope;
    KernelScope after = scope;
    if (parser_.addBounds(branch->getCond(), true, after, why))
      scope = after;
    else if (scope.unknown.empty())
      scope.unknown = "after an early return on " + why;
  }
}

const Stmt *KernelWalker::parentOf(const Expr *&node, bool casts) {
  for (;;) {
    auto parents = context_.getParents(*node);
    const Stmt *parent = parents.empty() ? nullptr : parents[0].get<Stmt>();
    auto *cast = llvm::dyn_cast_or_null<clang::ImplicitCastExpr>(parent);
    if (llvm::isa_and_nonnull<clang::ParenExpr>(parent) ||
        (cast && (casts || cast->getCastKind() == clang::CK_NoOp))) {
      node = llvm::cast<Expr>(parent);
      continue;
    }
    return parent;
  }
}

void KernelWalker::use(const clang::DeclRefExpr &ref, ParamState &state,
                       const KernelScope &scope) {
  const Expr *node = &ref;
  const Stmt *parent = parentOf(node, true);
  std::string name = ref.getDecl()->getName().str();
  if (auto *subscript = llvm::dyn_cast_or_null<clang::ArraySubscriptExpr>(parent);
      subscript && subscript->getBase()->IgnoreParenImpCasts() == node->IgnoreParenImpCasts())
    return access(subscript, subscript->getIdx(), false, state, scope);
  if (auto *unary = llvm::dyn_cast_or_null<clang::UnaryOperator>(parent);
      unary && unary->getOpcode() == clang::UO_Deref)
    return access(unary, nullptr, false, state, scope);
  if (auto *binary = llvm::dyn_cast_or_null<clang::BinaryOperator>(parent)) {
    if (binary->isComparisonOp())
      return; // p != nullptr touches no memory
    bool pointerLeft = binary->getLHS()->IgnoreParenImpCasts() == node->IgnoreParenImpCasts();
    bool additive = binary->getOpcode() == clang::BO_Add ||
                    (binary->getOpcode() == clang::BO_Sub && pointerLeft);
    const Expr *sum = binary;
    auto *deref = llvm::dyn_cast_or_null<clang::UnaryOperator>(parentOf(sum, true));
    if (additive && deref && deref->getOpcode() == clang::UO_Deref) // *(p + i)
      return access(deref, pointerLeft ? binary->getRHS() : binary->getLHS(),
                    binary->getOpcode() == clang::BO_Sub, state, scope);
  }
  if (state.unknown.empty()) {
    auto *call = llvm::dyn_cast_or_null<clang::CallExpr>(parent);
    auto *callee = call ? call->getDirectCallee() : nullptr;
    state.unknown = callee ? "'" + name + "' is passed to '" + callee->getNameAsString() +
                                 "', whose accesses are not analysed"
                           : "'" + name + "' escapes through '" +
                                 (llvm::isa_and_nonnull<Expr>(parent)
                                      ? text(llvm::cast<Expr>(parent))
                                      : std::string("a declaration")) +
                                 "'";
  }
}

void KernelWalker::access(const Expr *lvalue, const Expr *index, bool negate, ParamState &state,
                          const KernelScope &scope) {
  std::string spelled = text(lvalue);
  const Expr *node = lvalue;
  const Stmt *parent = parentOf(node, false);
  bool read = false, write = false;
  auto *cast = llvm::dyn_cast_or_null<clang::ImplicitCastExpr>(parent);
  auto *binary = llvm::dyn_cast_or_null<clang::BinaryOperator>(parent);
  auto *unary = llvm::dyn_cast_or_null<clang::UnaryOperator>(parent);
  bool isLhs = binary && binary->getLHS()->IgnoreParens() == node;
  if (cast && cast->getCastKind() == clang::CK_LValueToRValue)
    read = true;
  else if (isLhs && binary->getOpcode() == clang::BO_Assign)
    write = true;
  else if ((isLhs && binary->isCompoundAssignmentOp()) || (unary && unary->isIncrementDecrementOp()))
    read = write = true;
  if (!read && !write) {
    if (state.unknown.empty())
      state.unknown = "the element '" + spelled + "' is used other than loaded or stored";
    return;
  }
  if (!scope.unknown.empty()) {
    if (state.unknown.empty())
      state.unknown = "'" + spelled + "' is accessed " + scope.unknown;
    return;
  }
  std::string why;
  current_ = &scope;
  auto position = index ? toPolynomial(index, resolver_, context_, why) : Polynomial::constant(0);
  if (!position) {
    if (state.unknown.empty())
      state.unknown = "'" + spelled + "': " + why;
    return;
  }
  if (negate)
    position = position->negated();
  // The innermost per-thread variable: a grid-stride loop's, else the thread's x index.
  std::string unit = dims_.count(0) ? "threadIdx.x" : "";
  for (const KernelLoop &loop : scope.loops)
    if (loop.gridStride)
      unit = "$" + loop.var->getName().str();
  if (std::int64_t stride = position->coefficient({unit}); stride > 1 || stride < -1) {
    std::string note = "'" + spelled + "': stride " + std::to_string(stride) +
                       " elements (the span touched is that many times the bytes accessed)";
    if (std::find(state.notes.begin(), state.notes.end(), note) == state.notes.end())
      state.notes.push_back(note);
  }
  FormulaPtr runs = scope.executions(dims_);
  std::string key = position->text() + "|" + runs->text();
  if (read)
    state.reads.emplace(key, runs);
  if (write)
    state.writes.emplace(key, runs);
}

FormulaPtr totalBytes(const std::map<std::string, FormulaPtr> &accesses, std::uint64_t element) {
  FormulaPtr total = Formula::number(0);
  for (const auto &entry : accesses)
    total = Formula::binary(
        Formula::Kind::Add, total,
        Formula::binary(Formula::Kind::Mul, Formula::number(static_cast<std::int64_t>(element)),
                        entry.second));
  return total;
}
} // namespace

std::vector<ParamFootprint> analyzeKernel(const clang::FunctionDecl &kernel,
                                          clang::ASTContext &context) {
  KernelWalker walker(kernel, context);
  walker.prepass(kernel.getBody());
  walker.visit(kernel.getBody(), KernelScope{});
  std::vector<ParamFootprint> result;
  for (unsigned i = 0; i < kernel.getNumParams(); ++i) {
    const clang::ParmVarDecl *param = kernel.getParamDecl(i);
    auto it = walker.params().find(param);
    if (it == walker.params().end())
      continue;
    ParamFootprint out;
    out.index = i;
    out.param = param->getName().str();
    clang::QualType pointee = param->getType()->getPointeeType();
    if (!pointee->isIncompleteType() && !pointee->isDependentType())
      out.elementBytes = context.getTypeSizeInChars(pointee).getQuantity();
    out.unknown = it->second.unknown;
    out.notes = it->second.notes;
    if (out.unknown.empty() && out.elementBytes == 0)
      out.unknown = "the element type has no size";
    if (out.unknown.empty()) {
      out.readBytes = totalBytes(it->second.reads, out.elementBytes);
      out.writeBytes = totalBytes(it->second.writes, out.elementBytes);
    }
    result.push_back(std::move(out));
  }
  return result;
}

} // namespace commledger::instrument
