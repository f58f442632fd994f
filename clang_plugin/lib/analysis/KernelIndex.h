// Index expressions of kernel accesses as polynomials over named atoms: the CUDA built-ins
// ("threadIdx.x", "blockDim.y"), scalar parameters and loop variables. p[row*width+col] is
// {row*width + col} with row and col expanded to their blockIdx*blockDim+threadIdx definitions.
#pragma once
#include "analysis/FootprintFormula.h"

#include "clang/AST/Expr.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace commledger::instrument {

struct Polynomial {
  // Monomial (sorted atom names; empty = the constant) -> coefficient; no zero coefficients.
  std::map<std::vector<std::string>, std::int64_t> terms;

  static Polynomial constant(std::int64_t value);
  static Polynomial atom(std::string name);
  Polynomial operator+(const Polynomial &other) const;
  Polynomial operator*(const Polynomial &other) const;
  Polynomial negated() const;
  bool operator==(const Polynomial &other) const { return terms == other.terms; }

  std::int64_t coefficient(const std::vector<std::string> &monomial) const;
  bool onlyAtoms(const std::function<bool(const std::string &)> &allowed) const;
  std::string text() const;
  FormulaPtr formula() const;
};

// blockIdx.d*blockDim.d + threadIdx.d: the thread's global coordinate in dimension d (0..2).
Polynomial threadCoordinate(int dim);
// blockDim.d*gridDim.d: the number of threads launched in dimension d.
Polynomial threadsInDimension(int dim);
const char *dimensionName(int dim); // "x", "y", "z"

// "threadIdx.x" for the built-in variable read `threadIdx.x`, else nullopt.
std::optional<std::string> builtinName(const clang::Expr *expr);

// Resolves a variable to a polynomial (an atom, or its definition); sets `why` when it cannot.
using VariableResolver =
    std::function<std::optional<Polynomial>(const clang::VarDecl &, std::string &why)>;

// The polynomial of an integer expression; on failure `why` says what is not affine
// ("indirect index 'idx[i]'").
std::optional<Polynomial> toPolynomial(const clang::Expr *expr, const VariableResolver &resolve,
                                       const clang::ASTContext &context, std::string &why);

} // namespace commledger::instrument
