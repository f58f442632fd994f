// Stable 64-bit call-site identifiers: the key that joins the site database and the traces.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace commledger::format {

using SiteId = std::uint64_t;

// FNV-1a over "path\0line\0column\0api": same source position and API give the same ID on any
// machine, as long as `relPath` is relative to the project root and uses '/' separators.
SiteId computeSiteId(std::string_view relPath, unsigned line, unsigned column,
                     std::string_view api);

// Site IDs travel as "0x" + 16 lowercase hex digits: JSON numbers lose precision above 2^53.
std::string siteIdToString(SiteId id);
std::optional<SiteId> siteIdFromString(std::string_view text);

} // namespace commledger::format
