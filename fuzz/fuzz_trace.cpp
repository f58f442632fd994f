// libFuzzer target of the trace reader (format::parseTrace).
#include "FuzzCheck.h"
#include "commledger/format/Trace.h"

#include <cstddef>
#include <cstdint>

using namespace commledger;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  format::Trace trace;
  std::string error;
  if (!format::parseTrace(text, fuzz::kInputPath, trace, error)) {
    fuzz::requireOneErrorLine(error, fuzz::kInputPath);
    return 0;
  }
  // The runtime writes what the reconciler reads: an accepted trace must survive the round trip.
  std::string written = format::toJsonText(trace);
  format::Trace again;
  fuzz::require(format::parseTrace(written, "again.json", again, error),
                "written trace does not read back", error);
  fuzz::require(format::toJsonText(again) == written, "trace round trip changed it", written);
  return 0;
}
