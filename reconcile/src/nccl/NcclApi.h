// What each NCCL call API means for prediction and attribution (private to
// reconcile/src/nccl).
#pragma once
#include "commledger/reconcile/nccl/NcclPrediction.h"

#include <optional>
#include <string_view>

namespace commledger::reconcile::nccl {

struct NcclApi {
  NcclCollective collective;
  bool sizeTimesRanks; // S = count × size × n (NcclPrediction.h's table)
  bool direct; // point-to-point underneath: SendRecv kernels, no algorithm
               // choice
  const char *kernel; // the collective its kernel names carry
  const char *matrix; // the per-kind matrix it adds to ("nccl_all_reduce")
};

// nullopt for APIs that move no data (init, group, errors).
std::optional<NcclApi> ncclApi(std::string_view api);

} // namespace commledger::reconcile::nccl
