// `commledger check`: hold a report to a traffic budget (format/Budget.h), or record a report as
// the budget. Each violation is one line that names the site (file:line:col, API) or the pair.
#pragma once
#include "commledger/format/Budget.h"
#include "commledger/reconcile/Report.h"

#include <string>
#include <vector>

namespace commledger::reconcile {

// The forbid rules name traffic kinds (docs/reconcile.md) or "unattributed"; the format reader
// leaves kind names to the reconciler, which owns them. On failure `error` is one line naming
// `path`.
bool validateBudget(const format::Budget &budget, const std::string &path, std::string &error);

// Violations, without the "commledger: " prefix: "budget exceeded: …" or "forbidden traffic: …".
// Sites are matched by ID; pairs against the `all` matrix (every copy, memsets excluded); forbid
// rules against each site's and each unattributed row's observed pairs.
std::vector<std::string> checkBudget(const Report &report, const format::Budget &budget);

// The run as its own budget: per site max bytes and count = observed, per non-empty pair of the
// `all` matrix max bytes = observed; no forbid rules.
format::Budget budgetFromReport(const Report &report);

} // namespace commledger::reconcile
