// Joining NCCL ranks into communicators over traces and keying GPUs by (host,
// device).
#include "commledger/reconcile/nccl/NcclCommunicators.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <utility>

namespace commledger::reconcile::nccl {

int NcclGpuIndex::indexOf(const std::string &host, int device) const {
  if (!multiHost)
    return device >= 0 ? device : -1;
  for (std::size_t i = 0; i < gpus.size(); ++i)
    if (gpus[i].host == host && gpus[i].device == device)
      return static_cast<int>(i);
  return -1;
}

NcclGpuIndex indexGpus(const ReconcileInput &input) {
  NcclGpuIndex out;
  std::set<std::string> hosts;
  std::set<std::pair<std::string, int>> keys;
  for (const LoadedTrace &t : input.traces) {
    const std::string &host = t.trace.process.host;
    hosts.insert(host);
    for (const format::DeviceInfo &d : t.trace.devices)
      keys.insert({host, d.index});
    for (const format::NcclCommRow &c : t.trace.ncclComms)
      keys.insert({host, c.device});
    for (const format::NcclCallRow &c : t.trace.ncclCalls)
      keys.insert({host, c.device});
  }
  out.multiHost = hosts.size() > 1;
  if (out.multiHost) {
    for (const auto &[host, device] : keys)
      if (device >= 0)
        out.gpus.push_back({host, device, host + ":" + endpointLabel(device)});
    return out;
  }
  // One host: GPU k is CUDA device k, as in the report's other matrices.
  int count = 0;
  for (const auto &key : keys)
    count = std::max(count, key.second + 1);
  std::string host = hosts.empty() ? std::string() : *hosts.begin();
  for (int d = 0; d < count; ++d)
    out.gpus.push_back({host, d, endpointLabel(d)});
  return out;
}

namespace {
// "parent->rank->children" (the runtime's spelling): the parent, or nullopt
// when unreadable.
std::optional<int> treeParent(const std::string &text) {
  std::size_t arrow = text.find("->");
  if (arrow == std::string::npos || arrow == 0)
    return std::nullopt;
  try {
    std::size_t used = 0;
    int parent = std::stoi(text.substr(0, arrow), &used);
    return used == arrow ? std::optional(parent) : std::nullopt;
  } catch (...) {
    return std::nullopt;
  }
}
} // namespace

NcclTopology topologyOf(const std::vector<const format::NcclCommRow *> &ranks,
                        int nranks) {
  NcclTopology out;
  for (const format::NcclCommRow *r : ranks)
    if (!r->rings.empty()) {
      for (const std::vector<int> &ring : r->rings)
        out.channels.push_back({ring, {}});
      break;
    }
  // Trees need every rank's line for the channel; a partial tree would be a
  // wrong one.
  for (std::size_t ch = 0; ch < out.channels.size(); ++ch) {
    std::vector<int> parent(static_cast<std::size_t>(std::max(nranks, 0)), -2);
    for (const format::NcclCommRow *r : ranks)
      if (r->rank >= 0 && r->rank < nranks && ch < r->trees.size())
        if (std::optional<int> p = treeParent(r->trees[ch]))
          parent[static_cast<std::size_t>(r->rank)] = *p;
    if (std::find(parent.begin(), parent.end(), -2) == parent.end())
      out.channels[ch].treeParent = parent;
  }
  return out;
}

std::map<std::string, NcclCommunicator>
joinCommunicators(const ReconcileInput &input, const NcclGpuIndex &gpus) {
  std::map<std::string, NcclCommunicator> out;
  std::map<std::string, std::vector<const format::NcclCommRow *>> rows;
  auto place = [&](const std::string &host, const std::string &id, int rank,
                   int nranks, int device) {
    NcclCommunicator &c = out[id];
    c.commId = id;
    c.nranks = std::max(c.nranks, nranks);
    if (c.rankGpu.size() < static_cast<std::size_t>(c.nranks))
      c.rankGpu.resize(static_cast<std::size_t>(c.nranks), -1);
    if (rank >= 0 && rank < c.nranks && device >= 0)
      c.rankGpu[static_cast<std::size_t>(rank)] = gpus.indexOf(host, device);
  };
  for (const LoadedTrace &t : input.traces) {
    const std::string &host = t.trace.process.host;
    for (const format::NcclCommRow &c : t.trace.ncclComms) {
      place(host, c.commId, c.rank, c.nranks, c.device);
      rows[c.commId].push_back(&c);
    }
    for (const format::NcclCallRow &c : t.trace.ncclCalls)
      place(host, c.commId, c.rank, c.nranks, c.device);
  }
  for (auto &[id, comm] : out) {
    auto it = rows.find(id);
    if (it != rows.end())
      comm.topology = topologyOf(it->second, comm.nranks);
  }
  return out;
}

std::string_view plainKernelName(std::string_view name) {
  if (name.substr(0, 2) != "_Z")
    return name;
  std::size_t i = 2, length = 0;
  while (i < name.size() && std::isdigit(static_cast<unsigned char>(name[i])))
    length = length * 10 + static_cast<std::size_t>(name[i++] - '0');
  if (i == 2 || length == 0 || i + length > name.size())
    return name;
  return name.substr(i, length);
}

} // namespace commledger::reconcile::nccl
