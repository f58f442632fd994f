// Builders for the typed activity records CUPTI would deliver, so the pipeline can be tested
// without CUPTI or a GPU.
#pragma once
#include "core/CopyRecord.h"

namespace commledger::rt::test {

using format::CopyKind;
using format::MemoryKind;

inline CopyRecord copy(CopyKind kind, MemoryKind src, MemoryKind dst, int device,
                       std::uint64_t bytes, std::uint32_t correlation,
                       std::uint32_t runtimeCorrelation = 0) {
  CopyRecord r;
  r.kind = kind;
  r.srcMemory = src;
  r.dstMemory = dst;
  r.deviceId = device;
  r.bytes = bytes;
  r.correlationId = correlation;
  r.runtimeCorrelationId = runtimeCorrelation;
  return r;
}

inline CopyRecord peer(int srcDevice, int dstDevice, std::uint64_t bytes,
                       std::uint32_t correlation) {
  CopyRecord r = copy(CopyKind::PtoP, MemoryKind::Device, MemoryKind::Device, srcDevice, bytes,
                      correlation);
  r.srcDeviceId = srcDevice;
  r.dstDeviceId = dstDevice;
  return r;
}

// The two halves of a peer copy staged through the host, as measured on H200s.
inline CopyRecord stagedDtoH(int device, std::uint64_t bytes, std::uint32_t correlation) {
  return copy(CopyKind::DtoH, MemoryKind::Device, MemoryKind::Device, device, bytes, correlation);
}
inline CopyRecord stagedHtoD(int device, std::uint64_t bytes, std::uint32_t correlation) {
  return copy(CopyKind::HtoD, MemoryKind::Device, MemoryKind::Device, device, bytes, correlation);
}

inline Attribution atSite(format::SiteId site) { return Attribution{site, {}}; }

} // namespace commledger::rt::test
