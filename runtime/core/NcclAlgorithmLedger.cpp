// The per-call algorithm ledger and its join with the interposer's communicators; see
// NcclAlgorithmLedger.h.
#include "core/NcclAlgorithmLedger.h"

#include <set>

namespace commledger::rt {

NcclAlgorithmLedger &ncclAlgorithmLedger() {
  static NcclAlgorithmLedger *ledger = new NcclAlgorithmLedger();
  return *ledger;
}

std::optional<std::uintptr_t> ncclContextSlotOffset(const std::vector<NcclCommAddress> &comms,
                                                    const std::vector<NcclProfilerContext> &contexts,
                                                    std::uintptr_t maxOffset) {
  std::map<std::uintptr_t, std::size_t> votes; // offset → contexts it places on a communicator
  for (const NcclProfilerContext &c : contexts) {
    std::set<std::uintptr_t> offsets; // one vote per context and offset
    for (const NcclCommAddress &m : comms)
      if (m.rank == c.rank && m.nranks == c.nranks && c.slot >= m.address &&
          c.slot - m.address < maxOffset)
        offsets.insert(c.slot - m.address);
    for (std::uintptr_t offset : offsets)
      ++votes[offset];
  }
  std::optional<std::uintptr_t> best;
  std::size_t bestVotes = 0;
  bool tie = false;
  for (const auto &[offset, n] : votes) {
    if (n > bestVotes) {
      best = offset;
      bestVotes = n;
      tie = false;
    } else if (n == bestVotes) {
      tie = true;
    }
  }
  if (tie) // two offsets explain the contexts equally well: claim neither
    return std::nullopt;
  return best;
}

std::string ncclProfilerFuncOfApi(const std::string &api) {
  // Never destroyed: the trace is written at exit, after static destructors may have run.
  static const auto &funcs = *new std::map<std::string, std::string>{
      {"ncclAllReduce", "AllReduce"},        {"ncclBroadcast", "Broadcast"},
      {"ncclBcast", "Broadcast"},            {"ncclReduce", "Reduce"},
      {"ncclAllGather", "AllGather"},        {"ncclReduceScatter", "ReduceScatter"},
      {"ncclSend", "Send"},                  {"ncclRecv", "Recv"},
      {"ncclAlltoAll", "AlltoAll"},          {"ncclGather", "Gather"},
      {"ncclScatter", "Scatter"}};
  auto it = funcs.find(api);
  return it == funcs.end() ? "" : it->second;
}

NcclAlgorithmLedger::CallKey NcclAlgorithmLedger::keyOf(const std::string &func,
                                                        std::uint64_t count, int root, int peer) {
  // NCCL reports root 0 for collectives that have none, and the interposer -1: only Broadcast
  // and Reduce have a root to match on; only point-to-point calls have a peer.
  const bool rooted = func == "Broadcast" || func == "Reduce";
  const bool p2p = func == "Send" || func == "Recv";
  return CallKey{func, count, rooted ? root : -1, p2p ? peer : -1};
}

std::size_t NcclAlgorithmLedger::addContext(const NcclProfilerContext &context) {
  std::lock_guard<std::mutex> lock(mutex_);
  contexts_.push_back(context);
  calls_.emplace_back();
  return contexts_.size() - 1;
}

void NcclAlgorithmLedger::record(std::size_t context, const NcclProfiledCall &call) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (context >= calls_.size())
    return;
  ++calls_[context][keyOf(call.func, call.count, call.root, call.peer)]
              [Choice{call.algorithm, call.protocol, call.channels}];
}

namespace {
std::string joined(const std::set<std::string> &values) {
  std::string text;
  for (const std::string &v : values)
    if (!v.empty())
      text += (text.empty() ? "" : ",") + v;
  return text;
}
} // namespace

std::optional<NcclCallAlgorithm>
NcclAlgorithmLedger::lookup(const std::vector<NcclCommAddress> &comms,
                            const NcclCommAddress &comm, const std::string &api,
                            std::uint64_t count, int root, int peer) const {
  const std::string func = ncclProfilerFuncOfApi(api);
  if (func.empty())
    return std::nullopt;
  const CallKey key = keyOf(func, count, root, peer);
  std::lock_guard<std::mutex> lock(mutex_);
  const std::optional<std::uintptr_t> offset = ncclContextSlotOffset(comms, contexts_);
  std::set<std::string> algorithms, protocols;
  std::set<int> channels;
  bool found = false;
  for (std::size_t i = 0; i < contexts_.size(); ++i) {
    const NcclProfilerContext &c = contexts_[i];
    if (c.rank != comm.rank || c.nranks != comm.nranks)
      continue;
    if (offset && c.slot != comm.address + *offset)
      continue; // another communicator of the same shape
    auto it = calls_[i].find(key);
    if (it == calls_[i].end())
      continue;
    for (const auto &[choice, n] : it->second) {
      found = true;
      algorithms.insert(std::get<0>(choice));
      protocols.insert(std::get<1>(choice));
      channels.insert(std::get<2>(choice));
    }
  }
  if (!found)
    return std::nullopt;
  NcclCallAlgorithm result;
  result.algorithm = joined(algorithms);
  result.protocol = joined(protocols);
  if (channels.size() == 1)
    result.channels = *channels.begin();
  return result;
}

} // namespace commledger::rt
