// Names of cudaMemcpyKind values, spelled as CUDA does without the "cudaMemcpy" prefix.
#include "core/CapturedRequest.h"

namespace commledger::rt {

const char *memcpyKindName(int kind) {
  // Values from driver_types.h; the core stays free of CUDA headers so it builds without them.
  switch (kind) {
  case 0: return "HostToHost";
  case 1: return "HostToDevice";
  case 2: return "DeviceToHost";
  case 3: return "DeviceToDevice";
  case 4: return "Default";
  default: return "";
  }
}

} // namespace commledger::rt
