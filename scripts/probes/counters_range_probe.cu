// Issue 3 probe: per-kernel-launch link counters (PCIe, NVLink, L2 sysmem sectors) through the
// CUPTI Range Profiler (CUDA 13), auto range (one range per kernel), user replay, one pass.
// Metrics needing more than one pass are split into single-pass groups, the workload running
// once per group, because peer/NCCL kernels cannot be replayed. Also times every kernel with
// and without the profiler. Build/run: scripts/probes/build-counter-probes.sh, run-counter-probes.sh.
// Usage: counters_range_probe [metric,metric,...]   (default: the six metrics of issue 3)
#include <algorithm>
#include <array>
#include <cupti_range_profiler.h>
#include "counter_probe_metrics.cuh"

constexpr size_t kMaxRanges = 128;  // NUM_K * (1 + kReps) = 105 ranges per group run

struct Stat { double sum = 0, mn = 1e300, mx = -1e300; int n = 0; };

static void printValues(MetricGroup& g, const std::vector<double>& v,
                        const std::vector<double>& bpu) {
  for (size_t m = 0; m < v.size(); ++m) {
    printf(" %s=%.0f", g.names[m].c_str(), v[m]);
    if (bpu[m] > 0) printf("(x%.3f)", v[m] * bpu[m] / double(kPayloadBytes));
  }
  printf("\n");
}

// Decode the pass, then one RANGE line per range of the first repetition and one REPEAT line
// per kernel over the 20 timed repetitions (spread = how repeatable the counters are).
static void reportRanges(int dev, size_t gi, MetricGroup& g, CUpti_RangeProfiler_Object* obj,
                         std::vector<uint8_t>& image) {
  PARAMS(CUpti_RangeProfiler_DecodeData_Params, dp);
  dp.pRangeProfilerObject = obj;
  if (!CP(cuptiRangeProfilerDecodeData(&dp))) return;
  PARAMS(CUpti_RangeProfiler_GetCounterDataInfo_Params, ip);
  ip.pCounterDataImage = image.data();
  ip.counterDataImageSize = image.size();
  if (!CP(cuptiRangeProfilerGetCounterDataInfo(&ip))) return;
  printf("DECODE dev=%d group=%zu ranges=%zu dropped=%zu expected=%d\n", dev, gi, ip.numTotalRanges,
         dp.numOfRangeDropped, NUM_K * (1 + kReps));
  std::vector<double> bpu;
  for (auto* n : g.cnames) {
    std::string unit;
    bpu.push_back(bytesPerUnit(g.host, n, &unit));
    printf("COLUMN group=%zu metric=%s unit=%s bytes_per_unit=%g (xR = value*bytes_per_unit/"
           "payload)\n", gi, n, unit.c_str(), bpu.back());
  }
  std::vector<std::vector<Stat>> st(NUM_K, std::vector<Stat>(g.cnames.size()));
  std::vector<double> v;
  bool seen[NUM_K] = {};
  for (size_t r = 0; r < ip.numTotalRanges; ++r) {
    PARAMS(CUpti_RangeProfiler_CounterData_GetRangeInfo_Params, rp);
    rp.pCounterDataImage = image.data();
    rp.counterDataImageSize = image.size();
    rp.rangeIndex = r;
    rp.rangeDelimiter = "/";
    const char* name = CP(cuptiRangeProfilerCounterDataGetRangeInfo(&rp)) && rp.rangeName
                           ? rp.rangeName : "?";
    if (!evaluate(g, image, r, v)) continue;
    int k = kernelIdByName(name);
    if (k < 0 || !seen[k]) {  // the first launch of each kernel (and anything unexpected)
      if (k >= 0) seen[k] = true;
      printf("RANGE dev=%d group=%zu idx=%zu name=%s payload=%zu", dev, gi, r, name,
             kPayloadBytes);
      printValues(g, v, bpu);
    } else {
      for (size_t m = 0; m < v.size(); ++m) {
        Stat& s = st[k][m];
        s.sum += v[m], s.mn = std::min(s.mn, v[m]), s.mx = std::max(s.mx, v[m]), s.n++;
      }
    }
  }
  for (int k = 0; k < NUM_K; ++k) {
    if (!st[k][0].n) continue;
    printf("REPEAT dev=%d group=%zu kernel=%s n=%d (mean[min..max] xmean)", dev, gi,
           kKernelName[k], st[k][0].n);
    for (size_t m = 0; m < g.cnames.size(); ++m) {
      Stat& s = st[k][m];
      double mean = s.sum / s.n;
      printf(" %s=%.0f[%.0f..%.0f]", g.cnames[m], mean, s.mn, s.mx);
      if (bpu[m] > 0) printf("x%.3f", mean * bpu[m] / double(kPayloadBytes));
    }
    printf("\n");
  }
}

// Enable -> GetCounterDataSize/CounterDataImageInitialize -> SetConfig(auto range, user replay,
// pass 0) -> Start -> workload -> Stop -> Decode/evaluate -> Disable.
static void profileGroup(Workload& w, CUcontext ctx, size_t gi, MetricGroup& g,
                         const KernelTime base[NUM_K]) {
  int dev = w.dev;
  PARAMS(CUpti_RangeProfiler_Enable_Params, ep);
  ep.ctx = ctx;
  if (!CP(cuptiRangeProfilerEnable(&ep))) return;
  CUpti_RangeProfiler_Object* obj = ep.pRangeProfilerObject;
  std::vector<uint8_t> image;
  PARAMS(CUpti_RangeProfiler_GetCounterDataSize_Params, sp);
  sp.pRangeProfilerObject = obj;
  sp.pMetricNames = g.cnames.data();
  sp.numMetrics = g.cnames.size();
  sp.maxNumOfRanges = kMaxRanges;
  sp.maxNumRangeTreeNodes = kMaxRanges;
  bool ok = CP(cuptiRangeProfilerGetCounterDataSize(&sp));
  if (ok) {
    image.resize(sp.counterDataSize);
    PARAMS(CUpti_RangeProfiler_CounterDataImage_Initialize_Params, ip);
    ip.pRangeProfilerObject = obj;
    ip.counterDataSize = image.size();
    ip.pCounterData = image.data();
    ok = CP(cuptiRangeProfilerCounterDataImageInitialize(&ip));
  }
  PARAMS(CUpti_RangeProfiler_SetConfig_Params, cp);
  cp.pRangeProfilerObject = obj;
  cp.configSize = g.config.size();
  cp.pConfig = g.config.data();
  cp.counterDataImageSize = image.size();
  cp.pCounterDataImage = image.data();
  cp.range = CUPTI_AutoRange;
  cp.replayMode = CUPTI_UserReplay;
  cp.maxRangesPerPass = kMaxRanges;
  cp.numNestingLevels = 1;
  cp.minNestingLevel = 1;
  cp.passIndex = 0;
  cp.targetNestingLevel = 1;
  ok = ok && CP(cuptiRangeProfilerSetConfig(&cp));
  PARAMS(CUpti_RangeProfiler_Start_Params, stp);
  stp.pRangeProfilerObject = obj;
  ok = ok && CP(cuptiRangeProfilerStart(&stp));
  if (ok) {
    CK(cudaSetDevice(dev));
    for (int k = 0; k < NUM_K; ++k)  // repetition 0: the RANGE lines
      if (launchKernel(w, k, nullptr)) CK(cudaStreamSynchronize(w.stream));
    KernelTime with[NUM_K];
    timeKernels(w, with);  // repetitions 1..20: the REPEAT lines and the overhead
    PARAMS(CUpti_RangeProfiler_Stop_Params, op);
    op.pRangeProfilerObject = obj;
    if (CP(cuptiRangeProfilerStop(&op)))
      printf("STOP dev=%d group=%zu passIndex=%zu allPassesSubmitted=%d (must be 1: one pass)\n",
             dev, gi, op.passIndex, (int)op.isAllPassSubmitted);
    reportRanges(dev, gi, g, obj, image);
    char tag[64];
    snprintf(tag, sizeof tag, "range_profiler group=%zu", gi);
    printTimes(tag, dev, base, with);
  }
  PARAMS(CUpti_RangeProfiler_Disable_Params, dp);
  dp.pRangeProfilerObject = obj;
  CP(cuptiRangeProfilerDisable(&dp));
}

static std::vector<uint8_t> counterAvailability(CUcontext ctx) {
  std::vector<uint8_t> img;
  PARAMS(CUpti_Profiler_GetCounterAvailability_Params, p);
  p.ctx = ctx;
  if (!CP(cuptiProfilerGetCounterAvailability(&p))) return img;
  img.resize(p.counterAvailabilityImageSize);
  p.pCounterAvailabilityImage = img.data();
  if (!CP(cuptiProfilerGetCounterAvailability(&p))) img.clear();
  return img;
}

int main(int argc, char** argv) {
  setvbuf(stdout, nullptr, _IOLBF, 0);
  std::vector<std::string> metrics = metricsFromArgs(argc, argv);
  int ndev = 0;
  if (!CK(cudaGetDeviceCount(&ndev)) || ndev == 0) return 1;
  int cuptiVer = 0, rt = 0, drv = 0;
  cuptiGetVersion((uint32_t*)&cuptiVer), cudaRuntimeGetVersion(&rt), cudaDriverGetVersion(&drv);
  printf("INFO probe=range_profiler devices=%d cupti_api=%d runtime=%d driver=%d payload=%zu "
         "reps=%d\n", ndev, cuptiVer, rt, drv, kPayloadBytes, kReps);
  std::vector<Workload> ws(ndev);
  std::vector<std::array<KernelTime, NUM_K>> base(ndev);
  for (int d = 0; d < ndev; ++d) {
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, d));
    printf("DEVICE %d %s pci=%04x:%02x:%02x sms=%d\n", d, p.name, p.pciDomainID, p.pciBusID,
           p.pciDeviceID, p.multiProcessorCount);
    setupWorkload(ws[d], d, ndev);
  }
  for (int d = 0; d < ndev; ++d) {  // warm-up (module load, TLBs), then the unprofiled timing
    CK(cudaSetDevice(d));
    for (int k = 0; k < NUM_K; ++k) launchKernel(ws[d], k, nullptr);
    CK(cudaDeviceSynchronize());
    timeKernels(ws[d], base[d].data());
  }
  PARAMS(CUpti_Profiler_Initialize_Params, ip);
  if (!CP(cuptiProfilerInitialize(&ip))) printf("NOTE continuing; later calls will say more\n");
  for (int d = 0; d < ndev; ++d) {
    printf("==== range profiler on device %d ====\n", d);
    printDeviceSupport(d, CUPTI_PROFILER_RANGE_PROFILING);
    CUcontext ctx = nullptr;
    CK(cudaSetDevice(d));
    CK(cudaFree(0));
    if (cuCtxGetCurrent(&ctx) != CUDA_SUCCESS || !ctx) { printf("  no context\n"); continue; }
    std::string chip = chipName(d);
    std::vector<uint8_t> avail = counterAvailability(ctx);
    printf("CHIP dev=%d chip=%s availability_image_bytes=%zu\n", d, chip.c_str(), avail.size());
    std::vector<MetricGroup> groups =
        singlePassGroups(CUPTI_PROFILER_TYPE_RANGE_PROFILER, chip, avail, metrics);
    if (groups.empty()) printf("NOTE dev=%d no metric group to profile\n", d);
    for (size_t gi = 0; gi < groups.size(); ++gi) {
      profileGroup(ws[d], ctx, gi, groups[gi], base[d].data());
      releaseGroup(groups[gi]);
    }
  }
  PARAMS(CUpti_Profiler_DeInitialize_Params, dp);
  CP(cuptiProfilerDeInitialize(&dp));
  printf("DONE probe=range_profiler\n");
  return 0;
}
