// NCCL calls (any global function named nccl*): registered only; their traffic is a later issue.
#include "matchers/ApiSpec.h"

namespace commledger::instrument {

const ApiSpec &ncclApiSpec() {
  static const ApiSpec spec{"nccl*", format::SiteFamily::Nccl, false, {}};
  return spec;
}

} // namespace commledger::instrument
