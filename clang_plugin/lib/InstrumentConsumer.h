// The ASTConsumer behind every front end: match, locate, predict, rewrite, fill InstrumentedUnit.
#pragma once
#include "commledger/instrument/Instrumenter.h"
#include "matchers/ApiCatalog.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"

namespace commledger::instrument {

class InstrumentConsumer : public clang::ASTConsumer,
                           public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  InstrumentConsumer(clang::CompilerInstance &CI, const InstrumentOptions &options,
                     InstrumentedUnit &out);

  void HandleTranslationUnit(clang::ASTContext &context) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &result) override;

private:
  struct Match {
    const clang::CallExpr *call;
    const ApiSpec *spec;
    std::string declaredName;
  };
  void addSite(const Match &match, class SiteLocator &locator, class SiteRewriter &rewriter,
               bool deviceNeverSet);

  clang::CompilerInstance &ci_;
  InstrumentOptions options_;
  InstrumentedUnit &out_;
  std::string projectRoot_;
  std::vector<Match> matches_;
  clang::ASTContext *context_ = nullptr;
};

} // namespace commledger::instrument
