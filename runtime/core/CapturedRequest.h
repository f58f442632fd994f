// The raw arguments of one copy/memset call, as read in the CUPTI API-enter callback. Plain data:
// the callback only copies values; classification happens after the call returns.
#pragma once
#include <cstdint>

namespace commledger::rt {

inline constexpr int kNoDevice = -2; // "the call named no device" (kHostEndpoint is -1)
inline constexpr int kNoKind = -1;   // the API takes no cudaMemcpyKind

// How to find out where a pointer lives once the call has returned.
enum class PointerHint : std::uint8_t {
  Classify,      // ask the driver (cuPointerGetAttributes)
  CurrentDevice, // a __device__ symbol: device memory of the thread's current device
  Array,         // a CUDA array of the current device
  None,          // no pointer on this side (memset source)
};

struct CapturedRequest {
  const char *api = nullptr; // static string naming the API ("cudaMemcpyAsync")
  int kind = kNoKind;        // cudaMemcpyKind value
  std::uintptr_t dst = 0, src = 0;
  PointerHint dstHint = PointerHint::Classify, srcHint = PointerHint::Classify;
  int declaredSrcDevice = kNoDevice, declaredDstDevice = kNoDevice;
  std::uint64_t bytes = 0;
  bool isMemset = false; // one endpoint: the memory written
};

// "Default" for cudaMemcpyDefault, "" for kNoKind or values CUDA does not define.
const char *memcpyKindName(int kind);

} // namespace commledger::rt
