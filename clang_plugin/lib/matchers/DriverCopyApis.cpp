// Driver API explicit copies (cuMemcpy*): wrapped and predicted. Many are macros to *_v2 names in
// cuda.h; ApiCatalog strips those suffixes and the site records the name the user spelled.
#include "matchers/ApiSpec.h"

namespace commledger::instrument {
namespace {
using format::SiteFamily;

ArgRoles copy(int dst, int src, int bytes, const char *direction,
              bool dstIsArray = false, bool srcIsArray = false) {
  ArgRoles r;
  r.dst = dst, r.src = src, r.bytes = bytes, r.fixedDirection = direction;
  r.dstIsDeviceObject = dstIsArray, r.srcIsDeviceObject = srcIsArray;
  return r;
}
ArgRoles described(int descriptor) {
  ArgRoles r;
  r.descriptor = descriptor;
  return r;
}

const ApiSpec kApis[] = {
    // Unified addressing: the direction follows the pointers.
    {"cuMemcpy", SiteFamily::Copy, true, copy(0, 1, 2, nullptr)},
    {"cuMemcpyAsync", SiteFamily::Copy, true, copy(0, 1, 2, nullptr)},
    // (dstDevice ptr, dstContext, srcDevice ptr, srcContext, ByteCount): contexts, not ordinals.
    {"cuMemcpyPeer", SiteFamily::Copy, true, copy(0, 2, 4, nullptr)},
    {"cuMemcpyPeerAsync", SiteFamily::Copy, true, copy(0, 2, 4, nullptr)},
    {"cuMemcpyHtoD", SiteFamily::Copy, true, copy(0, 1, 2, "H2D")},
    {"cuMemcpyDtoH", SiteFamily::Copy, true, copy(0, 1, 2, "D2H")},
    {"cuMemcpyDtoD", SiteFamily::Copy, true, copy(0, 1, 2, "D2D")},
    {"cuMemcpyHtoDAsync", SiteFamily::Copy, true, copy(0, 1, 2, "H2D")},
    {"cuMemcpyDtoHAsync", SiteFamily::Copy, true, copy(0, 1, 2, "D2H")},
    {"cuMemcpyDtoDAsync", SiteFamily::Copy, true, copy(0, 1, 2, "D2D")},
    // Arrays: (dstArray, dstOffset, srcDevice, n), (dstDevice, srcArray, srcOffset, n), ...
    {"cuMemcpyDtoA", SiteFamily::Copy, true, copy(0, 2, 3, "D2D", true, false)},
    {"cuMemcpyAtoD", SiteFamily::Copy, true, copy(0, 1, 3, "D2D", false, true)},
    {"cuMemcpyHtoA", SiteFamily::Copy, true, copy(0, 2, 3, "H2D", true, false)},
    {"cuMemcpyAtoH", SiteFamily::Copy, true, copy(0, 1, 3, "D2H", false, true)},
    {"cuMemcpyAtoA", SiteFamily::Copy, true, copy(0, 2, 4, "D2D", true, true)},
    {"cuMemcpyHtoAAsync", SiteFamily::Copy, true, copy(0, 2, 3, "H2D", true, false)},
    {"cuMemcpyAtoHAsync", SiteFamily::Copy, true, copy(0, 1, 3, "D2H", false, true)},
    // Parameter structs: extent and endpoints are not static.
    {"cuMemcpy2D", SiteFamily::Copy, true, described(0)},
    {"cuMemcpy2DUnaligned", SiteFamily::Copy, true, described(0)},
    {"cuMemcpy2DAsync", SiteFamily::Copy, true, described(0)},
    {"cuMemcpy3D", SiteFamily::Copy, true, described(0)},
    {"cuMemcpy3DAsync", SiteFamily::Copy, true, described(0)},
    {"cuMemcpy3DPeer", SiteFamily::Copy, true, described(0)},
    {"cuMemcpy3DPeerAsync", SiteFamily::Copy, true, described(0)},
    {"cuMemcpyBatchAsync", SiteFamily::Copy, true, described(2)},
    {"cuMemcpy3DBatchAsync", SiteFamily::Copy, true, described(1)},
};
} // namespace

llvm::ArrayRef<ApiSpec> driverCopyApis() { return kApis; }

} // namespace commledger::instrument
