// Evaluates a site's footprint formulas per recorded launch tuple; see LaunchPrediction.h.
#include "commledger/reconcile/implicit/LaunchPrediction.h"

#include "commledger/reconcile/FootprintFormula.h"

#include <cmath>
#include <map>
#include <tuple>

namespace commledger::reconcile {
namespace {

struct Bytes {
  std::optional<std::uint64_t> value;
  std::string reason;
};

// One launch's bytes through one formula. Folded bytes need no values; negative results (a scalar
// bound below zero: no thread passes the guard) are 0.
Bytes evaluate(const char *what, const std::optional<std::uint64_t> &folded,
               const std::string &formula, const std::map<std::string, double> *bindings,
               const std::string &noValues) {
  if (folded)
    return {folded, ""};
  if (formula.empty())
    return {std::nullopt, std::string(what) + ": no formula"};
  if (!bindings)
    return {std::nullopt, noValues};
  std::optional<double> v = evaluateFootprint(formula, *bindings);
  if (!v || !std::isfinite(*v))
    return {std::nullopt, std::string(what) + " formula '" + formula +
                              "' does not evaluate with the launch's values"};
  return {static_cast<std::uint64_t>(std::llround(std::max(0.0, *v))), ""};
}

std::string joinReasons(const std::string &a, const std::string &b) {
  if (a.empty() || a == b)
    return b;
  return b.empty() ? a : a + "; " + b;
}

} // namespace

std::vector<LaunchParamPrediction> predictLaunches(const format::Site &site,
                                                   const std::vector<format::LaunchRow> &rows) {
  std::vector<LaunchParamPrediction> out;
  if (!site.footprint || site.footprint->params.empty())
    return out;
  const format::KernelFootprint &fp = *site.footprint;
  const std::vector<std::string> &names = fp.launchValues;
  const size_t firstPointer = names.size() - std::min<size_t>(fp.launchPointers, names.size());

  using Key = std::tuple<size_t, std::optional<format::SiteId>, std::string>;
  std::map<Key, LaunchParamPrediction> groups;
  for (const format::LaunchRow &row : rows) {
    if (row.site != site.id || row.count == 0)
      continue;
    std::map<std::string, double> bindings;
    std::string noValues;
    if (row.other)
      noValues = "the launch's values were not kept (past the site's bound of "
                 "distinct tuples)";
    else if (row.values.size() != names.size() || names.empty())
      noValues = "the launch's values do not match the site database's launch_values";
    else
      for (size_t i = 0; i < names.size(); ++i) // scalars are C integers: signed as passed
        bindings[names[i]] = static_cast<double>(static_cast<std::int64_t>(row.values[i]));
    const std::map<std::string, double> *bound = noValues.empty() ? &bindings : nullptr;

    for (size_t p = 0; p < fp.params.size(); ++p) {
      const format::FootprintParam &param = fp.params[p];
      std::optional<format::SiteId> allocation;
      for (size_t i = firstPointer; bound && i < names.size(); ++i)
        if (names[i] == param.param && i - firstPointer < row.allocationSites.size())
          allocation = row.allocationSites[i - firstPointer];
      Bytes read, write;
      if (!param.unknown.empty()) {
        read.reason = param.unknown;
      } else {
        read = evaluate("read", param.readBytes, param.readFormula, bound, noValues);
        write = evaluate("write", param.writeBytes, param.writeFormula, bound, noValues);
      }
      std::string reason = joinReasons(read.reason, write.reason);
      LaunchParamPrediction &g = groups[Key{p, allocation, reason}];
      if (g.launches == 0) {
        g.param = param.param;
        g.allocationSite = allocation;
        g.reason = reason;
        g.readBytes = read.value ? std::optional<std::uint64_t>(0) : std::nullopt;
        g.writeBytes = write.value ? std::optional<std::uint64_t>(0) : std::nullopt;
      }
      g.launches += row.count;
      // Same reason, same knowledge: a total stays known only while every launch's part is.
      g.readBytes = g.readBytes && read.value
                        ? std::optional<std::uint64_t>(*g.readBytes + *read.value * row.count)
                        : std::nullopt;
      g.writeBytes = g.writeBytes && write.value
                         ? std::optional<std::uint64_t>(*g.writeBytes + *write.value * row.count)
                         : std::nullopt;
    }
  }
  for (auto &entry : groups)
    out.push_back(std::move(entry.second));
  return out;
}

} // namespace commledger::reconcile
