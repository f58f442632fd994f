// Byte counts for people: one binary unit (B, KiB, MiB, GiB, TiB) per table, so columns align.
#pragma once
#include <cstdint>
#include <string>

namespace commledger::reconcile {

struct ByteUnit {
  const char *name;
  std::uint64_t scale;
};

// The largest unit in which `maxBytes` is at least 1.
ByteUnit unitFor(std::uint64_t maxBytes);
// "10.00" in `unit`; exact integers for B; "0" for zero.
std::string formatInUnit(std::uint64_t bytes, ByteUnit unit);
// "10.00 MiB", choosing the unit from the value itself.
std::string formatBytes(std::uint64_t bytes);

} // namespace commledger::reconcile
