// Arranging NCCL's log and reading the topology back from it; see NcclTopology.h.
#include "core/NcclDebugLog.h"
#include "core/TraceLocation.h"
#include "nccl/NcclTopology.h"

#include <dirent.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace commledger::rt {

void arrangeNcclDebugLog(const std::string &traceDirectory) {
  if (std::getenv("NCCL_DEBUG") || std::getenv("NCCL_DEBUG_FILE") ||
      std::getenv("COMMLEDGER_NCCL_LOG_OFF"))
    return;
  std::string error;
  if (!makeDirectories(traceDirectory, error))
    return;
  // INIT carries the "Init COMPLETE" line with the communicator's address; the channel (ring)
  // and tree lines are printed under INIT as well. %h and %p: one file per process.
  setenv("NCCL_DEBUG", "INFO", 0);
  setenv("NCCL_DEBUG_SUBSYS", "INIT", 0);
  setenv("NCCL_DEBUG_FILE", (traceDirectory + "/nccl-%h-%p.log").c_str(), 0);
}

std::string ncclDebugLogOfThisProcess(const std::string &traceDirectory) {
  // NCCL expands %h to the host name up to its first '.', which need not be ours: match the pid.
  const std::string suffix = "-" + std::to_string(::getpid()) + ".log";
  DIR *dir = opendir(traceDirectory.c_str());
  if (!dir)
    return "";
  std::string found;
  while (dirent *entry = readdir(dir)) {
    const std::string name = entry->d_name;
    if (name.rfind("nccl-", 0) == 0 && name.size() > suffix.size() &&
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
      found = traceDirectory + "/" + name;
  }
  closedir(dir);
  return found;
}

void applyNcclDebugLog(const std::string &path, std::vector<format::NcclCommRow> &comms) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return;
  std::ostringstream text;
  text << in.rdbuf();
  const NcclDebugLog log = parseNcclDebugLog(text.str());
  for (format::NcclCommRow &row : comms)
    for (const NcclCommunicatorTopology &topology : log.communicators)
      for (const NcclRankRecord &rank : topology.ranks) {
        if (rank.comm != row.address || rank.rank != row.rank)
          continue;
        row.rings = topology.rings;
        row.trees.clear();
        // Per channel: "parent->rank->child,child" as this rank sees its tree.
        for (const NcclTreeLink &link : rank.trees) {
          std::string children;
          for (int c : link.children)
            children += (children.empty() ? "" : ",") + std::to_string(c);
          row.trees.push_back(std::to_string(link.parent) + "->" + std::to_string(rank.rank) +
                              "->" + children);
        }
      }
}

} // namespace commledger::rt
