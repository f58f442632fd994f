// Observed traffic per (site or bucket, copy kind, src endpoint, dst endpoint): bytes and count.
// Fed from CUPTI's buffer-completion path, never from the program's calls.
#pragma once
#include "core/CopyRecord.h"

#include <map>
#include <tuple>
#include <vector>

namespace commledger::rt {

class ObservedAggregator {
public:
  void add(const Attribution &who, const CopyRecord &record);
  void add(const Attribution &who, format::CopyKind kind, const format::Endpoint &src,
           const format::Endpoint &dst, std::uint64_t bytes, std::uint64_t count);
  // Sorted by (site or bucket, kind, endpoints): deterministic traces.
  std::vector<format::ObservedRow> rows() const;

private:
  using Key = std::tuple<Attribution, int, int, int, int, int>;
  struct Totals {
    std::uint64_t bytes = 0, count = 0;
  };
  std::map<Key, Totals> totals_;
};

} // namespace commledger::rt
