// Site ID hashing and its text form.
#include "commledger/format/SiteId.h"

#include <cstdio>
#include <string>

namespace commledger::format {

namespace {
constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ULL;
constexpr std::uint64_t kFnvPrime = 0x100000001b3ULL;

void mix(std::uint64_t &h, std::string_view bytes) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= kFnvPrime;
  }
  h ^= 0; // field separator, so ("ab","c") and ("a","bc") differ
  h *= kFnvPrime;
}
} // namespace

SiteId computeSiteId(std::string_view relPath, unsigned line, unsigned column,
                     std::string_view api) {
  std::uint64_t h = kFnvOffset;
  mix(h, relPath);
  mix(h, std::to_string(line));
  mix(h, std::to_string(column));
  mix(h, api);
  return h;
}

std::string siteIdToString(SiteId id) {
  char buf[19];
  std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(id));
  return buf;
}

std::optional<SiteId> siteIdFromString(std::string_view text) {
  if (text.size() != 18 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X'))
    return std::nullopt;
  SiteId v = 0;
  for (char c : text.substr(2)) {
    int d;
    if (c >= '0' && c <= '9')
      d = c - '0';
    else if (c >= 'a' && c <= 'f')
      d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F')
      d = c - 'A' + 10;
    else
      return std::nullopt;
    v = (v << 4) | static_cast<SiteId>(d);
  }
  return v;
}

} // namespace commledger::format
