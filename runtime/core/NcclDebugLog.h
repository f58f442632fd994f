// Communicator topology from the text NCCL writes with NCCL_DEBUG=INFO (NCCL_DEBUG_FILE): the
// "Init COMPLETE" line of each rank, the "Channel cc/NN :" ring lines, the "Trees" lines and,
// when NCCL_DEBUG_SUBSYS includes GRAPH, the "Ring cc : prev -> rank -> next" lines.
// Pure text processing: no CUDA, no NCCL headers. Line shapes and the rule that ties lines to a
// communicator are in docs/nccl-model.md ("Topology from the NCCL debug log").
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace commledger::rt {

// One channel of one rank's tree, from its "Trees" line: " [c] d0/d1/d2->rank->up".
struct NcclTreeLink {
  int channel = 0;
  int parent = -1;           // -1: this rank is the channel's root
  std::vector<int> children; // the -1 slots dropped
};

// One rank of one communicator: its "Init COMPLETE" line and the lines its init thread wrote.
struct NcclRankRecord {
  std::string host;
  int pid = 0, tid = 0;
  std::string initFunction; // "ncclCommInitRank", "ncclCommInitAll", "ncclCommSplit", ...
  std::string comm;         // the ncclComm_t as printed ("0x55d0c1a2b3c0")
  int rank = -1, nranks = 0, cudaDev = -1, nvmlDev = -1;
  std::string busId;        // hex as printed, no 0x ("1b000")
  std::string commId;       // hash of the unique id ("0x1a2b..."); empty for split children
  std::string parent;       // split/shrink/grow children: the parent comm pointer
  int color = 0, key = 0, childCount = 0;
  std::vector<std::vector<int>> rings; // [channel] ring order starting at rank 0 (rank 0 only)
  std::vector<NcclTreeLink> trees;
  std::vector<int> ringNext; // [channel] successor of this rank (GRAPH lines), -1 if absent
};

struct NcclCommunicatorTopology {
  // The commId hash shared by all ranks; a split child without one gets
  // "<parent key>/split<childCount>/color<color>".
  std::string key;
  int nranks = 0;
  std::vector<NcclRankRecord> ranks; // sorted by rank; ranks that did not log are missing
  // [channel] ring order, each a permutation of 0..nranks-1; empty when not logged or truncated.
  std::vector<std::vector<int>> rings;
  // [channel][rank] parent in that channel's tree, -1 at the root; empty unless every rank's
  // Trees line was seen.
  std::vector<std::vector<int>> treeParent;
};

struct NcclDebugLog {
  std::vector<NcclCommunicatorTopology> communicators; // in order of first Init COMPLETE
  std::size_t linesUsed = 0, linesIgnored = 0;
};

// Never throws and accepts any bytes: unknown, truncated or garbled lines are counted and skipped.
NcclDebugLog parseNcclDebugLog(std::string_view text);

} // namespace commledger::rt
