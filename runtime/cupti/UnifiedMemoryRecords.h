// CUPTI's unified-memory counters: turning them on, and reading their records.
#pragma once
#include "core/UnifiedMemoryAttributor.h"
#include "cupti/CudaLibraries.h"

#include <cupti_activity.h>

namespace commledger::rt {

// Every counter the attributor understands, for all devices of the process. False when CUPTI
// refuses (no unified memory on this system): the rest of the tracing goes on without them.
bool configureUnifiedMemoryCounters(const CuptiFunctions &cupti);
UnifiedMemoryRecord unifiedMemoryRecordFrom(const CUpti_ActivityUnifiedMemoryCounter3 &record);

} // namespace commledger::rt
