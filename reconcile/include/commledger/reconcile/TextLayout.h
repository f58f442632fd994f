// Column layout for the terminal report: widths count UTF-8 code points (labels contain "→"),
// not bytes, so padding and truncation keep columns aligned.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace commledger::reconcile {

inline constexpr std::size_t kTerminalWidth = 100;

std::size_t displayWidth(std::string_view text);
std::string padRight(std::string_view text, std::size_t width);
std::string padLeft(std::string_view text, std::size_t width);
// Keeps the end ("…/dir/file.cu:42:5"): the file name and position matter most.
std::string truncateLeft(std::string_view text, std::size_t width);
// Keeps the beginning ("n * sizeof(flo…").
std::string truncateRight(std::string_view text, std::size_t width);
// Word-wraps `text` to `width` columns; the first line starts with `firstIndent` spaces, the
// continuation lines with `indent`.
std::vector<std::string> wrap(std::string_view text, std::size_t width, std::size_t firstIndent,
                              std::size_t indent);

} // namespace commledger::reconcile
