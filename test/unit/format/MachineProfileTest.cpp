// The machine profile survives a write/read round trip, reports find the ratio
// of a link (or of its kind), and malformed profiles fail with one located line
// naming the file.
#include "commledger/format/MachineProfile.h"

#include <gtest/gtest.h>

using namespace commledger::format;

namespace {
LinkMeasurement link(const char *kind, int src, int dst, double ratio) {
  LinkMeasurement l;
  l.kind = kind;
  l.src = src;
  l.dst = dst;
  l.issuer = src < 0 || std::string(kind).find("read") != std::string::npos
                 ? dst
                 : src;
  l.payloadBytes = 16777216; // 16 MiB, the calibration kernels' payload
  l.repetitions = 5;
  l.metric = "nvlrx__bytes.sum";
  l.metricDevice = l.issuer;
  l.ratio = ratio;
  l.bandwidthGBps = 50.5;
  return l;
}

MachineProfile sample() {
  MachineProfile p;
  p.host = "n1";
  p.samplingIntervalNs = 20000;
  p.devices = {{0, "NVIDIA H200", "0000:19:00.0"},
               {1, "NVIDIA H200", "0000:3b:00.0"}};
  LinkMeasurement read = link("pcie_read", -1, 0, 1.0938);
  read.metric = "pcie__read_bytes.sum";
  // 16777216 x 1.0938 = 18350918 (rounded): the brief's measured 18,351,957 is
  // ratio 1.0939.
  read.wire = {{0, "pcie__read_bytes.sum", 18350918},
               {0, "pcie__write_bytes.sum", 1048576}};
  p.links = {read, link("nvlink_read", 1, 0, 1.16),
             link("nvlink_read", 0, 1, 1.20), link("nvlink_read", 2, 3, 1.30)};
  return p;
}

bool parseText(const std::string &text, MachineProfile &out,
               std::string &error) {
  return parseMachineProfile(text, "m.json", out, error);
}

std::string errorOf(const std::string &text) {
  MachineProfile p;
  std::string error;
  EXPECT_FALSE(parseText(text, p, error));
  return error;
}

const char *kHead =
    R"({"format": "commledger-machine-profile", "version": 1, "host": "n1",
  "sampling_interval_ns": 20000, "devices": [], "links": [)";
} // namespace

TEST(MachineProfile, RoundTrip) {
  MachineProfile back;
  std::string error;
  ASSERT_TRUE(parseText(toJsonText(sample()), back, error)) << error;
  EXPECT_EQ(back.host, "n1");
  EXPECT_EQ(back.samplingIntervalNs, 20000u);
  ASSERT_EQ(back.devices.size(), 2u);
  EXPECT_EQ(back.devices[1].index, 1);
  EXPECT_EQ(back.devices[1].name, "NVIDIA H200");
  EXPECT_EQ(back.devices[1].pciBusId, "0000:3b:00.0");
  ASSERT_EQ(back.links.size(), 4u);
  const LinkMeasurement &l = back.links[0];
  EXPECT_EQ(l.kind, "pcie_read");
  EXPECT_EQ(l.src, -1);
  EXPECT_EQ(l.dst, 0);
  EXPECT_EQ(l.issuer, 0);
  EXPECT_EQ(l.payloadBytes, 16777216u);
  EXPECT_EQ(l.repetitions, 5u);
  ASSERT_EQ(l.wire.size(), 2u);
  EXPECT_EQ(l.wire[1].metric, "pcie__write_bytes.sum");
  EXPECT_EQ(l.wire[0].bytes, 18350918u);
  EXPECT_EQ(l.metric, "pcie__read_bytes.sum");
  EXPECT_EQ(l.metricDevice, 0);
  EXPECT_DOUBLE_EQ(l.ratio, 1.0938);
  EXPECT_DOUBLE_EQ(l.bandwidthGBps, 50.5);
}

TEST(MachineProfile, WriterSpellsRatioForPeople) {
  // The GPU lit test matches `"ratio": 1.0938` this way.
  EXPECT_NE(toJsonText(sample()).find("\"ratio\": 1.0938"), std::string::npos);
}

TEST(MachineProfile, RatioOfExactLinkThenOfItsKind) {
  MachineProfile p = sample();
  EXPECT_DOUBLE_EQ(*ratioFor(p, "nvlink_read", 0, 1), 1.20);
  EXPECT_DOUBLE_EQ(*ratioFor(p, "nvlink_read", 1, 0), 1.16);
  // Pair 1->2 was not measured: median of the three nvlink_read ratios
  // {1.16, 1.20, 1.30}.
  EXPECT_DOUBLE_EQ(*ratioFor(p, "nvlink_read", 1, 2), 1.20);
  p.links.pop_back(); // {1.16, 1.20}: an even count takes the middle two's
                      // mean, 1.18
  EXPECT_DOUBLE_EQ(*ratioFor(p, "nvlink_read", 1, 2), 1.18);
  EXPECT_FALSE(ratioFor(p, "nvlink_write", 0, 1));
  EXPECT_EQ(findLink(p, "pcie_read", -1, 0), &p.links[0]);
  EXPECT_EQ(findLink(p, "pcie_read", 0, -1), nullptr);
}

TEST(MachineProfile, MalformedFilesFailWithOneLocatedLine) {
  EXPECT_EQ(errorOf(""),
            "commledger: m.json: empty file (was its writer interrupted?)");
  EXPECT_EQ(
      errorOf(R"({"format": "commledger-budget", "version": 1})"),
      "commledger: m.json: not a commledger-machine-profile file (format is "
      "'commledger-budget')");
  EXPECT_EQ(
      errorOf(R"({"format": "commledger-machine-profile", "version": 2})"),
      "commledger: m.json: unsupported version 2 (this build reads version 1)");
  std::string good = R"({"kind": "pcie_read", "src": -1, "dst": 0, "issuer": 0,
    "payload_bytes": 16777216, "repetitions": 5, "wire_bytes": [], "metric": "m",
    "metric_device": 0, "ratio": 1.09, "bandwidth_gbps": 50})";
  MachineProfile p;
  std::string error;
  EXPECT_TRUE(parseText(kHead + good + "]}", p, error)) << error;
  auto with = [&](const std::string &from, const std::string &to) {
    std::string link = good;
    link.replace(link.find(from), from.size(), to);
    return errorOf(kHead + link + "]}");
  };
  EXPECT_EQ(
      with("\"pcie_read\"", "\"pcie\""),
      "commledger: m.json: links[0].kind: 'pcie' is not pcie_read, pcie_write, "
      "nvlink_read or nvlink_write");
  EXPECT_EQ(with("\"ratio\": 1.09", "\"ratio\": 0"),
            "commledger: m.json: links[0].ratio: must be more than 0 (wire "
            "bytes per payload "
            "byte)");
  EXPECT_EQ(with("\"ratio\": 1.09", "\"ratio\": \"1.09\""),
            "commledger: m.json: links[0].ratio: expected a number");
  EXPECT_EQ(with("\"src\": -1", "\"src\": -2"),
            "commledger: m.json: links[0].src: -2 is neither -1 (the host) nor "
            "a GPU ordinal");
  EXPECT_EQ(with("\"issuer\": 0", "\"issuer\": -1"),
            "commledger: m.json: links[0].issuer: expected a GPU ordinal (0 or "
            "more)");
  EXPECT_EQ(with("\"payload_bytes\": 16777216", "\"payload_bytes\": 0"),
            "commledger: m.json: links[0].payload_bytes: must be more than 0");
  EXPECT_EQ(
      with("\"wire_bytes\": []", "\"wire_bytes\": [{\"device\": 0}]"),
      "commledger: m.json: links[0].wire_bytes[0]: missing field 'metric'");
  EXPECT_EQ(
      errorOf(
          R"({"format": "commledger-machine-profile", "version": 1, "host": "n1",
    "sampling_interval_ns": 1, "devices": [{"index": 0, "name": "x"}], "links": []})"),
      "commledger: m.json: devices[0]: missing field 'pci_bus_id'");
}
