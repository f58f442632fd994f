// CUPTI CONCURRENT_KERNEL activity records of the calibration kernels: when
// each ran, on the clock the PM samples share. All CUPTI buffer handling of the
// tool is here.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace commledger::calibrate {

struct KernelRecord {
  int device = 0;
  std::string name;
  std::uint64_t start = 0, end = 0;
};

// Registers the buffer callbacks and enables kernel records (once per process).
void enableKernelRecords();
// Flushes CUPTI's buffers and hands over every record since the last call,
// sorted by start.
std::vector<KernelRecord> takeKernelRecords();

} // namespace commledger::calibrate
