// The timeline (`commledger timeline`): what the traces' event logs timed, one slice per copy or
// memset, on one track per (process, GPU, stream), rendered as Chrome trace event JSON that
// Perfetto and chrome://tracing open (docs/timeline.md). Copies and memsets come from
// format::EventRow; later event sources (migrations, collectives) add slices to the same model.
#pragma once
#include "commledger/reconcile/ReconcileInput.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace commledger::reconcile {

// One entry of a slice's "args": text, or an exact number when `number` is set.
struct TimelineArg {
  std::string key;
  std::string text;
  std::optional<std::uint64_t> number;
};

// One process of the timeline: one trace.
struct TimelineProcess {
  std::string name; // "<host> pid <pid>"
  std::string traceFile;
};

// One complete ("X") event on the track (process, device, stream).
struct TimelineSlice {
  std::size_t process = 0; // index into Timeline::processes
  int device = 0;
  std::uint32_t stream = 0;
  std::string name;     // "cudaMemcpyPeer G0→G1 1.00 MiB"
  std::string category; // a TrafficKind name ("p2p_direct")
  std::int64_t startNs = 0, endNs = 0;
  std::vector<TimelineArg> args;
};

struct Timeline {
  std::vector<TimelineProcess> processes;
  std::vector<TimelineSlice> slices;
  std::uint64_t eventsDropped = 0;   // over all traces
  std::vector<std::string> warnings; // "<trace>: <problem>", without the "commledger:" prefix
};

// Slices for every copy and memset event of every trace, named from the site databases and
// carrying each site's verdict (as `commledger report` judges it).
Timeline buildTimeline(const ReconcileInput &input);

// Chrome trace event JSON: {"traceEvents": [...], "displayTimeUnit": "ns", "metadata": {...}}.
// Process and thread names as "M" events; times in microseconds from the earliest slice.
std::string renderTimelineJson(const Timeline &timeline);

} // namespace commledger::reconcile
