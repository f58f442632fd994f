// The algorithm, protocol and channel count NCCL chose for each call, as its profiler plugin
// interface reports them (runtime/nccl/NcclProfilerPlugin.cpp feeds this), and their join with
// the call rows the NCCL interposer records. A kernel name cannot tell them (docs/nccl-model.md).
// Thread-safe; NCCL-free, so the join is unit tested without a GPU.
//
// The join: NCCL hands the plugin no ncclComm_t, only `&comm->profilerContext` (a slot at a fixed
// offset inside NCCL's communicator struct), commHash, rank and nranks. The interposer knows each
// communicator's address, rank and nranks. The offset is the one that maps the most contexts onto
// a communicator of the same rank and nranks; without one, calls join on (rank, nranks) alone.
// Within a communicator a call joins on (func, count, root for Broadcast/Reduce, peer for P2P).
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace commledger::rt {

// One collective or point-to-point call as a profiler event describes it.
struct NcclProfiledCall {
  std::string func;  // NCCL's ncclFuncToString: "AllReduce", "Broadcast", "Send", ...
  std::uint64_t count = 0;
  int root = -1;     // Coll events
  int peer = -1;     // P2p events
  std::string algorithm, protocol; // "Ring", "Tree", "NVLS", …; "LL", "LL128", "Simple"; "" for P2P
  int channels = 0;
};

// What the calls of one row ran as. Several distinct values are joined with ',' (sorted);
// channels is 0 when unknown or when the calls differed.
struct NcclCallAlgorithm {
  std::string algorithm, protocol;
  int channels = 0;
};

// A communicator as the interposer registered it.
struct NcclCommAddress {
  std::uintptr_t address = 0;
  int rank = -1, nranks = 0;
};

// A profiler context as init() saw it.
struct NcclProfilerContext {
  std::uintptr_t slot = 0; // &comm->profilerContext
  std::uint64_t commHash = 0;
  int rank = -1, nranks = 0;
};

// The offset of the context slot inside NCCL's communicator: the value in [0, maxOffset) that
// maps the most contexts onto a communicator with equal rank and nranks; none if no context maps.
std::optional<std::uintptr_t> ncclContextSlotOffset(const std::vector<NcclCommAddress> &comms,
                                                    const std::vector<NcclProfilerContext> &contexts,
                                                    std::uintptr_t maxOffset = 1u << 24);

// NCCL's function name for an interposed API ("ncclAllReduce" → "AllReduce"), "" if none.
std::string ncclProfilerFuncOfApi(const std::string &api);

class NcclAlgorithmLedger {
public:
  // Returns the context's index, to pass to record().
  std::size_t addContext(const NcclProfilerContext &context);
  void record(std::size_t context, const NcclProfiledCall &call);

  // What the calls of `api` (interposer's name) with these arguments on the communicator at
  // `comm` ran as; nullopt when no profiler event matched. `comms`: every registered one.
  std::optional<NcclCallAlgorithm> lookup(const std::vector<NcclCommAddress> &comms,
                                          const NcclCommAddress &comm, const std::string &api,
                                          std::uint64_t count, int root, int peer) const;

private:
  using CallKey = std::tuple<std::string, std::uint64_t, int, int>; // func, count, root, peer
  using Choice = std::tuple<std::string, std::string, int>;          // algorithm, protocol, channels
  static CallKey keyOf(const std::string &func, std::uint64_t count, int root, int peer);
  mutable std::mutex mutex_;
  std::vector<NcclProfilerContext> contexts_;
  std::vector<std::map<CallKey, std::map<Choice, std::uint64_t>>> calls_; // per context
};

NcclAlgorithmLedger &ncclAlgorithmLedger(); // the process's, never destroyed

} // namespace commledger::rt
