// `commledger show FILE`: FILE may be a site database or a trace; its "format" tag decides which
// listing (SiteListing.h, TraceListing.h) prints it.
#pragma once
#include "commledger/format/SiteDatabase.h"

#include <string>
#include <vector>

namespace commledger::reconcile {

// Renders `text`, read from `path`. `sites` (null when the user gave no --sites) names a trace's
// sites by line; it is an error for a site database. On failure `error` is one line,
// "commledger: <path>: <problem>".
bool renderListing(const std::string &text, const std::string &path,
                   const format::SiteDatabase *sites, std::string &out, std::string &error);

// Reads the site databases `siteFiles` (merged) and `path`, then renderListing.
bool showFile(const std::string &path, const std::vector<std::string> &siteFiles, std::string &out,
              std::string &error);

} // namespace commledger::reconcile
