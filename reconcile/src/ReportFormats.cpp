// The one table of report formats: a new format is one line here and its renderer file.
#include "commledger/reconcile/ReportWriters.h"

namespace commledger::reconcile {

namespace {
struct Format {
  const char *name;
  std::string (*render)(const Report &);
};
const Format kFormats[] = {
    {"text", renderText},
    {"json", renderJson},
    {"csv", renderCsv},
    {"html", renderHtml},
    {"sarif", renderSarif},
};
} // namespace

std::vector<std::string> reportFormats() {
  std::vector<std::string> names;
  for (const Format &f : kFormats)
    names.push_back(f.name);
  return names;
}

std::optional<std::string> renderReport(const Report &report, const std::string &format) {
  for (const Format &f : kFormats)
    if (format == f.name)
      return f.render(report);
  return std::nullopt;
}

} // namespace commledger::reconcile
