// What the NCCL interposer learns, kept for the trace: each communicator rank of this process
// (identity, rank, size, device, where it was created) and each NCCL call aggregated per site
// and argument shape. Thread-safe; NCCL-free, so its logic is unit tested without a GPU.
#pragma once
#include "commledger/format/Trace.h"

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace commledger::rt {

// What a call needs of its communicator: read on every NCCL call, so no more than that is copied.
struct NcclCommIdentity {
  std::string commId;
  int rank = -1, nranks = 0, device = -1;
};

class NcclRecorder {
public:
  void addComm(const void *comm, const format::NcclCommRow &row);
  std::optional<NcclCommIdentity> comm(const void *comm) const;
  // Counts one call of `shape` (calls and bytes of `shape` are ignored: one call is added).
  void addCall(const format::NcclCallRow &shape);
  // The communicators (with the ring and tree order NCCL logged, when `debugLog` names a file
  // NCCL wrote) and the calls.
  void fill(format::Trace &trace) const;
  void setDebugLog(std::string path);
  // The how-manyth split (or shrink) of `parent` this is, counting from 0.
  unsigned nextSplit(const void *parent);

private:
  using CallKey = std::tuple<std::optional<format::SiteId>, std::string, std::string, std::string,
                             int, std::uint64_t, std::string, std::string, int, int,
                             std::optional<format::SiteId>>;
  static CallKey keyOf(const format::NcclCallRow &row);
  mutable std::mutex mutex_;
  std::map<const void *, format::NcclCommRow> comms_;
  std::vector<format::NcclCommRow> commOrder_; // insertion order of comms_ for the trace
  std::map<CallKey, format::NcclCallRow> calls_;
  std::map<const void *, unsigned> splits_;
  std::string debugLog_;
};

NcclRecorder &ncclRecorder(); // the process's, never destroyed

// Stable identity of a communicator across processes: FNV-1a of the bytes that define it.
std::string ncclCommIdFromBytes(const void *bytes, std::size_t size);

} // namespace commledger::rt
