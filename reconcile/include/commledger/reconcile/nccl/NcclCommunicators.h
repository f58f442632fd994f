// NCCL communicators joined over every trace: ranks of one communicator, from
// one process or many, meet by comm_id; each rank is mapped to a GPU of the
// merged report, keyed by (host, device) when the traces come from several
// hosts. Also the ring/tree topology the trace's logs gave.
#pragma once
#include "commledger/reconcile/ReconcileInput.h"
#include "commledger/reconcile/nccl/NcclPrediction.h"
#include "commledger/reconcile/nccl/NcclReport.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace commledger::reconcile::nccl {

// The GPUs of the merged report (NcclGpu in NcclReport.h says how they are
// keyed).
struct NcclGpuIndex {
  std::vector<NcclGpu> gpus;
  bool multiHost = false;
  // -1 when (host, device) is not one of `gpus`.
  int indexOf(const std::string &host, int device) const;
};
NcclGpuIndex indexGpus(const ReconcileInput &input);

struct NcclCommunicator {
  std::string commId;
  int nranks = 0;
  std::vector<int>
      rankGpu; // per rank: index into NcclGpuIndex::gpus, -1 if no trace has it
  NcclTopology
      topology; // empty: no rank logged rings (the prediction assumes one ring)
};
// By comm_id, from nccl_comms and nccl_calls rows of every trace.
std::map<std::string, NcclCommunicator>
joinCommunicators(const ReconcileInput &input, const NcclGpuIndex &gpus);

// Rings from any rank's `rings` (only rank 0 logs them); a channel's tree from
// every rank's "parent->rank->children" text, kept only when all n ranks gave
// one for that channel.
NcclTopology topologyOf(const std::vector<const format::NcclCommRow *> &ranks,
                        int nranks);

// CUPTI may give kernel names mangled
// ("_Z39ncclDevKernel_AllReduce_Sum_f32_RING_LL24ncclDev..."): the plain
// function name, or `name` unchanged when it is not an Itanium-mangled plain
// name.
std::string_view plainKernelName(std::string_view name);

} // namespace commledger::reconcile::nccl
