// Which CommLedger file a JSON text is, by its "format" tag, so a reader can pick the right parser
// (`commledger show` accepts site databases and traces alike).
#pragma once
#include <optional>
#include <string>

namespace commledger::format {

// The "format" tag of `text`: "" when the top-level object has no string tag; nullopt when
// `text` is not a JSON object at all (then the real reader's error says what is wrong).
std::optional<std::string> formatTagOf(const std::string &text);

} // namespace commledger::format
