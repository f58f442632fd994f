// Crash safety: copies at three sites, then the process dies by SIGSEGV, abort(), _exit(5) or
// SIGKILL (after a checkpoint holds every copy). Each death leaves a valid trace listing every
// copy's bytes, requested and observed, with the matching end reason; exit codes are kept.
// REQUIRES: cuda-gpu, gpus-2
// RUN: rm -rf %t.segv %t.abort %t.exit %t.kill %t.sites.json
// RUN: env COMMLEDGER_SITES=%t.sites.json %commledger-cc %nvcc -I%rt_include -I%S/Inputs %s -o %t.exe
// RUN: env CUDA_VISIBLE_DEVICES=0,1 %commledger run -o %t.segv -- %t.exe segv > %t.segv.txt; echo "exit=$?" >> %t.segv.txt
// RUN: env CUDA_VISIBLE_DEVICES=0,1 %commledger run -o %t.abort -- %t.exe abort > %t.abort.txt; echo "exit=$?" >> %t.abort.txt
// RUN: env CUDA_VISIBLE_DEVICES=0,1 %commledger run -o %t.exit -- %t.exe _exit > %t.exit.txt; echo "exit=$?" >> %t.exit.txt
// RUN: env CUDA_VISIBLE_DEVICES=0,1 %commledger run --checkpoint-ms 200 -o %t.kill -- %t.exe kill > %t.kill.txt; echo "exit=$?" >> %t.kill.txt
// RUN: FileCheck --check-prefix=SEGVCODE %s < %t.segv.txt
// RUN: FileCheck --check-prefix=ABORTCODE %s < %t.abort.txt
// RUN: FileCheck --check-prefix=EXITCODE %s < %t.exit.txt
// RUN: FileCheck --check-prefix=KILLCODE %s < %t.kill.txt
// RUN: %commledger show --sites %t.sites.json %t.segv/trace-*.json | FileCheck --check-prefixes=CHECK,SEGV %s
// RUN: %commledger show --sites %t.sites.json %t.abort/trace-*.json | FileCheck --check-prefixes=CHECK,ABORT %s
// RUN: %commledger show --sites %t.sites.json %t.exit/trace-*.json | FileCheck --check-prefixes=CHECK,EXIT %s
// RUN: %commledger show --sites %t.sites.json %t.kill/trace-*.json | FileCheck --check-prefixes=CHECK,KILL %s
// Exit codes: 128 + 11 (SIGSEGV) = 139, 128 + 6 (SIGABRT) = 134, 5, 128 + 9 (SIGKILL) = 137.
// SEGVCODE: copies done
// SEGVCODE-NEXT: exit=139
// ABORTCODE: copies done
// ABORTCODE-NEXT: exit=134
// EXITCODE: copies done
// EXITCODE-NEXT: exit=5
// KILLCODE: copies done
// KILLCODE-NEXT: exit=137
#include "gpu_check.h"

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

constexpr size_t kA = 1024 * 1024; // site A: 3 × 1048576 = 3145728 bytes
constexpr size_t kB = 256 * 1024;  // site B: 2 × 262144 = 524288 bytes
constexpr size_t kC = 768 * 1024;  // site C: 1 × 786432 = 786432 bytes

// How often `needle` occurs in this process's trace (it may not exist yet).
int occurrences(const std::string &needle) {
  char host[256] = "";
  gethostname(host, sizeof host - 1);
  std::string name = host;
  for (char &c : name)
    if (c == '/')
      c = '_';
  const char *out = std::getenv("COMMLEDGER_OUT");
  std::ifstream in(std::string(out ? out : "commledger-out") + "/trace-" + name + "-" +
                   std::to_string(getpid()) + ".json");
  std::stringstream text;
  text << in.rdbuf();
  const std::string s = text.str();
  int count = 0;
  for (size_t at = s.find(needle); at != std::string::npos; at = s.find(needle, at + 1))
    ++count;
  return count;
}

// A checkpoint holds every copy once each site's total appears twice: requested and observed.
bool awaitCheckpoint() {
  for (int i = 0; i < 6000; ++i) { // at most a minute; the checkpoints come every 200 ms
    if (occurrences("\"bytes\": 3145728,") >= 2 && occurrences("\"bytes\": 524288,") >= 2 &&
        occurrences("\"bytes\": 786432,") >= 2)
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

// CHECK: cupti active=true
// SEGV: end=signal SIGSEGV
// ABORT: end=signal SIGABRT
// EXIT: end=_exit
// KILL: end=checkpoint
int main(int argc, char **argv) {
  requireTwoGpus();
  const std::string mode = argc > 1 ? argv[1] : "";
  CK(cudaSetDevice(1));
  CK(cudaDeviceEnablePeerAccess(0, 0));
  unsigned char *g1 = nullptr;
  CK(cudaMalloc(&g1, kC));
  CK(cudaSetDevice(0));
  CK(cudaDeviceEnablePeerAccess(1, 0));
  unsigned char *g0 = nullptr, *pinned = nullptr;
  CK(cudaMalloc(&g0, kA));
  CK(cudaMallocHost(&pinned, kB));
  unsigned char *pageable = static_cast<unsigned char *>(std::malloc(kA));
  fill(pageable, kA, 7);
  cudaStream_t stream;
  CK(cudaStreamCreate(&stream));

  for (int i = 0; i < 3; ++i) {
    // CHECK: L[[@LINE+2]] request cudaMemcpy HostToDevice H:pageable->G0:device bytes=3145728 count=3
    // CHECK: L[[@LINE+1]] observed HtoD H:pageable->G0:device bytes=3145728 count=3
    CK(cudaMemcpy(g0, pageable, kA, cudaMemcpyHostToDevice));
  }
  for (int i = 0; i < 2; ++i) {
    // CHECK: L[[@LINE+2]] request cudaMemcpyAsync DeviceToHost G0:device->H:pinned bytes=524288 count=2
    // CHECK: L[[@LINE+1]] observed DtoH G0:device->H:pinned bytes=524288 count=2
    CK(cudaMemcpyAsync(pinned, g0, kB, cudaMemcpyDeviceToHost, stream));
  }
  CK(cudaStreamSynchronize(stream));
  // CHECK: L[[@LINE+2]] request cudaMemcpyPeer - G0:device->G1:device declared=0->1 bytes=786432 count=1
  // CHECK: L[[@LINE+1]] observed PtoP G0:device->G1:device bytes=786432 count=1
  CK(cudaMemcpyPeer(g1, 1, g0, 0, kC));
  CK(cudaDeviceSynchronize());
  // CHECK-NOT: unattributed
  std::printf("copies done\n");
  std::fflush(stdout); // _exit and the signals skip stdio's buffers

  if (mode == "segv")
    *static_cast<volatile int *>(argc > 1 ? nullptr : static_cast<void *>(argv)) = 1;
  if (mode == "abort")
    std::abort();
  if (mode == "_exit")
    _exit(5);
  if (mode == "kill") {
    if (!awaitCheckpoint()) {
      std::printf("no checkpoint with every copy within a minute\n");
      return 1;
    }
    kill(getpid(), SIGKILL);
  }
  return 0;
}
