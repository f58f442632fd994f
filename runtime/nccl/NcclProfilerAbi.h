// NCCL's profiler plugin ABI, version 5: the declarations libcommledger-rt.so needs to be loaded
// as NCCL's profiler (runtime/nccl/NcclProfilerPlugin.cpp). Copied as an ABI (layouts and values
// must stay exactly as NCCL has them), not as code, from NVIDIA/nccl v2.28.3 (commit f1308997):
// src/include/plugin/profiler/profiler_v5.h and the event-type bits of nccl_profiler.h. v5 is the
// newest version NCCL 2.28 looks for (src/plugin/profiler.cc tries v5 first, then v4 … v1); 2.29+
// look for v6/v7 first and still accept v5. Own names, so nothing clashes with NCCL's headers;
// ncclResult_t is an int-sized enum, spelled `int` here to keep this header NCCL-free.
#pragma once
#include <sys/types.h>

#include <cstddef>
#include <cstdint>

namespace commledger::rt::ncclabi {

// nccl_profiler.h: event types (bits of the activation mask).
enum : int {
  ProfileGroup = 1 << 0,
  ProfileColl = 1 << 1, // host collective call: func, count, root, algo, proto, nChannels
  ProfileP2p = 1 << 2,  // host point-to-point call: func, count, peer, nChannels
  ProfileProxyOp = 1 << 3,
  ProfileProxyStep = 1 << 4,
  ProfileProxyCtrl = 1 << 5,
  ProfileKernelCh = 1 << 6,
  ProfileNetPlugin = 1 << 7,
};

using EventState = int; // ncclProfilerEventState_v5_t, an enum
using DebugLogger = void (*)(int level, unsigned long flags, const char *file, int line,
                             const char *fmt, ...); // ncclDebugLogger_t

// ncclProfilerEventDescr_v5_t
struct EventDescrV5 {
  std::uint64_t type;
  void *parentObj;
  int rank;
  union {
    struct {
      bool graphCaptured;
      int groupDepth;
    } groupApi;
    struct {
      const char *func;
      std::size_t count;
      const char *datatype;
      int root;
      void *stream;
      bool graphCaptured;
    } collApi;
    struct {
      const char *func;
      std::size_t count;
      const char *datatype;
      void *stream;
      bool graphCaptured;
    } p2pApi;
    struct {
      void *stream;
    } kernelLaunch;
    struct {
      std::uint64_t seqNumber;
      const char *func;
      void const *sendBuff;
      void *recvBuff;
      std::size_t count;
      int root;
      const char *datatype;
      std::uint8_t nChannels;
      std::uint8_t nWarps;
      const char *algo;
      const char *proto;
      void *parentGroup;
    } coll;
    struct {
      const char *func;
      void *buff;
      const char *datatype;
      std::size_t count;
      int peer;
      std::uint8_t nChannels;
      void *parentGroup;
    } p2p;
    struct {
      pid_t pid;
      std::uint8_t channelId;
      int peer;
      int nSteps;
      int chunkSize;
      int isSend;
    } proxyOp;
    struct {
      int step;
    } proxyStep;
    struct {
      std::uint8_t channelId;
      std::uint64_t pTimer;
    } kernelCh;
    struct {
      std::int64_t id;
      void *data;
    } netPlugin;
  };
};

// ncclProfilerEventStateArgs_v5_t (only passed through; never read here)
union EventStateArgsV5 {
  struct {
    std::size_t transSize;
  } proxyStep;
  struct {
    int appendedProxyOps;
  } proxyCtrl;
  struct {
    void *data;
  } netPlugin;
  struct {
    std::uint64_t pTimer;
  } kernelCh;
};

// ncclProfiler_v5_t: the object NCCL looks up with dlsym(lib, "ncclProfiler_v5").
struct ProfilerV5 {
  const char *name;
  // context: where NCCL keeps the plugin's per-communicator object (&comm->profilerContext).
  int (*init)(void **context, std::uint64_t commId, int *eActivationMask, const char *commName,
              int nNodes, int nranks, int rank, DebugLogger logfn);
  int (*startEvent)(void *context, void **eHandle, EventDescrV5 *eDescr);
  int (*stopEvent)(void *eHandle);
  int (*recordEventState)(void *eHandle, EventState eState, EventStateArgsV5 *eStateArgs);
  int (*finalize)(void *context);
};

} // namespace commledger::rt::ncclabi
