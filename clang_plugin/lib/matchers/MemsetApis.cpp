// Memsets, runtime and driver: wrapped, predicted as local traffic on the pointer's device.
#include "matchers/ApiSpec.h"

namespace commledger::instrument {
namespace {
using format::SiteFamily;

ArgRoles fill(int dst, int bytes, unsigned scale = 1) {
  ArgRoles r;
  r.dst = dst, r.bytes = bytes, r.scale = scale;
  return r;
}
ArgRoles fillPlanar(int dst, int width, int height, unsigned scale = 1) {
  ArgRoles r;
  r.dst = dst, r.width = width, r.height = height, r.scale = scale;
  return r;
}
ArgRoles fillDescribed(int dst, int descriptor) {
  ArgRoles r;
  r.dst = dst, r.descriptor = descriptor;
  return r;
}

const ApiSpec kApis[] = {
    // (devPtr, value, count)
    {"cudaMemset", SiteFamily::Memset, true, fill(0, 2)},
    {"cudaMemsetAsync", SiteFamily::Memset, true, fill(0, 2)},
    // (devPtr, pitch, value, width, height)
    {"cudaMemset2D", SiteFamily::Memset, true, fillPlanar(0, 3, 4)},
    {"cudaMemset2DAsync", SiteFamily::Memset, true, fillPlanar(0, 3, 4)},
    // (pitchedDevPtr, value, extent)
    {"cudaMemset3D", SiteFamily::Memset, true, fillDescribed(-1, 2)},
    {"cudaMemset3DAsync", SiteFamily::Memset, true, fillDescribed(-1, 2)},
    // Driver: (dstDevice, value, N) with N elements of 1, 2 or 4 bytes.
    {"cuMemsetD8", SiteFamily::Memset, true, fill(0, 2, 1)},
    {"cuMemsetD16", SiteFamily::Memset, true, fill(0, 2, 2)},
    {"cuMemsetD32", SiteFamily::Memset, true, fill(0, 2, 4)},
    {"cuMemsetD8Async", SiteFamily::Memset, true, fill(0, 2, 1)},
    {"cuMemsetD16Async", SiteFamily::Memset, true, fill(0, 2, 2)},
    {"cuMemsetD32Async", SiteFamily::Memset, true, fill(0, 2, 4)},
    // (dstDevice, dstPitch, value, Width, Height), Width in elements.
    {"cuMemsetD2D8", SiteFamily::Memset, true, fillPlanar(0, 3, 4, 1)},
    {"cuMemsetD2D16", SiteFamily::Memset, true, fillPlanar(0, 3, 4, 2)},
    {"cuMemsetD2D32", SiteFamily::Memset, true, fillPlanar(0, 3, 4, 4)},
    {"cuMemsetD2D8Async", SiteFamily::Memset, true, fillPlanar(0, 3, 4, 1)},
    {"cuMemsetD2D16Async", SiteFamily::Memset, true, fillPlanar(0, 3, 4, 2)},
    {"cuMemsetD2D32Async", SiteFamily::Memset, true, fillPlanar(0, 3, 4, 4)},
};
} // namespace

llvm::ArrayRef<ApiSpec> memsetApis() { return kApis; }

} // namespace commledger::instrument
