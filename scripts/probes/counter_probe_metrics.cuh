// CUPTI profiler-host side shared by both counter probes: which metrics a profiler type
// accepts, how many passes each needs, splitting them into single-pass groups (kernels that
// move data across NVLink/PCIe, and NCCL kernels, cannot be replayed), and evaluating values.
#pragma once
#include <string>
#include <vector>
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_target.h>
#include "counter_probe_workload.cuh"

static std::vector<std::string> defaultMetrics() {
  return {"pcie__read_bytes.sum", "pcie__write_bytes.sum", "nvlrx__bytes.sum", "nvltx__bytes.sum",
          "lts__t_sectors_aperture_sysmem_op_read.sum",
          "lts__t_sectors_aperture_sysmem_op_write.sum"};
}
// argv[1] = "a,b,c" replaces the default list (to try other names without rebuilding).
static std::vector<std::string> metricsFromArgs(int argc, char** argv) {
  if (argc < 2 || !argv[1][0]) return defaultMetrics();
  std::vector<std::string> out;
  std::string s = argv[1];
  for (size_t p = 0; p <= s.size();) {
    size_t q = s.find(',', p);
    if (q == std::string::npos) q = s.size();
    if (q > p) out.push_back(s.substr(p, q - p));
    p = q + 1;
  }
  return out;
}

static const char* typeName(CUpti_ProfilerType t) {
  return t == CUPTI_PROFILER_TYPE_PM_SAMPLING ? "pm_sampling" : "range_profiler";
}

static std::string chipName(int dev) {
  PARAMS(CUpti_Device_GetChipName_Params, p);
  p.deviceIndex = dev;
  return CP(cuptiDeviceGetChipName(&p)) && p.pChipName ? p.pChipName : "";
}

// One host object configured with a set of metrics; it also evaluates counter data later.
struct MetricGroup {
  std::vector<std::string> names;
  std::vector<const char*> cnames;
  std::vector<uint8_t> config;
  size_t passes = 0;
  CUpti_Profiler_Host_Object* host = nullptr;
  // cnames point into names: every copy (and move, which falls back to copy) re-points them.
  MetricGroup() = default;
  MetricGroup(const MetricGroup& o) { *this = o; }
  MetricGroup& operator=(const MetricGroup& o) {
    names = o.names, config = o.config, passes = o.passes, host = o.host;
    bind();
    return *this;
  }
  void bind() {
    cnames.clear();
    for (auto& n : names) cnames.push_back(n.c_str());
  }
};

static void releaseGroup(MetricGroup& g) {
  if (!g.host) return;
  PARAMS(CUpti_Profiler_Host_Deinitialize_Params, d);
  d.pHostObject = g.host;
  CP(cuptiProfilerHostDeinitialize(&d));
  g.host = nullptr;
}

static CUptiResult hostInit(CUpti_ProfilerType type, const std::string& chip,
                            std::vector<uint8_t>& avail, CUpti_Profiler_Host_Object** out) {
  PARAMS(CUpti_Profiler_Host_Initialize_Params, ip);
  ip.profilerType = type;
  ip.pChipName = chip.c_str();
  ip.pCounterAvailabilityImage = avail.empty() ? nullptr : avail.data();
  CUptiResult r = cuptiProfilerHostInitialize(&ip);
  *out = r == CUPTI_SUCCESS ? ip.pHostObject : nullptr;
  return r;
}

// Host initialise -> ConfigAddMetrics -> GetConfigImageSize/GetConfigImage -> GetNumOfPasses.
// quiet: a failed trial during grouping is expected; the per-metric line already explained it.
static bool buildGroup(CUpti_ProfilerType type, const std::string& chip,
                       std::vector<uint8_t>& avail, const std::vector<std::string>& names,
                       MetricGroup& g, bool quiet) {
  g = MetricGroup{};
  g.names = names;
  g.bind();
  auto ok = [&](CUptiResult r, const char* what) {
    if (r == CUPTI_SUCCESS) return true;
    if (!quiet) cuptiOk(r, what);
    return false;
  };
  if (!ok(hostInit(type, chip, avail, &g.host), "cuptiProfilerHostInitialize")) return false;
  PARAMS(CUpti_Profiler_Host_ConfigAddMetrics_Params, ap);
  ap.pHostObject = g.host;
  ap.ppMetricNames = g.cnames.data();
  ap.numMetrics = g.cnames.size();
  PARAMS(CUpti_Profiler_Host_GetConfigImageSize_Params, sp);
  sp.pHostObject = g.host;
  bool good = ok(cuptiProfilerHostConfigAddMetrics(&ap), "cuptiProfilerHostConfigAddMetrics") &&
              ok(cuptiProfilerHostGetConfigImageSize(&sp), "cuptiProfilerHostGetConfigImageSize");
  if (good) {
    g.config.resize(sp.configImageSize);
    PARAMS(CUpti_Profiler_Host_GetConfigImage_Params, cp);
    cp.pHostObject = g.host;
    cp.configImageSize = g.config.size();
    cp.pConfigImage = g.config.data();
    PARAMS(CUpti_Profiler_Host_GetNumOfPasses_Params, np);
    np.configImageSize = g.config.size();
    np.pConfigImage = g.config.data();
    good = ok(cuptiProfilerHostGetConfigImage(&cp), "cuptiProfilerHostGetConfigImage") &&
           ok(cuptiProfilerHostGetNumOfPasses(&np), "cuptiProfilerHostGetNumOfPasses");
    g.passes = np.numOfPasses;
  }
  if (!good) releaseGroup(g);
  return good;
}

// "bytes" metrics compare with the payload directly; L2 sector counts are 32 bytes each.
static double bytesPerUnit(CUpti_Profiler_Host_Object* host, const char* metric,
                           std::string* unitOut) {
  PARAMS(CUpti_Profiler_Host_GetMetricProperties_Params, p);
  p.pHostObject = host;
  p.pMetricName = metric;
  std::string unit = "?";
  if (cuptiProfilerHostGetMetricProperties(&p) == CUPTI_SUCCESS && p.pDimUnit) unit = p.pDimUnit;
  if (unitOut) *unitOut = unit;
  if (unit.find("byte") != std::string::npos) return 1.0;
  if (unit.find("sector") != std::string::npos) return 32.0;
  std::string m = metric;  // fall back on the name when the unit string is unexpected
  if (m.find("bytes") != std::string::npos) return 1.0;
  if (m.find("sectors") != std::string::npos) return 32.0;
  return 0.0;
}

// Base metrics whose names mention the links we care about: tells us the right spelling if a
// default name is rejected on this chip.
static void listLinkMetrics(CUpti_Profiler_Host_Object* host, CUpti_ProfilerType type) {
  PARAMS(CUpti_Profiler_Host_GetBaseMetrics_Params, p);
  p.pHostObject = host;
  p.metricType = CUPTI_METRIC_TYPE_COUNTER;
  if (!CP(cuptiProfilerHostGetBaseMetrics(&p))) return;
  int shown = 0;
  printf("BASEMETRICS type=%s counters_total=%zu matching(pcie|nvl|aperture):", typeName(type),
         p.numMetrics);
  for (size_t i = 0; i < p.numMetrics && shown < 60; ++i) {
    std::string n = p.ppMetricNames[i];
    if (n.find("pcie") == std::string::npos && n.find("nvl") == std::string::npos &&
        n.find("aperture") == std::string::npos)
      continue;
    printf(" %s", n.c_str());
    ++shown;
  }
  printf("\n");
}

// Per metric: accepted? passes alone? unit. Then greedy grouping: add a metric to the current
// group while the group stays at one pass. Returns groups with live host objects.
static std::vector<MetricGroup> singlePassGroups(CUpti_ProfilerType type, const std::string& chip,
                                                 std::vector<uint8_t>& avail,
                                                 const std::vector<std::string>& metrics) {
  MetricGroup bare;  // a host object with no metrics, only to list the spellings
  if (CP(hostInit(type, chip, avail, &bare.host))) listLinkMetrics(bare.host, type);
  releaseGroup(bare);
  std::vector<std::string> accepted;
  for (auto& m : metrics) {
    MetricGroup g;
    if (!buildGroup(type, chip, avail, {m}, g, false)) {
      printf("METRIC type=%s name=%s accepted=no (CUPTI-ERROR above says why)\n", typeName(type),
             m.c_str());
      continue;
    }
    std::string unit;
    double bpu = bytesPerUnit(g.host, m.c_str(), &unit);
    printf("METRIC type=%s name=%s accepted=yes passes_alone=%zu unit=%s bytes_per_unit=%g\n",
           typeName(type), m.c_str(), g.passes, unit.c_str(), bpu);
    if (g.passes == 1) accepted.push_back(m);
    else printf("METRIC name=%s SKIPPED: needs %zu passes alone\n", m.c_str(), g.passes);
    releaseGroup(g);
  }
  std::vector<MetricGroup> groups;
  std::vector<std::string> cur;
  auto flush = [&]() {
    if (cur.empty()) return;
    MetricGroup g;
    if (buildGroup(type, chip, avail, cur, g, false)) groups.push_back(g);
    cur.clear();
  };
  for (auto& m : accepted) {
    std::vector<std::string> trial = cur;
    trial.push_back(m);
    MetricGroup g;
    bool one = buildGroup(type, chip, avail, trial, g, true) && g.passes == 1;
    releaseGroup(g);
    if (one) cur = trial;
    else flush(), cur = {m};
  }
  flush();
  for (size_t i = 0; i < groups.size(); ++i) {
    printf("GROUP type=%s index=%zu passes=%zu metrics=", typeName(type), i, groups[i].passes);
    for (auto& n : groups[i].names) printf("%s ", n.c_str());
    printf("\n");
  }
  return groups;
}

// Values of every metric of the group for one range (range profiler) or sample (PM sampling).
static bool evaluate(MetricGroup& g, std::vector<uint8_t>& image, size_t index,
                     std::vector<double>& out) {
  out.assign(g.cnames.size(), 0.0);
  PARAMS(CUpti_Profiler_Host_EvaluateToGpuValues_Params, p);
  p.pHostObject = g.host;
  p.pCounterDataImage = image.data();
  p.counterDataImageSize = image.size();
  p.rangeIndex = index;
  p.ppMetricNames = g.cnames.data();
  p.numMetrics = g.cnames.size();
  p.pMetricValues = out.data();
  return CP(cuptiProfilerHostEvaluateToGpuValues(&p));
}

static void printDeviceSupport(int dev, CUpti_Profiler_API api) {
  PARAMS(CUpti_Profiler_DeviceSupported_Params, p);
  p.cuDevice = dev;
  p.api = api;
  if (!CP(cuptiProfilerDeviceSupported(&p))) return;
  // 0 unknown, 1 unsupported, 2 disabled, 3 supported (CUpti_Profiler_Support_Level)
  printf("SUPPORT dev=%d api=%d overall=%d arch=%d sli=%d vgpu=%d cc=%d cmp=%d wsl=%d "
         "(3=supported 2=disabled 1=unsupported)\n",
         dev, (int)api, p.isSupported, p.architecture, p.sli, p.vGpu, p.confidentialCompute,
         p.cmp, p.wsl);
}
