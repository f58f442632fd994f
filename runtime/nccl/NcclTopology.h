// Ring and tree order of each communicator, from the log NCCL writes with NCCL_DEBUG=INFO into
// the file the runtime chose (NCCL_DEBUG_FILE); see docs/nccl-model.md for why the log.
#pragma once
#include "commledger/format/Trace.h"

#include <string>
#include <vector>

namespace commledger::rt {

// Where NCCL should write its log for this process, set before the program starts NCCL: only
// when the user has not configured NCCL_DEBUG, so their own logging is left alone.
void arrangeNcclDebugLog(const std::string &traceDirectory);
// The log NCCL wrote for this process in `traceDirectory`, or "" if none.
std::string ncclDebugLogOfThisProcess(const std::string &traceDirectory);
// Fills rings and trees of `comms` (matched by communicator address and rank) from the log at
// `path`; a missing or unreadable log leaves them empty.
void applyNcclDebugLog(const std::string &path, std::vector<format::NcclCommRow> &comms);

} // namespace commledger::rt
