// NCCL, one process per GPU (the way MPI and torchrun programs run): rank r uses GPU r
// (cudaSetDevice(r)); rank 0 writes the ncclUniqueId to --id-file, the others wait for it (60 s),
// then all join with ncclCommInitRank. The work is that of nccl-collectives-threads.cu, copied
// here because every call site must be in this file: AllReduce, Broadcast (root 0), AllGather and
// a send/recv ring at S = 256 KiB and S = 64 MiB, each rank checking its own results on the host.
// Start it with Inputs/run-procs.sh, which runs n ranks and prints their outputs in rank order.
// REQUIRES: cuda-gpu, gpus-2
// RUN: %nvcc -I%S/Inputs %s -o %t.exe -L/usr/local/cuda/lib64 -lnccl && bash %S/Inputs/run-procs.sh 2 -- %t.exe | FileCheck --check-prefix=OUT %s
//
// Sites: one call site per collective per size; each process reaches each site once (its rank),
// so per process count = 1, and merged over the n processes count = n, as in the threads program.
// Expected per-pair payload bytes, merged over the processes (ring r → r+1 mod n):
//   AllReduce      each rank → succ 2(n-1)/n·S   n=2: 262144 / 67108864 each way.
//   Broadcast(0)   open chain: every rank but the last → succ S; n=2: G0→G1 262144 / 67108864.
//   AllGather      each rank → succ (n-1)/n·S    n=2: 131072 / 33554432 each way.
//   Send/Recv ring rank r → r+1 mod n: S         n=2: 262144 / 67108864 each way.
// Per process: the bytes its GPU sends (its row of each matrix).
#include "nccl_check.h"

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

#include <unistd.h>

namespace {

constexpr size_t kSmall = 256 * 1024;       // 262144 bytes
constexpr size_t kLarge = 64 * 1024 * 1024; // 67108864 bytes

// One rank's work (same text as in nccl-collectives-threads.cu); one site per collective per size.
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

// Rank 0 publishes the id atomically: write a temporary file, then rename it over the name.
void publishId(const ncclUniqueId &id, const std::string &path) {
  const std::string tmp = path + ".tmp." + std::to_string(getpid());
  FILE *f = std::fopen(tmp.c_str(), "wb");
  if (!f || std::fwrite(&id, sizeof(id), 1, f) != 1 || std::fclose(f) != 0 ||
      std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::fprintf(stderr, "rank 0: cannot write the NCCL id to %s\n", path.c_str());
    std::exit(2);
  }
}

// The other ranks poll for the file every 10 ms, for at most 60 s.
ncclUniqueId waitForId(const std::string &path, int rank) {
  ncclUniqueId id;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline) {
    if (FILE *f = std::fopen(path.c_str(), "rb")) {
      const size_t got = std::fread(&id, sizeof(id), 1, f);
      std::fclose(f);
      if (got == 1)
        return id;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  std::fprintf(stderr, "rank %d: no NCCL id in %s after 60 s (is rank 0 running?)\n", rank,
               path.c_str());
  std::exit(2);
}

int usage() {
  std::fprintf(stderr, "usage: nccl-collectives-procs --rank R --nranks N --id-file PATH\n");
  return 2;
}

} // namespace

// OUT: nccl procs: rank 0/2 sizes=262144,67108864 ops=4: ok
// OUT-NEXT: nccl procs: rank 1/2 sizes=262144,67108864 ops=4: ok
int main(int argc, char **argv) {
  int rank = -1, n = 0;
  std::string idFile;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--rank")
      rank = std::atoi(argv[i + 1]);
    else if (flag == "--nranks")
      n = std::atoi(argv[i + 1]);
    else if (flag == "--id-file")
      idFile = argv[i + 1];
    else
      return usage();
  }
  if (n < 2 || rank < 0 || rank >= n || idFile.empty())
    return usage();
  int devices = 0;
  CK(cudaGetDeviceCount(&devices));
  if (rank >= devices) {
    std::fprintf(stderr, "rank %d: needs GPU %d, found %d GPUs\n", rank, rank, devices);
    return 2;
  }
  CK(cudaSetDevice(rank));
  ncclUniqueId id;
  if (rank == 0) {
    NCCLCHECK(ncclGetUniqueId(&id));
    publishId(id, idFile);
  } else {
    id = waitForId(idFile, rank);
  }
  ncclComm_t comm;
  NCCLCHECK(ncclCommInitRank(&comm, n, id, rank));
  if (rank == 0)
    std::remove(idFile.c_str()); // every rank has joined: a later run must not read a stale id
  cudaStream_t s;
  float *send = nullptr, *recv = nullptr;
  CK(cudaStreamCreate(&s));
  CK(cudaMalloc(&send, kLarge));
  CK(cudaMalloc(&recv, kLarge));
  const bool ok = rankWork(comm, rank, n, s, send, recv);
  NCCLCHECK(ncclCommDestroy(comm));
  CK(cudaFree(send));
  CK(cudaFree(recv));
  CK(cudaStreamDestroy(s));
  std::printf("nccl procs: rank %d/%d sizes=%zu,%zu ops=4: %s\n", rank, n, kSmall, kLarge,
              ok ? "ok" : "MISMATCH");
  return ok ? 0 : 1;
}
