// Corpus: driver-API code (JIT loaders, language bindings): contexts, cuMemAlloc, 1D and 2D copies
// and memsets through cuda.h, whose macros map the names to their *_v2 entry points.
#include <cuda.h>
#include <cstdio>
#include <cstring>

#define CU_CHECK(call)                                                                    \
  do {                                                                                    \
    CUresult r_ = (call);                                                                 \
    if (r_ != CUDA_SUCCESS) {                                                             \
      const char *msg = nullptr;                                                          \
      cuGetErrorString(r_, &msg);                                                         \
      std::fprintf(stderr, "%s failed: %s\n", #call, msg ? msg : "?");                    \
      return 1;                                                                           \
    }                                                                                     \
  } while (0)

int copyImage(CUdeviceptr dImage, size_t pitch, const unsigned char *hImage, size_t width,
              size_t height, CUstream stream) {
  CUDA_MEMCPY2D copy;
  std::memset(&copy, 0, sizeof(copy));
  copy.srcMemoryType = CU_MEMORYTYPE_HOST;
  copy.srcHost = hImage;
  copy.srcPitch = width;
  copy.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  copy.dstDevice = dImage;
  copy.dstPitch = pitch;
  copy.WidthInBytes = width;
  copy.Height = height;
  CU_CHECK(cuMemcpy2DAsync(&copy, stream));
  CU_CHECK(cuMemcpy2D(&copy));
  return 0;
}

int main() {
  CUdevice dev;
  CUcontext ctx;
  CU_CHECK(cuInit(0));
  CU_CHECK(cuDeviceGet(&dev, 0));
  CU_CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CU_CHECK(cuCtxSetCurrent(ctx));
  const size_t n = 1 << 16;
  static unsigned int host[1 << 16];
  CUdeviceptr d, image;
  size_t pitch;
  CU_CHECK(cuMemAlloc(&d, n * sizeof(unsigned int)));
  CU_CHECK(cuMemsetD32(d, 0xdeadbeef, n));
  CU_CHECK(cuMemcpyDtoH(host, d, n * sizeof(unsigned int)));
  CU_CHECK(cuMemcpyHtoD(d, host, sizeof(host)));
  CU_CHECK(cuMemAllocPitch(&image, &pitch, 640, 480, 4));
  if (copyImage(image, pitch, reinterpret_cast<unsigned char *>(host), 640, 48, 0))
    return 1;
  CU_CHECK(cuMemcpyDtoDAsync(image, d, 1024, 0));
  CU_CHECK(cuCtxSynchronize());
  cuMemFree(d);
  cuMemFree(image);
  cuDevicePrimaryCtxRelease(dev);
  return host[0] == 0xdeadbeefu ? 0 : 1;
}
