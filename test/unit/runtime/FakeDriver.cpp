// A CPU-only libcuda.so.1 for tests (see FakeCuda.h): a driver with no devices, in which every
// pointer is ordinary pageable memory. Only the functions the runtime resolves.
#include <cuda.h>

extern "C" {

CUresult cuInit(unsigned int) { return CUDA_SUCCESS; }
CUresult cuDriverGetVersion(int *version) {
  *version = 13000;
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetCount(int *count) {
  *count = 0;
  return CUDA_SUCCESS;
}
CUresult cuDeviceGet(CUdevice *, int) { return CUDA_ERROR_INVALID_DEVICE; }
CUresult cuDeviceGetName(char *, int, CUdevice) { return CUDA_ERROR_INVALID_DEVICE; }
CUresult cuDeviceGetPCIBusId(char *, int, CUdevice) { return CUDA_ERROR_INVALID_DEVICE; }
CUresult cuDeviceGetUuid(CUuuid *, CUdevice) { return CUDA_ERROR_INVALID_DEVICE; }
CUresult cuDeviceGetP2PAttribute(int *, CUdevice_P2PAttribute, CUdevice, CUdevice) {
  return CUDA_ERROR_INVALID_DEVICE;
}
CUresult cuPointerGetAttributes(unsigned int, CUpointer_attribute *, void **, CUdeviceptr) {
  return CUDA_ERROR_INVALID_VALUE; // the runtime reads this as pageable host
                                   // memory
}
CUresult cuCtxGetDevice(CUdevice *) { return CUDA_ERROR_INVALID_CONTEXT; }

} // extern "C"
