// The measurement itself: on every GPU, 16 MiB grid-stride kernels read and
// write mapped host memory and every reachable peer's memory, 5 times each,
// under PM sampling; per link the median wire/payload ratio and the bandwidth
// of the median kernel time.
#pragma once
#include "commledger/format/MachineProfile.h"

#include <cstdint>
#include <string>
#include <vector>

namespace commledger::calibrate {

struct CalibrationOptions {
  std::uint64_t payloadBytes = std::uint64_t(16) << 20;
  unsigned repetitions = 5;
  std::uint64_t intervalNs = 20000; // 20 µs: ~1-3 % overhead, measured on H200
};

// Measures every link of the `deviceCount` GPUs; throws CalibrationError.
// `warnings` gets one line per doubtful measurement (a sample buffer that
// overflowed).
std::vector<format::LinkMeasurement>
calibrateLinks(int deviceCount, const CalibrationOptions &options,
               std::vector<std::string> &warnings);

} // namespace commledger::calibrate
