// The machine's GPUs and the peer attributes of each ordered pair, from libcuda.
#pragma once
#include "cupti/CudaLibraries.h"

#include "commledger/format/Trace.h"

namespace commledger::rt {

// Fills devices, peers and the driver version; leaves them empty when the driver is unusable.
void collectDeviceInventory(const DriverFunctions &driver, format::Trace &trace);

} // namespace commledger::rt
