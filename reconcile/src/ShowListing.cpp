// Picks the reader for `commledger show` by the file's format tag, so a broken trace reports the
// trace reader's error rather than "not a site database".
#include "commledger/reconcile/ShowListing.h"

#include "commledger/format/AtomicFile.h"
#include "commledger/format/FormatTag.h"
#include "commledger/format/Trace.h"
#include "commledger/reconcile/ReconcileInput.h"
#include "commledger/reconcile/SiteListing.h"
#include "commledger/reconcile/TraceListing.h"

namespace commledger::reconcile {

bool renderListing(const std::string &text, const std::string &path,
                   const format::SiteDatabase *sites, std::string &out, std::string &error) {
  std::optional<std::string> tag = format::formatTagOf(text);
  if (tag && *tag == format::kTraceFormat) {
    format::Trace trace;
    if (!format::parseTrace(text, path, trace, error))
      return false;
    out = renderTraceListing(trace, sites ? *sites : format::SiteDatabase());
    return true;
  }
  // Text that is no JSON object falls through: the site database reader's error says what it is.
  if (tag && *tag != format::kSiteDatabaseFormat) {
    error =
        "commledger: " + path + ": neither a site database nor a trace (format is '" + *tag + "')";
    return false;
  }
  format::SiteDatabase db;
  if (!format::parseSiteDatabase(text, path, db, error))
    return false;
  if (sites) {
    error = "commledger: " + path + ": is a site database; --sites applies to traces only";
    return false;
  }
  out = renderSiteListing(db);
  return true;
}

bool showFile(const std::string &path, const std::vector<std::string> &siteFiles, std::string &out,
              std::string &error) {
  ReconcileInput input;
  if (!loadInputs(siteFiles, {}, input, error))
    return false;
  std::string text;
  if (!format::readWholeFile(path, text, error))
    return false;
  return renderListing(text, path, siteFiles.empty() ? nullptr : &input.sites, out, error);
}

} // namespace commledger::reconcile
