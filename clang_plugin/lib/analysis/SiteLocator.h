// Where a call is written, as the user wrote it: the position its site ID is computed on, the
// name the user spelled, and the main-file range the rewrite may wrap (or why there is none).
#pragma once
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"

#include <optional>
#include <string>
#include <vector>

namespace commledger::instrument {

struct CallSpelling {
  clang::SourceLocation position; // file location of the callee token: the site's line/column
  std::string spelledName;        // e.g. "cuMemcpyHtoD" for a call to cuMemcpyHtoD_v2
  std::string macro;              // the main-file macro whose body spells the whole call
  // Begin of the callee token and the closing parenthesis, both in the main file; set only when
  // text can be inserted before and after the call without touching its tokens.
  std::optional<std::pair<clang::SourceLocation, clang::SourceLocation>> wrapRange;
  std::string reason; // why wrapRange is empty
};

class SiteLocator {
public:
  SiteLocator(const clang::SourceManager &sm, const clang::LangOptions &langOpts,
              const clang::Preprocessor &pp);

  // `callee`: location of the callee name; `close`: the call's last token.
  CallSpelling locate(clang::SourceLocation callee, clang::SourceLocation close,
                      const std::string &declaredName) const;

private:
  struct MacroBody {
    unsigned begin, end; // offsets of the definition in the main file
    std::string name;
  };
  clang::SourceLocation userSpelling(clang::SourceLocation loc) const;
  const MacroBody *macroBodyAt(clang::SourceLocation loc) const;
  std::string tokenText(clang::SourceLocation loc) const;

  const clang::SourceManager &sm_;
  const clang::LangOptions &langOpts_;
  std::vector<MacroBody> mainFileMacros_;
};

} // namespace commledger::instrument
