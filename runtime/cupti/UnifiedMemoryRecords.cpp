// CUPTI unified-memory counters: their configuration and the conversion of their records into
// UnifiedMemoryRecord (CUPTI-free, for the attributor).
#include "cupti/UnifiedMemoryRecords.h"

namespace commledger::rt {
namespace {

const CUpti_ActivityUnifiedMemoryCounterKind kCounters[] = {
    CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_HTOD,
    CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_DTOH,
    CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_DTOD,
    CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_CPU_PAGE_FAULT_COUNT,
    CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_GPU_PAGE_FAULT,
    CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_THRASHING,
    CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_THROTTLING,
    CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_REMOTE_MAP,
};

const char *counterName(CUpti_ActivityUnifiedMemoryCounterKind kind) {
  switch (kind) {
  case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_HTOD: return "htod";
  case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_DTOH: return "dtoh";
  case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_DTOD: return "dtod";
  case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_CPU_PAGE_FAULT_COUNT: return "cpu_page_fault";
  case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_GPU_PAGE_FAULT: return "gpu_page_fault";
  case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_THRASHING: return "thrashing";
  case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_THROTTLING: return "throttling";
  case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_REMOTE_MAP: return "remote_map";
  default: return "unknown";
  }
}

const char *causeName(std::uint32_t flags) {
  switch (flags) {
  case CUPTI_ACTIVITY_UNIFIED_MEMORY_MIGRATION_CAUSE_USER: return "user";
  case CUPTI_ACTIVITY_UNIFIED_MEMORY_MIGRATION_CAUSE_COHERENCE: return "coherence";
  case CUPTI_ACTIVITY_UNIFIED_MEMORY_MIGRATION_CAUSE_PREFETCH: return "prefetch";
  case CUPTI_ACTIVITY_UNIFIED_MEMORY_MIGRATION_CAUSE_EVICTION: return "eviction";
  case CUPTI_ACTIVITY_UNIFIED_MEMORY_MIGRATION_CAUSE_ACCESS_COUNTERS: return "access_counters";
  default: return "unknown";
  }
}

} // namespace

bool configureUnifiedMemoryCounters(const CuptiFunctions &cupti) {
  if (!cupti.cuptiActivityConfigureUnifiedMemoryCounter)
    return false;
  CUpti_ActivityUnifiedMemoryCounterConfig config[sizeof(kCounters) / sizeof(kCounters[0])] = {};
  unsigned n = 0;
  for (CUpti_ActivityUnifiedMemoryCounterKind kind : kCounters) {
    config[n].scope = CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_SCOPE_PROCESS_ALL_DEVICES;
    config[n].kind = kind;
    config[n].deviceId = 0;
    config[n].enable = 1;
    ++n;
  }
  return cupti.cuptiActivityConfigureUnifiedMemoryCounter(config, n) == CUPTI_SUCCESS;
}

UnifiedMemoryRecord unifiedMemoryRecordFrom(const CUpti_ActivityUnifiedMemoryCounter3 &r) {
  UnifiedMemoryRecord out;
  out.counter = counterName(r.counterKind);
  out.value = r.value;
  out.startNs = r.start;
  out.endNs = r.end;
  out.address = r.address;
  const int src = static_cast<int>(r.srcId), dst = static_cast<int>(r.dstId);
  switch (r.counterKind) {
  case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_HTOD:
    out.cause = causeName(r.flags);
    out.src = -1; // srcId names a CPU (NUMA node), not a GPU
    out.dst = dst;
    break;
  case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_DTOH:
    out.cause = causeName(r.flags);
    out.src = src;
    out.dst = -1;
    break;
  case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_DTOD:
    out.cause = causeName(r.flags);
    out.src = src;
    out.dst = dst;
    break;
  case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_CPU_PAGE_FAULT_COUNT:
    out.src = out.dst = -1;
    break;
  default: // GPU faults, thrashing, throttling, remote maps: the GPU they happened on
    out.src = out.dst = src;
    break;
  }
  return out;
}

} // namespace commledger::rt
