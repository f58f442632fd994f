// How a kernel event of the trace's event log reads on the timeline: its plain
// name, and for NCCL kernels the collective, algorithm and protocol the name
// spells (NcclKernelName.h says what such a name proves: "algorithm" below is
// only what it proves).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace commledger::reconcile::nccl {

struct KernelSlice {
  std::string
      name; // "ncclPatternKernel", "NCCL AllReduce RING_LL", "NCCL SendRecv"
  std::string category; // "kernel", or "nccl" for NCCL device kernels
  std::vector<std::pair<std::string, std::string>>
      args; // collective, algorithm, protocol
};

KernelSlice kernelSlice(std::string_view kernel);

} // namespace commledger::reconcile::nccl
