// What encloses an access inside a kernel: bounds on thread coordinates (`if (i < n)`, or an
// early `if (i >= n) return;`), grid-stride and counted loops. From it, how many times the access
// runs per launch.
#pragma once
#include "analysis/KernelIndex.h"

#include "clang/AST/Stmt.h"

#include <set>

namespace commledger::instrument {

struct KernelLoop {
  const clang::VarDecl *var = nullptr;
  bool gridStride = false;
  int dim = 0;           // grid-stride: the dimension it strides over
  FormulaPtr iterations; // grid-stride: elements covered by all threads together; counted: trips
};

struct KernelScope {
  std::vector<std::pair<int, FormulaPtr>> bounds; // thread coordinate in dim < bound
  std::vector<KernelLoop> loops;
  std::string unknown; // set when accesses here run an unknown number of times, and why

  // Runs of an access in this scope per launch; `dims` are the dimensions the kernel indexes.
  FormulaPtr executions(const std::set<int> &dims) const;
  const KernelLoop *loopOf(const clang::VarDecl &var) const;
};

// Recognises conditions and loops in terms of the kernel's variables.
class ScopeParser {
public:
  ScopeParser(const VariableResolver &resolve, const clang::ASTContext &context)
      : resolve_(resolve), context_(context) {}

  // Adds the bounds `cond` implies (or, `negated`, the bounds its falsity implies) to `scope`;
  // false with `why` when it is not a conjunction of thread-coordinate bounds.
  bool addBounds(const clang::Expr *cond, bool negated, KernelScope &scope, std::string &why) const;
  // The loop when `loop` is grid-stride or counted over a parameter bound; nullopt with `why`.
  std::optional<KernelLoop> parseLoop(const clang::ForStmt &loop, std::string &why) const;

private:
  std::optional<Polynomial> bound(const clang::Expr *expr, std::string &why) const;

  const VariableResolver &resolve_;
  const clang::ASTContext &context_;
};

} // namespace commledger::instrument
