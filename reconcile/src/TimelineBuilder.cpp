// Copy and memset events of the traces as timeline slices; see Timeline.h.
#include "commledger/reconcile/CommMatrix.h"
#include "commledger/reconcile/HumanUnits.h"
#include "commledger/reconcile/ReportBuilder.h"
#include "commledger/reconcile/Timeline.h"
#include "commledger/reconcile/TrafficKind.h"
#include "commledger/reconcile/nccl/KernelSlice.h"

#include <unordered_map>

namespace commledger::reconcile {

namespace {

std::string memoryEndpoint(const format::Endpoint &e) {
  return endpointLabel(e.device) + ":" + format::toString(e.memory);
}

TimelineArg text(std::string key, std::string value) {
  return TimelineArg{std::move(key), std::move(value), std::nullopt};
}
TimelineArg number(std::string key, std::uint64_t value) {
  return TimelineArg{std::move(key), "", value};
}

// The same classification as the report's matrices, on the event's raw CUPTI kind: a staged
// half (device memory on its host side) is p2p_staged.
TrafficKind trafficOf(const format::EventRow &e) {
  format::ObservedRow row;
  row.copyKind = e.copyKind;
  row.src = e.src;
  row.dst = e.dst;
  return classify(row);
}

class SliceMaker {
public:
  explicit SliceMaker(const ReconcileInput &input) {
    for (const format::Site &s : input.sites.sites)
      apis_[s.id] = s.api;
    report_ = buildReport(input);
    for (const SiteRow &row : report_.sites)
      rows_[row.id] = &row;
  }
  SliceMaker(const SliceMaker &) = delete; // rows_ points into report_

  TimelineSlice make(std::size_t process, const format::EventRow &e) const {
    TimelineSlice slice;
    slice.process = process;
    slice.device = e.device;
    slice.stream = e.stream;
    slice.startNs = e.startNs;
    slice.endNs = e.endNs;
    if (!e.kernel.empty())
      return kernel(slice, e);
    slice.category = toString(trafficOf(e));
    slice.name = callName(e) + " " + endpointLabel(e.src.device) + "\u2192" +
                 endpointLabel(e.dst.device) + " " + formatBytes(e.bytes);
    if (e.site) {
      slice.args.push_back(text("site", format::siteIdToString(*e.site)));
      if (const SiteRow *row = rowOf(*e.site); row && row->known) {
        slice.args.push_back(text("location", row->location()));
        slice.args.push_back(text("function", row->function));
      }
    } else {
      slice.args.push_back(text("bucket", e.bucket));
    }
    slice.args.push_back(text("copy_kind", format::toString(e.copyKind)));
    slice.args.push_back(number("bytes", e.bytes));
    slice.args.push_back(text("src", memoryEndpoint(e.src)));
    slice.args.push_back(text("dst", memoryEndpoint(e.dst)));
    if (e.site)
      if (const SiteRow *row = rowOf(*e.site))
        slice.args.push_back(text("verdict", toString(row->verdict)));
    return slice;
  }

private:
  // A kernel: named after the kernel (NCCL ones with their collective), on its device's track.
  TimelineSlice kernel(TimelineSlice &slice, const format::EventRow &e) const {
    nccl::KernelSlice k = nccl::kernelSlice(e.kernel);
    slice.name = k.name;
    slice.category = k.category;
    slice.args.push_back(e.site ? text("site", format::siteIdToString(*e.site))
                                : text("bucket", e.bucket));
    if (e.site)
      slice.args.push_back(text("launched_by", callName(e)));
    slice.args.push_back(text("kernel", e.kernel));
    for (auto &[key, value] : k.args)
      slice.args.push_back(text(key, value));
    return slice;
  }

  const SiteRow *rowOf(format::SiteId id) const {
    auto it = rows_.find(id);
    return it == rows_.end() ? nullptr : it->second;
  }
  // The API the program called: from the site database, else the bucket the runtime gave.
  std::string callName(const format::EventRow &e) const {
    if (!e.site)
      return e.bucket;
    auto it = apis_.find(*e.site);
    return it == apis_.end() ? "site " + format::siteIdToString(*e.site) : it->second;
  }

  std::unordered_map<format::SiteId, std::string> apis_;
  Report report_;
  std::unordered_map<format::SiteId, const SiteRow *> rows_;
};

} // namespace

Timeline buildTimeline(const ReconcileInput &input) {
  Timeline timeline;
  const SliceMaker maker(input);
  for (const LoadedTrace &loaded : input.traces) {
    const format::Trace &trace = loaded.trace;
    const std::size_t process = timeline.processes.size();
    timeline.processes.push_back(
        {trace.process.host + " pid " + std::to_string(trace.process.pid), loaded.path});
    if (trace.events.empty() && trace.eventsDropped == 0)
      timeline.warnings.push_back(loaded.path +
                                  ": no event log (run with 'commledger run --events N')");
    if (trace.eventsDropped > 0)
      timeline.warnings.push_back(loaded.path + ": " + std::to_string(trace.eventsDropped) +
                                  " events past the log's bound are not shown (raise --events)");
    timeline.eventsDropped += trace.eventsDropped;
    for (const format::EventRow &e : trace.events)
      timeline.slices.push_back(maker.make(process, e));
  }
  return timeline;
}

} // namespace commledger::reconcile
