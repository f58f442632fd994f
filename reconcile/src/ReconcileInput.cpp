// Loading and merging site databases and traces through the format readers.
#include "commledger/reconcile/ReconcileInput.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace commledger::reconcile {

namespace fs = std::filesystem;

namespace {
bool isTraceName(const std::string &name) {
  const std::string prefix = "trace-", suffix = ".json";
  return name.size() > prefix.size() + suffix.size() &&
         name.compare(0, prefix.size(), prefix) == 0 &&
         name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
}
} // namespace

bool expandTraceArguments(const std::vector<std::string> &args, std::vector<std::string> &paths,
                          std::string &error) {
  for (const std::string &arg : args) {
    std::error_code ec;
    if (!fs::is_directory(arg, ec)) {
      paths.push_back(arg); // a missing file is reported by the trace reader, with its name
      continue;
    }
    std::vector<std::string> found;
    for (fs::directory_iterator it(arg, ec), end; !ec && it != end; it.increment(ec))
      if (isTraceName(it->path().filename().string()) && it->is_regular_file())
        found.push_back(it->path().string());
    if (ec) {
      error = "commledger: " + arg + ": " + ec.message();
      return false;
    }
    if (found.empty()) {
      error = "commledger: " + arg + ": no trace-*.json files in this directory";
      return false;
    }
    std::sort(found.begin(), found.end()); // the report must not depend on readdir order
    paths.insert(paths.end(), found.begin(), found.end());
  }
  return true;
}

bool loadInputs(const std::vector<std::string> &siteFiles,
                const std::vector<std::string> &tracePaths, ReconcileInput &out,
                std::string &error,
                const std::function<void(std::size_t, std::size_t)> &progress) {
  out.siteFiles = siteFiles;
  for (const std::string &path : siteFiles) {
    format::SiteDatabase db;
    if (!format::readSiteDatabase(path, db, error))
      return false;
    if (out.sites.sites.empty() && out.sites.projectRoot.empty())
      out.sites.projectRoot = db.projectRoot;
    out.sites.merge(db);
  }
  for (const std::string &path : tracePaths) {
    LoadedTrace loaded;
    loaded.path = path;
    if (!format::readTrace(path, loaded.trace, error))
      return false;
    out.traces.push_back(std::move(loaded));
    if (progress)
      progress(out.traces.size(), tracePaths.size());
  }
  return true;
}

} // namespace commledger::reconcile
