// The copy and memset APIs the runtime traces, per CUPTI callback domain, with their names, and
// the decoders that read one call's arguments into a CapturedRequest.
#pragma once
#include "core/CapturedRequest.h"

#include <cupti_callbacks.h>

#include <cstddef>

namespace commledger::rt {

struct TracedApi {
  CUpti_CallbackId cbid;
  const char *name; // the API as the program spells it: per-thread-stream variants share it
};

struct TracedApiList {
  const TracedApi *begin_;
  std::size_t size;
  const TracedApi *begin() const { return begin_; }
  const TracedApi *end() const { return begin_ + size; }
};

TracedApiList runtimeTracedApis();
TracedApiList driverTracedApis();

// Name of a copy/memset API, or nullptr for any other API (they never name a bucket).
const char *runtimeCopyApiName(CUpti_CallbackId cbid);
const char *driverCopyApiName(CUpti_CallbackId cbid);

// Kernel-launch APIs among the traced ones (their calls are counted per kernel).
bool isRuntimeLaunch(CUpti_CallbackId cbid);
bool isDriverLaunch(CUpti_CallbackId cbid);

// Fill `out` from the API's parameter struct (CUpti_CallbackData::functionParams). Reads plain
// host memory only, never calls CUDA: this runs inside a CUPTI callback. False if not a copy.
bool decodeRuntimeRequest(CUpti_CallbackId cbid, const void *params, CapturedRequest &out);
bool decodeDriverRequest(CUpti_CallbackId cbid, const void *params, CapturedRequest &out);

} // namespace commledger::rt
