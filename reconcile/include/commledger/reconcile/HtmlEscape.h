// Escaping for the HTML report: every string that comes from a site database, a
// trace or a source file passes through htmlEscape before it reaches the page,
// in text and in attribute values.
#pragma once
#include <string>
#include <string_view>

namespace commledger::reconcile {

// `&`, `<`, `>`, `"` and `'` as character references; other control characters
// than tab and newline as U+FFFD, so a hostile name can neither close an
// attribute nor start a tag.
std::string htmlEscape(std::string_view text);

// A CSS class name from a label: "pair differs" -> "pair-differs"; only
// [a-z0-9-] survive.
std::string cssSlug(std::string_view label);

} // namespace commledger::reconcile
