// Typed, CUPTI-free views of the activity records the runtime consumes. CuptiActivityApi converts
// raw CUPTI buffers into these; everything downstream (and the unit tests) sees only these.
#pragma once
#include "commledger/format/Trace.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace commledger::rt {

// One MEMCPY, MEMCPY2 (peer) or MEMSET record.
struct CopyRecord {
  format::CopyKind kind = format::CopyKind::Unknown; // Memset for MEMSET records
  format::MemoryKind srcMemory = format::MemoryKind::Unknown; // memset: the memory written
  format::MemoryKind dstMemory = format::MemoryKind::Unknown;
  int deviceId = 0;                   // device that executed the copy
  int srcDeviceId = 0, dstDeviceId = 0; // PtoP records only
  std::uint64_t bytes = 0;
  std::uint32_t correlationId = 0;        // the driver API call that issued it
  std::uint32_t runtimeCorrelationId = 0; // the runtime API call, 0 if none or not reported
  std::uint64_t startNs = 0, endNs = 0;   // CUPTI timestamps, for the event log
  std::uint32_t streamId = 0;
  // Where the EventLog keeps this record (set by the pipeline); UINT32_MAX when it keeps none.
  std::uint32_t eventSlot = UINT32_MAX;
  // Set for a kernel (CONCURRENT_KERNEL record): its name, interned by KernelNames so it
  // outlives CUPTI's buffer. Kernels share the copies' correlation path, then part ways.
  const char *kernelName = nullptr;
};

// Which site (or, unattributed, which API bucket) a record belongs to.
struct Attribution {
  std::optional<format::SiteId> site;
  std::string bucket; // empty when site is set
  bool operator<(const Attribution &o) const {
    return site != o.site ? site < o.site : bucket < o.bucket;
  }
};

// Source and destination endpoints of a record: PtoP uses its two device ids, other kinds the
// executing device on the device side and kHostEndpoint on the host side; DtoD and memset stay
// on one device.
std::pair<format::Endpoint, format::Endpoint> endpointsOf(const CopyRecord &record);

} // namespace commledger::rt
