// Reads the arguments of CUDA runtime copy/memset calls from CUPTI's parameter structs. The
// per-thread-stream variants (_ptds/_ptsz) share the layout of the plain ones.
#include "cupti/TracedApis.h"

#include <cuda_runtime_api.h>
#include <cupti_runtime_cbid.h>
#include <cupti.h> // brings the parameter structs

namespace commledger::rt {
namespace {

std::uintptr_t addr(const void *p) { return reinterpret_cast<std::uintptr_t>(p); }

std::uint64_t extentBytes(const cudaExtent &e) {
  // For arrays width counts elements, not bytes: an approximation CUPTI's record will correct.
  return std::uint64_t(e.width) * (e.height ? e.height : 1) * (e.depth ? e.depth : 1);
}

void fromParms3D(const cudaMemcpy3DParms &p, CapturedRequest &out) {
  out.dst = addr(p.dstPtr.ptr);
  out.src = addr(p.srcPtr.ptr);
  out.dstHint = p.dstArray ? PointerHint::Array : PointerHint::Classify;
  out.srcHint = p.srcArray ? PointerHint::Array : PointerHint::Classify;
  out.kind = p.kind;
  out.bytes = extentBytes(p.extent);
}

void fromPeerParms3D(const cudaMemcpy3DPeerParms &p, CapturedRequest &out) {
  out.dst = addr(p.dstPtr.ptr);
  out.src = addr(p.srcPtr.ptr);
  out.dstHint = p.dstArray ? PointerHint::Array : PointerHint::Classify;
  out.srcHint = p.srcArray ? PointerHint::Array : PointerHint::Classify;
  out.declaredSrcDevice = p.srcDevice;
  out.declaredDstDevice = p.dstDevice;
  out.bytes = extentBytes(p.extent);
}

template <typename P> void plainCopy(const void *params, CapturedRequest &out) {
  const auto *p = static_cast<const P *>(params);
  out.dst = addr(p->dst);
  out.src = addr(p->src);
  out.bytes = p->count;
  out.kind = p->kind;
}

template <typename P> void copy2D(const void *params, CapturedRequest &out) {
  const auto *p = static_cast<const P *>(params);
  out.dst = addr(p->dst);
  out.src = addr(p->src);
  out.bytes = std::uint64_t(p->width) * p->height;
  out.kind = p->kind;
}

template <typename P> void toSymbol(const void *params, CapturedRequest &out) {
  const auto *p = static_cast<const P *>(params);
  out.dstHint = PointerHint::CurrentDevice; // a __device__ symbol's host shadow is no pointer
  out.src = addr(p->src);
  out.bytes = p->count;
  out.kind = p->kind;
}

template <typename P> void fromSymbol(const void *params, CapturedRequest &out) {
  const auto *p = static_cast<const P *>(params);
  out.dst = addr(p->dst);
  out.srcHint = PointerHint::CurrentDevice;
  out.bytes = p->count;
  out.kind = p->kind;
}

template <typename P> void peer(const void *params, CapturedRequest &out) {
  const auto *p = static_cast<const P *>(params);
  out.dst = addr(p->dst);
  out.src = addr(p->src);
  out.declaredSrcDevice = p->srcDevice;
  out.declaredDstDevice = p->dstDevice;
  out.bytes = p->count;
}

void memsetAt(const void *ptr, std::uint64_t bytes, CapturedRequest &out) {
  out.dst = addr(ptr);
  out.srcHint = PointerHint::None;
  out.isMemset = true;
  out.bytes = bytes;
}

} // namespace

bool decodeRuntimeRequest(CUpti_CallbackId cbid, const void *params, CapturedRequest &out) {
  const char *name = runtimeCopyApiName(cbid);
  if (!name || !params)
    return false;
  out = CapturedRequest{};
  out.api = name;
  switch (cbid) {
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_v3020:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_ptds_v7000:
    plainCopy<cudaMemcpy_v3020_params>(params, out);
    break;
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_ptsz_v7000:
    plainCopy<cudaMemcpyAsync_v3020_params>(params, out);
    break;
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy2D_v3020:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy2D_ptds_v7000:
    copy2D<cudaMemcpy2D_v3020_params>(params, out);
    break;
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy2DAsync_v3020:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy2DAsync_ptsz_v7000:
    copy2D<cudaMemcpy2DAsync_v3020_params>(params, out);
    break;
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy3D_v3020:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy3D_ptds_v7000:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy3DAsync_v3020:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy3DAsync_ptsz_v7000: {
    // The Async struct starts with the same `p` pointer.
    const auto *p = static_cast<const cudaMemcpy3D_v3020_params *>(params);
    if (!p->p)
      return false;
    fromParms3D(*p->p, out);
    break;
  }
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy3DPeer_v4000:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy3DPeer_ptds_v7000:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy3DPeerAsync_v4000:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy3DPeerAsync_ptsz_v7000: {
    const auto *p = static_cast<const cudaMemcpy3DPeer_v4000_params *>(params);
    if (!p->p)
      return false;
    fromPeerParms3D(*p->p, out);
    break;
  }
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyToSymbol_v3020:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyToSymbol_ptds_v7000:
    toSymbol<cudaMemcpyToSymbol_v3020_params>(params, out);
    break;
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyToSymbolAsync_v3020:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyToSymbolAsync_ptsz_v7000:
    toSymbol<cudaMemcpyToSymbolAsync_v3020_params>(params, out);
    break;
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyFromSymbol_v3020:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyFromSymbol_ptds_v7000:
    fromSymbol<cudaMemcpyFromSymbol_v3020_params>(params, out);
    break;
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyFromSymbolAsync_v3020:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyFromSymbolAsync_ptsz_v7000:
    fromSymbol<cudaMemcpyFromSymbolAsync_v3020_params>(params, out);
    break;
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyPeer_v4000:
    peer<cudaMemcpyPeer_v4000_params>(params, out);
    break;
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyPeerAsync_v4000:
    peer<cudaMemcpyPeerAsync_v4000_params>(params, out);
    break;
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyBatchAsync_v13000:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyBatchAsync_ptsz_v13000: {
    // One site, many copies: the total, with the first copy's endpoints standing for all.
    const auto *p = static_cast<const cudaMemcpyBatchAsync_v13000_params *>(params);
    if (!p->count || !p->dsts || !p->srcs || !p->sizes)
      return false;
    out.dst = addr(p->dsts[0]);
    out.src = addr(p->srcs[0]);
    for (size_t i = 0; i < p->count; ++i)
      out.bytes += p->sizes[i];
    break;
  }
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemset_v3020:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemset_ptds_v7000: {
    const auto *p = static_cast<const cudaMemset_v3020_params *>(params);
    memsetAt(p->devPtr, p->count, out);
    break;
  }
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemsetAsync_v3020:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemsetAsync_ptsz_v7000: {
    const auto *p = static_cast<const cudaMemsetAsync_v3020_params *>(params);
    memsetAt(p->devPtr, p->count, out);
    break;
  }
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemset2D_v3020:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemset2D_ptds_v7000: {
    const auto *p = static_cast<const cudaMemset2D_v3020_params *>(params);
    memsetAt(p->devPtr, std::uint64_t(p->width) * p->height, out);
    break;
  }
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemset2DAsync_v3020:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemset2DAsync_ptsz_v7000: {
    const auto *p = static_cast<const cudaMemset2DAsync_v3020_params *>(params);
    memsetAt(p->devPtr, std::uint64_t(p->width) * p->height, out);
    break;
  }
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemset3D_v3020:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemset3D_ptds_v7000: {
    const auto *p = static_cast<const cudaMemset3D_v3020_params *>(params);
    memsetAt(p->pitchedDevPtr.ptr, extentBytes(p->extent), out);
    break;
  }
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemset3DAsync_v3020:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemset3DAsync_ptsz_v7000: {
    const auto *p = static_cast<const cudaMemset3DAsync_v3020_params *>(params);
    memsetAt(p->pitchedDevPtr.ptr, extentBytes(p->extent), out);
    break;
  }
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemPrefetchAsync_v12020:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemPrefetchAsync_ptsz_v12020: {
    // The managed range is the source; the target is named, not pointed to.
    const auto *p = static_cast<const cudaMemPrefetchAsync_v12020_params *>(params);
    out.src = addr(p->devPtr);
    out.dstHint = PointerHint::None;
    out.declaredDstDevice =
        p->location.type == cudaMemLocationTypeDevice ? p->location.id : -1;
    out.bytes = p->count;
    break;
  }
  default:
    return false;
  }
  return true;
}

} // namespace commledger::rt
