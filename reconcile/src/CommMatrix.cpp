// Building the (d+1)×(d+1) byte and count matrices.
#include "commledger/reconcile/CommMatrix.h"

namespace commledger::reconcile {

std::string endpointLabel(int device) {
  return device < 0 ? std::string("H") : "G" + std::to_string(device);
}

std::string pairLabel(int src, int dst, bool viaHost) {
  std::string arrow = "\u2192";
  if (viaHost)
    return endpointLabel(src) + arrow + "H" + arrow + endpointLabel(dst);
  return endpointLabel(src) + arrow + endpointLabel(dst);
}

CommMatrix::CommMatrix(std::string matrixName, int deviceCount) : name(std::move(matrixName)) {
  std::size_t n = static_cast<std::size_t>(deviceCount < 0 ? 0 : deviceCount) + 1;
  for (std::size_t i = 0; i < n; ++i)
    labels.push_back(endpointLabel(static_cast<int>(i) - 1));
  bytes.assign(n, std::vector<std::uint64_t>(n, 0));
  counts.assign(n, std::vector<std::uint64_t>(n, 0));
}

void CommMatrix::add(const Hop &hop) {
  std::size_t row = matrixIndex(hop.dst), column = matrixIndex(hop.src);
  // The builder sizes matrices from every device it sees; growing here keeps a stray index from
  // being dropped rather than trusting that.
  std::size_t needed = std::max(row, column) + 1;
  if (needed > labels.size()) {
    for (std::size_t i = labels.size(); i < needed; ++i)
      labels.push_back(endpointLabel(static_cast<int>(i) - 1));
    for (auto *m : {&bytes, &counts}) {
      for (auto &r : *m)
        r.resize(needed, 0);
      m->resize(needed, std::vector<std::uint64_t>(needed, 0));
    }
  }
  bytes[row][column] += hop.bytes;
  counts[row][column] += hop.count;
}

bool CommMatrix::empty() const {
  for (const auto &row : counts)
    for (std::uint64_t c : row)
      if (c != 0)
        return false;
  for (const auto &row : bytes)
    for (std::uint64_t b : row)
      if (b != 0)
        return false;
  return true;
}

MatrixSet::MatrixSet(int deviceCount) {
  matrices.emplace_back("all", deviceCount);
  for (TrafficKind kind : kAllTrafficKinds)
    matrices.emplace_back(toString(kind), deviceCount);
}

void MatrixSet::add(const Hop &hop) {
  if (hop.kind != TrafficKind::Memset)
    matrices.front().add(hop);
  for (std::size_t i = 0; i < kAllTrafficKinds.size(); ++i)
    if (kAllTrafficKinds[i] == hop.kind)
      matrices[i + 1].add(hop);
}

const CommMatrix &MatrixSet::of(TrafficKind kind) const {
  for (std::size_t i = 0; i < kAllTrafficKinds.size(); ++i)
    if (kAllTrafficKinds[i] == kind)
      return matrices[i + 1];
  return matrices.front();
}

} // namespace commledger::reconcile
