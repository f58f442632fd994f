// Maps a call's callee and closing parenthesis back to where the user wrote them and decides if
// the call can be wrapped there. The rule: both ends in the main file, in the same context (plain
// text, one macro argument, or one macro body of this file), and the first token is the API name.
#include "analysis/SiteLocator.h"

#include "matchers/ApiCatalog.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"

namespace commledger::instrument {

SiteLocator::SiteLocator(const clang::SourceManager &sm, const clang::LangOptions &langOpts,
                         const clang::Preprocessor &pp)
    : sm_(sm), langOpts_(langOpts) {
  // Every definition (#undef'd ones included) of a macro written in the main file.
  for (const auto &entry : pp.macros(/*IncludeExternalMacros=*/false)) {
    const clang::IdentifierInfo *name = entry.first;
    for (const clang::MacroDirective *md = pp.getLocalMacroDirectiveHistory(name); md;
         md = md->getPrevious()) {
      const clang::MacroInfo *info = md->getMacroInfo();
      if (!info || !sm_.isWrittenInMainFile(info->getDefinitionLoc()))
        continue;
      clang::SourceLocation end = clang::Lexer::getLocForEndOfToken(
          info->getDefinitionEndLoc(), 0, sm_, langOpts_);
      mainFileMacros_.push_back({sm_.getFileOffset(info->getDefinitionLoc()),
                                 sm_.getFileOffset(end.isValid() ? end
                                                                 : info->getDefinitionEndLoc()),
                                 name->getName().str()});
    }
  }
}

// Walks out of macro expansions until the token is spelled in the main file (a macro body or
// argument written there) or reaches the file location where the expansion happens.
clang::SourceLocation SiteLocator::userSpelling(clang::SourceLocation loc) const {
  while (loc.isMacroID()) {
    clang::SourceLocation spelling = sm_.getSpellingLoc(loc);
    if (sm_.isWrittenInMainFile(spelling))
      return spelling;
    loc = sm_.getImmediateMacroCallerLoc(loc);
  }
  return loc;
}

const SiteLocator::MacroBody *SiteLocator::macroBodyAt(clang::SourceLocation loc) const {
  unsigned offset = sm_.getFileOffset(loc);
  for (const MacroBody &body : mainFileMacros_)
    if (body.begin <= offset && offset < body.end)
      return &body;
  return nullptr;
}

std::string SiteLocator::tokenText(clang::SourceLocation loc) const {
  llvm::SmallString<64> buffer;
  return clang::Lexer::getSpelling(loc, buffer, sm_, langOpts_).str();
}

CallSpelling SiteLocator::locate(clang::SourceLocation callee, clang::SourceLocation close,
                                 const std::string &declaredName) const {
  CallSpelling out;
  clang::SourceLocation begin = userSpelling(callee);
  clang::SourceLocation end = userSpelling(close);
  out.position = begin.isValid() ? begin : sm_.getFileLoc(callee);
  out.spelledName = begin.isValid() ? tokenText(begin) : declaredName;

  if (begin.isInvalid() || end.isInvalid()) {
    out.reason = "no source location";
    return out;
  }
  if (sm_.isInSystemHeader(begin)) {
    out.reason = "in a system header";
    return out;
  }
  if (!sm_.isWrittenInMainFile(begin)) {
    out.reason = "spelled in an included file, which is not rewritten (only the main file is)";
    return out;
  }
  if (!sm_.isWrittenInMainFile(end) || sm_.isBeforeInTranslationUnit(end, begin)) {
    out.reason = "the call spans a macro boundary";
    return out;
  }
  const MacroBody *beginMacro = macroBodyAt(begin);
  const MacroBody *endMacro = macroBodyAt(end);
  if (beginMacro != endMacro) {
    out.reason = "the call spans a macro boundary";
    return out;
  }
  if (beginMacro)
    out.macro = beginMacro->name;
  if (out.spelledName != declaredName && !ApiCatalog::instance().isApiSpelling(out.spelledName)) {
    // e.g. `DO_COPY;` where DO_COPY's body, in another file, holds the call.
    out.reason = "the call is produced by macro '" + out.spelledName + "' defined in another file";
    out.macro = out.spelledName;
    return out;
  }
  out.wrapRange = std::make_pair(begin, end);
  return out;
}

} // namespace commledger::instrument
