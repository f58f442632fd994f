// Allocation rows: the traces' allocations joined to the site database's alloc sites.
#include "commledger/reconcile/implicit/ImplicitTrafficBuilder.h"

#include "commledger/reconcile/HtmlSourceSnippet.h"

#include <map>
#include <memory>
#include <tuple>

namespace commledger::reconcile {

SourceLines sourceLinesUnder(const std::string &root) {
  auto reader = std::make_shared<SourceReader>(root);
  return [reader](const std::string &file, unsigned line) -> std::optional<std::string> {
    SourceSnippet s = reader->around(file, line, 0);
    if (!s.available || s.lines.empty())
      return std::nullopt;
    return s.lines.front();
  };
}

std::vector<AllocationSummary> summarizeAllocations(const ReconcileInput &input,
                                                    const SourceLines &source) {
  using Key = std::tuple<std::string, std::string, std::string, int, unsigned>;
  std::map<Key, AllocationSummary> rows; // sorted by site (or bucket), API, memory, device
  for (const LoadedTrace &t : input.traces)
    for (const format::AllocationRow &a : t.trace.allocations) {
      std::string id = a.site ? format::siteIdToString(*a.site) : "~" + a.bucket;
      auto [it, fresh] = rows.try_emplace(Key{id, a.api, a.memory, a.device, a.flags});
      AllocationSummary &s = it->second;
      s.bytes += a.bytes;
      s.count += a.count;
      if (!fresh)
        continue;
      s.site = a.site;
      s.api = a.api;
      s.memory = a.memory;
      s.device = a.device;
      s.flags = a.flags;
      s.location = a.site ? format::siteIdToString(*a.site) : a.bucket;
      if (const format::Site *site = a.site ? input.sites.find(*a.site) : nullptr) {
        s.location = site->file + ":" + std::to_string(site->line) + ":" +
                     std::to_string(site->column);
        s.function = site->function;
        if (source)
          if (std::optional<std::string> text = source(site->file, site->line))
            s.argument = firstCallArgument(*text, site->column);
      }
    }
  std::vector<AllocationSummary> out;
  for (auto &[key, row] : rows)
    out.push_back(std::move(row));
  return out;
}

} // namespace commledger::reconcile
