// Typed activity records in, observed rows out: CorrelationResolver → StagedCopyDetector →
// ObservedAggregator. Not thread-safe: the CUPTI layer feeds it under one lock.
#pragma once
#include "core/CorrelationResolver.h"
#include "core/ObservedAggregator.h"
#include "core/StagedCopyDetector.h"

namespace commledger::rt {

class ObservationPipeline {
public:
  ObservationPipeline()
      : detector_(aggregator_),
        resolver_([this](const Attribution &who, const CopyRecord &r) { detector_.add(who, r); }) {}
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
    resolver_.onCopy(record);
    ++records_;
  }
  void endOfBatch() { resolver_.drain(); }
  // Resolves and pairs everything still waiting; returns the final rows. Call once.
  std::vector<format::ObservedRow> finish() {
    resolver_.finish();
    detector_.finish();
    return aggregator_.rows();
  }
  std::uint64_t recordsSeen() const { return records_; }

private:
  ObservedAggregator aggregator_;
  StagedCopyDetector detector_;
  CorrelationResolver resolver_;
  std::uint64_t records_ = 0;
};

} // namespace commledger::rt
