// The traffic budget `commledger check` holds a run to: limits per site and per endpoint pair, and
// forbidden kinds of traffic. Described in docs/formats.md ("Budget").
#pragma once
#include "commledger/format/SiteId.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace commledger::format {

inline constexpr int kBudgetVersion = 1;
inline constexpr const char *kBudgetFormat = "commledger-budget";

// An absent limit does not constrain; 0 forbids any traffic.
struct Limits {
  std::optional<std::uint64_t> maxBytes, maxCount;
};

// Keyed by site ID; file, line, column and API are kept for the messages people read.
struct SiteBudget {
  SiteId id = 0;
  std::string file;
  unsigned line = 0, column = 0;
  std::string api;
  Limits limits;
};

// Endpoints as in the report: -1 is the host ("H"), k is GPU k ("Gk"). Written "G0->G1".
struct PairBudget {
  int src = -1, dst = -1;
  Limits limits;
};

// Traffic no run may have: of one traffic kind ("p2p_staged"), or "unattributed" traffic, on one
// pair or (without `pair`) anywhere. The kind names are checked by the reconciler, which owns them.
struct ForbidRule {
  std::string kind; // empty: any kind on `pair`
  std::optional<PairBudget> pair; // limits unused: only the endpoints
};

struct Budget {
  int version = kBudgetVersion;
  std::vector<SiteBudget> sites;
  std::vector<PairBudget> pairs;
  std::vector<ForbidRule> forbid;
};

// "G0->G1", "H->G1"; nullopt when `text` is not two endpoints joined by "->".
std::optional<PairBudget> parsePair(const std::string &text);
std::string pairText(int src, int dst);

std::string toJsonText(const Budget &budget);
bool parseBudget(const std::string &text, const std::string &path, Budget &out,
                 std::string &error);
bool readBudget(const std::string &path, Budget &out, std::string &error);
bool writeBudget(const std::string &path, const Budget &budget, std::string &error);

} // namespace commledger::format
