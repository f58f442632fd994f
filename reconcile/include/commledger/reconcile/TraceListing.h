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
// Traces with the optional sections (TraceSections.h) list, on the row's site line, in this
// order after requests and observed rows (without a site: "unattributed <bucket> " instead of
// "L<line> ", after all attributed rows):
//   L<line> alloc <api> <memory> G<d>|H bytes=<n> count=<n> flags=<n>
//   L<line> kernel <name as CUPTI reports it> G<d> count=<n> total_ns=<n>
//   L<alloc line> um <counter> <cause|-> <src>-><dst> cause=L<line>|- value=<n> count=<n>
//   L<line> nccl <api> comm=<id> rank <r>/<n> G<d> elements=<n> dtype=<t> op=<op|->
//     root=<r|-> peer=<p|-> calls=<n> bytes=<n> launch=L<line>|-
//   L<line> counter <metric> <kernel> G<d> value=<v> ranges=<n>
// and NCCL communicators, by id then rank, right after the header:
//   comm <id> rank <r>/<n> G<d> rings=<channels>x[<ranks>][+...]|- init=<api>@L<line>|-
// With an event log (`commledger run --events N`), then "events=<n> dropped=<n>" and one line
// per event in start order:
//   event L<line> <copy_kind> <src>-><dst> bytes=<n> dev=<d> stream=<s> dur_ns=<n>
//   event unattributed <bucket> <copy_kind> <src>-><dst> bytes=<n> dev=<d> stream=<s> dur_ns=<n>
// Endpoints are G<n>:<memory> or H:<memory>. A site missing from `sites` is "L?". Rows sort by
// line (unknown last), requests before observed rows, then by text; unattributed rows come last.
std::string renderTraceListing(const format::Trace &trace, const format::SiteDatabase &sites);

} // namespace commledger::reconcile
