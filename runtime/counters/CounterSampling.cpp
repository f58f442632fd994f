// Counters mode in the runtime's life: started with the first site (Runtime::firstUse), decoded
// every 100 ms by a background thread so the samplers' hardware buffers never fill on a long run,
// and stopped and decoded a last time on the exit path before the pipeline finishes. Samples
// go to the pipeline's CounterAttributor under the pipeline lock.
#include "counters/PmSampler.h"
#include "cupti/Runtime.h"

#include <cstdio>
#include <cstdlib>

namespace commledger::rt {
namespace {
// At 20 µs, 100 ms is ~5000 samples per device: one image (20000), a small share of the buffer.
constexpr std::uint32_t kDecodeIntervalMs = 100;
} // namespace

// Why firstUse, not the first kernel launch: it runs on the program's thread outside any CUPTI
// callback (profiler calls from inside one are not documented as safe), after cuInit (the
// inventory) and before the site's own call, so the first kernel and its copies are sampled.
// PM sampling is per device index, not per context: no context is needed yet.
void Runtime::startCounters() {
  if (!PmSampler::requested() || written_.load())
    return;
  std::string error;
  const std::uint64_t intervalNs =
      PmSampler::intervalFromText(std::getenv("COMMLEDGER_COUNTERS_INTERVAL_NS"), error);
  if (!error.empty())
    std::fprintf(stderr, "commledger: warning: %s\n", error.c_str());
  error.clear();
  if (!cuptiActive_)
    return; // the one "CUPTI not started" warning covers it
  const int devices = static_cast<int>(inventory_.devices.size());
  if (!counterSampler_.start(libs_.cuptiHandle(), devices, intervalNs, error)) {
    std::fprintf(stderr, "commledger: warning: counters mode off: %s\n", error.c_str());
    return;
  }
  if (!error.empty()) // some devices sample, others could not
    std::fprintf(stderr, "commledger: warning: counters: %s\n", error.c_str());
  {
    std::lock_guard<std::mutex> lock(activity_.pipelineMutex());
    pipeline_.counterAttributor().enable(counterSampler_.metrics());
  }
  counterDecoder_.start(kDecodeIntervalMs, [this] { decodeCounters(); });
  // The samplers must stop before cudart's exit handlers destroy the contexts: the handler that
  // does it is registered after cudart's (noteRuntimeCallReturned), so it runs first.
  countersRunning_.store(true);
}

void Runtime::registerCountersExit() {
  std::atexit([] {
    if (Runtime *rt = Runtime::instance())
      rt->finishCounters(false);
  });
}

void Runtime::decodeCounters() {
  std::vector<CounterSample> samples;
  counterSampler_.decode(samples);
  if (samples.empty())
    return;
  std::lock_guard<std::mutex> lock(activity_.pipelineMutex());
  CounterAttributor &attributor = pipeline_.counterAttributor();
  for (CounterSample &s : samples)
    attributor.addSample(std::move(s));
  attributor.drain();
}

void Runtime::finishCounters(bool fromSignal) {
  // From a signal handler the decode thread may be inside CUPTI, or this thread may hold the
  // sampler's lock: tell it to stop and keep what was decoded so far.
  if (fromSignal) {
    counterDecoder_.requestStop();
    return;
  }
  counterDecoder_.stop();
  if (!counterSampler_.running())
    return;
  counterSampler_.stop();
  decodeCounters();
}

} // namespace commledger::rt
