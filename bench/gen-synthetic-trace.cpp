// Writes a synthetic site database and traces for the reconciler benchmark
// (bench/run-reconcile.sh, docs/PERFORMANCE.md "Reconcile"), through the format:: writers so the
// files are exactly what the instrumenter and the runtime write.
//   bench_gen_trace OUTDIR [--sites N] [--records N] [--traces T]
// Records are the rows the reconciler reads: in each of the T traces every site has one request
// row and one observed row; the event log rows fill the rest of the records, spread evenly over
// the traces (timeline events). Defaults: 10^5 sites, 10^7 records, 10 traces.
#include "commledger/format/SiteDatabase.h"
#include "commledger/format/Trace.h"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

namespace fmt = commledger::format;

namespace {

struct Options {
  std::string outDir;
  std::uint64_t sites = 100000, records = 10000000, traces = 10;
};

// A fixed-seed generator: the same arguments give the same files on any machine.
struct Lcg {
  std::uint64_t state = 0x9e3779b97f4a7c15ULL;
  std::uint64_t next() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return state >> 33;
  }
};

const char *const kApis[] = {"cudaMemcpyAsync", "cudaMemcpyPeerAsync", "cudaMemcpy",
                             "cudaMemsetAsync"};
constexpr int kGpus = 8;

bool parseArgs(int argc, char **argv, Options &o) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto number = [&](std::uint64_t &v) {
      if (i + 1 >= argc)
        return false;
      v = std::strtoull(argv[++i], nullptr, 10);
      return v > 0;
    };
    if (a == "--sites" || a == "--records" || a == "--traces") {
      std::uint64_t &v = a == "--sites" ? o.sites : a == "--records" ? o.records : o.traces;
      if (!number(v))
        return false;
    } else if (o.outDir.empty()) {
      o.outDir = a;
    } else {
      return false;
    }
  }
  return !o.outDir.empty() && o.records >= 2 * o.sites * o.traces;
}

fmt::Site makeSite(std::uint64_t i) {
  fmt::Site s;
  s.file = "src/module" + std::to_string(i / 100) + ".cu";
  s.line = static_cast<unsigned>(10 + i % 100 * 3);
  s.column = 5;
  s.api = kApis[i % 4];
  s.family = i % 4 == 3 ? fmt::SiteFamily::Memset : fmt::SiteFamily::Copy;
  s.id = fmt::computeSiteId(s.file, s.line, s.column, s.api);
  s.function = "exchange" + std::to_string(i % 1000);
  s.instrumented = true;
  fmt::Prediction p;
  p.direction = i % 4 == 1 ? "P2P" : i % 4 == 3 ? "local" : "H2D";
  p.bytes = 4096 << (i % 8);
  p.bytesExpr = "n * sizeof(float)";
  p.src.kind = fmt::PredictedEndpoint::Kind::Host;
  p.src.hostMemory = "pinned";
  p.dst.kind = fmt::PredictedEndpoint::Kind::Device;
  p.dst.device = std::to_string(i % kGpus);
  p.multiplicity = 1;
  s.prediction = p;
  return s;
}

// The endpoints CUPTI would report for site i's copies (rows and events agree).
void endpointsOf(std::uint64_t i, fmt::CopyKind &kind, fmt::Endpoint &src, fmt::Endpoint &dst) {
  int gpu = static_cast<int>(i % kGpus);
  switch (i % 4) {
  case 1:
    kind = fmt::CopyKind::PtoP;
    src = {gpu, fmt::MemoryKind::Device};
    dst = {(gpu + 1) % kGpus, fmt::MemoryKind::Device};
    break;
  case 3:
    kind = fmt::CopyKind::Memset;
    src = {gpu, fmt::MemoryKind::Device};
    dst = src;
    break;
  default:
    kind = fmt::CopyKind::HtoD;
    src = {fmt::kHostEndpoint, fmt::MemoryKind::Pinned};
    dst = {gpu, fmt::MemoryKind::Device};
  }
}

fmt::Trace makeTrace(const Options &o, const std::vector<fmt::Site> &sites, std::uint64_t t,
                     std::uint64_t events, Lcg &rng) {
  fmt::Trace trace;
  trace.process = {"bench-node", static_cast<std::int64_t>(1000 + t), {"./halo"}, 0, 0,
                   13000, 13000, "exit"};
  trace.cuptiActive = true;
  for (int d = 0; d < kGpus; ++d)
    trace.devices.push_back({d, "NVIDIA H200", "0000:" + std::to_string(10 + d) + ":00.0", ""});
  std::vector<std::uint64_t> calls(o.sites, 1); // each site's calls: rows and events agree
  for (std::uint64_t e = 0; e < events; ++e) {
    std::uint64_t i = rng.next() % o.sites;
    fmt::EventRow ev;
    ev.site = sites[i].id;
    endpointsOf(i, ev.copyKind, ev.src, ev.dst);
    ev.bytes = *sites[i].prediction->bytes;
    ev.startNs = static_cast<std::int64_t>(1000 * e + rng.next() % 500);
    ev.endNs = ev.startNs + 400;
    ev.device = ev.dst.device < 0 ? 0 : ev.dst.device;
    ev.stream = static_cast<std::uint32_t>(7 + rng.next() % 4);
    trace.events.push_back(ev);
    ++calls[i];
  }
  for (std::uint64_t i = 0; i < o.sites; ++i) {
    fmt::RequestRow r;
    r.site = sites[i].id;
    r.api = sites[i].api;
    r.kind = i % 4 == 3 ? "" : "Default";
    fmt::CopyKind kind;
    endpointsOf(i, kind, r.src, r.dst);
    r.count = calls[i];
    r.bytes = calls[i] * *sites[i].prediction->bytes;
    trace.requests.push_back(r);
    fmt::ObservedRow ob;
    ob.site = r.site;
    ob.copyKind = kind;
    ob.src = r.src;
    ob.dst = r.dst;
    ob.bytes = r.bytes;
    ob.count = r.count;
    trace.observed.push_back(ob);
  }
  return trace;
}

} // namespace

int main(int argc, char **argv) {
  Options o;
  if (!parseArgs(argc, argv, o)) {
    std::cerr << "usage: bench_gen_trace OUTDIR [--sites N] [--records N] [--traces T]\n"
                 "  (records >= 2 * sites * traces: every trace has a request and an observed\n"
                 "   row per site; event log rows fill the rest)\n";
    return 1;
  }
  std::filesystem::create_directories(o.outDir);
  fmt::SiteDatabase db;
  db.projectRoot = "/bench";
  for (std::uint64_t i = 0; i < o.sites; ++i)
    db.sites.push_back(makeSite(i));
  std::string error;
  if (!fmt::writeSiteDatabase(o.outDir + "/sites.json", db, error)) {
    std::cerr << error << "\n";
    return 1;
  }
  const std::uint64_t events = o.records - 2 * o.sites * o.traces;
  Lcg rng;
  for (std::uint64_t t = 0; t < o.traces; ++t) {
    std::uint64_t mine = events / o.traces + (t < events % o.traces ? 1 : 0);
    fmt::Trace trace = makeTrace(o, db.sites, t, mine, rng);
    std::string path = o.outDir + "/trace-bench-node-" + std::to_string(1000 + t) + ".json";
    if (!fmt::writeTrace(path, trace, error)) {
      std::cerr << error << "\n";
      return 1;
    }
  }
  std::cout << "sites=" << o.sites << " traces=" << o.traces << " records=" << o.records
            << " (requests=" << o.sites * o.traces << " observed=" << o.sites * o.traces
            << " events=" << events << ")\n";
  return 0;
}
