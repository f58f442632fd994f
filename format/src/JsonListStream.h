// Reads the elements of a document's large top-level arrays as the parser meets them, so that a
// trace of millions of rows never exists as a whole JSON tree (docs/PERFORMANCE.md, "Reconcile").
#pragma once
#include "JsonFields.h"

#include <functional>
#include <string>
#include <vector>

namespace commledger::format::detail {

// Each element of the top-level array `key` goes to its reader, with its location
// ("observed[3]"), and is then dropped from the document. A reader's error is kept, not thrown,
// and raised by check(key) where a reader of the whole document would raise it (after the JSON,
// format and version checks): the messages stay the same.
class JsonListStream {
public:
  using Reader = std::function<void(const json &item, const std::string &where)>;

  void add(std::string key, Reader reader) {
    List list;
    list.key = std::move(key);
    list.reader = std::move(reader);
    lists_.push_back(std::move(list));
  }

  json parse(const std::string &text, const char *format, int version) {
    return parseVersioned(text, format, version,
                          [this](int depth, json::parse_event_t event, json &parsed) {
                            return see(depth, event, parsed);
                          });
  }

  // Throws the first error of list `key`; also checks that the document's `key` is an array.
  void check(const json &doc, const char *key) const {
    arrayField(doc, key, "top level");
    for (const List &list : lists_)
      if (list.key == key && !list.error.empty())
        throw FormatError(list.error);
  }

private:
  struct List {
    std::string key;
    Reader reader;
    std::size_t next = 0;
    std::string error;
  };

  bool see(int depth, json::parse_event_t event, json &parsed) {
    using E = json::parse_event_t;
    if (depth == 1 && event == E::key) {
      current_ = nullptr;
      for (List &list : lists_)
        if (parsed.get_ref<const std::string &>() == list.key)
          current_ = &list;
      inArray_ = false;
    } else if (depth == 1 && event == E::array_start) {
      inArray_ = current_ != nullptr;
    } else if (depth == 1 && (event == E::array_end || event == E::object_end)) {
      inArray_ = false;
    } else if (depth == 2 && inArray_ &&
               (event == E::object_end || event == E::array_end || event == E::value)) {
      read(*current_, parsed);
      return false; // read: not kept in the document
    }
    return true;
  }

  static void read(List &list, const json &item) {
    const std::size_t i = list.next++;
    if (!list.error.empty())
      return;
    try {
      list.reader(item, list.key + "[" + std::to_string(i) + "]");
    } catch (const std::exception &e) {
      list.error = e.what();
    }
  }

  std::vector<List> lists_;
  List *current_ = nullptr;
  bool inArray_ = false;
};

} // namespace commledger::format::detail
