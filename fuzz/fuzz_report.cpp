// libFuzzer target of the whole report path: one input holds a site database and traces, split
// at NUL bytes (which JSON text cannot contain): "SITES\0TRACE[\0TRACE...]". Whatever the readers
// accept is joined by buildReport and rendered in every format, so odd-but-valid inputs (huge
// counts, unknown sites, self-copies, empty inventories) exercise the reconciler too.
#include "FuzzCheck.h"
#include "commledger/reconcile/ReconcileInput.h"
#include "commledger/reconcile/ReportBuilder.h"
#include "commledger/reconcile/ReportWriters.h"

#include <cstddef>
#include <cstdint>

using namespace commledger;

namespace {
// More traces add little coverage and slow every run down.
constexpr std::size_t kMaxTraces = 4;
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  std::string all(reinterpret_cast<const char *>(data), size);
  std::size_t cut = all.find('\0');
  if (cut == std::string::npos)
    return 0;
  reconcile::ReconcileInput input;
  std::string error;
  input.siteFiles = {"commledger-sites.json"};
  if (!format::parseSiteDatabase(all.substr(0, cut), "commledger-sites.json", input.sites, error))
    return 0;
  while (cut != std::string::npos && input.traces.size() < kMaxTraces) {
    std::size_t next = all.find('\0', cut + 1);
    std::string text = all.substr(cut + 1, next == std::string::npos ? next : next - cut - 1);
    cut = next;
    reconcile::LoadedTrace loaded;
    loaded.path = "trace-fuzz-" + std::to_string(input.traces.size()) + ".json";
    if (!format::parseTrace(text, loaded.path, loaded.trace, error))
      return 0;
    input.traces.push_back(std::move(loaded));
  }
  reconcile::Report report = reconcile::buildReport(input);
  // A root that does not exist: the HTML snippets must not read this machine's files.
  report.sourceRoot = "/nonexistent/commledger-fuzz";
  for (const std::string &format : reconcile::reportFormats())
    fuzz::require(reconcile::renderReport(report, format).has_value(),
                  "a listed report format does not render", format);
  report.color = true; // only the text format has colours
  reconcile::renderText(report);
  return 0;
}
