// Predicted per-pair traffic of one NCCL call: the bytes each rank sends to each other rank,
// from the collective, the algorithm, the size and the communicator's rings/trees. The formulas
// and their reasoning are in docs/nccl-model.md.
//
// S, the size of one call, follows nccl-tests (the "size" column), i.e. the byte count NCCL's
// user passes times the datatype size, taken from the buffer named here:
//   AllReduce      S = count × size             (each rank's input = output)
//   Broadcast      S = count × size             (the root's buffer)
//   Reduce         S = count × size             (each rank's input)
//   AllGather      S = sendcount × size × n     (the total OUTPUT)
//   ReduceScatter  S = recvcount × size × n     (the total INPUT)
//   AlltoAll       S = count × size × n         (one rank's whole send buffer; count per peer)
//   Gather         S = count × size × n         (the root's whole receive buffer)
//   Scatter        S = count × size × n         (the root's whole send buffer)
//   Send, Recv     S = count × size
//
// The matrix is double and exact (S/n and S/channels are not rounded); round once, with
// std::llround, when showing bytes. Entry [src][dst] is what src sends to dst; the diagonal is 0.
#pragma once

#include <string>
#include <vector>

namespace commledger::reconcile::nccl {

enum class NcclCollective {
  AllReduce, Broadcast, Reduce, AllGather, ReduceScatter, AlltoAll, Gather, Scatter, Send, Recv
};
// What the caller knows of NCCL's choice. Unknown predicts the ring and says so.
enum class NcclAlgorithmChoice { Ring, Tree, Unknown };

// One channel (one CUDA block of the kernel): its ring and, optionally, its tree.
struct NcclChannelTopology {
  std::vector<int> ring;       // ring[i] sends to ring[(i+1) % n]; a permutation of 0..n-1
  std::vector<int> treeParent; // treeParent[r]: r's parent, -1 for the root; empty = no tree
};

// The communicator's channels; the data of a call is split evenly over them. Empty = unknown.
struct NcclTopology {
  std::vector<NcclChannelTopology> channels;
};

struct NcclCall {
  NcclCollective collective = NcclCollective::AllReduce;
  NcclAlgorithmChoice algorithm = NcclAlgorithmChoice::Unknown;
  int nranks = 0;
  double bytes = 0; // S, see the table above
  int root = 0;     // Broadcast, Reduce, Gather, Scatter
  int rank = 0;     // Send: the sender; Recv: the receiver
  int peer = 0;     // Send: the receiver; Recv: the sender
};

struct NcclPrediction {
  std::vector<std::vector<double>> sent; // n×n, [src][dst]
  bool algorithmAssumed = false; // Unknown (or Tree without trees) was predicted as the ring
  bool topologyAssumed = false;  // no usable topology: the ring 0,1,…,n-1 on one channel
  std::string note;              // one line for reports when anything was assumed; else empty
};

// Never fails: bad arguments (n < 1, a root or peer out of range) give an all-zero matrix and a
// note. A Recv predicts the same transfer as its matching Send (peer → rank): add Send calls
// only when summing a program's traffic, or the pair is counted twice.
NcclPrediction predictNccl(const NcclCall &call, const NcclTopology &topology);

// Sum of row `rank`, and of column `rank`: what one rank sends and receives in total.
double sentBy(const NcclPrediction &prediction, int rank);
double receivedBy(const NcclPrediction &prediction, int rank);

} // namespace commledger::reconcile::nccl
