// Kernel launches: `kernel<<<...>>>(...)` (matched as CUDAKernelCallExpr, API "<<<>>>") and the
// launch functions below. Wrapped, so the kernels' records carry the launch site.
#include "matchers/ApiSpec.h"

namespace commledger::instrument {
namespace {
using format::SiteFamily;

const ApiSpec kApis[] = {
    {"<<<>>>", SiteFamily::Launch, true, {}},
    {"cudaLaunchKernel", SiteFamily::Launch, true, {}},
    {"cudaLaunchKernelEx", SiteFamily::Launch, true, {}},
    {"cudaLaunchKernelExC", SiteFamily::Launch, true, {}},
    {"cudaLaunchCooperativeKernel", SiteFamily::Launch, true, {}},
    {"cudaLaunchHostFunc", SiteFamily::Launch, false, {}},
    {"cuLaunchKernel", SiteFamily::Launch, true, {}},
    {"cuLaunchKernelEx", SiteFamily::Launch, true, {}},
    {"cuLaunchCooperativeKernel", SiteFamily::Launch, true, {}},
};
} // namespace

llvm::ArrayRef<ApiSpec> launchApis() { return kApis; }

} // namespace commledger::instrument
