// Parser of NCCL device-kernel names; the spellings are the lists at the top of NCCL 2.28's
// src/device/generate.py (all_colls, all_redops, all_tys, all_algos, all_protos).
#include "commledger/reconcile/nccl/NcclKernelName.h"

#include <algorithm>
#include <array>
#include <vector>

namespace commledger::reconcile::nccl {

namespace {
constexpr std::string_view kPrefix = "ncclDevKernel_";

constexpr std::array<std::string_view, 5> kRedops = {"Sum", "Prod", "MinMax", "PreMulSum",
                                                     "SumPostDiv"};
constexpr std::array<std::string_view, 12> kTypes = {"i8",  "u8",  "i32", "u32",
                                                     "i64", "u64", "f16", "f32",
                                                     "f64", "bf16", "f8e4m3", "f8e5m2"};

struct AlgoName {
  NcclAlgorithm algorithm;
  const char *name;
};
constexpr AlgoName kAlgos[] = {
    {NcclAlgorithm::Tree, "TREE"},          {NcclAlgorithm::Ring, "RING"},
    {NcclAlgorithm::CollNetDirect, "COLLNET_DIRECT"}, {NcclAlgorithm::CollNetChain, "COLLNET_CHAIN"},
    {NcclAlgorithm::Nvls, "NVLS"},          {NcclAlgorithm::NvlsTree, "NVLS_TREE"},
    {NcclAlgorithm::Pat, "PAT"}};

struct ProtoName {
  NcclProtocol protocol;
  const char *name;
};
constexpr ProtoName kProtos[] = {{NcclProtocol::LL, "LL"},
                                 {NcclProtocol::LL128, "LL128"},
                                 {NcclProtocol::Simple, "SIMPLE"}};

template <std::size_t N>
bool contains(const std::array<std::string_view, N> &list, std::string_view word) {
  return std::find(list.begin(), list.end(), word) != list.end();
}

std::vector<std::string_view> splitUnderscores(std::string_view text) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i)
    if (i == text.size() || text[i] == '_') {
      parts.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  return parts;
}

// The tail "<ALGO>_<PROTO>"; ALGO may itself hold underscores (COLLNET_DIRECT, NVLS_TREE).
bool parseAlgoProto(const std::vector<std::string_view> &parts, std::size_t first,
                    NcclKernelName &out) {
  if (parts.size() < first + 2)
    return false;
  std::string_view proto = parts.back();
  std::string algo;
  for (std::size_t i = first; i + 1 < parts.size(); ++i) {
    if (!algo.empty())
      algo += '_';
    algo += parts[i];
  }
  bool algoFound = false, protoFound = false;
  for (const AlgoName &a : kAlgos)
    if (algo == a.name) {
      out.algorithm = a.algorithm;
      algoFound = true;
    }
  for (const ProtoName &p : kProtos)
    if (proto == p.name) {
      out.protocol = p.protocol;
      protoFound = true;
    }
  return algoFound && protoFound;
}
} // namespace

std::optional<NcclKernelName> parseNcclKernelName(std::string_view name) {
  // Demangled names carry the parameter list: "...RING_LL(ncclDevKernelArgsStorage<4096ul>)".
  while (!name.empty() && (name.front() == ' ' || name.front() == '\t'))
    name.remove_prefix(1);
  if (std::size_t paren = name.find('('); paren != std::string_view::npos)
    name = name.substr(0, paren);
  while (!name.empty() && (name.back() == ' ' || name.back() == '\t'))
    name.remove_suffix(1);
  if (name.substr(0, kPrefix.size()) != kPrefix)
    return std::nullopt;
  std::vector<std::string_view> parts = splitUnderscores(name.substr(kPrefix.size()));

  NcclKernelName out;
  std::string_view coll = parts[0];
  out.collective = std::string(coll);
  if (coll == "SendRecv")
    return parts.size() == 1 ? std::optional(out) : std::nullopt;
  if (coll == "Generic")
    return out; // any suffix: it names no function
  if (coll == "AllGather" || coll == "AllGatherV" || coll == "Broadcast") {
    if (!parseAlgoProto(parts, 1, out))
      return std::nullopt;
  } else if (coll == "AllReduce" || coll == "Reduce" || coll == "ReduceScatter") {
    if (parts.size() < 3 || !contains(kRedops, parts[1]) || !contains(kTypes, parts[2]))
      return std::nullopt;
    out.reduction = std::string(parts[1]);
    out.datatype = std::string(parts[2]);
    if (!parseAlgoProto(parts, 3, out))
      return std::nullopt;
  } else {
    return std::nullopt;
  }
  // best_kernel() shares one kernel per (coll, Sum, type, RING|TREE, LL): anything else is exact.
  bool sharedShape = (out.reduction.empty() || out.reduction == "Sum") &&
                     (out.algorithm == NcclAlgorithm::Ring ||
                      out.algorithm == NcclAlgorithm::Tree) &&
                     out.protocol == NcclProtocol::LL;
  out.nameIsExact = !sharedShape;
  return out;
}

NcclAlgorithm provenAlgorithm(const NcclKernelName &kernel) {
  if (kernel.algorithm == NcclAlgorithm::Tree || kernel.nameIsExact)
    return kernel.algorithm;
  return NcclAlgorithm::Unknown;
}

const char *toString(NcclAlgorithm algorithm) {
  for (const AlgoName &a : kAlgos)
    if (a.algorithm == algorithm)
      return a.name;
  return "unknown";
}

const char *toString(NcclProtocol protocol) {
  for (const ProtoName &p : kProtos)
    if (p.protocol == protocol)
      return p.name;
  return "unknown";
}

} // namespace commledger::reconcile::nccl
