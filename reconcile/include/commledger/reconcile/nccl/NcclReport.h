// The report's NCCL section: one row per NCCL call site (collectives and
// send/recv) with what the program asked NCCL for, the per-pair bytes predicted
// for it (NcclPrediction.h), the kernels that ran for it and, in counters mode,
// the NVLink bytes seen per GPU. Built by NcclReportBuilder.h, rendered by
// NcclReportWriters.h; documented in docs/report-format.md.
#pragma once
#include "commledger/format/SiteId.h"
#include "commledger/reconcile/CommMatrix.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace commledger::reconcile::nccl {

// "algorithm unknown" is informational (the ring was predicted and said so);
// "ranks missing" means some rank of the communicator is in no trace given, so
// its calls are not counted.
enum class NcclVerdict {
  Observed,
  AlgorithmUnknown,
  RanksMissing,
  NotObserved
};
const char *toString(NcclVerdict verdict);

// A GPU of the merged report. One host: index = CUDA device, label "G<d>".
// Several hosts: (host, device) pairs in sorted order, label "<host>:G<d>".
struct NcclGpu {
  std::string host;
  int device = 0;
  std::string label;
};

// Kernels attributed to the site (through its launch site and its collective),
// per GPU.
struct NcclKernelUse {
  std::string kernel;     // as CUPTI names it
  std::string collective; // from the name ("AllReduce", "SendRecv")
  int gpu = 0;            // index into NcclSection::gpus
  std::uint64_t count = 0, totalNs = 0;
  unsigned sharedBy =
      1; // NCCL sites whose calls the same kernel records carry (a group)
};

// Per GPU of the communicator: predicted bytes sent/received, and NVLink
// counters if any.
struct NcclGpuBytes {
  int gpu = 0;
  std::uint64_t predictedSent = 0, predictedReceived = 0;
  std::optional<double> nvlinkTx,
      nvlinkRx; // counters mode: nvltx/nvlrx__bytes.sum
};

// One predicted pair, rounded once (llround) from the exact prediction.
struct NcclPair {
  int src = 0, dst = 0; // indices into NcclSection::gpus
  std::uint64_t bytes = 0;
};

struct NcclSiteRow {
  format::SiteId id = 0;
  bool known = true; // in a site database
  std::string file, function;
  unsigned line = 0, column = 0;
  std::string api;    // "ncclAllReduce"
  std::string commId; // the communicator (first one, if the site used several:
                      // see notes)
  int nranks = 0;
  unsigned ranksTraced =
      0; // ranks of the communicator whose calls a trace holds
  std::optional<std::uint64_t>
      bytesPerCall; // count × datatype size; empty when calls differ
  std::optional<std::uint64_t>
      size;                // S as nccl-tests names it (NcclPrediction.h)
  std::uint64_t calls = 0; // API calls over every rank and trace
  std::uint64_t operations =
      0; // collective operations (one per call per rank for send/recv)
  std::string algorithm; // "RING", "TREE", "direct", "unknown (ring assumed)"
  std::string protocol;  // "LL", "LL128", "SIMPLE", or "unknown"
  std::vector<NcclPair> predicted; // non-zero pairs, src-major
  std::uint64_t predictedTotal = 0;
  std::vector<NcclKernelUse> kernels;
  std::uint64_t kernelCount = 0, kernelNs = 0;
  std::vector<NcclGpuBytes> perGpu;
  bool counters = false; // some NVLink counter rows matched this site's kernels
  NcclVerdict verdict = NcclVerdict::Observed;
  std::vector<std::string> notes;

  std::string location() const; // "file:line:col", or the site ID when unknown
};

struct NcclSection {
  std::vector<NcclGpu> gpus;
  bool multiHost = false;
  // Predicted bytes per collective kind ("nccl_all_reduce", ...,
  // "nccl_send_recv"), GPU pairs [dst][src] as CommMatrix; ncclRecv sites are
  // not added (their ncclSend carries the bytes).
  std::vector<CommMatrix> matrices;
  std::vector<NcclSiteRow> sites; // sorted by file, line, column
};

} // namespace commledger::reconcile::nccl
