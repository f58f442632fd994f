// The per-process trace written by the runtime: what each site requested, what CUPTI observed,
// and the machine it ran on. Described in docs/formats.md.
#pragma once
#include "commledger/format/SiteId.h"
#include "commledger/format/TraceSections.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace commledger::format {

inline constexpr int kTraceVersion = 1;
inline constexpr const char *kTraceFormat = "commledger-trace";

// Endpoint device index for host memory; GPUs are 0..d-1 (CUDA device ordinals).
inline constexpr int kHostEndpoint = -1;

enum class MemoryKind { Unknown, Pageable, Pinned, Device, Managed, Array };
const char *toString(MemoryKind kind);
std::optional<MemoryKind> memoryKindFromString(std::string_view text);

// CUPTI's copy kinds, plus StagedPtoP: a DtoH+HtoD pair the driver made for one peer copy.
enum class CopyKind { Unknown, HtoD, DtoH, HtoA, AtoH, AtoA, AtoD, DtoA, DtoD, HtoH, PtoP,
                      StagedPtoP, Memset };
const char *toString(CopyKind kind);
std::optional<CopyKind> copyKindFromString(std::string_view text);

struct Endpoint {
  int device = kHostEndpoint;
  MemoryKind memory = MemoryKind::Unknown;
  bool operator==(const Endpoint &o) const { return device == o.device && memory == o.memory; }
};

// What the program asked for at a site, aggregated over calls with the same shape.
struct RequestRow {
  SiteId site = 0;
  std::string api;  // the API the runtime saw ("cudaMemcpyAsync")
  std::string kind; // cudaMemcpyKind as named by CUDA without prefix ("Default"), or "" if none
  Endpoint src, dst; // from the pointers' attributes at call time
  // Devices the call named explicitly (cudaMemcpyPeer's srcDevice/dstDevice), if any.
  std::optional<int> declaredSrcDevice, declaredDstDevice;
  std::uint64_t bytes = 0; // total over `count` calls
  std::uint64_t count = 0;
};

// What CUPTI saw, aggregated per (site or bucket, kind, endpoints).
struct ObservedRow {
  std::optional<SiteId> site; // empty: not attributable to an instrumented site
  std::string bucket;         // for unattributed rows: the API that issued it, or "unknown"
  CopyKind copyKind = CopyKind::Unknown;
  Endpoint src, dst;          // StagedPtoP: src and dst are the two GPUs; the host is implied
  std::uint64_t bytes = 0;    // payload bytes, total over `count` records
  std::uint64_t count = 0;
};

// One copy or memset as CUPTI timed it, for the timeline. Kept only when the event log is on
// (`commledger run --events N`), at most N per process: the aggregates above never depend on it.
struct EventRow {
  std::optional<SiteId> site; // empty: unattributed, see `bucket`
  std::string bucket;
  CopyKind copyKind = CopyKind::Unknown; // raw CUPTI kind: a staged copy shows as its two halves
  Endpoint src, dst;
  std::uint64_t bytes = 0;
  std::int64_t startNs = 0, endNs = 0; // CUPTI timestamps (ns), one clock for all devices
  int device = 0;                      // the GPU that executed it
  std::uint32_t stream = 0;            // CUPTI stream id on that device
  std::string kernel; // set for a kernel (copyKind Unknown, bytes 0): the kernel's name
};

struct DeviceInfo {
  int index = 0;
  std::string name, pciBusId, uuid;
};

struct PeerInfo {
  int src = 0, dst = 0;
  bool accessSupported = false;
  bool nativeAtomicSupported = false;
  int performanceRank = 0;
};

struct ProcessInfo {
  std::string host;
  std::int64_t pid = 0;
  std::vector<std::string> commandLine;
  std::int64_t startNs = 0, endNs = 0; // wall clock, ns since the epoch
  int cudaRuntimeVersion = 0, cudaDriverVersion = 0;
  std::string endReason; // "exit", "signal SIGSEGV", ...
};

struct Trace {
  int version = kTraceVersion;
  ProcessInfo process;
  bool cuptiActive = false;
  std::string cuptiError; // why CUPTI did not start, if it did not
  std::uint64_t droppedRecords = 0;
  std::vector<DeviceInfo> devices;
  std::vector<PeerInfo> peers;
  std::vector<RequestRow> requests;
  std::vector<ObservedRow> observed;
  std::vector<EventRow> events;    // empty unless the event log was on
  std::uint64_t eventsDropped = 0; // events past the log's bound (their bytes are in `observed`)
  // TraceSections.h: absent from the file when empty.
  std::vector<KernelRow> kernels;
  std::vector<AllocationRow> allocations;
  std::vector<UnifiedMemoryRow> unifiedMemory;
  std::vector<NcclCommRow> ncclComms;
  std::vector<NcclCallRow> ncclCalls;
  std::vector<CounterRow> counters;
  std::vector<LaunchRow> launches;
};

std::string toJsonText(const Trace &trace);
bool parseTrace(const std::string &text, const std::string &path, Trace &out, std::string &error);
bool readTrace(const std::string &path, Trace &out, std::string &error);
bool writeTrace(const std::string &path, const Trace &trace, std::string &error);

} // namespace commledger::format
