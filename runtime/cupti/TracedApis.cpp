// Tables of traced copy/memset callback ids; see TracedApis.h.
#include "cupti/TracedApis.h"

#include <cupti_driver_cbid.h>
#include <cupti_runtime_cbid.h>

#include <array>

namespace commledger::rt {
namespace {

#define RT(id, name) {CUPTI_RUNTIME_TRACE_CBID_##id, name}
const TracedApi kRuntime[] = {
    RT(cudaMemcpy_v3020, "cudaMemcpy"),
    RT(cudaMemcpy_ptds_v7000, "cudaMemcpy"),
    RT(cudaMemcpyAsync_v3020, "cudaMemcpyAsync"),
    RT(cudaMemcpyAsync_ptsz_v7000, "cudaMemcpyAsync"),
    RT(cudaMemcpy2D_v3020, "cudaMemcpy2D"),
    RT(cudaMemcpy2D_ptds_v7000, "cudaMemcpy2D"),
    RT(cudaMemcpy2DAsync_v3020, "cudaMemcpy2DAsync"),
    RT(cudaMemcpy2DAsync_ptsz_v7000, "cudaMemcpy2DAsync"),
    RT(cudaMemcpy3D_v3020, "cudaMemcpy3D"),
    RT(cudaMemcpy3D_ptds_v7000, "cudaMemcpy3D"),
    RT(cudaMemcpy3DAsync_v3020, "cudaMemcpy3DAsync"),
    RT(cudaMemcpy3DAsync_ptsz_v7000, "cudaMemcpy3DAsync"),
    RT(cudaMemcpyToSymbol_v3020, "cudaMemcpyToSymbol"),
    RT(cudaMemcpyToSymbol_ptds_v7000, "cudaMemcpyToSymbol"),
    RT(cudaMemcpyFromSymbol_v3020, "cudaMemcpyFromSymbol"),
    RT(cudaMemcpyFromSymbol_ptds_v7000, "cudaMemcpyFromSymbol"),
    RT(cudaMemcpyToSymbolAsync_v3020, "cudaMemcpyToSymbolAsync"),
    RT(cudaMemcpyToSymbolAsync_ptsz_v7000, "cudaMemcpyToSymbolAsync"),
    RT(cudaMemcpyFromSymbolAsync_v3020, "cudaMemcpyFromSymbolAsync"),
    RT(cudaMemcpyFromSymbolAsync_ptsz_v7000, "cudaMemcpyFromSymbolAsync"),
    RT(cudaMemcpyPeer_v4000, "cudaMemcpyPeer"),
    RT(cudaMemcpyPeerAsync_v4000, "cudaMemcpyPeerAsync"),
    RT(cudaMemcpy3DPeer_v4000, "cudaMemcpy3DPeer"),
    RT(cudaMemcpy3DPeer_ptds_v7000, "cudaMemcpy3DPeer"),
    RT(cudaMemcpy3DPeerAsync_v4000, "cudaMemcpy3DPeerAsync"),
    RT(cudaMemcpy3DPeerAsync_ptsz_v7000, "cudaMemcpy3DPeerAsync"),
    RT(cudaMemcpyBatchAsync_v13000, "cudaMemcpyBatchAsync"),
    RT(cudaMemcpyBatchAsync_ptsz_v13000, "cudaMemcpyBatchAsync"),
    RT(cudaMemcpy3DBatchAsync_v13000, "cudaMemcpy3DBatchAsync"),
    RT(cudaMemcpy3DBatchAsync_ptsz_v13000, "cudaMemcpy3DBatchAsync"),
    // CUDA arrays: no request decoder (the driver call underneath fills the request), but the
    // name buckets their copies when no site is active.
    RT(cudaMemcpyToArray_v3020, "cudaMemcpyToArray"),
    RT(cudaMemcpyToArray_ptds_v7000, "cudaMemcpyToArray"),
    RT(cudaMemcpyToArrayAsync_v3020, "cudaMemcpyToArrayAsync"),
    RT(cudaMemcpyToArrayAsync_ptsz_v7000, "cudaMemcpyToArrayAsync"),
    RT(cudaMemcpyFromArray_v3020, "cudaMemcpyFromArray"),
    RT(cudaMemcpyFromArray_ptds_v7000, "cudaMemcpyFromArray"),
    RT(cudaMemcpyFromArrayAsync_v3020, "cudaMemcpyFromArrayAsync"),
    RT(cudaMemcpyFromArrayAsync_ptsz_v7000, "cudaMemcpyFromArrayAsync"),
    RT(cudaMemcpyArrayToArray_v3020, "cudaMemcpyArrayToArray"),
    RT(cudaMemcpyArrayToArray_ptds_v7000, "cudaMemcpyArrayToArray"),
    RT(cudaMemcpy2DToArray_v3020, "cudaMemcpy2DToArray"),
    RT(cudaMemcpy2DToArray_ptds_v7000, "cudaMemcpy2DToArray"),
    RT(cudaMemcpy2DToArrayAsync_v3020, "cudaMemcpy2DToArrayAsync"),
    RT(cudaMemcpy2DToArrayAsync_ptsz_v7000, "cudaMemcpy2DToArrayAsync"),
    RT(cudaMemcpy2DFromArray_v3020, "cudaMemcpy2DFromArray"),
    RT(cudaMemcpy2DFromArray_ptds_v7000, "cudaMemcpy2DFromArray"),
    RT(cudaMemcpy2DFromArrayAsync_v3020, "cudaMemcpy2DFromArrayAsync"),
    RT(cudaMemcpy2DFromArrayAsync_ptsz_v7000, "cudaMemcpy2DFromArrayAsync"),
    RT(cudaMemcpy2DArrayToArray_v3020, "cudaMemcpy2DArrayToArray"),
    RT(cudaMemcpy2DArrayToArray_ptds_v7000, "cudaMemcpy2DArrayToArray"),
    RT(cudaMemset_v3020, "cudaMemset"),
    RT(cudaMemset_ptds_v7000, "cudaMemset"),
    RT(cudaMemsetAsync_v3020, "cudaMemsetAsync"),
    RT(cudaMemsetAsync_ptsz_v7000, "cudaMemsetAsync"),
    RT(cudaMemset2D_v3020, "cudaMemset2D"),
    RT(cudaMemset2D_ptds_v7000, "cudaMemset2D"),
    RT(cudaMemset2DAsync_v3020, "cudaMemset2DAsync"),
    RT(cudaMemset2DAsync_ptsz_v7000, "cudaMemset2DAsync"),
    RT(cudaMemset3D_v3020, "cudaMemset3D"),
    RT(cudaMemset3D_ptds_v7000, "cudaMemset3D"),
    RT(cudaMemset3DAsync_v3020, "cudaMemset3DAsync"),
    RT(cudaMemset3DAsync_ptsz_v7000, "cudaMemset3DAsync"),
    // Kernel launches: named so their kernels have a bucket when no site is active.
    RT(cudaLaunchKernel_v7000, "cudaLaunchKernel"),
    RT(cudaLaunchKernel_ptsz_v7000, "cudaLaunchKernel"),
    RT(__cudaLaunchKernel_v13000, "cudaLaunchKernel"),
    RT(__cudaLaunchKernel_ptsz_v13000, "cudaLaunchKernel"),
    RT(cudaLaunchKernelExC_v11060, "cudaLaunchKernelExC"),
    RT(cudaLaunchKernelExC_ptsz_v11060, "cudaLaunchKernelExC"),
    RT(cudaLaunchCooperativeKernel_v9000, "cudaLaunchCooperativeKernel"),
    RT(cudaLaunchCooperativeKernel_ptsz_v9000, "cudaLaunchCooperativeKernel"),
    // Unified-memory prefetches: a request (bytes, target) the migrations are set against.
    RT(cudaMemPrefetchAsync_v12020, "cudaMemPrefetchAsync"),
    RT(cudaMemPrefetchAsync_ptsz_v12020, "cudaMemPrefetchAsync"),
};
#undef RT

#define DRV(id, name) {CUPTI_DRIVER_TRACE_CBID_##id, name}
const TracedApi kDriver[] = {
    DRV(cuMemcpy, "cuMemcpy"), DRV(cuMemcpy_ptds, "cuMemcpy"),
    DRV(cuMemcpyAsync, "cuMemcpyAsync"), DRV(cuMemcpyAsync_ptsz, "cuMemcpyAsync"),
    DRV(cuMemcpyPeer, "cuMemcpyPeer"), DRV(cuMemcpyPeer_ptds, "cuMemcpyPeer"),
    DRV(cuMemcpyPeerAsync, "cuMemcpyPeerAsync"), DRV(cuMemcpyPeerAsync_ptsz, "cuMemcpyPeerAsync"),
    DRV(cuMemcpyHtoD_v2, "cuMemcpyHtoD"), DRV(cuMemcpyHtoD_v2_ptds, "cuMemcpyHtoD"),
    DRV(cuMemcpyHtoDAsync_v2, "cuMemcpyHtoDAsync"),
    DRV(cuMemcpyHtoDAsync_v2_ptsz, "cuMemcpyHtoDAsync"),
    DRV(cuMemcpyDtoH_v2, "cuMemcpyDtoH"), DRV(cuMemcpyDtoH_v2_ptds, "cuMemcpyDtoH"),
    DRV(cuMemcpyDtoHAsync_v2, "cuMemcpyDtoHAsync"),
    DRV(cuMemcpyDtoHAsync_v2_ptsz, "cuMemcpyDtoHAsync"),
    DRV(cuMemcpyDtoD_v2, "cuMemcpyDtoD"), DRV(cuMemcpyDtoD_v2_ptds, "cuMemcpyDtoD"),
    DRV(cuMemcpyDtoDAsync_v2, "cuMemcpyDtoDAsync"),
    DRV(cuMemcpyDtoDAsync_v2_ptsz, "cuMemcpyDtoDAsync"),
    DRV(cuMemcpy2D_v2, "cuMemcpy2D"), DRV(cuMemcpy2D_v2_ptds, "cuMemcpy2D"),
    DRV(cuMemcpy2DUnaligned_v2, "cuMemcpy2DUnaligned"),
    DRV(cuMemcpy2DUnaligned_v2_ptds, "cuMemcpy2DUnaligned"),
    DRV(cuMemcpy2DAsync_v2, "cuMemcpy2DAsync"), DRV(cuMemcpy2DAsync_v2_ptsz, "cuMemcpy2DAsync"),
    DRV(cuMemcpy3D_v2, "cuMemcpy3D"), DRV(cuMemcpy3D_v2_ptds, "cuMemcpy3D"),
    DRV(cuMemcpy3DAsync_v2, "cuMemcpy3DAsync"), DRV(cuMemcpy3DAsync_v2_ptsz, "cuMemcpy3DAsync"),
    DRV(cuMemcpy3DPeer, "cuMemcpy3DPeer"), DRV(cuMemcpy3DPeer_ptds, "cuMemcpy3DPeer"),
    DRV(cuMemcpy3DPeerAsync, "cuMemcpy3DPeerAsync"),
    DRV(cuMemcpy3DPeerAsync_ptsz, "cuMemcpy3DPeerAsync"),
    DRV(cuMemcpyBatchAsync_v2, "cuMemcpyBatchAsync"),
    DRV(cuMemcpyBatchAsync_v2_ptsz, "cuMemcpyBatchAsync"),
    DRV(cuMemcpy3DBatchAsync_v2, "cuMemcpy3DBatchAsync"),
    DRV(cuMemcpy3DBatchAsync_v2_ptsz, "cuMemcpy3DBatchAsync"),
    // CUDA arrays: named and correlated only, as in the runtime table.
    DRV(cuMemcpyHtoA_v2, "cuMemcpyHtoA"), DRV(cuMemcpyHtoA_v2_ptds, "cuMemcpyHtoA"),
    DRV(cuMemcpyAtoH_v2, "cuMemcpyAtoH"), DRV(cuMemcpyAtoH_v2_ptds, "cuMemcpyAtoH"),
    DRV(cuMemcpyDtoA_v2, "cuMemcpyDtoA"), DRV(cuMemcpyDtoA_v2_ptds, "cuMemcpyDtoA"),
    DRV(cuMemcpyAtoD_v2, "cuMemcpyAtoD"), DRV(cuMemcpyAtoD_v2_ptds, "cuMemcpyAtoD"),
    DRV(cuMemcpyAtoA_v2, "cuMemcpyAtoA"), DRV(cuMemcpyAtoA_v2_ptds, "cuMemcpyAtoA"),
    DRV(cuMemcpyHtoAAsync_v2, "cuMemcpyHtoAAsync"),
    DRV(cuMemcpyHtoAAsync_v2_ptsz, "cuMemcpyHtoAAsync"),
    DRV(cuMemcpyAtoHAsync_v2, "cuMemcpyAtoHAsync"),
    DRV(cuMemcpyAtoHAsync_v2_ptsz, "cuMemcpyAtoHAsync"),
    DRV(cuMemsetD8_v2, "cuMemsetD8"), DRV(cuMemsetD8_v2_ptds, "cuMemsetD8"),
    DRV(cuMemsetD16_v2, "cuMemsetD16"), DRV(cuMemsetD16_v2_ptds, "cuMemsetD16"),
    DRV(cuMemsetD32_v2, "cuMemsetD32"), DRV(cuMemsetD32_v2_ptds, "cuMemsetD32"),
    DRV(cuMemsetD8Async, "cuMemsetD8Async"), DRV(cuMemsetD8Async_ptsz, "cuMemsetD8Async"),
    DRV(cuMemsetD16Async, "cuMemsetD16Async"), DRV(cuMemsetD16Async_ptsz, "cuMemsetD16Async"),
    DRV(cuMemsetD32Async, "cuMemsetD32Async"), DRV(cuMemsetD32Async_ptsz, "cuMemsetD32Async"),
    DRV(cuMemsetD2D8_v2, "cuMemsetD2D8"), DRV(cuMemsetD2D8_v2_ptds, "cuMemsetD2D8"),
    DRV(cuMemsetD2D16_v2, "cuMemsetD2D16"), DRV(cuMemsetD2D16_v2_ptds, "cuMemsetD2D16"),
    DRV(cuMemsetD2D32_v2, "cuMemsetD2D32"), DRV(cuMemsetD2D32_v2_ptds, "cuMemsetD2D32"),
    DRV(cuMemsetD2D8Async, "cuMemsetD2D8Async"), DRV(cuMemsetD2D8Async_ptsz, "cuMemsetD2D8Async"),
    DRV(cuMemsetD2D16Async, "cuMemsetD2D16Async"),
    DRV(cuMemsetD2D16Async_ptsz, "cuMemsetD2D16Async"),
    DRV(cuMemsetD2D32Async, "cuMemsetD2D32Async"),
    DRV(cuMemsetD2D32Async_ptsz, "cuMemsetD2D32Async"),
    DRV(cuLaunchKernel, "cuLaunchKernel"), DRV(cuLaunchKernel_ptsz, "cuLaunchKernel"),
    DRV(cuLaunchKernelEx, "cuLaunchKernelEx"), DRV(cuLaunchKernelEx_ptsz, "cuLaunchKernelEx"),
    DRV(cuLaunchCooperativeKernel, "cuLaunchCooperativeKernel"),
    DRV(cuLaunchCooperativeKernel_ptsz, "cuLaunchCooperativeKernel"),
};
#undef DRV

// Looked up in the API-enter callback of every copy call: index by callback id, built once.
constexpr CUpti_CallbackId kMaxIndexed = 1024;
using NameIndex = std::array<const char *, kMaxIndexed>;

template <std::size_t N> NameIndex buildIndex(const TracedApi (&apis)[N]) {
  NameIndex index{};
  for (const TracedApi &api : apis)
    if (api.cbid < kMaxIndexed)
      index[api.cbid] = api.name;
  return index;
}

template <std::size_t N>
const char *lookup(const NameIndex &index, const TracedApi (&apis)[N], CUpti_CallbackId cbid) {
  if (cbid < kMaxIndexed)
    return index[cbid];
  for (const TracedApi &api : apis) // ids past the index, should CUPTI ever add them
    if (api.cbid == cbid)
      return api.name;
  return nullptr;
}

} // namespace

TracedApiList runtimeTracedApis() { return {kRuntime, sizeof(kRuntime) / sizeof(kRuntime[0])}; }
TracedApiList driverTracedApis() { return {kDriver, sizeof(kDriver) / sizeof(kDriver[0])}; }

const char *runtimeCopyApiName(CUpti_CallbackId cbid) {
  static const NameIndex index = buildIndex(kRuntime);
  return lookup(index, kRuntime, cbid);
}

const char *driverCopyApiName(CUpti_CallbackId cbid) {
  static const NameIndex index = buildIndex(kDriver);
  return lookup(index, kDriver, cbid);
}

bool isRuntimeLaunch(CUpti_CallbackId cbid) {
  switch (cbid) {
  case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000:
  case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_ptsz_v7000:
  case CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000:
  case CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_ptsz_v13000:
  case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_v11060:
  case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_ptsz_v11060:
  case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_v9000:
  case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_ptsz_v9000:
    return true;
  default:
    return false;
  }
}

bool isDriverLaunch(CUpti_CallbackId cbid) {
  switch (cbid) {
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel:
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz:
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx:
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz:
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel:
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz:
    return true;
  default:
    return false;
  }
}

} // namespace commledger::rt
