// commledger_enter / commledger_leave: the per-call path. Cheap on purpose: a thread-local
// array push/pop, and on leave one driver query per pointer plus a short sharded lock; no
// allocation once a request shape has been seen. The site reaches CUPTI's records through the
// API-enter callback (RequestCallback.cpp), which reads this stack.
#include "commledger/site.h"

#include "core/AllocationTable.h"
#include "core/LaunchValuesAggregator.h"
#include "core/SiteStack.h"
#include "cupti/Runtime.h"

namespace commledger::rt {

namespace {
thread_local SiteStack siteStack; // constant-initialised, trivially destructible
} // namespace

SiteStack &threadSiteStack() { return siteStack; }

} // namespace commledger::rt

using commledger::rt::Runtime;

extern "C" __attribute__((visibility("default"))) void commledger_enter(unsigned long long site) {
  commledger::rt::siteStack.push(site);
  Runtime *rt = Runtime::instance();
  if (!rt)
    return;
  rt->markUsed();
  rt->warnOnceIfInactive();
}

extern "C" __attribute__((visibility("default"))) void commledger_leave(void) {
  Runtime *rt = Runtime::instance();
  const commledger::rt::SiteFrame *frame = commledger::rt::siteStack.pop();
  if (rt && frame && frame->captured)
    rt->recordRequest(*frame);
}

namespace {
std::optional<commledger::format::SiteId> allocationSiteOf(std::uint64_t address) {
  if (auto allocation = commledger::rt::allocationTable().find(address))
    return allocation->site;
  return std::nullopt;
}
} // namespace

// Values of the launch about to run under the innermost site (LaunchValues.h in the instrumenter
// says which). Outside a site, or without the runtime active, they are dropped.
extern "C" __attribute__((visibility("default"))) void
commledger_launch_values(const unsigned long long *values, unsigned count, unsigned pointers) {
  commledger::format::SiteId site = 0;
  if (!Runtime::instance() || !commledger::rt::siteStack.innermostSite(site))
    return;
  static_assert(sizeof(unsigned long long) == sizeof(std::uint64_t), "64-bit values");
  commledger::rt::launchValuesAggregator().add(
      site, reinterpret_cast<const std::uint64_t *>(values), count, pointers, allocationSiteOf);
}
