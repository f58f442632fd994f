// Gathering calls, kernels and counters per NCCL call site over every trace.
#include "NcclSiteEvidence.h"
#include "NcclApi.h"
#include "commledger/reconcile/nccl/NcclKernelName.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

namespace commledger::reconcile::nccl {

namespace {
// The kernel of a call is the one of its collective; a Generic plan may carry
// any.
bool kernelFits(const format::KernelRow &k, const NcclApi &api) {
  std::optional<NcclKernelName> name =
      parseNcclKernelName(plainKernelName(k.name));
  if (!name)
    return false;
  return name->collective == api.kernel || name->collective == "Generic" ||
         (name->collective == "AllGatherV" &&
          std::string_view(api.kernel) == "AllGather");
}

void attachKernels(NcclSiteEvidence &site, const ReconcileInput &input) {
  std::set<const format::KernelRow *> seen;
  for (const CallRef &c : site.calls) {
    std::optional<NcclApi> api = ncclApi(c.row->api);
    std::optional<format::SiteId> launch =
        c.row->launchSite ? c.row->launchSite : c.row->site;
    if (!api || !launch)
      continue;
    for (const format::KernelRow &k : input.traces[c.trace].trace.kernels)
      if (k.site == launch && k.device == c.row->device &&
          kernelFits(k, *api) && seen.insert(&k).second)
        site.kernels.push_back({c.trace, &k});
  }
}

void attachCounters(NcclEvidence &out, const ReconcileInput &input) {
  for (const auto &[id, site] : out.sites)
    for (const KernelRef &k : site.kernels)
      for (const format::CounterRow &c : input.traces[k.trace].trace.counters) {
        if (c.site != k.row->site || c.kernel != k.row->name ||
            c.device != k.row->device)
          continue;
        NvlinkBytes &b = out.nvlink[k.row];
        if (c.metric == "nvltx__bytes.sum")
          b.tx = b.tx.value_or(0) + c.value;
        else if (c.metric == "nvlrx__bytes.sum")
          b.rx = b.rx.value_or(0) + c.value;
      }
}
} // namespace

NcclEvidence gatherEvidence(const ReconcileInput &input, const NcclGpuIndex &,
                            std::vector<std::string> &warnings) {
  NcclEvidence out;
  for (const format::Site &s : input.sites.sites)
    if (s.family == format::SiteFamily::Nccl && ncclApi(s.api))
      out.sites[s.id].site = &s;
  std::uint64_t siteless = 0;
  for (std::size_t t = 0; t < input.traces.size(); ++t)
    for (const format::NcclCallRow &c : input.traces[t].trace.ncclCalls) {
      if (!c.site) {
        siteless += c.calls;
        continue;
      }
      out.sites[*c.site].calls.push_back({t, &c});
    }
  if (siteless != 0)
    warnings.push_back(std::to_string(siteless) +
                       " NCCL calls without a site (not instrumented) are not "
                       "in the nccl section");
  for (auto &[id, site] : out.sites) {
    attachKernels(site, input);
    for (const KernelRef &k : site.kernels)
      ++out.sharedBy[k.row];
  }
  attachCounters(out, input);
  return out;
}

void applyProfilerFacts(NcclSiteRow &row, const std::vector<CallRef> &calls, KernelFacts &facts) {
  std::set<std::string> algorithms, protocols;
  for (const CallRef &c : calls) {
    if (c.row->algorithm.empty())
      return; // a call NCCL's profiler did not describe: keep the kernels' evidence
    algorithms.insert(c.row->algorithm);
    protocols.insert(c.row->protocol);
  }
  if (algorithms.size() != 1 || algorithms.begin()->find(',') != std::string::npos)
    return;
  std::string algorithm = *algorithms.begin();
  std::transform(algorithm.begin(), algorithm.end(), algorithm.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  facts.algorithmLabel.clear();
  if (algorithm == "RING")
    facts.choice = NcclAlgorithmChoice::Ring;
  else if (algorithm == "TREE")
    facts.choice = NcclAlgorithmChoice::Tree;
  else
    facts.algorithmLabel = algorithm + " (ring predicted)";
  if (protocols.size() == 1 && !protocols.begin()->empty() &&
      protocols.begin()->find(',') == std::string::npos)
    row.protocol = *protocols.begin();
}

KernelFacts kernelFacts(NcclSiteRow &row, const NcclSiteEvidence &site,
                        const NcclEvidence &evidence,
                        const ReconcileInput &input, const NcclGpuIndex &gpus) {
  KernelFacts facts;
  std::set<NcclAlgorithm> proven;
  std::set<NcclProtocol> protocols;
  bool allExact = true;
  for (const KernelRef &k : site.kernels) {
    std::optional<NcclKernelName> name =
        parseNcclKernelName(plainKernelName(k.row->name));
    int gpu =
        gpus.indexOf(input.traces[k.trace].trace.process.host, k.row->device);
    unsigned shared = evidence.sharedBy.at(k.row);
    row.kernels.push_back({k.row->name, name ? name->collective : "", gpu,
                           k.row->count, k.row->totalNs, shared});
    row.kernelCount += k.row->count;
    row.kernelNs += k.row->totalNs;
    if (shared > 1)
      row.notes.push_back(
          "kernel records shared by " + std::to_string(shared) +
          " NCCL sites (one group launch): counts and times are the group's");
    if (name && name->collective != "SendRecv") {
      proven.insert(provenAlgorithm(*name));
      protocols.insert(name->protocol);
      allExact = allExact && name->nameIsExact;
    }
    if (auto nv = evidence.nvlink.find(k.row); nv != evidence.nvlink.end()) {
      row.counters = true;
      auto it =
          std::find_if(row.perGpu.begin(), row.perGpu.end(),
                       [&](const NcclGpuBytes &g) { return g.gpu == gpu; });
      if (it == row.perGpu.end())
        it = row.perGpu.insert(row.perGpu.end(),
                               NcclGpuBytes{gpu, 0, 0, {}, {}});
      if (nv->second.tx)
        it->nvlinkTx = it->nvlinkTx.value_or(0) + *nv->second.tx;
      if (nv->second.rx)
        it->nvlinkRx = it->nvlinkRx.value_or(0) + *nv->second.rx;
    }
  }
  std::sort(row.notes.begin(), row.notes.end());
  row.notes.erase(std::unique(row.notes.begin(), row.notes.end()),
                  row.notes.end());
  row.protocol = allExact && protocols.size() == 1
                     ? toString(*protocols.begin())
                     : "unknown";
  if (proven.size() == 1) {
    NcclAlgorithm a = *proven.begin();
    if (a == NcclAlgorithm::Tree)
      facts.choice = NcclAlgorithmChoice::Tree;
    else if (a == NcclAlgorithm::Ring)
      facts.choice = NcclAlgorithmChoice::Ring;
    else if (a != NcclAlgorithm::Unknown)
      facts.algorithmLabel = std::string(toString(a)) + " (ring predicted)";
  }
  return facts;
}

void fillPerGpu(NcclSiteRow &row, const std::vector<std::vector<double>> &bytes,
                const std::map<std::string, NcclCommunicator> &comms,
                const std::vector<CallRef> &calls) {
  std::set<int> members;
  for (const CallRef &c : calls)
    if (auto it = comms.find(c.row->commId); it != comms.end())
      for (int g : it->second.rankGpu)
        if (g >= 0)
          members.insert(g);
  for (const NcclGpuBytes &g : row.perGpu)
    members.insert(g.gpu);
  for (int g : members) {
    auto it = std::find_if(row.perGpu.begin(), row.perGpu.end(),
                           [&](const NcclGpuBytes &b) { return b.gpu == g; });
    if (it == row.perGpu.end())
      it = row.perGpu.insert(row.perGpu.end(), NcclGpuBytes{g, 0, 0, {}, {}});
    double sent = 0, received = 0;
    for (std::size_t o = 0; g >= 0 && o < bytes.size(); ++o) {
      sent += bytes[g][o];
      received += bytes[o][g];
    }
    it->predictedSent = static_cast<std::uint64_t>(std::llround(sent));
    it->predictedReceived = static_cast<std::uint64_t>(std::llround(received));
  }
  std::sort(row.perGpu.begin(), row.perGpu.end(),
            [](const NcclGpuBytes &a, const NcclGpuBytes &b) {
              return a.gpu < b.gpu;
            });
}

} // namespace commledger::reconcile::nccl
