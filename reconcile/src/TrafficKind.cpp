// Classification of observed trace rows into traffic kinds (table in docs/reconcile.md).
#include "commledger/reconcile/TrafficKind.h"

namespace commledger::reconcile {

namespace {
struct KindName {
  TrafficKind kind;
  const char *name;
  const char *description;
};
constexpr KindName kNames[] = {
    {TrafficKind::P2PDirect, "p2p_direct", "P2P direct"},
    {TrafficKind::P2PStaged, "p2p_staged", "P2P staged via host"},
    {TrafficKind::H2DPinned, "h2d_pinned", "H2D pinned"},
    {TrafficKind::D2HPinned, "d2h_pinned", "D2H pinned"},
    {TrafficKind::H2DPageable, "h2d_pageable", "H2D pageable"},
    {TrafficKind::D2HPageable, "d2h_pageable", "D2H pageable"},
    {TrafficKind::D2DLocal, "d2d_local", "D2D on one GPU"},
    {TrafficKind::Memset, "memset", "memset"},
    {TrafficKind::Other, "other", "other (arrays, HtoH, unknown)"},
    {TrafficKind::Nccl, "nccl", "NCCL (predicted per pair)"},
};

using format::CopyKind;
using format::MemoryKind;

// Host-side memory of a host↔device copy decides pinned vs pageable; device memory on the "host"
// side means the driver staged a peer copy (the runtime found no partner for this half).
TrafficKind byHostMemory(MemoryKind host, TrafficKind pinned, TrafficKind pageable) {
  switch (host) {
  case MemoryKind::Pinned:
    return pinned;
  case MemoryKind::Pageable:
    return pageable;
  case MemoryKind::Device:
    return TrafficKind::P2PStaged;
  default:
    return TrafficKind::Other;
  }
}
} // namespace

const char *toString(TrafficKind kind) {
  for (const KindName &k : kNames)
    if (k.kind == kind)
      return k.name;
  return "other";
}

std::optional<TrafficKind> trafficKindFromString(std::string_view text) {
  for (const KindName &k : kNames)
    if (text == k.name)
      return k.kind;
  return std::nullopt;
}

const char *describe(TrafficKind kind) {
  for (const KindName &k : kNames)
    if (k.kind == kind)
      return k.description;
  return "other";
}

TrafficKind classify(const format::ObservedRow &row) {
  switch (row.copyKind) {
  case CopyKind::PtoP:
    return TrafficKind::P2PDirect;
  case CopyKind::DtoD:
    return row.src.device == row.dst.device ? TrafficKind::D2DLocal : TrafficKind::P2PDirect;
  case CopyKind::StagedPtoP:
    return TrafficKind::P2PStaged;
  case CopyKind::HtoD:
    return byHostMemory(row.src.memory, TrafficKind::H2DPinned, TrafficKind::H2DPageable);
  case CopyKind::DtoH:
    return byHostMemory(row.dst.memory, TrafficKind::D2HPinned, TrafficKind::D2HPageable);
  case CopyKind::Memset:
    return TrafficKind::Memset;
  default:
    return TrafficKind::Other;
  }
}

bool isUnpairedStagedHalf(const format::ObservedRow &row) {
  return (row.copyKind == CopyKind::DtoH && row.dst.memory == MemoryKind::Device) ||
         (row.copyKind == CopyKind::HtoD && row.src.memory == MemoryKind::Device);
}

std::vector<Hop> toHops(const format::ObservedRow &row) {
  TrafficKind kind = classify(row);
  if (row.copyKind == CopyKind::StagedPtoP)
    return {Hop{kind, row.src.device, format::kHostEndpoint, row.bytes, row.count},
            Hop{kind, format::kHostEndpoint, row.dst.device, row.bytes, row.count}};
  if (isUnpairedStagedHalf(row)) {
    // The half crosses the host whatever device its "host" endpoint names.
    bool toHost = row.copyKind == CopyKind::DtoH;
    return {Hop{kind, toHost ? row.src.device : format::kHostEndpoint,
                toHost ? format::kHostEndpoint : row.dst.device, row.bytes, row.count}};
  }
  if (kind == TrafficKind::Memset) {
    // A memset writes one GPU's memory: the diagonal.
    int device = row.dst.device >= 0 ? row.dst.device : row.src.device;
    return {Hop{kind, device, device, row.bytes, row.count}};
  }
  return {Hop{kind, row.src.device, row.dst.device, row.bytes, row.count}};
}

} // namespace commledger::reconcile
