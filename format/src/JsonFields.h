// Typed, located access to JSON fields so every reader reports "where: what" in one line.
#pragma once
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace commledger::format::detail {

// Thrown inside readers only; converted to one error line naming the file before returning.
struct FormatError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

using nlohmann::json;

inline const json &member(const json &obj, const char *key, const std::string &where) {
  if (!obj.is_object())
    throw FormatError(where + ": expected an object");
  auto it = obj.find(key);
  if (it == obj.end())
    throw FormatError(where + ": missing field '" + key + "'");
  return *it;
}

inline std::string stringField(const json &obj, const char *key, const std::string &where) {
  const json &v = member(obj, key, where);
  if (!v.is_string())
    throw FormatError(where + "." + key + ": expected a string");
  return v.get<std::string>();
}

inline std::string optionalString(const json &obj, const char *key) {
  auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : std::string();
}

inline std::uint64_t unsignedField(const json &obj, const char *key, const std::string &where) {
  const json &v = member(obj, key, where);
  if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0))
    throw FormatError(where + "." + key + ": expected a non-negative integer");
  return v.get<std::uint64_t>();
}

inline std::int64_t integerField(const json &obj, const char *key, const std::string &where) {
  const json &v = member(obj, key, where);
  if (!v.is_number_integer())
    throw FormatError(where + "." + key + ": expected an integer");
  return v.get<std::int64_t>();
}

inline std::optional<std::uint64_t> optionalUnsigned(const json &obj, const char *key,
                                                     const std::string &where) {
  auto it = obj.find(key);
  if (it == obj.end() || it->is_null())
    return std::nullopt;
  return unsignedField(obj, key, where);
}

inline bool boolField(const json &obj, const char *key, const std::string &where) {
  const json &v = member(obj, key, where);
  if (!v.is_boolean())
    throw FormatError(where + "." + key + ": expected true or false");
  return v.get<bool>();
}

inline const json &arrayField(const json &obj, const char *key, const std::string &where) {
  const json &v = member(obj, key, where);
  if (!v.is_array())
    throw FormatError(where + "." + key + ": expected an array");
  return v;
}

// The one error line of a reader: "commledger: <file>: <problem>". The problem may quote the
// file's own strings, so control characters are escaped to keep it one line.
inline std::string errorLine(const std::string &path, const std::string &problem) {
  std::string line = "commledger: " + path + ": ";
  for (unsigned char c : problem) {
    if (c >= 0x20 && c != 0x7f) {
      line += static_cast<char>(c);
      continue;
    }
    const char *hex = "0123456789abcdef";
    line += c == '\n' ? std::string("\\n") : std::string("\\x") + hex[c >> 4] + hex[c & 15];
  }
  return line;
}

// Parses `text` and checks the "format" tag and "version"; throws FormatError. `callback` may
// take elements out of the document as they are read (Trace.cpp's row lists).
inline json parseVersioned(const std::string &text, const char *format, int version,
                           const json::parser_callback_t &callback = nullptr) {
  json doc = json::parse(text, callback, /*allow_exceptions=*/false);
  if (doc.is_discarded())
    throw FormatError(text.find_first_not_of(" \t\r\n") == std::string::npos
                          ? "empty file (was its writer interrupted?)"
                          : "not valid JSON (truncated or corrupt file?)");
  if (!doc.is_object())
    throw FormatError("expected a JSON object at the top level");
  std::string tag = optionalString(doc, "format");
  if (tag != format)
    throw FormatError("not a " + std::string(format) + " file (" +
                      (tag.empty() ? "no \"format\" field" : "format is '" + tag + "'") + ")");
  std::int64_t v = integerField(doc, "version", "top level");
  if (v != version)
    throw FormatError("unsupported version " + std::to_string(v) + " (this build reads version " +
                      std::to_string(version) + ")");
  return doc;
}

} // namespace commledger::format::detail
