// The report's NCCL rows: calls of every trace joined by site, predicted per
// pair over the communicator's GPUs, and the kernels (and NVLink counters) that
// ran for them.
#include "commledger/reconcile/nccl/NcclReportBuilder.h"
#include "NcclApi.h"
#include "NcclSiteEvidence.h"
#include "commledger/reconcile/nccl/NcclCommunicators.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace commledger::reconcile::nccl {

const char *toString(NcclVerdict verdict) {
  switch (verdict) {
  case NcclVerdict::Observed:
    return "observed";
  case NcclVerdict::AlgorithmUnknown:
    return "algorithm unknown";
  case NcclVerdict::RanksMissing:
    return "ranks missing";
  case NcclVerdict::NotObserved:
    return "not observed";
  }
  return "observed";
}

std::string NcclSiteRow::location() const {
  if (!known)
    return format::siteIdToString(id);
  return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

namespace {
using Matrix = std::vector<std::vector<double>>;

void addNote(NcclSiteRow &row, const std::string &note) {
  if (!note.empty() &&
      std::find(row.notes.begin(), row.notes.end(), note) == row.notes.end())
    row.notes.push_back(note);
}

// Adds one prediction (n×n over ranks) `times` times onto GPU pairs; pairs of
// unmapped ranks drop.
void addOnGpus(const NcclPrediction &p, const NcclCommunicator &comm,
               double times, Matrix &bytes, Matrix &counts) {
  for (std::size_t s = 0; s < p.sent.size() && s < comm.rankGpu.size(); ++s)
    for (std::size_t d = 0; d < p.sent[s].size() && d < comm.rankGpu.size();
         ++d) {
      int gs = comm.rankGpu[s], gd = comm.rankGpu[d];
      if (gs < 0 || gd < 0 || p.sent[s][d] == 0)
        continue;
      bytes[gs][gd] += p.sent[s][d] * times;
      counts[gs][gd] += times;
    }
}

// One call shape of a site: a collective operation's calls by rank, or one
// point-to-point row.
struct Shape {
  const format::NcclCallRow *row =
      nullptr; // any rank's row: count, datatype, root
  std::map<int, std::uint64_t> callsByRank;
};

std::vector<Shape> shapesOf(const std::vector<CallRef> &calls,
                            const NcclApi &api) {
  std::vector<Shape> out;
  std::map<std::tuple<std::string, std::uint64_t, unsigned, int>, std::size_t>
      index;
  for (const CallRef &c : calls) {
    if (api.collective == NcclCollective::Send ||
        api.collective == NcclCollective::Recv) {
      out.push_back(Shape{c.row, {{c.row->rank, c.row->calls}}});
      continue;
    }
    auto key = std::make_tuple(c.row->commId, c.row->elements,
                               c.row->datatypeBytes, c.row->root);
    auto [it, inserted] = index.try_emplace(key, out.size());
    if (inserted)
      out.push_back(Shape{c.row, {}});
    out[it->second].callsByRank[c.row->rank] += c.row->calls;
  }
  return out;
}

double sizeOf(const format::NcclCallRow &row, const NcclApi &api) {
  double per = static_cast<double>(row.elements) * row.datatypeBytes;
  return api.sizeTimesRanks ? per * row.nranks : per;
}

void predict(NcclSiteRow &row, const NcclApi &api,
             const std::vector<CallRef> &calls,
             const std::map<std::string, NcclCommunicator> &comms,
             NcclAlgorithmChoice choice, std::size_t gpuCount, Matrix &bytes,
             Matrix &counts) {
  bytes.assign(gpuCount, std::vector<double>(gpuCount, 0));
  counts = bytes;
  std::set<std::uint64_t> perCall, sizes;
  for (const CallRef &c : calls) {
    row.calls += c.row->calls;
    perCall.insert(c.row->elements * c.row->datatypeBytes);
    sizes.insert(static_cast<std::uint64_t>(sizeOf(*c.row, api)));
  }
  if (perCall.size() == 1)
    row.bytesPerCall = *perCall.begin();
  if (sizes.size() == 1)
    row.size = *sizes.begin();
  bool assumed = false;
  for (const Shape &shape : shapesOf(calls, api)) {
    auto comm = comms.find(shape.row->commId);
    if (comm == comms.end())
      continue;
    NcclCall call;
    call.collective = api.collective;
    call.algorithm = choice;
    call.nranks = comm->second.nranks;
    call.bytes = sizeOf(*shape.row, api);
    call.root = std::max(shape.row->root, 0);
    call.rank = shape.row->rank;
    call.peer = std::max(shape.row->peer, 0);
    // A collective runs once for all ranks: the busiest rank's call count is
    // the operations'.
    std::uint64_t times = 0;
    for (const auto &[rank, n] : shape.callsByRank)
      times = std::max(times, n);
    row.operations += times;
    NcclPrediction p = predictNccl(call, comm->second.topology);
    assumed = assumed || p.algorithmAssumed;
    addNote(row, p.note);
    addOnGpus(p, comm->second, static_cast<double>(times), bytes, counts);
  }
  if (api.direct)
    row.algorithm = "direct";
  else if (assumed)
    row.algorithm = "unknown (ring assumed)";
  else
    row.algorithm = choice == NcclAlgorithmChoice::Tree ? "TREE" : "RING";
}

void describeComm(NcclSiteRow &row, const std::vector<CallRef> &calls,
                  const std::map<std::string, NcclCommunicator> &comms) {
  std::set<std::string> ids;
  for (const CallRef &c : calls)
    ids.insert(c.row->commId);
  if (ids.empty())
    return;
  row.commId = *ids.begin();
  if (ids.size() > 1)
    addNote(row, "called on " + std::to_string(ids.size()) + " communicators");
  for (const std::string &id : ids) {
    auto it = comms.find(id);
    if (it == comms.end())
      continue;
    const NcclCommunicator &comm = it->second;
    if (id == row.commId) {
      row.nranks = comm.nranks;
      row.ranksTraced = static_cast<unsigned>(
          std::count_if(comm.rankGpu.begin(), comm.rankGpu.end(),
                        [](int g) { return g >= 0; }));
    }
    if (comm.topology.channels.empty())
      addNote(row, "communicator " + id +
                       ": no rings in any trace (NCCL_DEBUG=INFO log): ring "
                       "0,1,...,n-1 assumed");
  }
}

NcclVerdict judge(const NcclSiteRow &row) {
  if (row.kernelCount == 0)
    return NcclVerdict::NotObserved;
  if (row.nranks > 0 && row.ranksTraced < static_cast<unsigned>(row.nranks))
    return NcclVerdict::RanksMissing;
  if (row.algorithm.rfind("unknown", 0) == 0)
    return NcclVerdict::AlgorithmUnknown;
  return NcclVerdict::Observed;
}

CommMatrix gpuMatrix(const std::string &name, const NcclGpuIndex &gpus) {
  CommMatrix m(name, static_cast<int>(gpus.gpus.size()));
  for (std::size_t i = 0; i < gpus.gpus.size(); ++i)
    m.labels[i + 1] = gpus.gpus[i].label;
  return m;
}

void addToMatrices(const NcclSiteRow &row, const NcclApi &api,
                   const Matrix &counts, const NcclGpuIndex &gpus,
                   NcclSection &section, MatrixSet *matrices) {
  // A Recv predicts the transfer of its matching Send: counted once, at the
  // Send.
  if (api.collective == NcclCollective::Recv)
    return;
  auto it =
      std::find_if(section.matrices.begin(), section.matrices.end(),
                   [&](const CommMatrix &m) { return m.name == api.matrix; });
  if (it == section.matrices.end())
    it = section.matrices.insert(section.matrices.end(),
                                 gpuMatrix(api.matrix, gpus));
  for (const NcclPair &p : row.predicted) {
    auto count = static_cast<std::uint64_t>(std::llround(counts[p.src][p.dst]));
    it->add(Hop{TrafficKind::Nccl, p.src, p.dst, p.bytes, count});
    if (matrices)
      matrices->add(Hop{TrafficKind::Nccl, gpus.gpus[p.src].device,
                        gpus.gpus[p.dst].device, p.bytes, count});
  }
}
} // namespace

NcclSection buildNcclSection(const ReconcileInput &input, MatrixSet &matrices,
                             std::vector<std::string> &warnings) {
  NcclSection section;
  NcclGpuIndex gpus = indexGpus(input);
  section.gpus = gpus.gpus;
  section.multiHost = gpus.multiHost;
  std::map<std::string, NcclCommunicator> comms =
      joinCommunicators(input, gpus);
  NcclEvidence evidence = gatherEvidence(input, gpus, warnings);
  if (evidence.sites.empty())
    return section;
  if (gpus.multiHost)
    warnings.push_back(
        "traces from several hosts: NCCL pairs are keyed host:GPU in the nccl "
        "section only; the report's matrices (all, nccl) leave them out");
  for (const auto &[id, comm] : comms)
    for (std::size_t r = 0; r < comm.rankGpu.size(); ++r)
      if (comm.rankGpu[r] < 0)
        warnings.push_back("NCCL communicator " + id + ": rank " +
                           std::to_string(r) + " of " +
                           std::to_string(comm.nranks) +
                           " is in no trace given: pairs with it are left out");

  for (auto &[id, site] : evidence.sites) {
    NcclSiteRow row;
    row.id = id;
    row.known = site.site != nullptr;
    if (site.site) {
      row.file = site.site->file;
      row.line = site.site->line;
      row.column = site.site->column;
      row.function = site.site->function;
      row.api = site.site->api;
    } else if (!site.calls.empty()) {
      row.api = site.calls.front().row->api;
    }
    std::optional<NcclApi> api = ncclApi(row.api);
    if (!api)
      continue;
    describeComm(row, site.calls, comms);
    KernelFacts facts = kernelFacts(row, site, evidence, input, gpus);
    applyProfilerFacts(row, site.calls, facts);
    Matrix bytes, counts;
    predict(row, *api, site.calls, comms, facts.choice, gpus.gpus.size(), bytes,
            counts);
    if (!facts.algorithmLabel.empty() && !api->direct)
      row.algorithm = facts.algorithmLabel;
    for (std::size_t s = 0; s < bytes.size(); ++s)
      for (std::size_t d = 0; d < bytes[s].size(); ++d)
        if (auto b = static_cast<std::uint64_t>(std::llround(bytes[s][d]));
            b != 0) {
          row.predicted.push_back(
              {static_cast<int>(s), static_cast<int>(d), b});
          row.predictedTotal += b;
        }
    fillPerGpu(row, bytes, comms, site.calls);
    if (site.calls.empty())
      addNote(row, "no call recorded at this site");
    row.verdict = judge(row);
    addToMatrices(row, *api, counts, gpus, section,
                  gpus.multiHost ? nullptr : &matrices);
    section.sites.push_back(std::move(row));
  }
  std::stable_sort(section.sites.begin(), section.sites.end(),
                   [](const NcclSiteRow &a, const NcclSiteRow &b) {
                     // Known sites first, then by place in the source.
                     return std::tie(b.known, a.file, a.line, a.column, a.id) <
                            std::tie(a.known, b.file, b.line, b.column, b.id);
                   });
  std::sort(
      section.matrices.begin(), section.matrices.end(),
      [](const CommMatrix &a, const CommMatrix &b) { return a.name < b.name; });
  return section;
}

} // namespace commledger::reconcile::nccl
