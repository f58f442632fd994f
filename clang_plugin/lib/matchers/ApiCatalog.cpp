// Builds the name index and the per-family matchers from the family tables.
#include "matchers/ApiCatalog.h"

#include "clang/ASTMatchers/ASTMatchers.h"

namespace commledger::instrument {
using namespace clang::ast_matchers;

llvm::StringRef stripVersionSuffixes(llvm::StringRef name) {
  // cuda.h renames through macros: cuMemcpyHtoD -> cuMemcpyHtoD_v2 (-> _v2_ptds per-thread).
  static const char *const kSuffixes[] = {"_ptds", "_ptsz", "_v2", "_v3"};
  bool stripped = true;
  while (stripped) {
    stripped = false;
    for (const char *suffix : kSuffixes)
      if (name.size() > llvm::StringRef(suffix).size() && name.consume_back(suffix))
        stripped = true;
  }
  return name;
}

const ApiCatalog &ApiCatalog::instance() {
  static const ApiCatalog catalog;
  return catalog;
}

ApiCatalog::ApiCatalog() {
  for (auto table : {runtimeCopyApis(), memsetApis(), driverCopyApis(), allocApis(),
                     launchApis(), deviceApis()})
    for (const ApiSpec &spec : table)
      byName_[spec.name] = &spec;
}

const ApiSpec *ApiCatalog::lookup(llvm::StringRef declaredName) const {
  llvm::StringRef base = stripVersionSuffixes(declaredName);
  auto it = byName_.find(base);
  if (it != byName_.end())
    return it->second;
  if (base.starts_with("nccl") && base.size() > 4)
    return &ncclApiSpec();
  return nullptr;
}

namespace {
// Every name a header may declare for `spec`: the base plus versioned/per-thread variants.
void addDeclaredNames(llvm::ArrayRef<ApiSpec> table, std::vector<std::string> &names) {
  for (const ApiSpec &spec : table)
    for (const char *version : {"", "_v2", "_v3"})
      for (const char *stream : {"", "_ptds", "_ptsz"})
        names.push_back(std::string("::") + spec.name + version + stream);
}

// A call resolved to one of `names`, or (in an uninstantiated template) naming one of them.
StatementMatcher callTo(const std::vector<std::string> &names) {
  std::vector<llvm::StringRef> refs(names.begin(), names.end());
  auto named = functionDecl(hasAnyName(refs));
  return callExpr(anyOf(callee(named), callee(unresolvedLookupExpr(hasAnyDeclaration(named)))))
      .bind("call");
}
} // namespace

void ApiCatalog::addMatchers(MatchFinder &finder, MatchFinder::MatchCallback *callback) const {
  // One matcher per family, as clang-tidy registers one per check.
  for (auto table : {runtimeCopyApis(), memsetApis(), driverCopyApis(), allocApis(),
                     launchApis(), deviceApis()}) {
    std::vector<std::string> names;
    addDeclaredNames(table, names);
    finder.addMatcher(callTo(names), callback);
  }
  finder.addMatcher(cudaKernelCallExpr().bind("call"), callback);
  finder.addMatcher(
      callExpr(callee(functionDecl(matchesName("^::nccl[A-Z]")))).bind("call"),
      callback);
}

} // namespace commledger::instrument
