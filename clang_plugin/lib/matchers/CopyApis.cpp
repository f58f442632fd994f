// Runtime API explicit copies (cudaMemcpy*): wrapped and predicted.
#include "matchers/ApiSpec.h"

namespace commledger::instrument {
namespace {
using format::SiteFamily;

ArgRoles linear(int dst, int src, int bytes, int kind) {
  ArgRoles r;
  r.dst = dst, r.src = src, r.bytes = bytes, r.kind = kind;
  return r;
}
ArgRoles planar(int dst, int src, int width, int height, int kind) {
  ArgRoles r;
  r.dst = dst, r.src = src, r.width = width, r.height = height, r.kind = kind;
  return r;
}
ArgRoles peer(int dst, int dstDevice, int src, int srcDevice, int bytes) {
  ArgRoles r = linear(dst, src, bytes, -1);
  r.dstDevice = dstDevice, r.srcDevice = srcDevice;
  return r;
}
ArgRoles described(int descriptor) {
  ArgRoles r;
  r.descriptor = descriptor;
  return r;
}
ArgRoles toDeviceObject(ArgRoles r) { return r.dstIsDeviceObject = true, r; }
ArgRoles fromDeviceObject(ArgRoles r) { return r.srcIsDeviceObject = true, r; }

const ApiSpec kApis[] = {
    {"cudaMemcpy", SiteFamily::Copy, true, linear(0, 1, 2, 3)},
    {"cudaMemcpyAsync", SiteFamily::Copy, true, linear(0, 1, 2, 3)},
    {"cudaMemcpyPeer", SiteFamily::Copy, true, peer(0, 1, 2, 3, 4)},
    {"cudaMemcpyPeerAsync", SiteFamily::Copy, true, peer(0, 1, 2, 3, 4)},
    // (dst, dpitch, src, spitch, width, height, kind)
    {"cudaMemcpy2D", SiteFamily::Copy, true, planar(0, 2, 4, 5, 6)},
    {"cudaMemcpy2DAsync", SiteFamily::Copy, true, planar(0, 2, 4, 5, 6)},
    // (dst, wOffset, hOffset, src, spitch, width, height, kind)
    {"cudaMemcpy2DToArray", SiteFamily::Copy, true, toDeviceObject(planar(0, 3, 5, 6, 7))},
    {"cudaMemcpy2DToArrayAsync", SiteFamily::Copy, true, toDeviceObject(planar(0, 3, 5, 6, 7))},
    // (dst, dpitch, src, wOffset, hOffset, width, height, kind)
    {"cudaMemcpy2DFromArray", SiteFamily::Copy, true, fromDeviceObject(planar(0, 2, 5, 6, 7))},
    {"cudaMemcpy2DFromArrayAsync", SiteFamily::Copy, true,
     fromDeviceObject(planar(0, 2, 5, 6, 7))},
    // (dst, wOffsetDst, hOffsetDst, src, wOffsetSrc, hOffsetSrc, width, height, kind)
    {"cudaMemcpy2DArrayToArray", SiteFamily::Copy, true,
     toDeviceObject(fromDeviceObject(planar(0, 3, 6, 7, 8)))},
    {"cudaMemcpy3D", SiteFamily::Copy, true, described(0)},
    {"cudaMemcpy3DAsync", SiteFamily::Copy, true, described(0)},
    {"cudaMemcpy3DPeer", SiteFamily::Copy, true, described(0)},
    {"cudaMemcpy3DPeerAsync", SiteFamily::Copy, true, described(0)},
    // (symbol, src, count, offset = 0, kind = cudaMemcpyHostToDevice)
    {"cudaMemcpyToSymbol", SiteFamily::Copy, true, toDeviceObject(linear(0, 1, 2, 4))},
    {"cudaMemcpyToSymbolAsync", SiteFamily::Copy, true, toDeviceObject(linear(0, 1, 2, 4))},
    // (dst, symbol, count, offset = 0, kind = cudaMemcpyDeviceToHost)
    {"cudaMemcpyFromSymbol", SiteFamily::Copy, true, fromDeviceObject(linear(0, 1, 2, 4))},
    {"cudaMemcpyFromSymbolAsync", SiteFamily::Copy, true, fromDeviceObject(linear(0, 1, 2, 4))},
    // (dst, wOffset, hOffset, src, count, kind) and (dst, src, wOffset, hOffset, count, kind)
    {"cudaMemcpyToArray", SiteFamily::Copy, true, toDeviceObject(linear(0, 3, 4, 5))},
    {"cudaMemcpyToArrayAsync", SiteFamily::Copy, true, toDeviceObject(linear(0, 3, 4, 5))},
    {"cudaMemcpyFromArray", SiteFamily::Copy, true, fromDeviceObject(linear(0, 1, 4, 5))},
    {"cudaMemcpyFromArrayAsync", SiteFamily::Copy, true, fromDeviceObject(linear(0, 1, 4, 5))},
    // (dsts, srcs, sizes, count, ...): the sizes live in an array.
    {"cudaMemcpyBatchAsync", SiteFamily::Copy, true, described(2)},
    {"cudaMemcpy3DBatchAsync", SiteFamily::Copy, true, described(1)},
};
} // namespace

llvm::ArrayRef<ApiSpec> runtimeCopyApis() { return kApis; }

} // namespace commledger::instrument
