// The machine profile `commledger calibrate` writes: per link of this machine,
// the ratio of the wire bytes a hardware counter shows to the payload a kernel
// moved, and the achieved bandwidth. Reports turn counter (wire) bytes into
// payload estimates with it. docs/formats.md ("Machine profile").
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace commledger::format {

inline constexpr int kMachineProfileVersion = 1;
inline constexpr const char *kMachineProfileFormat =
    "commledger-machine-profile";

// The link kinds a profile measures: a kernel on one GPU reading/writing mapped
// host memory (zero-copy, over PCIe) or a peer GPU's memory (over NVLink or
// whatever peer access uses).
inline constexpr const char *kLinkKinds[] = {"pcie_read", "pcie_write",
                                             "nvlink_read", "nvlink_write"};
bool isLinkKind(const std::string &kind);

struct ProfileDevice {
  int index = 0;
  std::string name, pciBusId;
};

// One counter of one GPU during the calibration kernels: median bytes over the
// repetitions.
struct WireCount {
  int device = 0;
  std::string metric; // e.g. "nvlrx__bytes.sum"
  std::uint64_t bytes = 0;
};

// Endpoints as in traces and budgets: -1 is the host, k is GPU k; src -> dst is
// the data flow. `issuer` is the GPU whose kernel moved the data (dst for
// reads, src for writes).
struct LinkMeasurement {
  std::string kind;
  int src = -1, dst = -1, issuer = 0;
  std::uint64_t payloadBytes = 0;
  unsigned repetitions = 0;
  std::vector<WireCount> wire;
  std::string metric;   // the counter the ratio is taken from ...
  int metricDevice = 0; // ... on this GPU
  double ratio = 0;     // median over repetitions of wire / payload (> 0)
  double bandwidthGBps =
      0; // payload / median kernel time, 1e9 bytes per second
};

struct MachineProfile {
  int version = kMachineProfileVersion;
  std::string host;
  std::uint64_t samplingIntervalNs = 0;
  std::vector<ProfileDevice> devices;
  std::vector<LinkMeasurement> links;
};

// The measured link of `kind` from src to dst; nullptr when the profile has
// none.
const LinkMeasurement *findLink(const MachineProfile &profile,
                                const std::string &kind, int src, int dst);
// The ratio to divide wire bytes by: the exact link's, else the median over the
// links of that kind (a pair calibration skipped, same link type); nullopt when
// the kind was not measured.
std::optional<double> ratioFor(const MachineProfile &profile,
                               const std::string &kind, int src, int dst);

std::string toJsonText(const MachineProfile &profile);
bool parseMachineProfile(const std::string &text, const std::string &path,
                         MachineProfile &out, std::string &error);
bool readMachineProfile(const std::string &path, MachineProfile &out,
                        std::string &error);
bool writeMachineProfile(const std::string &path, const MachineProfile &profile,
                         std::string &error);

} // namespace commledger::format
