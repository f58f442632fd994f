// The calibration runs (LinkCalibration.h). Kernels run one at a time with 1 ms
// of idle between them, so the PM samples overlapping a kernel's CUPTI record
// carry that kernel's bytes only.
#include "LinkCalibration.h"

#include "CalibrationError.h"
#include "CalibrationKernels.h"
#include "KernelRecords.h"
#include "PmSampler.h"

#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <thread>

namespace commledger::calibrate {

namespace {
const std::vector<std::string> kMetrics = {
    "pcie__read_bytes.sum", "pcie__write_bytes.sum", "nvlrx__bytes.sum",
    "nvltx__bytes.sum"};

// What one link kind moves and which counter of the issuing GPU sees it.
struct LinkPlan {
  const char *kind;
  Access access;
  int peer;           // -1: mapped host memory
  std::size_t metric; // index into kMetrics
};

struct Device {
  int blocks = 0;
  cudaStream_t stream = nullptr;
  float *sink = nullptr,
        *memory = nullptr; // memory: the buffer peers read and write
};

struct Launch {
  std::size_t plan;
  KernelRecord record;
};

double rounded(double v, double unit) { return std::round(v / unit) * unit; }

std::vector<LinkPlan> plansOf(int issuer, int deviceCount) {
  std::vector<LinkPlan> plans = {{"pcie_read", Access::Read, -1, 0},
                                 {"pcie_write", Access::Write, -1, 1}};
  for (int peer = 0; peer < deviceCount; ++peer) {
    int can = 0;
    if (peer == issuer ||
        cudaDeviceCanAccessPeer(&can, issuer, peer) != cudaSuccess || !can)
      continue;
    plans.push_back(
        {"nvlink_read", Access::Read, peer, 2}); // arrives at the issuer: rx
    plans.push_back(
        {"nvlink_write", Access::Write, peer, 3}); // leaves the issuer: tx
  }
  return plans;
}

void enablePeerAccess(int issuer, int peer) {
  checkCuda(cudaSetDevice(issuer), "cudaSetDevice");
  cudaError_t e = cudaDeviceEnablePeerAccess(peer, 0);
  if (e == cudaErrorPeerAccessAlreadyEnabled) { // a second issuer phase: fine,
                                                // clear it
    (void)cudaGetLastError();
    e = cudaSuccess;
  }
  checkCuda(e, "cudaDeviceEnablePeerAccess");
}

void runOnce(const Device &d, Access access, float *data, std::size_t n) {
  checkCuda(
      launchCalibrationKernel(access, data, n, d.sink, d.blocks, d.stream),
      "kernel launch");
  checkCuda(cudaStreamSynchronize(d.stream), "cudaStreamSynchronize");
}

// The measured link from its launches and every GPU's samples (issuer first,
// then the peer).
format::LinkMeasurement
measure(const LinkPlan &plan, int issuer, const std::vector<Launch> &runs,
        const std::map<int, std::vector<Sample>> &samples,
        std::uint64_t payload) {
  format::LinkMeasurement m;
  m.kind = plan.kind;
  bool read = plan.access == Access::Read;
  m.src = read ? plan.peer : issuer;
  m.dst = read ? issuer : plan.peer;
  m.issuer = m.metricDevice = issuer;
  m.metric = kMetrics[plan.metric];
  m.payloadBytes = payload;
  m.repetitions = static_cast<unsigned>(runs.size());
  std::vector<int> observers = {issuer};
  if (plan.peer >= 0)
    observers.push_back(plan.peer);
  std::vector<double> ratios, durations;
  std::map<std::pair<int, std::size_t>, std::vector<double>> wire;
  for (const Launch &l : runs) {
    for (int o : observers) {
      std::vector<double> sums = sumWindow(samples.at(o), l.record.start,
                                           l.record.end, kMetrics.size());
      for (std::size_t k = 0; k < sums.size(); ++k)
        wire[{o, k}].push_back(sums[k]);
      if (o == issuer)
        ratios.push_back(sums[plan.metric] / double(payload));
    }
    durations.push_back(double(l.record.end - l.record.start));
  }
  for (const auto &[key, values] : wire)
    m.wire.push_back(
        {key.first, kMetrics[key.second],
         static_cast<std::uint64_t>(std::llround(median(values)))});
  m.ratio = rounded(median(ratios), 1e-4);
  double ns = median(durations);
  m.bandwidthGBps =
      ns > 0 ? rounded(double(payload) / ns, 0.1) : 0; // bytes/ns = GB/s
  return m;
}
} // namespace

std::vector<format::LinkMeasurement>
calibrateLinks(int deviceCount, const CalibrationOptions &options,
               std::vector<std::string> &warnings) {
  const std::size_t n = options.payloadBytes / sizeof(float);
  std::vector<Device> devices(deviceCount);
  for (int g = 0; g < deviceCount; ++g) {
    Device &d = devices[g];
    checkCuda(cudaSetDevice(g), "cudaSetDevice");
    int sms = 0;
    checkCuda(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, g),
              "cudaDeviceGetAttribute");
    d.blocks = sms * 4;
    checkCuda(cudaStreamCreateWithFlags(&d.stream, cudaStreamNonBlocking),
              "cudaStreamCreate");
    checkCuda(cudaMalloc(&d.sink, 64), "cudaMalloc");
    checkCuda(cudaMalloc(&d.memory, options.payloadBytes), "cudaMalloc");
    checkCuda(cudaMemset(d.memory, 0, options.payloadBytes), "cudaMemset");
  }
  // One zeroed, portable, mapped buffer: with unified addressing its host
  // address works on every GPU.
  float *host = nullptr;
  checkCuda(cudaHostAlloc(&host, options.payloadBytes,
                          cudaHostAllocMapped | cudaHostAllocPortable),
            "cudaHostAlloc");
  std::fill(host, host + n, 0.f);

  initializeProfiler();
  enableKernelRecords();
  std::vector<std::unique_ptr<PmSampler>> samplers;
  for (int g = 0; g < deviceCount; ++g)
    samplers.push_back(std::make_unique<PmSampler>(g, kMetrics));

  std::vector<format::LinkMeasurement> links;
  for (int issuer = 0; issuer < deviceCount; ++issuer) {
    std::vector<LinkPlan> plans = plansOf(issuer, deviceCount);
    for (const LinkPlan &p : plans)
      if (p.peer >= 0)
        enablePeerAccess(issuer, p.peer);
    checkCuda(cudaSetDevice(issuer), "cudaSetDevice");
    const Device &d = devices[issuer];
    auto dataOf = [&](const LinkPlan &p) {
      return p.peer < 0 ? host : devices[p.peer].memory;
    };
    for (const LinkPlan &p :
         plans) // warm-up: module load and first-touch stay out of the data
      runOnce(d, p.access, dataOf(p), n);
    takeKernelRecords();

    for (auto &s : samplers)
      s->start(options.intervalNs);
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < plans.size(); ++i)
      for (unsigned r = 0; r < options.repetitions; ++r) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
        runOnce(d, plans[i].access, dataOf(plans[i]), n);
        order.push_back(i);
      }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    for (auto &s : samplers)
      s->stop();

    // Launches were serial: the issuer's k-th calibration record is the k-th
    // launch.
    std::vector<KernelRecord> records;
    for (KernelRecord &r : takeKernelRecords())
      if (r.device == issuer && r.name.rfind("commledger_calibrate_", 0) == 0)
        records.push_back(r);
    if (records.size() != order.size())
      throw CalibrationError("GPU " + std::to_string(issuer) + ": " +
                                 std::to_string(records.size()) +
                                 " kernel records for " +
                                 std::to_string(order.size()) + " launches",
                             kFailed);
    std::vector<std::vector<Launch>> runs(plans.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
      if (records[k].name != calibrationKernelName(plans[order[k]].access))
        throw CalibrationError("GPU " + std::to_string(issuer) +
                                   ": kernel records out of launch order",
                               kFailed);
      runs[order[k]].push_back({order[k], records[k]});
    }
    std::map<int, std::vector<Sample>> samples;
    for (auto &s : samplers) {
      samples[s->device()] = s->decode();
      if (s->overflowed())
        warnings.push_back(
            "GPU " + std::to_string(s->device()) +
            ": PM sample buffer overflowed while GPU " +
            std::to_string(issuer) +
            " was measured; its last kernels may show too few bytes");
      s->disable();
    }
    for (std::size_t i = 0; i < plans.size(); ++i)
      links.push_back(
          measure(plans[i], issuer, runs[i], samples, options.payloadBytes));
  }
  checkCuda(cudaFreeHost(host), "cudaFreeHost");
  return links;
}

} // namespace commledger::calibrate
