// Naming kernel events for the timeline (see KernelSlice.h).
#include "commledger/reconcile/nccl/KernelSlice.h"
#include "commledger/reconcile/nccl/NcclCommunicators.h"
#include "commledger/reconcile/nccl/NcclKernelName.h"

namespace commledger::reconcile::nccl {

KernelSlice kernelSlice(std::string_view kernel) {
  KernelSlice out;
  std::string_view plain = plainKernelName(kernel);
  std::optional<NcclKernelName> nccl = parseNcclKernelName(plain);
  if (!nccl) {
    out.name = std::string(plain);
    out.category = "kernel";
    return out;
  }
  out.category = "nccl";
  out.name = "NCCL " + nccl->collective;
  if (nccl->algorithm != NcclAlgorithm::Unknown)
    out.name += std::string(" ") + toString(nccl->algorithm) + "_" +
                toString(nccl->protocol);
  out.args.push_back({"collective", nccl->collective});
  // A default build's shared kernel names RING_LL whatever ran: say only what
  // the name proves.
  NcclAlgorithm proven = provenAlgorithm(*nccl);
  bool direct = nccl->collective == "SendRecv";
  out.args.push_back({"algorithm", direct ? "direct"
                                   : proven == NcclAlgorithm::Unknown
                                       ? "unknown"
                                       : toString(proven)});
  out.args.push_back(
      {"protocol", nccl->nameIsExact ? toString(nccl->protocol) : "unknown"});
  return out;
}

} // namespace commledger::reconcile::nccl
