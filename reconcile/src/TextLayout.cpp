// UTF-8 aware padding, truncation and wrapping for the text report.
#include "commledger/reconcile/TextLayout.h"

namespace commledger::reconcile {

namespace {
const std::string kEllipsis = "\u2026";

bool isContinuationByte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// Byte offset after the first `columns` code points.
std::size_t byteOffset(std::string_view text, std::size_t columns) {
  std::size_t i = 0, seen = 0;
  while (i < text.size() && seen < columns) {
    ++i;
    while (i < text.size() && isContinuationByte(text[i]))
      ++i;
    ++seen;
  }
  return i;
}
} // namespace

std::size_t displayWidth(std::string_view text) {
  std::size_t width = 0;
  for (char c : text)
    if (!isContinuationByte(c))
      ++width;
  return width;
}

std::string padRight(std::string_view text, std::size_t width) {
  std::string out(text);
  std::size_t w = displayWidth(text);
  if (w < width)
    out.append(width - w, ' ');
  return out;
}

std::string padLeft(std::string_view text, std::size_t width) {
  std::size_t w = displayWidth(text);
  return std::string(w < width ? width - w : 0, ' ') + std::string(text);
}

std::string truncateLeft(std::string_view text, std::size_t width) {
  std::size_t w = displayWidth(text);
  if (w <= width || width == 0)
    return std::string(text);
  return kEllipsis + std::string(text.substr(byteOffset(text, w - (width - 1))));
}

std::string truncateRight(std::string_view text, std::size_t width) {
  if (displayWidth(text) <= width || width == 0)
    return std::string(text);
  return std::string(text.substr(0, byteOffset(text, width - 1))) + kEllipsis;
}

std::vector<std::string> wrap(std::string_view text, std::size_t width, std::size_t firstIndent,
                              std::size_t indent) {
  std::vector<std::string> lines;
  std::string line(firstIndent, ' ');
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    std::string_view word =
        text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    start = end == std::string_view::npos ? text.size() : end + 1;
    if (word.empty())
      continue;
    bool lineHasWords = line.find_first_not_of(' ') != std::string::npos;
    if (lineHasWords && displayWidth(line) + 1 + displayWidth(word) > width) {
      lines.push_back(line);
      line = std::string(indent, ' ');
    } else if (lineHasWords) {
      line += ' ';
    }
    line += word;
  }
  if (line.find_first_not_of(' ') != std::string::npos)
    lines.push_back(line);
  return lines;
}

} // namespace commledger::reconcile
