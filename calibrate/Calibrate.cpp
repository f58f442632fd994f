// `commledger-calibrate` (run by `commledger calibrate`): measures this
// machine's links with known transfers and writes the machine profile reports
// use to turn wire bytes into payload.
#include "CalibrationError.h"
#include "LinkCalibration.h"

#include "commledger/format/MachineProfile.h"

#include <unistd.h>

#include <climits>
#include <cstdio>
#include <cstring>
#include <string>

using namespace commledger;
using namespace commledger::calibrate;

namespace {
const char *const kHelp =
    "usage: commledger calibrate [-o FILE]\n"
    "\n"
    "Runs known transfers on every GPU (16 MiB read and written by a kernel in "
    "mapped host\n"
    "memory and in each peer GPU's memory, 5 times each) under CUPTI PM "
    "sampling, and writes\n"
    "the machine profile: per link, wire bytes / payload bytes and the "
    "achieved bandwidth.\n"
    "Needs the GPUs to itself and permission to read performance counters.\n"
    "\n"
    "  -o FILE   where the profile goes (default: "
    "commledger-machine-profile.json)\n";

std::string hostName() {
  char name[HOST_NAME_MAX + 1] = {};
  return gethostname(name, sizeof name - 1) == 0 ? name : "";
}

format::MachineProfile profileOf(int deviceCount,
                                 const CalibrationOptions &options,
                                 std::vector<std::string> &warnings) {
  format::MachineProfile p;
  p.host = hostName();
  p.samplingIntervalNs = options.intervalNs;
  for (int g = 0; g < deviceCount; ++g) {
    cudaDeviceProp prop{};
    checkCuda(cudaGetDeviceProperties(&prop, g), "cudaGetDeviceProperties");
    char bus[32] = {};
    checkCuda(cudaDeviceGetPCIBusId(bus, sizeof bus, g),
              "cudaDeviceGetPCIBusId");
    p.devices.push_back({g, prop.name, bus});
  }
  p.links = calibrateLinks(deviceCount, options, warnings);
  return p;
}

std::string endpoint(int device) {
  return device < 0 ? "H" : "G" + std::to_string(device);
}

// One line per link, aligned, units in the header (like nccl-tests).
void printTable(const format::MachineProfile &p) {
  std::printf("%-13s %-8s %-22s %8s %10s\n", "link", "pair",
              "counter (issuing GPU)", "wire/pay", "GB/s");
  for (const format::LinkMeasurement &l : p.links) {
    std::string pair = endpoint(l.src) + "->" + endpoint(l.dst);
    std::printf("%-13s %-8s %-22s %8.4f %10.1f\n", l.kind.c_str(), pair.c_str(),
                l.metric.c_str(), l.ratio, l.bandwidthGBps);
  }
}

int fail(const std::string &message, int code) {
  std::fprintf(stderr, "commledger: calibrate: %s\n", message.c_str());
  return code;
}
} // namespace

int main(int argc, char **argv) {
  std::string output = "commledger-machine-profile.json";
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "-h") || !std::strcmp(argv[i], "--help")) {
      std::fputs(kHelp, stdout);
      return 0;
    }
    if (!std::strcmp(argv[i], "-o") && i + 1 < argc && argv[i + 1][0]) {
      output = argv[++i];
      continue;
    }
    std::fprintf(stderr, "commledger: calibrate: %s '%s'\n%s",
                 std::strcmp(argv[i], "-o") ? "unknown argument"
                                            : "missing file after",
                 argv[i], kHelp);
    return kCannotCalibrate;
  }
  int deviceCount = 0;
  cudaError_t e = cudaGetDeviceCount(&deviceCount);
  if (e == cudaErrorInsufficientDriver) // what the runtime says when
                                        // libcuda.so.1 is absent
    return fail("no CUDA driver on this machine (or one older than this "
                "build's CUDA runtime)",
                kCannotCalibrate);
  if (e != cudaSuccess || deviceCount == 0)
    return fail(std::string("no CUDA GPU to calibrate (") +
                    (e != cudaSuccess ? cudaGetErrorString(e) : "no devices") +
                    ")",
                kCannotCalibrate);
  try {
    CalibrationOptions options;
    std::vector<std::string> warnings;
    format::MachineProfile profile = profileOf(deviceCount, options, warnings);
    for (const std::string &w : warnings)
      std::fprintf(stderr, "commledger: calibrate: warning: %s\n", w.c_str());
    printTable(profile);
    std::string error;
    if (!format::writeMachineProfile(output, profile, error))
      return fail(error, kFailed);
    std::fprintf(stderr, "commledger: machine profile written to %s\n",
                 output.c_str());
    return 0;
  } catch (const CalibrationError &x) {
    return fail(x.what(), x.exitCode);
  }
}
