// The trace survives a write/read round trip, and bad traces fail with one located line.
#include "commledger/format/AtomicFile.h"
#include "commledger/format/Trace.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <unistd.h>

using namespace commledger::format;

namespace {
Trace sample() {
  Trace t;
  t.process.host = "h";
  t.process.pid = 7;
  t.process.commandLine = {"./app", "-n", "3"};
  t.process.endReason = "exit";
  t.cuptiActive = true;
  t.devices = {{0, "GPU A", "0000:01:00.0", "GPU-1"}, {1, "GPU B", "0000:02:00.0", "GPU-2"}};
  t.peers = {{0, 1, true, false, 0}};
  RequestRow r;
  r.site = 0xabcULL;
  r.api = "cudaMemcpyPeer";
  r.kind = "";
  r.src = {0, MemoryKind::Device};
  r.dst = {1, MemoryKind::Device};
  r.declaredSrcDevice = 0;
  r.declaredDstDevice = 1;
  r.bytes = 3 << 20;
  r.count = 3;
  t.requests.push_back(r);
  ObservedRow o;
  o.site = 0xabcULL;
  o.copyKind = CopyKind::StagedPtoP;
  o.src = {0, MemoryKind::Device};
  o.dst = {1, MemoryKind::Device};
  o.bytes = 3 << 20;
  o.count = 3;
  t.observed.push_back(o);
  ObservedRow u;
  u.bucket = "cudaMemcpyAsync";
  u.copyKind = CopyKind::HtoD;
  u.src = {kHostEndpoint, MemoryKind::Pinned};
  u.dst = {1, MemoryKind::Device};
  u.bytes = 8;
  u.count = 1;
  t.observed.push_back(u);
  return t;
}
} // namespace

TEST(Trace, RoundTripThroughAFile) {
  std::string path = ::testing::TempDir() + "trace-roundtrip.json", error;
  ASSERT_TRUE(writeTrace(path, sample(), error)) << error;
  Trace back;
  ASSERT_TRUE(readTrace(path, back, error)) << error;
  std::remove(path.c_str());
  EXPECT_EQ(back.process.commandLine.size(), 3u);
  ASSERT_EQ(back.requests.size(), 1u);
  EXPECT_EQ(back.requests[0].declaredDstDevice, 1);
  EXPECT_EQ(back.requests[0].bytes, 3u << 20);
  ASSERT_EQ(back.observed.size(), 2u);
  EXPECT_EQ(back.observed[0].copyKind, CopyKind::StagedPtoP);
  EXPECT_EQ(back.observed[0].site, 0xabcULL);
  EXPECT_FALSE(back.observed[1].site);
  EXPECT_EQ(back.observed[1].bucket, "cudaMemcpyAsync");
  EXPECT_EQ(back.observed[1].src.device, kHostEndpoint);
  EXPECT_EQ(back.observed[1].src.memory, MemoryKind::Pinned);
}

TEST(Trace, TruncatedFileIsRejected) {
  std::string text = toJsonText(sample()), error;
  Trace out;
  EXPECT_FALSE(parseTrace(text.substr(0, text.size() / 2), "t.json", out, error));
  EXPECT_EQ(error, "commledger: t.json: not valid JSON (truncated or corrupt file?)");
}

TEST(Trace, UnknownCopyKindIsNamed) {
  std::string text = toJsonText(sample()), error;
  text.replace(text.find("StagedPtoP"), 10, "Teleport");
  Trace out;
  EXPECT_FALSE(parseTrace(text, "t.json", out, error));
  EXPECT_EQ(error, "commledger: t.json: observed[0].copy_kind: unknown copy kind 'Teleport'");
}

TEST(AtomicFile, FailedWriteLeavesTargetIntact) {
  std::string error;
  EXPECT_FALSE(writeFileAtomically("/nonexistent-dir/x.json", "{}", error));
  EXPECT_EQ(error.rfind("commledger: /nonexistent-dir/x.json: cannot create", 0), 0u);
}

TEST(Trace, EventLogRoundTripsAndIsOptional) {
  Trace t = sample();
  std::string error;
  Trace plain;
  ASSERT_TRUE(parseTrace(toJsonText(t), "t.json", plain, error)) << error;
  EXPECT_TRUE(plain.events.empty());
  EXPECT_EQ(toJsonText(t).find("events"), std::string::npos);

  EventRow e;
  e.site = 0xabcULL;
  e.copyKind = CopyKind::DtoH;
  e.src = {0, MemoryKind::Device};
  e.dst = {kHostEndpoint, MemoryKind::Device};
  e.bytes = 1 << 20;
  e.startNs = 1000;
  e.endNs = 2500;
  e.device = 0;
  e.stream = 7;
  t.events.push_back(e);
  t.eventsDropped = 3;
  Trace back;
  ASSERT_TRUE(parseTrace(toJsonText(t), "t.json", back, error)) << error;
  ASSERT_EQ(back.events.size(), 1u);
  EXPECT_EQ(back.events[0].site, 0xabcULL);
  EXPECT_EQ(back.events[0].copyKind, CopyKind::DtoH);
  EXPECT_EQ(back.events[0].endNs - back.events[0].startNs, 1500);
  EXPECT_EQ(back.events[0].stream, 7u);
  EXPECT_EQ(back.eventsDropped, 3u);
}
