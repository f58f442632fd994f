// The HTML report's inline CSS and script. They live in .inc files as raw
// strings so that they read (and diff) as CSS and JavaScript, and need no build
// step: see docs/html-report.md.
#include "commledger/reconcile/HtmlReportParts.h"

namespace commledger::reconcile {

const char *const kHtmlStyle =
#include "HtmlStyle.inc"
    ;

const char *const kHtmlScript =
#include "HtmlScript.inc"
    ;

} // namespace commledger::reconcile
