// The implicit-traffic part of a report (issue 3): allocations, unified-memory migrations observed
// and predicted per allocation, and zero-copy / peer loads and stores per launch. Built by
// buildImplicitTraffic (ImplicitTrafficBuilder.cpp); rendered by ImplicitJson.cpp/ImplicitText.cpp.
#pragma once
#include "commledger/format/SiteId.h"
#include "commledger/reconcile/CommMatrix.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace commledger::reconcile {

// One allocation site (or unattributed API bucket) per (API, memory, device), over all traces.
struct AllocationSummary {
  std::optional<format::SiteId> site;
  std::string location; // "file:line:col", or the bucket / site ID when no database knows it
  std::string function, argument; // argument: the allocation's pointer text ("g0"), if known
  std::string api, memory;        // "cudaMallocManaged", "managed"
  int device = -1;
  unsigned flags = 0;
  std::uint64_t bytes = 0, count = 0;
};

// Bytes migrated between two endpoints (-1 host), kept apart by what drove them.
struct UmPair {
  int src = -1, dst = -1;
  std::uint64_t prefetchBytes = 0, faultBytes = 0; // cause "user" / any other cause
  std::uint64_t total() const { return prefetchBytes + faultBytes; }
};

enum class UmVerdict { Match, OverMigration, Thrashing, PartialAccess, PredictionUnknown,
                       Unobserved };
const char *toString(UmVerdict verdict);

// Observed UM counters of one allocation site (or bucket), and the residency model's prediction.
struct UmAllocation {
  std::string label; // the allocation's location, or "unknown" for addresses in no allocation
  std::optional<format::SiteId> site;
  std::uint64_t allocationBytes = 0;
  CommMatrix all, prefetch, fault; // observed, [dst][src], host = index 0
  std::map<std::string, std::uint64_t> events; // "gpu_page_fault" -> count, ...
  std::vector<UmPair> observed, predicted;
  bool predictionKnown = false;
  std::uint64_t pageBytes = 0;   // the model's page size for this allocation
  std::string order;             // "events" or "source": what ordered the replay
  UmVerdict verdict = UmVerdict::PredictionUnknown;
  std::string message;
};

// Zero-copy or peer traffic of one launch (site, kernel, device) seen by hardware counters.
struct LaunchTraffic {
  std::optional<format::SiteId> site;
  std::string location, kernel;
  int device = 0;
  std::map<std::string, double> wire; // metric -> wire bytes (summed over the launch's ranges)
  std::uint64_t ranges = 0;
  // Per footprint parameter that reaches a mapped host or peer allocation.
  struct Access {
    std::string param, argument, allocation; // allocation: its location
    std::string link;                        // "pcie_read", "pcie_write", "nvlink_read", ...
    int src = -1, dst = -1;                  // data flow (-1 host)
    std::optional<std::uint64_t> predictedBytes; // from the footprint; nullopt when symbolic
    std::uint64_t allocationBytes = 0;
  };
  std::vector<Access> accesses;
  // Per link kind: wire bytes of its metric, and payload = wire / ratio when calibrated.
  struct Link {
    std::string link, metric;
    double wireBytes = 0;
    std::optional<double> ratio, payloadBytes;
    int src = -1, dst = -1; // data flow of its accesses (-1 host)
    bool pairKnown = true;  // false: its accesses name several peers, the counter mixes them
  };
  std::vector<Link> links;
  std::string verdict; // "match", "re-read", "uncalibrated", "prediction unknown", "no access"
  std::string message;
};

// One GPU's zero-copy (host over PCIe) and peer (NVLink) loads and stores, summed over the link
// rows of its launches. Payload is nullopt when some summed row had no profile ratio.
struct GpuZeroCopyPeer {
  struct Total {
    double wireBytes = 0;
    std::optional<double> payloadBytes = 0.0;
  };
  int device = 0;
  Total hostRead, hostWrite, peerRead, peerWrite;
};

struct ImplicitTraffic {
  int deviceCount = 0;
  std::vector<AllocationSummary> allocations;
  CommMatrix umAll, umPrefetch, umFault; // observed, every allocation
  std::vector<UmAllocation> unifiedMemory;
  std::vector<LaunchTraffic> launches;
  std::vector<GpuZeroCopyPeer> zeroCopyPerGpu; // GPUs with a link row, by device
  CommMatrix zeroCopyPeer;          // [dst][src], host = index 0, bytes per zeroCopyPeerBasis
  std::string zeroCopyPeerBasis;    // "payload" (every link row calibrated) or "wire"
  std::uint64_t zeroCopyUnplaced = 0; // bytes of link rows whose peer is not unique
  std::string calibration; // the machine profile's path, or "" = uncalibrated
  bool empty() const { return allocations.empty() && unifiedMemory.empty() && launches.empty(); }
};

} // namespace commledger::reconcile
