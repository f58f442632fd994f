// Collects every matched call first, so provenance knows whether the unit ever selects a device,
// then turns each into a Site, deduplicated by ID (template instantiations and macro expansions
// share the pattern's spelling, hence one site and one rewrite).
#include "InstrumentConsumer.h"

#include "analysis/CallContext.h"
#include "analysis/LaunchFootprint.h"
#include "analysis/LaunchValues.h"
#include "analysis/PredictionBuilder.h"
#include "analysis/ProjectPaths.h"
#include "analysis/SiteLocator.h"
#include "rewrite/SiteRewriter.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <tuple>

namespace commledger::instrument {
using namespace clang::ast_matchers;

InstrumentConsumer::InstrumentConsumer(clang::CompilerInstance &CI,
                                       const InstrumentOptions &options, InstrumentedUnit &out)
    : ci_(CI), options_(options), out_(out) {}

void InstrumentConsumer::run(const MatchFinder::MatchResult &result) {
  auto *call = result.Nodes.getNodeAs<clang::CallExpr>("call");
  if (!call)
    return;
  if (llvm::isa<clang::CUDAKernelCallExpr>(call)) {
    matches_.push_back({call, ApiCatalog::instance().lookup("<<<>>>"), "<<<>>>"});
    return;
  }
  std::string name;
  if (const clang::FunctionDecl *callee = call->getDirectCallee())
    name = callee->getNameAsString();
  else if (auto *lookup = llvm::dyn_cast<clang::UnresolvedLookupExpr>(
               call->getCallee()->IgnoreParenImpCasts()))
    name = lookup->getName().getAsString();
  if (const ApiSpec *spec = ApiCatalog::instance().lookup(name))
    matches_.push_back({call, spec, name});
}

void InstrumentConsumer::HandleTranslationUnit(clang::ASTContext &context) {
  context_ = &context;
  clang::SourceManager &sm = context.getSourceManager();
  clang::OptionalFileEntryRef mainFile = sm.getFileEntryRefForID(sm.getMainFileID());
  out_.mainFile = mainFile ? mainFile->getName().str() : "";
  out_.originalText = sm.getBufferData(sm.getMainFileID()).str();
  projectRoot_ = findProjectRoot(options_.projectRoot, out_.mainFile);
  out_.sites.projectRoot = projectRoot_;
  out_.relativePath = relativeToRoot(projectRoot_, out_.mainFile);
  // Rewriting an AST with errors could turn a broken build into a differently broken one.
  if (ci_.getDiagnostics().hasErrorOccurred())
    return;
  out_.parsed = true;

  MatchFinder finder;
  ApiCatalog::instance().addMatchers(finder, this);
  finder.matchAST(context);

  bool deviceNeverSet = true;
  for (const Match &m : matches_)
    if (llvm::StringRef(m.spec->name) == "cudaSetDevice")
      deviceNeverSet = false;

  // Instantiations first: their arguments have types, so sizes fold; an uninstantiated pattern
  // only adds its site when no instantiation did.
  std::stable_partition(matches_.begin(), matches_.end(), [](const Match &m) {
    return !m.call->isInstantiationDependent();
  });
  SiteLocator locator(sm, context.getLangOpts(), ci_.getPreprocessor());
  SiteRewriter rewriter(sm, context.getLangOpts());
  for (const Match &m : matches_)
    addSite(m, locator, rewriter, deviceNeverSet);
  std::stable_sort(out_.sites.sites.begin(), out_.sites.sites.end(),
                   [](const format::Site &a, const format::Site &b) {
                     return std::tie(a.file, a.line, a.column) < std::tie(b.file, b.line, b.column);
                   });
  out_.rewrittenText = rewriter.result(options_.presumedFileName.empty()
                                           ? out_.mainFile
                                           : options_.presumedFileName);
}

namespace {
// The API's own C++ convenience overloads in CUDA's headers forward to the C function: the user's
// call to the overload is the site, the forwarding call is not.
bool isApiForwarder(const clang::FunctionDecl *function, const clang::SourceManager &sm) {
  return function && function->getIdentifier() && sm.isInSystemHeader(function->getLocation()) &&
         ApiCatalog::instance().lookup(function->getName()) != nullptr;
}

// Lambdas see the pointers of the function that holds them: analyse the outermost function.
const clang::FunctionDecl *outermostFunction(const clang::FunctionDecl *function) {
  while (auto *method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(function)) {
    if (!method->getParent()->isLambda())
      break;
    function = llvm::dyn_cast_or_null<clang::FunctionDecl>(
        method->getParent()->getDeclContext()->getNonClosureAncestor());
  }
  return function;
}

// The first token of the call as written: the callee name, or the kernel name of a launch.
clang::SourceLocation calleeLocation(const clang::CallExpr &call) {
  if (auto *member = llvm::dyn_cast<clang::MemberExpr>(call.getCallee()->IgnoreImplicit()))
    return member->getMemberLoc();
  return call.getCallee()->getBeginLoc();
}
} // namespace

void InstrumentConsumer::addSite(const Match &match, SiteLocator &locator,
                                 SiteRewriter &rewriter, bool deviceNeverSet) {
  clang::ASTContext &context = *context_;
  const clang::SourceManager &sm = context.getSourceManager();
  const clang::CallExpr &call = *match.call;
  const clang::FunctionDecl *function = enclosingFunction(context, call);
  const clang::FunctionDecl *outermost = outermostFunction(function);
  if (isApiForwarder(outermost, sm))
    return;

  // A launch is spelled with its kernel's name: that is the token to expect at the callee.
  std::string expectedName = match.declaredName;
  if (llvm::isa<clang::CUDAKernelCallExpr>(call))
    if (const clang::FunctionDecl *kernel = call.getDirectCallee())
      expectedName = kernel->getNameAsString();
  CallSpelling spelling = locator.locate(calleeLocation(call), call.getRParenLoc(), expectedName);
  if (spelling.position.isInvalid())
    return;
  format::Site site;
  clang::FileID file = sm.getFileID(spelling.position);
  clang::OptionalFileEntryRef entry = sm.getFileEntryRefForID(file);
  site.file = relativeToRoot(projectRoot_, entry ? entry->getName().str() : out_.mainFile);
  site.line = sm.getLineNumber(file, sm.getFileOffset(spelling.position));
  site.column = sm.getColumnNumber(file, sm.getFileOffset(spelling.position));
  bool isLaunch = llvm::isa<clang::CUDAKernelCallExpr>(call);
  site.api = isLaunch ? "<<<>>>" : spelling.spelledName;
  if (!isLaunch && !ApiCatalog::instance().isApiSpelling(site.api))
    site.api = match.declaredName; // spelled through a user macro: record the real API
  site.family = match.spec->family;
  site.function = functionDisplayName(function);
  if (match.spec->rewrite)
    site.macro = spelling.macro; // a launch's "spelling" is its kernel name, not a macro
  site.id = format::computeSiteId(site.file, site.line, site.column, site.api);

  std::optional<std::string> notOnHost = notExecutedOnHostReason(context, call, function);
  if (match.spec->rewrite) {
    if (notOnHost)
      site.reason = *notOnHost;
    else if (!spelling.wrapRange)
      site.reason = spelling.reason;
    else
      site.instrumented = true;
    // Copies and memsets predict traffic here; launches, NCCL calls, allocations and hints
    // are wrapped only so the runtime knows their site (their traffic is modelled elsewhere).
    if (site.family == format::SiteFamily::Copy || site.family == format::SiteFamily::Memset) {
      PointerProvenance provenance(outermost, context, deviceNeverSet);
      site.prediction =
          predictTraffic(call, *match.spec, outermost ? &provenance : nullptr, context);
    }
  } else if (notOnHost) {
    site.reason = *notOnHost;
  }
  if (site.family == format::SiteFamily::Launch)
    site.footprint = launchFootprint(call, context);
  std::string launchValues; // evaluated inside the site before the launch (LaunchValues.h)
  if (site.footprint && site.instrumented)
    launchValues = planLaunchValues(call, *site.footprint, context, spelling.wrapRange->first,
                                    spelling.wrapRange->second);

  for (format::Site &existing : out_.sites.sites) {
    if (existing.id != site.id)
      continue;
    // Another instantiation of the same pattern: sizes that differ per T are not one constant.
    const char *differ = "bytes differ between template instantiations";
    if (existing.prediction && site.prediction && !match.call->isInstantiationDependent() &&
        existing.prediction->bytes != site.prediction->bytes &&
        !llvm::is_contained(existing.prediction->notes, differ)) {
      existing.prediction->bytes.reset();
      existing.prediction->notes.push_back(differ);
    }
    return;
  }
  if (site.instrumented)
    rewriter.wrap(spelling.wrapRange->first, spelling.wrapRange->second, site.id, launchValues);
  out_.sites.sites.push_back(std::move(site));
}

} // namespace commledger::instrument
