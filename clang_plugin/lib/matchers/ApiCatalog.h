// All API families in one place: maps a callee's declared name (cuMemcpyHtoD_v2, cudaMemcpy_ptds)
// to its ApiSpec and builds the AST matchers that find the calls.
#pragma once
#include "matchers/ApiSpec.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/StringMap.h"

#include <string>
#include <vector>

namespace commledger::instrument {

// cuMemcpyHtoD_v2 -> cuMemcpyHtoD, cudaMemcpyAsync_ptsz -> cudaMemcpyAsync.
llvm::StringRef stripVersionSuffixes(llvm::StringRef name);

class ApiCatalog {
public:
  static const ApiCatalog &instance();

  // The spec of a callee named `declaredName` (suffixes allowed), or nullptr.
  const ApiSpec *lookup(llvm::StringRef declaredName) const;
  // Is `token` a name a user may spell for some API (with or without suffixes)?
  bool isApiSpelling(llvm::StringRef token) const { return lookup(token) != nullptr; }

  // Adds one matcher per family to `finder`, each binding the call as "call".
  void addMatchers(clang::ast_matchers::MatchFinder &finder,
                   clang::ast_matchers::MatchFinder::MatchCallback *callback) const;

private:
  ApiCatalog();
  llvm::StringMap<const ApiSpec *> byName_;
};

} // namespace commledger::instrument
