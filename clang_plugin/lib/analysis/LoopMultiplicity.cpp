// Recognises the canonical counted for-loop; any other loop contributes its condition as text.
#include "analysis/LoopMultiplicity.h"

#include "analysis/ConstantFolder.h"
#include "analysis/ExprText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"

namespace commledger::instrument {
namespace {

struct TripCount {
  std::optional<std::int64_t> value;
  std::string text;
};

const clang::VarDecl *loopVariable(const clang::Stmt *init, const clang::Expr *&start) {
  if (auto *decls = llvm::dyn_cast_or_null<clang::DeclStmt>(init); decls && decls->isSingleDecl())
    if (auto *var = llvm::dyn_cast<clang::VarDecl>(decls->getSingleDecl()); var && var->getInit())
      return start = var->getInit(), var;
  if (auto *assign = llvm::dyn_cast_or_null<clang::BinaryOperator>(init);
      assign && assign->getOpcode() == clang::BO_Assign)
    if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(stripCasts(assign->getLHS())))
      return start = assign->getRHS(), llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
  return nullptr;
}

bool refersTo(const clang::Expr *expr, const clang::VarDecl *var) {
  auto *ref = llvm::dyn_cast_or_null<clang::DeclRefExpr>(stripCasts(expr));
  return ref && ref->getDecl() == var;
}

// The step of `i++`, `++i`, `i += c`; 0 when not a counted increment.
std::int64_t increment(const clang::Expr *inc, const clang::VarDecl *var,
                       const clang::ASTContext &context) {
  if (auto *unary = llvm::dyn_cast_or_null<clang::UnaryOperator>(inc))
    return unary->isIncrementOp() && refersTo(unary->getSubExpr(), var) ? 1 : 0;
  if (auto *compound = llvm::dyn_cast_or_null<clang::CompoundAssignOperator>(inc))
    if (compound->getOpcode() == clang::BO_AddAssign && refersTo(compound->getLHS(), var))
      return foldInteger(compound->getRHS(), context).value_or(0);
  return 0;
}

TripCount forTripCount(const clang::ForStmt &loop, const clang::ASTContext &context) {
  TripCount unknown{std::nullopt, "(" + exprText(llvm::dyn_cast_or_null<clang::Expr>(
                                            loop.getCond()), context) + ")"};
  const clang::Expr *start = nullptr;
  const clang::VarDecl *var = loopVariable(loop.getInit(), start);
  auto *cond = llvm::dyn_cast_or_null<clang::BinaryOperator>(loop.getCond());
  std::int64_t step = var ? increment(loop.getInc(), var, context) : 0;
  if (!var || !cond || step <= 0)
    return unknown;
  clang::BinaryOperatorKind op = cond->getOpcode();
  const clang::Expr *bound = cond->getRHS();
  if (refersTo(cond->getRHS(), var)) { // `n > i` reads as `i < n`
    bound = cond->getLHS();
    op = op == clang::BO_GT ? clang::BO_LT : op == clang::BO_GE ? clang::BO_LE : op;
  } else if (!refersTo(cond->getLHS(), var)) {
    return unknown;
  }
  if (op != clang::BO_LT && op != clang::BO_LE && op != clang::BO_NE)
    return unknown;
  std::int64_t inclusive = op == clang::BO_LE ? 1 : 0;
  auto from = foldInteger(start, context);
  auto to = foldInteger(bound, context);
  if (from && to) {
    std::int64_t span = *to - *from + inclusive;
    return {span <= 0 ? 0 : (span + step - 1) / step, ""};
  }
  std::string text = exprText(bound, context);
  if (!(from && *from == 0))
    text = "(" + text + " - " + exprText(start, context) + ")";
  if (inclusive)
    text = "(" + text + " + 1)";
  if (step != 1)
    text += " / " + std::to_string(step);
  return {std::nullopt, text};
}

TripCount rangeTripCount(const clang::CXXForRangeStmt &loop, const clang::ASTContext &context) {
  const clang::Expr *range = loop.getRangeInit();
  if (range)
    if (auto *array = context.getAsConstantArrayType(range->getType()))
      return {static_cast<std::int64_t>(array->getSize().getZExtValue()), ""};
  return {std::nullopt, "size(" + exprText(range, context) + ")"};
}

// True when `child` runs only on some paths through `node`: a branch of if/?:/switch or the
// right operand of && and ||. The condition of an `if` always runs (the CHECK(call) idiom).
bool runsConditionally(const clang::DynTypedNode &node, const clang::DynTypedNode &child) {
  const clang::Stmt *stmt = child.get<clang::Stmt>();
  if (!stmt)
    return false;
  if (auto *branch = node.get<clang::IfStmt>())
    return stmt == branch->getThen() || stmt == branch->getElse();
  if (auto *choice = node.get<clang::ConditionalOperator>())
    return stmt == choice->getTrueExpr() || stmt == choice->getFalseExpr();
  if (auto *logic = node.get<clang::BinaryOperator>())
    return logic->isLogicalOp() && stmt == logic->getRHS();
  return node.get<clang::SwitchStmt>() && stmt != node.get<clang::SwitchStmt>()->getCond();
}
} // namespace

Multiplicity loopMultiplicity(clang::ASTContext &context, const clang::Stmt &call) {
  std::uint64_t product = 1;
  std::vector<std::string> symbolic;
  bool conditional = false;
  clang::DynTypedNode child = clang::DynTypedNode::create(call);
  clang::DynTypedNodeList parents = context.getParents(call);
  while (!parents.empty()) {
    const clang::DynTypedNode node = parents[0];
    conditional = conditional || runsConditionally(node, child);
    child = node;
    if (node.get<clang::FunctionDecl>() || node.get<clang::LambdaExpr>())
      break;
    std::optional<TripCount> trips;
    if (auto *loop = node.get<clang::ForStmt>())
      trips = forTripCount(*loop, context);
    else if (auto *loop = node.get<clang::CXXForRangeStmt>())
      trips = rangeTripCount(*loop, context);
    else if (auto *loop = node.get<clang::WhileStmt>())
      trips = TripCount{std::nullopt, "while(" + exprText(loop->getCond(), context) + ")"};
    else if (auto *loop = node.get<clang::DoStmt>()) {
      // do { ... } while (0): the statement-macro idiom runs its body once.
      auto cond = foldInteger(loop->getCond(), context);
      trips = cond && *cond == 0
                  ? TripCount{1, ""}
                  : TripCount{std::nullopt, "do-while(" + exprText(loop->getCond(), context) + ")"};
    }
    if (trips && trips->value)
      product *= static_cast<std::uint64_t>(*trips->value);
    else if (trips)
      symbolic.insert(symbolic.begin(), trips->text); // outermost first
    parents = context.getParents(node);
  }
  Multiplicity out;
  if (symbolic.empty() && !conditional) {
    out.count = product;
    return out;
  }
  if (product != 1 || symbolic.empty())
    symbolic.insert(symbolic.begin(), std::to_string(product));
  for (size_t i = 0; i < symbolic.size(); ++i)
    out.expr += (i ? " * " : "") + symbolic[i];
  // A call in a branch runs at most as often as its loops: say so rather than guess a count.
  if (conditional)
    out.expr = "at most " + out.expr + " (in a branch)";
  return out;
}

} // namespace commledger::instrument
