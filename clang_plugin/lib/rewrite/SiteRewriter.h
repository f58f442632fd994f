// Wraps calls in COMMLEDGER_SITE(id, ...) through clang::Rewriter on spelling locations: text is
// only inserted before the callee and after the closing parenthesis, never removed.
#pragma once
#include "commledger/format/SiteId.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <optional>
#include <set>
#include <string>

namespace commledger::instrument {

class SiteRewriter {
public:
  SiteRewriter(clang::SourceManager &sm, const clang::LangOptions &langOpts);

  // `begin`: the callee's first token; `close`: the call's closing parenthesis. Both in the main
  // file. A range already wrapped (a template pattern seen again per instantiation, a macro body
  // expanded twice) is skipped. A non-empty `before` (launch values) is evaluated inside the
  // site, just before the call: COMMLEDGER_SITE(id, (before, call)).
  void wrap(clang::SourceLocation begin, clang::SourceLocation close, format::SiteId id,
            const std::string &before = "");

  // The main file with the include on top and `#line 1 "<presumedName>"` so every original line
  // keeps its number; nullopt when nothing was wrapped.
  std::optional<std::string> result(const std::string &presumedName) const;

private:
  clang::SourceManager &sm_;
  clang::Rewriter rewriter_;
  std::set<unsigned> wrappedBegins_;
};

} // namespace commledger::instrument
