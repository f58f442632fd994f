// Reads the arguments of CUDA driver copy/memset calls (cuMemcpy*, cuMemset*) from CUPTI's
// parameter structs, for sites that call the driver API directly.
#include "cupti/TracedApis.h"

#include <cupti_driver_cbid.h>
#include <cupti.h> // brings the parameter structs with the obsolete types they need

namespace commledger::rt {
namespace {

std::uintptr_t addr(const void *p) { return reinterpret_cast<std::uintptr_t>(p); }

// CUDA_MEMCPY2D/3D/3D_PEER name each side by memory type; pick the pointer that type uses.
void side(CUmemorytype type, const void *host, CUdeviceptr device, bool array,
          std::uintptr_t &ptr, PointerHint &hint) {
  if (array || type == CU_MEMORYTYPE_ARRAY) {
    hint = PointerHint::Array;
    return;
  }
  ptr = type == CU_MEMORYTYPE_HOST ? addr(host) : std::uintptr_t(device);
}

template <typename Desc> void fromDescriptor(const Desc &d, std::uint64_t depth,
                                             CapturedRequest &out) {
  side(d.srcMemoryType, d.srcHost, d.srcDevice, d.srcArray != nullptr, out.src,
             out.srcHint);
  side(d.dstMemoryType, d.dstHost, d.dstDevice, d.dstArray != nullptr, out.dst,
             out.dstHint);
  out.bytes = std::uint64_t(d.WidthInBytes) * d.Height * depth;
}

template <typename P> void linear(const void *params, CapturedRequest &out) {
  const auto *p = static_cast<const P *>(params);
  out.dst = std::uintptr_t(p->dst);
  out.src = std::uintptr_t(p->src);
  out.bytes = p->ByteCount;
}

template <typename P> void peer(const void *params, CapturedRequest &out) {
  const auto *p = static_cast<const P *>(params);
  out.dst = std::uintptr_t(p->dstDevice); // CUdeviceptr despite the name
  out.src = std::uintptr_t(p->srcDevice);
  out.bytes = p->ByteCount;
}

template <typename P> void htod(const void *params, CapturedRequest &out) {
  const auto *p = static_cast<const P *>(params);
  out.dst = std::uintptr_t(p->dstDevice);
  out.src = addr(p->srcHost);
  out.bytes = p->ByteCount;
}

template <typename P> void dtoh(const void *params, CapturedRequest &out) {
  const auto *p = static_cast<const P *>(params);
  out.dst = addr(p->dstHost);
  out.src = std::uintptr_t(p->srcDevice);
  out.bytes = p->ByteCount;
}

template <typename P> void dtod(const void *params, CapturedRequest &out) {
  const auto *p = static_cast<const P *>(params);
  out.dst = std::uintptr_t(p->dstDevice);
  out.src = std::uintptr_t(p->srcDevice);
  out.bytes = p->ByteCount;
}

template <typename P> void memset1D(const void *params, unsigned elementSize,
                                    CapturedRequest &out) {
  const auto *p = static_cast<const P *>(params);
  out.dst = std::uintptr_t(p->dstDevice);
  out.srcHint = PointerHint::None;
  out.isMemset = true;
  out.bytes = std::uint64_t(p->N) * elementSize;
}

template <typename P> void memset2D(const void *params, unsigned elementSize,
                                    CapturedRequest &out) {
  const auto *p = static_cast<const P *>(params);
  out.dst = std::uintptr_t(p->dstDevice);
  out.srcHint = PointerHint::None;
  out.isMemset = true;
  out.bytes = std::uint64_t(p->Width) * elementSize * p->Height;
}

} // namespace

#define CASE2(a, b) case CUPTI_DRIVER_TRACE_CBID_##a: case CUPTI_DRIVER_TRACE_CBID_##b:

bool decodeDriverRequest(CUpti_CallbackId cbid, const void *params, CapturedRequest &out) {
  const char *name = driverCopyApiName(cbid);
  if (!name || !params)
    return false;
  out = CapturedRequest{};
  out.api = name;
  switch (cbid) {
  CASE2(cuMemcpy, cuMemcpy_ptds) linear<cuMemcpy_params>(params, out); break;
  CASE2(cuMemcpyAsync, cuMemcpyAsync_ptsz) linear<cuMemcpyAsync_params>(params, out); break;
  CASE2(cuMemcpyPeer, cuMemcpyPeer_ptds) peer<cuMemcpyPeer_params>(params, out); break;
  CASE2(cuMemcpyPeerAsync, cuMemcpyPeerAsync_ptsz)
    peer<cuMemcpyPeerAsync_params>(params, out); break;
  CASE2(cuMemcpyHtoD_v2, cuMemcpyHtoD_v2_ptds) htod<cuMemcpyHtoD_v2_params>(params, out); break;
  CASE2(cuMemcpyHtoDAsync_v2, cuMemcpyHtoDAsync_v2_ptsz)
    htod<cuMemcpyHtoDAsync_v2_params>(params, out); break;
  CASE2(cuMemcpyDtoH_v2, cuMemcpyDtoH_v2_ptds) dtoh<cuMemcpyDtoH_v2_params>(params, out); break;
  CASE2(cuMemcpyDtoHAsync_v2, cuMemcpyDtoHAsync_v2_ptsz)
    dtoh<cuMemcpyDtoHAsync_v2_params>(params, out); break;
  CASE2(cuMemcpyDtoD_v2, cuMemcpyDtoD_v2_ptds) dtod<cuMemcpyDtoD_v2_params>(params, out); break;
  CASE2(cuMemcpyDtoDAsync_v2, cuMemcpyDtoDAsync_v2_ptsz)
    dtod<cuMemcpyDtoDAsync_v2_params>(params, out); break;
  CASE2(cuMemcpy2D_v2, cuMemcpy2D_v2_ptds)
  CASE2(cuMemcpy2DUnaligned_v2, cuMemcpy2DUnaligned_v2_ptds)
  CASE2(cuMemcpy2DAsync_v2, cuMemcpy2DAsync_v2_ptsz) {
    // All three parameter structs start with `const CUDA_MEMCPY2D *pCopy`.
    const auto *p = static_cast<const cuMemcpy2D_v2_params *>(params);
    if (!p->pCopy)
      return false;
    fromDescriptor(*p->pCopy, 1, out);
    break;
  }
  CASE2(cuMemcpy3D_v2, cuMemcpy3D_v2_ptds) CASE2(cuMemcpy3DAsync_v2, cuMemcpy3DAsync_v2_ptsz) {
    const auto *p = static_cast<const cuMemcpy3D_v2_params *>(params);
    if (!p->pCopy)
      return false;
    fromDescriptor(*p->pCopy, p->pCopy->Depth ? p->pCopy->Depth : 1, out);
    break;
  }
  CASE2(cuMemcpy3DPeer, cuMemcpy3DPeer_ptds) CASE2(cuMemcpy3DPeerAsync, cuMemcpy3DPeerAsync_ptsz) {
    const auto *p = static_cast<const cuMemcpy3DPeer_params *>(params);
    if (!p->pCopy)
      return false;
    fromDescriptor(*p->pCopy, p->pCopy->Depth ? p->pCopy->Depth : 1, out);
    break;
  }
  CASE2(cuMemcpyBatchAsync_v2, cuMemcpyBatchAsync_v2_ptsz) {
    const auto *p = static_cast<const cuMemcpyBatchAsync_v2_params *>(params);
    if (!p->count || !p->dsts || !p->srcs || !p->sizes)
      return false;
    out.dst = std::uintptr_t(p->dsts[0]);
    out.src = std::uintptr_t(p->srcs[0]);
    for (size_t i = 0; i < p->count; ++i)
      out.bytes += p->sizes[i];
    break;
  }
  CASE2(cuMemsetD8_v2, cuMemsetD8_v2_ptds) memset1D<cuMemsetD8_v2_params>(params, 1, out); break;
  CASE2(cuMemsetD16_v2, cuMemsetD16_v2_ptds) memset1D<cuMemsetD16_v2_params>(params, 2, out); break;
  CASE2(cuMemsetD32_v2, cuMemsetD32_v2_ptds) memset1D<cuMemsetD32_v2_params>(params, 4, out); break;
  CASE2(cuMemsetD8Async, cuMemsetD8Async_ptsz) memset1D<cuMemsetD8Async_params>(params, 1, out); break;
  CASE2(cuMemsetD16Async, cuMemsetD16Async_ptsz) memset1D<cuMemsetD16Async_params>(params, 2, out); break;
  CASE2(cuMemsetD32Async, cuMemsetD32Async_ptsz) memset1D<cuMemsetD32Async_params>(params, 4, out); break;
  CASE2(cuMemsetD2D8_v2, cuMemsetD2D8_v2_ptds) memset2D<cuMemsetD2D8_v2_params>(params, 1, out); break;
  CASE2(cuMemsetD2D16_v2, cuMemsetD2D16_v2_ptds) memset2D<cuMemsetD2D16_v2_params>(params, 2, out); break;
  CASE2(cuMemsetD2D32_v2, cuMemsetD2D32_v2_ptds) memset2D<cuMemsetD2D32_v2_params>(params, 4, out); break;
  CASE2(cuMemsetD2D8Async, cuMemsetD2D8Async_ptsz) memset2D<cuMemsetD2D8Async_params>(params, 1, out); break;
  CASE2(cuMemsetD2D16Async, cuMemsetD2D16Async_ptsz) memset2D<cuMemsetD2D16Async_params>(params, 2, out); break;
  CASE2(cuMemsetD2D32Async, cuMemsetD2D32Async_ptsz) memset2D<cuMemsetD2D32Async_params>(params, 4, out); break;
  default:
    return false;
  }
  return true;
}

#undef CASE2

} // namespace commledger::rt
