// Pure arithmetic of the calibration: counter samples summed over a kernel's
// time window, and medians over repetitions. No CUDA here, so it is unit tested
// on any machine.
#pragma once
#include <cstdint>
#include <vector>

namespace commledger::calibrate {

// One PM sample: its time span (CUPTI's clock, ns) and one value per metric, in
// bytes.
struct Sample {
  std::uint64_t start = 0, end = 0;
  std::vector<double> values;
};

// Per metric, the sum of every sample that overlaps [start, end]. Whole samples
// count: the calibration kernels run alone with idle gaps between them, so a
// sample straddling the kernel's edge holds this kernel's bytes and idle
// background only. `samples` must be sorted by start.
std::vector<double> sumWindow(const std::vector<Sample> &samples,
                              std::uint64_t start, std::uint64_t end,
                              std::size_t metrics);

// The median (mean of the middle two for an even count); 0 for no values.
double median(std::vector<double> values);

} // namespace commledger::calibrate
