// Decoding of NCCL 2.28 device-kernel names as CUPTI reports them
// ("ncclDevKernel_AllReduce_Sum_f32_RING_LL", optionally demangled with its parameter list).
//
// The names come from src/device/generate.py: "ncclDevKernel_" + the kernel tuple joined by '_'
// (coll, redop, type, algo, proto), with absent parts left out: "ncclDevKernel_SendRecv",
// "ncclDevKernel_Generic", "ncclDevKernel_Broadcast_RING_LL", "..._AllReduce_Sum_f32_TREE_LL".
//
// Caveat that matters for attribution: a default NCCL build compiles one kernel per equivalence
// class only (best_kernel() in generate.py): AllGather/Broadcast/AllGatherV always launch
// "<coll>_RING_LL"; AllReduce/Reduce/ReduceScatter launch "<coll>_Sum_<type>_TREE_LL" for TREE
// and "<coll>_Sum_<type>_RING_LL" for every other algorithm (RING, NVLS, NVLS_TREE, COLLNET_*,
// PAT) and every protocol; the real function is picked inside the kernel. So in such a name
// TREE means tree, RING means "not tree", LL says nothing, Sum says nothing about the op.
// Only a build with exact kernel names (or a name no default build produces) is exact:
// `nameIsExact` says which case a name proves.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace commledger::reconcile::nccl {

enum class NcclAlgorithm { Unknown, Ring, Tree, CollNetDirect, CollNetChain, Nvls, NvlsTree, Pat };
enum class NcclProtocol { Unknown, LL, LL128, Simple };

struct NcclKernelName {
  // As spelled in the name: "AllReduce", "Broadcast", "Reduce", "AllGather", "AllGatherV",
  // "ReduceScatter", "SendRecv" (also carries AlltoAll, Gather, Scatter, Send, Recv: NCCL runs
  // them as grouped point-to-point), or "Generic" (a mixed or filtered plan).
  std::string collective;
  std::string reduction; // "Sum", "Prod", "MinMax", "PreMulSum", "SumPostDiv"; empty if none
  std::string datatype;  // "f32", "u8", "bf16", ...; empty if none. Signed ints appear as "u..".
  // Unknown for SendRecv and Generic: their names carry no algorithm (the caller falls back).
  NcclAlgorithm algorithm = NcclAlgorithm::Unknown;
  NcclProtocol protocol = NcclProtocol::Unknown;
  // True when the name cannot be a default build's shared kernel (a protocol other than LL, an
  // algorithm other than RING/TREE, or an op other than Sum): algorithm and protocol are then
  // what ran. False for shared names: see the caveat at the top of this file.
  bool nameIsExact = false;
};

// nullopt when `name` is not an ncclDevKernel_ name or its parts are not NCCL's spellings.
std::optional<NcclKernelName> parseNcclKernelName(std::string_view name);

// What a kernel name proves about the algorithm for prediction: Tree for TREE, the spelled
// algorithm when the name is exact, otherwise Unknown ("not tree" is not an algorithm).
NcclAlgorithm provenAlgorithm(const NcclKernelName &kernel);

// Stable names for reports: the spellings of generate.py ("RING", "COLLNET_DIRECT", "LL128").
const char *toString(NcclAlgorithm algorithm);
const char *toString(NcclProtocol protocol);

} // namespace commledger::reconcile::nccl
