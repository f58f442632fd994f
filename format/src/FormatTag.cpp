// Reads only the "format" tag of a CommLedger file; the full readers stay in SiteDatabase.cpp
// and Trace.cpp.
#include "commledger/format/FormatTag.h"

#include "JsonFields.h"

namespace commledger::format {

std::optional<std::string> formatTagOf(const std::string &text) {
  nlohmann::json doc = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.is_object())
    return std::nullopt;
  return detail::optionalString(doc, "format");
}

} // namespace commledger::format
