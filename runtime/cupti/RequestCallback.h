// The CUPTI API-enter callback on the copy/memset APIs of the runtime and driver domains: it
// maps each call's correlation id to the thread's site (or the API's name) and reads what an
// instrumented call requested.
#pragma once
#include "core/CallCorrelations.h"
#include "cupti/CudaLibraries.h"

#include <string>

namespace commledger::rt {

// cuptiSubscribe + cuptiEnableCallback. Fails when another subscriber (nsys, ncu) holds CUPTI.
bool subscribeRequestCallback(const CudaLibraries &libs, std::string &error);

// Where the callback leaves the calls it noted, until CuptiActivityApi delivers them.
CallCorrelationInbox &callCorrelations();

} // namespace commledger::rt
