// Reads the arguments named by the API's ArgRoles. Where the call states something (a kind, a
// peer device) that is the prediction: it is the programmer's intent, and a disagreement with
// pointer provenance becomes a note rather than a silent override.
#include "analysis/PredictionBuilder.h"

#include "analysis/ConstantFolder.h"
#include "analysis/ExprText.h"
#include "analysis/LoopMultiplicity.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

namespace commledger::instrument {
namespace {
using Endpoint = format::PredictedEndpoint;
using Kind = Endpoint::Kind;

const char *const kMemcpyKindNames[] = {"cudaMemcpyHostToHost", "cudaMemcpyHostToDevice",
                                        "cudaMemcpyDeviceToHost", "cudaMemcpyDeviceToDevice",
                                        "cudaMemcpyDefault"};

const clang::Expr *arg(const clang::CallExpr &call, int index) {
  if (index < 0 || static_cast<unsigned>(index) >= call.getNumArgs())
    return nullptr;
  return call.getArg(index);
}

Endpoint deviceEndpoint(std::string device) {
  Endpoint e;
  e.kind = Kind::Device;
  e.device = std::move(device);
  return e;
}

// The device a Peer API argument names: a constant or the argument's text.
std::string deviceArgument(const clang::Expr *expr, clang::ASTContext &context) {
  auto constant = foldInteger(expr, context);
  return constant ? std::to_string(*constant) : exprText(expr, context);
}

std::string directionBetween(const Endpoint &src, const Endpoint &dst) {
  if (src.kind == Kind::Unknown || dst.kind == Kind::Unknown)
    return "unknown";
  if (src.kind == Kind::Host)
    return dst.kind == Kind::Host ? "H2H" : "H2D";
  if (dst.kind == Kind::Host)
    return "D2H";
  bool differ = !src.device.empty() && !dst.device.empty() && src.device != dst.device;
  return differ ? "P2P" : "D2D";
}

// Fills an endpoint the pointers could not place with what the direction implies.
void completeFrom(Endpoint &endpoint, bool onHost) {
  if (endpoint.kind != Kind::Unknown)
    return;
  endpoint.kind = onHost ? Kind::Host : Kind::Device;
  if (onHost)
    endpoint.hostMemory = "unknown";
}

void predictBytes(const clang::CallExpr &call, const ArgRoles &roles, clang::ASTContext &context,
                  format::Prediction &p) {
  if (roles.descriptor >= 0) {
    p.bytesExpr = exprText(arg(call, roles.descriptor), context);
    p.notes.push_back("size is described by '" + p.bytesExpr + "', not known statically");
    return;
  }
  std::vector<const clang::Expr *> factors;
  for (int index : {roles.bytes, roles.width, roles.height})
    if (const clang::Expr *e = arg(call, index))
      factors.push_back(e);
  std::optional<std::uint64_t> product = roles.scale;
  std::string text;
  for (const clang::Expr *factor : factors) {
    auto value = foldInteger(factor, context);
    if (value && *value >= 0 && product)
      *product *= static_cast<std::uint64_t>(*value);
    else
      product.reset();
    std::string factorText = exprText(factor, context);
    bool compound = factors.size() > 1 && factorText.find_first_of("+-*/ ") != std::string::npos;
    text += (text.empty() ? "" : " * ") + (compound ? "(" + factorText + ")" : factorText);
  }
  if (roles.scale != 1)
    text += " * " + std::to_string(roles.scale);
  p.bytes = product;
  p.bytesExpr = text;
}

void noteDisagreement(const char *argName, const std::string &stated, const char *pointerName,
                      const Endpoint &allocated, format::Prediction &p) {
  if (allocated.kind == Kind::Device && !allocated.device.empty() && allocated.device != stated)
    p.notes.push_back(std::string(argName) + " argument is " + stated + " but " + pointerName +
                      " was allocated on device " + allocated.device);
  if (allocated.kind == Kind::Host)
    p.notes.push_back(std::string(argName) + " argument is " + stated + " but " + pointerName +
                      " is host memory");
}
} // namespace

format::Prediction predictTraffic(const clang::CallExpr &call, const ApiSpec &spec,
                                  const PointerProvenance *provenance,
                                  clang::ASTContext &context) {
  const ArgRoles &roles = spec.roles;
  clang::SourceLocation at = call.getBeginLoc();
  format::Prediction p;
  auto pointer = [&](int index, bool deviceObject) {
    if (deviceObject) // a CUDA array or __device__ symbol: on the current device
      return deviceEndpoint(provenance ? provenance->currentDeviceAt(at) : "");
    const clang::Expr *e = arg(call, index);
    return e && provenance ? provenance->endpointOf(e, at) : Endpoint{};
  };
  Endpoint src = roles.src >= 0 || roles.srcIsDeviceObject
                     ? pointer(roles.src, roles.srcIsDeviceObject) : Endpoint{};
  Endpoint dst = roles.dst >= 0 || roles.dstIsDeviceObject
                     ? pointer(roles.dst, roles.dstIsDeviceObject) : Endpoint{};
  predictBytes(call, roles, context, p);

  if (spec.family == format::SiteFamily::Memset) {
    p.direction = "local";
    completeFrom(dst, /*onHost=*/false);
  } else if (roles.srcDevice >= 0 && roles.dstDevice >= 0) {
    std::string srcDevice = deviceArgument(arg(call, roles.srcDevice), context);
    std::string dstDevice = deviceArgument(arg(call, roles.dstDevice), context);
    noteDisagreement("srcDevice", srcDevice, "src", src, p);
    noteDisagreement("dstDevice", dstDevice, "dst", dst, p);
    src = deviceEndpoint(srcDevice);
    dst = deviceEndpoint(dstDevice);
    p.direction = directionBetween(src, dst);
  } else {
    std::string direction = roles.fixedDirection ? roles.fixedDirection : "";
    if (const clang::Expr *kind = arg(call, roles.kind)) {
      auto value = foldInteger(kind, context);
      bool defaulted = llvm::isa<clang::CXXDefaultArgExpr>(kind);
      p.kindArg = value && *value >= 0 && *value <= 4
                      ? (defaulted ? kMemcpyKindNames[*value] : exprText(kind, context))
                      : exprText(kind, context);
      static const char *const kDirections[] = {"H2H", "H2D", "D2H", "D2D", ""};
      direction = value && *value >= 0 && *value <= 4 ? kDirections[*value] : "unknown";
    }
    if (!direction.empty() && direction != "unknown") {
      completeFrom(src, direction[0] == 'H');
      completeFrom(dst, direction[2] == 'H');
      if (direction == "D2D")
        direction = directionBetween(src, dst); // D2D across two known devices is P2P
    } else if (direction.empty()) {
      direction = directionBetween(src, dst); // cudaMemcpyDefault, cuMemcpy: unified addressing
    }
    p.direction = direction;
  }
  p.src = src;
  p.dst = dst;
  Multiplicity m = loopMultiplicity(context, call);
  p.multiplicity = m.count;
  p.multiplicityExpr = m.expr;
  return p;
}

} // namespace commledger::instrument
