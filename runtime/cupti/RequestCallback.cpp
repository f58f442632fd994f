// CUPTI callback on every copy/memset API, with or without a site: notes the call's
// correlation id with the thread's site (or the API's name) for the CorrelationResolver, and
// copies the raw arguments of the first copy/memset API entered under the thread's current site
// into its frame. No CUDA calls here (CUPTI forbids most of them inside callbacks); pointers are
// classified in commledger_leave.
#include "cupti/RequestCallback.h"

#include "core/LaunchCounter.h"
#include "core/SiteStack.h"
#include "cupti/AllocationCallbacks.h"
#include "cupti/Runtime.h"
#include "cupti/TracedApis.h"

namespace commledger::rt {

SiteStack &threadSiteStack(); // SiteApi.cpp

CallCorrelationInbox &callCorrelations() {
  // Never destroyed: the trace written at exit (after static destructors may have run) drains it.
  static CallCorrelationInbox *inbox = new CallCorrelationInbox();
  return *inbox;
}

namespace {

thread_local std::uint32_t lastNotedCorrelation = 0; // constant-initialised, no TLS constructor
const CuptiFunctions *cuptiFunctions = nullptr;     // set before the subscription

void countLaunch(const CUpti_CallbackData &info, const SiteStack &stack, const char *api) {
  format::SiteId site = 0;
  std::optional<format::SiteId> who;
  if (stack.innermostSite(site))
    who = site;
  uint32_t device = 0;
  const bool known = cuptiFunctions && cuptiFunctions->cuptiGetDeviceId && info.context &&
                     cuptiFunctions->cuptiGetDeviceId(info.context, &device) == CUPTI_SUCCESS;
  launchCounter().add(who, api, info.symbolName, known ? static_cast<int>(device) : -1);
}

void CUPTIAPI onApi(void *, CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                    const void *data) {
  const auto *info = static_cast<const CUpti_CallbackData *>(data);
  if (!info)
    return;
  const bool runtime = domain == CUPTI_CB_DOMAIN_RUNTIME_API;
  SiteStack &stack = threadSiteStack();
  if (runtime && cuptiFunctions)
    noteAllocationCall(*cuptiFunctions, cbid, *info, stack);
  if (info->callbackSite != CUPTI_API_ENTER) {
    if (runtime && info->callbackSite == CUPTI_API_EXIT)
      if (Runtime *rt = Runtime::instance())
        rt->noteRuntimeCallReturned();
    return;
  }
  const char *api = runtime ? runtimeCopyApiName(cbid) : driverCopyApiName(cbid);
  // cudart's launch and the driver launch under it share a correlation id: count it once.
  if (api && info->correlationId != lastNotedCorrelation &&
      (runtime ? isRuntimeLaunch(cbid) : isDriverLaunch(cbid)))
    countLaunch(*info, stack, api);
  noteCall(callCorrelations(), stack, lastNotedCorrelation, info->correlationId, api);
  SiteFrame *frame = stack.frameToCapture();
  if (!frame)
    return; // no site on this thread, or its request is already captured (cudart → driver)
  const bool decoded = runtime ? decodeRuntimeRequest(cbid, info->functionParams, frame->request)
                               : decodeDriverRequest(cbid, info->functionParams, frame->request);
  frame->captured = decoded;
}

} // namespace

bool subscribeRequestCallback(const CudaLibraries &libs, std::string &error) {
  const CuptiFunctions &cupti = libs.cupti();
  cuptiFunctions = &cupti;
  CUpti_SubscriberHandle subscriber = nullptr;
  CUptiResult result =
      cupti.cuptiSubscribe(&subscriber, reinterpret_cast<CUpti_CallbackFunc>(onApi), nullptr);
  if (result == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED) {
    error = "another profiler (nsys, ncu, ...) already holds CUPTI";
    return false;
  }
  if (result != CUPTI_SUCCESS) {
    error = "cuptiSubscribe: " + libs.cuptiErrorText(result);
    return false;
  }
  // A callback id this CUPTI does not know is skipped, not fatal: the rest still trace.
  for (const TracedApi &api : runtimeTracedApis())
    cupti.cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_RUNTIME_API, api.cbid);
  for (const TracedApi &api : driverTracedApis())
    cupti.cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_DRIVER_API, api.cbid);
  enableAllocationCallbacks(cupti, subscriber);
  return true;
}

} // namespace commledger::rt
