// Kernel launches: `kernel<<<...>>>(...)` (matched as CUDAKernelCallExpr, API "<<<>>>") and the
// launch functions below. Registered only.
#include "matchers/ApiSpec.h"

namespace commledger::instrument {
namespace {
using format::SiteFamily;

const ApiSpec kApis[] = {
    {"<<<>>>", SiteFamily::Launch, false, {}},
    {"cudaLaunchKernel", SiteFamily::Launch, false, {}},
    {"cudaLaunchKernelEx", SiteFamily::Launch, false, {}},
    {"cudaLaunchKernelExC", SiteFamily::Launch, false, {}},
    {"cudaLaunchCooperativeKernel", SiteFamily::Launch, false, {}},
    {"cudaLaunchHostFunc", SiteFamily::Launch, false, {}},
    {"cuLaunchKernel", SiteFamily::Launch, false, {}},
    {"cuLaunchKernelEx", SiteFamily::Launch, false, {}},
    {"cuLaunchCooperativeKernel", SiteFamily::Launch, false, {}},
};
} // namespace

llvm::ArrayRef<ApiSpec> launchApis() { return kApis; }

} // namespace commledger::instrument
