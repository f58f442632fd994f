// The kinds of explicit traffic a report distinguishes, and how one observed trace row maps to
// them: each row becomes one or two hops between matrix endpoints (staged copies cross the host).
#pragma once
#include "commledger/format/Trace.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace commledger::reconcile {

enum class TrafficKind {
  P2PDirect,   // PtoP, or DtoD between two GPUs
  P2PStaged,   // a peer copy the driver staged through host memory
  H2DPinned,
  D2HPinned,
  H2DPageable,
  D2HPageable,
  D2DLocal,    // DtoD within one GPU
  Memset,      // local to one GPU: the diagonal
  Other,       // arrays, HtoH, managed or unknown host memory, unknown copy kinds
  Nccl,        // NCCL calls' predicted GPU pairs (nccl/NcclReportBuilder.h): no copy record has it
};

inline constexpr std::array<TrafficKind, 10> kAllTrafficKinds = {
    TrafficKind::P2PDirect,   TrafficKind::P2PStaged,   TrafficKind::H2DPinned,
    TrafficKind::D2HPinned,   TrafficKind::H2DPageable, TrafficKind::D2HPageable,
    TrafficKind::D2DLocal,    TrafficKind::Memset,      TrafficKind::Other,
    TrafficKind::Nccl};

// Stable snake_case names used as JSON keys and in CSV ("p2p_direct").
const char *toString(TrafficKind kind);
std::optional<TrafficKind> trafficKindFromString(std::string_view text);
// One line for humans ("P2P staged via host").
const char *describe(TrafficKind kind);

// Traffic between two endpoints; device -1 (format::kHostEndpoint) is the host.
struct Hop {
  TrafficKind kind = TrafficKind::Other;
  int src = format::kHostEndpoint, dst = format::kHostEndpoint;
  std::uint64_t bytes = 0, count = 0;
};

TrafficKind classify(const format::ObservedRow &row);
// A staged DtoH or HtoD row the runtime could not pair: its host side has device memory.
bool isUnpairedStagedHalf(const format::ObservedRow &row);
// StagedPtoP expands into src→H and H→dst, each carrying the payload; any other row is one hop.
std::vector<Hop> toHops(const format::ObservedRow &row);

} // namespace commledger::reconcile
