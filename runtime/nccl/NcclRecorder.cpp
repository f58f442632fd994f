// The NCCL recorder; see NcclRecorder.h.
#include "nccl/NcclRecorder.h"

#include "core/NcclAlgorithmLedger.h"
#include "nccl/NcclTopology.h"

#include <cstdio>

namespace commledger::rt {

NcclRecorder &ncclRecorder() {
  static NcclRecorder *recorder = new NcclRecorder();
  return *recorder;
}

std::string ncclCommIdFromBytes(const void *bytes, std::size_t size) {
  std::uint64_t h = 1469598103934665603ull;
  const auto *p = static_cast<const unsigned char *>(bytes);
  for (std::size_t i = 0; i < size; ++i) {
    h ^= p[i];
    h *= 1099511628211ull;
  }
  char text[19];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
  return text;
}

void NcclRecorder::addComm(const void *comm, const format::NcclCommRow &row) {
  std::lock_guard<std::mutex> lock(mutex_);
  comms_[comm] = row;
  commOrder_.push_back(row);
}

std::optional<NcclCommIdentity> NcclRecorder::comm(const void *comm) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = comms_.find(comm);
  if (it == comms_.end())
    return std::nullopt;
  const format::NcclCommRow &row = it->second;
  return NcclCommIdentity{row.commId, row.rank, row.nranks, row.device};
}

NcclRecorder::CallKey NcclRecorder::keyOf(const format::NcclCallRow &r) {
  return CallKey{r.site, r.bucket, r.api, r.commId, r.rank, r.elements, r.datatype, r.op,
                 r.root, r.peer, r.launchSite};
}

void NcclRecorder::addCall(const format::NcclCallRow &shape) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto [it, inserted] = calls_.try_emplace(keyOf(shape), shape);
  format::NcclCallRow &row = it->second;
  if (inserted)
    row.calls = row.bytes = 0;
  ++row.calls;
  row.bytes += shape.elements * shape.datatypeBytes;
}

unsigned NcclRecorder::nextSplit(const void *parent) {
  std::lock_guard<std::mutex> lock(mutex_);
  return splits_[parent]++;
}

void NcclRecorder::setDebugLog(std::string path) {
  std::lock_guard<std::mutex> lock(mutex_);
  debugLog_ = std::move(path);
}

void NcclRecorder::fill(format::Trace &trace) const {
  std::lock_guard<std::mutex> lock(mutex_);
  trace.ncclComms = commOrder_;
  if (!debugLog_.empty() && !trace.ncclComms.empty()) {
    const std::string log = ncclDebugLogOfThisProcess(debugLog_);
    if (!log.empty())
      applyNcclDebugLog(log, trace.ncclComms);
  }
  // Algorithm, protocol and channels from NCCL's profiler events (NcclProfilerPlugin.cpp).
  std::vector<NcclCommAddress> addresses;
  std::map<std::pair<std::string, int>, NcclCommAddress> byIdAndRank;
  for (const auto &[comm, row] : comms_) {
    const NcclCommAddress address{reinterpret_cast<std::uintptr_t>(comm), row.rank, row.nranks};
    addresses.push_back(address);
    byIdAndRank[{row.commId, row.rank}] = address;
  }
  for (const auto &entry : calls_) {
    format::NcclCallRow row = entry.second;
    auto comm = byIdAndRank.find({row.commId, row.rank});
    if (comm != byIdAndRank.end()) {
      // NCCL describes collectives without a reduction (AllGather, Broadcast, ...) in bytes: it
      // turns them into int8 operations of count × datatype size before they are profiled.
      auto chosen = ncclAlgorithmLedger().lookup(addresses, comm->second, row.api, row.elements,
                                                 row.root, row.peer);
      if (!chosen && row.datatypeBytes > 1)
        chosen = ncclAlgorithmLedger().lookup(addresses, comm->second, row.api,
                                              row.elements * row.datatypeBytes, row.root,
                                              row.peer);
      if (chosen) {
        row.algorithm = chosen->algorithm;
        row.protocol = chosen->protocol;
        row.channels = chosen->channels;
      }
    }
    trace.ncclCalls.push_back(std::move(row));
  }
}

} // namespace commledger::rt
