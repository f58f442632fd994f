// A (d+1)×(d+1) communication matrix of bytes and of transfer counts, ComScribe's layout: index 0
// is the host (H), GPU k is index k+1 (Gk); rows are receivers (dst), columns are senders (src).
#pragma once
#include "commledger/reconcile/TrafficKind.h"

#include <cstdint>
#include <string>
#include <vector>

namespace commledger::reconcile {

// Matrix index of an endpoint device (-1 = host).
inline std::size_t matrixIndex(int device) {
  return device < 0 ? 0 : static_cast<std::size_t>(device) + 1;
}
// "H" for the host, "G<k>" for GPU k.
std::string endpointLabel(int device);
// "G0→G1"; staged copies read "G0→H→G1" when `viaHost`.
std::string pairLabel(int src, int dst, bool viaHost = false);

struct CommMatrix {
  std::string name; // "all" or a TrafficKind name
  std::vector<std::string> labels;
  std::vector<std::vector<std::uint64_t>> bytes, counts; // [dst][src]

  CommMatrix() = default;
  CommMatrix(std::string name, int deviceCount);
  void add(const Hop &hop);
  bool empty() const;
};

// The "all" matrix (every copy; memsets move no data between endpoints so they stay in their own
// matrix) followed by one matrix per kind in kAllTrafficKinds order.
struct MatrixSet {
  std::vector<CommMatrix> matrices;

  explicit MatrixSet(int deviceCount);
  void add(const Hop &hop);
  const CommMatrix &all() const { return matrices.front(); }
  const CommMatrix &of(TrafficKind kind) const;
};

} // namespace commledger::reconcile
