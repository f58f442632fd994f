// `commledger show` on a site database: what the instrumenter found, one site per line, so a
// reader (or FileCheck) sees a whole site at once.
#pragma once
#include "commledger/format/SiteDatabase.h"

#include <string>

namespace commledger::reconcile {

// "<file>:<line>:<col> <api> <family> instrumented=<0|1> [macro=M] [reason="R"] fn=<function>",
// then for copies and memsets " | dir= bytes= expr="" src= dst= mult= [kind=] [note=""]...".
std::string siteListingLine(const format::Site &site);

// "sites: <count>", then one siteListingLine per site in database order.
std::string renderSiteListing(const format::SiteDatabase &db);

} // namespace commledger::reconcile
