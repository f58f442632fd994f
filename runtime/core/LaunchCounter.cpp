// Launch counting and the merge with kernel records; see LaunchCounter.h.
#include "core/LaunchCounter.h"

#include <functional>
#include <thread>

namespace commledger::rt {

LaunchCounter &launchCounter() {
  static LaunchCounter *counter = new LaunchCounter();
  return *counter;
}

void LaunchCounter::add(std::optional<format::SiteId> site, const char *bucket,
                        const char *kernel, int device) {
  Shard &shard =
      shards_[std::hash<std::thread::id>()(std::this_thread::get_id()) % kShards];
  Key key{site, site ? std::string() : std::string(bucket ? bucket : "unknown"),
          std::string(kernel ? kernel : ""), device};
  std::lock_guard<std::mutex> lock(shard.mutex);
  ++shard.counts[key];
}

std::vector<format::KernelRow> LaunchCounter::rows() const {
  std::map<Key, std::uint64_t> all;
  for (const Shard &shard : shards_) {
    std::lock_guard<std::mutex> lock(shard.mutex);
    for (const auto &[key, n] : shard.counts)
      all[key] += n;
  }
  std::vector<format::KernelRow> out;
  for (const auto &[key, n] : all) {
    format::KernelRow row;
    row.site = std::get<0>(key);
    row.bucket = std::get<1>(key);
    row.name = std::get<2>(key);
    row.device = std::get<3>(key);
    row.count = n;
    out.push_back(std::move(row));
  }
  return out;
}

std::vector<format::KernelRow> mergeKernelRows(std::vector<format::KernelRow> counted,
                                               const std::vector<format::KernelRow> &recorded) {
  auto sameKernel = [](const format::KernelRow &a, const format::KernelRow &b) {
    return a.site == b.site && (a.site || a.bucket == b.bucket) && a.name == b.name &&
           a.device == b.device;
  };
  for (const format::KernelRow &r : recorded) {
    bool merged = false;
    for (format::KernelRow &c : counted)
      if (sameKernel(c, r)) {
        c.totalNs += r.totalNs;
        merged = true;
        break;
      }
    if (!merged)
      counted.push_back(r);
  }
  return counted;
}

} // namespace commledger::rt
