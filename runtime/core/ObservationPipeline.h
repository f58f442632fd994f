// Typed activity records in, observed rows out: CorrelationResolver → StagedCopyDetector →
// ObservedAggregator. The EventLog, when on, keeps the first records as timed events and learns
// their attribution from the same resolver. Not thread-safe: the CUPTI layer feeds it under one
// lock.
#pragma once
#include "core/CorrelationResolver.h"
#include "core/EventLog.h"
#include "core/ObservedAggregator.h"
#include "core/StagedCopyDetector.h"

namespace commledger::rt {

class ObservationPipeline {
public:
  // `eventCapacity` 0 (the default) leaves the event log off.
  explicit ObservationPipeline(std::size_t eventCapacity = 0)
      : detector_(aggregator_), events_(eventCapacity),
        resolver_([this](const Attribution &who, const CopyRecord &r) {
          if (r.eventSlot != EventLog::kNoSlot)
            events_.attribute(r.eventSlot, who);
          detector_.add(who, r);
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
  void endOfBatch() { resolver_.drain(); }
  // Resolves and pairs everything still waiting; returns the final rows. Call once.
  std::vector<format::ObservedRow> finish() {
    resolver_.finish();
    detector_.finish();
    return aggregator_.rows();
  }
  // The rows finish() would return now, leaving the pipeline as it is (periodic checkpoints).
  std::vector<format::ObservedRow> snapshot() const {
    ObservedAggregator rows = aggregator_;
    StagedCopyDetector detector(detector_, rows);
    resolver_.peekPending([&detector](const Attribution &who, const CopyRecord &r) {
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
  CorrelationResolver resolver_;
  std::uint64_t records_ = 0;
};

} // namespace commledger::rt
