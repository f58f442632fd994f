// Window sums and medians of the calibration (LinkStatistics.h).
#include "LinkStatistics.h"

#include <algorithm>

namespace commledger::calibrate {

std::vector<double> sumWindow(const std::vector<Sample> &samples,
                              std::uint64_t start, std::uint64_t end,
                              std::size_t metrics) {
  std::vector<double> sum(metrics, 0.0);
  for (const Sample &s : samples) {
    if (s.start >= end)
      break;
    if (s.end <= start)
      continue;
    for (std::size_t m = 0; m < metrics && m < s.values.size(); ++m)
      sum[m] += s.values[m];
  }
  return sum;
}

double median(std::vector<double> values) {
  if (values.empty())
    return 0;
  std::sort(values.begin(), values.end());
  std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

} // namespace commledger::calibrate
