// Allocations and frees: registered (API + location) and read by PointerProvenance. The
// runtime-API allocations the runtime's address table records are wrapped, so each range in it
// knows its allocation site.
#include "matchers/ApiSpec.h"

namespace commledger::instrument {
namespace {
using format::SiteFamily;

const ApiSpec kApis[] = {
    {"cudaMalloc", SiteFamily::Alloc, true, {}},
    {"cudaMallocAsync", SiteFamily::Alloc, true, {}},
    {"cudaMallocPitch", SiteFamily::Alloc, false, {}},
    {"cudaMalloc3D", SiteFamily::Alloc, false, {}},
    {"cudaMallocArray", SiteFamily::Alloc, false, {}},
    {"cudaMalloc3DArray", SiteFamily::Alloc, false, {}},
    {"cudaMallocFromPoolAsync", SiteFamily::Alloc, false, {}},
    {"cudaMallocManaged", SiteFamily::Alloc, true, {}},
    {"cudaMallocHost", SiteFamily::Alloc, true, {}},
    {"cudaHostAlloc", SiteFamily::Alloc, true, {}},
    {"cudaHostRegister", SiteFamily::Alloc, true, {}},
    {"cuMemAlloc", SiteFamily::Alloc, false, {}},
    {"cuMemAllocPitch", SiteFamily::Alloc, false, {}},
    {"cuMemAllocManaged", SiteFamily::Alloc, false, {}},
    {"cuMemAllocHost", SiteFamily::Alloc, false, {}},
    {"cuMemHostAlloc", SiteFamily::Alloc, false, {}},
    {"cuMemHostRegister", SiteFamily::Alloc, false, {}},
    // Unified-memory hints: the prefetch's site is charged with the migrations it asks for.
    {"cudaMemPrefetchAsync", SiteFamily::Hint, true, {}},
    {"cudaMemAdvise", SiteFamily::Hint, true, {}},
    {"cudaFree", SiteFamily::Free, false, {}},
    {"cudaFreeAsync", SiteFamily::Free, false, {}},
    {"cudaFreeHost", SiteFamily::Free, false, {}},
    {"cudaFreeArray", SiteFamily::Free, false, {}},
    {"cudaHostUnregister", SiteFamily::Free, false, {}},
    {"cuMemFree", SiteFamily::Free, false, {}},
    {"cuMemFreeHost", SiteFamily::Free, false, {}},
    {"cuMemHostUnregister", SiteFamily::Free, false, {}},
};
} // namespace

llvm::ArrayRef<ApiSpec> allocApis() { return kApis; }

} // namespace commledger::instrument
