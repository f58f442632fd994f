// Reading source lines around a site for the HTML report's snippets.
#include "commledger/reconcile/HtmlSourceSnippet.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace commledger::reconcile {

std::string SourceReader::pathOf(const std::string &file) const {
  // Site files are relative to the project root; an absolute one (outside the
  // root) stays as is.
  if (file.empty() || file.front() == '/' || root_.empty())
    return file;
  return root_.back() == '/' ? root_ + file : root_ + "/" + file;
}

SourceSnippet SourceReader::around(const std::string &file, unsigned line,
                                   unsigned context) {
  SourceSnippet snippet;
  snippet.path = pathOf(file);
  if (file.empty() || line == 0)
    return snippet;
  auto known = readable_.find(snippet.path);
  if (known == readable_.end()) {
    std::error_code ec;
    bool ok = std::filesystem::is_regular_file(snippet.path, ec);
    std::vector<std::string> lines;
    std::ifstream in(snippet.path, std::ios::binary);
    ok = ok && in;
    for (std::string text; ok && std::getline(in, text);) {
      if (!text.empty() && text.back() == '\r')
        text.pop_back();
      lines.push_back(std::move(text));
    }
    known = readable_.emplace(snippet.path, ok).first;
    files_.emplace(snippet.path, std::move(lines));
  }
  const std::vector<std::string> &lines = files_[snippet.path];
  // A line past the end means the file changed since it was instrumented: no
  // snippet is better than a wrong one.
  if (!known->second || line > lines.size())
    return snippet;
  snippet.available = true;
  snippet.firstLine = line > context ? line - context : 1;
  unsigned last =
      std::min<unsigned>(static_cast<unsigned>(lines.size()), line + context);
  for (unsigned n = snippet.firstLine; n <= last; ++n)
    snippet.lines.push_back(lines[n - 1]);
  return snippet;
}

} // namespace commledger::reconcile
