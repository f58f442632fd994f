// Issue 3 probe: the same five kernels as counters_range_probe, observed with CUPTI PM sampling
// (device-wide, timestamped samples) on every GPU at once. Each launch is isolated by an idle
// gap; samples overlapping the launch's window are summed. Windows come from two clocks, the
// kernel's own %globaltimer and CUPTI CONCURRENT_KERNEL records, to find the samples' clock.
// Usage: counters_pmsampling_probe [metric,metric,...|""] [interval_ns,interval_ns,...]
#include <array>
#include <cstdlib>
#include <mutex>
#include "counter_probe_pmdecode.cuh"

constexpr int kMeasReps = 3;
struct Launch { int dev, k, rep; uint64_t gt0 = 0, gt1 = 0, act0 = 0, act1 = 0; };
static std::vector<Launch> gLaunches;
static std::vector<CUpti_ActivityKernel10> gKernels;  // CUPTI clock (CLOCK_REALTIME based)
static std::mutex gKernelsMu;  // buffers may complete on CUPTI's worker thread

static void CUPTIAPI bufReq(uint8_t** b, size_t* s, size_t* m) {
  *s = 1 << 20, *b = (uint8_t*)aligned_alloc(8, *s), *m = 0;
}
static void CUPTIAPI bufDone(CUcontext, uint32_t, uint8_t* b, size_t, size_t valid) {
  CUpti_Activity* r = nullptr;
  while (cuptiActivityGetNextRecord(b, valid, &r) == CUPTI_SUCCESS)
    if (r->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL) {
      std::lock_guard<std::mutex> lock(gKernelsMu);
      gKernels.push_back(*(CUpti_ActivityKernel10*)r);
    }
  free(b);
}

// Launch every kernel kMeasReps times on every device, one at a time, 1 ms idle between, with
// %globaltimer stamps and activity records; then match the records to launches in order.
static void measuredLaunches(std::vector<Workload>& ws, std::vector<unsigned long long*>& ts) {
  gLaunches.clear(), gKernels.clear();
  int n = NUM_K * kMeasReps;
  std::vector<unsigned long long> init(2 * n);
  for (int i = 0; i < n; ++i) init[2 * i] = ~0ull, init[2 * i + 1] = 0;
  CP(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL));
  for (auto& w : ws) {
    CK(cudaSetDevice(w.dev));
    CK(cudaMemcpy(ts[w.dev], init.data(), init.size() * 8, cudaMemcpyHostToDevice));
    for (int k = 0; k < NUM_K; ++k)
      for (int r = 0; r < kMeasReps; ++r) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
        if (!launchKernel(w, k, ts[w.dev] + 2 * (k * kMeasReps + r))) continue;
        CK(cudaStreamSynchronize(w.stream));
        gLaunches.push_back({w.dev, k, r});
      }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  CP(cuptiActivityDisable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL));
  CP(cuptiActivityFlushAll(1));
  std::lock_guard<std::mutex> lock(gKernelsMu);
  for (auto& w : ws) {
    std::vector<unsigned long long> got(2 * n);
    CK(cudaSetDevice(w.dev));
    CK(cudaMemcpy(got.data(), ts[w.dev], got.size() * 8, cudaMemcpyDeviceToHost));
    std::vector<const CUpti_ActivityKernel10*> recs;
    for (auto& r : gKernels)
      if ((int)r.deviceId == w.dev && kernelIdByName(r.name) >= 0) recs.push_back(&r);
    std::sort(recs.begin(), recs.end(), [](auto* a, auto* b) { return a->start < b->start; });
    size_t j = 0;
    for (auto& l : gLaunches) {
      if (l.dev != w.dev) continue;
      int slot = l.k * kMeasReps + l.rep;
      l.gt0 = got[2 * slot], l.gt1 = got[2 * slot + 1];
      if (j < recs.size() && kernelIdByName(recs[j]->name) == l.k)
        l.act0 = recs[j]->start, l.act1 = recs[j]->end;
      else
        printf("NOTE dev=%d launch %s rep %d has no matching activity record\n", w.dev,
               kKernelName[l.k], l.rep);
      ++j;
    }
  }
  for (auto& l : gLaunches)  // same event, two clocks: a constant difference means one timebase
    if (l.rep == 0 && l.act0)
      printf("CLOCKPAIR dev=%d kernel=%s gt_start=%llu act_start=%llu act_minus_gt_ns=%lld "
             "gt_dur_ns=%llu act_dur_ns=%llu\n", l.dev, kKernelName[l.k],
             (unsigned long long)l.gt0, (unsigned long long)l.act0, (long long)(l.act0 - l.gt0),
             (unsigned long long)(l.gt1 - l.gt0), (unsigned long long)(l.act1 - l.act0));
  printf("LAUNCHES measured=%zu activity_kernel_records=%zu\n", gLaunches.size(), gKernels.size());
}

// One line per (issuing device, kernel, observing device, clock): mean over kMeasReps of the
// summed samples, plus the background the idle samples show (PM buffer traffic, etc.).
static void attribute(const char* tag, int obsDev, MetricGroup& g, const std::vector<Sample>& s) {
  size_t nm = g.cnames.size();
  std::vector<double> bpu;
  for (auto* n : g.cnames) bpu.push_back(bytesPerUnit(g.host, n, nullptr));
  uint64_t lo[2] = {~0ull, ~0ull}, hi[2] = {0, 0};
  for (auto& l : gLaunches) {
    if (l.gt0 && l.gt0 != ~0ull) lo[0] = std::min(lo[0], l.gt0), hi[0] = std::max(hi[0], l.gt1);
    if (l.act0) lo[1] = std::min(lo[1], l.act0), hi[1] = std::max(hi[1], l.act1);
  }
  printClockCheck(obsDev, s, "globaltimer", lo[0] == ~0ull ? 0 : lo[0], hi[0]);
  printClockCheck(obsDev, s, "cupti_activity", lo[1] == ~0ull ? 0 : lo[1], hi[1]);
  static const char* clockName[2] = {"globaltimer", "cupti_activity"};
  for (int c = 0; c < 2; ++c)
    for (int d = 0; d < 32; ++d)
      for (int k = 0; k < NUM_K; ++k) {
        std::vector<double> sum(nm, 0.0), mn(nm, 1e300), mx(nm, -1e300);
        int reps = 0, samples = 0;
        double durUs = 0;
        for (auto& l : gLaunches) {
          if (l.dev != d || l.k != k) continue;
          uint64_t a = c ? l.act0 : l.gt0, b = c ? l.act1 : l.gt1;
          if (!a || a == ~0ull || b <= a) continue;
          Window w = sumWindow(s, a, b, nm);
          for (size_t m = 0; m < nm; ++m)
            sum[m] += w.sum[m], mn[m] = std::min(mn[m], w.sum[m]), mx[m] = std::max(mx[m], w.sum[m]);
          reps++, samples += w.samples, durUs += (b - a) / 1e3;
        }
        if (!reps) continue;
        printf("PMKERNEL %s clock=%s issue_dev=%d kernel=%-10s observe_dev=%d reps=%d dur_us=%.1f "
               "samples/launch=%.1f (mean[min..max] xmean)", tag, clockName[c], d, kKernelName[k],
               obsDev, reps, durUs / reps, double(samples) / reps);
        for (size_t m = 0; m < nm; ++m) {
          printf(" %s=%.0f[%.0f..%.0f]", g.cnames[m], sum[m] / reps, mn[m], mx[m]);
          if (bpu[m] > 0) printf("x%.3f", sum[m] / reps * bpu[m] / double(kPayloadBytes));
        }
        printf("\n");
      }
  // Background: samples of the measured phase (before the timing loop) that touch no launch
  // window (globaltimer clock, widened by 50 us): PM-buffer and other traffic nobody launched.
  std::vector<double> bg(nm, 0.0);
  double bgNs = 0, allNs = 0;
  for (auto& x : s) {
    allNs += double(x.end - x.start);
    if (hi[0] && x.start > hi[0]) break;  // the timing loop follows; its kernels are not idle
    bool busy = false;
    for (auto& l : gLaunches)
      busy |= l.gt0 != ~0ull && x.start < l.gt1 + 50000 && x.end + 50000 > l.gt0;
    if (busy) continue;
    bgNs += double(x.end - x.start);
    for (size_t m = 0; m < nm && m < x.v.size(); ++m) bg[m] += x.v[m];
  }
  printf("BACKGROUND %s observe_dev=%d samples=%zu measured_phase_ms=%.2f idle_ms=%.2f per_ms_idle:", tag,
         obsDev, s.size(), allNs / 1e6, bgNs / 1e6);
  for (size_t m = 0; m < nm; ++m) printf(" %s=%.1f", g.cnames[m], bgNs > 0 ? bg[m] / (bgNs / 1e6) : 0);
  printf("\n");
}

int main(int argc, char** argv) {
  setvbuf(stdout, nullptr, _IOLBF, 0);
  std::vector<std::string> metrics = metricsFromArgs(argc, argv);
  std::vector<uint64_t> intervals;
  for (const char* p = argc > 2 ? argv[2] : "20000,5000"; *p;) {
    char* e;
    uint64_t v = strtoull(p, &e, 10);
    if (e == p) break;
    intervals.push_back(v), p = *e ? e + 1 : e;
  }
  int ndev = 0;
  if (!CK(cudaGetDeviceCount(&ndev)) || ndev == 0) return 1;
  ndev = std::min(ndev, 32);
  printf("INFO probe=pm_sampling devices=%d payload=%zu meas_reps=%d timing_reps=%d\n", ndev,
         kPayloadBytes, kMeasReps, kReps);
  std::vector<Workload> ws(ndev);
  std::vector<std::array<KernelTime, NUM_K>> base(ndev), with(ndev);
  std::vector<unsigned long long*> ts(ndev, nullptr);
  for (int d = 0; d < ndev; ++d) {
    setupWorkload(ws[d], d, ndev);
    CK(cudaMalloc((void**)&ts[d], 2 * NUM_K * kMeasReps * 8));
    for (int k = 0; k < NUM_K; ++k) launchKernel(ws[d], k, nullptr);  // warm-up
    CK(cudaDeviceSynchronize());
    timeKernels(ws[d], base[d].data());
  }
  CP(cuptiActivityRegisterCallbacks(bufReq, bufDone));
  PARAMS(CUpti_Profiler_Initialize_Params, ip);
  if (!CP(cuptiProfilerInitialize(&ip))) printf("NOTE continuing; later calls will say more\n");
  for (int d = 0; d < ndev; ++d) printDeviceSupport(d, CUPTI_PROFILER_PM_SAMPLING);
  std::string chip = chipName(0);
  std::vector<uint8_t> avail;
  PARAMS(CUpti_PmSampling_GetCounterAvailability_Params, ap);
  ap.deviceIndex = 0;
  if (CP(cuptiPmSamplingGetCounterAvailability(&ap))) {
    avail.resize(ap.counterAvailabilityImageSize);
    ap.pCounterAvailabilityImage = avail.data();
    if (!CP(cuptiPmSamplingGetCounterAvailability(&ap))) avail.clear();
  }
  printf("CHIP dev=0 chip=%s availability_image_bytes=%zu (config built once, used on all "
         "devices)\n", chip.c_str(), avail.size());
  for (int d = 1; d < ndev; ++d)
    if (chipName(d) != chip) printf("NOTE dev=%d has chip %s: its config may not apply\n", d, chipName(d).c_str());
  std::vector<MetricGroup> groups =
      singlePassGroups(CUPTI_PROFILER_TYPE_PM_SAMPLING, chip, avail, metrics);
  for (uint64_t iv : intervals)
    for (size_t gi = 0; gi < groups.size(); ++gi) {
      printf("==== pm sampling interval=%llu ns group=%zu ====\n", (unsigned long long)iv, gi);
      std::vector<CUpti_PmSampling_Object*> obj(ndev);
      for (int d = 0; d < ndev; ++d) obj[d] = startSampler(d, groups[gi], iv);
      measuredLaunches(ws, ts);
      for (int d = 0; d < ndev; ++d) timeKernels(ws[d], with[d].data());
      for (int d = 0; d < ndev; ++d)
        if (obj[d]) stopSampler(obj[d]);
      char tag[64];
      snprintf(tag, sizeof tag, "interval_ns=%llu group=%zu", (unsigned long long)iv, gi);
      for (int d = 0; d < ndev; ++d) {
        if (!obj[d]) continue;
        std::vector<Sample> s = decodeAll(d, obj[d], groups[gi]);
        if (!s.empty())
          printf("SAMPLES observe_dev=%d n=%zu first_start=%llu last_end=%llu mean_len_ns=%.0f\n",
                 d, s.size(), (unsigned long long)s.front().start,
                 (unsigned long long)s.back().end,
                 double(s.back().end - s.front().start) / s.size());
        attribute(tag, d, groups[gi], s);
        disableSampler(obj[d]);
      }
      for (int d = 0; d < ndev; ++d) {
        char t2[96];
        snprintf(t2, sizeof t2, "pm_sampling %s", tag);
        printTimes(t2, d, base[d].data(), with[d].data());
      }
    }
  for (auto& g : groups) releaseGroup(g);
  PARAMS(CUpti_Profiler_DeInitialize_Params, dp);
  CP(cuptiProfilerDeInitialize(&dp));
  printf("DONE probe=pm_sampling\n");
  return 0;
}
