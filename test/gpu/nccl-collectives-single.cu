// NCCL, one process, one thread: ncclCommInitAll over every visible GPU (n ≥ 2), then each
// collective, the send/recv ring and all-to-all at S = 256 KiB and S = 64 MiB, each rank's call
// issued inside one ncclGroupStart/ncclGroupEnd over the ranks. Every result is checked on the host.
// REQUIRES: cuda-gpu, gpus-2
// RUN: %nvcc -I%S/Inputs %s -o %t.exe -L/usr/local/cuda/lib64 -lnccl && %t.exe | FileCheck --check-prefix=OUT %s
//
// Sites: one call site per collective per size (the `if (bytes == kSmall)` / `else` pair below),
// each reached once per rank per size: count = n calls per site.
// S is the nccl-tests "size": the buffer the collective is named after (for AllGather and Gather
// the full receive buffer, for ReduceScatter, Scatter and AlltoAll the full send buffer), so
// each rank's block is S/n. float elements: count = S/4 (block = S/(4n)).
// Expected per-pair bytes (payload; ring order r → r+1 mod n, the order NCCL usually builds on
// one NVLink node; "to succ" = to the ring successor):
//   AllReduce      each rank → succ 2(n-1)/n·S   n=2: 262144 (S=256 KiB), 67108864 (S=64 MiB)
//                  each way. Tree with n=2 gives the same: S up, S down.
//   Broadcast(0)   open chain 0 → 1 → … → n-1: every rank but the last sends S to succ;
//                  n=2: G0→G1 S (262144 / 67108864), G1→G0 0.
//   Reduce(0)      open chain 1 → 2 → … → 0: every rank but the root sends S to succ;
//                  n=2: G1→G0 S, G0→G1 0.
//   AllGather      each rank → succ (n-1)/n·S   n=2: 131072 / 33554432 each way.
//   ReduceScatter  each rank → succ (n-1)/n·S   n=2: 131072 / 33554432 each way.
//   AlltoAll       direct, each rank → every other rank S/n   n=2: 131072 / 33554432 each way.
//   Gather(0)      direct, each non-root → root S/n   n=2: G1→G0 131072 / 33554432.
//   Scatter(0)     direct, root → each non-root S/n   n=2: G0→G1 131072 / 33554432.
//   Send/Recv ring rank r → r+1 mod n: S   n=2: G0→G1 and G1→G0 262144 / 67108864 each.
// Wire bytes on NVLink exceed payload: the LL protocol (likely at 256 KiB) moves 8 bytes per 4 of
// data, LL128 128 per 120; Simple (likely at 64 MiB) adds little.
// Also present: the fill kernels (local), and the verification cudaMemcpy DeviceToHost of each
// checked buffer (explicit copies, not NCCL traffic).
#include "nccl_check.h"

#include <functional>

namespace {

constexpr size_t kSmall = 256 * 1024;       // 262144 bytes
constexpr size_t kLarge = 64 * 1024 * 1024; // 67108864 bytes

struct Ctx {
  int n = 0;
  std::vector<ncclComm_t> comms;
  std::vector<cudaStream_t> streams;
  std::vector<float *> send, recv; // kLarge bytes each, on GPU r
};

void syncAll(const Ctx &c) {
  for (int r = 0; r < c.n; ++r) {
    CK(cudaSetDevice(r));
    CK(cudaStreamSynchronize(c.streams[r]));
  }
}

// Every rank's send buffer gets count elements of its pattern.
void fillSends(const Ctx &c, size_t count) {
  for (int r = 0; r < c.n; ++r) {
    CK(cudaSetDevice(r));
    fillPattern(c.send[r], count, r, c.streams[r]);
  }
}

// Runs issue(r) for every rank inside one group, then waits for all streams.
void group(const Ctx &c, const std::function<void(int)> &issue) {
  NCCLCHECK(ncclGroupStart());
  for (int r = 0; r < c.n; ++r)
    issue(r);
  NCCLCHECK(ncclGroupEnd());
  syncAll(c);
}

bool allReduce(const Ctx &c, size_t bytes) {
  const size_t count = bytes / sizeof(float);
  fillSends(c, count);
  group(c, [&](int r) {
    if (bytes == kSmall)
      NCCLCHECK(
          ncclAllReduce(c.send[r], c.recv[r], count, ncclFloat, ncclSum, c.comms[r], c.streams[r]));
    else
      NCCLCHECK(
          ncclAllReduce(c.send[r], c.recv[r], count, ncclFloat, ncclSum, c.comms[r], c.streams[r]));
  });
  bool ok = true;
  for (int r = 0; r < c.n; ++r)
    ok &= verifyFloats("AllReduce", r, c.recv[r], count,
                       [&](size_t i) { return patternSum(c.n, i); });
  return ok;
}

bool broadcast(const Ctx &c, size_t bytes) {
  const size_t count = bytes / sizeof(float);
  fillSends(c, count);
  group(c, [&](int r) {
    if (bytes == kSmall)
      NCCLCHECK(ncclBroadcast(c.send[r], c.recv[r], count, ncclFloat, 0, c.comms[r], c.streams[r]));
    else
      NCCLCHECK(ncclBroadcast(c.send[r], c.recv[r], count, ncclFloat, 0, c.comms[r], c.streams[r]));
  });
  bool ok = true;
  for (int r = 0; r < c.n; ++r)
    ok &=
        verifyFloats("Broadcast", r, c.recv[r], count, [](size_t i) { return ncclPattern(0, i); });
  return ok;
}

bool reduce(const Ctx &c, size_t bytes) {
  const size_t count = bytes / sizeof(float);
  fillSends(c, count);
  group(c, [&](int r) {
    if (bytes == kSmall)
      NCCLCHECK(
          ncclReduce(c.send[r], c.recv[r], count, ncclFloat, ncclSum, 0, c.comms[r], c.streams[r]));
    else
      NCCLCHECK(
          ncclReduce(c.send[r], c.recv[r], count, ncclFloat, ncclSum, 0, c.comms[r], c.streams[r]));
  });
  return verifyFloats("Reduce", 0, c.recv[0], count, [&](size_t i) { return patternSum(c.n, i); });
}

bool allGather(const Ctx &c, size_t bytes) {
  const size_t block = bytes / sizeof(float) / c.n;
  fillSends(c, block);
  group(c, [&](int r) {
    if (bytes == kSmall)
      NCCLCHECK(ncclAllGather(c.send[r], c.recv[r], block, ncclFloat, c.comms[r], c.streams[r]));
    else
      NCCLCHECK(ncclAllGather(c.send[r], c.recv[r], block, ncclFloat, c.comms[r], c.streams[r]));
  });
  bool ok = true;
  for (int r = 0; r < c.n; ++r)
    ok &= verifyFloats("AllGather", r, c.recv[r], block * c.n, [&](size_t i) {
      return ncclPattern(static_cast<int>(i / block), i % block);
    });
  return ok;
}

bool reduceScatter(const Ctx &c, size_t bytes) {
  const size_t block = bytes / sizeof(float) / c.n;
  fillSends(c, block * c.n);
  group(c, [&](int r) {
    if (bytes == kSmall)
      NCCLCHECK(ncclReduceScatter(c.send[r], c.recv[r], block, ncclFloat, ncclSum, c.comms[r],
                                  c.streams[r]));
    else
      NCCLCHECK(ncclReduceScatter(c.send[r], c.recv[r], block, ncclFloat, ncclSum, c.comms[r],
                                  c.streams[r]));
  });
  bool ok = true;
  for (int r = 0; r < c.n; ++r)
    ok &= verifyFloats("ReduceScatter", r, c.recv[r], block,
                       [&](size_t j) { return patternSum(c.n, r * block + j); });
  return ok;
}

bool allToAll(const Ctx &c, size_t bytes) {
  const size_t block = bytes / sizeof(float) / c.n;
  fillSends(c, block * c.n);
  group(c, [&](int r) {
    if (bytes == kSmall)
      NCCLCHECK(ncclAlltoAll(c.send[r], c.recv[r], block, ncclFloat, c.comms[r], c.streams[r]));
    else
      NCCLCHECK(ncclAlltoAll(c.send[r], c.recv[r], block, ncclFloat, c.comms[r], c.streams[r]));
  });
  // Block k of rank r's receive buffer is block r of rank k's send buffer.
  bool ok = true;
  for (int r = 0; r < c.n; ++r)
    ok &= verifyFloats("AlltoAll", r, c.recv[r], block * c.n, [&](size_t i) {
      return ncclPattern(static_cast<int>(i / block), r * block + i % block);
    });
  return ok;
}

bool gather(const Ctx &c, size_t bytes) {
  const size_t block = bytes / sizeof(float) / c.n;
  fillSends(c, block);
  group(c, [&](int r) {
    if (bytes == kSmall)
      NCCLCHECK(ncclGather(c.send[r], c.recv[r], block, ncclFloat, 0, c.comms[r], c.streams[r]));
    else
      NCCLCHECK(ncclGather(c.send[r], c.recv[r], block, ncclFloat, 0, c.comms[r], c.streams[r]));
  });
  return verifyFloats("Gather", 0, c.recv[0], block * c.n, [&](size_t i) {
    return ncclPattern(static_cast<int>(i / block), i % block);
  });
}

bool scatter(const Ctx &c, size_t bytes) {
  const size_t block = bytes / sizeof(float) / c.n;
  fillSends(c, block * c.n);
  group(c, [&](int r) {
    if (bytes == kSmall)
      NCCLCHECK(ncclScatter(c.send[r], c.recv[r], block, ncclFloat, 0, c.comms[r], c.streams[r]));
    else
      NCCLCHECK(ncclScatter(c.send[r], c.recv[r], block, ncclFloat, 0, c.comms[r], c.streams[r]));
  });
  bool ok = true;
  for (int r = 0; r < c.n; ++r)
    ok &= verifyFloats("Scatter", r, c.recv[r], block,
                       [&](size_t j) { return ncclPattern(0, r * block + j); });
  return ok;
}

// Ring: rank r sends its S bytes to r+1 and receives S bytes from r-1 (mod n).
bool sendRecvRing(const Ctx &c, size_t bytes) {
  const size_t count = bytes / sizeof(float);
  fillSends(c, count);
  group(c, [&](int r) {
    const int next = (r + 1) % c.n, prev = (r + c.n - 1) % c.n;
    if (bytes == kSmall) {
      NCCLCHECK(ncclSend(c.send[r], count, ncclFloat, next, c.comms[r], c.streams[r]));
      NCCLCHECK(ncclRecv(c.recv[r], count, ncclFloat, prev, c.comms[r], c.streams[r]));
    } else {
      NCCLCHECK(ncclSend(c.send[r], count, ncclFloat, next, c.comms[r], c.streams[r]));
      NCCLCHECK(ncclRecv(c.recv[r], count, ncclFloat, prev, c.comms[r], c.streams[r]));
    }
  });
  bool ok = true;
  for (int r = 0; r < c.n; ++r) {
    const int prev = (r + c.n - 1) % c.n;
    ok &= verifyFloats("SendRecv", r, c.recv[r], count,
                       [&](size_t i) { return ncclPattern(prev, i); });
  }
  return ok;
}

} // namespace

// OUT: nccl single: n={{[2-9]}} sizes=262144,67108864 ops=9: ok
int main() {
  requireTwoGpus();
  Ctx c;
  CK(cudaGetDeviceCount(&c.n));
  c.comms.resize(c.n);
  c.streams.resize(c.n);
  c.send.resize(c.n);
  c.recv.resize(c.n);
  NCCLCHECK(ncclCommInitAll(c.comms.data(), c.n, nullptr));
  for (int r = 0; r < c.n; ++r) {
    CK(cudaSetDevice(r));
    CK(cudaStreamCreate(&c.streams[r]));
    CK(cudaMalloc(&c.send[r], kLarge));
    CK(cudaMalloc(&c.recv[r], kLarge));
  }
  using Op = bool (*)(const Ctx &, size_t);
  const Op ops[] = {allReduce, broadcast, reduce,  allGather,   reduceScatter,
                    allToAll,  gather,    scatter, sendRecvRing};
  bool ok = true;
  for (size_t bytes : {kSmall, kLarge})
    for (Op op : ops)
      ok &= op(c, bytes);
  for (int r = 0; r < c.n; ++r) {
    NCCLCHECK(ncclCommDestroy(c.comms[r]));
    CK(cudaSetDevice(r));
    CK(cudaFree(c.send[r]));
    CK(cudaFree(c.recv[r]));
    CK(cudaStreamDestroy(c.streams[r]));
  }
  std::printf("nccl single: n=%d sizes=%zu,%zu ops=%zu: %s\n", c.n, kSmall, kLarge,
              sizeof(ops) / sizeof(ops[0]), ok ? "ok" : "MISMATCH");
  return ok ? 0 : 1;
}
