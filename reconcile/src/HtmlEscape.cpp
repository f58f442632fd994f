// HTML escaping of input-derived text, and CSS class names derived from labels.
#include "commledger/reconcile/HtmlEscape.h"

namespace commledger::reconcile {

std::string htmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\'':
      out += "&#39;";
      break;
    case '\t':
    case '\n':
      out += c;
      break;
    default:
      // C0 controls and DEL are not allowed in HTML text; bytes >= 0x80 are
      // UTF-8 and pass.
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
        out += "&#xFFFD;";
      else
        out += c;
    }
  }
  return out;
}

std::string cssSlug(std::string_view label) {
  std::string out;
  for (char c : label) {
    if (c >= 'A' && c <= 'Z')
      c = static_cast<char>(c - 'A' + 'a');
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
      out += c;
    else if (!out.empty() && out.back() != '-')
      out += '-';
  }
  while (!out.empty() && out.back() == '-')
    out.pop_back();
  return out;
}

} // namespace commledger::reconcile
