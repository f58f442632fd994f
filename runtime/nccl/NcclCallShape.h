// Names and sizes of NCCL's argument enums, as the trace spells them.
#pragma once
#include <nccl.h>

#include <cstdio>
#include <string>

namespace commledger::rt {

inline const char *datatypeName(ncclDataType_t t) {
  switch (t) {
  case ncclInt8: return "int8";
  case ncclUint8: return "uint8";
  case ncclInt32: return "int32";
  case ncclUint32: return "uint32";
  case ncclInt64: return "int64";
  case ncclUint64: return "uint64";
  case ncclFloat16: return "float16";
  case ncclFloat32: return "float32";
  case ncclFloat64: return "float64";
  case ncclBfloat16: return "bfloat16";
  case ncclFloat8e4m3: return "float8e4m3";
  case ncclFloat8e5m2: return "float8e5m2";
  default: return "unknown";
  }
}

inline unsigned datatypeBytes(ncclDataType_t t) {
  switch (t) {
  case ncclInt8: case ncclUint8: case ncclFloat8e4m3: case ncclFloat8e5m2: return 1;
  case ncclFloat16: case ncclBfloat16: return 2;
  case ncclInt32: case ncclUint32: case ncclFloat32: return 4;
  case ncclInt64: case ncclUint64: case ncclFloat64: return 8;
  default: return 0;
  }
}

inline const char *opName(ncclRedOp_t op) {
  switch (op) {
  case ncclSum: return "sum";
  case ncclProd: return "prod";
  case ncclMax: return "max";
  case ncclMin: return "min";
  case ncclAvg: return "avg";
  default: return "custom"; // ncclRedOpCreatePreMulSum
  }
}

inline std::string addressText(const void *p) {
  char text[32];
  std::snprintf(text, sizeof text, "%p", p);
  return text;
}

} // namespace commledger::rt
