// Where a process writes its trace: $COMMLEDGER_OUT (default ./commledger-out), one file
// trace-<host>-<pid>.json per process.
#pragma once
#include <cstdint>
#include <string>

namespace commledger::rt {

std::string traceDirectory();
std::string traceFileName(const std::string &host, std::int64_t pid);
// mkdir -p; false with `error` set ("commledger: ..." is the caller's) when it cannot.
bool makeDirectories(const std::string &path, std::string &error);

} // namespace commledger::rt
