// The NCCL call APIs the report has rows for (NCCL 2.28's collectives and
// point-to-point calls).
#include "NcclApi.h"

namespace commledger::reconcile::nccl {

std::optional<NcclApi> ncclApi(std::string_view api) {
  using C = NcclCollective;
  struct Entry {
    std::string_view name;
    NcclApi api;
  };
  static const Entry kApis[] = {
      {"ncclAllReduce",
       {C::AllReduce, false, false, "AllReduce", "nccl_all_reduce"}},
      {"ncclBroadcast",
       {C::Broadcast, false, false, "Broadcast", "nccl_broadcast"}},
      {"ncclBcast",
       {C::Broadcast, false, false, "Broadcast", "nccl_broadcast"}},
      {"ncclReduce", {C::Reduce, false, false, "Reduce", "nccl_reduce"}},
      {"ncclAllGather",
       {C::AllGather, true, false, "AllGather", "nccl_all_gather"}},
      {"ncclReduceScatter",
       {C::ReduceScatter, true, false, "ReduceScatter", "nccl_reduce_scatter"}},
      {"ncclAlltoAll",
       {C::AlltoAll, true, true, "SendRecv", "nccl_all_to_all"}},
      {"ncclGather", {C::Gather, true, true, "SendRecv", "nccl_gather"}},
      {"ncclScatter", {C::Scatter, true, true, "SendRecv", "nccl_scatter"}},
      {"ncclSend", {C::Send, false, true, "SendRecv", "nccl_send_recv"}},
      {"ncclRecv", {C::Recv, false, true, "SendRecv", "nccl_send_recv"}},
  };
  for (const Entry &e : kApis)
    if (e.name == api)
      return e.api;
  return std::nullopt;
}

} // namespace commledger::reconcile::nccl
