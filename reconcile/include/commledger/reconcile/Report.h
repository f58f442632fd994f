// The report: what `commledger report` knows after joining site databases and traces. Defined
// once here; TextReport, JsonReport and CsvReport only render it.
#pragma once
#include "commledger/format/SiteId.h"
#include "commledger/format/Trace.h"
#include "commledger/reconcile/CommMatrix.h"
#include "commledger/reconcile/Verdict.h"
#include "commledger/reconcile/implicit/ImplicitTraffic.h"
#include "commledger/reconcile/nccl/NcclReport.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace commledger::reconcile {

inline constexpr int kReportVersion = 1;
inline constexpr const char *kReportFormat = "commledger-report";

// The static prediction of a site, as labels ready to print.
struct PredictedSummary {
  std::string direction; // "H2D", "P2P", "local", ...
  std::optional<std::uint64_t> bytesPerCall;
  std::string bytesExpr;
  std::optional<std::uint64_t> multiplicity;
  std::string multiplicityExpr;
  std::optional<std::uint64_t> totalBytes; // bytesPerCall × multiplicity when both are known
  std::string src, dst;                    // "G0", "G[k]", "H", "?"
  std::vector<std::string> notes;
};

struct SiteRow {
  format::SiteId id = 0;
  bool known = true; // false: the site ID is in a trace but in no site database
  std::string file;
  unsigned line = 0, column = 0;
  std::string function, api, family;
  std::optional<PredictedSummary> predicted;
  RequestedSummary requested;
  ObservedSummary observed;
  Verdict verdict = Verdict::Match;
  std::string message;

  // "file:line:col", or the site ID when the site is unknown.
  std::string location() const;
};

// Observed traffic no site claims (library-internal copies), per API bucket.
struct UnattributedRow {
  std::string bucket;
  std::string copyKind; // CUPTI's copy kind name ("HtoD")
  PairTraffic traffic;
};

// Where one trace came from: the HTML report shows it beside the numbers.
struct RunInfo {
  std::string trace; // path of the trace file
  format::ProcessInfo process;
  bool cuptiActive = false;
  std::vector<format::DeviceInfo> devices;
  std::vector<format::PeerInfo> peers;
};

struct Report {
  int deviceCount = 0;
  std::vector<std::string> siteFiles, traceFiles;
  std::vector<CommMatrix> matrices; // MatrixSet order: "all", then each TrafficKind
  std::vector<SiteRow> sites;       // sorted by observed bytes, then file:line:col
  std::vector<UnattributedRow> unattributed;
  std::vector<std::string> warnings; // "<trace>: <problem>", without the "commledger:" prefix
  std::vector<RunInfo> runs;         // one per trace, in traceFiles order
  ImplicitTraffic implicit;          // allocations, unified memory, launches (implicit/)
  nccl::NcclSection nccl;            // NCCL call sites (nccl/NcclReport.h)
  std::string projectRoot;           // the site databases' project root (the first one given)
  std::string sourceRoot;            // `report --source-root`: overrides projectRoot for snippets
  bool color = false;                // text: ANSI colours for verdicts (a terminal, TerminalStyle.h)
};

} // namespace commledger::reconcile
