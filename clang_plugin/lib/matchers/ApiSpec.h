// How the instrumenter reads one API: its family, whether its calls are wrapped, and which
// argument plays which role in the traffic prediction.
#pragma once
#include "commledger/format/SiteDatabase.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace commledger::instrument {

// Argument indices; -1 when the API has no such argument.
struct ArgRoles {
  int dst = -1, src = -1;
  // Bytes = bytes * width * height * depth * scale over the roles present.
  int bytes = -1, width = -1, height = -1;
  unsigned scale = 1; // element size of cuMemsetD16/D32
  int kind = -1;      // cudaMemcpyKind
  int dstDevice = -1, srcDevice = -1; // Peer APIs: the programmer's stated devices
  // The size lives in a struct (3D parameters, batch lists): bytesExpr = this argument's text.
  int descriptor = -1;
  // Direction fixed by the API itself (driver HtoD, symbol copies' default), else nullptr.
  const char *fixedDirection = nullptr;
  // Endpoints that are CUDA arrays or symbols: on a device, which one is not known statically.
  bool srcIsDeviceObject = false, dstIsDeviceObject = false;
};

struct ApiSpec {
  const char *name; // the name as documented, without _v2/_ptds suffixes
  format::SiteFamily family;
  bool rewrite; // copies and memsets are wrapped in COMMLEDGER_SITE; others only registered
  ArgRoles roles;
};

// One table per API family; each lives in its own file beside this one.
llvm::ArrayRef<ApiSpec> runtimeCopyApis();
llvm::ArrayRef<ApiSpec> memsetApis();
llvm::ArrayRef<ApiSpec> driverCopyApis();
llvm::ArrayRef<ApiSpec> allocApis();
llvm::ArrayRef<ApiSpec> launchApis();
llvm::ArrayRef<ApiSpec> deviceApis();
// NCCL calls are found by prefix ("nccl"); this is the spec they share.
const ApiSpec &ncclApiSpec();

} // namespace commledger::instrument
