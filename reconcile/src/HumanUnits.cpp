// Binary byte units for the text report.
#include "commledger/reconcile/HumanUnits.h"

#include <cstdio>

namespace commledger::reconcile {

namespace {
constexpr ByteUnit kUnits[] = {{"B", 1},
                               {"KiB", 1ULL << 10},
                               {"MiB", 1ULL << 20},
                               {"GiB", 1ULL << 30},
                               {"TiB", 1ULL << 40}};
}

ByteUnit unitFor(std::uint64_t maxBytes) {
  ByteUnit unit = kUnits[0];
  for (const ByteUnit &u : kUnits)
    if (maxBytes >= u.scale)
      unit = u;
  return unit;
}

std::string formatInUnit(std::uint64_t bytes, ByteUnit unit) {
  if (bytes == 0)
    return "0";
  if (unit.scale == 1)
    return std::to_string(bytes);
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f",
                static_cast<double>(bytes) / static_cast<double>(unit.scale));
  return buffer;
}

std::string formatBytes(std::uint64_t bytes) {
  ByteUnit unit = unitFor(bytes);
  return formatInUnit(bytes, unit) + " " + unit.name;
}

} // namespace commledger::reconcile
