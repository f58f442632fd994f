// The timeline as Chrome trace event JSON (docs/timeline.md): the only place it is serialised.
#include "commledger/reconcile/Timeline.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <tuple>

namespace commledger::reconcile {

namespace {
// ordered_json: fields in the order a reader expects them ("name", "ph", "pid", ...).
using json = nlohmann::ordered_json;

// Process ids are the traces' positions (1-based): real pids of two hosts may collide.
int processId(std::size_t process) { return static_cast<int>(process) + 1; }

json metadataEvent(const char *what, int pid, int tid, const std::string &name) {
  return json{{"name", what}, {"ph", "M"}, {"pid", pid}, {"tid", tid},
              {"args", json{{"name", name}}}};
}

// Chrome's trace format counts in microseconds; fractions keep CUPTI's nanoseconds.
double microseconds(std::int64_t ns) { return static_cast<double>(ns) / 1000.0; }

json argsOf(const TimelineSlice &slice) {
  json args = json::object();
  for (const TimelineArg &arg : slice.args)
    args[arg.key] = arg.number ? json(*arg.number) : json(arg.text);
  args["device"] = slice.device;
  args["stream"] = slice.stream;
  return args;
}
} // namespace

std::string renderTimelineJson(const Timeline &timeline) {
  // One event per line: still one JSON document, and greppable. Each event is written as it is
  // made: an array of millions of json values first doubled the peak memory.
  std::string out = "{\"traceEvents\": [";
  bool first = true;
  auto write = [&out, &first](const json &event) {
    out += first ? "\n" : ",\n";
    out += event.dump();
    first = false;
  };
  for (std::size_t p = 0; p < timeline.processes.size(); ++p)
    write(metadataEvent("process_name", processId(p), 0, timeline.processes[p].name));

  // One thread per (process, GPU, stream), numbered in that order so tracks sort by GPU.
  using Track = std::tuple<std::size_t, int, std::uint32_t>;
  std::map<Track, int> threads;
  for (const TimelineSlice &s : timeline.slices)
    threads.emplace(Track{s.process, s.device, s.stream}, 0);
  int next = 1;
  for (auto &[track, tid] : threads) {
    tid = next++;
    const auto &[process, device, stream] = track;
    write(metadataEvent("thread_name", processId(process), tid,
                        "G" + std::to_string(device) + " stream " + std::to_string(stream)));
  }

  std::int64_t origin = 0;
  if (!timeline.slices.empty())
    origin = std::min_element(timeline.slices.begin(), timeline.slices.end(),
                              [](const TimelineSlice &a, const TimelineSlice &b) {
                                return a.startNs < b.startNs;
                              })
                 ->startNs;
  for (const TimelineSlice &s : timeline.slices) {
    const int tid = threads.at(Track{s.process, s.device, s.stream});
    write(json{{"name", s.name},
               {"cat", s.category},
               {"ph", "X"},
               {"pid", processId(s.process)},
               {"tid", tid},
               {"ts", microseconds(s.startNs - origin)},
               {"dur", microseconds(std::max<std::int64_t>(0, s.endNs - s.startNs))},
               {"args", argsOf(s)}});
  }

  json traces = json::array();
  for (const TimelineProcess &p : timeline.processes)
    traces.push_back(p.traceFile);
  const json metadata = {{"tool", "commledger timeline"},
                         {"traces", std::move(traces)},
                         {"origin_ns", origin},
                         {"events", timeline.slices.size()},
                         {"events_dropped", timeline.eventsDropped}};
  out += "\n],\n\"displayTimeUnit\": \"ns\",\n\"metadata\": " + metadata.dump() + "}\n";
  return out;
}

} // namespace commledger::reconcile
