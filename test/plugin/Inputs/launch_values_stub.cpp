// Stands in for libcommledger-rt.so in launch-values-run.cu: prints each site call and the launch
// values, so the test sees what a rewritten launch hands the runtime.
#include <cstdio>

extern "C" {
void commledger_enter(unsigned long long) { std::printf("enter\n"); }
void commledger_leave(void) { std::printf("leave\n"); }
void commledger_launch_values(const unsigned long long *values, unsigned count, unsigned pointers) {
  std::printf("values %u pointers %u:", count, pointers);
  for (unsigned i = 0; i < count; ++i)
    std::printf(" %llu", values[i]);
  std::printf("\n");
}
}
