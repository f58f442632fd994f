// The one error `commledger-calibrate` stops on: main() prints it as one
// "commledger: calibrate:" line and exits with its code. A standalone tool, so
// an exception is the plain way out.
#pragma once
#include <cuda_runtime.h>
#include <cupti.h>

#include <stdexcept>
#include <string>

namespace commledger::calibrate {

// 2: this machine cannot calibrate (no GPU or driver, counters not permitted);
// 1: anything else.
constexpr int kCannotCalibrate = 2, kFailed = 1;

struct CalibrationError : std::runtime_error {
  int exitCode;
  CalibrationError(const std::string &message, int code)
      : std::runtime_error(message), exitCode(code) {}
};

inline void checkCuda(cudaError_t e, const char *what) {
  if (e != cudaSuccess)
    throw CalibrationError(std::string(what) + ": " + cudaGetErrorString(e),
                           kFailed);
}

inline void checkCupti(CUptiResult r, const char *what) {
  if (r == CUPTI_SUCCESS)
    return;
  const char *text = "unknown CUPTI error";
  cuptiGetResultString(r, &text);
  if (r == CUPTI_ERROR_INSUFFICIENT_PRIVILEGES)
    throw CalibrationError(
        "GPU performance counters are not permitted for this user (" +
            std::string(what) +
            "): run as root or load the driver with "
            "NVreg_RestrictProfilingToAdminUsers=0",
        kCannotCalibrate);
  bool unsupported = r == CUPTI_ERROR_NOT_SUPPORTED ||
                     r == CUPTI_ERROR_CMP_DEVICE_NOT_SUPPORTED ||
                     r == CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED;
  throw CalibrationError(std::string(what) + ": " + text,
                         unsupported ? kCannotCalibrate : kFailed);
}

// CUPTI parameter structs: zeroed, with structSize set.
#define COMMLEDGER_CUPTI_PARAMS(T, v)                                          \
  T v{};                                                                       \
  v.structSize = T##_STRUCT_SIZE

} // namespace commledger::calibrate
