// One pass over the function body records device selections and allocations in source order;
// queries look for the last matching allocation before the use. Source order, not control flow:
// simple and right for the straight-line set-up code this is meant for.
#include "analysis/PointerProvenance.h"

#include "analysis/ConstantFolder.h"
#include "analysis/ExprText.h"
#include "matchers/ApiCatalog.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <functional>

namespace commledger::instrument {
namespace {
using Endpoint = format::PredictedEndpoint;

Endpoint hostMemory(const char *memory) {
  Endpoint e;
  e.kind = Endpoint::Kind::Host;
  e.hostMemory = memory;
  return e;
}

llvm::StringRef calleeBaseName(const clang::CallExpr &call) {
  const clang::FunctionDecl *callee = call.getDirectCallee();
  if (!callee || !callee->getIdentifier())
    return "";
  return stripVersionSuffixes(callee->getName());
}

const clang::ValueDecl *namedDecl(const clang::Expr *expr) {
  expr = stripCasts(expr);
  if (auto *ref = llvm::dyn_cast_or_null<clang::DeclRefExpr>(expr))
    return ref->getDecl();
  if (auto *member = llvm::dyn_cast_or_null<clang::MemberExpr>(expr))
    return member->getMemberDecl();
  return nullptr;
}

bool isHostAllocation(const clang::Expr *value) {
  value = stripCasts(value);
  if (llvm::isa_and_nonnull<clang::CXXNewExpr>(value))
    return true;
  auto *call = llvm::dyn_cast_or_null<clang::CallExpr>(value);
  llvm::StringRef name = call ? calleeBaseName(*call) : "";
  return name == "malloc" || name == "calloc" || name == "realloc" || name == "aligned_alloc";
}

class BodyVisitor : public clang::RecursiveASTVisitor<BodyVisitor> {
public:
  explicit BodyVisitor(std::function<void(const clang::Stmt &)> onStmt) : onStmt_(onStmt) {}
  bool VisitStmt(clang::Stmt *stmt) {
    onStmt_(*stmt);
    return true;
  }
  bool shouldVisitTemplateInstantiations() const { return true; }

private:
  std::function<void(const clang::Stmt &)> onStmt_;
};
} // namespace

PointerProvenance::PointerProvenance(const clang::FunctionDecl *function,
                                     clang::ASTContext &context, bool deviceNeverSet)
    : context_(context), deviceNeverSet_(deviceNeverSet) {
  if (function && function->hasBody())
    collect(function->getBody());
}

bool PointerProvenance::before(clang::SourceLocation a, clang::SourceLocation b) const {
  const clang::SourceManager &sm = context_.getSourceManager();
  return sm.isBeforeInTranslationUnit(sm.getExpansionLoc(a), sm.getExpansionLoc(b));
}

void PointerProvenance::collect(const clang::Stmt *body) {
  BodyVisitor visitor([this](const clang::Stmt &stmt) {
    if (auto *call = llvm::dyn_cast<clang::CallExpr>(&stmt))
      noteCall(*call);
    else if (auto *assign = llvm::dyn_cast<clang::BinaryOperator>(&stmt)) {
      if (assign->getOpcode() == clang::BO_Assign)
        noteAssignment(assign->getLHS(), assign->getRHS(), assign->getBeginLoc());
    } else if (auto *decls = llvm::dyn_cast<clang::DeclStmt>(&stmt)) {
      for (const clang::Decl *decl : decls->decls())
        if (auto *var = llvm::dyn_cast<clang::VarDecl>(decl); var && var->getInit())
          if (isHostAllocation(var->getInit())) {
            Allocation a;
            a.at = var->getLocation(), a.decl = var, a.endpoint = hostMemory("pageable");
            allocations_.push_back(a);
          }
    }
  });
  visitor.TraverseStmt(const_cast<clang::Stmt *>(body));
}

void PointerProvenance::noteCall(const clang::CallExpr &call) {
  llvm::StringRef name = calleeBaseName(call);
  if (name.empty() || call.getNumArgs() == 0)
    return;
  const clang::Expr *first = call.getArg(0);
  if (name == "cudaSetDevice") {
    auto constant = foldInteger(first, context_);
    setDevices_.push_back({call.getBeginLoc(),
                           constant ? std::to_string(*constant) : exprText(first, context_),
                           constant ? nullptr : namedDecl(first)});
    return;
  }
  if (name == "cudaMalloc" || name == "cudaMallocPitch" || name == "cudaMallocAsync" ||
      name == "cudaMallocFromPoolAsync" || name == "cuMemAlloc" || name == "cuMemAllocPitch") {
    Endpoint device;
    device.kind = Endpoint::Kind::Device;
    addAllocation(first, device, call.getBeginLoc()); // device filled in from the selection
  } else if (name == "cudaMallocHost" || name == "cudaHostAlloc" || name == "cuMemAllocHost" ||
             name == "cuMemHostAlloc") {
    addAllocation(first, hostMemory("pinned"), call.getBeginLoc());
  } else if (name == "cudaHostRegister" || name == "cuMemHostRegister") {
    // Registers the pointer itself, not something it points to.
    if (const clang::ValueDecl *decl = namedDecl(first)) {
      Allocation a;
      a.at = call.getBeginLoc(), a.decl = decl, a.endpoint = hostMemory("pinned");
      allocations_.push_back(a);
    }
  } else if (name == "cudaMallocManaged" || name == "cuMemAllocManaged") {
    addAllocation(first, Endpoint{}, call.getBeginLoc()); // managed: wherever it migrates
  }
}

void PointerProvenance::noteAssignment(const clang::Expr *target, const clang::Expr *value,
                                       clang::SourceLocation at) {
  if (!isHostAllocation(value))
    return;
  // `p = malloc(n)` is to p what `cudaMallocHost(&p, n)` is, but pageable.
  addAllocationTo(stripCasts(target), hostMemory("pageable"), at);
}

// `outParameter` is &p, (void **)&p, &bufs[d] or &this->buf.
void PointerProvenance::addAllocation(const clang::Expr *outParameter, Endpoint endpoint,
                                      clang::SourceLocation at) {
  auto *addressOf = llvm::dyn_cast_or_null<clang::UnaryOperator>(stripCasts(outParameter));
  if (addressOf && addressOf->getOpcode() == clang::UO_AddrOf)
    addAllocationTo(stripCasts(addressOf->getSubExpr()), endpoint, at);
}

void PointerProvenance::addAllocationTo(const clang::Expr *pointer, Endpoint endpoint,
                                        clang::SourceLocation at) {
  Allocation a;
  a.at = at;
  a.selectedBy = setDeviceBefore(at);
  if (endpoint.kind == Endpoint::Kind::Device)
    endpoint.device = a.selectedBy >= 0 ? setDevices_[a.selectedBy].device
                                        : (deviceNeverSet_ ? "0" : "");
  a.endpoint = endpoint;
  if (auto *subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(pointer)) {
    a.decl = namedDecl(subscript->getBase());
    a.element = true;
    a.index = foldInteger(subscript->getIdx(), context_);
    if (!a.index)
      a.indexVariable = namedDecl(subscript->getIdx());
  } else {
    a.decl = namedDecl(pointer);
  }
  if (a.decl)
    allocations_.push_back(a);
}

int PointerProvenance::setDeviceBefore(clang::SourceLocation use) const {
  int found = -1;
  for (size_t i = 0; i < setDevices_.size(); ++i)
    if (before(setDevices_[i].at, use))
      found = static_cast<int>(i);
  return found;
}

std::string PointerProvenance::currentDeviceAt(clang::SourceLocation use) const {
  int selected = setDeviceBefore(use);
  if (selected >= 0)
    return setDevices_[selected].device;
  return deviceNeverSet_ ? "0" : "";
}

Endpoint PointerProvenance::endpointOf(const clang::Expr *pointer, clang::SourceLocation use) const {
  return lookup(pointer, use, 0);
}

namespace {
constexpr int kMaxAliasDepth = 4; // `float *p = q;` chains followed this far

bool isHostContainerData(const clang::Expr *expr) {
  auto *call = llvm::dyn_cast_or_null<clang::CXXMemberCallExpr>(expr);
  if (!call || !call->getMethodDecl() || call->getMethodDecl()->getName() != "data")
    return false;
  const clang::CXXRecordDecl *record = call->getRecordDecl();
  if (!record)
    return false;
  std::string name = record->getQualifiedNameAsString();
  return name == "std::vector" || name == "std::array" || name == "std::basic_string";
}
} // namespace

Endpoint PointerProvenance::lookup(const clang::Expr *pointer, clang::SourceLocation use,
                                   int depth) const {
  const clang::Expr *e = stripCasts(pointer);
  if (!e || depth > kMaxAliasDepth)
    return Endpoint{};
  // p + offset points into p's allocation.
  if (auto *bin = llvm::dyn_cast<clang::BinaryOperator>(e);
      bin && (bin->getOpcode() == clang::BO_Add || bin->getOpcode() == clang::BO_Sub))
    return lookup(bin->getLHS()->getType()->isPointerType() ? bin->getLHS() : bin->getRHS(), use,
                  depth + 1);
  if (isHostContainerData(e))
    return hostMemory("pageable");
  if (auto *addressOf = llvm::dyn_cast<clang::UnaryOperator>(e);
      addressOf && addressOf->getOpcode() == clang::UO_AddrOf) {
    const clang::Expr *object = stripCasts(addressOf->getSubExpr());
    // &buf[i] is inside buf; &x of a plain variable is ordinary host memory.
    if (auto *subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(object))
      return lookup(subscript->getBase(), use, depth + 1);
    if (auto *var = llvm::dyn_cast_or_null<clang::VarDecl>(namedDecl(object));
        var && !var->hasAttr<clang::CUDADeviceAttr>() && !var->hasAttr<clang::CUDAConstantAttr>())
      return hostMemory("pageable");
    return Endpoint{};
  }
  if (auto *subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(e))
    return lookupElement(*subscript, use);

  const clang::ValueDecl *decl = namedDecl(e);
  if (!decl)
    return Endpoint{};
  const Allocation *last = nullptr;
  for (const Allocation &a : allocations_)
    if (a.decl == decl && !a.element && before(a.at, use))
      last = &a;
  if (last)
    return last->endpoint;
  auto *var = llvm::dyn_cast<clang::VarDecl>(decl);
  if (!var)
    return Endpoint{};
  if (var->getType()->isArrayType()) {
    if (var->hasAttr<clang::CUDADeviceAttr>() || var->hasAttr<clang::CUDAConstantAttr>())
      return Endpoint{}; // a __device__ array is a symbol, on every device
    return hostMemory("pageable");
  }
  if (var->getInit() && var->getType()->isPointerType())
    return lookup(var->getInit(), use, depth + 1);
  return Endpoint{};
}

Endpoint PointerProvenance::lookupElement(const clang::ArraySubscriptExpr &subscript,
                                          clang::SourceLocation use) const {
  const clang::ValueDecl *container = namedDecl(subscript.getBase());
  if (!container)
    return Endpoint{};
  std::optional<std::int64_t> index = foldInteger(subscript.getIdx(), context_);
  std::string indexText = index ? std::to_string(*index) : exprText(subscript.getIdx(), context_);
  const Allocation *last = nullptr;
  for (const Allocation &a : allocations_) {
    if (a.decl != container || !a.element || !before(a.at, use))
      continue;
    bool sameElement = (a.index && index && *a.index == *index) || a.indexVariable;
    if (sameElement)
      last = &a;
  }
  if (!last)
    return Endpoint{};
  Endpoint endpoint = last->endpoint;
  // for (d...) { cudaSetDevice(d); cudaMalloc(&bufs[d], ...); }: element k lives on device k.
  if (last->indexVariable && last->selectedBy >= 0 &&
      setDevices_[last->selectedBy].variable == last->indexVariable)
    endpoint.device = indexText;
  return endpoint;
}

} // namespace commledger::instrument
