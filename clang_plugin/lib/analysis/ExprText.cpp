// Source text of expressions through Lexer::makeFileCharRange, falling back to the printer.
#include "analysis/ExprText.h"

#include "clang/AST/ASTContext.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/raw_ostream.h"

namespace commledger::instrument {

namespace {
std::string collapseWhitespace(llvm::StringRef text) {
  std::string out;
  bool pendingSpace = false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\\') {
      pendingSpace = !out.empty();
      continue;
    }
    if (pendingSpace)
      out += ' ';
    pendingSpace = false;
    out += c;
  }
  return out;
}
} // namespace

std::string exprText(const clang::Expr *expr, const clang::ASTContext &context) {
  if (!expr)
    return "";
  const clang::SourceManager &sm = context.getSourceManager();
  clang::CharSourceRange range = clang::Lexer::makeFileCharRange(
      clang::CharSourceRange::getTokenRange(expr->getSourceRange()), sm, context.getLangOpts());
  if (range.isValid()) {
    bool invalid = false;
    llvm::StringRef text = clang::Lexer::getSourceText(range, sm, context.getLangOpts(), &invalid);
    if (!invalid && !text.empty())
      return collapseWhitespace(text);
  }
  std::string printed;
  llvm::raw_string_ostream os(printed);
  expr->printPretty(os, nullptr, context.getPrintingPolicy());
  return collapseWhitespace(os.str());
}

const clang::Expr *stripCasts(const clang::Expr *expr) {
  while (expr) {
    const clang::Expr *next = expr->IgnoreParenImpCasts();
    if (auto *cast = llvm::dyn_cast<clang::ExplicitCastExpr>(next))
      next = cast->getSubExpr();
    if (next == expr)
      return expr;
    expr = next;
  }
  return expr;
}

} // namespace commledger::instrument
