// Where a pointer points, from what the enclosing function did to it earlier in source order:
// cudaSetDevice(k) then cudaMalloc(&p, ...) puts p on device k; cudaMallocHost/cudaHostAlloc give
// pinned host memory; malloc/new/arrays/vector::data() pageable host memory. Elements of simple
// containers too: cudaMalloc(&bufs[d], ...) after cudaSetDevice(d) puts bufs[1] on device 1.
#pragma once
#include "commledger/format/SiteDatabase.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <string>
#include <vector>

namespace commledger::instrument {

class PointerProvenance {
public:
  // `deviceNeverSet`: no cudaSetDevice anywhere in the unit, so allocations land on device 0.
  PointerProvenance(const clang::FunctionDecl *function, clang::ASTContext &context,
                    bool deviceNeverSet);

  // What `pointer` (an argument of the call at `use`) points to, as far as known.
  format::PredictedEndpoint endpointOf(const clang::Expr *pointer, clang::SourceLocation use) const;

  // The device selected by the last cudaSetDevice before `use` ("1", "k"), else "0" when the
  // unit never sets one, else "".
  std::string currentDeviceAt(clang::SourceLocation use) const;

private:
  struct SetDevice {
    clang::SourceLocation at;
    std::string device;               // constant or the argument's text
    const clang::ValueDecl *variable; // when the argument names a variable
  };
  struct Allocation {
    clang::SourceLocation at;
    const clang::ValueDecl *decl;            // the pointer, or the container of the element
    bool element = false;                    // bufs[...] rather than p
    std::optional<std::int64_t> index;       // bufs[1]
    const clang::ValueDecl *indexVariable{}; // bufs[d]
    int selectedBy = -1;                     // index of the cudaSetDevice in force
    format::PredictedEndpoint endpoint;
  };

  void collect(const clang::Stmt *body);
  void noteCall(const clang::CallExpr &call);
  void noteAssignment(const clang::Expr *target, const clang::Expr *value, clang::SourceLocation at);
  void addAllocation(const clang::Expr *outParameter, format::PredictedEndpoint endpoint,
                     clang::SourceLocation at);
  void addAllocationTo(const clang::Expr *pointer, format::PredictedEndpoint endpoint,
                       clang::SourceLocation at);
  int setDeviceBefore(clang::SourceLocation use) const;
  bool before(clang::SourceLocation a, clang::SourceLocation b) const;
  format::PredictedEndpoint lookup(const clang::Expr *pointer, clang::SourceLocation use,
                                   int depth) const;
  format::PredictedEndpoint lookupElement(const clang::ArraySubscriptExpr &subscript,
                                          clang::SourceLocation use) const;

  clang::ASTContext &context_;
  bool deviceNeverSet_;
  std::vector<SetDevice> setDevices_;
  std::vector<Allocation> allocations_;
};

} // namespace commledger::instrument
