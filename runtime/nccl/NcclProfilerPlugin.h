// libcommledger-rt.so doubles as NCCL's profiler plugin, so each NCCL call row can say which
// algorithm, protocol and channel count NCCL ran it with (docs/nccl-model.md, "Algorithm and
// protocol per call"). The plugin object itself is the exported `ncclProfiler_v5`.
#pragma once

namespace commledger::rt {

// Points NCCL_PROFILER_PLUGIN at this library's own file, before the program starts NCCL;
// leaves a user's NCCL_PROFILER_PLUGIN alone (the rows then carry no algorithm or protocol).
// COMMLEDGER_NCCL_PROFILER_OFF turns it off.
void arrangeNcclProfilerPlugin();

} // namespace commledger::rt
