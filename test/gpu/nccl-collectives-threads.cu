// NCCL, one process, one host thread per GPU: main makes one ncclUniqueId, thread r joins with
// ncclCommInitRank(r) on GPU r, then runs AllReduce, Broadcast (root 0), AllGather and a
// send/recv ring at S = 256 KiB and S = 64 MiB, and checks its own results on the host.
// The same work as nccl-collectives-procs.cu, so the two reports can be compared.
// REQUIRES: cuda-gpu, gpus-2
// RUN: %nvcc -I%S/Inputs %s -o %t.exe -L/usr/local/cuda/lib64 -lnccl && %t.exe | FileCheck --check-prefix=OUT %s
//
// Sites: one call site per collective per size (`if (bytes == kSmall)` / `else`), each reached
// once by every thread per size: count = n calls per site (one per rank/thread).
// S as in nccl-tests (AllGather: the full receive buffer, block S/n per rank); float elements.
// Expected per-pair payload bytes (ring r → r+1 mod n):
//   AllReduce      each rank → succ 2(n-1)/n·S   n=2: 262144 / 67108864 each way.
//   Broadcast(0)   open chain: every rank but the last → succ S; n=2: G0→G1 262144 / 67108864.
//   AllGather      each rank → succ (n-1)/n·S    n=2: 131072 / 33554432 each way.
//   Send/Recv ring rank r → r+1 mod n: S         n=2: 262144 / 67108864 each way.
// Plus the local fill kernels and the verification copies DeviceToHost (explicit, not NCCL).
#include "nccl_check.h"

#include <atomic>
#include <thread>

namespace {

constexpr size_t kSmall = 256 * 1024;       // 262144 bytes
constexpr size_t kLarge = 64 * 1024 * 1024; // 67108864 bytes

// One rank's work; every NCCL call site of this program is in here, once per size.
bool rankWork(ncclComm_t comm, int r, int n, cudaStream_t s, float *send, float *recv) {
  bool ok = true;
  for (size_t bytes : {kSmall, kLarge}) {
    const size_t count = bytes / sizeof(float), block = count / n;
    const int next = (r + 1) % n, prev = (r + n - 1) % n;

    fillPattern(send, count, r, s);
    if (bytes == kSmall)
      NCCLCHECK(ncclAllReduce(send, recv, count, ncclFloat, ncclSum, comm, s));
    else
      NCCLCHECK(ncclAllReduce(send, recv, count, ncclFloat, ncclSum, comm, s));
    CK(cudaStreamSynchronize(s));
    ok &= verifyFloats("AllReduce", r, recv, count, [&](size_t i) { return patternSum(n, i); });

    if (bytes == kSmall)
      NCCLCHECK(ncclBroadcast(send, recv, count, ncclFloat, 0, comm, s));
    else
      NCCLCHECK(ncclBroadcast(send, recv, count, ncclFloat, 0, comm, s));
    CK(cudaStreamSynchronize(s));
    ok &= verifyFloats("Broadcast", r, recv, count, [](size_t i) { return ncclPattern(0, i); });

    if (bytes == kSmall)
      NCCLCHECK(ncclAllGather(send, recv, block, ncclFloat, comm, s));
    else
      NCCLCHECK(ncclAllGather(send, recv, block, ncclFloat, comm, s));
    CK(cudaStreamSynchronize(s));
    ok &= verifyFloats("AllGather", r, recv, block * n, [&](size_t i) {
      return ncclPattern(static_cast<int>(i / block), i % block);
    });

    // Send and receive of one rank must be in one group, or the ring deadlocks.
    NCCLCHECK(ncclGroupStart());
    if (bytes == kSmall) {
      NCCLCHECK(ncclSend(send, count, ncclFloat, next, comm, s));
      NCCLCHECK(ncclRecv(recv, count, ncclFloat, prev, comm, s));
    } else {
      NCCLCHECK(ncclSend(send, count, ncclFloat, next, comm, s));
      NCCLCHECK(ncclRecv(recv, count, ncclFloat, prev, comm, s));
    }
    NCCLCHECK(ncclGroupEnd());
    CK(cudaStreamSynchronize(s));
    ok &= verifyFloats("SendRecv", r, recv, count, [&](size_t i) { return ncclPattern(prev, i); });
  }
  return ok;
}

void rankThread(const ncclUniqueId &id, int r, int n, std::atomic<int> &failures) {
  CK(cudaSetDevice(r));
  ncclComm_t comm;
  NCCLCHECK(ncclCommInitRank(&comm, n, id, r));
  cudaStream_t s;
  float *send = nullptr, *recv = nullptr;
  CK(cudaStreamCreate(&s));
  CK(cudaMalloc(&send, kLarge));
  CK(cudaMalloc(&recv, kLarge));
  if (!rankWork(comm, r, n, s, send, recv))
    ++failures;
  NCCLCHECK(ncclCommDestroy(comm));
  CK(cudaFree(send));
  CK(cudaFree(recv));
  CK(cudaStreamDestroy(s));
}

} // namespace

// OUT: nccl threads: n={{[2-9]}} sizes=262144,67108864 ops=4: ok
int main() {
  requireTwoGpus();
  int n = 0;
  CK(cudaGetDeviceCount(&n));
  ncclUniqueId id;
  NCCLCHECK(ncclGetUniqueId(&id));
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int r = 0; r < n; ++r)
    threads.emplace_back(rankThread, std::cref(id), r, n, std::ref(failures));
  for (auto &t : threads)
    t.join();
  const bool ok = failures == 0;
  std::printf("nccl threads: n=%d sizes=%zu,%zu ops=4: %s\n", n, kSmall, kLarge,
              ok ? "ok" : "MISMATCH");
  return ok ? 0 : 1;
}
