// NCCL calls (any global function named nccl*): wrapped, so the interposed NCCL entry points
// (runtime/nccl) and the kernels NCCL launches know their site.
#include "matchers/ApiSpec.h"

namespace commledger::instrument {

const ApiSpec &ncclApiSpec() {
  static const ApiSpec spec{"nccl*", format::SiteFamily::Nccl, true, {}};
  return spec;
}

} // namespace commledger::instrument
