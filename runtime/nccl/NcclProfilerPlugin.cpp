// NCCL's profiler plugin, version 5 (NcclProfilerAbi.h), inside libcommledger-rt.so. NCCL dlopens
// the file NCCL_PROFILER_PLUGIN names; it is this library, already preloaded, so the dlopen
// returns the same instance and the events land in the process's ledger. Only collective and
// point-to-point events are asked for: one per call, no proxy or kernel-channel events, so the
// cost is one locked map update per NCCL call.
#include "nccl/NcclProfilerPlugin.h"

#include "core/NcclAlgorithmLedger.h"
#include "nccl/NcclProfilerAbi.h"

#include <dlfcn.h>

#include <climits>
#include <cstdlib>
#include <new>

namespace commledger::rt {

void arrangeNcclProfilerPlugin() {
  if (std::getenv("NCCL_PROFILER_PLUGIN") || std::getenv("COMMLEDGER_NCCL_PROFILER_OFF"))
    return;
  Dl_info info{};
  if (!dladdr(reinterpret_cast<void *>(&arrangeNcclProfilerPlugin), &info) || !info.dli_fname)
    return;
  // A value with a '/' is dlopened as it is (plugin_open.cc); a bare name would be searched
  // and prefixed with "libnccl-profiler-". realpath: LD_PRELOAD may have named it relatively.
  char path[PATH_MAX];
  if (!realpath(info.dli_fname, path))
    return;
  setenv("NCCL_PROFILER_PLUGIN", path, 0);
}

namespace {

namespace abi = ncclabi;

struct PluginContext {
  std::size_t ledgerIndex;
};

// NCCL starts child events only under a non-null parent handle in some versions: every event
// gets this one; nothing is kept per event.
char eventHandle;

int pluginInit(void **context, std::uint64_t commHash, int *eActivationMask, const char *,
               int, int nranks, int rank, abi::DebugLogger) {
  if (!context)
    return 0;
  *context = nullptr;
  try {
    NcclProfilerContext described;
    described.slot = reinterpret_cast<std::uintptr_t>(context);
    described.commHash = commHash;
    described.rank = rank;
    described.nranks = nranks;
    *context = new PluginContext{ncclAlgorithmLedger().addContext(described)};
  } catch (...) { // never throw into NCCL
    return 0;
  }
  if (eActivationMask)
    *eActivationMask = abi::ProfileColl | abi::ProfileP2p;
  return 0;
}

int pluginStartEvent(void *context, void **handle, abi::EventDescrV5 *d) {
  if (handle)
    *handle = &eventHandle;
  if (!context || !d)
    return 0;
  const auto *ctx = static_cast<const PluginContext *>(context);
  try {
    NcclProfiledCall call;
    if (d->type == abi::ProfileColl) {
      call.func = d->coll.func ? d->coll.func : "";
      call.count = d->coll.count;
      call.root = d->coll.root;
      call.algorithm = d->coll.algo ? d->coll.algo : "";
      call.protocol = d->coll.proto ? d->coll.proto : "";
      call.channels = d->coll.nChannels;
    } else if (d->type == abi::ProfileP2p) {
      call.func = d->p2p.func ? d->p2p.func : "";
      call.count = d->p2p.count;
      call.peer = d->p2p.peer;
      call.channels = d->p2p.nChannels;
    } else {
      return 0;
    }
    ncclAlgorithmLedger().record(ctx->ledgerIndex, call);
  } catch (...) {
  }
  return 0;
}

int pluginStopEvent(void *) { return 0; }

int pluginRecordEventState(void *, abi::EventState, abi::EventStateArgsV5 *) { return 0; }

int pluginFinalize(void *context) {
  // The ledger keeps what the context saw: the trace is written after communicators are gone.
  delete static_cast<PluginContext *>(context);
  return 0;
}

} // namespace
} // namespace commledger::rt

// The symbol NCCL looks up (src/plugin/profiler/profiler_v5.cc: dlsym(lib, "ncclProfiler_v5")).
extern "C" {
__attribute__((visibility("default"))) commledger::rt::ncclabi::ProfilerV5 ncclProfiler_v5 = {
    "CommLedger",
    commledger::rt::pluginInit,
    commledger::rt::pluginStartEvent,
    commledger::rt::pluginStopEvent,
    commledger::rt::pluginRecordEventState,
    commledger::rt::pluginFinalize};
}
