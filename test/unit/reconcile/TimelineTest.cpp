// The timeline: slices named from the site database with their verdict, tracks per (process,
// GPU, stream), microseconds from the earliest event, and the warnings for missing or cut logs.
#include "commledger/reconcile/Timeline.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

using namespace commledger;
using namespace commledger::reconcile;
using format::CopyKind;
using format::MemoryKind;
using nlohmann::json;

namespace {
constexpr std::uint64_t MiB = 1024 * 1024;
constexpr format::SiteId kPeerSite = 0xa1;

format::EventRow event(std::optional<format::SiteId> site, int src, int dst, std::int64_t start,
                       std::int64_t end, int device, std::uint32_t stream) {
  format::EventRow e;
  e.site = site;
  e.bucket = site ? "" : "cudaMemcpyToSymbol";
  e.copyKind = site ? CopyKind::PtoP : CopyKind::HtoD;
  e.src = {src, site ? MemoryKind::Device : MemoryKind::Pageable};
  e.dst = {dst, MemoryKind::Device};
  e.bytes = site ? MiB : 64;
  e.startNs = start;
  e.endNs = end;
  e.device = device;
  e.stream = stream;
  return e;
}

ReconcileInput sampleInput() {
  ReconcileInput in;
  format::Site s;
  s.id = kPeerSite;
  s.file = "src/halo.cu";
  s.line = 19;
  s.column = 9;
  s.api = "cudaMemcpyPeer";
  s.family = format::SiteFamily::Copy;
  s.function = "exchange";
  s.instrumented = true;
  in.sites.sites.push_back(s);

  LoadedTrace with{"a/trace-n1-1.json", {}};
  with.trace.process.host = "n1";
  with.trace.process.pid = 1;
  with.trace.events = {event(kPeerSite, 0, 1, 10'000, 11'500, 0, 7),
                       event(kPeerSite, 1, 0, 12'000, 12'250, 1, 9),
                       event(std::nullopt, -1, 0, 13'000, 14'000, 0, 7)};
  with.trace.eventsDropped = 2;
  for (const format::EventRow &e : with.trace.events) {
    format::ObservedRow o;
    o.site = e.site;
    o.bucket = e.bucket;
    o.copyKind = e.copyKind;
    o.src = e.src;
    o.dst = e.dst;
    o.bytes = e.bytes;
    o.count = 1;
    with.trace.observed.push_back(o);
  }
  LoadedTrace without{"b/trace-n2-2.json", {}};
  without.trace.process.host = "n2";
  without.trace.process.pid = 2;
  in.traces = {with, without};
  return in;
}

TEST(Timeline, SlicesCarrySiteLocationAndVerdict) {
  const Timeline t = buildTimeline(sampleInput());
  ASSERT_EQ(t.processes.size(), 2u);
  EXPECT_EQ(t.processes[0].name, "n1 pid 1");
  ASSERT_EQ(t.slices.size(), 3u);
  EXPECT_EQ(t.slices[0].name, "cudaMemcpyPeer G0\u2192G1 1.00 MiB");
  EXPECT_EQ(t.slices[0].category, "p2p_direct");
  EXPECT_EQ(t.slices[2].name, "cudaMemcpyToSymbol H\u2192G0 64 B");
  EXPECT_EQ(t.slices[2].category, "h2d_pageable");
  EXPECT_EQ(t.eventsDropped, 2u);
  ASSERT_EQ(t.warnings.size(), 2u);
  EXPECT_EQ(t.warnings[0],
            "a/trace-n1-1.json: 2 events past the log's bound are not shown (raise --events)");
  EXPECT_EQ(t.warnings[1],
            "b/trace-n2-2.json: no event log (run with 'commledger run --events N')");
}

TEST(Timeline, ChromeTraceJson) {
  const json doc = json::parse(renderTimelineJson(buildTimeline(sampleInput())));
  EXPECT_EQ(doc["displayTimeUnit"], "ns");
  const json &events = doc["traceEvents"];
  // 2 process names, 2 thread names ((n1, G0, 7), (n1, G1, 9); none for n2), 3 slices.
  ASSERT_EQ(events.size(), 7u);
  EXPECT_EQ(events[1]["args"]["name"], "n2 pid 2");
  EXPECT_EQ(events[2]["args"]["name"], "G0 stream 7");
  EXPECT_EQ(events[3]["args"]["name"], "G1 stream 9");
  const json &first = events[4];
  EXPECT_EQ(first["ph"], "X");
  EXPECT_EQ(first["tid"], 1);
  EXPECT_DOUBLE_EQ(first["ts"].get<double>(), 0.0);   // the earliest event starts the clock
  EXPECT_DOUBLE_EQ(first["dur"].get<double>(), 1.5);  // 11500 - 10000 = 1500 ns
  EXPECT_EQ(first["args"]["location"], "src/halo.cu:19:9");
  EXPECT_EQ(first["args"]["function"], "exchange");
  EXPECT_EQ(first["args"]["site"], "0x00000000000000a1");
  EXPECT_EQ(first["args"]["bytes"], MiB);
  EXPECT_EQ(first["args"]["src"], "G0:device");
  EXPECT_EQ(first["args"]["verdict"], "unpredicted");
  EXPECT_EQ(first["args"]["stream"], 7);
  const json &second = events[5];
  EXPECT_EQ(second["tid"], 2);
  EXPECT_DOUBLE_EQ(second["ts"].get<double>(), 2.0);   // 12000 - 10000 = 2000 ns
  EXPECT_DOUBLE_EQ(second["dur"].get<double>(), 0.25); // 250 ns
  const json &library = events[6];
  EXPECT_EQ(library["tid"], 1); // same GPU and stream as the first
  EXPECT_EQ(library["args"]["bucket"], "cudaMemcpyToSymbol");
  EXPECT_FALSE(library["args"].contains("verdict"));
  EXPECT_EQ(doc["metadata"]["events"], 3);
  EXPECT_EQ(doc["metadata"]["events_dropped"], 2);
  EXPECT_EQ(doc["metadata"]["origin_ns"], 10'000);
}

TEST(Timeline, EmptyIsStillValid) {
  ReconcileInput in;
  const json doc = json::parse(renderTimelineJson(buildTimeline(in)));
  EXPECT_TRUE(doc["traceEvents"].is_array());
  EXPECT_TRUE(doc["traceEvents"].empty());
}

} // namespace
