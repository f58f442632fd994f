// libFuzzer target of the budget reader (format::parseBudget) and the reconciler's check of its
// kind names (reconcile::validateBudget), the two steps `commledger check` takes on a budget.
#include "FuzzCheck.h"
#include "commledger/format/Budget.h"
#include "commledger/reconcile/BudgetCheck.h"

#include <cstddef>
#include <cstdint>

using namespace commledger;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  format::Budget budget;
  std::string error;
  if (!format::parseBudget(text, fuzz::kInputPath, budget, error)) {
    fuzz::requireOneErrorLine(error, fuzz::kInputPath);
    return 0;
  }
  if (!reconcile::validateBudget(budget, fuzz::kInputPath, error))
    fuzz::requireOneErrorLine(error, fuzz::kInputPath);
  // `check --write-budget` output is read back by the next `check`: the round trip must hold.
  std::string written = format::toJsonText(budget);
  format::Budget again;
  fuzz::require(format::parseBudget(written, "again.json", again, error),
                "written budget does not read back", error);
  fuzz::require(format::toJsonText(again) == written, "budget round trip changed it", written);
  return 0;
}
