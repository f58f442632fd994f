// Source lines around a site for the HTML report, read when the report is
// written from the project root (or `report --source-root`) joined with the
// site's file.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace commledger::reconcile {

struct SourceSnippet {
  bool available = false;
  std::string path;       // the file that was (or would have been) read
  unsigned firstLine = 0; // number of lines.front()
  std::vector<std::string> lines;
};

// Reads each file at most once; a file that cannot be read gives unavailable
// snippets.
class SourceReader {
public:
  explicit SourceReader(std::string root) : root_(std::move(root)) {}
  // Lines line-context .. line+context of `file` (clipped to the file).
  SourceSnippet around(const std::string &file, unsigned line,
                       unsigned context = 4);
  std::string pathOf(const std::string &file) const;

private:
  std::string root_;
  std::map<std::string, std::vector<std::string>> files_; // path -> lines
  std::map<std::string, bool> readable_;
};

} // namespace commledger::reconcile
