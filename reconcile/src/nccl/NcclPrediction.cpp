// Per-pair byte predictions of NCCL collectives and point-to-point calls (docs/nccl-model.md).
#include "commledger/reconcile/nccl/NcclPrediction.h"
#include "commledger/format/TraceSections.h"

namespace commledger::reconcile::nccl {

namespace {
using Matrix = std::vector<std::vector<double>>;

bool isPermutation(const std::vector<int> &ring, int n) { return format::isRingOrder(ring, n); }

// One root, every rank reaches it by parent links within n steps (no cycles).
bool isTree(const std::vector<int> &parent, int n) {
  if (static_cast<int>(parent.size()) != n)
    return false;
  int roots = 0;
  for (int p : parent) {
    if (p < -1 || p >= n)
      return false;
    roots += p == -1;
  }
  if (roots != 1)
    return false;
  for (int r = 0; r < n; ++r) {
    int at = r, steps = 0;
    while (parent[at] != -1 && steps++ <= n)
      at = parent[at];
    if (parent[at] != -1)
      return false;
  }
  return true;
}

// Position of `rank` in `ring` (rings are validated permutations, so it is there).
int positionOf(const std::vector<int> &ring, int rank) {
  for (std::size_t i = 0; i < ring.size(); ++i)
    if (ring[i] == rank)
      return static_cast<int>(i);
  return 0;
}

// Every rank sends `perRank` to its ring successor (all-reduce, all-gather, reduce-scatter).
void closedRing(Matrix &m, const std::vector<int> &ring, double perRank) {
  int n = static_cast<int>(ring.size());
  for (int i = 0; i < n; ++i)
    m[ring[i]][ring[(i + 1) % n]] += perRank;
}

// The chain of n ranks along the ring starting at ring position `start`: n-1 hops, the last
// rank of the chain sends nothing (broadcast starts at the root, reduce ends at it).
void openChain(Matrix &m, const std::vector<int> &ring, int start, double bytes) {
  int n = static_cast<int>(ring.size());
  for (int hop = 0; hop + 1 < n; ++hop)
    m[ring[(start + hop) % n]][ring[(start + hop + 1) % n]] += bytes;
}

// Reduce up to the root, then broadcast down: each tree edge carries `bytes` both ways.
void treeAllReduce(Matrix &m, const std::vector<int> &parent, double bytes) {
  for (std::size_t r = 0; r < parent.size(); ++r)
    if (parent[r] != -1) {
      m[r][parent[r]] += bytes;
      m[parent[r]][r] += bytes;
    }
}

void appendNote(std::string &note, const std::string &line) {
  note += note.empty() ? line : "; " + line;
}
} // namespace

NcclPrediction predictNccl(const NcclCall &call, const NcclTopology &topology) {
  NcclPrediction out;
  const int n = call.nranks;
  if (n < 1) {
    out.note = "no ranks";
    return out;
  }
  out.sent.assign(n, std::vector<double>(n, 0.0));
  const double S = call.bytes;
  auto inRange = [n](int r) { return r >= 0 && r < n; };

  // Direct collectives ignore rings, trees and the algorithm.
  switch (call.collective) {
  case NcclCollective::AlltoAll:
    for (int s = 0; s < n; ++s)
      for (int d = 0; d < n; ++d)
        if (s != d)
          out.sent[s][d] = S / n;
    return out;
  case NcclCollective::Gather:
  case NcclCollective::Scatter:
    if (!inRange(call.root)) {
      out.note = "root out of range";
      return out;
    }
    for (int r = 0; r < n; ++r)
      if (r != call.root) {
        if (call.collective == NcclCollective::Gather)
          out.sent[r][call.root] = S / n;
        else
          out.sent[call.root][r] = S / n;
      }
    return out;
  case NcclCollective::Send:
  case NcclCollective::Recv: {
    if (!inRange(call.rank) || !inRange(call.peer)) {
      out.note = "rank or peer out of range";
      return out;
    }
    bool send = call.collective == NcclCollective::Send;
    int src = send ? call.rank : call.peer, dst = send ? call.peer : call.rank;
    if (src != dst) // a rank's send to itself is a local copy, not traffic
      out.sent[src][dst] = S;
    return out;
  }
  default:
    break;
  }
  if ((call.collective == NcclCollective::Broadcast || call.collective == NcclCollective::Reduce) &&
      !inRange(call.root)) {
    out.note = "root out of range";
    return out;
  }

  // Rings: the communicator's, or 0..n-1 when none (or a broken one) is known.
  std::vector<NcclChannelTopology> channels;
  for (const NcclChannelTopology &c : topology.channels)
    if (isPermutation(c.ring, n))
      channels.push_back(c);
  if (channels.empty() || channels.size() != topology.channels.size()) {
    channels.assign(1, NcclChannelTopology{});
    for (int r = 0; r < n; ++r)
      channels[0].ring.push_back(r);
    out.topologyAssumed = true;
    appendNote(out.note, topology.channels.empty() ? "topology unknown: ring 0..n-1 assumed"
                                                   : "invalid ring: ring 0..n-1 assumed");
  }
  const double perChannel = S / static_cast<double>(channels.size());

  bool tree = false;
  if (call.collective == NcclCollective::AllReduce) {
    if (call.algorithm == NcclAlgorithmChoice::Tree) {
      tree = !out.topologyAssumed;
      for (const NcclChannelTopology &c : channels)
        tree = tree && isTree(c.treeParent, n);
      if (!tree) {
        out.algorithmAssumed = true;
        appendNote(out.note, "tree requested but no valid trees known: ring predicted");
      }
    } else if (call.algorithm == NcclAlgorithmChoice::Unknown) {
      out.algorithmAssumed = true;
      appendNote(out.note, "algorithm unknown: ring predicted");
    }
  } else if (call.algorithm == NcclAlgorithmChoice::Unknown) {
    // AllGather/ReduceScatter may also run NVLS/CollNet/PAT; Broadcast/Reduce only have the ring.
    if (call.collective == NcclCollective::AllGather ||
        call.collective == NcclCollective::ReduceScatter) {
      out.algorithmAssumed = true;
      appendNote(out.note, "algorithm unknown: ring predicted");
    }
  }

  for (const NcclChannelTopology &c : channels) {
    switch (call.collective) {
    case NcclCollective::AllReduce:
      if (tree)
        treeAllReduce(out.sent, c.treeParent, perChannel);
      else // reduce-scatter then all-gather: 2(n-1) steps of perChannel/n
        closedRing(out.sent, c.ring, 2.0 * (n - 1) / n * perChannel);
      break;
    case NcclCollective::AllGather:
    case NcclCollective::ReduceScatter: // n-1 steps of one S/n block each
      closedRing(out.sent, c.ring, static_cast<double>(n - 1) / n * perChannel);
      break;
    case NcclCollective::Broadcast:
      openChain(out.sent, c.ring, positionOf(c.ring, call.root), perChannel);
      break;
    case NcclCollective::Reduce: // starts after the root, ends at it
      openChain(out.sent, c.ring, (positionOf(c.ring, call.root) + 1) % n, perChannel);
      break;
    default:
      break;
    }
  }
  return out;
}

double sentBy(const NcclPrediction &prediction, int rank) {
  double total = 0;
  if (rank >= 0 && rank < static_cast<int>(prediction.sent.size()))
    for (double b : prediction.sent[rank])
      total += b;
  return total;
}

double receivedBy(const NcclPrediction &prediction, int rank) {
  double total = 0;
  for (const std::vector<double> &row : prediction.sent)
    if (rank >= 0 && rank < static_cast<int>(row.size()))
      total += row[rank];
  return total;
}

} // namespace commledger::reconcile::nccl
