// CUPTI kind codes → format enums; see CuptiKinds.h.
#include "cupti/CuptiKinds.h"

#include <cupti_activity.h>

namespace commledger::rt {

using format::CopyKind;
using format::MemoryKind;

CopyKind copyKindFromCupti(std::uint8_t copyKind) {
  switch (copyKind) {
  case CUPTI_ACTIVITY_MEMCPY_KIND_HTOD: return CopyKind::HtoD;
  case CUPTI_ACTIVITY_MEMCPY_KIND_DTOH: return CopyKind::DtoH;
  case CUPTI_ACTIVITY_MEMCPY_KIND_HTOA: return CopyKind::HtoA;
  case CUPTI_ACTIVITY_MEMCPY_KIND_ATOH: return CopyKind::AtoH;
  case CUPTI_ACTIVITY_MEMCPY_KIND_ATOA: return CopyKind::AtoA;
  case CUPTI_ACTIVITY_MEMCPY_KIND_ATOD: return CopyKind::AtoD;
  case CUPTI_ACTIVITY_MEMCPY_KIND_DTOA: return CopyKind::DtoA;
  case CUPTI_ACTIVITY_MEMCPY_KIND_DTOD: return CopyKind::DtoD;
  case CUPTI_ACTIVITY_MEMCPY_KIND_HTOH: return CopyKind::HtoH;
  case CUPTI_ACTIVITY_MEMCPY_KIND_PTOP: return CopyKind::PtoP;
  default: return CopyKind::Unknown;
  }
}

MemoryKind memoryKindFromCupti(std::uint32_t memoryKind) {
  switch (memoryKind) {
  case CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE: return MemoryKind::Pageable;
  case CUPTI_ACTIVITY_MEMORY_KIND_PINNED: return MemoryKind::Pinned;
  case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE:
  case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE_STATIC: return MemoryKind::Device;
  case CUPTI_ACTIVITY_MEMORY_KIND_ARRAY: return MemoryKind::Array;
  case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED:
  case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED_STATIC: return MemoryKind::Managed;
  default: return MemoryKind::Unknown;
  }
}

} // namespace commledger::rt
