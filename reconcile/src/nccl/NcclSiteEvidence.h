// What the traces hold for each NCCL call site: its calls, the kernels that ran
// for them (at the launch site, of the call's collective, on the call's GPU)
// and NVLink counters of those kernels. Private to reconcile/src/nccl.
#pragma once
#include "commledger/reconcile/ReconcileInput.h"
#include "commledger/reconcile/nccl/NcclCommunicators.h"
#include "commledger/reconcile/nccl/NcclReport.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace commledger::reconcile::nccl {

struct CallRef {
  std::size_t trace = 0;
  const format::NcclCallRow *row = nullptr;
};
struct KernelRef {
  std::size_t trace = 0;
  const format::KernelRow *row = nullptr;
};

struct NcclSiteEvidence {
  const format::Site *site = nullptr; // null: the site is in no database
  std::vector<CallRef> calls;
  std::vector<KernelRef> kernels; // each kernel row once
};

struct NvlinkBytes {
  std::optional<double> tx, rx;
};

struct NcclEvidence {
  std::map<format::SiteId, NcclSiteEvidence>
      sites; // database "nccl" sites and calls' sites
  std::map<const format::KernelRow *, unsigned> sharedBy;
  std::map<const format::KernelRow *, NvlinkBytes> nvlink;
};

NcclEvidence gatherEvidence(const ReconcileInput &input,
                            const NcclGpuIndex &gpus,
                            std::vector<std::string> &warnings);

struct KernelFacts {
  NcclAlgorithmChoice choice = NcclAlgorithmChoice::Unknown;
  std::string algorithmLabel; // set for a proven algorithm the prediction does
                              // not model
};
// Fills row.kernels, kernelCount, kernelNs, protocol, counters and the NVLink
// side of perGpu.
// NCCL's profiler plugin (the runtime records it per call) names the algorithm and protocol each
// call ran with: better evidence than the kernel name, which one shared kernel carries for many
// algorithms. Overrides `facts` and row.protocol when every call of the site agrees.
void applyProfilerFacts(NcclSiteRow &row, const std::vector<CallRef> &calls, KernelFacts &facts);
KernelFacts kernelFacts(NcclSiteRow &row, const NcclSiteEvidence &site,
                        const NcclEvidence &evidence,
                        const ReconcileInput &input, const NcclGpuIndex &gpus);

// Predicted bytes sent/received per GPU of the site's communicators (`bytes` is
// [src][dst]).
void fillPerGpu(NcclSiteRow &row, const std::vector<std::vector<double>> &bytes,
                const std::map<std::string, NcclCommunicator> &comms,
                const std::vector<CallRef> &calls);

} // namespace commledger::reconcile::nccl
