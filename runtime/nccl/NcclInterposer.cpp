// NCCL calls, intercepted: libcommledger-rt.so is preloaded, so the program's calls to these
// NCCL entry points land here first. Each records its arguments, the communicator's rank and
// device and the thread's site (the instrumenter wraps NCCL calls in COMMLEDGER_SITE), then
// calls NCCL's own function (RTLD_NEXT). Kernels NCCL launches inside the call carry the same
// site through the launch callback; calls inside ncclGroupStart/End launch at the group's end,
// so they record that call's site as their launch site.
#include "core/SiteStack.h"
#include "nccl/NcclCallShape.h"
#include "nccl/NcclRecorder.h"

#include <dlfcn.h>
#include <nccl.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <vector>

namespace commledger::rt {

SiteStack &threadSiteStack(); // SiteApi.cpp

namespace {

thread_local int groupDepth = 0;
thread_local int insideNccl = 0; // NCCL calling its own entry points: pass straight through
thread_local std::vector<format::NcclCallRow> *groupMembers = nullptr;

template <class Fn> Fn real(const char *name) {
  void *f = dlsym(RTLD_NEXT, name);
  if (!f) {
    std::string profiled = std::string("p") + name; // NCCL's profiling-interface alias
    f = dlsym(RTLD_NEXT, profiled.c_str());
  }
  return reinterpret_cast<Fn>(f);
}
#define REAL(name) static auto real_##name = real<decltype(&::name)>(#name)

struct NcclScope { // marks NCCL's own nested calls
  NcclScope() { ++insideNccl; }
  ~NcclScope() { --insideNccl; }
};

std::optional<format::SiteId> currentSite() {
  format::SiteId site = 0;
  if (threadSiteStack().innermostSite(site))
    return site;
  return std::nullopt;
}

format::NcclCommRow describe(ncclComm_t comm, const std::string &commId, const char *api,
                             std::optional<format::SiteId> site) {
  REAL(ncclCommUserRank);
  REAL(ncclCommCount);
  REAL(ncclCommCuDevice);
  format::NcclCommRow row;
  row.commId = commId;
  row.initApi = api;
  row.initSite = site;
  row.address = addressText(comm);
  NcclScope nested;
  if (real_ncclCommUserRank)
    real_ncclCommUserRank(comm, &row.rank);
  if (real_ncclCommCount)
    real_ncclCommCount(comm, &row.nranks);
  if (real_ncclCommCuDevice)
    real_ncclCommCuDevice(comm, &row.device);
  return row;
}

void registerComm(ncclComm_t comm, const std::string &commId, const char *api) {
  if (comm)
    ncclRecorder().addComm(comm, describe(comm, commId, api, currentSite()));
}

void recordCall(const char *api, ncclComm_t comm, std::size_t count, ncclDataType_t type,
                const char *op, int root, int peer) {
  format::NcclCallRow row;
  row.site = currentSite();
  if (!row.site)
    row.bucket = api;
  row.api = api;
  auto info = ncclRecorder().comm(comm);
  if (!info) { // created before we watched, or by an API we do not intercept
    registerComm(comm, "unknown-" + addressText(comm), "unknown");
    info = ncclRecorder().comm(comm);
  }
  if (info) {
    row.commId = info->commId;
    row.rank = info->rank;
    row.nranks = info->nranks;
    row.device = info->device;
  }
  row.elements = count;
  row.datatype = datatypeName(type);
  row.datatypeBytes = datatypeBytes(type);
  row.op = op;
  row.root = root;
  row.peer = peer;
  if (groupDepth > 0 && groupMembers) {
    groupMembers->push_back(row); // committed with the group's launch site at ncclGroupEnd
    return;
  }
  row.launchSite = row.site;
  ncclRecorder().addCall(row);
}

std::atomic<unsigned> commSequence{0};

} // namespace
} // namespace commledger::rt

using namespace commledger::rt;
namespace format = commledger::format;

#define COMMLEDGER_NCCL_EXPORT extern "C" __attribute__((visibility("default")))

COMMLEDGER_NCCL_EXPORT ncclResult_t ncclGroupStart() {
  REAL(ncclGroupStart);
  if (!real_ncclGroupStart)
    return ncclSystemError;
  if (!insideNccl && groupDepth++ == 0) {
    static thread_local std::vector<format::NcclCallRow> members;
    members.clear();
    groupMembers = &members;
  }
  NcclScope nested;
  return real_ncclGroupStart();
}

COMMLEDGER_NCCL_EXPORT ncclResult_t ncclGroupEnd() {
  REAL(ncclGroupEnd);
  if (!real_ncclGroupEnd)
    return ncclSystemError;
  if (!insideNccl && groupDepth > 0 && --groupDepth == 0 && groupMembers) {
    const std::optional<format::SiteId> launch = currentSite();
    for (format::NcclCallRow &row : *groupMembers) {
      row.launchSite = launch;
      ncclRecorder().addCall(row);
    }
    groupMembers->clear();
  }
  NcclScope nested;
  return real_ncclGroupEnd();
}

COMMLEDGER_NCCL_EXPORT ncclResult_t ncclCommInitAll(ncclComm_t *comms, int ndev,
                                                    const int *devlist) {
  REAL(ncclCommInitAll);
  if (!real_ncclCommInitAll)
    return ncclSystemError;
  ncclResult_t result;
  {
    NcclScope nested;
    result = real_ncclCommInitAll(comms, ndev, devlist);
  }
  if (result == ncclSuccess && !insideNccl && comms) {
    const unsigned seq = commSequence++;
    char seed[64];
    std::snprintf(seed, sizeof seed, "all:%ld:%u", static_cast<long>(::getpid()), seq);
    const std::string id = ncclCommIdFromBytes(seed, std::strlen(seed));
    for (int i = 0; i < ndev; ++i)
      registerComm(comms[i], id, "ncclCommInitAll");
  }
  return result;
}

COMMLEDGER_NCCL_EXPORT ncclResult_t ncclCommInitRank(ncclComm_t *comm, int nranks,
                                                     ncclUniqueId commId, int rank) {
  REAL(ncclCommInitRank);
  if (!real_ncclCommInitRank)
    return ncclSystemError;
  ncclResult_t result;
  {
    NcclScope nested;
    result = real_ncclCommInitRank(comm, nranks, commId, rank);
  }
  if (result == ncclSuccess && !insideNccl && comm)
    registerComm(*comm, ncclCommIdFromBytes(&commId, sizeof commId), "ncclCommInitRank");
  return result;
}

COMMLEDGER_NCCL_EXPORT ncclResult_t ncclCommInitRankConfig(ncclComm_t *comm, int nranks,
                                                           ncclUniqueId commId, int rank,
                                                           ncclConfig_t *config) {
  REAL(ncclCommInitRankConfig);
  if (!real_ncclCommInitRankConfig)
    return ncclSystemError;
  ncclResult_t result;
  {
    NcclScope nested;
    result = real_ncclCommInitRankConfig(comm, nranks, commId, rank, config);
  }
  if ((result == ncclSuccess || result == ncclInProgress) && !insideNccl && comm)
    registerComm(*comm, ncclCommIdFromBytes(&commId, sizeof commId), "ncclCommInitRankConfig");
  return result;
}

COMMLEDGER_NCCL_EXPORT ncclResult_t ncclCommSplit(ncclComm_t comm, int color, int key,
                                                  ncclComm_t *newcomm, ncclConfig_t *config) {
  REAL(ncclCommSplit);
  if (!real_ncclCommSplit)
    return ncclSystemError;
  ncclResult_t result;
  {
    NcclScope nested;
    result = real_ncclCommSplit(comm, color, key, newcomm, config);
  }
  if ((result == ncclSuccess || result == ncclInProgress) && !insideNccl && newcomm &&
      *newcomm) {
    // Every rank of the parent splits in the same order: parent id, split number and colour
    // name the child identically in every process.
    auto parent = ncclRecorder().comm(comm);
    const unsigned n = parent ? ncclRecorder().nextSplit(comm) : 0;
    char seed[160];
    std::snprintf(seed, sizeof seed, "split:%s:%u:%d", parent ? parent->commId.c_str() : "?",
                  n, color);
    registerComm(*newcomm, ncclCommIdFromBytes(seed, std::strlen(seed)), "ncclCommSplit");
  }
  return result;
}

COMMLEDGER_NCCL_EXPORT ncclResult_t ncclCommShrink(ncclComm_t comm, int *excludeRanksList,
                                                   int excludeRanksCount, ncclComm_t *newcomm,
                                                   ncclConfig_t *config, int shrinkFlags) {
  REAL(ncclCommShrink);
  if (!real_ncclCommShrink)
    return ncclSystemError;
  ncclResult_t result;
  {
    NcclScope nested;
    result = real_ncclCommShrink(comm, excludeRanksList, excludeRanksCount, newcomm, config,
                                 shrinkFlags);
  }
  if ((result == ncclSuccess || result == ncclInProgress) && !insideNccl && newcomm &&
      *newcomm) {
    auto parent = ncclRecorder().comm(comm);
    const unsigned n = parent ? ncclRecorder().nextSplit(comm) : 0;
    char seed[160];
    std::snprintf(seed, sizeof seed, "shrink:%s:%u", parent ? parent->commId.c_str() : "?", n);
    registerComm(*newcomm, ncclCommIdFromBytes(seed, std::strlen(seed)), "ncclCommShrink");
  }
  return result;
}

// The collectives and point-to-point calls: record, then call NCCL.
#define COMMLEDGER_NCCL_CALL(name, record, ...)                                                \
  REAL(name);                                                                                  \
  if (!real_##name)                                                                            \
    return ncclSystemError;                                                                    \
  if (!insideNccl)                                                                             \
    record;                                                                                    \
  NcclScope nested;                                                                            \
  return real_##name(__VA_ARGS__)

COMMLEDGER_NCCL_EXPORT ncclResult_t ncclAllReduce(const void *sendbuff, void *recvbuff,
                                                  size_t count, ncclDataType_t datatype,
                                                  ncclRedOp_t op, ncclComm_t comm,
                                                  cudaStream_t stream) {
  COMMLEDGER_NCCL_CALL(ncclAllReduce,
                       recordCall("ncclAllReduce", comm, count, datatype, opName(op), -1, -1),
                       sendbuff, recvbuff, count, datatype, op, comm, stream);
}

COMMLEDGER_NCCL_EXPORT ncclResult_t ncclBroadcast(const void *sendbuff, void *recvbuff,
                                                  size_t count, ncclDataType_t datatype, int root,
                                                  ncclComm_t comm, cudaStream_t stream) {
  COMMLEDGER_NCCL_CALL(ncclBroadcast,
                       recordCall("ncclBroadcast", comm, count, datatype, "", root, -1),
                       sendbuff, recvbuff, count, datatype, root, comm, stream);
}

COMMLEDGER_NCCL_EXPORT ncclResult_t ncclBcast(void *buff, size_t count, ncclDataType_t datatype,
                                              int root, ncclComm_t comm, cudaStream_t stream) {
  COMMLEDGER_NCCL_CALL(ncclBcast, recordCall("ncclBcast", comm, count, datatype, "", root, -1),
                       buff, count, datatype, root, comm, stream);
}

COMMLEDGER_NCCL_EXPORT ncclResult_t ncclReduce(const void *sendbuff, void *recvbuff, size_t count,
                                               ncclDataType_t datatype, ncclRedOp_t op, int root,
                                               ncclComm_t comm, cudaStream_t stream) {
  COMMLEDGER_NCCL_CALL(ncclReduce,
                       recordCall("ncclReduce", comm, count, datatype, opName(op), root, -1),
                       sendbuff, recvbuff, count, datatype, op, root, comm, stream);
}

COMMLEDGER_NCCL_EXPORT ncclResult_t ncclAllGather(const void *sendbuff, void *recvbuff,
                                                  size_t sendcount, ncclDataType_t datatype,
                                                  ncclComm_t comm, cudaStream_t stream) {
  COMMLEDGER_NCCL_CALL(ncclAllGather,
                       recordCall("ncclAllGather", comm, sendcount, datatype, "", -1, -1),
                       sendbuff, recvbuff, sendcount, datatype, comm, stream);
}

COMMLEDGER_NCCL_EXPORT ncclResult_t ncclReduceScatter(const void *sendbuff, void *recvbuff,
                                                      size_t recvcount, ncclDataType_t datatype,
                                                      ncclRedOp_t op, ncclComm_t comm,
                                                      cudaStream_t stream) {
  COMMLEDGER_NCCL_CALL(
      ncclReduceScatter,
      recordCall("ncclReduceScatter", comm, recvcount, datatype, opName(op), -1, -1), sendbuff,
      recvbuff, recvcount, datatype, op, comm, stream);
}

COMMLEDGER_NCCL_EXPORT ncclResult_t ncclAlltoAll(const void *sendbuff, void *recvbuff,
                                                 size_t count, ncclDataType_t datatype,
                                                 ncclComm_t comm, cudaStream_t stream) {
  COMMLEDGER_NCCL_CALL(ncclAlltoAll,
                       recordCall("ncclAlltoAll", comm, count, datatype, "", -1, -1), sendbuff,
                       recvbuff, count, datatype, comm, stream);
}

COMMLEDGER_NCCL_EXPORT ncclResult_t ncclGather(const void *sendbuff, void *recvbuff, size_t count,
                                               ncclDataType_t datatype, int root, ncclComm_t comm,
                                               cudaStream_t stream) {
  COMMLEDGER_NCCL_CALL(ncclGather, recordCall("ncclGather", comm, count, datatype, "", root, -1),
                       sendbuff, recvbuff, count, datatype, root, comm, stream);
}

COMMLEDGER_NCCL_EXPORT ncclResult_t ncclScatter(const void *sendbuff, void *recvbuff,
                                                size_t count, ncclDataType_t datatype, int root,
                                                ncclComm_t comm, cudaStream_t stream) {
  COMMLEDGER_NCCL_CALL(ncclScatter,
                       recordCall("ncclScatter", comm, count, datatype, "", root, -1), sendbuff,
                       recvbuff, count, datatype, root, comm, stream);
}

COMMLEDGER_NCCL_EXPORT ncclResult_t ncclSend(const void *sendbuff, size_t count,
                                             ncclDataType_t datatype, int peer, ncclComm_t comm,
                                             cudaStream_t stream) {
  COMMLEDGER_NCCL_CALL(ncclSend, recordCall("ncclSend", comm, count, datatype, "", -1, peer),
                       sendbuff, count, datatype, peer, comm, stream);
}

COMMLEDGER_NCCL_EXPORT ncclResult_t ncclRecv(void *recvbuff, size_t count,
                                             ncclDataType_t datatype, int peer, ncclComm_t comm,
                                             cudaStream_t stream) {
  COMMLEDGER_NCCL_CALL(ncclRecv, recordCall("ncclRecv", comm, count, datatype, "", -1, peer),
                       recvbuff, count, datatype, peer, comm, stream);
}
