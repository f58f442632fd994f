// Endpoints of an activity record; see CopyRecord.h.
#include "core/CopyRecord.h"

namespace commledger::rt {

using format::CopyKind;
using format::Endpoint;
using format::kHostEndpoint;

std::pair<Endpoint, Endpoint> endpointsOf(const CopyRecord &r) {
  const Endpoint host{kHostEndpoint, r.srcMemory}, hostDst{kHostEndpoint, r.dstMemory};
  const Endpoint dev{r.deviceId, r.srcMemory}, devDst{r.deviceId, r.dstMemory};
  switch (r.kind) {
  case CopyKind::PtoP:
    return {{r.srcDeviceId, r.srcMemory}, {r.dstDeviceId, r.dstMemory}};
  case CopyKind::HtoD:
  case CopyKind::HtoA:
    return {host, devDst};
  case CopyKind::DtoH:
  case CopyKind::AtoH:
    return {dev, hostDst};
  case CopyKind::HtoH:
    return {host, hostDst};
  case CopyKind::Memset: {
    // A memset writes one place; it is host memory when CUPTI says so.
    const bool onHost = r.srcMemory == format::MemoryKind::Pageable ||
                        r.srcMemory == format::MemoryKind::Pinned;
    const Endpoint where{onHost ? kHostEndpoint : r.deviceId, r.srcMemory};
    return {where, where};
  }
  default: // DtoD, AtoA, AtoD, DtoA, Unknown: one device
    return {dev, devDst};
  }
}

} // namespace commledger::rt
