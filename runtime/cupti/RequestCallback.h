// The CUPTI API-enter callback that reads what an instrumented call requested: subscribed for
// the copy/memset APIs of the runtime and driver domains only.
#pragma once
#include "cupti/CudaLibraries.h"

#include <string>

namespace commledger::rt {

// cuptiSubscribe + cuptiEnableCallback. Fails when another subscriber (nsys, ncu) holds CUPTI.
bool subscribeRequestCallback(const CudaLibraries &libs, std::string &error);

} // namespace commledger::rt
