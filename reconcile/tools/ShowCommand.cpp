// `commledger show`: one site database or trace, one line per site or row.
#include "Subcommands.h"

#include "commledger/reconcile/CommandLine.h"
#include "commledger/reconcile/ShowListing.h"

#include <iostream>

namespace commledger::cli {

using namespace commledger::reconcile;

namespace {
const char *const kShowHelp =
    "usage: commledger show [--sites FILE]... FILE\n"
    "\n"
    "Prints one site database or trace, one line each, for reading and grepping.\n"
    "A site database (what the instrumenter found): 'sites: N', then per site\n"
    "  file:line:col api family instrumented=0|1 [macro=M] [reason=\"R\"] fn=F\n"
    "  and for copies and memsets | dir= bytes= expr=\"\" src= dst= mult= [kind=] [note=\"\"]\n"
    "A trace (what the runtime recorded): 'cupti active=', 'devices= dropped= end=', then\n"
    "  L<line> request API KIND SRC->DST [declared=S->D] bytes=N count=N\n"
    "  L<line> observed COPY_KIND SRC->DST bytes=N count=N\n"
    "  unattributed BUCKET COPY_KIND SRC->DST bytes=N count=N\n"
    "  with endpoints G<n>:<memory> or H:<memory>, sorted by source line; for traces run\n"
    "  with --events N, then 'events=N dropped=N' and one line per event, in start order:\n"
    "  event L<line> COPY_KIND SRC->DST bytes=N dev=D stream=S dur_ns=N\n"
    "\n"
    "  --sites FILE   site database naming a trace's sites by line; repeatable\n"
    "                 (without it every site reads L?)\n";

} // namespace

int showCommand(const Arguments &args) {
  ShowOptions options;
  std::string error;
  if (!parseShowArguments(args, options, error))
    return usageError(error, kShowHelp);
  if (options.help) {
    std::cout << kShowHelp;
    return 0;
  }
  std::string text;
  if (!showFile(options.input, options.siteFiles, text, error)) {
    std::cerr << error << "\n";
    return kBadInput;
  }
  return emit(text, "");
}

} // namespace commledger::cli
