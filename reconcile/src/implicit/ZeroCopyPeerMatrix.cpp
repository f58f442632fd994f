// Zero-copy and peer traffic per GPU and per pair (issue 3, "Reports"), summed from the launches'
// link rows: only rows the footprint matched to a mapped host or peer allocation count, so the
// far side's counters of the same transfer (a peer read shows as nvltx on the owner) count once.
#include "commledger/reconcile/implicit/ImplicitTrafficBuilder.h"

#include <cmath>
#include <map>

namespace commledger::reconcile {

namespace {
GpuZeroCopyPeer::Total &totalOf(GpuZeroCopyPeer &gpu, const std::string &link) {
  if (link == "pcie_read") return gpu.hostRead;
  if (link == "pcie_write") return gpu.hostWrite;
  if (link == "nvlink_read") return gpu.peerRead;
  return gpu.peerWrite;
}

std::uint64_t rounded(double bytes) { return static_cast<std::uint64_t>(std::llround(bytes)); }
} // namespace

void addZeroCopyPeer(ImplicitTraffic &out) {
  std::map<int, GpuZeroCopyPeer> perGpu;
  bool allPayload = true;
  for (const LaunchTraffic &l : out.launches)
    for (const LaunchTraffic::Link &k : l.links) {
      GpuZeroCopyPeer &gpu = perGpu[l.device];
      gpu.device = l.device;
      GpuZeroCopyPeer::Total &t = totalOf(gpu, k.link);
      t.wireBytes += k.wireBytes;
      if (t.payloadBytes && k.payloadBytes)
        *t.payloadBytes += *k.payloadBytes;
      else
        t.payloadBytes.reset();
      allPayload &= k.payloadBytes.has_value();
    }
  out.zeroCopyPerGpu.clear();
  for (auto &[device, gpu] : perGpu)
    out.zeroCopyPerGpu.push_back(gpu);

  // One unit for the whole matrix: payload only when every row has it, else wire everywhere.
  out.zeroCopyPeerBasis = allPayload && !out.calibration.empty() ? "payload" : "wire";
  out.zeroCopyPeer = CommMatrix("zero_copy_peer", out.deviceCount);
  out.zeroCopyUnplaced = 0;
  for (const LaunchTraffic &l : out.launches)
    for (const LaunchTraffic::Link &k : l.links) {
      std::uint64_t bytes =
          rounded(out.zeroCopyPeerBasis == "payload" ? *k.payloadBytes : k.wireBytes);
      if (!k.pairKnown)
        out.zeroCopyUnplaced += bytes;
      else
        out.zeroCopyPeer.add(Hop{TrafficKind::Other, k.src, k.dst, bytes, bytes ? 1u : 0u});
    }
}

} // namespace commledger::reconcile
