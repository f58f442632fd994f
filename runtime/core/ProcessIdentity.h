// Who this process is (host, pid, command line) and when, for the trace's process section.
#pragma once
#include "commledger/format/Trace.h"

#include <cstdint>
#include <string>

namespace commledger::rt {

std::int64_t wallClockNs();
std::string hostName();
// Reads /proc/self/cmdline; empty on failure.
std::vector<std::string> commandLine();
// host, pid and command line; times and versions are the caller's.
void fillProcessIdentity(format::ProcessInfo &info);

} // namespace commledger::rt
