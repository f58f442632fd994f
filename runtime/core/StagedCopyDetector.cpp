// Pairs the DtoH and HtoD halves of host-staged peer copies; see StagedCopyDetector.h.
#include "core/StagedCopyDetector.h"

namespace commledger::rt {

using format::CopyKind;
using format::MemoryKind;

bool StagedCopyDetector::isStagedHalf(const CopyRecord &r) {
  return (r.kind == CopyKind::DtoH || r.kind == CopyKind::HtoD) &&
         r.srcMemory == MemoryKind::Device && r.dstMemory == MemoryKind::Device;
}

void StagedCopyDetector::add(const Attribution &who, const CopyRecord &record) {
  if (!isStagedHalf(record)) {
    out_.add(who, record);
    return;
  }
  std::vector<Half> &waiting = pending_[record.correlationId];
  for (auto it = waiting.begin(); it != waiting.end(); ++it) {
    if (it->record.kind == record.kind || it->record.bytes != record.bytes)
      continue;
    const Half other = *it;
    waiting.erase(it);
    --pendingCount_;
    const Half self{who, record};
    if (record.kind == CopyKind::DtoH)
      emitPair(self, other);
    else
      emitPair(other, self);
    if (waiting.empty())
      pending_.erase(record.correlationId);
    return;
  }
  waiting.push_back({who, record});
  ++pendingCount_;
  // Bound memory: a half whose partner has not come after this many others never will.
  while (pendingCount_ > kMaxPending) {
    auto oldest = pending_.begin();
    emitUnpaired(oldest->second.front());
    oldest->second.erase(oldest->second.begin());
    --pendingCount_;
    if (oldest->second.empty())
      pending_.erase(oldest);
  }
}

void StagedCopyDetector::emitPair(const Half &dtoh, const Half &htod) {
  const std::uint32_t id = dtoh.record.correlationId;
  const std::uint64_t count = paired_.count(id) ? 0 : 1;
  rememberPaired(id);
  // Both halves carry the same correlation id, hence the same attribution; take the DtoH's.
  out_.add(dtoh.who, CopyKind::StagedPtoP, {dtoh.record.deviceId, MemoryKind::Device},
           {htod.record.deviceId, MemoryKind::Device}, dtoh.record.bytes, count);
}

void StagedCopyDetector::emitUnpaired(const Half &half) { out_.add(half.who, half.record); }

void StagedCopyDetector::rememberPaired(std::uint32_t id) {
  if (!paired_.insert(id).second)
    return;
  pairedOrder_.push_back(id);
  if (pairedOrder_.size() > kMaxPairedRemembered) {
    paired_.erase(pairedOrder_.front());
    pairedOrder_.pop_front();
  }
}

void StagedCopyDetector::finish() {
  for (const auto &[id, halves] : pending_)
    for (const Half &half : halves)
      emitUnpaired(half);
  pending_.clear();
  pendingCount_ = 0;
}

std::size_t StagedCopyDetector::pendingHalves() const { return pendingCount_; }

} // namespace commledger::rt
