// The budget rules of `commledger check`: per-site and per-pair limits, and forbidden traffic.
#include "commledger/reconcile/BudgetCheck.h"

#include <map>

namespace commledger::reconcile {

namespace {
const char *const kUnattributed = "unattributed";

// "examples/x.cu:52:13 cudaMemcpy"; a site the databases do not know keeps the budget's place.
std::string siteName(const SiteRow &s, const format::SiteBudget *b) {
  std::string where = s.location();
  if (!s.known && b && !b->file.empty())
    where = b->file + ":" + std::to_string(b->line) + ":" + std::to_string(b->column);
  std::string api = !s.api.empty() ? s.api : b && !b->api.empty() ? b->api : "unknown API";
  return where + " " + api;
}

void checkLimits(const std::string &what, std::uint64_t bytes, std::uint64_t count,
                 const format::Limits &limits, std::vector<std::string> &out) {
  if (limits.maxBytes && bytes > *limits.maxBytes)
    out.push_back("budget exceeded: " + what + " moved " + std::to_string(bytes) + " B, budget " +
                  std::to_string(*limits.maxBytes) + " B");
  if (limits.maxCount && count > *limits.maxCount)
    out.push_back("budget exceeded: " + what + " made " + std::to_string(count) +
                  " transfers, budget " + std::to_string(*limits.maxCount));
}

std::string ruleText(const format::ForbidRule &r) {
  std::string text;
  if (!r.kind.empty())
    text = "kind " + r.kind;
  if (r.pair)
    text += (text.empty() ? "pair " : ", pair ") + format::pairText(r.pair->src, r.pair->dst);
  return text;
}

bool pairMatches(const format::ForbidRule &r, const PairTraffic &t) {
  return !r.pair || (r.pair->src == t.src && r.pair->dst == t.dst);
}

std::string trafficText(const PairTraffic &t) {
  return std::to_string(t.bytes) + " B of " + t.kind + " " + format::pairText(t.src, t.dst);
}

void checkForbidden(const Report &r, const format::ForbidRule &rule,
                    const std::map<format::SiteId, const format::SiteBudget *> &sites,
                    std::vector<std::string> &out) {
  for (const SiteRow &s : r.sites) {
    if (rule.kind == kUnattributed)
      break;
    auto known = sites.find(s.id);
    for (const PairTraffic &t : s.observed.pairs)
      if ((rule.kind.empty() || rule.kind == t.kind) && pairMatches(rule, t) && t.bytes + t.count)
        out.push_back("forbidden traffic: " +
                      siteName(s, known == sites.end() ? nullptr : known->second) + " moved " +
                      trafficText(t) + " (forbid " + ruleText(rule) + ")");
  }
  for (const UnattributedRow &u : r.unattributed) {
    const PairTraffic &t = u.traffic;
    bool kindMatches = rule.kind.empty() || rule.kind == kUnattributed || rule.kind == t.kind;
    if (kindMatches && pairMatches(rule, t) && t.bytes + t.count)
      out.push_back("forbidden traffic: unattributed " + u.bucket + " moved " + trafficText(t) +
                    " (forbid " + ruleText(rule) + ")");
  }
}

std::uint64_t entry(const std::vector<std::vector<std::uint64_t>> &m, int src, int dst) {
  std::size_t row = matrixIndex(dst), column = matrixIndex(src);
  return row < m.size() && column < m[row].size() ? m[row][column] : 0;
}
} // namespace

bool validateBudget(const format::Budget &budget, const std::string &path, std::string &error) {
  for (std::size_t i = 0; i < budget.forbid.size(); ++i) {
    const std::string &kind = budget.forbid[i].kind;
    if (kind.empty() || kind == kUnattributed || trafficKindFromString(kind))
      continue;
    std::string known;
    for (TrafficKind k : kAllTrafficKinds)
      known += std::string(toString(k)) + ", ";
    error = "commledger: " + path + ": forbid[" + std::to_string(i) + "].kind: unknown kind '" +
            kind + "' (expected one of " + known + kUnattributed + ")";
    return false;
  }
  return true;
}

std::vector<std::string> checkBudget(const Report &r, const format::Budget &budget) {
  std::vector<std::string> out;
  std::map<format::SiteId, const format::SiteBudget *> sites;
  for (const format::SiteBudget &b : budget.sites)
    sites[b.id] = &b;
  for (const SiteRow &s : r.sites) {
    auto it = sites.find(s.id);
    if (it != sites.end())
      checkLimits(siteName(s, it->second), s.observed.bytes, s.observed.count, it->second->limits,
                  out);
  }
  const CommMatrix all = r.matrices.empty() ? CommMatrix() : r.matrices.front();
  for (const format::PairBudget &p : budget.pairs)
    checkLimits("pair " + format::pairText(p.src, p.dst), entry(all.bytes, p.src, p.dst),
                entry(all.counts, p.src, p.dst), p.limits, out);
  for (const format::ForbidRule &rule : budget.forbid)
    checkForbidden(r, rule, sites, out);
  return out;
}

format::Budget budgetFromReport(const Report &r) {
  format::Budget b;
  for (const SiteRow &s : r.sites) {
    format::SiteBudget site;
    site.id = s.id;
    site.file = s.file;
    site.line = s.line;
    site.column = s.column;
    site.api = s.api;
    site.limits.maxBytes = s.observed.bytes;
    site.limits.maxCount = s.observed.count;
    b.sites.push_back(std::move(site));
  }
  const CommMatrix all = r.matrices.empty() ? CommMatrix() : r.matrices.front();
  const int endpoints = static_cast<int>(all.labels.size());
  // Matrix index i is device i-1 (index 0 is the host); rows are receivers.
  for (int src = -1; src + 1 < endpoints; ++src)
    for (int dst = -1; dst + 1 < endpoints; ++dst)
      if (std::uint64_t bytes = entry(all.bytes, src, dst); bytes != 0) {
        format::PairBudget p;
        p.src = src;
        p.dst = dst;
        p.limits.maxBytes = bytes;
        b.pairs.push_back(p);
      }
  return b;
}

} // namespace commledger::reconcile
