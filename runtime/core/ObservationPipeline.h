// Typed activity records in, observed rows out: CorrelationResolver → StagedCopyDetector →
// ObservedAggregator. The EventLog, when on, keeps the first records as timed events and learns
// their attribution from the same resolver. Not thread-safe: the CUPTI layer feeds it under one
// lock.
#pragma once
#include "core/CorrelationResolver.h"
#include "core/CounterAttributor.h"
#include "core/EventLog.h"
#include "core/KernelAggregator.h"
#include "core/ObservedAggregator.h"
#include "core/StagedCopyDetector.h"
#include "core/UnifiedMemoryAttributor.h"

namespace commledger::rt {

class ObservationPipeline {
public:
  // `eventCapacity` 0 (the default) leaves the event log off.
  explicit ObservationPipeline(std::size_t eventCapacity = 0)
      : detector_(aggregator_), events_(eventCapacity),
        unifiedMemory_(allocationTable(), kernels_),
        resolver_([this](const Attribution &who, const CopyRecord &r) {
          if (r.eventSlot != EventLog::kNoSlot)
            events_.attribute(r.eventSlot, who);
          if (r.kernelName) {
            kernels_.add(who, r);
            counters_.addKernel(who, r);
          } else {
            detector_.add(who, r);
          }
        }) {}
  ObservationPipeline(const ObservationPipeline &) = delete;
  ObservationPipeline &operator=(const ObservationPipeline &) = delete;

  void onExternalCorrelation(std::uint32_t id, format::SiteId site) {
    resolver_.onExternalCorrelation(id, site);
    ++records_;
  }
  void onApi(std::uint32_t id, const char *copyApiName) {
    resolver_.onApi(id, copyApiName);
    ++records_;
  }
  void onCopy(const CopyRecord &record) {
    if (!events_.enabled()) {
      resolver_.onCopy(record);
    } else {
      CopyRecord kept = record;
      kept.eventSlot = events_.admit(record);
      resolver_.onCopy(kept);
    }
    ++records_;
  }
  // A kernel record: `record.kernelName` is CUPTI's string, interned here.
  void onKernel(CopyRecord record, const char *name) {
    record.kernelName = names_.intern(name);
    onCopy(record);
  }
  void onUnifiedMemory(const UnifiedMemoryRecord &record) {
    unifiedMemory_.add(record);
    ++records_;
  }
  void endOfBatch() {
    resolver_.drain();
    unifiedMemory_.drain();
    counters_.drain();
  }
  // Resolves and pairs everything still waiting; returns the final rows. Call once.
  std::vector<format::ObservedRow> finish() {
    resolver_.finish();
    detector_.finish();
    unifiedMemory_.finish();
    counters_.finish();
    return aggregator_.rows();
  }
  // After finish(), or as of now for a checkpoint (kernels still waiting for their call are
  // left out of a checkpoint).
  std::vector<format::KernelRow> kernels() const { return kernels_.rows(); }
  std::vector<format::UnifiedMemoryRow> unifiedMemory() const { return unifiedMemory_.rows(); }
  // Counters mode: PM samples in (CounterSampling.cpp), counter rows out; off unless enabled.
  CounterAttributor &counterAttributor() { return counters_; }
  std::vector<format::CounterRow> counters() const { return counters_.rows(); }
  // The rows finish() would return now, leaving the pipeline as it is (periodic checkpoints).
  std::vector<format::ObservedRow> snapshot() const {
    ObservedAggregator rows = aggregator_;
    StagedCopyDetector detector(detector_, rows);
    resolver_.peekPending([&detector](const Attribution &who, const CopyRecord &r) {
      if (!r.kernelName)
        detector.add(who, r);
    });
    detector.finish();
    return rows.rows();
  }
  std::uint64_t recordsSeen() const { return records_; }
  // The event log, complete after finish(): rows (empty when off) and how many did not fit.
  const EventLog &events() const { return events_; }

private:
  ObservedAggregator aggregator_;
  StagedCopyDetector detector_;
  EventLog events_;
  KernelNames names_;
  KernelAggregator kernels_;
  UnifiedMemoryAttributor unifiedMemory_;
  CounterAttributor counters_;
  CorrelationResolver resolver_;
  std::uint64_t records_ = 0;
};

} // namespace commledger::rt
