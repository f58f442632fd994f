// Device selection and peer access: registered; cudaSetDevice also feeds PointerProvenance.
#include "matchers/ApiSpec.h"

namespace commledger::instrument {
namespace {
using format::SiteFamily;

const ApiSpec kApis[] = {
    {"cudaSetDevice", SiteFamily::Device, false, {}},
    {"cudaDeviceEnablePeerAccess", SiteFamily::Peer, false, {}},
    {"cudaDeviceDisablePeerAccess", SiteFamily::Peer, false, {}},
    {"cuCtxEnablePeerAccess", SiteFamily::Peer, false, {}},
    {"cuCtxDisablePeerAccess", SiteFamily::Peer, false, {}},
};
} // namespace

llvm::ArrayRef<ApiSpec> deviceApis() { return kApis; }

} // namespace commledger::instrument
