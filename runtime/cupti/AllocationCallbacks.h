// Allocation and prefetch calls as seen by the CUPTI callback: allocations (on API exit, when
// the pointer exists) enter the AllocationTable with the thread's site; prefetches (on entry)
// tell the table which site asked for an allocation's migration to a device.
#pragma once
#include "core/SiteStack.h"
#include "cupti/CudaLibraries.h"

#include <cupti.h>

namespace commledger::rt {

void enableAllocationCallbacks(const CuptiFunctions &cupti, CUpti_SubscriberHandle subscriber);
// Handles the runtime-API callback if it is an allocation exit or a prefetch entry.
void noteAllocationCall(const CuptiFunctions &cupti, CUpti_CallbackId cbid,
                        const CUpti_CallbackData &info, const SiteStack &stack);

} // namespace commledger::rt
