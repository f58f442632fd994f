// Device inventory via the driver API; see DeviceInventory.h.
#include "cupti/DeviceInventory.h"

#include <cstdio>

namespace commledger::rt {
namespace {

// nvidia-smi's spelling: GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx.
std::string uuidText(const CUuuid &uuid) {
  std::string text = "GPU-";
  char hex[3];
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10)
      text += '-';
    std::snprintf(hex, sizeof hex, "%02x", static_cast<unsigned char>(uuid.bytes[i]));
    text += hex;
  }
  return text;
}

int p2pAttribute(const DriverFunctions &driver, CUdevice_P2PAttribute attribute, CUdevice src,
                 CUdevice dst) {
  int value = 0;
  return driver.cuDeviceGetP2PAttribute(&value, attribute, src, dst) == CUDA_SUCCESS ? value : 0;
}

} // namespace

void collectDeviceInventory(const DriverFunctions &driver, format::Trace &trace) {
  if (!driver.cuInit || driver.cuInit(0) != CUDA_SUCCESS)
    return;
  int version = 0;
  if (driver.cuDriverGetVersion(&version) == CUDA_SUCCESS)
    trace.process.cudaDriverVersion = version;
  int count = 0;
  if (driver.cuDeviceGetCount(&count) != CUDA_SUCCESS)
    return;
  std::vector<CUdevice> handles(count);
  for (int i = 0; i < count; ++i) {
    format::DeviceInfo info;
    info.index = i;
    if (driver.cuDeviceGet(&handles[i], i) != CUDA_SUCCESS)
      continue;
    char text[256] = {};
    if (driver.cuDeviceGetName(text, sizeof text - 1, handles[i]) == CUDA_SUCCESS)
      info.name = text;
    char bus[64] = {};
    if (driver.cuDeviceGetPCIBusId(bus, sizeof bus - 1, handles[i]) == CUDA_SUCCESS)
      info.pciBusId = bus;
    CUuuid uuid;
    if (driver.cuDeviceGetUuid(&uuid, handles[i]) == CUDA_SUCCESS)
      info.uuid = uuidText(uuid);
    trace.devices.push_back(std::move(info));
  }
  for (int s = 0; s < count; ++s)
    for (int d = 0; d < count; ++d) {
      if (s == d)
        continue;
      format::PeerInfo peer;
      peer.src = s;
      peer.dst = d;
      peer.accessSupported =
          p2pAttribute(driver, CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED, handles[s], handles[d]);
      peer.nativeAtomicSupported = p2pAttribute(
          driver, CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED, handles[s], handles[d]);
      peer.performanceRank =
          p2pAttribute(driver, CU_DEVICE_P2P_ATTRIBUTE_PERFORMANCE_RANK, handles[s], handles[d]);
      trace.peers.push_back(peer);
    }
}

} // namespace commledger::rt
