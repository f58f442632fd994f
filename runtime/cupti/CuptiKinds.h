// CUPTI's copy and memory kind codes as the trace format's enums.
#pragma once
#include "commledger/format/Trace.h"

#include <cstdint>

namespace commledger::rt {

format::CopyKind copyKindFromCupti(std::uint8_t copyKind);
// DEVICE_STATIC and MANAGED_STATIC (__device__/__managed__ variables) fold into Device/Managed.
format::MemoryKind memoryKindFromCupti(std::uint32_t memoryKind);

} // namespace commledger::rt
