// Recognises peer copies the driver staged through the host. Measured on H200s with peer access
// off: one cudaMemcpyPeer/cudaMemcpy(Default) becomes a DtoH record on the source device and an
// HtoD record on the destination, both with srcKind = dstKind = DEVICE and the same correlation
// id. Each such pair becomes one StagedPtoP row; halves that never pair keep their own kind.
#pragma once
#include "core/ObservedAggregator.h"

#include <cstdint>
#include <deque>
#include <map>
#include <set>
#include <vector>

namespace commledger::rt {

class StagedCopyDetector {
public:
  explicit StagedCopyDetector(ObservedAggregator &out) : out_(out) {}
  // The same waiting halves, emitting into `out`: a checkpoint pairs and finishes a copy so
  // the running detector is left untouched.
  StagedCopyDetector(const StagedCopyDetector &other, ObservedAggregator &out)
      : out_(out), pending_(other.pending_), pendingCount_(other.pendingCount_),
        paired_(other.paired_), pairedOrder_(other.pairedOrder_) {}

  // True for the records that can be half of a staged copy: DtoH/HtoD between DEVICE kinds.
  static bool isStagedHalf(const CopyRecord &record);

  // Non-candidates go straight to the aggregator; candidates wait for their other half.
  void add(const Attribution &who, const CopyRecord &record);
  // Emits the halves still waiting as plain DtoH/HtoD rows. Call once, at the end.
  void finish();

  std::size_t pendingHalves() const;

private:
  struct Half {
    Attribution who;
    CopyRecord record;
  };
  void emitPair(const Half &dtoh, const Half &htod);
  void emitUnpaired(const Half &half);
  void rememberPaired(std::uint32_t correlationId);

  ObservedAggregator &out_;
  std::map<std::uint32_t, std::vector<Half>> pending_; // by correlation id, oldest first
  std::size_t pendingCount_ = 0;
  // Correlation ids already paired: a large copy staged in several chunks is still one copy
  // (count 1). Bounded: only the most recent ids are kept.
  std::set<std::uint32_t> paired_;
  std::deque<std::uint32_t> pairedOrder_;
  static constexpr std::size_t kMaxPending = 4096, kMaxPairedRemembered = 4096;
};

} // namespace commledger::rt
