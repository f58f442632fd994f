// `commledger show` on a trace: what the runtime recorded, one row per line, each site named by
// its source line, so a reader (or FileCheck) can match rows next to the code that made them.
#pragma once
#include "commledger/format/SiteDatabase.h"
#include "commledger/format/Trace.h"

#include <string>

namespace commledger::reconcile {

// "cupti active=<true|false>", "devices=<n> dropped=<n> end=<reason>", then the rows:
//   L<line> request <api> <kind|-> <src>-><dst> [declared=<s>-><d>] bytes=<n> count=<n>
//   L<line> observed <copy_kind> <src>-><dst> bytes=<n> count=<n>
//   unattributed <bucket> <copy_kind> <src>-><dst> bytes=<n> count=<n>
// With an event log (`commledger run --events N`), then "events=<n> dropped=<n>" and one line
// per event in start order:
//   event L<line> <copy_kind> <src>-><dst> bytes=<n> dev=<d> stream=<s> dur_ns=<n>
//   event unattributed <bucket> <copy_kind> <src>-><dst> bytes=<n> dev=<d> stream=<s> dur_ns=<n>
// Endpoints are G<n>:<memory> or H:<memory>. A site missing from `sites` is "L?". Rows sort by
// line (unknown last), requests before observed rows, then by text; unattributed rows come last.
std::string renderTraceListing(const format::Trace &trace, const format::SiteDatabase &sites);

} // namespace commledger::reconcile
