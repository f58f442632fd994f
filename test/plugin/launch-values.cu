// Launch values: the rewritten launch hands the runtime its configuration, the scalar arguments
// its footprint formulas still need, and its pointer arguments, all copied side-effect free.
// RUN: rm -f %t.json
// RUN: %commledger-instrument %s --project-root %S --sites %t.json --output %t.cu --
// RUN: FileCheck %s --check-prefix=TEXT --input-file=%t.cu
// RUN: FileCheck %s --check-prefix=DB --input-file=%t.json
#include <cuda_runtime.h>

constexpr int N = 1000;

__global__ void scale(const float *src, float *dst, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    dst[i] = 2 * src[i];
}
__global__ void external(float *p, int n);
int nextSize();
#define LAUNCH(p, n) scale<<<1, 32>>>(p, p, n)
// TEXT: #define LAUNCH(p, n) COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, scale<<<1, 32>>>(p, p, n))
// A launch in a macro body is wrapped there, where its operands are macro tokens: none passed.
// DB:      "launch_values_reason": "the grid is spelled in a macro"
// DB:      "line": [[@LINE-4]]{{,?$}}

void run(float *a, float *b, int n, cudaStream_t s) {
  // n is not constant: 6 configuration values, n, then the 2 pointers; pointers last.
  scale<<<(n + 255) / 256, 256, 0, s>>>(a, b, n);
  // TEXT: COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, (::commledger_rt::launch_values<2>({(unsigned long long)::dim3((n + 255) / 256).x, (unsigned long long)::dim3((n + 255) / 256).y, (unsigned long long)::dim3((n + 255) / 256).z, (unsigned long long)::dim3(256).x, (unsigned long long)::dim3(256).y, (unsigned long long)::dim3(256).z, (unsigned long long)(int)(n), (unsigned long long)(const volatile void *)(a), (unsigned long long)(const volatile void *)(b)}), scale<<<(n + 255) / 256, 256, 0, s>>>(a, b, n)));
// DB:      "launch_pointers": 2,
// DB-NEXT: "launch_values": [
// DB-NEXT:  "gridDim.x",
// DB-NEXT:  "gridDim.y",
// DB-NEXT:  "gridDim.z",
// DB-NEXT:  "blockDim.x",
// DB-NEXT:  "blockDim.y",
// DB-NEXT:  "blockDim.z",
// DB-NEXT:  "n",
// DB-NEXT:  "src",
// DB-NEXT:  "dst"
// DB-NEXT: ],
// DB:      "line": [[@LINE-14]]{{,?$}}

  // N folds: no scalar, but the configuration and the pointers (which allocation) still pass.
  scale<<<4, 256>>>(a, b, N);
  // TEXT: COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, (::commledger_rt::launch_values<2>({(unsigned long long)::dim3(4).x, {{.*}}, (unsigned long long)::dim3(256).z, (unsigned long long)(const volatile void *)(a), (unsigned long long)(const volatile void *)(b)}), scale<<<4, 256>>>(a, b, N)));
// DB:      "launch_pointers": 2,
// DB-NEXT: "launch_values": [
// DB-NEXT:  "gridDim.x",
// DB-NEXT:  "gridDim.y",
// DB-NEXT:  "gridDim.z",
// DB-NEXT:  "blockDim.x",
// DB-NEXT:  "blockDim.y",
// DB-NEXT:  "blockDim.z",
// DB-NEXT:  "src",
// DB-NEXT:  "dst"
// DB-NEXT: ],
// DB:      "line": [[@LINE-13]]{{,?$}}

  // dim3 variables and constructions; a pointer expression.
  dim3 grid(8, 2);
  scale<<<grid, dim3(16, 16)>>>(a + 1, b, n);
  // TEXT: (unsigned long long)::dim3(grid).x, {{.*}}, (unsigned long long)::dim3(dim3(16, 16)).z, (unsigned long long)(int)(n), (unsigned long long)(const volatile void *)(a + 1), {{.*}}, scale<<<grid, dim3(16, 16)>>>(a + 1, b, n)));
// DB:      "launch_values": [
// DB-NEXT:  "gridDim.x",
// DB:       "n",
// DB-NEXT:  "src",
// DB-NEXT:  "dst"
// DB:      "line": [[@LINE-7]]{{,?$}}

  // Side effects: evaluating them twice would change the program, so nothing is passed.
  scale<<<4, 256>>>(a, b, nextSize());
  // TEXT: COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, scale<<<4, 256>>>(a, b, nextSize()));
  // DB-NOT: "launch_values":
  // DB:     "launch_values_reason": "the argument for 'n' (nextSize()) may have side effects"
  scale<<<4, 256>>>(a++, b, n);
  // TEXT: COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, scale<<<4, 256>>>(a++, b, n));
  // DB-NOT: "launch_values":
  // DB:     "launch_values_reason": "the argument for 'src' (a++) may have side effects"
  scale<<<nextSize(), 256>>>(a, b, n);
  // TEXT: COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, scale<<<nextSize(), 256>>>(a, b, n));
  // DB-NOT: "launch_values":
  // DB:     "launch_values_reason": "the grid (nextSize()) may have side effects"

  // A kernel defined elsewhere has no footprint to feed.
  external<<<1, 32>>>(a, n);
  // TEXT: COMMLEDGER_SITE(0x{{[0-9a-f]+}}ULL, external<<<1, 32>>>(a, n));
  // DB-NOT: "launch_values
  // DB:     "reason": "the kernel is not defined in this translation unit"
  // DB-NOT: "launch_values
}

void viaMacro(float *p, int n) { LAUNCH(p, n); }
