// The text report's implicit-traffic tables: allocations, unified memory, launches.
#include "commledger/reconcile/implicit/ImplicitRender.h"

#include "commledger/reconcile/HumanUnits.h"
#include "commledger/reconcile/TextLayout.h"

#include <algorithm>
#include <sstream>

namespace commledger::reconcile {

namespace {
std::string deviceCell(int device) { return device < 0 ? "-" : "G" + std::to_string(device); }

void printMessage(std::ostream &os, const std::string &message) {
  if (!message.empty())
    for (const std::string &l : wrap(message, kTerminalWidth, 4, 4))
      os << l << '\n';
}

void printAllocations(std::ostream &os, const ImplicitTraffic &r) {
  if (r.allocations.empty())
    return;
  os << "\nAllocations:\n"
     << padRight("SITE", 40) << "  " << padRight("API", 18) << "  " << padRight("MEMORY", 10)
     << "  " << padRight("DEV", 3) << "  " << padLeft("BYTES", 11) << "  " << padLeft("COUNT", 6)
     << '\n';
  for (const AllocationSummary &a : r.allocations) {
    std::string where = a.location + (a.argument.empty() ? "" : " " + a.argument);
    os << padRight(truncateLeft(where, 40), 40) << "  " << padRight(truncateRight(a.api, 18), 18)
       << "  " << padRight(a.memory, 10) << "  " << padRight(deviceCell(a.device), 3) << "  "
       << padLeft(formatBytes(a.bytes), 11) << "  " << padLeft(std::to_string(a.count), 6)
       << '\n';
  }
}

void printMatrix(std::ostream &os, const CommMatrix &m) {
  os << padLeft("", 4);
  for (const std::string &l : m.labels)
    os << padLeft(l, 12);
  os << '\n';
  for (std::size_t row = 0; row < m.labels.size(); ++row) {
    os << padRight(m.labels[row], 4);
    for (std::size_t col = 0; col < m.labels.size(); ++col)
      os << padLeft(m.bytes[row][col] ? formatBytes(m.bytes[row][col]) : "0", 12);
    os << '\n';
  }
}

std::uint64_t predictedOf(const UmAllocation &u, int src, int dst) {
  for (const UmPair &p : u.predicted)
    if (p.src == src && p.dst == dst)
      return p.total();
  return 0;
}

void printUnifiedMemory(std::ostream &os, const ImplicitTraffic &r) {
  if (r.unifiedMemory.empty())
    return;
  if (!r.umAll.empty()) {
    os << "\nUnified memory, observed (row = dst, column = src):\n";
    printMatrix(os, r.umAll);
  }
  os << "\nUnified memory per allocation (observed: prefetch + fault; predicted: residency model):\n"
     << padRight("ALLOCATION", 36) << "  " << padRight("PAIR", 6) << "  " << padLeft("PREFETCH", 10)
     << "  " << padLeft("FAULT", 10) << "  " << padLeft("PREDICTED", 10) << "  VERDICT\n";
  for (const UmAllocation &u : r.unifiedMemory) {
    std::vector<std::pair<int, int>> keys;
    for (const auto *list : {&u.observed, &u.predicted})
      for (const UmPair &p : *list)
        if (std::find(keys.begin(), keys.end(), std::make_pair(p.src, p.dst)) == keys.end())
          keys.push_back({p.src, p.dst});
    std::string label = truncateLeft(u.label, 36);
    if (keys.empty())
      os << padRight(label, 36) << "  " << padRight("-", 6) << "  " << padLeft("0", 10) << "  "
         << padLeft("0", 10) << "  " << padLeft(u.predictionKnown ? "0" : "?", 10) << "  "
         << toString(u.verdict) << '\n';
    for (std::size_t i = 0; i < keys.size(); ++i) {
      auto [src, dst] = keys[i];
      UmPair obs{src, dst, 0, 0};
      for (const UmPair &p : u.observed)
        if (p.src == src && p.dst == dst)
          obs = p;
      os << padRight(i ? "" : label, 36) << "  " << padRight(pairLabel(src, dst), 6) << "  "
         << padLeft(formatBytes(obs.prefetchBytes), 10) << "  "
         << padLeft(formatBytes(obs.faultBytes), 10) << "  "
         << padLeft(u.predictionKnown ? formatBytes(predictedOf(u, src, dst)) : "?", 10) << "  "
         << (i ? "" : toString(u.verdict)) << '\n';
    }
    std::string events;
    for (const auto &[name, n] : u.events)
      events += (events.empty() ? "events: " : ", ") + name + " " + std::to_string(n);
    printMessage(os, events);
    printMessage(os, u.message);
  }
}

void printLaunches(std::ostream &os, const ImplicitTraffic &r) {
  if (r.launches.empty())
    return;
  os << "\nZero-copy and peer traffic per launch (hardware counters, "
     << (r.calibration.empty() ? "uncalibrated: wire bytes" : "payload = wire / profile ratio")
     << "):\n"
     << padRight("LAUNCH", 34) << "  " << padRight("DEV", 3) << "  " << padRight("LINK", 12)
     << "  " << padLeft("WIRE", 10) << "  " << padLeft("PAYLOAD", 10) << "  VERDICT\n";
  for (const LaunchTraffic &l : r.launches) {
    std::string label = truncateLeft(l.location, 34);
    if (l.links.empty())
      os << padRight(label, 34) << "  " << padRight(deviceCell(l.device), 3) << "  "
         << padRight("-", 12) << "  " << padLeft("-", 10) << "  " << padLeft("-", 10) << "  "
         << l.verdict << '\n';
    for (std::size_t i = 0; i < l.links.size(); ++i) {
      const LaunchTraffic::Link &k = l.links[i];
      os << padRight(i ? "" : label, 34) << "  " << padRight(deviceCell(l.device), 3) << "  "
         << padRight(k.link, 12) << "  "
         << padLeft(formatBytes(static_cast<std::uint64_t>(k.wireBytes)), 10) << "  "
         << padLeft(k.payloadBytes ? formatBytes(static_cast<std::uint64_t>(*k.payloadBytes))
                                   : "?",
                    10)
         << "  " << (i ? "" : l.verdict) << '\n';
    }
    printMessage(os, l.message);
  }
}
// Per-GPU totals, then the pair matrix, of the launches' link rows (ZeroCopyPeerMatrix.cpp).
void printZeroCopyPeer(std::ostream &os, const ImplicitTraffic &r) {
  if (r.zeroCopyPerGpu.empty())
    return;
  const bool payload = r.zeroCopyPeerBasis == "payload";
  os << "\nZero-copy and peer traffic per GPU (" << (payload ? "payload" : "wire bytes")
     << "):\n"
     << padRight("GPU", 3);
  for (const char *h : {"HOST READ", "HOST WRITE", "PEER READ", "PEER WRITE"})
    os << "  " << padLeft(h, 10);
  os << '\n';
  for (const GpuZeroCopyPeer &g : r.zeroCopyPerGpu) {
    os << padRight(deviceCell(g.device), 3);
    for (const GpuZeroCopyPeer::Total *t : {&g.hostRead, &g.hostWrite, &g.peerRead, &g.peerWrite}) {
      double bytes = payload ? t->payloadBytes.value_or(0) : t->wireBytes;
      os << "  " << padLeft(bytes > 0 ? formatBytes(static_cast<std::uint64_t>(bytes)) : "0", 10);
    }
    os << '\n';
  }
  os << "\nZero-copy and peer traffic per pair (" << (payload ? "payload" : "wire bytes")
     << ", row = dst, column = src):\n";
  printMatrix(os, r.zeroCopyPeer);
  if (r.zeroCopyUnplaced)
    printMessage(os, formatBytes(r.zeroCopyUnplaced) +
                         " of launches that touch several peers through one link are in no cell");
}
} // namespace

std::string implicitTextSections(const ImplicitTraffic &r) {
  std::ostringstream os;
  printAllocations(os, r);
  printUnifiedMemory(os, r);
  printLaunches(os, r);
  printZeroCopyPeer(os, r);
  return os.str();
}

} // namespace commledger::reconcile
