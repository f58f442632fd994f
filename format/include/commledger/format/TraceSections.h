// The trace's sections beyond explicit copies: kernels, allocations, unified-memory traffic,
// NCCL communicators and calls, and hardware counters. Each is optional in the file (absent
// when empty), so traces of programs without them read and write as before.
// Described in docs/formats.md.
#pragma once
#include "commledger/format/SiteId.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace commledger::format {

// Kernels as CUPTI saw them, per (launching site or bucket, kernel name, device).
struct KernelRow {
  std::optional<SiteId> site; // the launch (or NCCL call) site on the launching thread
  std::string bucket;         // without a site: the launch API's name
  std::string name;           // as CUPTI reports it (mangled for C++ kernels)
  int device = 0;
  std::uint64_t count = 0;
  std::uint64_t totalNs = 0;  // summed kernel durations
};

// Allocations per (site or bucket, API, memory, device, flags).
struct AllocationRow {
  std::optional<SiteId> site;
  std::string bucket;
  std::string api;    // "cudaMallocManaged", "cudaHostAlloc", ...
  std::string memory; // "device", "managed", "pinned", "mapped", "registered"
  int device = -1;    // owning GPU for device memory, -1 for host and managed memory
  unsigned flags = 0; // the API's flags argument (cudaHostAllocMapped, ...)
  std::uint64_t bytes = 0, count = 0;
};

// Unified-memory counters (CUPTI UNIFIED_MEMORY_COUNTER), attributed to the allocation whose
// range holds the address and to what caused them, per (allocation, counter, cause, devices).
struct UnifiedMemoryRow {
  std::optional<SiteId> allocationSite; // empty: the address matched no allocation
  std::string allocationBucket;         // then: the allocating API, or "unknown"
  // "htod", "dtoh", "dtod" (bytes), "gpu_page_fault", "cpu_page_fault", "thrashing",
  // "throttling", "remote_map" (events).
  std::string counter;
  // Transfers: CUPTI's migration cause ("user" = prefetch, "coherence", "prefetch" = driver
  // speculative, "eviction", "access_counters", "unknown"); events: "".
  std::string cause;
  // The site that caused it: the kernel launch running on the destination GPU at the time,
  // or the prefetch call; empty for host access and when none was running.
  std::optional<SiteId> causeSite;
  int src = -1, dst = -1; // endpoints (-1 host); events: src = dst = the device it happened on
  std::uint64_t value = 0; // bytes for transfers, events for the rest
  std::uint64_t count = 0; // CUPTI records summed
};

// One rank of one NCCL communicator in this process.
struct NcclCommRow {
  std::string commId;      // equal in every process that holds a rank of the communicator
  std::string address;     // the ncclComm_t in this process ("0x..."): ties log lines to it
  int rank = -1, nranks = 0, device = -1;
  std::optional<SiteId> initSite;
  std::string initApi;     // "ncclCommInitAll", "ncclCommInitRank", "ncclCommSplit", ...
  std::vector<std::vector<int>> rings; // per channel: ring order of ranks, from NCCL's log
  std::vector<std::string> trees;      // per channel: "up/down" text as NCCL prints it
};

// True when `ring` visits each of the ranks 0..nranks-1 exactly once: a channel's ring order.
bool isRingOrder(const std::vector<int> &ring, int nranks);

// NCCL calls per (site, communicator rank, API and arguments' shape).
struct NcclCallRow {
  std::optional<SiteId> site;
  std::string bucket; // without a site: the API's name
  std::string api;    // "ncclAllReduce", "ncclSend", ...
  std::string commId;
  int rank = -1, nranks = 0, device = -1;
  std::uint64_t elements = 0;   // count argument per call (sendcount/recvcount as NCCL names)
  unsigned datatypeBytes = 0;
  std::string datatype, op;     // "float32", "sum"; op empty where the API has none
  int root = -1, peer = -1;     // -1 where the API has none
  // Calls inside ncclGroupStart/End launch their kernels at the group's end: its site.
  std::optional<SiteId> launchSite;
  std::uint64_t calls = 0;
  std::uint64_t bytes = 0;      // elements × datatypeBytes × calls
  // What NCCL ran the calls as, from its profiler plugin interface; "" / 0 when unknown.
  std::string algorithm, protocol; // "Ring", "Tree", … and "LL", "LL128", "Simple"; ',' if mixed
  int channels = 0;
};

// A hardware counter summed over the kernel ranges of one (site or bucket, kernel, device).
struct CounterRow {
  std::optional<SiteId> site;
  std::string bucket;
  std::string kernel;
  int device = 0;
  std::string metric; // "nvltx__bytes.sum", ...
  double value = 0;
  std::uint64_t ranges = 0;
};

// The values one launch site handed the runtime (commledger_launch_values), per distinct tuple:
// names and order are the site database's footprint.launch_values. Past a bound of distinct
// tuples per site the rest are counted in one row with `other` set and no values.
struct LaunchRow {
  SiteId site = 0;
  std::vector<std::uint64_t> values;
  // One per pointer value (the last allocationSites.size() values): the allocation whose range
  // held it when the tuple was first seen; empty where none did.
  std::vector<std::optional<SiteId>> allocationSites;
  bool other = false;
  std::uint64_t count = 0;
};

} // namespace commledger::format
