// Building the ordered access steps of one managed allocation from a trace and the site database.
#include "commledger/reconcile/implicit/ResidencySteps.h"

#include <algorithm>
#include <map>
#include <set>

namespace commledger::reconcile {

namespace {
using Kind = ResidencyStep::Kind;

bool sameFunction(const format::Site &a, const format::Site &b) {
  return a.file == b.file && a.function == b.function;
}

// Bytes a launch touches of the allocation named `argument`: the largest read or write of the
// parameters it is passed as (affine footprints start at the pointer). nullopt: not received.
// A symbolic footprint counts as the whole allocation (`symbolic` set).
std::optional<std::uint64_t> touchedBy(const format::Site &launch, const std::string &argument,
                                       std::uint64_t allocationBytes, bool &symbolic) {
  std::optional<std::uint64_t> bytes;
  for (const format::FootprintParam &p : launch.footprint->params) {
    if (p.argument != argument)
      continue;
    if (!p.readBytes || !p.writeBytes)
      symbolic = true;
    std::uint64_t b = std::max(p.readBytes.value_or(allocationBytes),
                               p.writeBytes.value_or(allocationBytes));
    bytes = std::max(bytes.value_or(0), b);
  }
  return bytes;
}

struct Placed {
  ResidencyStep step;
  format::SiteId site = 0; // launches: to find their events
};
} // namespace

StepPlan planResidency(const format::Trace &trace, const format::SiteDatabase &db,
                       const format::Site &allocation, const std::string &argument,
                       std::uint64_t allocationBytes, const SourceLines &source) {
  StepPlan plan;
  if (argument.empty()) {
    plan.reason = "the allocation's pointer argument is unknown (source of " + allocation.file +
                  " not readable: pass --source-root)";
    return plan;
  }
  std::vector<Placed> launches, others;
  unsigned lastLine = allocation.line;
  bool symbolic = false, launchesElsewhere = false;
  std::map<format::SiteId, std::set<int>> kernelDevices;
  for (const format::KernelRow &k : trace.kernels)
    if (k.site)
      kernelDevices[*k.site].insert(k.device);
  for (const format::Site &s : db.sites) {
    if (!sameFunction(s, allocation)) {
      launchesElsewhere |= s.family == format::SiteFamily::Launch;
      continue;
    }
    lastLine = std::max(lastLine, s.line);
    if (s.line < allocation.line)
      continue;
    if (s.family == format::SiteFamily::Launch) {
      if (!s.footprint || !s.footprint->reason.empty()) {
        plan.reason = "the launch at line " + std::to_string(s.line) +
                      " has no kernel footprint: cannot tell whether it receives " + argument;
        return plan;
      }
      std::optional<std::uint64_t> bytes = touchedBy(s, argument, allocationBytes, symbolic);
      if (!bytes || !kernelDevices.count(s.id))
        continue; // does not receive it, or never ran
      int device = *kernelDevices[s.id].begin();
      if (kernelDevices[s.id].size() > 1)
        device = -3; // resolved per event below; source order cannot
      launches.push_back({ResidencyStep{Kind::Launch, device, *bytes, s.line}, s.id});
    } else if (s.family == format::SiteFamily::Hint && s.api.find("Prefetch") != std::string::npos) {
      std::optional<std::string> text = source(s.file, s.line);
      if (!text || firstCallArgument(*text, s.column) != argument)
        continue;
      for (const format::RequestRow &r : trace.requests)
        if (r.site == s.id && r.count) {
          int dst = r.declaredDstDevice.value_or(r.dst.device);
          others.push_back({ResidencyStep{Kind::Prefetch, dst, r.bytes / r.count, s.line}, s.id});
          break;
        }
    }
  }
  // Host code between the allocation and the function's last site that subscripts the pointer.
  for (unsigned line = allocation.line + 1; line <= lastLine; ++line) {
    std::optional<std::string> text = source(allocation.file, line);
    if (text && subscripts(*text, argument))
      others.push_back({ResidencyStep{Kind::Host, -1, allocationBytes, line}, 0});
  }
  if (launches.empty() && launchesElsewhere) {
    plan.reason = "no launch in " + allocation.function + " receives " + argument +
                  "; launches in other functions may (the static match stays in one function)";
    return plan;
  }
  auto byLine = [](const Placed &a, const Placed &b) { return a.step.line < b.step.line; };
  std::sort(launches.begin(), launches.end(), byLine);
  std::sort(others.begin(), others.end(), byLine);

  // The launch sequence: kernel events in time order, else each receiving launch once by line.
  std::vector<ResidencyStep> sequence;
  std::map<format::SiteId, const Placed *> launchOf;
  for (const Placed &p : launches)
    launchOf[p.site] = &p;
  std::vector<const format::EventRow *> events;
  for (const format::EventRow &e : trace.events)
    if (!e.kernel.empty() && e.site && launchOf.count(*e.site))
      events.push_back(&e);
  if (!events.empty() && trace.eventsDropped == 0) {
    plan.order = "events";
    std::stable_sort(events.begin(), events.end(),
                     [](auto *a, auto *b) { return a->startNs < b->startNs; });
    for (const format::EventRow *e : events) {
      ResidencyStep step = launchOf[*e->site]->step;
      step.device = e->device;
      sequence.push_back(step);
    }
  } else {
    for (const Placed &p : launches) {
      if (p.step.device == -3) {
        plan.reason = "the launch at line " + std::to_string(p.step.line) +
                      " ran on several GPUs and the trace has no kernel events to order them";
        return plan;
      }
      sequence.push_back(p.step);
    }
  }
  // Prefetches and host code go between the launches by line. A launch whose line is not after
  // the previous one's, inside a loop, closes an iteration: the steps after the previous launch
  // run, then those of the loop body before this launch (the loop starts at the first repeated
  // site).
  unsigned loopStart = lastLine + 1;
  for (const format::KernelRow &k : trace.kernels)
    if (k.site && launchOf.count(*k.site) && k.count > 1)
      loopStart = std::min(loopStart, launchOf[*k.site]->step.line);
  for (const Placed &p : others)
    if (p.step.kind == Kind::Prefetch)
      for (const format::RequestRow &r : trace.requests)
        if (r.site == p.site && r.count > 1)
          loopStart = std::min(loopStart, p.step.line);
  auto emit = [&](unsigned after, unsigned before) { // lines in (after, before)
    for (const Placed &p : others)
      if (p.step.line > after && p.step.line < before)
        plan.steps.push_back(p.step);
  };
  unsigned upTo = 0; // steps with lines up to here ran in this pass
  for (const ResidencyStep &launch : sequence) {
    if (launch.line > upTo) {
      emit(upTo, launch.line);
      upTo = launch.line;
    } else if (launch.line >= loopStart) {
      emit(upTo, ~0u);
      emit(loopStart - 1, launch.line);
      upTo = launch.line;
    } // else: launches out of line order outside a loop (streams, threads): nothing between
    plan.steps.push_back(launch);
  }
  emit(upTo, ~0u);
  plan.known = true;
  if (symbolic)
    plan.reason = "a launch's footprint is symbolic: it is taken to touch the whole allocation";
  return plan;
}

} // namespace commledger::reconcile
