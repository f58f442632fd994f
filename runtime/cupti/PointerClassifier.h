// Where a pointer of a request lives, asked of the driver after the call returned. Driver API
// on purpose: cudaPointerGetAttributes would reset the runtime's last-error state under the
// program's feet.
#pragma once
#include "core/CapturedRequest.h"
#include "cupti/CudaLibraries.h"

#include "commledger/format/Trace.h"

namespace commledger::rt {

// Unknown pointers (plain malloc/stack) come back as pageable host memory, as CUDA treats them.
format::Endpoint classifyPointer(const DriverFunctions &driver, std::uintptr_t ptr,
                                 PointerHint hint);

} // namespace commledger::rt
