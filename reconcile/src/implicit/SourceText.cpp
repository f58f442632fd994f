// Reading allocation arguments, host subscripts and device-pointer aliases from source lines.
#include "commledger/reconcile/implicit/SourceText.h"

#include <cctype>
#include <vector>

namespace commledger::reconcile {

namespace {
bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string trim(const std::string &s) {
  std::size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// Arguments of the call whose '(' is at `open`, split at top-level commas.
std::vector<std::string> callArguments(const std::string &text, std::size_t open) {
  std::vector<std::string> args;
  int depth = 0;
  std::string current;
  for (std::size_t i = open; i < text.size(); ++i) {
    char c = text[i];
    if (c == '(' || c == '[' || c == '{') {
      if (depth++ == 0)
        continue;
    } else if (c == ')' || c == ']' || c == '}') {
      if (--depth == 0) {
        args.push_back(trim(current));
        return args;
      }
    } else if (c == ',' && depth == 1) {
      args.push_back(trim(current));
      current.clear();
      continue;
    }
    current += c;
  }
  args.push_back(trim(current)); // the call continues on the next line: keep what we have
  return args;
}

// "&g0" -> "g0", "(void **)&p" -> "p", "reinterpret_cast<void **>(&p)" -> "p".
std::string pointee(std::string arg) {
  if (arg.rfind("reinterpret_cast<", 0) == 0 || arg.rfind("static_cast<", 0) == 0) {
    std::size_t open = arg.find('(');
    if (open != std::string::npos && arg.back() == ')')
      arg = trim(arg.substr(open + 1, arg.size() - open - 2));
  }
  if (!arg.empty() && arg.front() == '(') {
    std::size_t close = arg.find(')');
    if (close != std::string::npos)
      arg = trim(arg.substr(close + 1));
  }
  if (!arg.empty() && arg.front() == '&')
    arg = trim(arg.substr(1));
  return arg;
}
} // namespace

std::string firstCallArgument(const std::string &lineText, unsigned column) {
  if (column == 0 || column > lineText.size())
    return "";
  std::size_t i = column - 1;
  while (i < lineText.size() && (isWordChar(lineText[i]) || lineText[i] == ':'))
    ++i;
  while (i < lineText.size() && lineText[i] == ' ')
    ++i;
  if (i >= lineText.size() || lineText[i] != '(')
    return "";
  std::vector<std::string> args = callArguments(lineText, i);
  return args.empty() ? "" : pointee(args.front());
}

bool subscripts(const std::string &lineText, const std::string &name) {
  if (name.empty())
    return false;
  for (std::size_t at = lineText.find(name); at != std::string::npos;
       at = lineText.find(name, at + 1)) {
    if (at > 0 && (isWordChar(lineText[at - 1]) || lineText[at - 1] == '.'))
      continue;
    std::size_t j = at + name.size();
    while (j < lineText.size() && lineText[j] == ' ')
      ++j;
    if (j < lineText.size() && lineText[j] == '[')
      return true;
  }
  return false;
}

std::optional<std::pair<std::string, std::string>> devicePointerAlias(const std::string &lineText) {
  static const std::string api = "cudaHostGetDevicePointer";
  std::size_t at = lineText.find(api);
  if (at == std::string::npos)
    return std::nullopt;
  std::size_t open = lineText.find('(', at + api.size());
  if (open == std::string::npos)
    return std::nullopt;
  std::vector<std::string> args = callArguments(lineText, open);
  if (args.size() < 2 || args[0].empty() || args[1].empty())
    return std::nullopt;
  return std::make_pair(pointee(args[0]), pointee(args[1]));
}

} // namespace commledger::reconcile
