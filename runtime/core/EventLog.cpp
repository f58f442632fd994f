// The bounded event log; see EventLog.h.
#include "core/EventLog.h"

#include <algorithm>
#include <tuple>

namespace commledger::rt {

std::uint32_t EventLog::admit(const CopyRecord &record) {
  if (capacity_ == 0)
    return kNoSlot;
  if (events_.size() >= capacity_) {
    ++dropped_;
    return kNoSlot;
  }
  format::EventRow e;
  e.copyKind = record.kind;
  std::tie(e.src, e.dst) = endpointsOf(record);
  e.bytes = record.bytes;
  e.startNs = static_cast<std::int64_t>(record.startNs);
  e.endNs = static_cast<std::int64_t>(record.endNs);
  e.device = record.deviceId;
  e.stream = record.streamId;
  if (record.kernelName) {
    e.kernel = record.kernelName;
    e.src = e.dst = format::Endpoint{record.deviceId, format::MemoryKind::Device};
  }
  events_.push_back(std::move(e));
  attributed_.push_back(false);
  return static_cast<std::uint32_t>(events_.size() - 1);
}

void EventLog::attribute(std::uint32_t slot, const Attribution &who) {
  if (slot >= events_.size())
    return;
  events_[slot].site = who.site;
  events_[slot].bucket = who.site ? std::string() : who.bucket;
  attributed_[slot] = true;
}

std::vector<format::EventRow> EventLog::rows() const {
  std::vector<format::EventRow> out = events_;
  for (std::size_t i = 0; i < out.size(); ++i)
    if (!attributed_[i])
      out[i].bucket = "unknown";
  std::stable_sort(out.begin(), out.end(), [](const format::EventRow &a,
                                              const format::EventRow &b) {
    return std::tie(a.startNs, a.device, a.stream) < std::tie(b.startNs, b.device, b.stream);
  });
  return out;
}

std::size_t EventLog::capacityFromText(const char *text, std::string &error) {
  if (!text || !*text)
    return 0;
  std::size_t value = 0;
  for (const char *p = text; *p; ++p) {
    if (*p < '0' || *p > '9') {
      error = std::string("COMMLEDGER_EVENTS='") + text + "' is not a number of events";
      return 0;
    }
    value = std::min(kMaxEvents, value * 10 + static_cast<std::size_t>(*p - '0'));
  }
  return value;
}

} // namespace commledger::rt
