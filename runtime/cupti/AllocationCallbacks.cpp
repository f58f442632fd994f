// Allocation and prefetch callbacks; see AllocationCallbacks.h. Reads parameter structs only;
// the one CUPTI query (cuptiGetDeviceId) is allowed inside callbacks.
#include "cupti/AllocationCallbacks.h"

#include "core/AllocationTable.h"
#include "cupti/Runtime.h"

#include <cuda_runtime_api.h>
#include <cupti_runtime_cbid.h>

namespace commledger::rt {
namespace {

const CUpti_CallbackId kAllocationCallbacks[] = {
    CUPTI_RUNTIME_TRACE_CBID_cudaMalloc_v3020,
    CUPTI_RUNTIME_TRACE_CBID_cudaMallocManaged_v6000,
    CUPTI_RUNTIME_TRACE_CBID_cudaMallocHost_v3020,
    CUPTI_RUNTIME_TRACE_CBID_cudaHostAlloc_v3020,
    CUPTI_RUNTIME_TRACE_CBID_cudaHostRegister_v4000,
    CUPTI_RUNTIME_TRACE_CBID_cudaMallocAsync_v11020,
    CUPTI_RUNTIME_TRACE_CBID_cudaMallocAsync_ptsz_v11020,
    CUPTI_RUNTIME_TRACE_CBID_cudaMemPrefetchAsync_v12020,
    CUPTI_RUNTIME_TRACE_CBID_cudaMemPrefetchAsync_ptsz_v12020,
};

std::uintptr_t addr(const void *p) { return reinterpret_cast<std::uintptr_t>(p); }

int deviceOf(const CuptiFunctions &cupti, CUcontext context) {
  uint32_t id = 0;
  return context && cupti.cuptiGetDeviceId && cupti.cuptiGetDeviceId(context, &id) == CUPTI_SUCCESS ? static_cast<int>(id)
                                                                          : -1;
}

void add(const void *ptr, std::uint64_t size, const char *api, const char *memory, int device,
         unsigned flags, const SiteStack &stack) {
  if (!ptr)
    return;
  Allocation a;
  format::SiteId site = 0;
  if (stack.innermostSite(site))
    a.site = site;
  a.api = api;
  a.memory = memory;
  a.device = device;
  a.flags = flags;
  a.size = size;
  allocationTable().add(addr(ptr), a);
}

bool succeeded(const CUpti_CallbackData &info) {
  const auto *result = static_cast<const cudaError_t *>(info.functionReturnValue);
  return result && *result == cudaSuccess;
}

} // namespace

void enableAllocationCallbacks(const CuptiFunctions &cupti, CUpti_SubscriberHandle subscriber) {
  for (CUpti_CallbackId cbid : kAllocationCallbacks)
    cupti.cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_RUNTIME_API, cbid);
}

void noteAllocationCall(const CuptiFunctions &cupti, CUpti_CallbackId cbid,
                        const CUpti_CallbackData &info, const SiteStack &stack) {
  const void *params = info.functionParams;
  if (info.callbackSite == CUPTI_API_ENTER) {
    if (cbid != CUPTI_RUNTIME_TRACE_CBID_cudaMemPrefetchAsync_v12020 &&
        cbid != CUPTI_RUNTIME_TRACE_CBID_cudaMemPrefetchAsync_ptsz_v12020)
      return;
    const auto *p = static_cast<const cudaMemPrefetchAsync_v12020_params *>(params);
    format::SiteId site = 0;
    if (stack.innermostSite(site))
      allocationTable().notePrefetch(
          addr(p->devPtr), p->location.type == cudaMemLocationTypeDevice ? p->location.id : -1,
          site);
    return;
  }
  if (info.callbackSite != CUPTI_API_EXIT || !params || !succeeded(info))
    return;
  switch (cbid) {
  case CUPTI_RUNTIME_TRACE_CBID_cudaMalloc_v3020: {
    const auto *p = static_cast<const cudaMalloc_v3020_params *>(params);
    if (p->devPtr)
      add(*p->devPtr, p->size, "cudaMalloc", "device", deviceOf(cupti, info.context), 0, stack);
    break;
  }
  case CUPTI_RUNTIME_TRACE_CBID_cudaMallocAsync_v11020:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMallocAsync_ptsz_v11020: {
    const auto *p = static_cast<const cudaMallocAsync_v11020_params *>(params);
    if (p->devPtr)
      add(*p->devPtr, p->size, "cudaMallocAsync", "device", deviceOf(cupti, info.context), 0,
          stack);
    break;
  }
  case CUPTI_RUNTIME_TRACE_CBID_cudaMallocManaged_v6000: {
    const auto *p = static_cast<const cudaMallocManaged_v6000_params *>(params);
    if (p->devPtr)
      add(*p->devPtr, p->size, "cudaMallocManaged", "managed", -1, p->flags, stack);
    if (Runtime *rt = Runtime::instance())
      rt->noteManagedMemory();
    break;
  }
  case CUPTI_RUNTIME_TRACE_CBID_cudaMallocHost_v3020: {
    const auto *p = static_cast<const cudaMallocHost_v3020_params *>(params);
    if (p->ptr)
      add(*p->ptr, p->size, "cudaMallocHost", "pinned", -1, 0, stack);
    break;
  }
  case CUPTI_RUNTIME_TRACE_CBID_cudaHostAlloc_v3020: {
    const auto *p = static_cast<const cudaHostAlloc_v3020_params *>(params);
    if (p->pHost)
      add(*p->pHost, p->size, "cudaHostAlloc",
          (p->flags & cudaHostAllocMapped) ? "mapped" : "pinned", -1, p->flags, stack);
    break;
  }
  case CUPTI_RUNTIME_TRACE_CBID_cudaHostRegister_v4000: {
    const auto *p = static_cast<const cudaHostRegister_v4000_params *>(params);
    add(p->ptr, p->size, "cudaHostRegister",
        (p->flags & cudaHostRegisterMapped) ? "mapped" : "registered", -1, p->flags, stack);
    break;
  }
  default:
    break;
  }
}

} // namespace commledger::rt
