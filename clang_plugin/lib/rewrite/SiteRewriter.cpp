// Insertion-only rewriting keeps every original token, so the call is evaluated exactly as before.
#include "rewrite/SiteRewriter.h"

#include "llvm/Support/raw_ostream.h"

namespace commledger::instrument {

SiteRewriter::SiteRewriter(clang::SourceManager &sm, const clang::LangOptions &langOpts)
    : sm_(sm), rewriter_(sm, langOpts) {}

void SiteRewriter::wrap(clang::SourceLocation begin, clang::SourceLocation close,
                        format::SiteId id, const std::string &before) {
  if (!wrappedBegins_.insert(sm_.getFileOffset(begin)).second)
    return;
  std::string prefix = "COMMLEDGER_SITE(" + format::siteIdToString(id) + "ULL, ";
  // `before` returns void, so the comma is the built-in one: it runs first, the call's value stays.
  if (!before.empty())
    prefix += "(" + before + ", ";
  // InsertAfter=false at the begin keeps an enclosing wrap's prefix (inserted earlier) outside.
  rewriter_.InsertText(begin, prefix, /*InsertAfter=*/true, /*indentNewLines=*/false);
  rewriter_.InsertTextAfterToken(close, before.empty() ? ")" : "))");
}

std::optional<std::string> SiteRewriter::result(const std::string &presumedName) const {
  if (wrappedBegins_.empty())
    return std::nullopt;
  const llvm::RewriteBuffer *buffer = rewriter_.getRewriteBufferFor(sm_.getMainFileID());
  if (!buffer)
    return std::nullopt;
  std::string text = "#include \"commledger/site.h\"\n#line 1 \"";
  for (char c : presumedName) { // a string literal: escape what C escapes
    if (c == '\\' || c == '"')
      text += '\\';
    text += c;
  }
  text += "\"\n";
  llvm::raw_string_ostream os(text);
  buffer->write(os);
  return os.str();
}

} // namespace commledger::instrument
