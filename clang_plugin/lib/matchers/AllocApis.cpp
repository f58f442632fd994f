// Allocations and frees: registered (API + location) and read by PointerProvenance.
#include "matchers/ApiSpec.h"

namespace commledger::instrument {
namespace {
using format::SiteFamily;

const ApiSpec kApis[] = {
    {"cudaMalloc", SiteFamily::Alloc, false, {}},
    {"cudaMallocAsync", SiteFamily::Alloc, false, {}},
    {"cudaMallocPitch", SiteFamily::Alloc, false, {}},
    {"cudaMalloc3D", SiteFamily::Alloc, false, {}},
    {"cudaMallocArray", SiteFamily::Alloc, false, {}},
    {"cudaMalloc3DArray", SiteFamily::Alloc, false, {}},
    {"cudaMallocFromPoolAsync", SiteFamily::Alloc, false, {}},
    {"cudaMallocManaged", SiteFamily::Alloc, false, {}},
    {"cudaMallocHost", SiteFamily::Alloc, false, {}},
    {"cudaHostAlloc", SiteFamily::Alloc, false, {}},
    {"cudaHostRegister", SiteFamily::Alloc, false, {}},
    {"cuMemAlloc", SiteFamily::Alloc, false, {}},
    {"cuMemAllocPitch", SiteFamily::Alloc, false, {}},
    {"cuMemAllocManaged", SiteFamily::Alloc, false, {}},
    {"cuMemAllocHost", SiteFamily::Alloc, false, {}},
    {"cuMemHostAlloc", SiteFamily::Alloc, false, {}},
    {"cuMemHostRegister", SiteFamily::Alloc, false, {}},
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
