// The site database written by the instrumenter: every call site it found, and the static
// prediction of each copy/memset site's traffic. Described in docs/formats.md.
#pragma once
#include "commledger/format/SiteId.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace commledger::format {

inline constexpr int kSiteDatabaseVersion = 1;
inline constexpr const char *kSiteDatabaseFormat = "commledger-sites";

// What the API does, so readers can treat whole families alike.
enum class SiteFamily { Copy, Memset, Alloc, Free, Launch, Nccl, Device, Peer, Hint, Other };
const char *toString(SiteFamily family);
std::optional<SiteFamily> siteFamilyFromString(std::string_view text);

// One endpoint of a predicted transfer, as far as static analysis can tell.
struct PredictedEndpoint {
  enum class Kind { Unknown, Host, Device };
  Kind kind = Kind::Unknown;
  // Device: a constant ("0", "1") or the source text of a variable ("k", "peer").
  std::string device;
  // Host: "pageable", "pinned" or "unknown".
  std::string hostMemory;

  bool isConstantDevice() const;
  int constantDevice() const; // only when isConstantDevice()
  bool operator==(const PredictedEndpoint &other) const;
};
const char *toString(PredictedEndpoint::Kind kind);

struct Prediction {
  // "H2D", "D2H", "D2D", "H2H", "P2P", "local" (memset), or "unknown".
  std::string direction;
  // Source text of the cudaMemcpyKind argument ("cudaMemcpyDefault"); empty when the API has none.
  std::string kindArg;
  // Bytes per call: exact when the size folds to a constant, else the size expression's text.
  std::optional<std::uint64_t> bytes;
  std::string bytesExpr;
  PredictedEndpoint src, dst;
  // Calls per run from enclosing loops with constant trip counts; else symbolic text.
  std::optional<std::uint64_t> multiplicity;
  std::string multiplicityExpr;
  // Human-readable remarks from the analysis ("srcDevice argument 0 but src allocated on 1").
  std::vector<std::string> notes;
};

// What one launch reads and writes through one pointer parameter of its kernel (docs/instrumenter.md,
// "Kernel footprints"). Bytes are exact where the bound formula folds, else the *Expr text stands.
struct FootprintParam {
  std::string param;    // the kernel's parameter name
  std::string argument; // the launch's argument text; empty when the launch does not show it
  std::uint64_t elementBytes = 0;
  std::optional<std::uint64_t> readBytes, writeBytes;
  // The kernel's formula in its parameter names and gridDim/blockDim ("4*min(n, gridDim.x*...)"),
  // and the same with this launch's arguments and configuration substituted.
  std::string readFormula, writeFormula;
  std::string readExpr, writeExpr;
  std::string unknown; // why no formula could be derived; empty when known
  std::vector<std::string> notes; // "stride 2"
};

struct KernelFootprint {
  std::string kernel;
  std::string reason; // why nothing is known about the kernel (not defined here); else empty
  std::vector<FootprintParam> params;
  // What the rewritten launch hands the runtime (commledger_launch_values), in order: names
  // such as "gridDim.x", a scalar parameter "n", then the pointer parameters ("src"), each once.
  // Empty with `launchValuesReason` saying why when nothing is passed.
  std::vector<std::string> launchValues;
  unsigned launchPointers = 0; // the last `launchPointers` names are pointer parameters
  std::string launchValuesReason;
};

struct Site {
  SiteId id = 0;
  std::string file; // relative to the project root, '/' separators
  unsigned line = 0, column = 0;
  std::string api; // "cudaMemcpyAsync", "cuMemcpyHtoD_v2", "<<<>>>", "ncclAllReduce", ...
  SiteFamily family = SiteFamily::Other;
  std::string function; // enclosing function, qualified
  bool instrumented = false;
  std::string reason;   // why not instrumented (empty when instrumented or register-only)
  std::string macro;    // name of the macro whose body spells the call, if any
  std::optional<Prediction> prediction; // Copy and Memset families
  std::optional<KernelFootprint> footprint; // kernel launches (<<<>>>, cudaLaunchKernel)
};

struct SiteDatabase {
  int version = kSiteDatabaseVersion;
  std::string projectRoot; // informative only: IDs never depend on it
  std::vector<Site> sites;

  const Site *find(SiteId id) const;
  // Adds sites of `other` whose IDs are not present yet (the same ID means the same source).
  void merge(const SiteDatabase &other);
};

std::string toJsonText(const SiteDatabase &db);
// Parses `text` read from `path`; on failure returns false and sets `error` to one line that
// names `path` and the problem.
bool parseSiteDatabase(const std::string &text, const std::string &path, SiteDatabase &out,
                       std::string &error);
bool readSiteDatabase(const std::string &path, SiteDatabase &out, std::string &error);
// Writes via a temporary file and rename, so readers never see half a file.
bool writeSiteDatabase(const std::string &path, const SiteDatabase &db, std::string &error);

} // namespace commledger::format
