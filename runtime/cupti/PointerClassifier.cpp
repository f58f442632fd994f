// Pointer → endpoint via cuPointerGetAttributes; see PointerClassifier.h.
#include "cupti/PointerClassifier.h"

namespace commledger::rt {

using format::Endpoint;
using format::kHostEndpoint;
using format::MemoryKind;

namespace {

int currentDevice(const DriverFunctions &driver) {
  CUdevice device = 0;
  return driver.cuCtxGetDevice && driver.cuCtxGetDevice(&device) == CUDA_SUCCESS
             ? static_cast<int>(device)
             : kHostEndpoint;
}

} // namespace

Endpoint classifyPointer(const DriverFunctions &driver, std::uintptr_t ptr, PointerHint hint) {
  switch (hint) {
  case PointerHint::None:
    return {kHostEndpoint, MemoryKind::Unknown};
  case PointerHint::CurrentDevice: {
    const int device = currentDevice(driver);
    return {device, device == kHostEndpoint ? MemoryKind::Unknown : MemoryKind::Device};
  }
  case PointerHint::Array:
    return {currentDevice(driver), MemoryKind::Array};
  case PointerHint::Classify:
    break;
  }
  if (!driver.cuPointerGetAttributes)
    return {kHostEndpoint, MemoryKind::Unknown};
  // Zero-filled 8-byte slots: IS_MANAGED is documented as a bool, the others as 32-bit ints.
  unsigned long long memoryType = 0, ordinal = 0, managed = 0;
  CUpointer_attribute attributes[] = {CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                      CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                      CU_POINTER_ATTRIBUTE_IS_MANAGED};
  void *data[] = {&memoryType, &ordinal, &managed};
  if (driver.cuPointerGetAttributes(3, attributes, data, static_cast<CUdeviceptr>(ptr)) !=
      CUDA_SUCCESS)
    return {kHostEndpoint, MemoryKind::Pageable};
  const int device = static_cast<int>(static_cast<unsigned>(ordinal));
  if (managed != 0)
    return {device, MemoryKind::Managed};
  switch (static_cast<unsigned>(memoryType)) {
  case CU_MEMORYTYPE_HOST:
    return {kHostEndpoint, MemoryKind::Pinned};
  case CU_MEMORYTYPE_DEVICE:
    return {device, MemoryKind::Device};
  case CU_MEMORYTYPE_ARRAY:
    return {device, MemoryKind::Array};
  default: // 0: not known to CUDA, i.e. ordinary pageable memory
    return {kHostEndpoint, MemoryKind::Pageable};
  }
}

} // namespace commledger::rt
