// The optional event log behind the timeline (`commledger run --events N`): the first N copy and
// memset records, one EventRow each, with CUPTI's timestamps, device and stream. Records are
// admitted when they arrive and attributed when the CorrelationResolver resolves them (possibly
// much later), so each event names the same site or bucket as the aggregates. Memory is bounded
// by N; records past it are only counted.
#pragma once
#include "core/CopyRecord.h"

#include <cstdint>
#include <string>
#include <vector>

namespace commledger::rt {

class EventLog {
public:
  // Capacity 0: the log is off (the default), admit() keeps and counts nothing.
  explicit EventLog(std::size_t capacity = 0) : capacity_(capacity) {}

  // Keeps the record if there is room and returns its slot, else counts it as dropped.
  std::uint32_t admit(const CopyRecord &record);
  // Names the site or bucket of the record kept in `slot` (a slot from admit()).
  void attribute(std::uint32_t slot, const Attribution &who);

  bool enabled() const { return capacity_ > 0; }
  // Sorted by start time, then device and stream: deterministic traces. Events never
  // attributed (the process ended mid-resolution) fall in the "unknown" bucket.
  std::vector<format::EventRow> rows() const;
  std::uint64_t dropped() const { return dropped_; }

  // COMMLEDGER_EVENTS: a positive decimal number turns the log on, clamped at kMaxEvents; unset,
  // empty or "0" leaves it off. Anything else leaves it off and sets `error`.
  static std::size_t capacityFromText(const char *text, std::string &error);

  static constexpr std::uint32_t kNoSlot = UINT32_MAX;
  static constexpr std::size_t kMaxEvents = std::size_t{1} << 30;

private:
  std::size_t capacity_;
  std::vector<format::EventRow> events_;
  std::vector<bool> attributed_;
  std::uint64_t dropped_ = 0;
};

} // namespace commledger::rt
