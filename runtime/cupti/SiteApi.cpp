// commledger_enter / commledger_leave: the per-call path. Cheap on purpose: a thread-local
// array push/pop, CUPTI's own external-correlation push/pop, and on leave one driver query per
// pointer plus a short sharded lock; no allocation once a request shape has been seen.
#include "commledger/site.h"

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
  if (rt->cuptiActive())
    rt->cupti().cuptiActivityPushExternalCorrelationId(CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0,
                                                       site);
}

extern "C" __attribute__((visibility("default"))) void commledger_leave(void) {
  Runtime *rt = Runtime::instance();
  if (rt && rt->cuptiActive() && commledger::rt::siteStack.depth() > 0) {
    uint64_t popped = 0;
    rt->cupti().cuptiActivityPopExternalCorrelationId(CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0,
                                                      &popped);
  }
  const commledger::rt::SiteFrame *frame = commledger::rt::siteStack.pop();
  if (rt && frame && frame->captured)
    rt->recordRequest(*frame);
}
