// Aggregation of observed traffic; see ObservedAggregator.h.
#include "core/ObservedAggregator.h"

namespace commledger::rt {

void ObservedAggregator::add(const Attribution &who, const CopyRecord &record) {
  const auto [src, dst] = endpointsOf(record);
  add(who, record.kind, src, dst, record.bytes, 1);
}

void ObservedAggregator::add(const Attribution &who, format::CopyKind kind,
                             const format::Endpoint &src, const format::Endpoint &dst,
                             std::uint64_t bytes, std::uint64_t count) {
  Key key{who,
          static_cast<int>(kind),
          src.device,
          static_cast<int>(src.memory),
          dst.device,
          static_cast<int>(dst.memory)};
  Totals &totals = totals_[key];
  totals.bytes += bytes;
  totals.count += count;
}

std::vector<format::ObservedRow> ObservedAggregator::rows() const {
  std::vector<format::ObservedRow> out;
  out.reserve(totals_.size());
  for (const auto &[key, totals] : totals_) {
    const auto &[who, kind, srcDevice, srcMemory, dstDevice, dstMemory] = key;
    format::ObservedRow row;
    row.site = who.site;
    row.bucket = who.bucket;
    row.copyKind = static_cast<format::CopyKind>(kind);
    row.src = {srcDevice, static_cast<format::MemoryKind>(srcMemory)};
    row.dst = {dstDevice, static_cast<format::MemoryKind>(dstMemory)};
    row.bytes = totals.bytes;
    row.count = totals.count;
    out.push_back(std::move(row));
  }
  return out;
}

} // namespace commledger::rt
